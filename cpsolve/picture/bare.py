"""Bare tile colours the board shows to be covered: by a digit beside them, or a covered tile (a step of
:func:`.tiles.tiles`).

On a flat skin no skin names, the tiles are grouped by colour: a colour with flags or mines on it
is covered, one with digits revealed, and of the bare colours (nothing drawn on any of its tiles)
the darkest, where darker than the digits' tiles, covered. Any other bare colour may be covered
tiles or revealed 0s; its colour does not say which, so its cells are unsure. A solver's tints
over the covered tiles make several such colours (skullbox305's Qt solver: light blue covered
tiles, violet over the safe ones, pink over the mines, green over the uncertain ones; its revealed
tiles light grey).

The board tells. Every digit has a mine among its eight neighbours, so a covered tile: a digit
read plainly (on a colour of revealed tiles, its mark plainly a digit's shape, nothing dark along
its sides) with all eight neighbours on the board (a lattice short of the board may leave its mine
outside), none of them read surely covered, those on revealed colours each plainly revealed (bare
or plainly a digit: a lost board's shown mines, or a flag read as a mark, may lie on a revealed
colour), and every other one of one bare colour, shows that colour covered. This is sound
wherever the cells read surely are right, whatever the colour's tiles truly hold (0s, or digits
not seen): were the colour revealed, the digit's mine would lie among its neighbours of other
colours. And a revealed 0 opens every tile
round it: a bare colour with a tile beside one read surely covered is covered, unless that tile
lies in whole rows or columns of the colour along the board's sides (a panel beside the board,
taken in by the lattice: :func:`_inner`). This one trusts that the colour's tiles are bare: a
colour of revealed tiles every digit of which went unseen would be taken for covered. Each is
repeated while a colour is added (one made covered gives its neighbours their covered tile), and
a colour so found is covered in every cell, surely (on a flat skin a tile colour is one kind of
tile): only a colour whose tiles are one flat colour (each within TIGHT of the group's middle),
not a group that joined two tile colours within a group's reach (30).

Covered, but not which of covered or flagged (:func:`plain_flag_doubt`). A game may draw a flag as
nothing but a tile of its own colour (FriedrichtenHagen's web game: salmon tiles beside teal
covered ones), pixel for pixel a solver's plain tint over a covered tile; the digits show such a
colour covered or flagged, never which, and a player may flag anywhere, wrongly too. So where the
board shows two or more colours that may be covered tiles, none holding a flag or a mine drawn as
one, each of them is read covered, unsure: a colour made covered here, and a bare colour read
covered before (the darkest bare one: a game's flag tiles may be darker than its covered ones).
One such colour alone on the board (the rest revealed surely, or holding drawn flags or mines, or
a named skin's covered tile) stays sure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import rgb_distance
from .digits import SHAPE_LIKE
from .marks import CROSSED, FLAG, MARK, MINE, NOTHING, RED_BG, SURE

if TYPE_CHECKING:
    from .cells import CellLook

#: a bare colour is made covered only where each of its tiles is within this RGB distance of the
#: group's middle (the median, channel by channel): one flat colour
TIGHT = 10.0
#: a colour of covered tiles this far (RGB) from every other one, none of them holding a drawn flag, may
#: be a game's plain flag tiles (:func:`raised_flag_doubt`)
APART = 40.0
#: a digit with this much dark along its sides (:func:`.cells._edge_dark`: a pointer over it) is no
#: plain digit
EDGE_CLEAR = 0.02


def _plain_digit(look: CellLook, sym: str, conf: float) -> bool:
    """Whether a mark is plainly a digit: read as a mark surely, shaped as a digit, not a letter
    (a stroke over a dot), nothing dark along the cell's sides."""
    return (sym == MARK and conf >= SURE and bool(look.shape) and max(look.shape.values()) >= SHAPE_LIKE  # type: ignore[union-attr]
            and not look.stacked and look.edge_dark <= EDGE_CLEAR)


def covered_by_digits(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], label: np.ndarray,
                      members: list[list[int]], state: list[bool | None], doubt: list[int], torn: list[int],
                      colours: np.ndarray, partner: dict[int, int]) -> list[int]:
    """The bare colour groups of ``doubt`` (indices into ``members``, each group's cells row-major;
    ``label``: each cell's group; ``state``: each group covered (True), revealed (False) or None;
    ``colours``: each cell's tile colour, N x 3) that the digits and the covered tiles beside them
    show to be covered (see the module's docstring), a group's checkerboard ``partner`` with it.
    The groups of ``torn`` (marks that disagree) are not surely read, and never made covered."""
    rows, cols = len(looks), len(looks[0])

    def one(k: int) -> int:  # (a checkerboard's two shades are one tile)
        return min(k, partner.get(k, k))

    unsure = {one(k) for k in doubt + torn}
    open_groups = {one(k) for k, st in enumerate(state) if st is False} - unsure
    closed = {one(k) for k, st in enumerate(state) if st is True} - unsure
    digits = [r * cols + c for r in range(1, rows - 1) for c in range(1, cols - 1)
              if one(int(label[r * cols + c])) in open_groups and _plain_digit(looks[r][c], *symbols[r][c])]
    flat = {one(k) for k in doubt if bool((rgb_distance(colours[members[k]], np.median(
        colours[members[k]], axis=0)[None, :]) <= TIGHT).all())}
    inner = {k: _inner(label, members[k], rows, cols) for k in doubt}
    found: list[int] = []
    changed = True
    while changed:
        changed = False
        for i in digits:
            near = {one(int(label[j])) for j in _around(i, rows, cols)}
            others = near - open_groups
            if near & closed or len(others) != 1 or not all(
                    _plainly_revealed(looks, symbols, j, cols) for j in _around(i, rows, cols)
                    if one(int(label[j])) in open_groups):
                continue  # (its mine may be that one, or in either of two colours, or shown beside it)
            k = others.pop()
            if k in flat and k not in found:
                closed.add(k)
                found.append(k)
                changed = True
        for k in doubt:
            if one(k) in flat and one(k) not in found and any(
                    one(int(label[j])) in closed for i in inner[k] for j in _around(i, rows, cols)):
                closed.add(one(k))
                found.append(one(k))
                changed = True
    return [g for k in found for g in sorted({k, partner.get(k, k)})]


def plain_flag_doubt(found: list[int], state: list[bool | None], doubt: list[int], torn: list[int],
                     members: list[list[int]], flat: list[str], partner: dict[int, int], named: bool) -> list[int]:
    """The groups to read covered but unsure, given ``found`` (:func:`covered_by_digits`' groups) and
    the groups' ``state`` before it (covered, revealed, None), ``doubt`` (bare, unsure), ``torn``
    (marks that disagree), ``flat`` (each cell's symbol) and whether a skin is ``named`` by its tile
    colours (its covered colour known): where the found colours and the bare colours read covered
    (none of their cells a flag, mine or crossed mine; not a named skin's) are more than one, or
    another colour's tiles stay unsure, any of them may be a game's plain flag tiles (the module's
    docstring), so all of them."""
    if not found:
        return []

    def one(k: int) -> int:
        return min(k, partner.get(k, k))

    shown = {one(k) for k in found}
    bare_closed = set() if named else {one(k) for k, st in enumerate(state) if st is True and not any(
        flat[i] in (FLAG, MINE, CROSSED) for j in {k, partner.get(k, k)} for i in members[j])}
    rest = {one(k) for k in doubt + torn} - shown
    if len(shown | bare_closed) == 1 and not rest:
        return []
    return [g for k in sorted(shown | bare_closed) for g in sorted({k, partner.get(k, k)})]


def raised_flag_doubt(members: list[list[int]], centres: list[np.ndarray], covered: np.ndarray,
                      flat: list[str]) -> list[int]:
    """The cells (row-major) to read covered but unsure on a board whose bevels tell its tiles: the
    covered cells of the colour groups (``members``, mean colours ``centres``; ``covered``: each
    cell's call; ``flat``: each cell's symbol) none of whose cells holds a flag, mine or crossed
    mine (nor only the exploded mine's red tile), where they are two or more and one of them lies
    APART or more from each of the others. A game's flags drawn as plain tiles of their own colour,
    on a lighter page, read as raised as its covered tiles do (flat tiles parted by the page: its
    light along every side taken for a bevel), and either colour may be the flags'. (A shaded
    skin's covered tiles that the grouping splits, a gloss or gradient, lie within APART of another
    such group.)"""
    groups = [k for k, idx in enumerate(members) if any(covered[i] and flat[i] != RED_BG for i in idx)
              and not any(flat[i] in (FLAG, MINE, CROSSED) for i in idx)]
    if len(groups) < 2 or not any(all(float(rgb_distance(centres[k], centres[j])) >= APART for j in groups if j != k)
                                  for k in groups):
        return []
    return [i for k in groups for i in members[k] if covered[i]]


def _plainly_revealed(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], j: int,
                      cols: int) -> bool:
    """Whether cell ``j`` (row-major), on a colour of revealed tiles, is plainly revealed: bare, or
    plainly a digit. A lost board may show its mines on the revealed tiles' colour (a flat web
    clone's near-white), and a flag read as a mark leaves its tile's colour taken for revealed
    (webgreen-lost-14x11.png scaled to 0.65 and 0.8: its beige 0s were made covered by 1s whose
    mine was shown, or flagged, beside them on such a tile)."""
    sym, conf = symbols[j // cols][j % cols]
    return (sym == NOTHING and conf >= SURE) or _plain_digit(looks[j // cols][j % cols], sym, conf)


def _around(i: int, rows: int, cols: int) -> list[int]:
    """The cells next to cell ``i`` (row-major), on the board."""
    r, c = divmod(i, cols)
    return [rr * cols + cc for rr in range(max(0, r - 1), min(rows, r + 2))
            for cc in range(max(0, c - 1), min(cols, c + 2)) if (rr, cc) != (r, c)]


def _inner(label: np.ndarray, idx: list[int], rows: int, cols: int) -> list[int]:
    """The cells ``idx`` of one colour less those in whole rows and columns of it along the board's
    sides, peeled off in turn (a panel of one colour beside the board, taken in by the lattice)."""
    mask = np.zeros(rows * cols, bool)
    mask[idx] = True
    grid = mask.reshape(rows, cols)
    top, bottom, left, right = 0, rows, 0, cols
    while top < bottom and left < right:
        if grid[top, left:right].all():
            top += 1
        elif grid[bottom - 1, left:right].all():
            bottom -= 1
        elif grid[top:bottom, left].all():
            left += 1
        elif grid[top:bottom, right - 1].all():
            right -= 1
        else:
            break
    return [i for i in idx if top <= i // cols < bottom and left <= i % cols < right]
