"""One covered cell's result (:class:`CellResult`) and its entry in the JSON document
(:func:`cell_entry`), the shared exact and estimated values 0 and 1, and :class:`CellPairs` (board
cells kept as indices, read as (row, col) pairs)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from typing import Any, overload

from ..probability import Estimate, Exact, Probability
from ..proof.certainty import Certainty

#: Shared values (immutable): exactly safe, exactly a mine, and the estimates 0 and 1.
EXACT_ZERO = Exact(Fraction(0))
EXACT_ONE = Exact(Fraction(1))
ESTIMATE_ZERO = Estimate(0.0)
ESTIMATE_ONE = Estimate(1.0)


@dataclass(slots=True)
class CellResult:
    """One cell of an :class:`Analysis`: its mine ``probability`` (:class:`~cpsolve.Exact` or
    :class:`~cpsolve.Estimate`) and, when the proof engine proved it, its ``proof``.

    ``state`` is ``"covered"`` for the analysed cells. :meth:`Analysis.cell` also answers for the
    other cells of the board: ``"revealed"`` (probability 0), ``"mine"`` (a known mine, 1) and
    ``"flag"`` (a flag counted as a mine, 1); those are read off the board, not proved.
    """

    row: int
    col: int
    probability: Probability
    proof: Certainty | None = None
    state: str = "covered"

    def to_json(self) -> dict[str, Any]:
        return cell_entry(self.row, self.col, self.probability, self.proof.verdict if self.proof is not None else None)


def cell_entry(row: int, col: int, p: Probability, proof: str | None) -> dict[str, Any]:
    """A cell's entry in the JSON document (docs/json.md): the one writer of it, for
    :meth:`CellResult.to_json` and for :meth:`Analysis.to_json_text`'s text."""
    return {"row": row, "col": col, "probability": p.value, "fraction": p.text() if isinstance(p, Exact) else None,
            "basis": p.basis, "proof": proof}


class CellPairs(Sequence[tuple[int, int]]):
    """Board cells as (row, col) pairs in row-major order, kept as the cells' indices and made into
    pairs when read: a huge board's undecided cells are millions (a list of pairs took seconds to
    make and to free, and the collector walked it), and most callers only count them. Equal to a
    sequence of the same pairs."""

    __slots__ = ("_cells", "_cols", "_sorted")

    def __init__(self, cells: Collection[int], cols: int, *, ordered: bool = False) -> None:
        self._cells: Collection[int] = cells
        self._cols = cols
        self._sorted = ordered  # sorted on first read otherwise

    def _ints(self) -> Sequence[int]:
        if not self._sorted:
            self._cells = sorted(self._cells)
            self._sorted = True
        assert isinstance(self._cells, Sequence)
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    @overload
    def __getitem__(self, k: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, k: slice) -> list[tuple[int, int]]: ...

    def __getitem__(self, k: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        ints = self._ints()
        if isinstance(k, slice):
            return list(map(divmod, ints[k], repeat(self._cols)))
        return divmod(ints[k], self._cols)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return map(divmod, self._ints(), repeat(self._cols))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

