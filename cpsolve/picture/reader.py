"""``read``: a picture in, a checked :class:`~cpsolve.picture.reading.Reading` out.

decode (:mod:`.decode`) -> the grid (:mod:`.grid`) -> the cells (:mod:`.cells`) -> the mine
counter (:mod:`.counter`) -> the rules (:mod:`.rules`).
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from .balls import shown_balls
from .boardink import board_inks, unnamed_inks
from .cells import SURE, CellLook, classify_board, measure
from .counter import other_displays, read_counter, read_counter_below
from .crosslines import foreign_rows, unparted_beside, unparted_edge
from .cutedge import cut_sides
from .decode import load_rgb, source_name
from .dither import undithered
from .grid import Grid, find_grids, grids_beside
from .grow import (
    covered_beyond,
    digits_beside,
    grown_over_checkerboard,
    grown_over_faint_cells,
    grown_over_flat_cells,
    lined_tiles,
    tiles_beside,
)
from .headers import without_header
from .lcdbox import read_lcd_left
from .outer import grown_over_outer_tiles, open_sides, short_edge_digit
from .overlay import disc_filled, off_middle, pointer_outline, thin_mark
from .pointer import under_pointer
from .reading import CellReading, NoBoardFound, Reading
from .rules import board_of, check, flags_shown_as_mines
from .skins import CLASSIC, Skin
from .subcells import halved
from .textcounter import read_text_counter
from .tiles import BEVELLED

#: the colour steps that make edges, tried in turn
EDGE_THRESHOLDS = (20, 6)
#: more unsure cells than this fraction: the grid is not a Minesweeper board
MAX_UNSURE = 0.25
#: Bounds on the work of one picture (the fuzz of tests/support/fuzz_pictures.py: a 40 KB PNG of grid lines made
#: a 249x249 "board" whose cells took minutes to measure, and held a server's worker past its limit).
#: A grid of more cells, or covering more pixels, is not read (no board): games' boards are far
#: smaller (issue 39 asks for 50x50; an Expert board of 80 px cells covers 3.1 million pixels) ...
MAX_CELLS = 100 * 100
MAX_GRID_PIXELS = 4_200_000
#: ... and once this many seconds have gone, no further candidate grid is tried.
TIME_BUDGET = 8.0


def read(source: str | os.PathLike[str] | bytes | Any, *, name: str | None = None) -> Reading:
    label = source_name(source, name)
    start = time.perf_counter()
    rgb = undithered(load_rgb(source, label))
    failure = f"{label}: no board found: no grid of square cells in the picture"
    refused: list[Grid] = []
    unparted: list[tuple[str, Grid]] = []  # (rows beside a lattice lined but not parted into cells: crosslines.py)
    # strong edges first (bevels, grid lines); then faint ones (flat skins whose neighbouring
    # cells differ by a few levels, such as Google's two greens)
    for threshold in EDGE_THRESHOLDS:
        for found in find_grids(rgb, threshold)[:3]:
            if time.perf_counter() - start > TIME_BUDGET:
                raise NoBoardFound(f"{failure} (stopped after {TIME_BUDGET:g} s)")
            reading, failure = _attempt(rgb, found, threshold, label, unparted)
            if reading is not None:
                return reading
            refused.append(found)
    # every lattice found was refused: the board may lie beside the first, in the same group of
    # edges (a patterned desktop joined to the window), where the search for lattices stopped
    if refused:
        for found in grids_beside(rgb, refused[0], EDGE_THRESHOLDS[0])[:2]:
            if time.perf_counter() - start > TIME_BUDGET:
                break
            reading, _ = _attempt(rgb, found, EDGE_THRESHOLDS[0], label, unparted)
            if reading is not None:
                return reading
    raise NoBoardFound(failure)


def _attempt(rgb: np.ndarray, found: Grid, threshold: int, label: str, unparted: list[tuple[str, Grid]]
             ) -> tuple[Reading | None, str]:
    """The reading of the board on lattice ``found`` (found at edge ``threshold``), or None and why not;
    ``unparted``: rows of cells beside lattices tried before, lined but not parted into cells (to it
    are added this lattice's): no lattice taking one in is read."""
    # a lattice on every other boundary (its cells blocks of 2x2 cells: a flat skin scaled to a
    # cell size of a whole and a half pixels) is read at half its pitch
    found = halved(rgb, found) or found
    # a lattice already larger than read is refused before it is grown (growing a 249x249
    # lattice of grid lines took seconds, and the refusal's line then depended on the clock)
    too_large = _too_large(found, label)
    if too_large:
        return None, too_large
    # a lattice on strong edges may be the covered part of a board whose other cells are
    # parted by faint lines: it is grown over them, or not read (never part for the whole)
    # (unless such cells, lined along the side, are not parted from each other: a strip of window
    # between a dithered panel and the board, or the board's own cells in doubt: crosslines.py)
    if threshold != EDGE_THRESHOLDS[-1]:
        unparted += unparted_beside(rgb, found, EDGE_THRESHOLDS[-1])
    grid = found if threshold == EDGE_THRESHOLDS[-1] else grown_over_faint_cells(rgb, found, EDGE_THRESHOLDS[-1])
    if grid is not None:
        # a checkerboard of covered cells too faint for any edge: the rows and columns beside
        # the lattice that carry it on are the board's
        grid = grown_over_checkerboard(rgb, grid, EDGE_THRESHOLDS[-1])
        # a skin that draws no lines between its revealed cells: its tiles' lattice goes on over
        # them (None where the board's edge cannot be told from a panel of their colour)
        grid = grown_over_flat_cells(rgb, grid, EDGE_THRESHOLDS[0])
    if grid is not None:
        # tiles parted by a gap whose outer sides are faint: the last row or column, lined but for
        # its outer side a gap's width off the lattice's line, is the board's
        outer = grown_over_outer_tiles(rgb, grid, EDGE_THRESHOLDS[-1])
        if outer is None:
            return None, (f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, but "
                          "the row or column beside it is partly of the board's tiles: its edge is not told")
        grid = outer
    if grid is None:
        return None, (f"{label}: no board found: a grid of {found.rows}x{found.cols} cells was found, "
                      "but fainter cells beside it do not settle into one board with it")
    if foreign_rows(rgb, grid, unparted, EDGE_THRESHOLDS[-1]):
        return None, (f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, but it takes "
                      "in a row lined but not parted into cells, not of the board's colours: its edge is not told")
    edge = unparted_edge(rgb, grid, EDGE_THRESHOLDS[-1])
    reading: Reading | None = None
    if edge is not None:
        failure = (f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, but its {edge} "
                   "row or column is not parted into cells as its others are: its edge is not told")
    else:
        try:
            reading = read_grid(rgb, grid, CLASSIC, label)
        except NoBoardFound as exc:
            failure = str(exc)
        if reading is not None and not reading.unsure:
            return reading, ""
    # refused, or read with cells unsure: a game's header (counter, face, clock, buttons) may be
    # the lattice's edge rows, not parted into cells as the board's are; the lattice without them
    # is read (headers.py), else the refusal or the reading stands
    cut = without_header(rgb, grid, EDGE_THRESHOLDS[-1], threshold)
    if cut is not None and unparted_edge(rgb, cut, EDGE_THRESHOLDS[-1]) is None:
        try:
            return read_grid(rgb, cut, CLASSIC, label), ""
        except NoBoardFound:
            pass
    return (reading, "") if reading is not None else (None, failure)


def _mine_total(rgb: np.ndarray, grid: Grid, values: list[str], mine_counter: int | None
                ) -> tuple[int | None, int | None]:
    """(the number the mine counter shows, the mine total on the board), either None where not read,
    from the seven-segment counter read (``mine_counter``) or, where none was, one in plain digits
    (textcounter.py). A counter of the mines left gives the total with the flags and wrong flags
    added; on a lost board whose game drew its flagged mines as mines, the mines shown
    (:func:`.rules.flags_shown_as_mines`)."""
    # the counter shows the mines not flagged: the total is it plus the flags, wrong flags included
    mines = None if mine_counter is None else mine_counter + values.count("F") + values.count("W")
    if mines is not None and mines < 0:
        mines = None
    counts_left = mine_counter is not None
    if mine_counter is None:
        # no seven-segment display: a counter in plain digits (GNOME's "Flags: 5/10", Google's "10")
        # (or an LCD box after a "Mines left:" label: Qt's QLCDNumber)
        text_counter = read_text_counter(rgb, grid, values) or read_lcd_left(rgb, grid, values)
        if text_counter is not None:
            mine_counter, mines, counts_left = text_counter
    if counts_left and mine_counter is not None:
        # a lost board whose game drew its flagged mines as mines: every mine is shown
        mines = flags_shown_as_mines(values, mine_counter) or mines
    return mine_counter, mines


def _too_large(grid: Grid, label: str) -> str:
    """Why ``grid`` is not read, where it is larger than the reader's bounds; else ""."""
    if grid.rows * grid.cols > MAX_CELLS or grid.rows * grid.cols * grid.cell_size ** 2 > MAX_GRID_PIXELS:
        return (f"{label}: no board found: a grid of {grid.cols}x{grid.rows} cells of "
                f"{grid.cell_size:.0f} px is larger than read ({MAX_CELLS:,} cells, {MAX_GRID_PIXELS:,} pixels)")
    return ""


def read_grid(rgb: np.ndarray, grid: Grid, skin: Skin, label: str) -> Reading:
    too_large = _too_large(grid, label)
    if too_large:
        raise NoBoardFound(too_large)
    looks = measure(rgb, grid)
    overlays: set[int] = set()
    open_unsure: set[int] = set()
    values, confidence, skin = classify_board(looks, skin, grid.cell_size, overlays, open_unsure)
    flat = [lk for row in looks for lk in row]   # (row-major, as values and confidence)
    # digits whose ink a palette shifted (a GIF's): by the board's own ink for them
    board_inks(values, confidence, flat, skin)
    unnamed_inks(values, confidence, flat, skin)  # (and the skin's unknown ones)
    for i, look in enumerate(flat):
        # filled as a mine's disc (maybe a shown mine), a line (a pointer's edge), or black around
        # something lighter (a pointer's outline round its white body): no question mark; nor is a
        # dark mark off the cell's middle (a pointer's tip at a cell's side, its outline navy in a
        # GIF frame of Windows 7: :func:`.overlay.off_middle`)
        if values[i] == "?" and (disc_filled(look) or thin_mark(look) or pointer_outline(look) or off_middle(look)):
            confidence[i] = min(confidence[i], 0.1)
    # a lost board's mines drawn as dark balls off their cells' middles (an emoji's bomb, its fuse
    # up right), read unsure: shown mines where two or more are (balls.py)
    shown_balls(rgb, grid, flat, values, confidence)
    # a mouse pointer's white body beside its black outline over a digit, flag or question mark:
    # what lies under it is not seen whole, and what is seen may be the pointer's (pointer.py)
    for i in under_pointer(rgb, grid, flat, values, [c >= SURE for c in confidence]):
        confidence[i] = min(confidence[i], 0.1)
    n = grid.rows * grid.cols
    beside = digits_beside(rgb, grid, skin, values, confidence,
                           np.array([lk.background for lk in flat], np.float64))
    if beside:
        # digits just outside the lattice: the board goes on past it (its edges were found only
        # around covered tiles); a part is never read as the whole board
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           f"but digits lie beside it ({', '.join(beside)}): the board goes on past it")
    beside = tiles_beside(rgb, grid, EDGE_THRESHOLDS[0])
    if beside:
        # tiles like the lattice's own just outside it, in its rows or columns: the board goes on
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           f"but tiles like its own lie beside it ({', '.join(beside)}): the board goes on past it")
    cut = cut_sides(rgb, grid)
    if cut:
        # part of a row or column between the lattice and the picture's edge, the lattice's lines
        # running on across it: the picture's edge cut the board there (cutedge.py)
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           f"but the picture's edge cuts a row or column of it ({', '.join(cut)}): "
                           "part of a board, not the whole")
    low = {i for i in range(n) if confidence[i] < SURE}
    _whole_board(rgb, grid, looks, values, low, label)
    # a digit on the edge whose mines lie past it: the board goes on, and the lattice is part of it
    short = short_edge_digit(values, low, open_unsure, grid.rows, grid.cols, open_sides(rgb, grid))
    if short is not None:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, but the "
                           f"digit at {short} counts more mines than the cells round it inside it: the board "
                           "goes on past it")
    bare = len(low) == n and set(values) <= {".", "0"}
    mine_counter = read_counter(rgb, grid, values, low) if bare else None
    if bare and mine_counter == 0 and not any(other_displays(rgb, grid)):
        # one flat bare colour over the whole board, a flat skin's covered cells or revealed 0s,
        # and the counter says no mine is left to find with none flagged: all 0s (a game with every
        # cell covered shows its mines on the counter). Either way no cell holds a mine. Not where
        # another display shows a number: the 0 may be a new game's timer, left of its counter.
        values, confidence, low = ["0"] * n, [1.0] * n, set()
    reasons = [f"low confidence at {i // grid.cols},{i % grid.cols}" for i in sorted(low)]
    if len(low) > MAX_UNSURE * n:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           "but its cells do not read as Minesweeper cells")
    if not any(v != "0" for v in values) and mine_counter != 0:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} flat cells with "
                           "nothing on them is not a Minesweeper position")
    if not bare:
        mine_counter = read_counter(rgb, grid, values, low)
        if mine_counter is None:
            # no display above the board: one below it (Nanoatic's SDL clone)
            mine_counter = read_counter_below(rgb, grid, values, low)
    mine_counter, mines = _mine_total(rgb, grid, values, mine_counter)
    if overlays and (mines is None or len(overlays) <= mines):
        # marks on covered cells that may be a lost board's shown mines (its exploded one missed):
        # a solver's overlay only where more cells carry one than the board has mines
        for i in sorted(overlays):
            confidence[i] = min(confidence[i], 0.2)
            low.add(i)
            reasons.append(f"a mark on the covered cell at {i // grid.cols},{i % grid.cols}, no more such "
                           "cells than mines: maybe a shown mine")
    unsure, rule_reasons, mines = check(values, low, grid.rows, grid.cols, mines, label,
                                        open_tiles=open_unsure - overlays)
    if len(unsure) > MAX_UNSURE * n:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           "but too many of its cells are unsure or break the rules of the game")
    side = _unread_side(values, low, grid.rows, grid.cols)
    if side is not None:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, "
                           f"but no cell of its {side} row or column reads as a cell: its edge is not told")
    if unsure and mines is not None:
        # the total is the counter plus the flags: an unsure cell may be a flag read as something
        # else (or the reverse), so the total is not stated
        mines = None
        rule_reasons.append("the mine total is left out: it counts the flags, and some cells are unsure")
    board = board_of(values, unsure, grid.rows, grid.cols, mines, label)
    cells = tuple(CellReading(i // grid.cols, i % grid.cols, values[i], round(confidence[i], 3), i not in unsure)
                  for i in range(n))
    return Reading(board=board, cells=cells, unsure=tuple(divmod(i, grid.cols) for i in sorted(unsure)),
                   reasons=tuple(reasons + rule_reasons), box=grid.box(), cell_size=grid.cell_size,
                   skin=skin.name, mine_counter=mine_counter, source=label)


def _unread_side(values: list[str], low: set[int], rows: int, cols: int) -> str | None:
    """The side of the board (top, bottom, left, right) none of whose cells reads as one: each read
    unsurely (in ``low``; not those only the rules of the game make unsure), or a 0 beside a cell
    read surely covered (a revealed 0 opens every cell round it: that 0 is a blank of something
    else); None where there is none. Such a row or column says nothing of the board's extent: the
    lattice may have taken in a strip beside the board, a toolbar's buttons on its pitch, or a
    panel of the revealed cells' colour (JMines' counter panel over its board, scaled 0.8, grown
    over as revealed cells: read 17x30), and the board would be read a row too large. (A board
    with such a row is never exact: its cells are unsure.)"""
    n = rows * cols

    def no_cell(i: int) -> bool:
        if i in low:
            return True
        r, c = divmod(i, cols)
        return values[i] == "0" and any(
            values[j] in ".F" and j not in low for j in (rr * cols + cc for rr in range(max(0, r - 1), min(rows, r + 2))
                                                        for cc in range(max(0, c - 1), min(cols, c + 2))))

    sides = {"top": range(cols), "bottom": range(n - cols, n), "left": range(0, n, cols),
             "right": range(cols - 1, n, cols)}
    return next((name for name, cells in sides.items() if all(no_cell(i) for i in cells)), None)


def _whole_board(rgb: np.ndarray, grid: Grid, looks: list[list[CellLook]], values: list[str], low: set[int],
                 label: str) -> None:
    """Raise NoBoardFound where the board's flat covered tiles go on past the lattice (a flat skin
    drawing no line between covered cells: a row of them gives the lattice no edge): part of a
    board is never read as the whole."""
    flat = [lk for row in looks for lk in row]
    if any(lk.bevel > BEVELLED for lk in flat):
        return
    covered_at = [i for i, v in enumerate(values) if v == "." and i not in low]
    if not covered_at or lined_tiles(rgb, grid, covered_at):
        return  # (covered tiles lined apart: a flat area beside the lattice is no more of them)
    covered = [flat[i].background for i in covered_at]
    side = covered_beyond(rgb, grid, np.unique(np.round(np.array(covered)), axis=0))
    if side is not None:
        raise NoBoardFound(f"{label}: no board found: a grid of {grid.rows}x{grid.cols} cells was found, but "
                           f"covered tiles go on past its {side} side: part of a board, not the whole")
