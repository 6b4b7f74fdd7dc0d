"""The would-be 50/50s of the guess evaluator (native/src/lookahead/patterns.rs: the pseudo-50/50
scan and the 50/50 influence) against the Python rule they replaced, kept here as the oracle: the
patterns found cell by cell, counted by brute force over every placement on small boards, and by
the look-ahead's conditioned counts on played positions."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings

from cpsolve.board import COVERED, Board
from cpsolve.constraints import Inconsistent
from cpsolve.neighbourhood import neighbours
from cpsolve.play.guess import FINAL_THRESHOLD, Evaluator
from cpsolve.play.lookahead import CountedPosition, Lookahead
from tests.support.strategies import small_boards

#: Tiles and enablers of the would-be 50/50s anchored at a cell, as (row, column) offsets: a pair
#: across, a pair down, a 2x2 block (its first two tiles are one diagonal).
SHAPES = {
    "h": (((0, 0), (0, 1)), ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2))),
    "v": (((0, 0), (1, 0)), ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1))),
    "b": (((0, 0), (1, 1), (0, 1), (1, 0)), ((-1, -1), (-1, 2), (2, -1), (2, 2))),
}


@dataclass
class Oracle:
    """The Python rule as it was (cpsolve/play/guess.py before the move into the core)."""

    state: CountedPosition
    count: Callable[[list[int], list[int]], int]   # placements with these mines and these safes
    tally: Callable[[int], int]                     # placements with a cell a mine
    dead: Callable[[int], bool]

    def cls(self, j: int) -> int:
        """0 revealed, 1 hidden (covered, not certain to be a mine), 2 a mine."""
        v = self.state.cells[j]
        if v >= 0:
            return 0
        return 1 if v == COVERED and self.state.prob.get(j) != 1.0 else 2

    def structure(self, kind: str, i: int, limit: int) -> tuple[list[int], list[int], list[int]] | None:
        rows, cols = self.state.rows, self.state.cols
        r, c = divmod(i, cols)
        tile_at, enabler_at = SHAPES[kind]
        tiles = []
        for dr, dc in tile_at:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < cols) or self.cls(rr * cols + cc) != 1:
                return None
            tiles.append(rr * cols + cc)
        missing = []
        for dr, dc in enabler_at:
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                e = rr * cols + cc
                if self.cls(e) == 0:
                    return None
                if self.cls(e) == 1:
                    missing.append(e)
        if len(missing) > limit:
            return None
        if kind == "b":
            return tiles[:2] + missing, tiles[2:], missing
        return tiles[:1] + missing, tiles[1:], missing

    def bound(self, mines: list[int], safes: list[int]) -> float:
        prob = self.state.prob
        return min([prob.get(m, 1.0) for m in mines] + [1.0 - prob.get(c, 0.0) for c in safes])

    def pattern_count(self, mines: list[int], safes: list[int]) -> int:
        return 0 if self.bound(mines, safes) == 0.0 else self.count(mines, safes)

    def scan(self) -> tuple[list[int], dict[int, int], dict[int, int]]:
        st = self.state
        pseudos: list[int] = []
        cells: dict[int, int] = {}
        enablers: dict[int, int] = {}
        for kind, need in (("h", 1), ("v", 1), ("b", 2)):
            for i in range(st.rows * st.cols):
                got = self.structure(kind, i, 1)
                if got is None:
                    continue
                mines, safes, missing = got
                if len(missing) > 1 or len(mines) > st.remaining:
                    continue
                tiles = mines[:need] + safes
                bound = self.bound(mines, safes)
                if bound <= FINAL_THRESHOLD and all(st.prob[t] > bound + 1e-9 for t in tiles):
                    continue
                tally = self.pattern_count(mines, safes)
                if tally == 0:
                    continue
                for t in tiles:
                    if self.tally(t) == tally and not self.dead(t):
                        pseudos.append(t)
                if pseudos:
                    return pseudos, cells, enablers
                if tally / st.z > FINAL_THRESHOLD:
                    for e in missing:
                        enablers[e] = enablers.get(e, 0) + tally
                    for t in tiles:
                        cells[t] = cells.get(t, 0) + tally
        return pseudos, cells, enablers

    def influence(self, i: int, enablers: dict[int, int]) -> int:
        st = self.state
        r, c = divmod(i, st.cols)
        total = 0
        for kind, anchors in (("h", [(r, c), (r, c - 1)]), ("v", [(r, c), (r - 1, c)]),
                              ("b", [(r, c), (r, c - 1), (r - 1, c), (r - 1, c - 1)])):
            best = 0
            for rr, cc in anchors:
                if not (0 <= rr < st.rows and 0 <= cc < st.cols):
                    continue
                got = self.structure(kind, rr * st.cols + cc, 3)
                if got is None:
                    continue
                mines, safes, missing = got
                if len(missing) > 3 or len(mines) > st.remaining:
                    continue
                best = max(best, self.pattern_count(mines, safes))
            total += best
        total += enablers.get(i, 0)
        tally = self.tally(i)
        return min(total, tally, st.z - tally)


def placements(board: Board) -> list[frozenset[int]]:
    """Every mine placement of the covered cells meeting the clues and the mines left."""
    unknown = [i for i, v in enumerate(board.cells) if v == COVERED]
    marked = {i for i, v in enumerate(board.cells) if v < 0 and v != COVERED}
    assert board.mines is not None
    clues = [(i, v) for i, v in enumerate(board.cells) if v >= 0]
    out = []
    for k in range(len(unknown) + 1):
        if k + len(marked) != board.mines:
            continue
        for combo in itertools.combinations(unknown, k):
            s = frozenset(combo) | marked
            if all(sum(1 for j in neighbours(board.rows, board.cols, i) if j in s) == v for i, v in clues):
                out.append(s)
    return out


def check(ev: Evaluator, oracle: Oracle) -> int:
    """The core's scan and influence against the oracle's on one position; the patterns counted."""
    want_pseudos, want_cells, want_enablers = oracle.scan()
    ev.scan()
    assert ev.pseudo == (want_pseudos[0] if want_pseudos else None)
    if want_pseudos:
        return 1
    assert ev._infl_cells == want_cells
    assert ev._infl_enablers == want_enablers
    for i in ev.state.prob:
        assert ev.influence(i) == oracle.influence(i, want_enablers), i
    return len(want_cells) + sum(1 for i in ev.state.prob if oracle.influence(i, {}))


def _solved(board: Board) -> tuple[CountedPosition, list[frozenset[int]], Evaluator] | None:
    """A small board's counted position, its placements by brute force and its evaluator; None
    without a mine total or when the board has no placement."""
    if board.mines is None:
        return None
    try:
        state = Lookahead().solve(board)
    except Inconsistent:
        return None
    return state, placements(board), Evaluator(Lookahead(), state)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_boards(max_unknown=14, allow_wrong=False))
def test_patterns_against_brute_force(board: Board) -> None:
    """Small boards: every count the rule reads made by brute force over the placements."""
    solved = _solved(board)
    if solved is None:
        return
    state, sols, ev = solved
    assert state.z == len(sols)
    oracle = Oracle(state, lambda mines, safes: sum(1 for s in sols if s.issuperset(mines) and s.isdisjoint(safes)),
                    lambda t: sum(1 for s in sols if t in s), ev.dead)
    check(ev, oracle)


def test_patterns_on_played_positions() -> None:
    """Played positions (Expert, Beginner, a narrow 8x5 board): the counts by conditioning."""
    from cpsolve.simulate.positions import played_positions

    engine = Lookahead()
    found = pseudos = 0
    for difficulty, n in (("expert", 40), ("beginner", 60), ("8x5x12", 60)):
        for pos in played_positions(difficulty, n, seed=8):
            state = engine.solve(pos.board)

            def count(mines: list[int], safes: list[int], state: CountedPosition = state) -> int:
                hyp = engine.condition(state, mines, safes)
                return hyp.z if hyp is not None else 0

            ev = Evaluator(engine, state)
            oracle = Oracle(state, count, state.tally_of, ev.dead)
            got = check(ev, oracle)
            found += got
            pseudos += ev.pseudo is not None
    assert found >= 50
    assert pseudos >= 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_boards(max_unknown=14, allow_wrong=False))
def test_deadness_against_brute_force(board: Board) -> None:
    """A cell is dead exactly when, with no neighbour off the frontier, the placements where it is
    safe show at most one number there (the core tries the numbers until two are possible)."""
    solved = _solved(board)
    if solved is None:
        return
    state, sols, ev = solved
    outside = set(state.outside)
    for x in state.prob:
        if board.cells[x] != COVERED:
            continue
        near = list(neighbours(board.rows, board.cols, x))
        shown = {sum(1 for j in near if j in s) for s in sols if x not in s}
        want = not any(j in outside for j in near) and len(shown) <= 1
        assert ev.dead(x) == want, x
