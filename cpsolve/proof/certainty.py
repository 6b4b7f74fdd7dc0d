"""The certainty type: a cell proved safe or proved mine, with its provenance.

Only the proof subsystem can construct a :class:`Certainty` (the constructor checks a private
token), so no probability or estimate has a path into one.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..constraints import TOTAL
from ..constraints.model import FixedCells, mine_flags

_TOKEN = object()


@dataclass(frozen=True)
class Certainty:
    """``cell`` is forced to be a mine (``mine``) or safe by ``clues`` (and the total if ``uses_total``),
    as shown by ``engine`` ("deduction", "cp-sat", "sat:minicard", ...)."""

    cell: tuple[int, int]
    mine: bool
    engine: str
    clues: tuple[tuple[int, int], ...]
    uses_total: bool
    _token: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._token is not _TOKEN:
            raise TypeError("a Certainty can only be created by cpsolve.proof")

    @property
    def verdict(self) -> str:
        return "mine" if self.mine else "safe"


def certify(cell: tuple[int, int], mine: bool, engine: str, clues: tuple[tuple[int, int], ...],
            uses_total: bool) -> Certainty:
    """Create a certainty. For use inside :mod:`cpsolve.proof` only."""
    return Certainty(cell, mine, engine, clues, uses_total, _TOKEN)


def _certify_many(cols: int, items: list[tuple[int, bool, str, tuple[tuple[int, int], ...], bool]]
                  ) -> dict[int, Certainty]:
    """:func:`certify` for many cells at once (a huge board has hundreds of thousands): the same
    objects, filled without a constructor call per cell. For use inside :mod:`cpsolve.proof` only."""
    out: dict[int, Certainty] = {}
    new = object.__new__
    for cell, mine, engine, clues, uses_total in items:
        c = new(Certainty)
        c.__dict__.update(cell=divmod(cell, cols), mine=mine, engine=engine, clues=clues, uses_total=uses_total,
                          _token=_TOKEN)
        out[cell] = c
    return out


#: No facts (the facts layer of a map made without them; never changed).
_NO_FACTS: Mapping[int, tuple[bool, frozenset[int]]] = MappingProxyType({})


class Certainties(MutableMapping[int, Certainty]):
    """Board cell -> certainty. The deductions' certainties (one per fixed cell of the model, dozens
    per position) are made on first access from their fact, so an analysis whose cells are never
    read does not pay for them; the facts and their provenance are fixed when the map is filled.

    Three layers, looked up in order: certainties made, single pending ones (:meth:`add_pending`),
    and a whole map of facts (given when the map is made, taken as it is, without a step per cell). A cell
    leaves the facts layer (``_gone``) when it is made, replaced or deleted."""

    __slots__ = ("_made", "_pending", "_cols", "_clue_cells", "_memo", "_facts", "_facts_engine", "_gone")

    def __init__(self, cols: int, clue_cells: Callable[[frozenset[int]], Iterable[tuple[int, int]]],
                 facts: Mapping[int, tuple[bool, frozenset[int]]] = _NO_FACTS, facts_engine: str = "") -> None:
        """An empty map, or one of ``facts`` ((mine, sources) per cell, e.g. a model's fixed facts;
        the map is kept, not copied: it must not change) whose certainties (engine
        ``facts_engine``) are made when first read; such a certainty uses the total when
        :data:`~cpsolve.constraints.TOTAL` is among its sources."""
        self._made: dict[int, Certainty] = {}
        self._pending: dict[int, tuple[bool, str, frozenset[int], bool]] = {}
        self._cols = cols
        self._clue_cells = clue_cells  # a certainty's clues (row, col) from its sources: see clue_cells
        self._memo: dict[frozenset[int], tuple[tuple[int, int], ...]] | None = None
        self._facts = facts
        self._facts_engine = facts_engine
        self._gone: set[int] = set()

    def clue_cells(self, sources: frozenset[int]) -> tuple[tuple[int, int], ...]:
        """The clue cells (row, col) of a certainty that follows from ``sources``, made once per
        distinct set of sources (many certainties share theirs)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        cc = memo.get(sources)
        if cc is None:
            cc = memo[sources] = tuple(self._clue_cells(sources))
        return cc

    def add_pending(self, cell: int, mine: bool, engine: str, sources: frozenset[int], uses_total: bool) -> None:
        """A certainty of ``cell`` made when first read (``sources``: the clue ids it follows from)."""
        self._made.pop(cell, None)
        self._leave_facts(cell)
        self._pending[cell] = (mine, engine, sources, uses_total)

    def _fact_cells(self) -> Container[object]:
        """The facts layer's cells, for membership: a model's fixed cells by their mine flags
        (kept by the model), without making their facts (a solver's proved cell is looked up here:
        0.5 s of a mid-game 1000x1000 board's 600,000 fixed cells)."""
        facts = self._facts
        return facts.flags() if isinstance(facts, FixedCells) else facts

    def _leave_facts(self, cell: int) -> None:
        if cell in self._fact_cells():
            self._gone.add(cell)

    def _in_facts(self, cell: object) -> bool:
        return cell in self._fact_cells() and cell not in self._gone

    def __getitem__(self, cell: int) -> Certainty:
        c = self._made.get(cell)
        if c is not None:
            return c
        pending = self._pending.pop(cell, None)
        if pending is not None:
            mine, engine, sources, uses_total = pending
        elif self._in_facts(cell):
            mine, sources = self._facts[cell]
            engine, uses_total = self._facts_engine, TOTAL in sources
            self._gone.add(cell)
        else:
            raise KeyError(cell)
        c = self._made[cell] = certify(divmod(cell, self._cols), mine, engine, self.clue_cells(sources), uses_total)
        return c

    def all(self) -> dict[int, Certainty]:
        """Every certainty, made now (the ones not made yet all at once), as a plain dict."""
        clue_cells = self.clue_cells
        items = [(cell, mine, engine, clue_cells(sources), uses_total)
                 for cell, (mine, engine, sources, uses_total) in self._pending.items()]
        engine = self._facts_engine
        gone = self._gone
        items += [(cell, mine, engine, clue_cells(sources), TOTAL in sources)
                  for cell, (mine, sources) in self._facts.items() if cell not in gone]
        made = _certify_many(self._cols, items)
        self._made.update(made)
        in_facts = self._fact_cells()
        gone.update(cell for cell in made if cell in in_facts)
        self._pending.clear()
        return dict(self._made)

    def cells(self) -> set[int]:
        """The cells that have a certainty (made or not), as a set built without a lookup per cell:
        a huge board's undecided cells are its unknown cells less these (a test per cell cost 1 s on
        a 1000x1000 board)."""
        # a model's fixed cells by their mine flags' keys: without making their facts (0.8 s of
        # a 1000x1000 board's 300,000 fixed cells)
        out = set(mine_flags(self._facts))
        out -= self._gone
        out.update(self._made, self._pending)
        return out

    def verdicts(self) -> dict[int, bool]:
        """Cell -> proved a mine (True) or safe (False), for every certainty, none of them made."""
        facts, gone = self._facts, self._gone
        # the facts layer first, without a Python step per cell (a model's fixed cells: without
        # making their facts); the cells that left it are in the other two layers or deleted
        out = dict(mine_flags(facts))
        for cell in gone:
            out.pop(cell, None)
        out.update((cell, c.mine) for cell, c in self._made.items())
        out.update((cell, pending[0]) for cell, pending in self._pending.items())
        return out

    def get(self, cell: int, default: Certainty | None = None) -> Certainty | None:  # type: ignore[override]
        if cell in self:
            return self[cell]
        return default

    def __contains__(self, cell: object) -> bool:
        return cell in self._made or cell in self._pending or self._in_facts(cell)

    def __setitem__(self, cell: int, value: Certainty) -> None:
        self._pending.pop(cell, None)
        self._leave_facts(cell)
        self._made[cell] = value

    def __delitem__(self, cell: int) -> None:
        if self._pending.pop(cell, None) is not None:
            return
        if cell in self._made:
            del self._made[cell]
        elif self._in_facts(cell):
            self._gone.add(cell)
        else:
            raise KeyError(cell)

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._made) + list(self._pending) + [c for c in self._facts if c not in self._gone])

    def __len__(self) -> int:
        return len(self._made) + len(self._pending) + len(self._facts) - len(self._gone)
