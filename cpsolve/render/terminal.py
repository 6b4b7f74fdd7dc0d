"""The analysis as text: a compact coloured grid that fits a terminal, the wide grid of percentages,
a legend and a summary. `rich <https://github.com/Textualize/rich>`_ does the colours: it honours
``NO_COLOR``, writes no escape codes when standard output is not a terminal, and downgrades the
palette to what the terminal supports.

Compact grid (default): two characters a cell, so an Expert board (30 columns) is 63 columns wide.

====== =============================================================================
``.2``  covered, exact mine probability 20-29% (the tens digit; the colour shows it finer)
``~3``  covered, an **estimate** of 30-39%; never a certainty
`` S``  proved safe (green: the only green on the grid); `` M`` proved mine
``.s``  probability exactly 0 (``.m`` exactly 1) that the proof engine did not prove in the time limit
`` 3``  a revealed number (blank: 0); `` F`` a flag; `` *`` a known mine
``[]``  the best guess, in plain text; on a terminal it is underlined in bold instead
====== =============================================================================

Colour: the background is the palette of :mod:`cpsolve.render.palette` (the page's and the SVG's).
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import textwrap
from itertools import groupby
from typing import TYPE_CHECKING

from ..board import Board
from ..probability import Exact
from ..result import Analysis, no_guess_reason
from ..result.document import NO_KEY, cell_values
from ..words import plural
from . import palette
from .palette import CellLook

if TYPE_CHECKING:
    from rich.console import Console
    from rich.style import Style
    from rich.text import Text


class PlainText:
    """The text of a grid without colour: what rich prints of an unstyled ``Text`` on a console that
    is not a terminal (its ``plain``), made without importing rich (a cold start's largest import)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def append(self, text: str, style: Style | None = None) -> PlainText:
        self.parts.append(text)
        return self

    @property
    def plain(self) -> str:
        return "".join(self.parts)


def _text(plain: bool) -> Text | PlainText:
    if plain:
        return PlainText()
    from rich.text import Text

    return Text(no_wrap=True, overflow="ignore")


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


def wide_code(cl: CellLook) -> str:
    """The cell as the wide grid writes it (five characters, percentages)."""
    if cl.kind == "revealed":
        return str(cl.number)
    if cl.kind in ("flag", "mine", "covered"):
        return {"flag": "F", "mine": "*", "covered": "?"}[cl.kind]
    if cl.kind in ("proved_safe", "proved_mine"):
        text = "M" if cl.kind == "proved_mine" else "S"
    else:
        assert cl.probability is not None
        pct = cl.probability * 100
        if cl.forced:  # an exact 0 or 1
            text = f"{int(pct)}%"
        elif pct < 1:
            text = "<1%"
        elif pct > 99:
            text = ">99%"
        else:
            text = f"{pct:.0f}%"
        if cl.kind == "estimate":
            text = "~" + text
    if cl.best:
        text = "[" + text + "]" if len(text) <= 3 else text + "<"
    return text


def _style(cl: CellLook) -> Style:
    from rich.style import Style

    if cl.kind == "revealed":
        n = cl.number or 0
        return Style(color=palette.NUMBER_COLOURS[n - 1] if n else None, bgcolor=palette.REVEALED, bold=True)
    style = Style(bgcolor=cl.fill, color=palette.text_colour(cl.fill), bold=cl.kind in ("proved_safe", "proved_mine"))
    if cl.hatched:
        style += Style(italic=True)
    if cl.best:
        style += Style(bold=True, underline=True)
    return style


#: Columns of one cell in the wide grid.
WIDE_CELL = 5


def wide_band(rows: int, width: int | None) -> int | None:
    """How many board columns of the wide grid fit ``width`` terminal columns (None: no limit); at
    least 1, so a terminal too narrow for even one column still gets the grid, one column a band."""
    if width is None:
        return None
    label = len(str(max(0, rows - 1))) + 1
    return max(1, (width - label - 1) // WIDE_CELL)


def grid_text(table: list[CellLook], index: list[int], rows: int, cols: int, *, plain: bool, wide: bool = False,
              width: int | None = None) -> Text | PlainText:
    """The grid as a rich Text, or its :class:`PlainText` when ``plain``, from the looks of
    :func:`~cpsolve.render.palette.look_table` (``table``, and ``index``: each cell's look, row-major).

    Each distinct look's text (and style) is made once, and a row is joined from them: a plain row
    in one ``str.join``, a coloured one as one styled span per run of equal looks (rich pays per span:
    a blank 1000x1000 board is one span a row). ``width`` (the wide grid only): the terminal's
    columns. A wide grid wider than that is printed in bands of board columns, each band with its
    own column header, one blank line between bands (an Expert board is 154 columns wide at five a
    cell)."""
    label = len(str(max(0, rows - 1))) + 1
    out = _text(plain)
    if not wide:
        codes = ["[]" if plain and cl.best else compact_code(cl) for cl in table]
        head, lead = " " * label + "".join(f"{c:<10}" for c in range(0, cols, 5)).rstrip() + "\n", label - 1
        first = 1
    else:
        codes = [f"{wide_code(cl):>{WIDE_CELL}}" for cl in table]
        lead, first = label - 1, 2
    styles = None if plain else [_style(cl) for cl in table]
    band = cols if not wide else (wide_band(rows, width) or max(1, cols))
    for start in range(0, cols, band):
        end = min(cols, start + band)
        if wide:
            if start:
                out.append("\n")
            head = " " * (label + 1) + "".join(f"{c:>{WIDE_CELL}}" for c in range(start, end)) + "\n"
        out.append(head)
        for r in range(rows):
            ids = index[r * cols + start:r * cols + end]
            out.append(f"{r:>{lead}}" + " " * first)
            if styles is None:
                out.append("".join(map(codes.__getitem__, ids)))
            else:
                for look_id, run in groupby(ids):
                    out.append(codes[look_id] * len(list(run)), style=styles[look_id])
            out.append("\n")
    return out


def legend(*, plain: bool, wide: bool = False) -> Text | PlainText:
    """One line (two on a narrow grid) saying what the cells mean."""
    out = _text(plain)
    if wide:
        out.append("legend: 24% exact mine probability, ~24% estimate, S/M proved safe/mine,\n"
                   "        [..] best guess, F flag, * mine\n")
        return out
    out.append("legend: .2 mine chance 20-29%  ~3 estimate 30-39%  S proved safe  M proved mine\n")
    out.append("        " + ("[] best guess" if plain else "underlined best guess") + "  F flag  * mine\n")
    # a key for the cells whose probability is exactly 0 or 1 without a proof (issue 43 item 10)
    out.append("        .s/.m probability exactly 0/1, not proved in the time limit")
    if not plain:
        from rich.style import Style

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
    if not colour:
        return _plain_grid(board, analysis, wide=wide, legend_line=legend_line).rstrip("\n")
    console = _string_console(colour)
    _print_grid(console, board, analysis, wide=wide, legend_line=legend_line)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out).rstrip("\n")


def _string_console(colour: bool) -> Console:
    from rich.console import Console

    return Console(file=io.StringIO(), force_terminal=colour, no_color=not colour, color_system="truecolor"
                   if colour else None, width=10_000, highlight=False, emoji=False)


def _plain_grid(board: Board, analysis: Analysis, *, wide: bool, legend_line: bool, width: int | None = None) -> str:
    """The grid and legend without colour, as rich prints them on a console that is not a terminal."""
    table, index = palette.look_table(board, analysis)
    out = grid_text(table, index, board.rows, board.cols, plain=True, wide=wide, width=width).plain
    return out + legend(plain=True, wide=wide).plain if legend_line else out


def _print_grid(console: Console, board: Board, analysis: Analysis, *, wide: bool, legend_line: bool,
                width: int | None = None) -> None:
    plain = not console.is_terminal or console.no_color
    if plain:
        from rich.text import Text

        text = _plain_grid(board, analysis, wide=wide, legend_line=legend_line, width=width)
        console.print(Text(text, no_wrap=True, overflow="ignore"), end="", soft_wrap=True)
        return
    table, index = palette.look_table(board, analysis)
    console.print(grid_text(table, index, board.rows, board.cols, plain=plain, wide=wide, width=width), end="",
                  soft_wrap=True)
    if legend_line:
        console.print(legend(plain=plain, wide=wide), end="", soft_wrap=True)


def _stdout_without_colour(colour: bool | None) -> bool:
    """Whether rich's console for standard output (``Console(force_terminal=colour)``) would not be a
    terminal, known without importing rich: ``colour`` False, or None with standard output not a
    terminal and neither ``FORCE_COLOR`` nor ``TTY_COMPATIBLE`` set (those are left to rich)."""
    if colour is not None:
        return not colour
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return False
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed stream: rich's own answer
        return False


def terminal_width() -> int:
    """The terminal's columns: ``COLUMNS`` when set, else standard output's terminal, else 80
    (:func:`shutil.get_terminal_size`; output to a file or a pipe gets 80 unless COLUMNS says)."""
    return shutil.get_terminal_size((WIDTH, 24)).columns


def print_grid(board: Board, analysis: Analysis, *, colour: bool | None = None, wide: bool = False,
               console: Console | None = None, width: int | None = None) -> None:
    """Print the grid and legend to standard output (``colour`` None: on a terminal, unless NO_COLOR).
    The wide grid is cut into bands of columns that fit ``width`` (default: :func:`terminal_width`)."""
    if wide and width is None:
        width = terminal_width()
    if console is None and _stdout_without_colour(colour):
        sys.stdout.write(_plain_grid(board, analysis, wide=wide, legend_line=True, width=width))
        return
    if console is None:
        from rich.console import Console

        console = Console(force_terminal=colour, no_color=True if colour is False else None, highlight=False,
                          emoji=False, soft_wrap=True)
    _print_grid(console, board, analysis, wide=wide, legend_line=True, width=width)


def render_summary(analysis: Analysis) -> str:
    a = analysis
    out = []
    if a.mines is not None:
        out.append(f"mines: {a.mines} total, {a.remaining} not flagged or known")
    out.append(f"prior: {a.prior}")
    out.append("probabilities: " + ("exact" if a.exact else f"ESTIMATES ({_estimated_why(a)}; no probability "
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
            out.append(f"not decided within the time limit: {plural(undecided, 'cell')} (not proved either way)")
    bg = a.best_guess
    if safe and bg in safe:
        # proved-safe cells need no guess (the best guess is one of them): say so, not "best guess"
        # (issue 43 item 10)
        out.append(f"next: open the {plural(len(safe), 'proved-safe cell')}; no guess is needed "
                   f"(first: {bg[0]},{bg[1]})")
    elif bg is not None:
        out.append(_guess_line("best guess", a, bg))
        sf = a.safest
        if sf is not None:
            out.append(_guess_line("safest", a, sf) if sf != bg else "safest: the same cell")
    else:
        out.append(f"best guess: none ({no_guess_reason(a.cells if cell_values(a).listed else [])})")
    return "\n".join(line for long in out for line in fit(long))


def _guess_line(label: str, a: Analysis, cell: tuple[int, int]) -> str:
    """``label: row,col (mine probability p)``, a huge board's exact fraction cut to its digits' count."""
    # the value off the keyed entries (the grid's, made once): a.cell() would build a result per
    # covered cell (15 s of a blank 1000x1000 board's 17, issue 43 item 3)
    values = cell_values(a)
    key = values.keys[cell[0] * a.cols + cell[1]]
    p = values.values[values.default if key == NO_KEY else key]
    head = f"{label}: {cell[0]},{cell[1]} (mine probability "
    text, value = p.text(), (f" = {p.value:.4f}" if isinstance(p, Exact) and p.fraction not in (0, 1) else "")
    if len(head) + len(text) + len(value) + 1 > WIDTH:  # the exact fraction of a big board: thousands of digits
        assert isinstance(p, Exact)
        text = (f"{p.value:.4f}, exactly a fraction of {len(str(p.fraction.numerator))}/"
                f"{len(str(p.fraction.denominator))} digits: --json")
        value = ""
    return head + text + value + ")"


def _estimated_why(a: Analysis) -> str:
    """Why a board is estimated, from the budget's account (``stats.budget``) and the counter's."""
    cut = [part for part in a.stats.budget if part != "proofs"]
    if cut:
        why = f"the time limit cut short {', '.join(cut)}"
        if a.stats.estimated_components and "counting" not in cut:
            n = a.stats.estimated_components
            why += f", and {plural(n, 'component')} {'was' if n == 1 else 'were'} over the exact limit"
        return why
    if a.stats.estimated_components:
        return (f"{plural(a.stats.estimated_components, 'component')} too large to count exactly: over the exact limit "
                "or the state budget")
    return "combining the components through the mine total is over its budget"


def fit(line: str, indent: str = "  ") -> list[str]:
    """A line of the CLI's reports cut at spaces to :data:`WIDTH` columns, the rest indented by
    ``indent`` more than the line (the summary here, ``check``'s and ``compare``'s lines)."""
    if len(line) <= WIDTH:
        return [line]
    lead = line[:len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(line, WIDTH, subsequent_indent=lead + indent, break_long_words=True, break_on_hyphens=False)


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
