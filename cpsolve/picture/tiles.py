"""Whether each cell's tile is covered, and how sure: by the bevel of raised cells, or on a flat
skin by grouping the tiles' colours (:func:`tiles`); KDE KMines' shaded covered faces
(:func:`_shaded_blanks`). The second step of :func:`.cells.classify_board`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .digits import _clean_digit
from .marks import CROSSED, FLAG, MARK, MINE, NOTHING, _lum
from .skins import SKIN_BY_NAME, Skin, known_tile

if TYPE_CHECKING:
    from .cells import CellLook


#: a raised skin's tile colour shared by at least LIFT_GROUP cells, all raised or all flat, makes
#: sure each of them whose own bevel is at least LIFT_OWN (its confidence) on that side
LIFT_GROUP, LIFT_OWN = 4, 0.2


def tiles(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], skin: Skin
          ) -> tuple[np.ndarray, np.ndarray, str | None]:
    """Per cell: is its tile covered, and how sure; and the flat skin recognised by its tile
    colours, if any. Where the board has raised cells (a bevel), the
    bevel decides; on a flat skin the tiles' colours are grouped, and a group is covered when it
    holds flags or mines, revealed when it holds digits, and of two bare groups the darker is
    covered (so it is in every skin the reader knows)."""
    rows, cols = len(looks), len(looks[0])
    bevel = np.array([[lk.bevel for lk in row] for row in looks])
    raised = bool((bevel > 40).any())
    colours = np.array([[lk.background for lk in row] for row in looks]).reshape(-1, 3)
    members: list[list[int]] = []
    label = np.zeros(rows * cols, int)
    # in Python floats (numpy's cost per call made this loop a tenth of a read), with numpy's
    # arithmetic to the bit: squares as x * x (numpy's ** 2) added in order, and a group's mean its
    # colours summed in order (as numpy's mean over axis 0) over their count
    means: list[tuple[float, float, float]] = []
    sums: list[tuple[float, float, float]] = []
    for i, (r, g, b) in enumerate(colours.tolist()):
        d = [math.sqrt((r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)) for cr, cg, cb in means]
        k = min(range(len(d)), key=d.__getitem__) if d else -1
        if k < 0 or d[k] > 30:
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
    centres = [np.array(c) for c in means]
    flat = [sym for row in symbols for sym, _ in row]
    state: list[bool | None] = []
    for idx in members:
        kinds = [flat[i] for i in idx]
        closed = sum(x in (FLAG, MINE, CROSSED) for x in kinds)
        digits = sum(x == MARK for x in kinds)
        state.append(True if closed > digits else False if digits else None)
    # a flat skin's known tile colours say which is which, when they account for the board: the
    # groups of a tenth of the cells or more all match one skin (gnome's light grey revealed tiles
    # alone must not pass for cpsolve's)
    known = [known_tile(tuple(float(v) for v in centre)) for centre in centres]
    big = [k for k, idx in enumerate(members) if len(idx) >= 0.1 * rows * cols]
    names = {known[k][0] if known[k] is not None else None for k in big}  # type: ignore[index]
    skin_name = None
    named = next(iter(names)) if len(names) == 1 else None
    # (a skin whose covered grey is near other skins' greys needs its revealed tiles seen too)
    if named is not None and (SKIN_BY_NAME[named].named_alone or
                              {known[k][1] for k in big} == {True, False}):  # type: ignore[index]
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
        for idx in members if not misread else []:
            if len(idx) >= LIFT_GROUP and len({bool(flat_cov[i]) for i in idx}) == 1:
                for i in idx:
                    if flat_conf[i] >= LIFT_OWN:
                        flat_conf[i] = 1.0
        return covered, conf, None
    bare = [k for k, st in enumerate(state) if st is None]
    if len(state) == 1 and bare:
        # one bare colour over the whole board: raised cells are a new game; flat ones could be
        # a board of 0s or the covered cells of a flat skin, so they stay unsure
        mean_bevel = float(np.median(bevel))
        covered = np.full((rows, cols), mean_bevel > 0)
        conf = np.full((rows, cols), 1.0 if mean_bevel >= 15 else 0.0)
        return covered, conf, skin_name
    if bare:
        lum = {k: float(_lum(centres[k])) for k in range(len(centres))}
        revealed_lum = [lum[k] for k, st in enumerate(state) if st is False]
        if not any(st is True for st in state):
            # no group holds a flag or a mine: the darkest bare group is covered when it is darker
            # than the groups with digits (or there are none); so it is in every skin the reader knows
            darkest = min(bare, key=lambda k: lum[k])
            if not revealed_lum or lum[darkest] < min(revealed_lum):
                state[darkest] = True
        for k in bare:
            if state[k] is None:
                # a bare group like a covered group's colour is covered; otherwise revealed (0s)
                near = [float(np.sqrt(((centres[k] - centres[j]) ** 2).sum())) for j, st in enumerate(state)
                        if st is True]
                state[k] = bool(near and min(near) < 40)
    covered = np.array([bool(state[label[i]]) for i in range(rows * cols)]).reshape(rows, cols)
    conf = np.ones((rows, cols))
    return covered, conf, skin_name


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
    for r, c, lk, sym in cells_:
        if covered[r, c] or sym not in (NOTHING, MARK) or lk.shading <= PLAIN:
            continue
        if sym == MARK and any(_clean_digit(lk, str(d)) for d in lk.shape or {}):
            conf[r, c] = min(conf[r, c], 0.1)  # a digit on a shaded face: one of the two is misread
        elif lk.shading >= SHADED:
            covered[r, c], conf[r, c] = True, 1.0
        else:
            conf[r, c] = min(conf[r, c], 0.1)
