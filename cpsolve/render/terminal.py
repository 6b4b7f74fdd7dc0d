"""The analysis as text: a compact coloured grid that fits a terminal, the wide grid of percentages,
a legend and a summary. `rich <https://github.com/Textualize/rich>`_ does the colours: it honours
``NO_COLOR``, writes no escape codes when standard output is not a terminal, and downgrades the
palette to what the terminal supports.

Compact grid (default): two characters a cell, so an Expert board (30 columns) is 63 columns wide.

====== =============================================================================
``.2``  covered, exact mine probability 20-29% (the tens digit; the colour shows it finer)
``~3``  covered, an **estimate** of 30-39%; never a certainty
`` S``  proved safe (green: the only green on the grid); `` M`` proved mine
``.s``  exact 0 (``.m`` exact 1) that the proof engine did not confirm in its time budget
`` 3``  a revealed number (blank: 0); `` F`` a flag; `` *`` a known mine
``[]``  the best guess, in plain text; on a terminal it is underlined in bold instead
====== =============================================================================

Colour: the background is the palette of :mod:`cpsolve.render.palette` (the page's and the SVG's).
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.style import Style
from rich.text import Text

from ..board import Board
from ..probability import Exact
from ..result import Analysis, no_guess_reason
from . import palette
from .palette import CellLook

_BEST = Style(bold=True, underline=True)


def compact_code(cl: CellLook) -> str:
    """The two characters of a cell in the compact grid."""
    if cl.kind == "revealed":
        return "  " if cl.number == 0 else f" {cl.number}"
    if cl.kind in ("flag", "mine", "covered"):
        return {"flag": " F", "mine": " *", "covered": " ."}[cl.kind]
    if cl.kind == "proved_safe":
        return " S"
    if cl.kind == "proved_mine":
        return " M"
    p = cl.probability
    assert p is not None
    if cl.kind == "estimate":
        return "~" + str(min(9, int(p * 10)))
    if cl.forced:
        return ".m" if p == 1 else ".s"
    return "." + str(min(9, int(p * 10)))


def wide_code(cl: CellLook, analysis: Analysis, row: int, col: int) -> str:
    """The cell as today's wide grid writes it (five characters, percentages)."""
    if cl.kind == "revealed":
        return str(cl.number)
    if cl.kind in ("flag", "mine", "covered"):
        return {"flag": "F", "mine": "*", "covered": "?"}[cl.kind]
    if cl.kind in ("proved_safe", "proved_mine"):
        text = "M" if cl.kind == "proved_mine" else "S"
    else:
        p = analysis.cell(row, col).probability
        pct = p.value * 100
        if isinstance(p, Exact) and p.fraction in (0, 1):
            text = f"{int(pct)}%"
        elif pct < 1:
            text = "<1%"
        elif pct > 99:
            text = ">99%"
        else:
            text = f"{pct:.0f}%"
        if not isinstance(p, Exact):
            text = "~" + text
    if cl.best:
        text = "[" + text + "]" if len(text) <= 3 else text + "<"
    return text


def _style(cl: CellLook) -> Style:
    if cl.kind == "revealed":
        n = cl.number or 0
        return Style(color=palette.NUMBER_COLOURS[n - 1] if n else None, bgcolor=palette.REVEALED, bold=True)
    style = Style(bgcolor=cl.fill, color=palette.text_colour(cl.fill), bold=cl.kind in ("proved_safe", "proved_mine"))
    if cl.hatched:
        style += Style(italic=True)
    if cl.best:
        style += _BEST
    return style


def grid_text(analysis: Analysis, board_cells: list[list[CellLook]], *, plain: bool, wide: bool = False) -> Text:
    """The grid as a rich Text (styles dropped by the console where colour is off)."""
    rows, cols = len(board_cells), len(board_cells[0]) if board_cells else 0
    label = len(str(max(0, rows - 1))) + 1
    out = Text(no_wrap=True, overflow="ignore")
    if wide:
        out.append(" " * (label + 1) + "".join(f"{c:>5}" for c in range(cols)) + "\n")
    else:
        out.append(" " * label + "".join(f"{c:<10}" for c in range(0, cols, 5)).rstrip() + "\n")
    for r, line in enumerate(board_cells):
        out.append(f"{r:>{label - 1}} " + (" " if wide else ""))
        for c, cl in enumerate(line):
            if wide:
                out.append(f"{wide_code(cl, analysis, r, c):>5}", style=None if plain else _style(cl))
            else:
                code = "[]" if plain and cl.best else compact_code(cl)
                out.append(code, style=None if plain else _style(cl))
        out.append("\n")
    return out


def legend(*, plain: bool, wide: bool = False) -> Text:
    """One line (two on a narrow grid) saying what the cells mean."""
    out = Text(no_wrap=True, overflow="ignore")
    if wide:
        out.append("legend: 24% exact mine probability, ~24% estimate, S/M proved safe/mine, "
                   "[..] best guess, F flag, * mine\n")
        return out
    out.append("legend: .2 mine chance 20-29%  ~3 estimate 30-39%  S proved safe  M proved mine\n")
    out.append("        " + ("[] best guess" if plain else "underlined best guess")
               + "  .s/.m exact 0/1 unproved in time  F flag  * mine")
    if not plain:
        out.append("\n        colour: 0% ")
        for p in (0.0, 0.1, 0.25, 0.5, 0.75, 1.0):
            out.append("  ", style=Style(bgcolor=palette.probability_colour(p)))
        out.append(" 100%   ")
        out.append(" S", style=Style(bgcolor=palette.PROVED_SAFE, color="#ffffff", bold=True))
        out.append(" green: proved safe, nothing less")
    out.append("\n")
    return out


def render_grid(board: Board, analysis: Analysis, colour: bool = False, *, wide: bool = False,
                legend_line: bool = True) -> str:
    """The grid as a string (ANSI colours when ``colour``). ``wide``: five characters a cell, percentages."""
    console = _string_console(colour)
    _print_grid(console, board, analysis, wide=wide, legend_line=legend_line)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out).rstrip("\n")


def _string_console(colour: bool) -> Console:
    return Console(file=io.StringIO(), force_terminal=colour, no_color=not colour, color_system="truecolor"
                   if colour else None, width=10_000, highlight=False, emoji=False)


def _print_grid(console: Console, board: Board, analysis: Analysis, *, wide: bool, legend_line: bool) -> None:
    plain = not console.is_terminal or console.no_color
    cells = palette.looks(board, analysis)
    console.print(grid_text(analysis, cells, plain=plain, wide=wide), end="", soft_wrap=True)
    if legend_line:
        console.print(legend(plain=plain, wide=wide), end="", soft_wrap=True)


def print_grid(board: Board, analysis: Analysis, *, colour: bool | None = None, wide: bool = False,
               console: Console | None = None) -> None:
    """Print the grid and legend to standard output (``colour`` None: on a terminal, unless NO_COLOR)."""
    if console is None:
        console = Console(force_terminal=colour, no_color=True if colour is False else None, highlight=False,
                          emoji=False, soft_wrap=True)
    _print_grid(console, board, analysis, wide=wide, legend_line=True)


def render_summary(analysis: Analysis) -> str:
    a = analysis
    out = []
    if a.mines is not None:
        out.append(f"mines: {a.mines} total, {a.remaining} not flagged or known")
    out.append(f"prior: {a.prior}")
    cut = [part for part in a.stats.budget if part != "proofs"]
    out.append("probabilities: " + ("exact" if a.exact else
                                    f"ESTIMATES (the time limit cut short {', '.join(cut)}; no probability "
                                    "on this board is exact)" if cut else
                                    "ESTIMATES (some component too large to count exactly; no probability "
                                    "on this board is exact)"))
    safe, mine = a.proved_safe, a.proved_mine
    if a.stats.proof is None:
        out.append("proofs: none (proof engine not run" + (", the time limit cut it short)"
                                                           if "proofs" in a.stats.budget else ")"))
    else:
        for label, cells in (("proved safe", safe), ("proved mine", mine)):
            head = f"{label}: {len(cells)}"
            out.append(head + (f" ({_cells(cells, WIDTH - len(head) - 3)})" if cells else ""))
        undecided = a.stats.proof.undecided
        if undecided:
            out.append(f"not decided within the time limit: {undecided} cell(s) (not proved either way)")
    bg = a.best_guess
    if bg is not None:
        p = a.cell(*bg).probability
        out.append(f"best guess: {bg[0]},{bg[1]} (mine probability {p.text()}"
                   + (f" = {p.value:.4f}" if isinstance(p, Exact) and p.fraction not in (0, 1) else "")
                   + ")")
    else:
        out.append(f"best guess: none ({no_guess_reason(a.cells)})")
    return "\n".join(out)


#: The summary's lines fit this many columns (issue 27: 'proved mine: 76 (...)' was 81).
WIDTH = 80


def _cells(cells: list[tuple[int, int]], room: int) -> str:
    """As many cells as fit in ``room`` columns, with '... +N' for the rest."""
    shown: list[str] = []
    used = 0
    for k, (r, c) in enumerate(cells):
        word = f"{r},{c}"
        tail = len(f" ... +{len(cells) - k - 1}") if k + 1 < len(cells) else 0
        if used + len(word) + (1 if shown else 0) + tail > room:
            return (" ".join(shown) + f" ... +{len(cells) - k}").lstrip()
        used += len(word) + (1 if shown else 0)
        shown.append(word)
    return " ".join(shown)
