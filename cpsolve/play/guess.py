"""The guess evaluator: secondary safety with 50/50 influence, pseudo-50/50s and isolated areas.

The rules follow the strongest published player (D. N. Hill's Java solver, which wins 54.3% of
Expert games opened at (3,3) and 41.13% from a safe corner); the code is cpsolve's own, over the
exact counts of :class:`~.lookahead.Lookahead` (every number below is a ratio of placement counts).
``Strategy(secondary=False)`` turns it off (the lowest living probability instead); paired runs are
in docs/play.md.

**Secondary safety.** A guess is worth its chance to survive *and* what it leaves behind. For a
candidate x and each number v it can show, the position after "x shows v" is counted exactly and its
*blended safety* taken: ``(4 s1 + s2) / 5``, s1 >= s2 the two highest safeties among living cells
(off-frontier cells count as living; a cell safe there counts 1; a *dead* cell -- one whose number is
known in advance if it is safe -- does not count). The score is

    weight(x) = sum_v P(x safe, shows v) * blended_v * I(x) * (1 + 0.001 * P(progress))

where I(x) = 1 + 0.9 * influence(x) / (placements where x is safe) rewards cells whose opening can
break a would-be 50/50 (:meth:`Evaluator.influence`) and P(progress) (the chance that the number
shown proves some cell safe beyond those safe whenever x is) only breaks ties. A cell whose safety
alone makes a group of several other cells safe is scored by its safety (the next move is free).

**Candidates.** Living frontier cells with safety >= 0.9 x the best living safety; off-frontier
cells when their safety is > 0.95 x the best (all of them when fewer than 30, else the ring two cells
from a number and those with 2-3 covered neighbours); cells whose influence lifts them over the cut.
Cells in covered pockets of fewer than 8 cells, and cells that can show one number only, are
deferred: they are chosen only when every candidate is deferred. On boards larger than Expert the
safest ``WORK / cells`` candidates are kept (each evaluation costs about the board's size).

**Overrides.** A candidate strictly safer than the chosen one that is safe whenever the chosen one
is safe is played instead; so is the unique safest living cell after every number of the chosen
one, when it is safer now.

**Pseudo-50/50s** (:func:`pseudo_fifty_fifty`): a 2x2 block whose four corner cells are mines or off
the board splits into two diagonal patterns nothing outside can tell apart; a cell that is a mine
only in placements where it is on such a pattern's mine diagonal loses only what any play must lose.

**Isolated areas** (:func:`isolated_move`): a component whose mine number is fixed and whose cells
have no covered neighbour outside it is a game of its own; with few placements its tree is searched
exactly and its optimal move played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .. import _core
from ..board import COVERED, IS_COVERED, IS_UNREVEALED, code_bytes
from ..boundary import call
from ..neighbourhood import neighbour_counts, neighbours
from .endgame import endgame_move
from .lookahead import CountedPosition, Hypothesis, Lookahead

BLEND = (4, 1)          # weights of the safest and second safest living cell after a guess
CUTOFF = 0.9            # frontier candidates: safety >= CUTOFF x the best living safety
OFF_CUTOFF = 0.95       # off-frontier candidates when their safety > OFF_CUTOFF x the best
INFLUENCE_SCALE = 0.9   # weight of 50/50 influence
PROGRESS = 0.001        # tie-break weight of the chance to make progress
POCKET = 8              # covered pockets smaller than this are deferred
EQUAL = 1e-4            # "strictly safer" for the override
WORK = 250_000          # candidates x board cells evaluated at most (an evaluation derives positions
                        # of about the board's size): no cap up to Expert's 480 cells, 156 candidates on
                        # 40x40, 125 on a 2000-cell row, where all ~2,000 took 8-17 s a move
MIN_CANDIDATES = 8
FINAL_THRESHOLD = 0.025  # a would-be 50/50 counts for influence above this chance
_WEIGHTS = _core.ScoreWeights(progress=PROGRESS, blend=BLEND)  # the core's copy of the two weights


@dataclass
class Evaluated:
    cell: int
    safety: float
    weight: float
    deferred: bool
    common: frozenset[int] = frozenset()   # cells safe whenever this one is
    dominating: int | None = None          # the unique safest living cell after every number


@dataclass
class Evaluator:
    """Scores guesses on one position (caches deadness and outcomes per cell)."""

    lookahead: Lookahead
    state: CountedPosition
    influence_scale: float = INFLUENCE_SCALE
    _outs: dict[int, dict[int, Hypothesis]] = field(default_factory=dict)
    _pocket: dict[int, bool] = field(default_factory=dict)
    _infl_cells: dict[int, int] = field(default_factory=dict)   # tiles of would-be 50/50s
    _infl_enablers: dict[int, int] = field(default_factory=dict)
    pseudo: int | None = None  # the pseudo-50/50 cell :meth:`scan` found
    _around: dict[bytes, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        st = self.state
        self.rows, self.cols, self.cells = st.rows, st.cols, st.cells
        self.prob = st.prob
        self.z = st.z
        self.frontier = [i for i in st.comp_of if 0.0 < self.prob[i] < 1.0]
        self.outside = st.outside
        self.off_safety = 1.0 - self.prob[self.outside[0]] if self.outside else 0.0

    @cached_property
    def codes(self) -> bytes:
        """The position's cells as :func:`~cpsolve.board.code_bytes` (made once per position)."""
        return code_bytes(self.cells)

    # --- basic facts ----------------------------------------------------------------------------

    def around(self, table: bytes) -> bytes:
        """Per board cell, how many of its neighbours are marked by ``table`` (a cell's code byte ->
        1 if marked: :data:`~cpsolve.board.IS_COVERED`, :data:`~cpsolve.board.IS_UNREVEALED`), the whole
        board at once."""
        got = self._around.get(table)
        if got is None:
            got = self._around[table] = neighbour_counts(self.rows, self.cols, self.codes.translate(table))
        return got

    def is_mine(self, i: int) -> bool:
        v = self.cells[i]
        return v < COVERED or self.prob.get(i) == 1.0

    def outcomes(self, i: int) -> dict[int, Hypothesis]:
        got = self._outs.get(i)
        if got is None:
            got = self._outs[i] = self.lookahead.outcomes(self.state, i)  # the core notes i's deadness
        return got

    def dead(self, i: int) -> bool:
        """One possible number if safe (checked on this position; stays dead in any later one). The
        core decides and caches it per position: a cell with a neighbour off the frontier is living
        (in all but the rarest positions, where the mine total decides the whole off-frontier region),
        else dead when at most one of its numbers is possible."""
        assert self.state.core is not None
        return call(self.state.core.dead, i)

    def in_large_pocket(self, i: int) -> bool:
        """The covered pocket of ``i`` (covered cells linked directly or over one revealed cell) has
        at least POCKET cells."""
        got = self._pocket.get(i)
        if got is not None:
            return got
        rows, cols, cells = self.rows, self.cols, self.cells
        seen = {i}
        todo = [i]
        k = 0
        big = False
        while k < len(todo) and not big:
            m = todo[k]
            k += 1
            for j in neighbours(rows, cols, m):
                if cells[j] < 0:
                    if j not in seen:
                        if self._pocket.get(j):
                            big = True
                            break
                        seen.add(j)
                        todo.append(j)
                else:  # hop over a revealed cell into the covered cells around it
                    for j2 in neighbours(rows, cols, j):
                        if cells[j2] < 0 and j2 not in seen:
                            if self._pocket.get(j2):
                                big = True
                                break
                            seen.add(j2)
                            todo.append(j2)
                if big:
                    break
            if len(seen) >= POCKET:
                big = True
        if big:
            for j in seen:
                self._pocket[j] = True
        else:
            self._pocket[i] = False
        return big

    # --- blended safety ---------------------------------------------------------------------------

    def blended(self, hyp: Hypothesis) -> tuple[float, int | None]:
        """(blended safety, the unique safest living cell or None) of a hypothetical position, in the
        core: ``(4 s1 + s2) / 5`` (:data:`BLEND`), s1 >= s2 the two highest safeties among its living
        cells (off-frontier cells count as living; equal safeties in the components' order)."""
        assert self.state.core is not None
        got = call(self.state.core.blended, hyp.core, BLEND)
        return got.safety, got.safest

    # --- 50/50 influence --------------------------------------------------------------------------

    def mine_tally(self, i: int) -> int:
        """Placements with ``i`` a mine (exact: the probability is a ratio of these counts; what
        conditioning ``i`` a mine counts). Read off the exact marginals, not ``prob * z`` nor a
        conditioned position: on a large board z has thousands of digits and cannot be made a float."""
        return self.state.tally_of(i)

    def scan(self) -> None:
        """Find pseudo-50/50s and the would-be 50/50s (at most one enabler missing) of the board, in
        the core (native/src/lookahead/patterns.rs: the pairs across, then down, then the 2x2
        blocks, anchors ascending; :data:`FINAL_THRESHOLD` the share of placements above which a
        would-be 50/50 counts for influence)."""
        assert self.state.core is not None
        got = call(self.state.core.scan, FINAL_THRESHOLD)
        if got.pseudo is not None:
            self.pseudo = got.pseudo
            return
        self._infl_cells = dict(got.cells)
        self._infl_enablers = dict(got.enablers)

    def influence(self, i: int) -> int:
        """Placements in which opening ``i`` (when safe) breaks a would-be 50/50 it is part of (at
        most three enablers missing), or an enabler of (as found by :meth:`scan`), capped by the
        placements where it is a mine, and where it is safe; in the core (patterns.rs)."""
        assert self.state.core is not None
        return call(self.state.core.influence, i, self._infl_enablers.get(i, 0))

    # --- candidates and scores --------------------------------------------------------------------

    def best_living_safety(self) -> float:
        best = self.off_safety if self.outside else 0.0
        for i in sorted(self.frontier, key=self.prob.__getitem__):
            s = 1.0 - self.prob[i]
            if s <= best:
                break
            if not self.dead(i):
                best = s
                break
        return best

    def candidates(self) -> list[int]:
        prob = self.prob
        if not self.frontier and not self.outside:
            return []  # every unknown cell is decided (0 or 1) by the exact counts: nothing to guess
        living_best = self.best_living_safety()
        best = max([1.0 - prob[i] for i in self.frontier] + ([self.off_safety] if self.outside else []))
        cut = CUTOFF * living_best
        cands = [i for i in self.frontier if 1.0 - prob[i] >= cut - 1e-12]
        if self.outside and self.off_safety > OFF_CUTOFF * best:
            cands.extend(self.off_frontier())
        if self.influence_scale:
            z = self.z
            for i in set(self._infl_cells) | set(self._infl_enablers):
                if i in cands or not 0.0 < prob.get(i, 1.0) < 1.0:
                    continue
                infl = self._infl_cells.get(i, 0) + self._infl_enablers.get(i, 0)
                # (safe placements + influence) / z, a ratio of integers: z may be too large for a float
                if (z - self.mine_tally(i) + infl) / z > CUTOFF * best and not self.dead(i):
                    cands.append(i)
        seen: set[int] = set()
        out = []
        unrevealed = self.around(IS_UNREVEALED)
        for i in sorted(cands, key=lambda i: (prob[i], unrevealed[i], i)):
            if i not in seen:
                seen.add(i)
                out.append(i)
        return out[:max(MIN_CANDIDATES, WORK // len(self.cells))]

    def _at(self, r: int, c: int) -> int | None:
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else None

    def off_frontier(self) -> list[int]:
        rows, cols, cells = self.rows, self.cols, self.cells
        outside = set(self.outside)
        if len(outside) < 30:
            return sorted(outside)
        picked: set[int] = set()
        covered = self.around(IS_COVERED)
        for w in range(rows * cols):
            if cells[w] < 0 or not covered[w]:
                continue
            r, c = divmod(w, cols)
            for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2)):
                j = self._at(r + dr, c + dc)
                if j is not None and j in outside:
                    picked.add(j)
        unrevealed = self.around(IS_UNREVEALED)
        for j in outside:
            if j not in picked and 1 < unrevealed[j] < 4:
                picked.add(j)
        return sorted(picked)

    def evaluate(self, x: int, bar: Evaluated | None) -> Evaluated | None:
        prob, z = self.prob, self.z
        safety = 1.0 - prob[x]
        safe_tally = z - self.mine_tally(x)
        if safe_tally <= 0:
            return None
        infl = 1.0
        if self.influence_scale:
            infl = 1.0 + self.influence_scale * (self.influence(x) / safe_tally)  # int / int: no float(z)
        if bar is not None and not bar.deferred and safety * infl * (1 + PROGRESS) < bar.weight:
            return Evaluated(x, safety, 0.0, False)  # cannot win even if every number left it safe
        # the rest in the core (Position.score), with the same float operations in the same order:
        # x's outcomes; common, the cells safe after every number; deferred when x shows one number
        # only or lies in a small pocket; scored by its safety when its safety alone makes a group of
        # several other cells safe (the next move is free); else the sum over its numbers, most
        # placements first, of P(v) * blended_v * I, pruned once it cannot beat the bar, times
        # (1 + PROGRESS * P(progress)); dominating: the unique safest living cell after every
        # number, when it is safer now
        assert self.state.core is not None
        candidate = _core.Candidate(safety=safety, infl=infl,
                                    bar=bar.weight if bar is not None and not bar.deferred else None,
                                    pocket=self.in_large_pocket(x), weights=_WEIGHTS)
        got = call(self.state.core.score, x, candidate)
        if got is None:
            return None
        return Evaluated(x, safety, got.weight, got.deferred, frozenset(got.common), got.dominating)

    def best_guess(self) -> int | None:
        cands = self.candidates()
        if not cands:
            return None
        best: Evaluated | None = None
        done: list[Evaluated] = []
        for x in cands:
            ev = self.evaluate(x, best)
            if ev is None:
                continue
            done.append(ev)
            if best is None or (best.deferred and not ev.deferred) or \
                    (best.deferred == ev.deferred and ev.weight > best.weight + 1e-12):
                best = ev
        if best is None:
            return None
        for ev in done:  # a strictly safer cell that is safe whenever the chosen one is
            if ev.safety - best.safety > EQUAL and ev.cell in best.common:
                return ev.cell
        if best.dominating is not None and any(ev.cell == best.dominating for ev in done):
            return best.dominating
        return best.cell


def pseudo_fifty_fifty(ev: Evaluator) -> int | None:
    """A living cell that is a mine only where it lies on the mine side of a would-be 50/50 whose
    enablers are all mines (2-cell or 2x2), or None. Every such placement has a twin, equally likely,
    that nothing outside the pattern can tell apart, so opening it now loses only what any play
    must lose."""
    ev.scan()
    return ev.pseudo


def isolated_move(state: CountedPosition, max_placements: int, node_budget: int) -> int | None:
    """The optimal move in the smallest isolated area with at most ``max_placements`` placements.

    An isolated area is a component whose configurations all have the same number of mines and
    whose cells have no covered neighbour outside it (known mines aside): nothing played elsewhere
    can tell anything about it, nor it about elsewhere, and the mine total does not link them. It
    must be solved some time; its exact game tree gives its optimal play, and playing it now is as
    good as later.
    """
    rows, cols, cells = state.rows, state.cols, state.cells
    best: tuple[int, int] | None = None
    for k, (comp, cc) in enumerate(zip(state.comps, state.counts, strict=True)):
        nonzero = [m for m, n in enumerate(cc.counts) if n]
        if len(nonzero) != 1 or cc.total > max_placements:
            continue
        inside = set(comp.cells)
        ok = True
        for x in inside:
            for j in neighbours(rows, cols, x):
                if cells[j] == COVERED and j not in inside and not state.fixed.get(j, False):
                    ok = False
                    break
            if not ok:
                break
        if ok and (best is None or cc.total < best[1]):
            best = (k, cc.total)
    if best is None:
        return None
    k = best[0]
    sub = CountedPosition(rows, cols, cells, {i: True for i, m in state.fixed.items() if m},
                          [state.comps[k]], [state.counts[k]], (),
                          next(m for m, n in enumerate(state.counts[k].counts) if n))
    sub.z = state.counts[k].total
    got = endgame_move(sub, max_placements, node_budget)
    return got[0] if got is not None else None
