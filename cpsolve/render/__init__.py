"""Pictures of an analysis: the terminal grid, the SVG heat map, and the palette the web page shares.

    >>> from cpsolve.render import render_grid, render_svg
    >>> text = render_grid(board, result)            # compact grid + legend (colour=True for ANSI)
    >>> svg = render_svg(board, result)              # the heat map as an SVG document

Green means proved safe, nothing less; estimates are hatched (``~`` in text) and never green.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .palette import CellLook, looks, probability_colour

if TYPE_CHECKING:
    from .svg import render_svg
    from .terminal import print_grid, render_grid, render_summary

__all__ = ["CellLook", "looks", "print_grid", "probability_colour", "render_grid", "render_summary", "render_svg"]

#: Loaded on first use: the terminal grid needs rich and the SVG needs neither, so ``cpsolve solve``
#: loads only the grid's renderer (a cold start's imports).
_LAZY = {"render_svg": "svg", "print_grid": "terminal", "render_grid": "terminal", "render_summary": "terminal"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
