"""The probabilities an analysis keeps: per group on a model's board (:class:`GroupProbabilities`,
one value object shared by a group's cells), and :class:`RawCells`, what the per-cell results are
built from when first read."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from itertools import chain, compress, repeat
from typing import TypeGuard

from ..collector import GC_PAUSE_CELLS, gc_paused
from ..constraints import Fact
from ..constraints.model import mine_flags
from ..probability import Estimate, Exact, Probability
from ..proof.certainty import Certainties, Certainty
from .cells import ESTIMATE_ONE, ESTIMATE_ZERO, EXACT_ONE, EXACT_ZERO, CellResult


def counted(probs: Mapping[int, Probability]) -> TypeGuard[GroupProbabilities]:
    """``probs`` are an exactly counted board's, kept per group (every value exact; a degraded
    answer's one shared estimate is kept per group too, but it is not counted)."""
    return isinstance(probs, GroupProbabilities) and probs._zero is EXACT_ZERO and isinstance(probs._p_out, Exact)


class GroupProbabilities(Mapping[int, Probability]):
    """The probabilities of a board kept per group: ``explicit`` per frontier cell (one value
    object shared within a group), ``p_out`` for every ``outside`` cell (ascending), and for a
    ``fixed`` cell (read off the model's facts) ``fixed_values``' first (safe) or second (a mine)
    value, looked up on access.

    ``explicit`` None: the frontier cells' values are made from ``groups`` (the core's exact
    count, ``(cells, sizes, nums, dens)``: ``sizes[g]`` cells of ``cells`` in turn at
    ``nums[g] / dens[g]``) when first read (:meth:`explicit`): an analysis whose cells are never
    read makes no value object (a Beginner position's were a twentieth of its analysis)."""

    __slots__ = ("_explicit", "_groups", "_outside", "_outside_set", "_p_out", "_fixed", "_zero", "_one")

    def __init__(self, explicit: dict[int, Probability] | None, outside: Sequence[int], p_out: Probability,
                 fixed: Mapping[int, Fact], fixed_values: tuple[Probability, Probability] = (EXACT_ZERO, EXACT_ONE),
                 groups: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]] | None = None) -> None:
        self._explicit = explicit
        self._groups = groups
        self._outside = outside
        self._outside_set: frozenset[int] | None = None
        self._p_out = p_out
        self._fixed = fixed
        self._zero, self._one = fixed_values

    def explicit(self) -> dict[int, Probability]:
        """Frontier cell -> its value (one object per group, shared by its cells), in the groups'
        order; made once (from the groups' ratios when not given), must not be changed."""
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None, "no frontier values nor groups"
            cells, sizes, nums, dens = groups
            explicit = self._explicit = explicit_values(cells, sizes, Exact.ratios(nums, dens))
            self._groups = None
        return explicit

    def __getitem__(self, cell: int) -> Probability:
        p = self.get(cell)
        if p is None:
            raise KeyError(cell)
        return p

    def get(self, cell: int, default: Probability | None = None) -> Probability | None:  # type: ignore[override]
        # what __getitem__ does, without Mapping.get's call of it and its KeyError per miss
        explicit = self._explicit
        p = (self.explicit() if explicit is None else explicit).get(cell)
        if p is not None:
            return p
        if cell not in mine_flags(self._fixed):
            if self._outside_set is None:
                self._outside_set = frozenset(self._outside)
            if cell not in self._outside_set:
                return default
        return self.value_of(cell)

    def value_of(self, cell: int) -> Probability:
        """The value of ``cell``, which must be one of the board's cells (not checked: no set of the
        off-frontier cells is made): a frontier cell's group value, a fixed cell's by its flag (the
        fixed cells' facts are not made), else the off-frontier value."""
        explicit = self._explicit
        p = (self.explicit() if explicit is None else explicit).get(cell)
        if p is not None:
            return p
        mine = mine_flags(self._fixed).get(cell)
        if mine is None:
            return self._p_out
        return self._one if mine else self._zero

    def __iter__(self) -> Iterator[int]:
        yield from self._fixed
        yield from self.explicit()
        yield from self._outside

    def certain_map(self) -> dict[int, bool]:
        """Cell -> is 1, of every cell whose value is exactly 0 or 1 (the cells :meth:`get` gives
        such a value), in no particular order, each value object read once and the cells gathered
        in C (dict, compress, map): the fixed cells, the frontier cells of a certain group, the
        off-frontier cells when their value is certain. While the frontier values are not made
        (:meth:`explicit`), the certain groups are read off the count's ratios without making them
        (a player's referee asks this of every position and reads no other value)."""
        p_out = self._p_out
        out: dict[int, bool] = {}
        if self._outside and isinstance(p_out, Exact) and p_out.is_certain():
            out = dict.fromkeys(self._outside, bool(p_out.fraction))
        out.update(mine_flags(self._fixed))
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None, "no frontier values nor groups"
            cells, sizes, nums, dens = groups
            if out and not out.keys().isdisjoint(cells):  # a frontier cell's own value comes first
                for i in out.keys() & set(cells):
                    del out[i]
            at = 0
            for size, num, den in zip(sizes, nums, dens):
                if num == 0 or num == den:  # the group's value is exactly 0 or 1 (Exact.is_certain)
                    out.update(dict.fromkeys(cells[at:at + size], num != 0))
                at += size
            return out
        if out and not explicit.keys().isdisjoint(out):  # a frontier cell's own value comes first
            for i in explicit.keys() & out.keys():
                del out[i]
        values = list(explicit.values())
        ids = list(map(id, values))
        ones = {k: p.is_one() for k, p in dict(zip(ids, values, strict=True)).items()
                if isinstance(p, Exact) and p.is_certain()}
        if ones:
            certain = list(map(ones.__contains__, ids))
            out.update(zip(compress(explicit, certain), map(ones.__getitem__, compress(ids, certain))))
        return out

    def __len__(self) -> int:
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None
            return len(self._fixed) + len(groups[0]) + len(self._outside)
        return len(self._fixed) + len(explicit) + len(self._outside)


def explicit_values(cells: Sequence[int], sizes: Sequence[int], values: Sequence[Probability]
                    ) -> dict[int, Probability]:
    """Frontier cell -> its value, ``sizes[g]`` of ``cells`` in turn at ``values[g]`` (one value
    object per group, shared by its cells)."""
    # (one group, most small positions: its cells at its value, without the iterators)
    return (dict.fromkeys(cells, values[0]) if len(values) == 1 else
            dict(zip(cells, chain.from_iterable(map(repeat, values, sizes)))))


#: The probabilities of a board kept per group (the class itself: no wrapper call per analysis).
group_probabilities = GroupProbabilities


def _make_cells(unknown: Sequence[int], cols: int, probs: Mapping[int, Probability],
                proofs: Mapping[int, Certainty]) -> list[CellResult]:
    """One :class:`CellResult` per cell of ``unknown`` (row-major board indices)."""
    cells = []
    proof_of = (proofs.all() if isinstance(proofs, Certainties) else proofs).get
    for i, p in zip(unknown, per_cell(probs, unknown), strict=True):
        proof = proof_of(i)
        if proof is not None and isinstance(p, Estimate):
            # a proved cell's estimate is replaced by the proved value (still labelled an estimate:
            # the board's numbers stay estimates; knowledge flows from proofs to numbers, never back)
            p = ESTIMATE_ONE if proof.mine else ESTIMATE_ZERO
        cells.append(CellResult(i // cols, i % cols, p, proof))
    return cells


def per_cell(probs: Mapping[int, Probability], cells: Sequence[int]) -> list[Probability]:
    """The probability of each of ``cells``, in order (huge boards: without a Mapping call per cell)."""
    if not isinstance(probs, GroupProbabilities):
        return list(map(probs.__getitem__, cells))
    explicit_get, fixed_get = probs.explicit().get, mine_flags(probs._fixed).get
    zero, one = probs._zero, probs._one
    out = []
    for i in cells:
        p = explicit_get(i)
        if p is None:
            f = fixed_get(i)
            p = probs[i] if f is None else one if f else zero
        out.append(p)
    return out


@dataclass(slots=True)  # not frozen: its __init__ would set each field through object.__setattr__
class RawCells:
    """What the per-cell results are built from (on first read): the ``unknown`` cells (row-major
    board indices), their probabilities and the certainties as the proof subsystem returned them;
    also what the document is written from while the cells were not read."""

    unknown: Sequence[int]
    rows: int
    cols: int
    probs: Mapping[int, Probability]
    proofs: Mapping[int, Certainty]

    def make_cells(self) -> list[CellResult]:
        with gc_paused() if len(self.unknown) >= GC_PAUSE_CELLS else nullcontext():
            return _make_cells(self.unknown, self.cols, self.probs, self.proofs)

    def verdicts(self) -> Mapping[int, bool]:
        proofs = self.proofs
        return proofs.verdicts() if isinstance(proofs, Certainties) else {c: x.mine for c, x in proofs.items()}

