"""The guess evaluator (cpsolve/play/guess.py) against brute force and exact game-tree search."""

from __future__ import annotations

import pytest

from cpsolve.board import COVERED
from cpsolve.neighbourhood import neighbours
from cpsolve.options import AnalysisOptions
from cpsolve.play import RunConfig, run
from cpsolve.play.guess import BLEND, PROGRESS, Evaluator, isolated_move, pseudo_fifty_fifty
from cpsolve.play.lookahead import Lookahead
from cpsolve.simulate import oracle_positions
from tests.integration.test_play import assert_optimal_first_move, brute_force
from tests.unit.test_guess_patterns import Oracle


def test_pseudo_fifty_fifties_are_optimal_first_moves() -> None:
    """Whenever the evaluator finds a pseudo-50/50 (2-cell or 2x2), opening it first is optimal."""
    engine = Lookahead()
    found = boxes = 0
    positions = [*oracle_positions("4x5x8", 100, seed=31, per_game=6),
                 *oracle_positions("4x4x7", 120, seed=31, per_game=6)]
    for pos in positions:
        state = engine.solve(pos.board)
        if not any(0 < p < 1 for p in state.prob.values()) or state.z > 20000:
            continue
        ev = Evaluator(engine, state)
        x = pseudo_fifty_fifty(ev)
        if x is None:
            continue
        assert_optimal_first_move(state, x, 20000)
        assert 0 < state.prob[x] < 1
        found += 1
        cols = pos.board.cols
        oracle = Oracle(state, lambda m, s: 0, state.tally_of, ev.dead)
        for a in (x, x - 1, x - cols, x - cols - 1):  # x a tile of a 2x2 pattern?
            got = oracle.structure("b", a, 1) if a >= 0 else None
            if got and x in got[0][:2] + got[1]:
                boxes += 1
                break
    assert found >= 5
    assert boxes >= 1


def test_isolated_area_moves_are_optimal() -> None:
    """The move in an isolated area is an optimal move of the whole position."""
    engine = Lookahead()
    found = 0
    positions = [*oracle_positions("6x5x8", 200, seed=41, per_game=6),
                 *oracle_positions("7x4x8", 200, seed=42, per_game=6)]
    for pos in positions:
        state = engine.solve(pos.board)
        if state.z > 20000:
            continue
        x = isolated_move(state, 400, 10**6)
        if x is None:
            continue
        assert_optimal_first_move(state, x, 20000)
        found += 1
    assert found >= 5


def oracle_weight(board, x: int, ev: Evaluator) -> float:  # type: ignore[no-untyped-def]
    """The secondary-safety weight of ``x`` (no influence) from the list of all placements."""
    sols = brute_force(board)
    rows, cols, cells = board.rows, board.cols, board.cells
    unknown = [i for i, v in enumerate(cells) if v == COVERED]
    safe_l = [s for s in sols if x not in s]
    by_v: dict[int, list[frozenset[int]]] = {}
    for s in safe_l:
        by_v.setdefault(sum(1 for j in neighbours(rows, cols, x) if j in s), []).append(s)
    others = [i for i in unknown if i != x]

    def safe_in(ls: list[frozenset[int]]) -> set[int]:
        return {i for i in others if all(i not in s for s in ls)}

    common = safe_in(safe_l)
    # a group of several cells (same revealed neighbours) safe whenever x is: scored by safety
    seen: dict[frozenset[int], list[int]] = {}
    for i in others:
        seen.setdefault(frozenset(j for j in neighbours(rows, cols, i) if cells[j] >= 0), []).append(i)
    safety = len(safe_l) / len(sols)
    x_key = frozenset(j for j in neighbours(rows, cols, x) if cells[j] >= 0)
    for key, group in seen.items():
        if key and len(group) > 1 and set(group) <= common and key != x_key:
            return safety * (1 + PROGRESS * safety)
    weight = progress = 0.0
    for ls in by_v.values():
        p = len(ls) / len(sols)
        revealed = {j for j in range(rows * cols) if cells[j] >= 0} | {x}
        off = [i for i in others if not any(j in revealed for j in neighbours(rows, cols, i))]
        safeties = {i: sum(1 for s in ls if i not in s) / len(ls) for i in others}
        s1 = s2 = (safeties[off[0]] if off else 0.0)
        for i in sorted((i for i in others if i not in off and safeties[i] > 0), key=lambda i: -safeties[i]):
            if ev.dead(i):
                continue
            if safeties[i] > s1:
                s1, s2 = safeties[i], s1
            elif safeties[i] > s2:
                s2 = safeties[i]
        weight += p * (BLEND[0] * s1 + BLEND[1] * s2) / sum(BLEND)
        if len(safe_in(ls)) > len(common):
            progress += p
    return weight * (1 + PROGRESS * progress)


def test_secondary_weight_matches_brute_force() -> None:
    engine = Lookahead()
    checked = 0
    for pos in oracle_positions("5x4x4", 100, seed=51, per_game=3):
        board = pos.board
        state = engine.solve(board)
        if any(v < COVERED for v in board.cells) or any(p == 0 for p in state.prob.values()):
            continue  # guess positions only (nothing safe)
        ev = Evaluator(engine, state, influence_scale=0.0)
        for x in [i for i, p in state.prob.items() if 0 < p < 1][:4]:
            got = ev.evaluate(x, None)
            assert got is not None
            assert got.weight == pytest.approx(oracle_weight(board, x, ev), abs=1e-9)
            checked += 1
    assert checked >= 20


def test_best_strategy_takes_the_evaluator_paths() -> None:
    cfg = RunConfig(16, 16, 40, 6, seed=5, first_click="safe", difficulty="intermediate",
                    analysis_options=AnalysisOptions(prove=False),
                    strategy_options={"name": "best", "secondary": True})
    summary, _ = run(cfg)
    assert summary["moves"].get("secondary", 0) > 0
    off, _ = run(RunConfig(16, 16, 40, 6, seed=5, first_click="safe", difficulty="intermediate",
                           analysis_options=AnalysisOptions(prove=False),
                           strategy_options={"name": "best", "secondary": False, "isolated": 0}))
    assert not {"secondary", "pseudo", "isolated"} & set(off["moves"])


def test_exact_tallies_equal_conditioned_counts():
    """CountedPosition.tally (mine placements per cell, off the exact marginals) equals the count of
    the position conditioned on the cell being a mine, which the evaluator used to build."""
    from cpsolve.simulate.positions import played_positions

    engine = Lookahead()
    checked = 0
    for pos in played_positions("intermediate", 30, seed=4):
        state = engine.solve(pos.board)
        for i in list(state.prob)[:30]:
            hyp = engine.condition(state, [i], [])
            assert state.tally[i] == (hyp.z if hyp is not None else 0)
            checked += 1
    assert checked > 300
