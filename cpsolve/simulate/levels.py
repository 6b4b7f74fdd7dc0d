"""The logic levels' names and ranges (``--logic``, the HTTP API's ``logic``), apart from
:mod:`.logic` so that reading a request does not load the analysis."""

from __future__ import annotations

from dataclasses import dataclass

from ..plaintext import clip

#: The scale, easiest first.
LEVELS = ("single", "pair", "chain", "total")
RANK = {name: k for k, name in enumerate(LEVELS)}


class LogicRangeError(ValueError):
    """A ``--logic`` value that is not a level or a range of levels."""


@dataclass(frozen=True)
class LogicRange:
    """Levels from ``low`` to ``high`` (ranks in :data:`LEVELS`, both included)."""

    low: int = 0
    high: int = len(LEVELS) - 1

    def __contains__(self, level: object) -> bool:
        return isinstance(level, str) and level in RANK and self.low <= RANK[level] <= self.high

    def __str__(self) -> str:
        lo, hi = LEVELS[self.low], LEVELS[self.high]
        if self.low == self.high:
            return lo
        if self.low == 0:
            return f"..{hi}"
        if self.high == len(LEVELS) - 1:
            return f"{lo}.."
        return f"{lo}..{hi}"

    def words(self) -> str:
        lo, hi = LEVELS[self.low], LEVELS[self.high]
        if self.low == self.high:
            return f"hardest step exactly {lo}"
        if self.low == 0:
            return f"hardest step at most {hi}"
        if self.high == len(LEVELS) - 1:
            return f"hardest step at least {lo}"
        return f"hardest step from {lo} to {hi}"


def parse_range(text: str) -> LogicRange:
    """``LEVEL`` (exactly), ``LEVEL..`` (at least), ``..LEVEL`` (at most) or ``LOW..HIGH``; anything
    else raises :class:`LogicRangeError` (one line)."""
    names = ", ".join(LEVELS)
    spec = text.strip().lower()
    lo_s, dots, hi_s = spec.partition("..")
    if not dots:
        hi_s = lo_s
    shown = clip(text)
    if not lo_s and not hi_s:
        raise LogicRangeError(f"logic level {shown!r}: give a level ({names}) or a range such as pair..chain")
    for part in (lo_s, hi_s):
        if part and part not in RANK:
            raise LogicRangeError(f"logic level {shown!r}: {clip(part)!r} is not a level ({names}; "
                                  "ranges: pair.., ..pair, single..chain)")
    lo = RANK[lo_s] if lo_s else 0
    hi = RANK[hi_s] if hi_s else len(LEVELS) - 1
    if lo > hi:
        raise LogicRangeError(f"logic level {shown!r}: {lo_s} is harder than {hi_s} (easiest first: {names})")
    return LogicRange(lo, hi)
