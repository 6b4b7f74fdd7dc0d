"""The simplified constraint model of a position (:func:`build_model`)."""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, Sequence, ValuesView
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .. import _core
from ..board import Board
from ..boundary import invoke, seconds
from ..budget import check, checked_slices
from .clues import TOTAL, Clue, make_clues
from .components import CHECK_EVERY, Component, Constraint, make_components
from .simplify import Fact, mine_of

T = TypeVar("T")


class Deferred(Sequence[T]):
    """A tuple made from the core's plain data when first read: most analyses never read a model's
    clues, constraints, components or cells (a proof certificate, a conflict's explanation, a full
    encoding, the per-cell results do), and making them was most of the cost of bringing a model
    across from the core. ``make`` gives the items (a tuple is kept as it is; a core method's list
    is made a tuple); ``length``, when known, answers ``len`` and truth without making it."""

    __slots__ = ("_items", "_make", "_len")

    def __init__(self, make: Callable[[], Iterable[T]], length: int | None = None) -> None:
        self._make: Callable[[], Iterable[T]] | None = make
        self._items: tuple[T, ...] | None = None
        self._len = length

    def _get(self) -> tuple[T, ...]:
        items = self._items
        if items is None:
            make = self._make
            assert make is not None
            items = self._items = tuple(make())
            self._make = None
        return items

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        return self._get()[i]

    def __len__(self) -> int:
        n = self._len
        return len(self._get()) if n is None else n

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[T]:
        return iter(self._get())

    def __contains__(self, item: object) -> bool:
        return item in self._get()

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._get())

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        items = self._get()
        return items.index(value, start, len(items) if stop is None else stop)

    def count(self, value: object) -> int:
        return self._get().count(value)

    def __add__(self, other: object) -> tuple[T, ...]:
        if isinstance(other, (tuple, Deferred)):
            return self._get() + tuple(other)
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._get() == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # like the tuple it stands for once made, but mutable until then

    def __repr__(self) -> str:
        return repr(self._get())


class FixedCells(Mapping[int, Fact]):
    """A model's fixed cells (cell -> :class:`Fact`), made from the core's data when first read;
    their number and how many are mines are known at once (the counter and the prover need no
    more on most positions)."""

    __slots__ = ("_dict", "_core", "_len", "mines", "_flags")

    def __init__(self, core: _core.Model, length: int, mines: int) -> None:
        self._dict: dict[int, Fact] | None = None
        self._flags: dict[int, bool] | None = None
        self._core: _core.Model | None = core
        self._len = length
        self.mines = mines

    def as_dict(self) -> dict[int, Fact]:
        """The cells as a plain dict (made now if not made yet; must not be changed)."""
        d = self._dict
        if d is None:
            core = self._core
            assert core is not None  # dropped only once the dict is made
            new_fact = tuple.__new__  # Fact's own __new__ is a Python function; the fields are all known here
            facts = [new_fact(Fact, (mine, frozenset(src))) for mine, src in core.facts()]
            data = core.fixed()
            d = self._dict = dict(zip(data[::2], map(facts.__getitem__, data[1::2])))
            self._core = None
        return d

    def flags(self) -> dict[int, bool]:
        """Cell -> is a mine, without making the facts while they are not made (a player reads this
        of every position, the facts' sources seldom); made once, must not be changed."""
        flags = self._flags
        if flags is None:
            d, core = self._dict, self._core
            if d is None:
                assert core is not None  # dropped only once the dict is made
                flags = core.fixed_mines()
            else:
                flags = {c: f.mine for c, f in d.items()}
            self._flags = flags
        return flags

    def sources(self) -> frozenset[int]:
        """The union of every fixed cell's fact's sources (clue ids and TOTAL), from the core's
        facts while they are not made (0.5 s of a 1000x1000 board's 600,000 fixed cells)."""
        d, core = self._dict, self._core
        if d is None:
            assert core is not None  # dropped only once the dict is made
            return frozenset(core.fixed_sources())
        return frozenset().union(*(f.sources for f in d.values()))

    def __getitem__(self, cell: int) -> Fact:
        return self.as_dict()[cell]

    def get(self, cell: int, default: Fact | None = None) -> Fact | None:  # type: ignore[override]
        return self.as_dict().get(cell, default)

    def __contains__(self, cell: object) -> bool:
        return cell in self.as_dict()

    def __iter__(self) -> Iterator[int]:
        return iter(self.as_dict())

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def items(self) -> ItemsView[int, Fact]:
        return self.as_dict().items()

    def keys(self) -> KeysView[int]:
        return self.as_dict().keys()

    def values(self) -> ValuesView[Fact]:
        return self.as_dict().values()

    def __repr__(self) -> str:
        return repr(self.as_dict())


def plain(fixed: Mapping[int, Fact]) -> Mapping[int, Fact]:
    """``fixed`` as a plain dict where it is a :class:`FixedCells` (for lookups per cell in loops)."""
    return fixed.as_dict() if isinstance(fixed, FixedCells) else fixed


def mine_flags(fixed: Mapping[int, tuple[bool, Any]]) -> Mapping[int, bool]:
    """Cell -> is a mine of the fixed cells ``fixed`` (a :class:`FixedCells`: without making its
    facts; must not be changed)."""
    if isinstance(fixed, FixedCells):
        return fixed.flags()
    return {c: f[0] for c, f in fixed.items()}


def fixed_sources(fixed: Mapping[int, Fact]) -> frozenset[int]:
    """The union of the sources of the facts of ``fixed`` (a :class:`FixedCells`: without making
    its facts)."""
    if isinstance(fixed, FixedCells):
        return fixed.sources()
    return frozenset().union(*(f.sources for f in fixed.values()))


_UNSET = object()


@dataclass(frozen=True)
class Model:
    rows: int
    cols: int
    unknown: Sequence[int]            # covered, unflagged cells, row-major board indices
    clues: Sequence[Clue]             # every revealed number (clue id = position here)
    remaining: int | None             # mines among ``unknown`` (total minus flags and known mines)
    fixed: Mapping[int, Fact]         # cells fixed by simplification
    constraints: Sequence[Constraint]  # simplified constraints over unfixed cells
    components: Sequence[Component]
    outside: Sequence[int]            # unfixed unknown cells in no constraint
    stats: dict[str, int] = field(default_factory=dict, compare=False)
    #: the core's own model (``cpsolve._core.Model``) when the core built this one, for native consumers
    core: _core.Model | None = field(default=None, compare=False, repr=False)

    @property
    def remaining_free(self) -> int | None:
        """Mines among the unfixed cells (components and outside); computed once per model (kept
        in the instance dict by hand: functools.cached_property takes a lock on every read in 3.11)."""
        got = self.__dict__.get("_remaining_free", _UNSET)
        if got is not _UNSET:
            return got
        if self.remaining is None:
            value = None
        elif isinstance(self.fixed, FixedCells):
            value = self.remaining - self.fixed.mines
        else:
            value = self.remaining - sum(map(mine_of, self.fixed.values()))
        self.__dict__["_remaining_free"] = value
        return value

    def holds(self) -> bool:
        """Every constraint can hold alone, the mine total's included (the mines left among the
        unfixed cells fit the total's constraint of the prover's encoding): the core's rule
        (``holds`` in native/src/model/mod.rs; the count's ``bounded`` is the same answer)."""
        core = self.core
        if core is None:
            raise ValueError("a model the core built is needed (Model.core)")
        return bool(core.holds(clamp_total(self.remaining_free)))

    @property
    def frontier(self) -> int:
        """Unknown cells in some constraint (the union of the constraints' cells)."""
        n = self.stats.get("frontier")
        if n is None:
            n = len(set().union(*(c.cells for c in self.constraints)))
        return n

    def clue_cells(self, sources: frozenset[int]) -> list[tuple[int, int]]:
        """Board coordinates of the clues among ``sources`` (TOTAL omitted), sorted."""
        return sorted((self.clues[s].row, self.clues[s].col) for s in sources if s != TOTAL)

    if not TYPE_CHECKING:  # the fields are typed above; this only fills them

        def __getattr__(self, name: str) -> Any:
            # called only for a name not in the instance dict: on a model the core built
            # (model_of_core), a part (unknown, clues, constraints, components, outside) is made
            # when first read, as a Deferred (itself made from the core's data when first read)
            part = _PARTS.get(name)
            made = self.__dict__.get("_parts")
            if part is None or made is None:
                raise AttributeError(f"'Model' object has no attribute '{name}'")
            value = self.__dict__[name] = part(*made)
            return value


def _checked(make: Callable[[], T]) -> T:
    """``make()``, once the current deadline is checked (:func:`cpsolve.budget.check`): the core's
    components of a huge board take 0.4 s to cross to Python, not interruptible."""
    check()
    return make()


#: A lazy part of a model the core built, from (the core's model, cols, unknown cells, components, outside cells).
_PARTS: dict[str, Callable[..., Deferred[Any]]] = {
    "unknown": lambda core, cols, n_unknown, n_components, n_outside: Deferred(core.unknown, n_unknown),
    "clues": lambda core, cols, *_: Deferred(lambda: make_clues(core.clues(), cols)),
    "constraints": lambda core, *_: Deferred(lambda: _constraints(_checked(core.constraints))),
    "components": lambda core, cols, n_unknown, n_components, n_outside: Deferred(
        lambda: make_components(_checked(core.components)), n_components),
    "outside": lambda core, cols, n_unknown, n_components, n_outside: Deferred(core.outside, n_outside),
}



#: Totals passed to the core are clamped into this range (a total beyond the board's cells is
#: inconsistent the same way; only the message's number would differ).
_TOTAL_CLAMP = 1 << 62


def build_model(board: Board, *, trust_flags: bool = True, simplify: bool = True) -> Model:
    """The simplified constraint model of ``board``, built by the native core
    (``native/src/model/``). Raises :class:`Inconsistent`, and :class:`~cpsolve.budget.OutOfTime`
    when the analysis deadline passes."""
    remaining = board.remaining_mines(trust_flags)
    options = _core.Options(flags=_core.ModelFlags(trust_flags=trust_flags, simplify=simplify), seconds=seconds())
    core = invoke(_core.build_model, board.rows, board.cols, board.codes, clamp_total(remaining), options)
    return model_of_core(board.rows, board.cols, remaining, core)


def clamp_total(remaining: int | None) -> int | None:
    """``remaining`` as passed to the core: clamped into 64 bits (see :data:`_TOTAL_CLAMP`)."""
    if remaining is None or -_TOTAL_CLAMP <= remaining <= _TOTAL_CLAMP:
        return remaining
    return _TOTAL_CLAMP if remaining > 0 else -_TOTAL_CLAMP


def model_of_core(rows: int, cols: int, remaining: int | None, core: _core.Model) -> Model:
    """The :class:`Model` of the core's model ``core`` (for :func:`build_model` and the analysis'
    one call of the core, ``count.count_board``)."""
    n_unknown, n_components, n_outside = core.unknown_count, core.component_count, core.outside_count
    stats = {
        "clue_cells": core.clue_cells,
        "frontier": core.frontier,
        "fixed": core.fixed_count,
        "components": n_components,
        "largest_component": core.largest_component,
    }
    # the frozen dataclass filled directly (its __init__ sets each field through
    # object.__setattr__), its parts made on first read (see Model.__getattr__): both were a
    # tenth of a small board's whole analysis
    # ``unknown`` and ``outside`` are set at once (as Deferred): every analysis reads them, and
    # reaching Model.__getattr__ raised and caught an AttributeError each time first
    # (its instance dict set whole: filling it by keywords made and merged a second dict)
    model = object.__new__(Model)
    object.__setattr__(model, "__dict__", {
        "rows": rows, "cols": cols, "remaining": remaining,
        "fixed": FixedCells(core, core.fixed_count, core.fixed_mine_count), "stats": stats, "core": core,
        "_parts": (core, cols, n_unknown, n_components, n_outside),
        "unknown": Deferred(core.unknown, n_unknown), "outside": Deferred(core.outside, n_outside)})
    return model


def _constraints(data: list[tuple[list[int], int, list[int]]]) -> tuple[Constraint, ...]:
    """The constraints from the core's plain data, the current deadline checked every
    ``CHECK_EVERY`` of them (a huge board's took 0.65 s, the prover's set-up past its deadline)."""
    out: list[Constraint] = []
    for part in checked_slices(data, CHECK_EVERY):
        out += [Constraint(frozenset(cells), need, frozenset(src)) for cells, need, src in part]
    return tuple(out)
