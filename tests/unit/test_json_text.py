"""``Analysis.to_json_text()`` (what ``cpsolve solve --json`` prints, written by the core from one
text per distinct cell entry) is exactly ``json.dumps`` of the document built plainly from the
per-cell results (``CellResult.to_json`` per cell, the proved lists and the safest cell read off
them, the best guess the strongest player's move), on every path, although it builds no per-cell
objects; ``to_json()`` is that document and ``write_json`` writes the same bytes to a file descriptor."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cpsolve import analyze, parse_board
from cpsolve.board import COVERED, FLAG, load
from cpsolve.play.strategy import Strategy
from cpsolve.result import Analysis, safest_cell
from cpsolve.simulate.positions import midgame_positions, oracle_positions

PATHS = [{}, {"prove": False}, {"trust_flags": False}, {"exact_limit": 3}]


def _boards():  # type: ignore[no-untyped-def]
    yield load("examples/headline.txt")
    yield load("examples/expert-midgame.txt")
    yield parse_board(". F 2 .\n. 3 . .\n. . 1 .\n")  # no total: independent density, a flag
    yield parse_board("mines: 3\n* 2 . .\n. . . .\n")  # a known mine
    yield from (p.board for p in oracle_positions("expert", 25, seed=4))
    yield from (p.board for p in midgame_positions((120, 100, 1800), 1, seed=2))  # gc paused: >= 10,000 cells


def plain_document(a: Analysis) -> dict:  # type: ignore[type-arg]
    """The document of docs/json.md from the per-cell results, key by key (the oracle)."""
    cells = a.cells
    sf = safest_cell(cells, a.board)
    board = a.board
    assert board is not None
    if not a.trust_flags and board.flags:  # the player sees untrusted flags as covered cells
        board = replace(board, cells=tuple(COVERED if v == FLAG else v for v in board.cells))
    if all(v == COVERED for v in board.cells) and (board.mines is None or board.mines < len(board.cells)):
        bg: tuple[int, int] | None = (0, 0)  # nothing revealed: the first click of the "safe" rule
    else:
        move = Strategy().choose(board, a)  # the strongest player's move, its first cell
        bg = move.cells[0] if move.cells else None
    return {"rows": a.rows, "cols": a.cols, "mines": a.mines, "remaining": a.remaining, "status": "ok",
            "exact": a.exact, "prior": a.prior, "cells": [c.to_json() for c in cells],
            "proved_safe": [[c.row, c.col] for c in cells if c.proof is not None and not c.proof.mine],
            "proved_mine": [[c.row, c.col] for c in cells if c.proof is not None and c.proof.mine],
            "best_guess": list(bg) if bg is not None else None, "safest": list(sf) if sf is not None else None,
            "budget": {"cut_short": list(a.stats.budget), "undecided": len(a.stats.undecided_cells)}}


@pytest.mark.parametrize("options", PATHS, ids=lambda o: ",".join(o) or "default")
def test_json_text_is_json_dumps_of_to_json(options: dict) -> None:  # type: ignore[type-arg]
    estimated = 0
    for board in _boards():
        fast, reference = analyze(board, **options), analyze(board, **options)
        text = fast.to_json_text()
        # the fast path ran: no CellResult was built (but for the best guess's lowest-probability
        # fallback with flags not trusted, read over the board with its flags as covered cells)
        assert fast._cells is None or (not fast.trust_flags and board.flags)
        assert text == json.dumps(plain_document(reference))
        estimated += not reference.exact
        assert fast.to_json() == json.loads(text)
        assert reference.to_json_text() == text  # and from the cells, now that they were built
    if options.get("exact_limit"):
        assert estimated  # the estimated path was compared too


def test_write_json_writes_the_same_bytes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a = analyze(load("examples/expert-midgame.txt"))
    path = tmp_path / "doc.json"
    with open(path, "wb") as fh:
        fh.write(b"x")
        fh.flush()
        a.write_json(fh.fileno())
    assert path.read_bytes() == b"x" + a.to_json_text().encode()
