"""No-guess play and generation: a layout won from its first click by proved moves alone.

:func:`play_proved` plays a :class:`~cpsolve.layout.Layout` the way ``cpsolve verify-ng`` does: at
every step the position is analysed, every cell the proof subsystem proves safe (from the clues and
the mine total) is revealed, every proved mine is marked, and play goes on until the board is won or
nothing is proved safe. The player sees the layout only through the referee's reveals. Knowledge only
grows as cells are revealed, so whether the game is won does not depend on the order of the proved
moves: one run settles it.

:func:`generate` makes no-guess layouts by one of two methods (``METHODS``):

- ``repair`` (the default): lay the mines at random and play by proofs (on boards with at most a
  quarter of their cells mines, the first stuck layouts, 4,096 cells of them in all, are dropped for
  fresh ones as in ``uniform``: the re-lays below leave fewer mines on the edge); where proofs run out,
  re-lay the mines next to the clues revealed since the last step that needed more than one clue
  (the *free frontier*) together with the cells next to no revealed cell, keeping every number that
  a move so far used, so play goes on from where it stopped (ms-toollib's ``laymine_solvable_adjust``
  works the same way); when no re-lay helps, start again from a fresh random layout (up to 10 per
  request, on boards with at most a quarter of their cells mines, until two got stuck before half
  their safe cells), else move mines as in Simon Tatham's Mines (a clue's covered neighbours made
  all safe or all mines), which a replay from the first click then checks, or back up one step.
  Tatham's moves are what took ``repair`` furthest from uniform (more corner mines, lower 3BV),
  hence the fresh layouts first. Fast at any density that has no-guess layouts; not uniform
  (docs/layouts.md).
- ``uniform``: fresh random layouts until one is won by proofs as laid (rejection): exactly uniform
  over the no-guess layouts with that first click, affordable where a fair share of random layouts
  are no-guess.

Every layout is accepted only after a play from its first click is won. A request is bounded by
its time limit; past it :class:`GenerationFailed` says how far it got.

Certainties come only from :mod:`cpsolve.proof`, through :func:`cpsolve.analyze` (``verify-ng``).
Generation's loop (lay, play, repair, replay) runs in the native core (native/src/noguess/): its
play takes the cells a single clue forces, then the simplified model's fixed cells, then the cells
an exact count through the mine total puts at 0 or 1 (the model and the count are the analysis' own,
in the core), every move checked against the layout. Those rules are sound for every placement
meeting the clues and the total, so a layout the core accepts is one ``verify-ng`` wins; the tests
and the soak replay every generated layout by ``verify-ng``. The core draws its random numbers from
a 64-bit seed taken from ``rng``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import _core
from ..analysis import analyze
from ..board import COVERED, MINE, Board
from ..count import TERMS_PER_STATE
from ..errors import CpsolveError
from ..layout import Layout, LayoutError
from ..neighbourhood import neighbours
from ..options import DEFAULT_COMBINE_BUDGET, DEFAULT_EXACT_LIMIT, DEFAULT_STATE_BUDGET, DEFAULT_TIME_LIMIT
from ..probability import Exact
from ..proof import Certainty
from ..result import Analysis
from ..words import plural

FIRST_CLICKS = ("safe", "opening")
#: The generation methods: ``repair`` (re-lay where proofs run out; fast at any density) and
#: ``uniform`` (rejection: fresh random layouts until one is won; exactly uniform, affordable only
#: where a fair share of random layouts are no-guess).
METHODS = ("repair", "uniform")
#: Fresh random layouts before generation gives up, per method (the time limit usually ends first).
MAX_RESTARTS = {"repair": 1000, "uniform": 1_000_000}
#: Seconds for one no-guess layout, the whole request (``generate --time-limit``' default).
GENERATE_TIME_LIMIT = 60.0


class GenerationFailed(CpsolveError, ValueError):
    """Repair found no no-guess layout within its budget."""


#: Random placements of the free frontier tried at one stuck position before backtracking.
_TRIES = 12


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

    ``quick``: the core's play of generation (the same outcome, no per-step record; where it stops,
    the position is analysed for ``analysis`` and the cross-check). ``crosscheck``: where proofs run
    out, list the covered cells whose exact probability is 0 (there must be none).
    """
    check_first_click(layout, first_cell, first_click)
    steps: list[Step] = []
    if quick:
        played = _core.noguess_play(layout.rows, layout.cols, sorted(layout.mines),
                                    first_cell[0] * layout.cols + first_cell[1], _limits())
        board = Board(layout.rows, layout.cols, tuple(v - 256 if v > 127 else v for v in played.view),
                      layout.mine_count, "<play>")
        stuck: tuple[Board, Analysis | None] | None = None if played.won else (board, analyze(board))
        if stuck is None:
            return ProvedPlay(True, steps, board)
    else:
        table = _Table(layout)
        table.open(first_cell[0] * layout.cols + first_cell[1])
        stuck = table.play(prove_full, steps)
        if stuck is None:
            return ProvedPlay(True, steps, table.board())
    board, analysis = stuck
    zero: list[tuple[int, int]] = []
    if crosscheck and analysis is not None:
        zero = [(c.row, c.col) for c in analysis.cells
                if isinstance(c.probability, Exact) and c.probability.fraction == 0 and c.proof is None]
    return ProvedPlay(False, steps, board, analysis, zero)


def _limits() -> _core.Options:
    """The core play's limits for the exact count of a stuck position: the analysis' defaults
    (``seconds``: each position's model and count)."""
    return _core.Options(count=_core.CountLimits(exact_limit=DEFAULT_EXACT_LIMIT, max_states=DEFAULT_STATE_BUDGET,
                                                 max_terms=DEFAULT_STATE_BUDGET * TERMS_PER_STATE,
                                                 combine_budget=DEFAULT_COMBINE_BUDGET),
                         seconds=DEFAULT_TIME_LIMIT)


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


def check_request(rows: int, cols: int, mines: int, first_cell: tuple[int, int], first_click: str) -> None:
    """Raise ``ValueError`` (one line) for a no-guess request that has no answer worth making: no
    mines, a board one cell wide, a first cell off the board, or more mines than the cells outside
    the first-click rule's."""
    r, c = first_cell
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"first cell {r},{c} is off the {cols}x{rows} board")
    if rows < 2 or cols < 2:
        raise ValueError(f"a no-guess board needs at least 2 rows and 2 columns, not {cols}x{rows}")
    if mines < 1:
        raise ValueError(f"a no-guess board needs at least 1 mine ({cols}x{rows} with 0 mines is won at "
                         "the first click)")
    room = rows * cols - len(banned_cells(rows, cols, r * cols + c, first_click))
    if mines > room:
        raise ValueError(f"{plural(mines, 'mine')} do not fit on {cols}x{rows} with first click {first_click!r} "
                         f"at {r},{c} ({plural(room, 'cell')} outside the first click's)")


def generate(rows: int, cols: int, mines: int, *, first_cell: tuple[int, int], first_click: str = "safe",
             rng: random.Random, method: str = "repair", max_repairs: int | None = None,
             max_restarts: int | None = None, time_limit: float | None = GENERATE_TIME_LIMIT) -> Generated:
    """One no-guess layout (module docstring). Deterministic given the state of ``rng`` (unless the
    time limit cuts it short).

    Raises :class:`GenerationFailed` when ``max_restarts`` fresh layouts or ``time_limit`` seconds
    ran out (boards too dense or too small to have one, such as 3x3 with 7 mines).
    """
    t0 = time.perf_counter()
    if method not in METHODS:
        raise ValueError(f"method must be 'repair' or 'uniform', not {method!r}")
    restarts_cap = max_restarts if max_restarts is not None else MAX_RESTARTS[method]
    check_request(rows, cols, mines, first_cell, first_click)
    n = rows * cols
    first = first_cell[0] * cols + first_cell[1]
    banned = banned_cells(rows, cols, first, first_click)
    cap = max_repairs if max_repairs is not None else 4 * mines + 20
    plan = _core.NoguessPlan(
        board=_core.NoguessBoard(rows=rows, cols=cols, mines=mines, first=first, banned=sorted(banned)),
        effort=_core.NoguessEffort(repair=method == "repair", max_repairs=cap, max_restarts=max(1, restarts_cap),
                                   tries=_TRIES),
        seed=rng.getrandbits(64), time_limit=time_limit)
    made = _core.noguess_generate(plan, _limits())
    if made.mines is None:
        safe = n - mines
        raise GenerationFailed(
            f"no no-guess layout of {cols}x{rows} with {plural(mines, 'mine')} (density {mines / n:.1%}, first click "
            f"{first_click!r} at {first_cell[0]},{first_cell[1]}) found within the budget "
            f"({_budget_words(time_limit, restarts_cap)}, --method {method}): {made.restarts} random layouts and "
            f"{made.repairs} re-lays, "
            f"the best revealed {made.best_revealed} of {safe} safe cells by proved moves")
    return Generated(Layout(rows, cols, frozenset(made.mines)), first_cell, made.repairs, made.restarts,
                     made.replays, (time.perf_counter() - t0) * 1e3)


def _budget_words(time_limit: float | None, max_restarts: int) -> str:
    limit = "no time limit" if time_limit is None else f"--time-limit {time_limit:g} s"
    return f"{limit}, at most {max_restarts} random layouts"


def generate_many(rows: int, cols: int, mines: int, *, count: int, seed: int, first_click: str = "safe",
                  first_cell: tuple[int, int]) -> list[Generated]:
    """``count`` layouts; layout ``i`` depends only on (seed, i)."""
    from .game import game_seed

    return [generate(rows, cols, mines, first_cell=first_cell, first_click=first_click,
                     rng=random.Random(game_seed(seed, i))) for i in range(count)]
