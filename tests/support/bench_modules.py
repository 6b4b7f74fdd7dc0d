"""The benchmark scripts as modules, for the tests that check them (benchmarks/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from .paths import BENCHMARKS


def load(name: str) -> ModuleType:
    """benchmarks/NAME.py (or benchmarks/experiments/NAME.py) as the module NAME."""
    if name in sys.modules and getattr(sys.modules[name], "__file__", "").startswith(str(BENCHMARKS)):
        return sys.modules[name]
    path = next(p for p in (BENCHMARKS / f"{name}.py", BENCHMARKS / "experiments" / f"{name}.py") if p.exists())
    for folder in (str(BENCHMARKS), str(path.parent)):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # so that a process pool can pickle its functions
    spec.loader.exec_module(module)
    return module
