"""The core's endgame search against the Python search it replaces: the same placements in the same
order, the same move, value, node count and first moves evaluated, whole and cut short by budgets.
(Kept only until the Python search is removed.)"""

from __future__ import annotations

from fractions import Fraction

from cpsolve.constraints import Inconsistent
from cpsolve.play import endgame
from cpsolve.play.lookahead import Lookahead
from cpsolve.simulate import oracle_positions


def _python(state, placements, budget):  # type: ignore[no-untyped-def]
    search = endgame._PythonSearch(state, placements, budget)
    try:
        got = search.best_move()
    except endgame.SearchBudgetExceeded:
        got = "over"
    first = {search.live[k]: (Fraction(w, search.n), done) for k, (w, done) in search.first.items()}
    return got, search.nodes, first


def _native(state, placements, budget):  # type: ignore[no-untyped-def]
    search = endgame.EndgameSearch(state, placements, budget)
    try:
        got = search.best_move()
    except endgame.SearchBudgetExceeded:
        got = "over"
    return got, search.nodes, search.first


def test_native_search_is_the_python_search() -> None:
    engine = Lookahead()
    compared = cut = moves = 0
    nodes = 0
    for spec, seed in (("5x4x5", 1), ("6x5x7", 2), ("8x8x10", 3), ("9x9x10", 4), ("16x8x20", 5)):
        for pos in oracle_positions(spec, 300, seed=seed, per_game=4):
            try:
                state = engine.solve(pos.board)
            except Inconsistent:
                continue
            if not 2 <= state.z <= 600:
                continue
            listed = endgame._python_placements(state, 600)
            assert listed is not None
            assert endgame.enumerate_placements(state, 600) == listed  # the same placements, same order
            py = _python(state, listed, 10**7)
            assert _native(state, listed, 10**7) == py
            via_position = endgame.endgame_move(state, 600, 10**7)
            assert via_position == (py[0] if py[0] != "over" else None)
            compared += 1
            moves += py[0] is not None
            nodes += py[1]
            for budget in (py[1] // 3, py[1] // 2, py[1] - 1):
                if budget <= 0:
                    continue
                got = _python(state, listed, budget)
                assert _native(state, listed, budget) == got
                cut += got[0] == "over"
    print(f"compared {compared} positions ({moves} with a move, {nodes} nodes), {cut} budget cuts")
    assert compared >= 500 and moves >= 300 and cut >= 300
