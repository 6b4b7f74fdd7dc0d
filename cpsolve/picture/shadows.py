"""A raised tile's near-black shadow along its bottom and right sides (a raylib clone's, an SFML
clone's), told from a mouse pointer over the cell: :func:`.cells._edge_dark` leaves its rows
(columns) out of the ring where a pointer is looked for."""

from __future__ import annotations

import numpy as np

#: a row (column) dark along this fraction of the side is one of a shadow's
SHADOW_FULL = 0.7
#: a shadow's edge rows (columns), a mix of the shadow and what lies beside it, are this dark or
#: darker (every channel) along SHADOW_FULL of the side, but not near-black: a GIF's ordered
#: dither, averaged (dither.py), leaves them half near-black and half mid grey (the SFML clone's
#: inner edge: 0.53 of it near-black, 0.89 darker than this); a scale's blur too
HALF_DARK = 140.0


def shadow_lines(full: np.ndarray, half: np.ndarray, lit: np.ndarray) -> np.ndarray:
    """Per cell (N x size), the rows (columns) of a lit tile's shadow (``lit``: N, the tile lit
    along its top), in a run from the bottom (right) side in, within a quarter of the cell: those
    near-black along SHADOW_FULL of the side (``full``: each row's fraction of near-black pixels),
    and the shadow's edges beside them, HALF_DARK along SHADOW_FULL of it (``half``: each row's
    fraction of those pixels). The crop's last row is counted in (it may be the next cell's)."""
    size = full.shape[1]
    quarter = (np.arange(size) >= size - size // 4)[None, :] & lit[:, None]
    core = (full >= SHADOW_FULL) & quarter
    near = core | ((half >= SHADOW_FULL) & quarter)
    near[:, -1] = True
    run = np.cumprod(near[:, ::-1], axis=1)[:, ::-1].astype(bool)
    # (a half dark row only beside a near-black one: a grey bevel alone is no shadow)
    beside = core.copy()
    beside[:, 1:] |= core[:, :-1]
    beside[:, :-1] |= core[:, 1:]
    beside[:, -1] = True
    return run & beside
