"""Choosing moves from an analysis: reveal what is proved safe, otherwise guess well."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import count
from ..analysis import Analysis
from ..board import COVERED, Board, neighbours
from ..constraints import Inconsistent
from ..probability import Exact
from .endgame import endgame_move
from .lookahead import CountedPosition, Lookahead


@dataclass(frozen=True)
class Move:
    """Cells to reveal in order. ``guess``: not backed by a proof or an exact probability 0."""

    cells: tuple[tuple[int, int], ...]
    guess: bool
    reason: str


def default_first_cell(rows: int, cols: int, rule: str) -> tuple[int, int]:
    """``opening``: (3,3) (the reference solvers' cell), pulled inside small boards; ``safe``: a corner."""
    if rule == "opening":
        return min(3, (rows - 1) // 2), min(3, (cols - 1) // 2)
    return 0, 0


@dataclass
class Strategy:
    """Reveal every proved-safe cell (else every exact-0 cell); when none is left, guess.

    ``name``:

    * ``basic``: the lowest probability (exact fractions compared), ties to the cell with fewest
      covered neighbours (most likely to open up), then row-major;
    * ``best`` (default): first any move that is provably as good as the best play -- a forced 50/50,
      a free guess (:func:`free_guess`), or, when at most ``endgame`` placements remain, the optimal
      move of an exact game-tree search -- and otherwise ``basic`` with dead cells put off (with
      ``progress`` > 0, first the near-best cell with the highest safety * (1 + ``progress`` *
      P(the number shown makes another cell safe)), :meth:`progress_guess`; measured: no gain);
    * ``lookahead``: ``best`` with a one-move look-ahead among the near-lowest cells instead of
      ``basic`` (measured: no significant gain, twice the time; see docs/play.md).
    """

    name: str = "best"
    cutoff: float = 0.9          # look-ahead candidates: safety >= cutoff * best safety
    max_candidates: int = 12
    lookahead: bool = False      # score near-lowest cells by a one-move look-ahead
    endgame: int = 1000          # search the game tree exactly when at most this many placements remain
    node_budget: int = 50_000    # positions the endgame search may visit before it gives up
    zero_bonus: float = 0.0      # score bonus per unit chance that the cell shows no unknown mine
    unlinked_progress: bool = True  # progress must come from the number shown, not the cell being safe
    free_guesses: bool = True    # open a cell whose every loss is a loss any play must suffer
    avoid_dead: bool = True      # put off cells whose number is known in advance
    progress: float = 0.0        # > 0: among cells with safety >= progress_cutoff * best, score
                                 # safety * (1 + progress * P(the number shown makes another cell safe))
    progress_cutoff: float = 0.95
    progress_living: bool = False  # the progress rule skips dead cells (one possible number)
    opening_margin: float = 0.0  # > 0: an off-frontier cell within this of the best probability
                                 # is preferred if it is the likeliest cell to open (show 0)
    label: str = ""              # free text (benchmarks tell variants apart by it)
    engine: Lookahead = field(default_factory=Lookahead, repr=False)

    def __post_init__(self) -> None:
        if self.name not in ("basic", "best", "lookahead"):
            raise ValueError(f"unknown strategy {self.name!r} (basic, best or lookahead)")
        if self.name == "lookahead":
            self.lookahead = True

    def first_cell(self, rows: int, cols: int, mines: int, rule: str) -> tuple[int, int]:
        return default_first_cell(rows, cols, rule)

    def choose(self, board: Board, analysis: Analysis) -> Move:
        safe = analysis.proved_safe
        if safe:
            return Move(tuple(safe), False, "proved")
        zero = [(c.row, c.col) for c in analysis.cells
                if isinstance(c.probability, Exact) and c.probability.fraction == 0]
        if zero:
            return Move(tuple(zero), False, "exact-zero")
        if self.name != "basic" and board.mines is not None:
            try:
                move = self.smart_guess(board)
            except (count.BudgetExceeded, Inconsistent):
                move = None
            if move is not None:
                return move
        return Move((self.basic_guess(board, analysis),), True, "lowest")

    def smart_guess(self, board: Board) -> Move | None:
        state = self.engine.solve(board)
        pair = forced_fifty_fifty(state)
        if pair is not None:
            return Move((divmod(pair[0], board.cols),), True, "fifty-fifty")
        if self.free_guesses:
            free = free_guess(self.engine, state)
            if free is not None:
                return Move((divmod(free, board.cols),), True, "free")
        if self.endgame and state.z <= self.endgame:
            got = endgame_move(state, self.endgame, self.node_budget)
            if got is not None:
                return Move((divmod(got[0], board.cols),), True, "endgame")
        if self.lookahead:
            cell = self.lookahead_guess(state)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "look-ahead")
        if self.progress > 0:
            cell = self.progress_guess(state)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "progress")
        if self.opening_margin > 0:
            cell = self.opening_guess(state)
            if cell is not None:
                return Move((divmod(cell, board.cols),), True, "opening")
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
            if len(self.engine.outcomes(state, i)) > 1:
                return None if k == 0 else i
        return None

    def progress_guess(self, base: CountedPosition) -> int | None:
        """JSMinesweeper-style blend: safety * (1 + progress * P(progress | safe)) among near-best cells.

        Progress: the number shown makes some cell safe that is not safe merely because this cell is
        safe. Ties keep the order of :meth:`candidates` (probability, fewest covered neighbours).
        """
        prob = base.prob
        live = [i for i, p in prob.items() if 0.0 < p < 1.0]
        if not live:
            return None
        best = min(prob[i] for i in live)
        limit = 1 - self.progress_cutoff * (1 - best)
        pool = [i for i in live if prob[i] <= limit + 1e-12]
        pool.sort(key=lambda i: (prob[i], covered_count(base.cells, base.rows, base.cols, i), i))
        pool = pool[: self.max_candidates]
        if len(pool) < 2:
            return None
        best_cell, best_score = -1, -1.0
        for i in pool:
            outs = self.engine.outcomes(base, i)
            if not outs or (self.progress_living and len(outs) == 1):
                continue
            safes = {v: {j for j, p in o.prob.items() if p == 0.0} for v, o in outs.items()}
            linked = set.intersection(*safes.values())
            zs = sum(o.z for o in outs.values())
            prog = sum(o.z for v, o in outs.items() if safes[v] - linked) / zs
            score = (1.0 - prob[i]) * (1.0 + self.progress * prog)
            if score > best_score + 1e-12:
                best_cell, best_score = i, score
        return best_cell if best_cell >= 0 else None

    def opening_guess(self, base: CountedPosition) -> int | None:
        """An off-frontier cell likeliest to show 0, if its probability is within ``opening_margin``
        of the best; the chance to open is P(cell and its covered neighbours all safe), from the
        off-frontier density for neighbours off the frontier and their own probability otherwise."""
        prob = base.prob
        live = [p for p in prob.values() if 0.0 < p < 1.0]
        if not live or not base.outside:
            return None
        best = min(live)
        p_out = prob[base.outside[0]]
        if p_out >= 1.0 or p_out > best + self.opening_margin + 1e-12:
            return None
        rows, cols, cells = base.rows, base.cols, base.cells
        best_cell, best_score = -1, -1.0
        for i in base.outside:
            score = 1.0 - p_out
            for j in neighbours(rows, cols, i):
                if cells[j] == COVERED:
                    score *= 1.0 - prob.get(j, 1.0)
            if score > best_score + 1e-12:
                best_cell, best_score = i, score
        return best_cell

    def basic_guess(self, board: Board, analysis: Analysis) -> tuple[int, int]:
        cols = board.cols
        best = min(analysis.cells, key=lambda x: (x.probability.sort_key(),
                                                   covered_around(board, x.row * cols + x.col), x.row, x.col))
        return best.row, best.col

    def candidates(self, base: CountedPosition) -> list[int]:
        prob = base.prob
        live = [i for i, p in prob.items() if p < 1.0]
        best = min(prob[i] for i in live)
        limit = 1 - self.cutoff * (1 - best)
        pool = [i for i in live if prob[i] <= limit + 1e-12]
        pool.sort(key=lambda i: (prob[i], covered_count(base.cells, base.rows, base.cols, i), i))
        return pool[: self.max_candidates]

    def lookahead_guess(self, base: CountedPosition) -> int | None:
        cands = self.candidates(base)
        if not cands:
            return None
        best_cell, best_score = -1, -1.0
        for i in cands:
            score = self.score(base, i)
            if score > best_score + 1e-12:
                best_cell, best_score = i, score
        return best_cell

    def score(self, base: CountedPosition, cell: int) -> float:
        """Chance to survive this guess and the next one.

        After the cell shows a number, the next move is free (counted as safety 1) when some cell has
        become safe *because of that number*; cells that are safe whatever the number (they follow from
        the cell being safe alone) do not count, or a guess would be credited for its own consequences.
        Otherwise the next move is the safest guess then.
        """
        outs = self.engine.outcomes(base, cell)
        if not outs:
            return 0.0
        safes = {v: {i for i, p in o.prob.items() if p == 0.0} for v, o in outs.items()}
        linked = set.intersection(*safes.values()) if self.unlinked_progress else set()
        total = 0.0
        for v, sol in outs.items():
            w = sol.z / base.z
            if safes[v] - linked:
                total += w
            else:
                risky = [p for p in sol.prob.values() if p > 0.0]
                total += w * (1.0 - min(risky) if risky else 1.0)
        if self.zero_bonus:
            lo = min(outs)
            if lo == self.engine.value_range(base, cell).start:
                total += self.zero_bonus * outs[lo].z / base.z
        return total


def covered_around(board: Board, index: int) -> int:
    cells = board.cells
    return sum(1 for j in board.neighbours(index) if cells[j] == COVERED)


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


def free_guess(engine: Lookahead, state: CountedPosition) -> int | None:
    """A cell that optimal play may open now at no extra risk (a "pseudo 50/50"), or None.

    Cell x with an orthogonal neighbour y qualifies when (1) x and y are never both mines; (2) no
    revealed cell sees exactly one of them; (3) every covered cell that sees exactly one of them is a
    mine whenever x or y is. Then each placement with x a mine has a twin with y the mine instead,
    equally likely, that no number other than x's or y's can tell apart: any play loses one of each
    pair, so losing every placement with x a mine by opening x now loses nothing more, and opening x
    first, then playing on, is as good as the best play. (Checked against exact game-tree search in
    the tests.)
    """
    rows, cols, cells = state.rows, state.cols, state.cells
    prob = state.prob
    comp_of = state.comp_of
    for x in sorted(prob):
        px = prob[x]
        if px == 0.0 or px == 1.0:
            continue
        r, c = divmod(x, cols)
        for y in ((x + 1) if c + 1 < cols else -1, (x + cols) if r + 1 < rows else -1):
            if y < 0 or prob.get(y) != px:
                continue  # twins make x and y equally likely to be mines
            nx, ny = set(neighbours(rows, cols, x)), set(neighbours(rows, cols, y))
            diff = (nx ^ ny) - {x, y}
            if any(cells[z] >= 0 for z in diff):
                continue
            unsure = [z for z in diff if cells[z] == COVERED and not state.fixed.get(z, False)]
            if any(z not in comp_of for z in unsure):
                continue  # a cell off the frontier is never a sure mine given x
            ok = True
            for a, b in ((x, y), (y, x)):
                given = engine.assume_mine(state, a)
                if given is None or given.prob[b] != 0.0 or any(given.prob[z] != 1.0 for z in unsure):
                    ok = False
                    break
            if ok:
                return x
    return None
