"""One best guess everywhere (issue 41, item 1; docs/json.md): on 200 positions met by ``cpsolve
play --strategy best`` (its own play loop, recording each move it made), the library's
``Analysis.best_guess``, the CLI's JSON (``cpsolve solve --json``), the HTTP API's analysis and
``POST /api/move`` all give the cell that the player opened first (and /api/move the player's
rule). It is never a proved mine, and when proved-safe cells exist it is one of them. ``safest``
is the lowest-probability cell, checked against the per-cell results."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from cpsolve import analyze
from cpsolve.board import Board
from cpsolve.cli import main
from cpsolve.play.referee import play_game
from cpsolve.play.strategy import Move, Strategy
from cpsolve.result import Analysis
from cpsolve.web import create_app

POSITIONS = 200


@dataclass
class Seen:
    board: Board
    move: Move


class Recording(Strategy):
    """The ``best`` strategy, noting every position it was asked and the move it made."""

    seen: list[Seen]

    def choose(self, board: Board, analysis: Analysis) -> Move:
        move = super().choose(board, analysis)
        self.seen.append(Seen(board, move))
        return move


def played() -> list[Seen]:
    """Positions of seeded games as ``cpsolve play`` plays them (its referee's loop), Beginner,
    Intermediate and Expert in turn, until :data:`POSITIONS` positions with a move were met."""
    strategy = Recording()
    strategy.seen = []
    sizes = ((9, 9, 10), (16, 16, 40), (16, 30, 99))
    index = 0
    while len(strategy.seen) < POSITIONS:
        rows, cols, mines = sizes[index % 3]
        play_game(rows, cols, mines, first_click="safe", seed=41, index=index, strategy=strategy)
        index += 1
    return [s for s in strategy.seen[:POSITIONS] if s.move.cells]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def test_one_best_guess_from_every_door(client, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    positions = played()
    guesses = safe_positions = 0
    for k, s in enumerate(positions):
        text = s.board.to_text()
        want = list(s.move.cells[0])  # what cpsolve play opened first
        result = analyze(s.board)
        library = result.best_guess
        path = tmp_path / f"p{k}.txt"
        path.write_text(text)
        assert main(["solve", str(path), "--json"]) == 0
        cli = json.loads(capsys.readouterr().out)
        http = client.post("/api/analyze", json={"board": text}).json()
        move = client.post("/api/move", json={"board": text}).json()
        assert library is not None and list(library) == want, (k, text)
        assert cli["best_guess"] == want and http["best_guess"] == want, (k, text)
        assert move["cells"][0] == want and move["reason"] == s.move.reason, (k, text)
        assert want not in cli["proved_mine"]
        if cli["proved_safe"]:
            assert want in cli["proved_safe"]
            safe_positions += 1
        else:
            guesses += s.move.guess
        # the safest cell: the lowest probability among the cells that can be safe
        cells = result.cells
        pool = [c for c in cells if c.proof is not None and not c.proof.mine] or \
            [c for c in cells if not (c.proof is not None and c.proof.mine) and c.probability.sort_key() < 1]
        low = min(c.probability.sort_key() for c in pool)
        sf = cli["safest"]
        assert sf == http["safest"] and sf == list(result.safest)  # type: ignore[arg-type]
        assert result.cell(*sf).probability.sort_key() == low
    assert len(positions) >= POSITIONS - 10 and guesses >= 20 and safe_positions >= 50
