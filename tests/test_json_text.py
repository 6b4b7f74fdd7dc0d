"""``Analysis.to_json_text()`` (what ``cpsolve solve --json`` prints) is exactly
``json.dumps(analysis.to_json())``, on every path, although it builds no per-cell objects."""

from __future__ import annotations

import json

import pytest

from cpsolve import analyze, parse_board
from cpsolve.board import load
from cpsolve.simulate.positions import midgame_positions, oracle_positions

PATHS = [{}, {"prove": False}, {"trust_flags": False}, {"exact_limit": 3}]


def _boards():  # type: ignore[no-untyped-def]
    yield load("examples/headline.txt")
    yield load("examples/expert-midgame.txt")
    yield parse_board(". F 2 .\n. 3 . .\n. . 1 .\n")  # no total: independent density, a flag
    yield parse_board("mines: 3\n* 2 . .\n. . . .\n")  # a known mine
    yield from (p.board for p in oracle_positions("expert", 25, seed=4))
    yield from (p.board for p in midgame_positions((120, 100, 1800), 1, seed=2))  # gc paused: >= 10,000 cells


@pytest.mark.parametrize("options", PATHS, ids=lambda o: ",".join(o) or "default")
def test_json_text_is_json_dumps_of_to_json(options: dict) -> None:  # type: ignore[type-arg]
    estimated = 0
    for board in _boards():
        fast, reference = analyze(board, **options), analyze(board, **options)
        text = fast.to_json_text()
        assert fast._cells is None  # the fast path ran: no CellResult was built
        assert text == json.dumps(reference.to_json())
        estimated += not reference.exact
        assert fast.to_json_text() == text  # and again, now from the cells if they were built
    if options.get("exact_limit"):
        assert estimated  # the estimated path was compared too
