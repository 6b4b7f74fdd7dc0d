"""Registry of proof backends, imported lazily (ortools only when the CP-SAT engine runs)."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from typing import Any

from ...encodings import CardSystem
from .base import Backend, Outcome, ProofStatus, Status

#: engine name -> (module, class, keyword arguments)
_REGISTRY: dict[str, tuple[str, str, dict[str, Any]]] = {
    "cp-sat": ("cpsat", "CpSatBackend", {}),
    "sat:minicard": ("pysat_backend", "PysatBackend", {"solver": "minicard"}),
    "sat:gluecard4": ("pysat_backend", "PysatBackend", {"solver": "gluecard4"}),
    "sat:cadical195": ("pysat_backend", "PysatBackend", {"solver": "cadical195"}),
    "sat:glucose4": ("pysat_backend", "PysatBackend", {"solver": "glucose4"}),
}
#: the python-sat solver behind plain "sat" (chosen by measurement: benchmarks/bench_proof.py)
DEFAULT_SAT = "sat:minicard"
_ALIASES = {"sat": DEFAULT_SAT, "cpsat": "cp-sat", "ortools": "cp-sat", "minicard": "sat:minicard",
            "cadical": "sat:cadical195", "sat:cadical": "sat:cadical195"}

BackendFactory = Callable[[CardSystem, Iterable[int]], Backend]


def engine_names() -> list[str]:
    return list(_REGISTRY) + list(_ALIASES)


def resolve(name: str) -> str:
    """The canonical engine name; raises ValueError for an unknown one."""
    if name in _REGISTRY:
        return name  # canonical already (what AnalysisOptions holds): one lookup per analysis
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _REGISTRY:
        raise ValueError(f"unknown proof engine {name!r} (choose from {', '.join(engine_names())})")
    return key


def load(name: str) -> float:
    """Import the module of engine ``name`` (its solver library: ortools for CP-SAT, python-sat for
    the others) if it is not imported yet; the seconds that took (0.0 when it was). A time limit
    does not count them (issue 43 item 1: ortools' import is 0.2-0.3 s warm, 0.55 s with the page
    cache dropped, and more on a slow disk: a first run must prove what later runs prove)."""
    if loaded(name):
        return 0.0
    t0 = time.perf_counter()
    importlib.import_module(f"{__name__}.{_REGISTRY[resolve(name)][0]}")
    return time.perf_counter() - t0


def loaded(name: str) -> bool:
    """Whether the module of engine ``name`` is imported already (its first use costs no import)."""
    import sys

    return f"{__name__}.{_REGISTRY[resolve(name)][0]}" in sys.modules


def get_backend(name: str) -> BackendFactory:
    """A factory ``(system, guarded) -> Backend`` for the engine ``name``. The engine's library is
    imported at the factory's first call: a position settled without a solver never loads it."""
    module, cls, kwargs = _REGISTRY[resolve(name)]

    def make(system: CardSystem, guarded: Iterable[int] = ()) -> Backend:
        klass = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
        b: Backend = klass(system, guarded, **kwargs)
        return b

    return make


__all__ = ["DEFAULT_SAT", "Backend", "BackendFactory", "Outcome", "ProofStatus", "Status",
           "engine_names", "get_backend", "load", "loaded", "resolve"]
