"""Choosing moves from an analysis: reveal what is proved safe, otherwise guess well."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import count
from ..board import COVERED, FLAG, Board
from ..boundary import call
from ..constraints import Inconsistent, Model
from ..neighbourhood import neighbours
from ..result import Analysis, safest_cell
from .endgame import endgame_move
from .guess import Evaluator, isolated_move, pseudo_fifty_fifty
from .lookahead import CountedPosition, Lookahead


@dataclass(frozen=True)
class Move:
    """Cells to reveal in order. ``guess``: not backed by a proof or an exact probability 0."""

    cells: tuple[tuple[int, int], ...]
    guess: bool
    reason: str


#: What each kind of guess is (a guess's :attr:`Move.reason`), in a few words for the reports that
#: count them (``cpsolve play``'s table); docs/play.md, "The player", says each in full.
GUESS_KINDS: dict[str, str] = {
    "counted-safe": "the exact count shows it safe, not proved in time",
    "fifty-fifty": "a forced 50/50: two cells, one mine, nothing tells",
    "free": "free guess: each placement has a twin nothing tells apart",
    "pseudo": "pseudo 50/50 (2 cells or 2x2): its tile opened first",
    "isolated": "the best move of an area nothing else informs",
    "endgame": "the best move found by the exact endgame search",
    "secondary": "the evaluator: safety now and after what it shows",
    "lowest-living": "the lowest probability among living cells",
    "lowest": "the lowest probability",
}


def default_first_cell(rows: int, cols: int, rule: str) -> tuple[int, int]:
    """The first click of the reference win rates.

    ``opening``: (2,2) 0-based on boards up to 16x16 (beginner, intermediate) and (3,3) on larger
    ones (expert), pulled inside boards too small for them; ``safe``: the corner (0,0).
    """
    if rule == "opening":
        k = 2 if rows <= 16 and cols <= 16 else 3
        return min(k, (rows - 1) // 2), min(k, (cols - 1) // 2)
    return 0, 0


@dataclass
class Strategy:
    """Reveal every proved-safe cell (else every exact-0 cell); when none is left, guess.

    ``name``:

    * ``basic``: the lowest probability (exact fractions compared), ties to the cell with fewest
      covered neighbours (most likely to open up), then row-major;
    * ``best`` (default): first any move that is provably as good as the best play -- a forced 50/50,
      a free guess (:func:`free_guess`), or, when at most ``endgame`` placements remain, the optimal
      move of an exact game-tree search, or the optimal move of an isolated area
      (:func:`~.guess.isolated_move`) -- and otherwise the guess evaluator of :mod:`.guess`
      (secondary safety, 50/50 influence, 2-cell and 2x2 pseudo-50/50s; kept because it wins more
      games on the same games than the lowest probability: docs/play.md, "The guess evaluator");
      with ``secondary=False``, ``basic`` with dead cells put off.

    The guess rules measured without gain (a one-move look-ahead, a progress bonus, an off-frontier
    opening preference, a bonus for showing 0, a bounded "survive the next 3 guesses" look-ahead,
    a corner tie-break, the override by a partial endgame search and D. N. Hill's rule for starting
    the search, placements * d**3 <= 250) were removed; their results are in docs/play.md.
    """

    name: str = "best"
    endgame: int = 3000          # search the game tree exactly when at most this many placements remain
    node_budget: int = 300_000   # positions the endgame search may visit before it gives up
                                 # (3,000 / 300,000: docs/play.md, "The exact endgame's size, measured exactly")
    free_guesses: bool = True    # open a cell whose every loss is a loss any play must suffer
    avoid_dead: bool = True      # put off cells whose number is known in advance
    secondary: bool = True       # score guesses by secondary safety (guess.Evaluator), play pseudo-50/50s
                                 # (measured: docs/play.md, "The guess evaluator")
    influence: float = 0.9       # weight of 50/50 influence in the secondary score (0: off)
    isolated: int = 400          # search isolated areas of at most this many placements exactly (0: off)
    max_cells: int = 10_000      # larger boards get the lowest probability (the look-ahead's cost grows
                                 # with the board: 100x100 ~20 ms a guess, 300x300 ~3 s, 1000x1000 minutes)
    label: str = ""              # free text (benchmarks tell variants apart by it)
    lookahead: Lookahead = field(default_factory=Lookahead, repr=False)

    def __post_init__(self) -> None:
        if self.name not in ("basic", "best"):
            raise ValueError(f"unknown strategy {self.name!r} (basic or best)")

    def first_cell(self, rows: int, cols: int, mines: int, rule: str) -> tuple[int, int]:
        return default_first_cell(rows, cols, rule)

    def choose(self, board: Board, analysis: Analysis) -> Move:
        safe = analysis.proved_safe
        if safe:
            return Move(tuple(safe), False, "proved")
        zero = [(r, c) for r, c, one in analysis.exact_extremes() if not one]
        if zero:
            return Move(tuple(zero), False, "exact-zero")
        if self.name != "basic" and board.mines is not None and board.rows * board.cols <= self.max_cells:
            try:
                move = self.smart_guess(board, analysis.model if analysis.board is board else None)
            except (count.BudgetExceeded, Inconsistent):
                move = None
            if move is not None:
                return move
        guess = self.basic_guess(board, analysis)
        if guess is None:
            # every covered cell is a proved mine (or none is left): the game is won, nothing to open
            return Move((), False, "nothing left to open")
        return Move((guess,), True, "lowest")

    def smart_guess(self, board: Board, model: Model | None = None) -> Move | None:
        """The ``best`` strategy's guess on ``board`` (``model``: its model, an analysis' own, see
        :meth:`.Lookahead.solve`), None when no rule picks a cell."""
        state = self.lookahead.solve(board, model)
        probs = state.prob.values()
        if 0.0 in probs:
            # the exact counts show a cell safe that the analysis did not (cut short by its budget,
            # or estimated): open it (the tally confirms the float 0). Labelled a guess: only the
            # analysis (and its proofs) makes certainties.
            cell = next((i for i, t in sorted(state.tally.items()) if t == 0), None)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "counted-safe")
        if set(probs) <= {0.0, 1.0}:  # (each in [0, 1]) no p with 0 < p < 1
            return None  # nothing to guess between
        pair = forced_fifty_fifty(state)
        if pair is not None:
            return Move((divmod(pair[0], board.cols),), True, "fifty-fifty")
        if self.free_guesses:
            free = free_guess(self.lookahead, state)
            if free is not None:
                return Move((divmod(free, board.cols),), True, "free")
        ev = Evaluator(self.lookahead, state, influence_scale=self.influence) if self.secondary else None
        if ev is not None:
            cell = pseudo_fifty_fifty(ev)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "pseudo")
        if self.isolated:
            cell = isolated_move(state, self.isolated, self.node_budget)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "isolated")
        if self.endgame and state.z <= self.endgame:
            got = endgame_move(state, self.endgame, self.node_budget)
            if got is not None:
                return Move((divmod(got[0], board.cols),), True, "endgame")
        if ev is not None:
            cell = ev.best_guess()
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "secondary")
        if self.avoid_dead:
            cell = self.living_lowest(state)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "lowest-living")
        return None

    def living_lowest(self, state: CountedPosition, checks: int = 24) -> int | None:
        """The lowest-probability cell whose number is not already known when it is safe.

        A "dead" cell (one possible number) tells nothing but its own safety, and putting it off is
        never worse: play on as if it were safe and open it last; where it is a mine that play can
        only do better than opening it now. Returns None when the basic choice is living anyway (or
        every cell checked is dead), leaving the choice to :meth:`basic_guess`.
        """
        prob = state.prob
        order = sorted((p, covered_count(state.cells, state.rows, state.cols, i), i)
                       for i, p in prob.items() if 0.0 < p < 1.0)
        for k, (_, _, i) in enumerate(order[:checks]):
            if len(self.lookahead.outcomes(state, i)) > 1:
                return None if k == 0 else i
        return None

    def basic_guess(self, board: Board, analysis: Analysis) -> tuple[int, int] | None:
        """The package's lowest-probability rule (:func:`cpsolve.result.safest_cell`); None when no
        covered cell is left that is not a proved mine."""
        if analysis.board is board:
            return analysis.safest  # the same rule, without the per-cell results on a counted board
        return safest_cell(analysis.cells, board)


def first_click_move(board: Board, first_click: str = "safe", strategy: Strategy | None = None) -> Move | None:
    """The strategy's first click (:func:`default_first_cell` by ``first_click``'s rule) on a board
    whose every cell is covered (nothing revealed, flagged or known) and not all of them mines;
    None on any other board."""
    n = board.rows * board.cols
    if not n or board.codes.count(COVERED & 0xFF) != n or (board.mines is not None and board.mines >= n):
        return None
    strategy = strategy if strategy is not None else Strategy()
    return Move((strategy.first_cell(board.rows, board.cols, board.mines or 0, first_click),), True, "first click")


def best_move(board: Board, analysis: Analysis, *, trust_flags: bool = True, first_click: str = "safe",
              strategy: Strategy | None = None) -> Move:
    """The strongest player's move on ``board`` (analysed as ``analysis``): the one best guess of the
    package. :attr:`Analysis.best_guess <cpsolve.result.Analysis.best_guess>` is its first cell,
    ``POST /api/move`` answers it and ``cpsolve play --strategy best`` plays it (``strategy``: the
    default ``best`` strategy). Every proved-safe cell if there is one, else every exact-0 cell,
    else the strategy's guess; nothing when nothing is left to open.

    On a board with nothing revealed (every cell covered) the first click of ``first_click``'s rule
    (:func:`default_first_cell`). Flags not trusted (``trust_flags`` False, as the analysis was
    made) are covered cells to the strategy: its look-ahead counts them so."""
    strategy = strategy if strategy is not None else Strategy()
    first = first_click_move(board, first_click, strategy)
    if first is not None:
        return first
    if not trust_flags and board.flags:
        board = Board(board.rows, board.cols, tuple(COVERED if v == FLAG else v for v in board.cells),
                      board.mines, board.source)
    return strategy.choose(board, analysis)


def covered_count(cells: tuple[int, ...], rows: int, cols: int, index: int) -> int:
    return sum(1 for j in neighbours(rows, cols, index) if cells[j] == COVERED)


def forced_fifty_fifty(state: CountedPosition) -> tuple[int, int] | None:
    """Two cells holding exactly one mine that nothing can ever tell apart, or None.

    The pair is a component on its own (one mine in two cells), and every other neighbour of both
    cells is revealed or a known mine, so no future number can depend on which of the two is the mine,
    and the mine total cannot either. The guess must be made some time; making it now costs nothing.
    """
    cells = state.cells
    for comp, cc in zip(state.comps, state.counts, strict=True):
        if comp.size != 2 or cc.counts[:3] != [0, 2, 0][: len(cc.counts)] or sum(cc.counts) != 2:
            continue
        a, b = sorted(comp.cells)
        ok = True
        for x in (a, b):
            for j in neighbours(state.rows, state.cols, x):
                if j in (a, b):
                    continue
                if cells[j] == COVERED and not state.fixed.get(j, False):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return a, b
    return None


def free_guess(lookahead: Lookahead, state: CountedPosition) -> int | None:
    """A cell that optimal play may open now at no extra risk (a "pseudo 50/50"), or None.

    Cell x with an orthogonal neighbour y qualifies when (1) x and y are never both mines; (2) no
    revealed cell sees exactly one of them; (3) every covered cell that sees exactly one of them is a
    mine whenever x or y is. Then each placement with x a mine has a twin with y the mine instead,
    equally likely, that no number other than x's or y's can tell apart: any play loses one of each
    pair, so losing every placement with x a mine by opening x now loses nothing more, and opening x
    first, then playing on, is as good as the best play. (Checked against exact game-tree search in
    the tests.)

    The rule runs in the core (``native/src/lookahead/``, ``Position.free_guess``): cells in
    ascending order, y to the right of x, then below it; (3) asked of the positions "x a mine" and
    "y a mine", counted exactly.
    """
    assert state.core is not None
    return call(state.core.free_guess)
