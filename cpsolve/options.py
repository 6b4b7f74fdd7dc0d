"""The analysis settings: one frozen :class:`AnalysisOptions`, holding every default in one place.

The library (:func:`cpsolve.analyze`), the command line, the player and the web service all pass
these objects instead of keyword dictionaries; :data:`DEFAULTS` is what ``analyze(board)`` uses.
An :class:`AnalysisOptions` checks its own fields when made (:class:`OptionsError` names the bad
one), and :meth:`AnalysisOptions.from_mapping` is the one way the command line and the HTTP API
build one from what a user typed or posted. :data:`UNSET` marks a keyword of ``analyze`` not
given, so that any keyword given, even one equal to its default, overrides the options object.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from .errors import CpsolveError

#: Proof engine used unless another is chosen (OR-Tools CP-SAT); see ``cpsolve.proof.engine_names()``.
DEFAULT_ENGINE = "cp-sat"
#: Seconds one analysis may take (all of it: see cpsolve.budget); a cell not decided in time is not proved.
DEFAULT_TIME_LIMIT = 10.0
#: Largest component (in covered cells) counted exactly by default; see docs/paths.md for the measurement.
DEFAULT_EXACT_LIMIT: int | None = 400
#: DP states one component may create before it is estimated instead (bounds time and memory).
DEFAULT_STATE_BUDGET = 200_000
#: Multiply-adds of big integers allowed to combine the components exactly through the mine total;
#: beyond it (boards of ~100k cells) the combination is estimated instead (bounds time on huge boards).
DEFAULT_COMBINE_BUDGET = 2_000_000
#: Prior mine density used when the board gives no mine total and none is chosen.
DEFAULT_DENSITY = Fraction(1, 5)


class OptionsError(CpsolveError, ValueError):
    """A setting that is not valid: ``key`` names it (the field, or the mapping's key)."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


class _Unset(enum.Enum):
    UNSET = "unset"

    def __repr__(self) -> str:
        return "UNSET"


#: A keyword not given (``analyze(board, options, prove=UNSET)``): the options object decides.
UNSET: Final = _Unset.UNSET
Unset = Literal[_Unset.UNSET]

#: The keys :meth:`AnalysisOptions.from_mapping` reads: the field names, with ``ignore_flags`` as the
#: command line and the HTTP API say ``not trust_flags``.
MAPPING_KEYS = ("exact_limit", "time_limit", "density", "ignore_flags", "trust_flags", "prove", "engine",
                "state_budget", "combine_budget")


def _count(key: str, value: object, minimum: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(key, f"'{key}' must be a whole number or none, got {value!r}")
    if value < minimum:
        raise OptionsError(key, f"'{key}' must be at least {minimum}, got {value}")
    return value


def seconds_value(key: str, value: object) -> float | None:
    """A time limit: None (no limit) or a positive, finite number of seconds (``inf`` and ``nan`` are
    refused: no limit is None); the one rule, for the library, the HTTP API and the command line."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise OptionsError(key, f"'{key}' must be a positive number of seconds, got {value!r}")
    return float(value)


def density_value(value: object, key: str = "density") -> Fraction:
    """A prior mine density from a fraction, int, float or text such as ``"1/5"``, strictly between 0 and 1."""
    try:
        if isinstance(value, bool) or not isinstance(value, (Fraction, int, float, str)):
            raise TypeError
        dens = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise OptionsError(key, f"'{key}' must be a number such as 0.2 or 1/5, got {value!r}") from None
    if not 0 < dens < 1:
        raise OptionsError(key, f"'{key}' {value} must lie strictly between 0 and 1")
    return dens


def _flag(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionsError(key, f"'{key}' must be true or false, got {value!r}")
    return value


def engine_value(value: object, key: str = "engine") -> str:
    """The canonical name of a proof engine (``cp-sat``, ``sat``, ``sat:cadical195``, ...)."""
    if not isinstance(value, str):
        raise OptionsError(key, f"'{key}' must be a string such as \"cp-sat\" or \"sat\", got {value!r}")
    # the engines' names live with the engines (a registry that imports no solver)
    from .proof.backends import resolve

    try:
        return resolve(value)
    except ValueError as exc:
        raise OptionsError(key, str(exc)) from None


@dataclass(frozen=True)
class AnalysisOptions:
    """How :func:`cpsolve.analyze` works on a board (every field has its default here).

    * ``exact_limit``: the largest component (in covered cells) counted exactly; larger ones are
      estimated (labelled so). ``None``: no limit.
    * ``time_limit``: seconds the whole analysis may take (model, counting, estimation, proofs; see
      :mod:`cpsolve.budget`); a part cut short degrades to estimates or "not proved". ``None``: no limit.
    * ``density``: the prior mine density per cell when the board has no mine total (default 1/5);
      ignored when it has one. A fraction, float or string such as ``"1/5"``, strictly between 0 and 1.
    * ``trust_flags``: flags count as mines (else they are covered cells).
    * ``prove``: run the proof engine (else no cell is proved; probabilities only).
    * ``engine``: the proof engine, ``"cp-sat"`` or ``"sat"`` (python-sat MiniCard) or
      ``"sat:NAME"`` for another python-sat solver.
    * ``state_budget``: DP states one component may create before it is estimated instead.
    * ``combine_budget``: multiply-adds allowed to combine the components exactly through the
      total; beyond it the combination is estimated.
    """

    exact_limit: int | None = DEFAULT_EXACT_LIMIT
    time_limit: float | None = DEFAULT_TIME_LIMIT
    density: Fraction | None = None
    trust_flags: bool = True
    prove: bool = True
    engine: str = DEFAULT_ENGINE
    state_budget: int | None = DEFAULT_STATE_BUDGET
    combine_budget: int | None = DEFAULT_COMBINE_BUDGET

    def __post_init__(self) -> None:
        """Check every field once, here (raises :class:`OptionsError`); the density becomes a Fraction
        and the engine its canonical name."""
        checked = {
            "exact_limit": _count("exact_limit", self.exact_limit, 0),
            "time_limit": seconds_value("time_limit", self.time_limit),
            "density": None if self.density is None else density_value(self.density),
            "trust_flags": _flag("trust_flags", self.trust_flags),
            "prove": _flag("prove", self.prove),
            "engine": engine_value(self.engine),
            "state_budget": _count("state_budget", self.state_budget, 0),
            "combine_budget": _count("combine_budget", self.combine_budget, 0),
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any], base: AnalysisOptions | None = None,
                     keys: tuple[str, ...] = MAPPING_KEYS) -> AnalysisOptions:
        """``base`` (default: the defaults) with the settings of ``mapping`` (the command line's
        parsed options, an HTTP request's ``options`` object): keys from ``keys``, values checked as
        the fields are. An unknown key or a bad value raises :class:`OptionsError` naming it."""
        unknown = sorted(set(mapping) - set(keys))
        if unknown:
            raise OptionsError(unknown[0], f"unknown option '{unknown[0]}' (options: {', '.join(keys)})")
        changes = dict(mapping)
        if "ignore_flags" in changes:
            changes["trust_flags"] = not _flag("ignore_flags", changes.pop("ignore_flags"))
        return dataclasses.replace(base if base is not None else DEFAULTS, **changes)

    def replace(self, **changes: Any) -> AnalysisOptions:
        """A copy with ``changes`` (field names as keywords)."""
        return dataclasses.replace(self, **changes)

    def given(self, **keywords: Any) -> AnalysisOptions:
        """A copy with every keyword that is not :data:`UNSET` applied: how ``analyze``'s explicit
        keywords override its ``options`` (a keyword equal to its default still overrides)."""
        changes = {k: v for k, v in keywords.items() if v is not UNSET}
        if not changes:
            return self
        # analyze(board, prove=False) in a loop: the same copy each time, checked once (the key
        # holds each value's type, so prove=1 is not taken for prove=True, and a copy is kept only
        # beside the very object it was made from)
        key = (id(self), *((k, type(v), v) for k, v in changes.items()))
        try:
            hit = _GIVEN.get(key)
        except TypeError:  # an unhashable value: checked (and refused) as usual
            return dataclasses.replace(self, **changes)
        if hit is not None and hit[0] is self:
            return hit[1]
        made = dataclasses.replace(self, **changes)
        if len(_GIVEN) >= _GIVEN_SIZE:
            _GIVEN.clear()
        _GIVEN[key] = (self, made)
        return made

    def prior_density(self) -> Fraction:
        """The density used on a board without a mine total."""
        return self.density if self.density is not None else DEFAULT_DENSITY


#: Copies made by :meth:`AnalysisOptions.given`, by (id of the original, keywords); bounded.
_GIVEN: dict[tuple[Any, ...], tuple[AnalysisOptions, AnalysisOptions]] = {}
_GIVEN_SIZE = 256

#: The default settings (``analyze(board)``).
DEFAULTS = AnalysisOptions()
