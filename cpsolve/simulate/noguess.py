"""No-guess play and generation: a layout won from its first click by proved moves alone.

:func:`play_proved` plays a :class:`~cpsolve.layout.Layout` the way ``cpsolve verify-ng`` does: at
every step the position is analysed, every cell the proof subsystem proves safe (from the clues and
the mine total) is revealed, every proved mine is marked, and play goes on until the board is won or
nothing is proved safe. The player sees the layout only through the referee's reveals. Knowledge only
grows as cells are revealed, so whether the game is won does not depend on the order of the proved
moves: one run settles it.

:func:`generate` makes no-guess layouts by *repair* (Simon Tatham's Mines, "ensure solubility"):
lay the mines at random, play by proofs, and where proofs run out pick a revealed clue with covered
neighbours and move mines so those neighbours are all safe or all mines (whichever moves fewer),
taking or putting the moved mines in covered cells away from the revealed area where possible (so
fewer revealed numbers change), then play on. A repaired layout is replayed from its first click,
and only a replay won by proofs is accepted; rejection sampling would need thousands of random
Expert layouts per accepted one.

Certainties come only from :mod:`cpsolve.proof`: through :func:`cpsolve.analyze`, or, on the quick
path of generation, first the proof subsystem's single-clue certainties and certified deductions
of the simplified model (:mod:`cpsolve.proof.local`), the full analysis when those prove nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..analysis import analyze
from ..board import COVERED, MINE, Board, neighbour_table, neighbours
from ..constraints import build_model
from ..errors import CpsolveError
from ..layout import Layout, LayoutError
from ..probability import Exact
from ..proof import Certainty
from ..proof.local import clue_certainties, clue_need, model_deductions, pair_forced
from ..result import Analysis

FIRST_CLICKS = ("safe", "opening")
#: Fresh random layouts before generation gives up (Expert needs about 0.01 per layout).
MAX_RESTARTS = 100


class GenerationFailed(CpsolveError, ValueError):
    """Repair found no no-guess layout within its budget."""


#: Replays of one repaired layout before starting from a fresh random one (a guard: rarely reached).
_MAX_REPLAYS = 20


@dataclass
class Step:
    """One analysis of the play: the cells it proved and the cells revealed as a result."""

    proved_safe: int
    proved_mine: int
    uses_total: int          # certainties of this step that needed the mine total
    revealed: int            # cells opened (the proved-safe cells and the openings they start)

    def to_json(self) -> dict[str, Any]:
        return {"proved": self.proved_safe + self.proved_mine, "proved_safe": self.proved_safe,
                "proved_mine": self.proved_mine, "total_needed": self.uses_total > 0,
                "uses_total": self.uses_total, "revealed": self.revealed}


@dataclass
class ProvedPlay:
    """The outcome of :func:`play_proved`: won, or the position where proofs ran out."""

    won: bool
    steps: list[Step]
    board: Board                        # the final position (won) or the one where proofs ran out
    analysis: Analysis | None = None    # the analysis of that position when not won
    unrevealed_zero: list[tuple[int, int]] = field(default_factory=list)  # cross-check failures

    @property
    def total_needed(self) -> bool:
        return any(s.uses_total for s in self.steps)


Prover = Callable[[Board], tuple[list[Certainty], Analysis | None]]


def prove_full(board: Board) -> tuple[list[Certainty], Analysis]:
    """Every certainty of the position, from the full analysis (counts nominate, the proof subsystem decides)."""
    analysis = analyze(board)
    return [c.proof for c in analysis.cells if c.proof is not None], analysis


class _Table:
    """The referee's side: the layout as a mine array and numbers, and the revealed view."""

    def __init__(self, layout: Layout) -> None:
        self.rows, self.cols = layout.rows, layout.cols
        n = self.rows * self.cols
        self.mine = bytearray(n)
        for i in layout.mines:
            self.mine[i] = 1
        self.mines = layout.mine_count
        self.num = [0] * n
        for i in range(n):
            if self.mine[i]:
                for j in neighbours(self.rows, self.cols, i):
                    self.num[j] += 1
        self.view = [COVERED] * n
        self.covered_safe = n - self.mines

    def layout(self) -> Layout:
        return Layout(self.rows, self.cols, frozenset(i for i, m in enumerate(self.mine) if m))

    def board(self) -> Board:
        return Board(self.rows, self.cols, tuple(self.view), self.mines, "<play>")

    def open(self, start: int, opened: list[int] | None = None) -> int:
        """Reveal the safe cell ``start`` and the opening it starts; the number of cells opened
        (appended to ``opened`` when given)."""
        view, num = self.view, self.num
        count = 0
        stack = [start]
        while stack:
            i = stack.pop()
            if view[i] != COVERED:
                continue
            view[i] = num[i]
            count += 1
            if opened is not None:
                opened.append(i)
            if num[i] == 0:
                stack.extend(j for j in neighbours(self.rows, self.cols, i) if view[j] == COVERED)
        self.covered_safe -= count
        return count

    def move_mine(self, src: int, dst: int) -> None:
        """Move a mine from ``src`` to ``dst`` (both covered), updating the numbers and the view."""
        self.mine[src], self.mine[dst] = 0, 1
        for cell, delta in ((src, -1), (dst, 1)):
            for j in neighbours(self.rows, self.cols, cell):
                self.num[j] += delta
                if self.view[j] >= 0:
                    self.view[j] += delta

    def play(self, prover: Prover, steps: list[Step]) -> tuple[Board, Analysis | None] | None:
        """Play by proved moves until won (None) or stuck (the position and its analysis)."""
        cols = self.cols
        while self.covered_safe:
            board = self.board()
            certs, analysis = prover(board)
            safe = [c.cell for c in certs if not c.mine]
            mines = [c.cell for c in certs if c.mine]
            for r, c in mines:
                self.view[r * cols + c] = MINE
            if not safe:
                return board, analysis
            opened = 0
            for r, c in safe:
                i = r * cols + c
                if self.mine[i]:  # a proof contradicted by the layout: never happens, never hidden
                    raise AssertionError(f"cell {r},{c} was proved safe but is a mine")
                opened += self.open(i)
            steps.append(Step(len(safe), len(mines), sum(1 for c in certs if c.uses_total), opened))
        return None

    def play_quick(self) -> tuple[Board, Analysis | None] | None:
        """:meth:`play` with cheap proofs first: single-clue certainties on a worklist of the clues
        that changed, then two-clue certainties around the clues changed since the last such pass,
        then the model's certified deductions, and the full analysis only when none of these proves
        a cell safe. The same outcome (the closure of proved moves is unique)."""
        rows, cols, view, mine = self.rows, self.cols, self.view, self.mine
        nb = neighbour_table(rows, cols)
        # per cell: covered neighbours and marked-mine neighbours, kept up to date; they only nominate
        # clues for the proof subsystem's single-clue rule (need 0 or need = covered), never decide
        cov = [0] * len(view)
        marked = [0] * len(view)
        for i, v in enumerate(view):
            if v == COVERED or v == MINE:
                for j in nb[i]:
                    if v == COVERED:
                        cov[j] += 1
                    else:
                        marked[j] += 1
        work = [i for i, v in enumerate(view) if v >= 0 and cov[i]]
        pair_work = set(work)

        def apply(certs: list[Certainty]) -> bool:
            any_safe = False
            for cert in certs:
                r, c = cert.cell
                i = r * cols + c
                if view[i] != COVERED:
                    continue
                if cert.mine:
                    view[i] = MINE
                    for j in nb[i]:
                        cov[j] -= 1
                        marked[j] += 1
                        if view[j] >= 0:
                            work.append(j)
                            pair_work.add(j)
                else:
                    if mine[i]:  # a proof contradicted by the layout: never happens, never hidden
                        raise AssertionError(f"cell {r},{c} was proved safe but is a mine")
                    opened: list[int] = []
                    self.open(i, opened)
                    for o in opened:
                        work.append(o)
                        pair_work.add(o)
                        for j in nb[o]:
                            cov[j] -= 1
                            if view[j] > 0:  # a clue that lost a covered neighbour
                                work.append(j)
                                pair_work.add(j)
                    any_safe = True
            return any_safe

        while self.covered_safe:
            while work and self.covered_safe:
                i = work.pop()
                v = view[i]
                if v >= 0 and cov[i] and (v == marked[i] or v - marked[i] == cov[i]):
                    apply(clue_certainties(rows, cols, view, i))
            if not self.covered_safe:
                break
            pending, progress = pair_work, False
            pair_work = set()
            info: dict[int, tuple[int, list[int]]] = {}  # clue -> (need, covered cells), this pass
            done: set[tuple[int, int]] = set()
            for a in pending:
                if view[a] <= 0 or not cov[a]:
                    continue
                ia = info.get(a) or info.setdefault(a, clue_need(rows, cols, view, a))
                if not ia[1]:
                    continue
                partners = {x for j in ia[1] for x in neighbours(rows, cols, j) if x != a and view[x] > 0}
                for b in partners:
                    key = (a, b) if a < b else (b, a)
                    if key in done:
                        continue
                    done.add(key)
                    ib = info.get(b) or info.setdefault(b, clue_need(rows, cols, view, b))
                    certs = pair_forced(cols, a, ia[0], ia[1], b, ib[0], ib[1])
                    if certs and apply(certs):
                        progress = True
                    if certs:
                        info.clear()  # the view changed
                        ia = info.setdefault(a, clue_need(rows, cols, view, a))
            if progress:
                continue
            board = self.board()
            if apply(list(model_deductions(build_model(board)).values())):
                continue
            certs, analysis = prove_full(board)
            if not apply(certs):
                return board, analysis
        return None


def check_first_click(layout: Layout, first_cell: tuple[int, int], first_click: str) -> None:
    """Raise :class:`LayoutError` unless ``first_cell`` is on the board and honours ``first_click``."""
    r, c = first_cell
    if not (0 <= r < layout.rows and 0 <= c < layout.cols):
        raise LayoutError(f"first cell {r},{c} is off the {layout.cols}x{layout.rows} board", "<layout>")
    if first_click not in FIRST_CLICKS:
        raise ValueError(f"first_click must be 'safe' or 'opening', not {first_click!r}")
    i = r * layout.cols + c
    if i in layout.mines:
        raise LayoutError(f"the first cell {r},{c} is a mine", "<layout>")
    if first_click == "opening" and layout.number(i) != 0:
        raise LayoutError(f"first click 'opening': the first cell {r},{c} shows {layout.number(i)}, not 0",
                          "<layout>")


def play_proved(layout: Layout, first_cell: tuple[int, int], *, first_click: str = "safe",
                quick: bool = False, crosscheck: bool = True) -> ProvedPlay:
    """Play ``layout`` from ``first_cell`` by proved moves alone (module docstring).

    ``quick``: :meth:`_Table.play_quick` (the same outcome, no per-step record). ``crosscheck``: where proofs run
    out, list the covered cells whose exact probability is 0 (there must be none).
    """
    check_first_click(layout, first_cell, first_click)
    table = _Table(layout)
    table.open(first_cell[0] * layout.cols + first_cell[1])
    steps: list[Step] = []
    stuck = table.play_quick() if quick else table.play(prove_full, steps)
    if stuck is None:
        return ProvedPlay(True, steps, table.board())
    board, analysis = stuck
    zero: list[tuple[int, int]] = []
    if crosscheck and analysis is not None:
        zero = [(c.row, c.col) for c in analysis.cells
                if isinstance(c.probability, Exact) and c.probability.fraction == 0 and c.proof is None]
    return ProvedPlay(False, steps, board, analysis, zero)


# -- generation -----------------------------------------------------------------------------------

@dataclass
class Generated:
    layout: Layout
    first_cell: tuple[int, int]
    repairs: int       # mine moves made (each empties or fills one clue's covered neighbours)
    restarts: int      # fresh random layouts laid (a repair found no room)
    replays: int       # plays from the first click (the last one is the accepting verification)
    ms: float


def banned_cells(rows: int, cols: int, first: int, first_click: str) -> set[int]:
    """Cells the first-click rule keeps free of mines."""
    if first_click == "opening":
        return set(neighbours(rows, cols, first)) | {first}
    return {first}


def _repair(table: _Table, banned: set[int], rng: random.Random) -> bool:
    """Tatham's perturbation at a stuck position: a random revealed clue with covered neighbours S;
    move mines so that S is all safe or all mines (fewer moves wins, ties to safe). Mines come from
    or go to covered cells outside S, preferring those away from every revealed cell. False when
    there is no room."""
    rows, cols, view, mine = table.rows, table.cols, table.view, table.mine
    nb = neighbour_table(rows, cols)
    covered = [i for i, v in enumerate(view) if v == COVERED]
    touched = bytearray(len(view))  # next to a covered cell
    for i in covered:
        for j in nb[i]:
            touched[j] = 1
    clues = [i for i, v in enumerate(view) if v > 0 and touched[i]]
    if not clues:
        return False
    clue = rng.choice(clues)
    s = [j for j in nb[clue] if view[j] == COVERED]
    in_s = set(s)
    near_revealed = bytearray(len(view))
    for i, v in enumerate(view):
        if v >= 0:
            for j in nb[i]:
                near_revealed[j] = 1
    far: list[int] = []
    near: list[int] = []
    for i in covered:
        if i in in_s or i in banned:
            continue
        (near if near_revealed[i] else far).append(i)
    rng.shuffle(far)
    rng.shuffle(near)
    others = far + near   # preferred first
    s_mines = [i for i in s if mine[i]]
    s_safe = [i for i in s if not mine[i]]
    free = [i for i in others if not mine[i]]
    full = [i for i in others if mine[i]]
    clear_ok = len(free) >= len(s_mines)
    fill_ok = len(full) >= len(s_safe)
    if clear_ok and (len(s_mines) <= len(s_safe) or not fill_ok):
        for src, dst in zip(s_mines, free):
            table.move_mine(src, dst)
        return True
    if fill_ok:
        for dst, src in zip(s_safe, full):
            table.move_mine(src, dst)
        return True
    # No covered cell outside S to trade with (an end-game 50/50): take mines from proved-mine cells,
    # which become covered safe cells (the replay from the first click re-checks everything).
    known = [i for i, v in enumerate(view) if v == MINE]
    if len(full) + len(known) < len(s_safe):
        return False
    rng.shuffle(known)
    for dst, src in zip(s_safe, full + known):
        if view[src] == MINE:
            view[src] = COVERED  # a covered safe cell now; dst, a covered safe cell, a mine: same count
        table.move_mine(src, dst)
    return True

def generate(rows: int, cols: int, mines: int, *, first_cell: tuple[int, int], first_click: str = "safe",
             rng: random.Random, max_repairs: int | None = None, max_restarts: int = MAX_RESTARTS) -> Generated:
    """One no-guess layout (module docstring). Deterministic given the state of ``rng``.

    Raises :class:`GenerationFailed` after ``max_restarts`` fresh layouts that repair could not make
    no-guess (boards too dense or too small to have one, such as 3x3 with 7 mines).
    """
    t0 = time.perf_counter()
    n = rows * cols
    first = first_cell[0] * cols + first_cell[1]
    if not (0 <= first_cell[0] < rows and 0 <= first_cell[1] < cols):
        raise ValueError(f"first cell {first_cell[0]},{first_cell[1]} is off the {cols}x{rows} board")
    banned = banned_cells(rows, cols, first, first_click)
    if n - len(banned) < mines:
        raise ValueError(f"{mines} mines do not fit on {cols}x{rows} with first click {first_click!r} at "
                         f"{first_cell[0]},{first_cell[1]}")
    cap = max_repairs if max_repairs is not None else 4 * mines + 20
    allowed = [i for i in range(n) if i not in banned]
    repairs = restarts = replays = 0
    while True:
        layout = Layout(rows, cols, frozenset(rng.sample(allowed, mines)))
        made = 0
        table = _Table(layout)
        table.open(first)
        replays += 1
        while made <= cap:
            stuck = table.play_quick()
            if stuck is None:
                if made == 0:   # won from the first click with no change: this play was the check
                    return Generated(table.layout(), first_cell, repairs, restarts, replays,
                                     (time.perf_counter() - t0) * 1e3)
                # repaired on the way: replay from the first click with the final layout
                if replays >= _MAX_REPLAYS:
                    break
                table = _Table(table.layout())
                table.open(first)
                replays += 1
                made = 0
                continue
            if not _repair(table, banned, rng):
                break
            made += 1
            repairs += 1
        restarts += 1
        if restarts >= max_restarts:
            raise GenerationFailed(f"no no-guess layout of {cols}x{rows} with {mines} mines (first click "
                                   f"{first_click!r} at {first_cell[0]},{first_cell[1]}) after {restarts} "
                                   "random layouts and their repairs: too dense?")


def generate_many(rows: int, cols: int, mines: int, *, count: int, seed: int, first_click: str = "safe",
                  first_cell: tuple[int, int]) -> list[Generated]:
    """``count`` layouts; layout ``i`` depends only on (seed, i)."""
    from .game import game_seed

    return [generate(rows, cols, mines, first_cell=first_cell, first_click=first_click,
                     rng=random.Random(game_seed(seed, i))) for i in range(count)]
