"""Pictures of an analysis: the terminal grid, the SVG heat map, and the palette the web page shares.

    >>> from cpsolve.render import render_grid, render_svg
    >>> text = render_grid(board, result)            # compact grid + legend (colour=True for ANSI)
    >>> svg = render_svg(board, result)              # the heat map as an SVG document

Green means proved safe, nothing less; estimates are hatched (``~`` in text) and never green.
"""

from .palette import CellLook, looks, probability_colour
from .svg import render_svg
from .terminal import print_grid, render_grid, render_summary

__all__ = ["CellLook", "looks", "print_grid", "probability_colour", "render_grid", "render_summary", "render_svg"]
