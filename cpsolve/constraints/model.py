"""The simplified constraint model of a position (:func:`build_model`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar, overload

from .. import _core
from ..board import Board, code_bytes
from ..budget import OutOfTime, current
from .clues import TOTAL, Clue, Inconsistent, make_clues
from .components import Component, Constraint, make_components
from .simplify import Fact, mine_of

T = TypeVar("T")


class Deferred(Sequence[T]):
    """A tuple made from the core's plain data when first read: most analyses never read a model's
    clues or constraints (a proof certificate, a conflict's explanation, a full encoding do), and
    making them was most of the cost of bringing a model across from the core."""

    __slots__ = ("_items", "_make")

    def __init__(self, make: Callable[[], tuple[T, ...]]) -> None:
        self._make: Callable[[], tuple[T, ...]] | None = make
        self._items: tuple[T, ...] | None = None

    def _get(self) -> tuple[T, ...]:
        items = self._items
        if items is None:
            make = self._make
            assert make is not None
            items = self._items = make()
            self._make = None
        return items

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[T]:
        return iter(self._get())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._get() == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # like the tuple it stands for once made, but mutable until then

    def __repr__(self) -> str:
        return repr(self._get())


@dataclass(frozen=True)
class Model:
    rows: int
    cols: int
    unknown: tuple[int, ...]          # covered, unflagged cells, row-major board indices
    clues: Sequence[Clue]             # every revealed number (clue id = position here)
    remaining: int | None             # mines among ``unknown`` (total minus flags and known mines)
    fixed: dict[int, Fact]            # cells fixed by simplification
    constraints: Sequence[Constraint]  # simplified constraints over unfixed cells
    components: tuple[Component, ...]
    outside: tuple[int, ...]          # unfixed unknown cells in no constraint
    stats: dict[str, int] = field(default_factory=dict, compare=False)
    #: the core's own model (``cpsolve._core.Model``) when the core built this one, for native consumers
    core: Any = field(default=None, compare=False, repr=False)

    @cached_property
    def remaining_free(self) -> int | None:
        """Mines among the unfixed cells (components and outside); computed once per model."""
        if self.remaining is None:
            return None
        return self.remaining - sum(map(mine_of, self.fixed.values()))

    def clue_cells(self, sources: frozenset[int]) -> list[tuple[int, int]]:
        """Board coordinates of the clues among ``sources`` (TOTAL omitted), sorted."""
        return sorted((self.clues[s].row, self.clues[s].col) for s in sources if s != TOTAL)



#: Totals passed to the core are clamped into this range (a total beyond the board's cells is
#: inconsistent the same way; only the message's number would differ).
_TOTAL_CLAMP = 1 << 62


def build_model(board: Board, *, trust_flags: bool = True, simplify: bool = True) -> Model:
    """The simplified constraint model of ``board``, built by the native core
    (``native/src/model/``). Raises :class:`Inconsistent`, and :class:`~cpsolve.budget.OutOfTime`
    when the analysis deadline passes."""
    remaining = board.remaining_mines(trust_flags)
    passed = None if remaining is None else max(-_TOTAL_CLAMP, min(_TOTAL_CLAMP, remaining))
    got = _core.build_model(board.rows, board.cols, code_bytes(board.cells), passed, trust_flags, simplify,
                            current().left())
    if got[0] == 1:
        raise Inconsistent(frozenset(got[1]), got[2])
    if got[0] != 0:
        raise OutOfTime()
    _, unknown, clue_cells, fixed_data, fact_data, comp_data, outside, frontier, core = got
    new_fact = tuple.__new__  # Fact's own __new__ is a Python function; the fields are all known here
    facts = [new_fact(Fact, (mine, frozenset(src))) for mine, src in fact_data]
    fixed = dict(zip(fixed_data[::2], map(facts.__getitem__, fixed_data[1::2])))
    components = make_components(comp_data)
    stats = {
        "clue_cells": clue_cells,
        "frontier": frontier,
        "fixed": len(fixed),
        "components": len(components),
        "largest_component": max((c.size for c in components), default=0),
    }
    cols = board.cols
    return Model(board.rows, board.cols, tuple(unknown), Deferred(lambda: make_clues(core.clues(), cols)), remaining,
                 fixed, Deferred(lambda: _constraints(core.constraints())), components, tuple(outside), stats, core)


def _constraints(data: list[tuple[list[int], int, list[int]]]) -> tuple[Constraint, ...]:
    return tuple([Constraint(frozenset(cells), need, frozenset(src)) for cells, need, src in data])
