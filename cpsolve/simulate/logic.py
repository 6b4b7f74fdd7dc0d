"""The logic level of a no-guess layout: the hardest deduction its proved solution needs.

The scale (:data:`LEVELS` of :mod:`.levels`, easiest first; docs/layouts.md has an example board for each):

- ``single``: one number settles a cell on its own (its mines are all found, so its other covered
  neighbours are safe; or it needs as many mines as it has covered neighbours);
- ``pair``: two numbers that share covered neighbours settle a cell together (the "1-2" and "1-1"
  patterns), and no single number does;
- ``chain``: three or more numbers are needed: the cell is forced by the clues of its frontier
  (its whole component, proved by :mod:`cpsolve.proof` on the board without the mine total), and
  no pair of numbers forces it;
- ``total``: the clues alone force nothing, the mine total does (the proof subsystem's
  certainties with the total).

:func:`classify` plays a layout from its first click: at each step it takes every move of the
lowest level that has one (a safe cell is revealed with the opening it starts, a mine is marked),
and goes up a level only when nothing below is provable. The layout's level is the highest level
any step needed; ``moves`` counts the cells proved at each level (each cell proved at a step counts,
even when an opening that another move of the step started reveals it first, so the counts do not
depend on the order of the moves). The single and pair rules are
read straight off two clues, so they hold for every placement that meets those clues; the chain
and total levels take the proof subsystem's certainties (:func:`cpsolve.analyze`). Every move is
checked against the layout (a contradiction raises ``AssertionError``: never hidden). A layout
that no level finishes needs a guess (``won`` False, ``level`` None).
"""

from __future__ import annotations

__all__ = ["LEVELS", "RANK", "Classified", "LevelGenerated", "LogicRange", "LogicRangeError", "classify",
           "generate_level", "pair_moves", "parse_range", "single_moves"]

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..analysis import analyze
from ..board import COVERED, MINE, Board
from ..layout import Layout
from ..neighbourhood import neighbour_counts, neighbours
from ..words import plural
from .levels import LEVELS, RANK, LogicRange, LogicRangeError, parse_range
from .noguess import GENERATE_TIME_LIMIT, Generated, GenerationFailed, check_first_click, generate


@dataclass
class Classified:
    """The outcome of :func:`classify`."""

    won: bool
    level: str | None                       # the hardest level needed (None: a guess is needed)
    moves: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))  # cells settled
    steps: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))  # steps at each level
    cut_short: bool = False                 # an analysis ran out of time: the level may be too high
    above: bool = False                     # stopped past classify's ``up_to`` (level None)

    def to_json(self) -> dict[str, Any]:
        # logic_sure False: an analysis was cut short, so a step may be put a level too high
        return {"logic": self.level, "logic_moves": dict(self.moves), "logic_steps": dict(self.steps),
                "logic_sure": not self.cut_short}


class _Play:
    """The referee's layout and the player's view (codes of :mod:`cpsolve.board`)."""

    def __init__(self, layout: Layout) -> None:
        self.rows, self.cols = layout.rows, layout.cols
        n = self.rows * self.cols
        self.nb = [neighbours(self.rows, self.cols, i) for i in range(n)]
        self.mine = [i in layout.mines for i in range(n)]
        self.num = list(neighbour_counts(self.rows, self.cols, bytes(self.mine)))
        self.total = layout.mine_count
        self.view = [COVERED] * n
        self.covered_safe = n - self.total
        self.active: set[int] = set()   # revealed numbers that may still have a covered neighbour

    def open(self, start: int) -> None:
        stack = [start]
        while stack:
            i = stack.pop()
            if self.view[i] != COVERED:
                continue
            if self.mine[i]:
                raise AssertionError(f"cell {divmod(i, self.cols)} was taken as safe but is a mine")
            self.view[i] = self.num[i]
            self.covered_safe -= 1
            if self.num[i]:
                self.active.add(i)
            else:
                stack.extend(j for j in self.nb[i] if self.view[j] == COVERED)

    def apply(self, moves: dict[int, bool]) -> None:
        """Reveal or mark each cell of ``moves`` (cell -> mine; covered cells), checked against the
        layout."""
        for i, mine in moves.items():
            if mine != self.mine[i]:
                what = "a mine" if mine else "safe"
                raise AssertionError(f"cell {divmod(i, self.cols)} was taken as {what} but the layout says otherwise")
            if self.view[i] != COVERED:
                continue  # revealed by an opening another move of this step started
            if mine:
                self.view[i] = MINE
            else:
                self.open(i)

    def clues(self) -> list[tuple[int, frozenset[int]]]:
        """Every revealed number with a covered neighbour: (mines still needed, covered neighbours),
        in the order of the cells."""
        out = []
        view = self.view
        done = []
        for i in sorted(self.active):
            cov = frozenset(j for j in self.nb[i] if view[j] == COVERED)
            if cov:
                out.append((view[i] - sum(1 for j in self.nb[i] if view[j] == MINE), cov))
            else:
                done.append(i)
        self.active.difference_update(done)
        return out

    def board(self, total: bool) -> Board:
        return Board(self.rows, self.cols, tuple(self.view), self.total if total else None, "<logic>")


def single_moves(clues: list[tuple[int, frozenset[int]]]) -> dict[int, bool]:
    """Cells one clue settles: all its mines found (the rest safe), or as many needed as covered."""
    moves: dict[int, bool] = {}
    for need, cov in clues:
        if need == 0 or need == len(cov):
            for j in cov:
                moves[j] = need > 0
    return moves


def pair_moves(clues: list[tuple[int, frozenset[int]]]) -> dict[int, bool]:
    """Cells two clues with a shared covered neighbour settle together.

    With ``A`` the cells of the first clue only, ``B`` the second's only and ``S`` the shared ones,
    ``s`` mines in ``S`` leave ``na - s`` in ``A`` and ``nb - s`` in ``B``; every ``s`` that fits all
    three is possible (cells within a part are interchangeable). A part is all mines (all safe) when
    its count is its size (zero) for every possible ``s``.
    """
    by_cell: dict[int, list[int]] = {}
    for k, (_, cov) in enumerate(clues):
        for j in cov:
            by_cell.setdefault(j, []).append(k)
    moves: dict[int, bool] = {}
    seen: set[tuple[int, int]] = set()
    for ks in by_cell.values():
        for x in ks:
            for y in ks:
                if x >= y or (x, y) in seen:
                    continue
                seen.add((x, y))
                (na, ca), (nb, cb) = clues[x], clues[y]
                shared = ca & cb
                a_only, b_only = ca - shared, cb - shared
                lo = max(0, na - len(a_only), nb - len(b_only))
                hi = min(len(shared), na, nb)
                if lo > hi:
                    raise AssertionError("two clues with no placement: the view contradicts its layout")
                for part, most, least in ((shared, hi, lo), (a_only, na - lo, na - hi), (b_only, nb - lo, nb - hi)):
                    if part and least == len(part):
                        moves.update(dict.fromkeys(part, True))
                    elif part and most == 0:
                        moves.update(dict.fromkeys(part, False))
    return moves


def _proved(board: Board, time_limit: float | None) -> tuple[dict[int, bool], bool]:
    """The proof subsystem's certainties of ``board`` (cell index -> mine), and whether the analysis
    was cut short by its time limit."""
    a = analyze(board, time_limit=time_limit)
    cols = board.cols
    moves = {c.row * cols + c.col: c.proof.mine for c in a.cells if c.proof is not None}
    return moves, bool(a.stats.budget)


def _level_moves(p: _Play, clues: list[tuple[int, frozenset[int]]], rank: int, time_limit: float | None
                 ) -> tuple[dict[int, bool], bool]:
    """The cells the level ``rank`` settles in ``p``'s position, and whether an analysis was cut short."""
    if rank == 0:
        return single_moves(clues), False
    if rank == 1:
        return pair_moves(clues), False
    return _proved(p.board(total=rank == 3), time_limit)


def classify(layout: Layout, first_cell: tuple[int, int], *, first_click: str = "safe",
             time_limit: float | None = 10.0, up_to: int | None = None) -> Classified:
    """The logic level of ``layout`` played from ``first_cell`` (module docstring). ``time_limit``:
    seconds for each analysis of the chain and total levels. ``up_to`` (a rank of :data:`LEVELS`):
    stop at the first step that nothing up to that level settles (``above`` True, ``level`` None:
    the layout is harder than ``LEVELS[up_to]``, or needs a guess)."""
    check_first_click(layout, first_cell, first_click)
    p = _Play(layout)
    p.open(first_cell[0] * p.cols + first_cell[1])
    out = Classified(False, None)
    hardest = -1
    while p.covered_safe:
        clues = p.clues()
        moves: dict[int, bool] = {}
        for rank in range(len(LEVELS)):  # the lowest level that settles a cell
            if up_to is not None and rank > up_to:
                out.above = True
                return out
            moves, cut = _level_moves(p, clues, rank, time_limit)
            out.cut_short |= cut
            if moves:
                break
        if not moves:
            return out
        p.apply(moves)
        name = LEVELS[rank]
        out.moves[name] += len(moves)
        out.steps[name] += 1
        hardest = max(hardest, rank)
    out.won = True
    out.level = LEVELS[max(hardest, 0)]
    return out


@dataclass
class LevelGenerated:
    """A no-guess layout in the asked range: the layout, its classification, the no-guess layouts
    made to find it (``tried``, this one included) and the whole request's time."""

    generated: Generated
    logic: Classified
    tried: int
    ms: float


def generate_level(rows: int, cols: int, mines: int, *, first_cell: tuple[int, int], first_click: str = "safe",
                   rng: random.Random, logic: LogicRange, method: str = "repair",
                   time_limit: float | None = GENERATE_TIME_LIMIT) -> LevelGenerated:
    """A no-guess layout whose level is in ``logic``: no-guess layouts are made (:func:`generate`, from
    ``rng`` in turn, so the answer is deterministic given ``rng`` unless the time limit cuts it) and
    classified until one is in range. ``time_limit`` bounds the whole request; past it
    :class:`GenerationFailed` says how many layouts of each level were made. A layout whose
    classification an analysis' time limit cut short is not taken (its level is not sure)."""
    t0 = time.perf_counter()
    seen = dict.fromkeys(LEVELS, 0)
    unsure = tried = above = 0

    def left() -> float | None:
        return None if time_limit is None else time_limit - (time.perf_counter() - t0)

    while True:
        remaining = left()
        if remaining is not None and remaining <= 0:
            break
        try:
            g = generate(rows, cols, mines, first_cell=first_cell, first_click=first_click, rng=rng,
                         method=method, time_limit=remaining)
        except GenerationFailed:
            if not tried:
                raise
            break
        tried += 1
        remaining = left()
        c = classify(g.layout, first_cell, first_click=first_click, up_to=logic.high,
                     time_limit=10.0 if remaining is None else max(0.05, min(10.0, remaining)))
        if c.above:
            above += 1
            continue
        if c.cut_short or c.level is None:
            unsure += 1
            continue
        seen[c.level] += 1
        if c.level in logic:
            return LevelGenerated(g, c, tried, (time.perf_counter() - t0) * 1e3)
    counts = ", ".join(f"{name} {seen[name]}" for name in LEVELS[:logic.high + 1])
    if logic.high < len(LEVELS) - 1:
        counts += f", harder than {LEVELS[logic.high]} {above} (their play stopped there)"
    limit = "no time limit" if time_limit is None else f"--time-limit {time_limit:g} s"
    extra = f", {unsure} left unsure by an analysis' time limit" if unsure else ""
    raise GenerationFailed(
        f"no no-guess layout of {cols}x{rows} with {plural(mines, 'mine')} and {logic.words()} (--logic {logic}) "
        f"found within {limit}: {plural(tried, 'no-guess layout')} made, by hardest step: {counts}{extra}")
