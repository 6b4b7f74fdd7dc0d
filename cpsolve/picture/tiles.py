"""Whether each cell's tile is covered, and how sure: by the bevel of raised cells, or on a flat
skin by grouping the tiles' colours (:func:`tiles`); KDE KMines' shaded covered faces
(:func:`_shaded_blanks`). The second step of :func:`.cells.classify_board`."""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from .bare import covered_by_digits, plain_flag_doubt, raised_flag_doubt
from .bevel import unlike_raised
from .colours import _lum, rgb_distance
from .digits import SHAPE_LIKE, _clean_digit
from .marks import CROSSED, FLAG, MARK, MINE, NOTHING, RED_BG, _confidence
from .skins import SKINS, TILE_TOLERANCE, Skin, known_tile

if TYPE_CHECKING:
    from .cells import CellLook


#: a cell whose bevel is over this is raised (under minus it, sunken), whatever the skin's threshold:
#: a board with a raised cell has its tiles told by their bevels (where no flat skin is named)
BEVELLED = 40.0
#: a raised skin's tile colour shared by at least LIFT_GROUP cells, all raised or all flat, makes
#: sure each of them whose own bevel is at least LIFT_OWN (its confidence) on that side
LIFT_GROUP, LIFT_OWN = 4, 0.2
#: a tile colour whose every cell (LIFT_GROUP or more) is raised by at least WEAK_RAISED of the skin's
#: bevel threshold, most of them past it, is covered in every cell
WEAK_RAISED = 0.4
#: a tile colour whose cells are raised (BEVELLED) in this share, and sunken in
#: this share, names no flat skin (GNOME's flat covered tiles: 3% each, its flags' and marks')
FLAT_RAISED = 0.1
#: the confidence of a cell raised unlike the board's raised tiles (:func:`.bevel.unlike_raised`)
UNLIKE_RAISED = 0.1
#: the confidence of a bare flat cell read revealed on a board that shows no covered tile
BARE_UNSEEN = 0.1
#: where no covered tile is seen bare, a bare cell is a sure 0 only within this RGB distance of a
#: plainly shaped digit's tile: the tuning set's 0s lie within 0.5 a channel of theirs
STEADY = 2.5


#: a dark tile colour's group reaches this share of its luminance (RGB), no further than 30
DARK_REACH = 0.3


def _colour_groups(colours: np.ndarray) -> tuple[np.ndarray, list[list[int]], list[np.ndarray]]:
    """The tile colours (N x 3) grouped in turn, each with the group whose mean is nearest, within
    a group's reach (30 RGB; on a dark tile DARK_REACH of its luminance, no less than 10: a dark
    theme's covered grey, 52, and revealed one, 39, are 21 apart), else a group of its own: per
    colour its group, each group's members, and each group's mean colour."""
    members: list[list[int]] = []
    label = np.zeros(len(colours), int)
    # in Python floats (numpy's cost per call made this loop a tenth of a read), with numpy's
    # arithmetic to the bit: squares as x * x (numpy's ** 2) added in order, and a group's mean its
    # colours summed in order (as numpy's mean over axis 0) over their count
    means: list[tuple[float, float, float]] = []
    sums: list[tuple[float, float, float]] = []
    for i, (r, g, b) in enumerate(colours.tolist()):
        d = [math.sqrt((r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)) for cr, cg, cb in means]
        k = min(range(len(d)), key=d.__getitem__) if d else -1
        if k < 0 or d[k] > max(10.0, min(30.0, DARK_REACH * (0.299 * means[k][0] + 0.587 * means[k][1]
                                                             + 0.114 * means[k][2]))):
            means.append((r, g, b))
            sums.append((r, g, b))
            members.append([i])
            label[i] = len(means) - 1
        else:
            members[k].append(i)
            label[i] = k
            sr, sg, sb = sums[k]
            sums[k] = (sr + r, sg + g, sb + b)
            m = len(members[k])
            means[k] = (sums[k][0] / m, sums[k][1] / m, sums[k][2] / m)
    return label, members, [np.array(c) for c in means]


def tiles(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], skin: Skin,
          known_skins: Sequence[Skin] = SKINS) -> tuple[np.ndarray, np.ndarray, str | None]:
    """Per cell: is its tile covered, and how sure; and the flat skin recognised by its tile
    colours, if any. Where the board has raised cells (a bevel), the
    bevel decides; on a flat skin the tiles' colours are grouped, and a group is covered when it
    holds flags or mines, revealed when it holds digits, and of two bare groups the darker is
    covered (so it is in every skin the reader knows). The flat skins named by their tile colours
    are ``known_skins``."""
    rows, cols = len(looks), len(looks[0])
    bevel = np.array([[lk.bevel for lk in row] for row in looks])
    raised = bool((bevel > BEVELLED).any())
    colours = np.array([[lk.background for lk in row] for row in looks]).reshape(-1, 3)
    label, members, centres = _colour_groups(colours)
    label, members, centres = _split_raised(label, members, centres, bevel.ravel(), colours)
    flat = [sym for row in symbols for sym, _ in row]
    # a tile drawn in two alternating shades (a checkerboard: Google's, its clones') is one tile:
    # its two groups count their marks together, and are covered or revealed together
    partner = checker_pairs(label, members, rows, cols) if not raised else {}
    state: list[bool | None] = []
    # groups whose marks disagree: shown mines outnumber its digits, the flags do not. A lost game
    # draws its mines on revealed-looking tiles in many skins (winmine's), so mines on a colour do
    # not make it covered where digits lie on it too; which it is stays unsure (scaled to 0.65,
    # wqhanginge's lost winmine rebuild's white 0s, where its digits read unsure, were sure covered)
    torn: list[int] = []
    for k in range(len(members)):
        kinds = [flat[i] for j in {k, partner.get(k, k)} for i in members[j]]
        closed = sum(x in (FLAG, MINE, CROSSED) for x in kinds)
        digits = sum(x == MARK for x in kinds)
        state.append(True if closed > digits else False if digits else None)
        if closed > digits > 0 and sum(x in (FLAG, CROSSED) for x in kinds) <= digits:
            torn.append(k)
    # a flat skin's known tile colours say which is which, when they account for the board: the
    # groups of a tenth of the cells or more all match one skin (gnome's light grey revealed tiles
    # alone must not pass for cpsolve's)
    known = [known_tile(tuple(float(v) for v in centre), skins=known_skins) or
             _known_members(colours[members[k]], known_skins) for k, centre in enumerate(centres)]
    big = [k for k, idx in enumerate(members) if len(idx) >= 0.1 * rows * cols]
    names = {known[k][0] if known[k] is not None else None for k in big}  # type: ignore[index]
    skin_name = None
    named = next(iter(names)) if len(names) == 1 else None
    # (a skin whose covered grey is near other skins' greys needs its revealed tiles seen too)
    by_name = {sk.name: sk for sk in known_skins}
    # (a flat skin draws each tile alike: a colour of one whose cells are raised in part, sunken in
    # part (KDE 2's grey, raised covered and sunken revealed, is cpsolve's revealed grey), is another
    # skin's two tiles)
    bevelled = [k for k in big if min((bevel.ravel()[members[k]] > BEVELLED).mean(),
                                      (bevel.ravel()[members[k]] < -BEVELLED).mean()) >= FLAT_RAISED]
    big_kinds = {kn[1] for kn in (known[k] for k in big) if kn is not None}  # (used where all are known)
    if named is not None and not bevelled and ((by_name[named].named_alone and (
            by_name[named].revealed_alone or big_kinds == {True})) or big_kinds == {True, False}):
        skin_name = named
        for k, kn in enumerate(known):
            if kn is not None and kn[0] == skin_name and len(members[k]) >= 2:
                state[k] = kn[1]
    if raised and skin_name is None:
        covered = bevel > skin.bevel
        conf = np.clip(np.abs(bevel - skin.bevel) / max(skin.bevel, 1.0), 0, 1)
        # glossy tiles (Windows 7) have weak bevels, near the threshold: where every cell of a tile
        # colour falls on the same side, the colour backs each cell's own call (never turning it
        # over, nor one with next to no bevel of its own); not where a plain digit lies on a
        # raised tile, which says the bevels of this board are misread
        flat_cov, flat_conf = covered.ravel(), conf.ravel()
        looks_flat = [lk for row in looks for lk in row]
        misread = any(flat_cov[i] and flat[i] == MARK and any(_clean_digit(looks_flat[i], str(d))
                                                              for d in looks_flat[i].shape or {})
                      for i in range(rows * cols))
        flat_bevel = bevel.ravel()
        for idx in members if not misread else []:
            if len(idx) >= LIFT_GROUP and all(flat_cov[i] for i in idx):
                # every cell of the colour raised past the threshold: all covered (the weakly
                # raised ones too, as where some fall under it below)
                flat_conf[idx] = 1.0
            elif len(idx) >= LIFT_GROUP and not any(flat_cov[i] for i in idx):
                for i in idx:
                    if flat_conf[i] >= LIFT_OWN:
                        flat_conf[i] = 1.0
            elif (len(idx) >= LIFT_GROUP and min(flat_bevel[i] for i in idx) >= WEAK_RAISED * skin.bevel
                  and float(np.median(flat_bevel[idx])) > skin.bevel):
                # every cell of the colour raised, if weakly (no flat one among them: a flat cell's
                # bevel is about 0), most of them past the threshold: all covered (Windows 7's
                # glossy tiles at 2x, bevels 11 to 56 about the threshold of 25)
                flat_cov[idx] = True
                flat_conf[idx] = 1.0
        # a cell raised on fewer of the sides than the board's raised tiles (a pointer's outline
        # down one side of a revealed 0) is not surely covered, whatever its colour's group says
        if all(len(lk.sides) == 4 for lk in looks_flat):
            odd = unlike_raised(np.array([lk.sides for lk in looks_flat], np.float64), flat_cov)
            flat_conf[odd] = np.minimum(flat_conf[odd], UNLIKE_RAISED)
        maybe = raised_flag_doubt(members, centres, flat_cov, flat)  # (plain flag tiles raised too)
        flat_conf[maybe] = np.minimum(flat_conf[maybe], BARE_UNSEEN)
        return covered, conf, None
    # (a colour of only red backgrounds is the exploded mine's tile, whatever the others are: no
    # bare colour, so never the darkest one taken for covered)
    bare = [k for k, st in enumerate(state) if st is None and any(flat[i] != RED_BG for i in members[k])]
    if len(state) - len(partner) // 2 == 1 and bare:
        # one bare colour over the whole board: raised cells are a new game; flat ones could be
        # a board of 0s or the covered cells of a flat skin, so they stay unsure
        mean_bevel = float(np.median(bevel))
        covered = np.full((rows, cols), mean_bevel > 0)
        conf = np.full((rows, cols), 1.0 if mean_bevel >= 15 else 0.0)
        return covered, conf, skin_name
    doubt: list[int] = []
    if bare:
        lum = {k: float(_lum(centres[k])) for k in range(len(centres))}
        # the digits' colours; a colour of one cell is none where another holds digits on more: a
        # keyboard cursor's tint over one revealed cell (Haiku's blue selection box) is no tile
        shown = [k for k, st in enumerate(state) if st is False]
        revealed_lum = [lum[k] for k in ([k for k in shown if len(members[k]) > 1] or shown)]
        if not any(st is True for st in state):
            # no group holds a flag or a mine: the darkest bare group is covered when it is darker
            # than the groups with digits (or there are none); so it is in every skin the reader knows
            darkest = min(bare, key=lambda k: lum[k])
            if not revealed_lum or lum[darkest] < min(revealed_lum):
                state[darkest] = True
                if darkest in partner:
                    state[partner[darkest]] = True
        for k in bare:
            if state[k] is None and state[partner.get(k, k)] is not None:
                state[k] = state[partner[k]]
            elif state[k] is None:
                # a bare group like a covered group's colour is covered; otherwise revealed (0s),
                # but not surely: nothing on the board shows that colour revealed (no digit on it),
                # and covered tiles may be of a colour apart from the flags' (a flag button)
                near = [float(rgb_distance(centres[k], centres[j])) for j, st in enumerate(state)
                        if st is True]
                state[k] = bool(near and min(near) < 40)
                if not state[k]:
                    doubt.append(k)
    # (bare colours the digits beside them show to be covered: a solver's tints over covered tiles)
    found = covered_by_digits(looks, symbols, label, members, state, doubt, torn, colours, partner) if doubt else []
    flags_maybe = plain_flag_doubt(found, state, doubt, torn, members, flat, partner, skin_name is not None)
    state = [True if k in found else st for k, st in enumerate(state)]
    doubt = [j for j in doubt if j not in found] + flags_maybe
    covered = np.array([bool(state[label[i]]) for i in range(rows * cols)]).reshape(rows, cols)
    conf = np.ones((rows, cols))
    for k in doubt + torn:
        conf.ravel()[members[k]] = BARE_UNSEEN
    return covered, conf, skin_name


#: a colour group is two tiles where each of its cells is raised (a bevel of RAISED_PART or more)
#: or flat (within FLAT_PART of none), SPLIT_MIN cells or more of each, the two parts' mean colours
#: SPLIT_APART levels apart or more (a channel)
RAISED_PART, FLAT_PART, SPLIT_MIN, SPLIT_APART = 6.0, 2.0, 3, 6.0


def _split_raised(label: np.ndarray, members: list[list[int]], centres: list[np.ndarray], bevel: np.ndarray,
                  colours: np.ndarray) -> tuple[np.ndarray, list[list[int]], list[np.ndarray]]:
    """The colour groups (:func:`_colour_groups`: each cell's group, the groups' cells and mean
    colours) with each group whose cells are raised ones and flat ones, each part of a colour of its
    own, split in two (the raised part first).

    Pale buttons beside flat revealed cells of a near colour (jfxmines: buttons shaded 239 to 219,
    233 their most common level, a bevel of about 16 under :data:`BEVELLED`; revealed cells 244,
    19 apart, within a group's reach) were one tile colour: the board's covered cells read as its
    revealed ones. A colour's cells all drawn alike are all raised or all flat."""
    if not any(len(idx) >= 2 * SPLIT_MIN for idx in members):
        return label, members, centres
    label = label.copy()
    out_members: list[list[int]] = []
    out_centres: list[np.ndarray] = []
    for k, idx in enumerate(members):
        up = [i for i in idx if bevel[i] >= RAISED_PART]
        down = [i for i in idx if abs(bevel[i]) <= FLAT_PART]
        apart = (len(up) >= SPLIT_MIN and len(down) >= SPLIT_MIN and len(up) + len(down) == len(idx)
                 and float(np.abs(colours[up].mean(axis=0) - colours[down].mean(axis=0)).max()) >= SPLIT_APART)
        for part, centre in ([(up, colours[up].mean(axis=0)), (down, colours[down].mean(axis=0))] if apart
                             else [(idx, centres[k])]):
            label[part] = len(out_members)
            out_members.append(list(part))
            out_centres.append(centre)
    return label, out_members, out_centres


def _known_members(colours: np.ndarray, skins: Sequence[Skin], tolerance: float = TILE_TOLERANCE
                   ) -> tuple[str, bool] | None:
    """(skin name, covered) where every one of a group's tile colours (N x 3) is one of a flat
    skin's tile colours of one kind (covered or revealed; as :func:`.skins.known_tile` tells one
    colour), or None: a group may join tiles of a skin's several colours within a group's reach
    (GNOME's tints of the 1s and the 2s lie 20 apart), whose mean is none of them."""
    if len(colours) < 2:
        return None
    for skin in skins:
        for covered, ref in ((True, skin.covered), (False, skin.revealed)):
            if ref and bool(_near_any(colours, np.array(ref, np.float64), tolerance).all()):
                return skin.name, covered
    return None


#: a group of tile colours is one shade of a checkerboard when at least CHECKER_MIN of its cells,
#: all on squares of one colour, have for most of their neighbours of other groups (CHECKER_SHARE)
#: the cells of one other such group, on the other squares, whose own neighbours are mostly its
CHECKER_MIN, CHECKER_SHARE = 3, 0.5


def checker_pairs(label: np.ndarray, members: list[list[int]], rows: int, cols: int) -> dict[int, int]:
    """The groups of tile colours (``label``: each cell's group, row-major; ``members``: each
    group's cells) that are the two shades of one tile drawn as a checkerboard, each mapped to the
    other. A tile's two shades alternate square by square, so each group lies on squares of one
    colour only and borders mostly the other; the covered and revealed tiles of a plain skin each
    lie on squares of both colours."""
    grid = label.reshape(rows, cols)
    pairs = [(grid[:, :-1], grid[:, 1:]), (grid[:-1, :], grid[1:, :])]
    touching = np.zeros((len(members), len(members)), int)
    for a, b in pairs:
        np.add.at(touching, (a.ravel(), b.ravel()), 1)
        np.add.at(touching, (b.ravel(), a.ravel()), 1)
    np.fill_diagonal(touching, 0)
    squares = (np.add.outer(np.arange(rows), np.arange(cols)) % 2).ravel()
    one_square = [len(idx) >= CHECKER_MIN and len({int(squares[i]) for i in idx}) == 1 for idx in members]
    best = {}
    for k in range(len(members)):
        total = int(touching[k].sum())
        j = int(touching[k].argmax())
        if one_square[k] and total and touching[k, j] >= CHECKER_SHARE * total and one_square[j]:
            best[k] = j
    return {k: j for k, j in best.items() if best.get(j) == k and squares[members[k][0]] != squares[members[j][0]]}


#: a tile face whose shading (sd of luminance) is at most PLAIN is flat; at least SHADED, shaded
PLAIN, SHADED = 5.0, 6.0


def _shaded_blanks(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], covered: np.ndarray,
                   conf: np.ndarray) -> None:
    """Cells read revealed whose tile face is shaded like the flags' where (nearly) every digit lies
    on a flat face are covered: blank ones, and marked ones whose mark is no plain digit (KDE
    KMines: covered tiles are shaded buttons with no bevel at their sides, revealed ones flat,
    both grey). Changes ``covered`` and ``conf`` in place."""
    cells_ = [(r, c, lk, symbols[r][c][0]) for r, row in enumerate(looks) for c, lk in enumerate(row)]
    digits = [lk.shading for r, c, lk, sym in cells_ if sym == MARK and not covered[r, c]]
    flags = [lk.shading for r, c, lk, sym in cells_ if sym == FLAG]
    if len(digits) < 3 or sum(x <= PLAIN for x in digits) < 0.9 * len(digits) or not flags or min(flags) <= PLAIN:
        return
    # (a flat board's tiles were told by their colours: a colour torn between digits and mines is
    # unsure, BARE_UNSEEN, in each of its cells)
    told_by_colour = not any(lk.bevel > BEVELLED for row in looks for lk in row)
    for r, c, lk, sym in cells_:
        if told_by_colour and covered[r, c] and conf[r, c] <= BARE_UNSEEN:
            _torn_face(lk, sym, r, c, covered, conf)
            continue
        if covered[r, c] or sym not in (NOTHING, MARK) or lk.shading <= PLAIN:
            continue
        if sym == MARK and any(_clean_digit(lk, str(d)) for d in lk.shape or {}):
            conf[r, c] = min(conf[r, c], 0.1)  # a digit on a shaded face: one of the two is misread
        elif lk.shading >= SHADED:
            covered[r, c], conf[r, c] = True, 1.0
        else:
            conf[r, c] = min(conf[r, c], 0.1)


def shaded_faces(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], covered: np.ndarray,
                 conf: np.ndarray) -> tuple[int, int] | None:
    """The tiles told by their faces' shading (:func:`_shaded_blanks`), then the exploded mine on a
    warm tile of its own (:func:`warm_exploded`, whose cell it returns): ``covered`` and ``conf``
    changed in place."""
    _shaded_blanks(looks, symbols, covered, conf)
    return warm_exploded(looks, symbols, covered, conf)


def _torn_face(look: CellLook, sym: str, r: int, c: int, covered: np.ndarray, conf: np.ndarray) -> None:
    """A cell read covered, unsurely (its tile colour holds digits and shown mines alike: torn), on a
    board of shaded covered faces and flat revealed ones (:func:`_shaded_blanks`): a bare face shaded
    like the flags' is a sure covered tile; a flat one, bare or holding a plain digit, a sure revealed
    one; a shown mine lies where the digits do, on a revealed tile (KMines' lost game: its revealed
    cells let the window's background through, lighter in places, as light as its covered buttons,
    so that one colour group held both). Changes ``covered`` and ``conf`` in place."""
    plain_digit = sym == MARK and any(_clean_digit(look, str(d)) for d in look.shape or {})
    if sym == NOTHING and look.shading >= SHADED:
        conf[r, c] = 1.0
    elif ((sym == NOTHING or plain_digit) and look.shading <= PLAIN) or sym == MINE:
        covered[r, c], conf[r, c] = False, 1.0


#: the exploded mine's tile in a warm colour (KMines' orange, 255 202 87): red at least WARM_RED,
#: blue at least WARM_SPAN below it, green WARM_GREEN or more (orange to yellow: a red tile is
#: marks.symbol's RED_BG), and WARM_APART (RGB) from every other cell's tile colour
WARM_RED, WARM_SPAN, WARM_GREEN, WARM_APART = 200.0, 100.0, 100.0, 40.0


def warm_exploded(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], covered: np.ndarray,
                  conf: np.ndarray) -> tuple[int, int] | None:
    """The exploded mine drawn on a warm tile of its own (KMines: an orange tile, its other shown
    mines on revealed ones): the one cell whose mark is a mine's round dark disc on an orange or
    yellow tile (WARM_RED, WARM_SPAN, WARM_GREEN) whose colour no other cell's tile comes near
    (WARM_APART), on a board showing another mine and no red exploded tile. Its tile is the cell
    the player opened: read revealed, surely (``covered``, ``conf`` changed in place), and its mark
    a mine, as sure as its disc is round and filled (the orange counts as reddish, which marks.symbol
    holds against a mine: a wrong flag's blurred red cross). None where there is no such cell."""
    flat = [lk for row in looks for lk in row]
    kinds = [sym for row in symbols for sym, _ in row]
    if RED_BG in kinds or kinds.count(MINE) < 2:
        return None
    bg = np.array([lk.background for lk in flat], np.float64)
    warm = (bg[:, 0] >= WARM_RED) & (bg[:, 0] - bg[:, 2] >= WARM_SPAN) & (bg[:, 1] >= WARM_GREEN)
    found = [i for i in np.flatnonzero(warm).tolist() if kinds[i] == MINE and flat[i].blob_round >= 0.6
             and flat[i].dark_fraction >= 0.12]
    if len(found) != 1:
        return None
    i = found[0]
    others = np.delete(bg, i, axis=0)
    if float(rgb_distance(others, bg[i]).min()) < WARM_APART:
        return None
    cols = len(looks[0])
    r, c = divmod(i, cols)
    covered[r, c], conf[r, c] = False, 1.0
    symbols[r][c] = (MINE, _confidence(flat[i].blob_fill - 0.3, 0.15))
    return r, c


def unseen_covered(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], covered: np.ndarray,
                   conf: np.ndarray) -> None:
    """On a flat board no skin names, a bare cell read revealed is a sure 0 only where the board
    shows it: some cell is read covered (a tile colour with flags or mines, a darker bare colour
    beside the digits', a face shaded as the flags'), or its own tile colour carries digits plainly
    shaped as digits and no flag nor mark like no digit. Elsewhere being flat says nothing: the
    covered tiles may be the digits' colour but for a few levels (flags or emoji flags on it), or
    another colour whose marks were read as digits (an emoji flag read as a 2 by its colour).
    Where no covered tile is seen bare (none read covered, or only cells with flags or mines: flags
    on a tile of their own, a flag button), the covered tiles' colour is not seen either, and may be
    the digits' but for a few levels (one group by colour): a bare cell is a sure 0 only where its
    colour is also a plainly shaped digit's tile's within STEADY levels. Their confidence is lowered
    in place."""
    cells = [(lk, sym) for row, srow in zip(looks, symbols) for lk, (sym, _) in zip(row, srow)]
    bare = np.array([sym == NOTHING for _, sym in cells])
    closed = covered.ravel()
    if (bare & closed).any():
        return
    bare &= ~closed
    if not bare.any():
        return
    colours = np.array([lk.background for lk, _ in cells], np.float64)
    shaped = np.array([sym == MARK and bool(lk.shape) and max(lk.shape.values()) >= SHAPE_LIKE  # type: ignore[union-attr]
                       for lk, sym in cells]) & ~closed
    # flags, and marks like no digit (a flag drawn as a picture): what lies on covered tiles
    flags = np.array([sym == FLAG or (sym == MARK and not shaped[i]) for i, (_, sym) in enumerate(cells)])

    def near(kind: np.ndarray, reach: float = 30.0) -> np.ndarray:
        """Per cell, whether a cell of ``kind`` has a tile of its colour (within ``reach``: by
        default one group's)."""
        if not kind.any():
            return np.zeros(len(cells), bool)
        ref = np.unique(np.round(colours[kind]), axis=0)
        return _near_any(colours, ref, reach)

    shown = near(shaped, STEADY) & (closed.any() | ~near(flags))
    low = (bare & ~shown).reshape(conf.shape)
    conf[low] = np.minimum(conf[low], BARE_UNSEEN)


def _near_any(colours: np.ndarray, ref: np.ndarray, reach: float = 30.0) -> np.ndarray:
    """Per colour (N x 3), whether one of ``ref`` (M x 3) is within ``reach`` (RGB distance; by
    default a group's, 30)."""
    return np.asarray((rgb_distance(colours[:, None, :], ref[None, :, :]) <= reach).any(axis=1))


#: a picture whose colours are all shifted (a colour profile applied to the screenshot: Google's 2x
#: captures) names a flat skin when one map per channel (gain and offset) takes the skin's tile
#: colours to the picture's: fitted to the cells' tile colours, each then within SHIFT_NEAR levels of
#: its tile's mapped colour (the nearest), for SHIFT_SHARE of the cells, with gains within SHIFT_GAIN
SHIFT_NEAR, SHIFT_SHARE, SHIFT_GAIN = 4.0, 0.9, (0.6, 1.4)


def shifted_skins(colours: np.ndarray) -> tuple[Skin, ...]:
    """The flat skins whose tile colours, under one gain and offset per channel, are the cells'
    tile colours ``colours`` (N x 3), as skins of the mapped colours (digits mapped alike).

    Only a skin with two shades of both its covered and revealed tiles is tried: four colours for
    the two numbers of each channel, so that the fit is checked (two colours would fit any map).
    Each cell is matched to the nearest mapped tile and the map fitted again, the match narrowed
    from 30 levels to SHIFT_NEAR; every shade must keep two cells."""
    found = []
    for skin in SKINS:
        base = [c for c in skin.covered + skin.revealed if not _a_mean(c, skin.covered + skin.revealed)]
        if len([c for c in base if c in skin.covered]) < 2 or len([c for c in base if c in skin.revealed]) < 2:
            continue
        ref = np.array(base, np.float64)
        gain, offset = np.ones(3), np.zeros(3)
        fitted = True
        for near in (30.0, 12.0, 6.0, SHIFT_NEAR):
            d = np.abs(colours[:, None, :] - (ref * gain + offset)[None, :, :]).max(axis=2)
            j = d.argmin(axis=1)
            ok = d[np.arange(len(j)), j] <= near
            if ok.sum() < 2 * len(base) or (near == SHIFT_NEAR and
                                             min(int((ok & (j == k)).sum()) for k in range(len(base))) < 2):
                fitted = False  # (at first two shades may fall to one tile: only the last match counts)
                break
            with warnings.catch_warnings():
                # Shades alike in a channel make its fit poorly conditioned; numpy then warns on
                # stderr, under the command's one line. The fitted map is checked below anyway.
                warnings.simplefilter("ignore", np.exceptions.RankWarning)
                fit = [np.polyfit(ref[j[ok], ch], colours[ok, ch], 1) for ch in range(3)]
            gain, offset = np.array([f[0] for f in fit]), np.array([f[1] for f in fit])
        if not fitted or not all(SHIFT_GAIN[0] <= g <= SHIFT_GAIN[1] for g in gain):
            continue
        d = np.abs(colours[:, None, :] - (ref * gain + offset)[None, :, :]).max(axis=2).min(axis=1)
        if (d <= SHIFT_NEAR).mean() < SHIFT_SHARE:
            continue

        def mapped(c: tuple[int, int, int], gain: np.ndarray = gain, offset: np.ndarray = offset
                   ) -> tuple[int, int, int]:
            r, g, b = (int(round(float(min(255.0, max(0.0, v))))) for v in np.array(c, np.float64) * gain + offset)
            return r, g, b

        # (every other field as the skin's own: replace, so that a field added to Skin is kept)
        found.append(replace(skin, digits={d_: mapped(c) for d_, c in skin.digits.items()},
                             covered=tuple(mapped(c) for c in skin.covered),
                             revealed=tuple(mapped(c) for c in skin.revealed),
                             digit_tiles={d_: mapped(c) for d_, c in skin.digit_tiles.items()}))
    return tuple(found)


def _a_mean(c: tuple[int, int, int], colours: tuple[tuple[int, int, int], ...]) -> bool:
    """Whether ``c`` is the mean of two other colours of ``colours`` (a checkerboard's, listed so
    that a group of both shades is known)."""
    others = [o for o in colours if o != c]
    return any(all(abs(2 * c[i] - a[i] - b[i]) <= 2 for i in range(3)) for a in others for b in others if a != b)
