"""The certainty type: a cell proved safe or proved mine, with its provenance.

Only the proof subsystem can construct a :class:`Certainty` (the constructor checks a private
token), so no probability or estimate has a path into one.
"""

from __future__ import annotations

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
