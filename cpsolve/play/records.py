"""Game records as JSON lines: written as games finish, read back to resume an interrupted run.

Every line carries ``run``, a hash of the settings that decide the games (board, seed, first click
and cell, strategy and analysis options), so a run is never resumed from another run's games, and
``seed``, the game's own seed, checked against (run seed, index). A line cut short by an interrupted
write is ignored (that game is played again). Lines are in game order. The times per
position are not stored (a 10-million-game file would hold a billion of them), so the time quantiles
of a resumed run cover the games played in its last session.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import IO, Any

from ..errors import CpsolveError
from .referee import GameRecord, game_seed


class RecordsError(CpsolveError):
    """A records file that cannot be resumed from (another run's games, or not records at all)."""


def run_id(settings: dict[str, Any]) -> str:
    """A short hash of the settings that decide which games are played and how."""
    text = json.dumps(settings, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_json(rec: GameRecord, run: str) -> dict[str, Any]:
    return {"run": run, "index": rec.index, "seed": rec.seed, "won": rec.won, "positions": rec.positions,
            "guesses": rec.guesses, "revealed": rec.revealed, "safe_cells": rec.safe_cells,
            "certainties": rec.certainties, "wrong_certainties": rec.wrong_certainties,
            "wrong_exact": rec.wrong_exact, "errors": rec.errors,
            "estimated_positions": rec.estimated_positions, "moves": rec.moves,
            "loss_reason": rec.loss_reason, "loss_risk": rec.loss_risk, "loss_stage": rec.loss_stage,
            "strategy_ms": round(rec.strategy_ms, 3), "cpu_ms": round(rec.cpu_ms, 3),
            "wrong": rec.wrong, "error_messages": rec.error_messages}


def from_json(doc: dict[str, Any]) -> GameRecord:
    return GameRecord(
        index=doc["index"], seed=doc["seed"], won=doc["won"], positions=doc["positions"],
        estimated_positions=doc["estimated_positions"], certainties=doc["certainties"],
        wrong_certainties=doc["wrong_certainties"], wrong_exact=doc.get("wrong_exact", 0),
        errors=doc.get("errors", 0), guesses=doc["guesses"], revealed=doc["revealed"],
        safe_cells=doc["safe_cells"], strategy_ms=doc.get("strategy_ms", 0.0),
        cpu_ms=doc.get("cpu_ms", 0.0),
        loss_reason=doc.get("loss_reason", ""), loss_risk=doc.get("loss_risk", 0.0),
        loss_stage=doc.get("loss_stage", 0.0), wrong=list(doc.get("wrong", [])),
        error_messages=list(doc.get("error_messages", [])), moves=dict(doc.get("moves", {})))


def load(path: str, run: str, seed: int) -> list[GameRecord]:
    """The finished games of run ``run`` in ``path``, in game order (none if there is no file).

    Raises RecordsError if a complete line is not a record or belongs to another run.
    """
    if not os.path.exists(path):
        return []
    found: dict[int, GameRecord] = {}
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):  # the last line, cut short by an interrupted write
                continue
            raise RecordsError(f"{path}:{n}: not a JSON game record") from None
        if not isinstance(doc, dict) or "index" not in doc:
            raise RecordsError(f"{path}:{n}: not a game record")
        if doc.get("run") != run:
            raise RecordsError(f"{path}:{n}: a game of another run (other settings); "
                               "resume with the same settings or use another --records file")
        index = doc["index"]
        if doc["seed"] != game_seed(seed, index):
            raise RecordsError(f"{path}:{n}: game {index} was not seeded from --seed {seed}")
        found[index] = from_json(doc)
    return [found[i] for i in sorted(found)]


def write_sorted(path: str, records: list[GameRecord], run: str) -> None:
    """Replace ``path`` by the records in game order (atomically: a temporary file renamed)."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        for r in sorted(records, key=lambda r: r.index):
            fh.write(json.dumps(to_json(r, run)) + "\n")
    os.replace(tmp, path)


class Writer:
    """Appends the records of a run of ``games`` games to ``path`` one line per game, in game order
    whatever order the games finish in, flushed after each: an interrupted run leaves whole lines of
    finished games.

    ``found``: the records of the run already in the file (they are written back first, in order and
    without a line cut short by an interruption: a temporary file renamed, so nothing is lost if
    this is interrupted too); ``done`` are those within the run's ``games``, not played again.
    Raises OSError when the file cannot be written (before any game is played).
    """

    def __init__(self, path: str, found: list[GameRecord], run: str, games: int) -> None:
        self.run = run
        self.done = [r for r in found if r.index < games]  # those beyond ``games`` stay in the file
        have = {r.index for r in self.done}
        if found:
            write_sorted(path, found, run)
        self.fh: IO[str] = open(path, "a" if found else "w", encoding="utf-8")  # noqa: SIM115 - close()
        self.order = (i for i in range(games) if i not in have)
        self.expect = next(self.order, -1)
        self.pending: dict[int, GameRecord] = {}

    def add(self, rec: GameRecord) -> None:
        self.pending[rec.index] = rec
        while self.expect in self.pending:
            self.fh.write(json.dumps(to_json(self.pending.pop(self.expect), self.run)) + "\n")
            self.expect = next(self.order, -1)
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()
