"""The constraint model of a position: clues as "exactly k mines among these cells".

:func:`build_model` turns a :class:`~cpsolve.board.Board` into a :class:`Model`:

* every clue becomes ``Clue(need, cells)`` after subtracting its flagged and known mines;
* the model is simplified by solution-preserving rules (a constraint needing 0 mines, or as many as it
  has cells, fixes them; a constraint inside another is subtracted from it; two overlapping constraints
  whose difference is forced fix it). Each derived fact records the clues it used (``sources``).
  A fixed cell here is a fact *of the model*, used by the counter to shrink its work; it is not a
  certainty shown to the user. Only :mod:`cpsolve.proof` turns facts into certainties;
* cells touching the same set of constraints form a :class:`Group`; groups linked by constraints
  form independent :class:`Component`\\ s; covered cells touching no clue form the ``outside`` group.

The counter, the estimator and the prover all read this model; none of them changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .board import COVERED, FLAG, MINE, Board, neighbour_table

#: Source id standing for the global mine total in ``sources`` sets.
TOTAL = -1


class Inconsistent(Exception):
    """No placement satisfies the model. ``sources``: clue ids (and :data:`TOTAL`) that conflict."""

    def __init__(self, sources: frozenset[int], reason: str = "") -> None:
        self.sources = sources
        self.reason = reason
        super().__init__(reason or "inconsistent")


@dataclass(frozen=True)
class Clue:
    """A revealed number: ``need`` mines among the unknown ``cells`` (board indices)."""

    index: int
    row: int
    col: int
    number: int
    need: int
    cells: frozenset[int]


class Fact(NamedTuple):
    """A cell fixed by simplification, with the clue ids (and maybe TOTAL) it follows from."""

    mine: bool
    sources: frozenset[int]


@dataclass(frozen=True)
class Constraint:
    """``need`` mines among ``cells``; ``sources`` are the clue ids it was derived from."""

    cells: frozenset[int]
    need: int
    sources: frozenset[int]


@dataclass(frozen=True)
class Group:
    """Cells touching exactly the same constraints; ``constraints`` index into the component's list."""

    cells: tuple[int, ...]
    constraints: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Component:
    """Groups linked by constraints; independent of every other component except through the total."""

    groups: tuple[Group, ...]
    # (group ids, need) per constraint
    constraints: tuple[tuple[tuple[int, ...], int], ...]
    sources: frozenset[int]

    @property
    def size(self) -> int:
        return sum(g.size for g in self.groups)

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(c for g in self.groups for c in g.cells)


@dataclass(frozen=True)
class Model:
    rows: int
    cols: int
    unknown: tuple[int, ...]          # covered, unflagged cells, row-major board indices
    clues: tuple[Clue, ...]           # every revealed number (clue id = position here)
    remaining: int | None             # mines among ``unknown`` (total minus flags and known mines)
    fixed: dict[int, Fact]            # cells fixed by simplification
    constraints: tuple[Constraint, ...]  # simplified constraints over unfixed cells
    components: tuple[Component, ...]
    outside: tuple[int, ...]          # unfixed unknown cells in no constraint
    stats: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def remaining_free(self) -> int | None:
        """Mines among the unfixed cells (components and outside)."""
        if self.remaining is None:
            return None
        return self.remaining - sum(1 for f in self.fixed.values() if f.mine)

    def clue_cells(self, sources: frozenset[int]) -> list[tuple[int, int]]:
        """Board coordinates of the clues among ``sources`` (TOTAL omitted), sorted."""
        return sorted((self.clues[s].row, self.clues[s].col) for s in sources if s != TOTAL)


def board_clues(board: Board, trust_flags: bool = True) -> tuple[tuple[int, ...], tuple[Clue, ...]]:
    """The unknown cells and the clues of a board (flags count as mines when ``trust_flags``).

    Only clues that constrain something are kept: a revealed number with no unknown neighbour is
    dropped when its mines are all known (it says nothing more), and kept when it is violated.
    """
    cells = board.cells
    cols = board.cols
    if trust_flags:
        unknown = tuple(i for i, v in enumerate(cells) if v == COVERED)
        is_unknown = [v == COVERED for v in cells]
        is_mine = [v == FLAG or v == MINE for v in cells]
    else:
        unknown = tuple(i for i, v in enumerate(cells) if v == COVERED or v == FLAG)
        is_unknown = [v == COVERED or v == FLAG for v in cells]
        is_mine = [v == MINE for v in cells]
    table = neighbour_table(board.rows, cols) if len(cells) <= 250_000 else None
    clues = []
    for i, k in enumerate(cells):
        if k < 0:
            continue
        unk = []
        known = 0
        for j in (table[i] if table is not None else board.neighbours(i)):
            if is_unknown[j]:
                unk.append(j)
            elif is_mine[j]:
                known += 1
        if not unk and known == k:
            continue
        r, c = divmod(i, cols)
        clues.append(Clue(i, r, c, k, k - known, frozenset(unk)))
    return unknown, tuple(clues)


class _Simplifier:
    """Fixpoint of the simplification rules over a set of constraints keyed by their cell sets."""

    def __init__(self) -> None:
        self.cons: dict[frozenset[int], tuple[int, frozenset[int]]] = {}
        self.by_cell: dict[int, set[frozenset[int]]] = {}
        self.fixed: dict[int, Fact] = {}
        self.work: list[frozenset[int]] = []
        self.fixq: list[int] = []

    def add(self, cells: frozenset[int], need: int, src: frozenset[int]) -> None:
        fixed = self.fixed
        if fixed and not fixed.keys().isdisjoint(cells):
            keep = []
            for c in cells:
                f = fixed.get(c)
                if f is None:
                    keep.append(c)
                else:
                    src = src | f.sources
                    if f.mine:
                        need -= 1
            cells = frozenset(keep)
        n = len(cells)
        if need < 0 or need > n:
            raise Inconsistent(src, f"{need} mines needed among {n} cells")
        if n == 0:
            return
        if need == 0 or need == n:
            mine = need == n
            for c in cells:
                self.fix(c, mine, src)
            return
        old = self.cons.get(cells)
        if old is not None:
            if old[0] != need:
                raise Inconsistent(src | old[1], "two constraints on the same cells disagree")
            return
        self.cons[cells] = (need, src)
        for c in cells:
            self.by_cell.setdefault(c, set()).add(cells)
        self.work.append(cells)

    def fix(self, cell: int, mine: bool, src: frozenset[int]) -> None:
        f = self.fixed.get(cell)
        if f is not None:
            if f.mine != mine:
                raise Inconsistent(src | f.sources, "a cell is forced both safe and mine")
            return
        self.fixed[cell] = Fact(mine, src)
        self.fixq.append(cell)

    def remove(self, cells: frozenset[int]) -> tuple[int, frozenset[int]]:
        need_src = self.cons.pop(cells)
        for c in cells:
            s = self.by_cell.get(c)
            if s is not None:
                s.discard(cells)
        return need_src

    def run(self) -> None:
        cons = self.cons
        while self.fixq or self.work:
            while self.fixq:
                c = self.fixq.pop()
                for key in list(self.by_cell.pop(c, ())):
                    if key in cons:
                        need, src = self.remove(key)
                        self.add(key, need, src)
            if not self.work:
                break
            a = self.work.pop()
            if a not in cons:
                continue
            na, sa = cons[a]
            others: set[frozenset[int]] = set()
            for c in a:
                others |= self.by_cell.get(c, set())
            others.discard(a)
            for b in others:
                if b not in cons or a not in cons:
                    continue
                nb, sb = cons[b]
                if a < b:
                    self.remove(b)
                    self.add(b - a, nb - na, sa | sb)
                elif b < a:
                    self.remove(a)
                    self.add(a - b, na - nb, sa | sb)
                    break
                else:
                    # Overlap: when B needs |B\A| more mines than A, B\A is all mines and A\B all safe.
                    only_b = b - a
                    only_a = a - b
                    if nb - na == len(only_b):
                        src = sa | sb
                        for c in only_b:
                            self.fix(c, True, src)
                        for c in only_a:
                            self.fix(c, False, src)
                    elif na - nb == len(only_a):
                        src = sa | sb
                        for c in only_a:
                            self.fix(c, True, src)
                        for c in only_b:
                            self.fix(c, False, src)
                    else:
                        continue
                    # facts found: apply them first, then look at this constraint again
                    self.work.append(a)
                    break


def build_model(board: Board, *, trust_flags: bool = True, simplify: bool = True) -> Model:
    """The simplified constraint model of ``board``. Raises :class:`Inconsistent`."""
    unknown, clues = board_clues(board, trust_flags)
    remaining: int | None = None
    if board.mines is not None:
        marked = board.known_mines + (board.flags if trust_flags else 0)
        remaining = board.mines - marked
        if remaining < 0 or remaining > len(unknown):
            raise Inconsistent(frozenset({TOTAL}), f"{remaining} mines remain for {len(unknown)} cells")
    simp = _Simplifier()
    for cid, clue in enumerate(clues):
        src = frozenset({cid})
        if not clue.cells:
            if clue.need != 0:
                raise Inconsistent(src, "a clue has no covered neighbour left for its mines")
            continue
        if not simplify:
            if clue.need < 0 or clue.need > len(clue.cells):
                raise Inconsistent(src, "a clue needs more mines than it has cells")
            old = simp.cons.get(clue.cells)
            if old is not None and old[0] != clue.need:
                raise Inconsistent(src | old[1], "two clues on the same cells disagree")
            simp.cons[clue.cells] = (clue.need, src)
            for c in clue.cells:
                simp.by_cell.setdefault(c, set()).add(clue.cells)
            continue
        simp.add(clue.cells, clue.need, src)
    if simplify:
        simp.run()
        if remaining is not None:
            # The total alone: no mines left fixes every unfixed cell safe, no room fixes them all mines.
            while True:
                n_mines = sum(1 for f in simp.fixed.values() if f.mine)
                n_free = len(unknown) - len(simp.fixed)
                left = remaining - n_mines
                if 0 < left < n_free or (n_free == 0 and left == 0):
                    break
                # the provenance is built only here, when the total decides something
                src = frozenset({TOTAL}).union(*(f.sources for f in simp.fixed.values() if f.mine))
                if left < 0 or left > n_free:
                    raise Inconsistent(src, "the mine total cannot be met")
                if left > 0:
                    # all remaining mines are forced: the source is the total and every fixed safe cell
                    src = src.union(*(f.sources for f in simp.fixed.values() if not f.mine))
                for c in unknown:
                    if c not in simp.fixed:
                        simp.fix(c, left > 0, src)
                simp.run()
    constraints = tuple(Constraint(k, n, s) for k, (n, s) in simp.cons.items())
    components, in_constraint = _components(constraints)
    outside = tuple(c for c in unknown if c not in in_constraint and c not in simp.fixed)
    stats = {
        "clue_cells": len(set().union(*(c.cells for c in clues))) if clues else 0,
        "frontier": len(in_constraint),
        "fixed": len(simp.fixed),
        "components": len(components),
        "largest_component": max((c.size for c in components), default=0),
    }
    return Model(board.rows, board.cols, unknown, clues, remaining, dict(simp.fixed), constraints,
                 components, outside, stats)


def _components(constraints: tuple[Constraint, ...]) -> tuple[tuple[Component, ...], set[int]]:
    """Split constraints into independent components and group their cells by membership."""
    parent = list(range(len(constraints)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    member: dict[int, list[int]] = {}
    for ci, con in enumerate(constraints):
        for c in con.cells:
            member.setdefault(c, []).append(ci)
    for cis in member.values():
        r0 = find(cis[0])
        for ci in cis[1:]:
            r = find(ci)
            if r != r0:
                parent[r] = r0
    comp_cons: dict[int, list[int]] = {}
    for ci in range(len(constraints)):
        comp_cons.setdefault(find(ci), []).append(ci)
    comp_cells: dict[int, list[int]] = {}
    for c in sorted(member):
        comp_cells.setdefault(find(member[c][0]), []).append(c)
    out = []
    for root, cis in comp_cons.items():
        local = {ci: k for k, ci in enumerate(cis)}
        groups: dict[tuple[int, ...], list[int]] = {}
        for c in comp_cells[root]:
            sig = tuple(sorted(local[ci] for ci in member[c]))
            groups.setdefault(sig, []).append(c)
        glist = [Group(tuple(cells), sig) for sig, cells in groups.items()]
        con_groups: list[list[int]] = [[] for _ in cis]
        for gi, g in enumerate(glist):
            for k in g.constraints:
                con_groups[k].append(gi)
        cons = tuple((tuple(gs), constraints[ci].need) for gs, ci in zip(con_groups, cis))
        sources = frozenset().union(*(constraints[ci].sources for ci in cis))
        out.append(Component(tuple(glist), cons, sources))
    out.sort(key=lambda comp: min(comp.cells))
    return tuple(out), set(member)


def group_order(comp: Component) -> list[int]:
    """A placement order keeping the set of open constraints small (greedy, min-width first)."""
    groups = comp.groups
    n = len(groups)
    unplaced_in = [len(gs) for gs, _ in comp.constraints]
    opened: set[int] = set()
    placed = [False] * n
    con_groups = [gs for gs, _ in comp.constraints]
    order: list[int] = []
    frontier: set[int] = set()  # unplaced groups touching an open constraint
    for _ in range(n):
        candidates = frontier if frontier else (g for g in range(n) if not placed[g])
        best, best_key = -1, None
        for g in candidates:
            cons = groups[g].constraints
            new = 0
            closes = 0
            for c in cons:
                if c not in opened:
                    new += 1
                if unplaced_in[c] == 1:
                    closes += 1
            key = (new - closes, new, g)
            if best_key is None or key < best_key:
                best, best_key = g, key
        g = best
        placed[g] = True
        frontier.discard(g)
        order.append(g)
        for c in groups[g].constraints:
            unplaced_in[c] -= 1
            if unplaced_in[c] == 0:
                opened.discard(c)
            else:
                if c not in opened:
                    opened.add(c)
                    frontier.update(x for x in con_groups[c] if not placed[x])
    return order

@dataclass(frozen=True)
class PlanStep:
    """One step of a dynamic programme over a component's groups (shared by counter and estimator).

    The DP state before the step holds the residual needs of the open constraints; ``new_needs`` are
    appended for the constraints this group opens. ``touch`` are the slots (in that extended state)
    of the group's constraints, ``closing`` the slots that must reach 0 here, ``keep`` the slots that
    form the next state and ``keep_caps`` their room left in groups still to place.
    """

    group: int
    size: int
    new_needs: tuple[int, ...]
    touch: tuple[int, ...]
    closing: tuple[int, ...]
    keep: tuple[int, ...]
    keep_caps: tuple[int, ...]

    def transitions(self, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """Every feasible number j of mines in this group from ``state``, with the next state."""
        base = list(state + self.new_needs)
        touch = self.touch
        hi = self.size
        for k in touch:
            if base[k] < hi:
                hi = base[k]
        lo = 0
        for k in self.closing:  # a closing constraint must be met exactly by this group
            r = base[k]
            lo = max(lo, r)
            hi = min(hi, r)
        out = []
        keep, caps = self.keep, self.keep_caps
        for j in range(lo, hi + 1):
            for k in touch:
                base[k] -= j
            for k, cp in zip(keep, caps):
                if base[k] > cp:
                    break
            else:
                out.append((j, tuple([base[k] for k in keep])))
            for k in touch:
                base[k] += j
        return out


def elimination_plan(comp: Component) -> list[PlanStep]:
    """The steps of placing the groups of ``comp`` in :func:`group_order`."""
    groups = comp.groups
    needs = [need for _, need in comp.constraints]
    order = group_order(comp)
    pos = {g: i for i, g in enumerate(order)}
    last = [max(pos[g] for g in gs) for gs, _ in comp.constraints]
    # capacity of each constraint still to be placed after step i
    cap = [sum(groups[g].size for g in gs) for gs, _ in comp.constraints]
    active: tuple[int, ...] = ()
    steps = []
    for i, g in enumerate(order):
        size = groups[g].size
        cg = groups[g].constraints
        for c in cg:
            cap[c] -= size
        aset = set(active)
        new = tuple(c for c in cg if c not in aset)
        ext = active + new
        ext_index = {c: k for k, c in enumerate(ext)}
        keep = tuple(k for k, c in enumerate(ext) if last[c] != i)
        steps.append(PlanStep(g, size, tuple(needs[c] for c in new), tuple(ext_index[c] for c in cg),
                              tuple(ext_index[c] for c in cg if last[c] == i), keep,
                              tuple(cap[ext[k]] for k in keep)))
        active = tuple(ext[k] for k in keep)
    return steps
