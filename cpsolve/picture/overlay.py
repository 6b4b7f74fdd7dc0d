"""Marks drawn over covered cells that are no flag: a solver's overlay (Metasweeper's probability
mines, grey or black, on raised tiles) or a question mark. Used by :func:`.cells.classify_board`,
which reads such a cell covered where the board shows no exploded mine; the reader
(:mod:`.reader`) keeps it sure only where more cells carry such a mark than the board has mines.
What any other mark on a covered tile is (a flag, a red X, a skin's dark flag): :func:`covered_mark`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .digits import _shape_like
from .marks import BURST, MINE, NOTHING, RED_BG, SURE, _confidence, other_mark, round_marks

if TYPE_CHECKING:
    from .cells import CellLook
    from .skins import Skin


def overlay_mark(look: CellLook) -> bool:
    """A mark on a raised tile that is no classic flag (no trace of red: grey or black) and is the
    cell's own, no mouse pointer over it: dark along the cell's sides only as a round blob centred
    on the cell (a mine drawn over it) or a mark with no black at its middle (a grey one; a
    pointer's black would be the mark's strongest colour) reach them, with spikes, a little."""
    colour = look.fg_colour
    own = look.blob_round >= 0.9 or float(colour.max()) >= 60
    return (look.red_fraction == 0 and look.reddish < 0.005 and float(colour.max() - colour.min()) < 30
            and look.edge_dark <= (0.05 if own else 0.02))


def question_like(look: CellLook) -> bool:
    """A dark mark taller than it is wide (a question mark), not a round blob (a mine drawn over
    the cell)."""
    return look.dark_fraction >= 0.03 and look.blob_round < 0.8


#: a mine's dark blob (a disc, spiked or not) fills at least this much of its bounding box (the
#: classic mine 0.7 and more, GNOME 1's spiked one 0.5); a bold question mark's strokes, which pass
#: for a large dark blob too (winmine's, 3 px strokes at 24 px cells), fill 0.4 of theirs at most
DISC_FILL = 0.45
#: ... and covers this much of its cell (a question mark's strokes 0.27 at most, but KMines' 0.32,
#: which fill 0.42 of their box)
DISC_DARK = 0.3


def disc_filled(look: CellLook) -> bool:
    """A large dark mark filling its box as a mine's disc does (DISC_FILL or more), and its cell as
    a mine does (DISC_DARK), whatever its roundness: no sure question mark. Question marks of the
    tuning pictures, at every scale, fill 0.42 of their box at most, or 0.27 of the cell (drawn bold
    ones 0.48 and 0.26); GNOME 1's spiked mines scaled by 1.5, a little off round (0.55 for a mine's
    0.6: :func:`.marks.symbol`), 0.51 and 0.33, Metasweeper's probability discs 0.66 and 0.54 up."""
    return look.dark_fraction >= DISC_DARK and look.blob_fill >= DISC_FILL and look.blob_span >= 0.35


#: a question mark's dark strokes span a box this share of the cell's interior on its shorter side
#: at least (every sure '?' of the tuning pictures, at every scale, 0.44 and up)
QUESTION_SPAN = 0.3


def thin_mark(look: CellLook) -> bool:
    """A dark mark whose dark pixels make a line, their box under QUESTION_SPAN of the interior on
    its shorter side: no question mark. A mouse pointer whose tip lies in a covered cell's corner
    (winmine's, scaled by 1.5) shows the cell only a piece of its blurred black outline, 1-2 px
    wide, along the white body it carries on into the cells beside: too little of the ring's pixels
    dark to be told as a pointer (edge_dark), and read a sure '?'."""
    return look.dark_fraction >= 0.03 and look.blob_span < QUESTION_SPAN


#: a black mark's dark pixels are at least this share of its foreground where the game drew it (a
#: question mark, a black 7: one colour, blurred at its edges; every sure '?' of the tuning pictures
#: at 0.65 to 1.5 0.62 and up)
POINTER_DARK = 0.5


def pointer_outline(look: CellLook) -> bool:
    """A black mark (its strongest colour near black) whose dark pixels are under POINTER_DARK of
    its foreground: a black outline around something lighter, a mouse pointer's white body, no mark
    of the game's. A pointer over a covered cell whose outline crosses the ring along its sides only
    at a corner leaves too few of the ring's pixels dark for :func:`.cells._edge_dark`, and its
    outline was read a sure '?' (drawn pointers at 1.5: 0.33-0.37). Not for digits: GNOME's and
    Google's dark 7s, blurred, are as little dark."""
    return (look.dark_fraction >= 0.03 and float(look.fg_colour.max()) < 80
            and look.dark_fraction < POINTER_DARK * look.fg_fraction)


def off_middle(look: CellLook) -> bool:
    """A dark mark (3% of the interior or more) whose dark pixels' box is centred a quarter of the
    interior or more off its middle (``blob_round`` 0: :func:`.cells.measure` weighs its roundness
    by how centred it is): a piece of something drawn across the cells, a mouse pointer's tip at a
    cell's side, no mark of the game's, which draws its marks in the middle of the cell."""
    return look.dark_fraction >= 0.03 and look.blob_round <= 0.0


def question_stroke(look: CellLook) -> float:
    """A dark mark on a covered tile read as a mine: how far it is from a mine's filled disc toward
    a bold question mark (taller than wide, strokes filling little of their box), -1..1: above 0 a
    question mark, and how sure by the margin (:func:`.cells.classify_board`)."""
    if not question_like(look):
        return -1.0
    return float(DISC_FILL - look.blob_fill)


#: a red mark alone on a covered tile marking every diagonal arm this much is a cross, no flag (a
#: flag's pennant marks at most 0.36 of the weakest arm; nholthaus's Qt clone draws a wrong flag as
#: a red X with no mine, 0.59, and the diagonals of a straight X drawn over the cell run to 1)
RED_CROSS = 0.5


def mine_overlay(look: CellLook) -> bool:
    """A mine-like dark blob on a raised tile that may be a mine drawn over the cell (an overlay, or
    a lost board's shown mine: :func:`overlay_mark`), not a bold question mark's strokes (winmine's
    bitmap "?", at 2x too: :func:`question_stroke`), which is read by its shape and counts as no
    shown mine."""
    return overlay_mark(look) and question_stroke(look) <= 0


#: a mark in a warm hue alone (no black) on a covered tile is a flag as a red one is: its pixels
#: redder than green and blue by 40 (``CellLook.reddish``) at least WARM_MARK of the cell's middle
#: and WARM_SHARE of the mark. Clones draw flags red to orange: virgs's Vue clone's orange
#: (238, 109, 41), 0.61 of the middle, whose green over 100 is no saturated red (``colours._red``)
WARM_MARK, WARM_SHARE = 0.03, 0.5


def warm_mark(look: CellLook) -> bool:
    """A mark mostly in a warm hue (red to orange, pink) with no black in it, not round as a mine
    (:func:`.marks.round_marks`: nholthaus's Qt clone draws its mines as orange bursts)."""
    return (look.dark_fraction < 0.01 and look.reddish >= max(WARM_MARK, WARM_SHARE * look.fg_fraction)
            and float(round_marks([look])[0]) <= 0)


def red_mark(look: CellLook, lost: bool, conf: float) -> tuple[str, float]:
    """A red (or warm: :func:`warm_mark`) mark alone (no black) on a covered tile, no surer than
    ``conf``: a flag (cpsolve's ``F``), unless it crosses the cell's diagonals (:data:`RED_CROSS`):
    a red X, a wrong flag's mark (nholthaus's Qt clone), which is the wrong flag ``W`` where the
    board shows its mines (``lost``) and no sure flag anywhere. The cross is measured on saturated
    red pixels: on a board that shows its mines, a warm mark with none (an orange X would not show
    as one) is no sure flag. Nor is a mark with an explosion's yellow (:data:`.marks.BURST`): a burst
    on the exploded mine's red tile (DanielMcPherson's Qt clone's, scaled 1.25: 0.03 of it red)."""
    if look.yellow >= BURST:
        conf = min(conf, 0.1)
    if lost and look.red_fraction < 0.03:
        return "F", min(conf, 0.2)
    if lost and look.cross >= RED_CROSS:
        return "W", min(conf, _confidence(look.cross - RED_CROSS, 0.1))
    return "F", min(conf, _confidence(RED_CROSS - look.cross, 0.1))


def shows_loss(symbols: list[list[tuple[str, float]]], covered: np.ndarray, burst: bool) -> bool:
    """Whether the board shows its exploded mine: a red tile, a burst, or a mine on a flat tile
    (where the others lie on raised ones). Mines are shown once the game is lost, and a lost board
    shows the exploded one: on a raised board with none, a mine drawn on a raised tile is a
    solver's overlay on a covered cell (Metasweeper's), or a lost board's whose exploded mine was
    missed; the reader tells the two by their count (:func:`.reader.read_grid`)."""
    return burst or any(sym == RED_BG for row in symbols for sym, _ in row) or any(
        sym == MINE and not covered[r, c] for r, row in enumerate(symbols) for c, (sym, _) in enumerate(row))


def covered_mark(look: CellLook, sym: str, sure: float, skin: Skin, lost: bool, overlaid: bool,
                  converted: bool, counted: bool) -> tuple[str, float, bool]:
    """What a covered tile carries (``sym``: :func:`.marks.symbol`'s, not the red background, a
    cross, a mine or a flag), no surer than ``sure`` (the symbol's and the tile's confidence), and
    whether it is a mark over the cell that may be a lost board's shown mine, for the caller to
    count (``counted``; :func:`overlay_mark`): ``overlaid``, where a mark on a raised tile
    may be one; ``converted``, a mine-like blob read as such a mark."""
    if sym == NOTHING:
        v, conf = ".", sure
    elif (look.red_fraction >= 0.03 and look.dark_fraction < 0.01) or warm_mark(look):
        v, conf = red_mark(look, lost, sure)  # a red (or orange) mark alone: a flag, or a red X
    elif skin.flag_shape:
        # a skin whose flags are dark: by shape, a flag or (anything else) unsure
        like = _shape_like(look, skin.flag_shape)
        v, conf = ("F", min(sure, _confidence(like - 0.7, 0.15))) if like >= 0.8 else ("?", 0.1)
    else:  # (or a green X, a no-guess game's start cell: a cell not yet opened)
        v, conf = other_mark(look, sure)
    if v == "?" and look.red_fraction >= 0.03:
        conf = min(conf, 0.2)
    if look.edge_dark > 0.02:  # something over the cell (a cursor): not its own mark
        conf = min(conf, 0.1)
    if overlaid and (converted or conf < SURE) and overlay_mark(look):
        # no flag: a question mark or an overlay, or a missed loss's mine (the caller counts)
        return ("?" if question_like(look) else "."), sure if counted else min(conf, 0.2), counted
    return v, conf, False
