"""Verification: a brute-force reference for small boards and the cross-check of every path.

:func:`brute_force` reads a board's cells directly (no constraint model, no counter, no solver);
:func:`crosscheck` compares the proof engines' backbones, the analysis' certainties, the exact
counter's 0/1 cells and brute force (``cpsolve compare``).
"""

from .brute import BruteResult, TooLarge, brute_force
from .compare_paths import CrossCheck, crosscheck

__all__ = ["BruteResult", "CrossCheck", "TooLarge", "brute_force", "crosscheck"]
