"""The certainty type: a cell proved safe or proved mine, with its provenance.

Only the proof subsystem can construct a :class:`Certainty` (the constructor checks a private
token), so no probability or estimate has a path into one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass, field

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


class Certainties(MutableMapping[int, Certainty]):
    """Board cell -> certainty. The deductions' certainties (one per fixed cell of the model, dozens
    per position) are made on first access from their fact, so an analysis whose cells are never
    read does not pay for them; the facts and their provenance are fixed when the map is filled."""

    __slots__ = ("_made", "_pending", "_cols", "_clue_cells")

    def __init__(self, cols: int, clue_cells: Callable[[frozenset[int]], tuple[tuple[int, int], ...]]) -> None:
        self._made: dict[int, Certainty] = {}
        self._pending: dict[int, tuple[bool, str, frozenset[int], bool]] = {}
        self._cols = cols
        self._clue_cells = clue_cells

    def add_pending(self, cell: int, mine: bool, engine: str, sources: frozenset[int], uses_total: bool) -> None:
        """A certainty of ``cell`` made when first read (``sources``: the clue ids it follows from)."""
        self._made.pop(cell, None)
        self._pending[cell] = (mine, engine, sources, uses_total)

    def __getitem__(self, cell: int) -> Certainty:
        c = self._made.get(cell)
        if c is None:
            mine, engine, sources, uses_total = self._pending.pop(cell)
            c = self._made[cell] = certify(divmod(cell, self._cols), mine, engine, self._clue_cells(sources),
                                           uses_total)
        return c

    def get(self, cell: int, default: Certainty | None = None) -> Certainty | None:  # type: ignore[override]
        if cell in self._made or cell in self._pending:
            return self[cell]
        return default

    def __contains__(self, cell: object) -> bool:
        return cell in self._made or cell in self._pending

    def __setitem__(self, cell: int, value: Certainty) -> None:
        self._pending.pop(cell, None)
        self._made[cell] = value

    def __delitem__(self, cell: int) -> None:
        if self._pending.pop(cell, None) is None:
            del self._made[cell]

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._made) + list(self._pending))

    def __len__(self) -> int:
        return len(self._made) + len(self._pending)
