"""Where a mark begins and ends: per mask, the first and last of its rows (or columns) that hold any
of it. One rule for the marks' boxes that cells, textmarks and cloth measure."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def extent(flags: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``flags`` (N x m booleans: which rows, or columns, of a mark hold any of it), the
    first and the last index that is set: (m, -1) where none is, so that ``last - first + 1`` is the
    mark's height (or width) where it has one, and no more than 0 where it has none."""
    flags = np.asarray(flags, bool)
    m = flags.shape[1]
    idx = np.arange(m)
    return np.where(flags, idx, m).min(axis=1), np.where(flags, idx, -1).max(axis=1)
