"""Proofs on generated positions: sound (every proved cell agrees with the hidden layout) and
complete (the proved cells are exactly the cells of exact probability 0 or 1), engines agreeing.

The default run covers ~2,400 positions (~300 of them again without the total) of every difficulty
with the fast engine (MiniCard), CP-SAT on a share of them; the soak (``pytest -m soak``) runs
10,000 positions through every path.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable

import pytest

from cpsolve import analyze
from cpsolve.board import Board
from cpsolve.probability import Exact
from cpsolve.proof import prove_board
from cpsolve.simulate import Position, oracle_positions, played_positions


def check_position(pos: Position, *, cpsat: bool, estimated: bool, tally: Counter) -> None:  # type: ignore[type-arg]
    board, layout = pos.board, pos.mines
    a = analyze(board, exact_limit=None, engine="sat")
    assert a.exact and a.stats.estimated_components == 0
    exact01 = {board.index(c.row, c.col): c.probability.fraction == 1 for c in a.cells
               if isinstance(c.probability, Exact) and c.probability.fraction in (0, 1)}
    proved = {board.index(c.row, c.col): c.proof.mine for c in a.cells if c.proof is not None}
    tally["positions"] += 1
    tally["forced"] += len(exact01)
    tally["proved"] += len(proved)
    tally["wrong"] += sum(1 for i, m in proved.items() if m != (i in layout))
    tally["missed"] += sum(1 for i in exact01 if i not in proved)
    tally["solver_proved"] += sum(1 for c in a.cells if c.proof is not None and c.proof.engine != "deduction")
    assert proved == exact01
    for i, m in proved.items():
        assert m == (i in layout)
    # the engines alone, from the original clues, find the same backbone
    engines = ["sat"] + (["cp-sat"] if cpsat else [])
    for engine in engines:
        r = prove_board(board, engine=engine)
        assert r.status == "ok"
        got = {c: ce.mine for c, ce in r.certainties.items()}
        assert got == exact01, engine
        tally[f"independent:{engine}"] += 1
    if estimated:
        # counting skipped: no hints, the engine decides every cell alone
        e = analyze(board, exact_limit=0, engine="sat")
        got = {board.index(c.row, c.col): c.proof.mine for c in e.cells if c.proof is not None}
        assert got == exact01
        tally["estimated_path"] += 1


def run(positions: Iterable[Position], *, cpsat_every: int, estimated_every: int,
        no_total_every: int = 8) -> Counter:  # type: ignore[type-arg]
    tally: Counter = Counter()  # type: ignore[type-arg]
    for k, pos in enumerate(positions):
        check_position(pos, cpsat=k % cpsat_every == 0, estimated=k % estimated_every == 0, tally=tally)
        if k % no_total_every == 0:
            # the same position without its mine total: proofs from the clues alone
            b = pos.board
            blind = Position(Board(b.rows, b.cols, b.cells, None), pos.mines, pos.game, pos.depth)
            check_position(blind, cpsat=False, estimated=False, tally=tally)
            tally["no_total"] += 1
    return tally


CASES = [("beginner", 700, "safe"), ("intermediate", 600, "safe"), ("expert", 500, "safe"),
         ("expert", 200, "opening")]


@pytest.mark.parametrize("difficulty,count,first_click", CASES)
def test_generated_positions(difficulty: str, count: int, first_click: str) -> None:
    tally = run(oracle_positions(difficulty, count, seed=101, first_click=first_click),
                cpsat_every=5, estimated_every=4)
    assert tally["positions"] == count + tally["no_total"] and tally["no_total"] >= count // 8
    assert tally["wrong"] == 0 and tally["missed"] == 0
    assert tally["proved"] > count  # the checks had something to check
    assert tally["independent:cp-sat"] >= count // 5 and tally["estimated_path"] >= count // 4


def test_played_positions() -> None:
    """Positions met in real play (a player revealing proved-safe cells, else guessing)."""
    tally = run(played_positions("expert", 400, seed=9), cpsat_every=5, estimated_every=5)
    assert tally["positions"] == 400 + tally["no_total"] and tally["wrong"] == 0 and tally["missed"] == 0
    assert tally["solver_proved"] + tally["proved"] > 0


@pytest.mark.soak
def test_soak_ten_thousand() -> None:
    """10,000 positions of every difficulty, every path (both engines alone, the analysis, the
    estimated path): 0 wrong certainties and 0 missed forced cells. Prints its figures."""
    t0 = time.perf_counter()
    total: Counter = Counter()  # type: ignore[type-arg]
    plan = [("beginner", 2500, "safe"), ("intermediate", 2500, "safe"), ("expert", 2500, "safe"),
            ("expert", 1000, "opening"), ("16x30x170", 500, "safe")]
    for difficulty, count, first_click in plan:
        total += run(oracle_positions(difficulty, count, seed=2026, first_click=first_click),
                     cpsat_every=1, estimated_every=1, no_total_every=4)
    total += run(played_positions("expert", 1000, seed=2026), cpsat_every=1, estimated_every=1,
                 no_total_every=4)
    print(f"\nsoak: {dict(total)} in {time.perf_counter() - t0:.0f} s")
    assert total["positions"] - total["no_total"] >= 10_000
    assert total["wrong"] == 0 and total["missed"] == 0
