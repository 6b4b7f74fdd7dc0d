"""The cell size of a lattice from its edge profiles (step 3 of :mod:`.grid`): the column sums
(vertical edges) and row sums (horizontal edges) are periodic with it. The autocorrelation of both
gives the pitch in whole pixels (:func:`whole_pitch`); the Fourier component of the profiles,
maximised over a fine range of periods, gives it to a hundredth of a pixel (display scaling makes
non-integer cell sizes) and its angle the phase (:func:`_fine_pitch`). Once a lattice is found, a
least-squares fit of each boundary's position refines its start and pitch (:func:`_line_fit`,
for :func:`.grid.refine`), on a small board one boundary off the others' line left out (:func:`_outliers`)."""

from __future__ import annotations

import numpy as np

#: cell sizes searched, in pixels (the issue asks for 8-80; a little slack either side)
MIN_PITCH, MAX_PITCH = 7, 88
#: the middles of the gaps between the boundaries' edges (:func:`_gap_middle`) are fitted where the highest
#: points scatter this far about the line (rms pixels),
#: and the middles lie GAP_GAIN as far off theirs
GAP_SCATTER, GAP_GAIN = 1.0, 0.25
#: one boundary further than OUTLIER of a cell (a pixel at least) off the lattice the others lie on,
#: and OUTLIER_GAIN times as far as they scatter about it (rms), is left out of a fit of the pitch on
#: ROBUST (from, to) boundaries (:func:`_outliers`)
OUTLIER, OUTLIER_GAIN, ROBUST = 0.06, 2.5, (5, 9)
#: ... where leaving it out moves the fit's far side (a cell past the last boundary fitted) over
#: this many pixels; less is left as it was (the cells' crops were tuned on those fits: a dithered
#: lineless board's flags, read at the lattice a boundary off the others leaves, read as wrong flags
#: at the one without it, unsure)
DRIFT = 1.0


def _autocorrelation(profile: np.ndarray, max_lag: int) -> np.ndarray:
    f = profile - profile.mean()
    n = len(f)
    size = 1 << (2 * n - 1).bit_length()
    spec = np.fft.rfft(f, size)
    ac = np.fft.irfft(spec * np.conj(spec), size)[:max_lag + 1]
    return ac / ac[0] if ac[0] > 0 else np.zeros(max_lag + 1)


def _component(profile: np.ndarray, periods: np.ndarray) -> np.ndarray:
    """The profile's Fourier component at each period (complex), per unit of profile mass (summed
    over the profile's nonzero entries only: edge profiles are mostly zero). Summed by numpy, not
    as a matrix product: OpenBLAS hands a product of over 4096 complex entries to its threads,
    and on a busy machine waiting for them took 10-25 ms a call (the sums themselves take
    microseconds)."""
    x = np.flatnonzero(profile)
    if len(x) == 0:
        return np.zeros(len(periods), complex)
    w = profile[x]
    phases = np.exp(-2j * np.pi * np.outer(1.0 / periods, x.astype(np.float64)))
    return (phases * w).sum(axis=1) / w.sum()


def whole_pitch(px: np.ndarray, py: np.ndarray) -> float | None:
    """The cell size in whole pixels from the two edge profiles' autocorrelation, or None."""
    max_lag = min(MAX_PITCH, len(px) // 2, len(py) // 2)
    if max_lag < MIN_PITCH:
        return None
    score = _autocorrelation(px, max_lag) + _autocorrelation(py, max_lag)
    lags = np.arange(MIN_PITCH, max_lag + 1)
    s = score[MIN_PITCH:max_lag + 1]
    best = s.max()
    if best <= 0.3:
        return None
    p0 = None
    for i, lag in enumerate(lags):  # the smallest strong local maximum: not a multiple of the pitch
        left = score[lag - 1]
        right = score[lag + 1] if lag + 1 <= max_lag else -np.inf
        if s[i] >= 0.75 * best and s[i] >= left and s[i] >= right:
            p0 = float(lag)
            break
    return p0


def _fine_pitch(px: np.ndarray, py: np.ndarray, p0: float) -> tuple[float, float, float, float]:
    # coarse to fine: every 0.08 px over a pixel either side, then every 0.008 px around the best
    periods = np.arange(max(MIN_PITCH - 0.5, p0 - 1.0), p0 + 1.0, 0.08)
    strength = np.abs(_component(px, periods)) + np.abs(_component(py, periods))
    best = float(periods[int(np.argmax(strength))])
    periods = np.arange(best - 0.08, best + 0.08, 0.008)
    fx, fy = _component(px, periods), _component(py, periods)
    strength = np.abs(fx) + np.abs(fy)
    k = int(np.argmax(strength))
    pitch = float(periods[k])
    phase_x = (-np.angle(fx[k]) / (2 * np.pi) * pitch) % pitch
    phase_y = (-np.angle(fy[k]) / (2 * np.pi) * pitch) % pitch
    return pitch, phase_x, phase_y, float(strength[k]) / 2


def _line_fit(profile: np.ndarray, start: float, pitch: float, count: int, *, fixed: bool = False
              ) -> tuple[float, float, float]:
    """Least-squares (start, pitch, rms residual) of ``count + 1`` boundaries: each boundary's position is the
    highest point of the profile within a fifth of a pitch of where the lattice puts it (a peak, not a
    centroid: digits and bevels beside a boundary must not pull it; unsmoothed: a bevel's two
    inner edges side by side must not outweigh the boundary's one).

    Tiles parted by a gap draw each boundary twice, the near tile's side and the far one's, equally
    strong (:func:`_twin_peak`): the highest point is then one or the other by a level or two, and
    where that choice scatters the boundaries about the fitted line (GNOME 2.1x's grey look: the
    pitch bent half a pixel a cell), the middles of the twins are fitted instead. Where the choice
    is steady (always the left one, KMines) the fit is left as it was. Tiles each in a dark outline,
    parted by a gap of the page (Microsoft Minesweeper), draw four edges at every boundary
    (:func:`_gap_middle`): where the highest points scatter (GAP_SCATTER) and the gaps' middles lie
    on a line (GAP_GAIN as far off it), those are fitted; not on an axis fitted to the other's pitch
    (a board of raised tiles parted by gaps, kwantton's, is read with its lattice on the tiles'
    side)."""
    smooth = profile.astype(np.float64)
    ks, pos, twins, gaps, weights = [], [], [], [], []
    half = pitch / 5
    # the board's outer boundaries lie beside its border's own edges: measured only on small boards
    for k in range(1, count) if count >= 4 else range(count + 1):
        at = start + k * pitch
        lo, hi = max(0, int(np.floor(at - half))), min(len(smooth), int(np.ceil(at + half)) + 1)
        if hi - lo < 3:
            continue
        w = smooth[lo:hi]
        i = int(np.argmax(w))
        if w[i] <= 0:
            continue
        x = float(lo + i)
        if 0 < i < len(w) - 1:  # parabolic interpolation of the peak
            den = w[i - 1] - 2 * w[i] + w[i + 1]
            if den < 0:
                x += 0.5 * (w[i - 1] - w[i + 1]) / den
        twin = _twin_peak(w, i, pitch)
        ks.append(k)
        pos.append(x)
        twins.append(x if twin is None else lo + twin)
        gaps.append(lo + _gap_middle(w))
        weights.append(float(w[i]))
    if not ks or (not fixed and len(ks) < 3):
        return start, pitch, 0.0 if fixed else np.inf
    k_arr, w_arr = np.array(ks, float), np.sqrt(np.array(weights))
    fit = _fit(k_arr, np.array(pos), w_arr, pitch if fixed else None)
    if twins != pos:
        twin_fit = _fit(k_arr, np.array(twins), w_arr, pitch if fixed else None)
        if fit[2] > 0.5 and twin_fit[2] < 0.5 * fit[2]:
            fit = twin_fit
    if not fixed and fit[2] > GAP_SCATTER:
        gap_fit = _fit(k_arr, np.array(gaps), w_arr, None)
        if gap_fit[2] < GAP_GAIN * fit[2]:
            fit = gap_fit
    return fit


def _gap_middle(w: np.ndarray) -> float:
    """Where the window ``w`` puts the middle of a gap between two tiles, as an index of ``w``: the
    middle of its widest run with next to no edge (under a tenth of its highest point) between strong
    edges (half its highest) on both sides, or where there is none (a gap blurred into its outlines),
    the middle of its strong edges, first to last. Tiles that each draw their own dark outline,
    parted by a gap of the page's colour, make four edges at every boundary, nearly alike (tile to
    outline, outline to the page, the page to the next outline, that to its tile), and the highest
    is any one of them; the page between draws none, and its middle is the boundary's (a tile's own
    inner edges, a lip along its bottom, lie on the tile's side of it)."""
    top = float(w.max())
    strong = np.flatnonzero(w >= 0.5 * top)
    best: tuple[int, float] | None = None
    run = 0
    for k in range(int(strong[0]) + 1, int(strong[-1]) + 1):
        if w[k] < 0.1 * top:
            run += 1
        elif run:
            if best is None or run > best[0]:
                best = (run, k - (run + 1) / 2)
            run = 0
    return (float(strong[0]) + float(strong[-1])) / 2 if best is None else best[1]


def _fit(k: np.ndarray, pos: np.ndarray, w: np.ndarray, pitch: float | None) -> tuple[float, float, float]:
    """(start, pitch, rms residual in pixels) of boundaries ``pos`` at lattice indices ``k``,
    weighted by ``w``; with ``pitch`` given (square cells, measured along the other axis), the start
    only. Least squares, less a boundary off the lattice the others lie on (:func:`_outliers`),
    where leaving it out moves the far side of the board over DRIFT pixels: on a small board one
    covered cell's bevel edge, taken for its boundary two pixels early, tilted the whole fit (an
    8x8 board at 16 px: a pitch of 16.3, two pixels off by the far side)."""
    fit = _least_squares(k, pos, w, pitch)
    off = _outliers(k, pos, w, pitch)
    if off is None:
        return fit
    kept = _least_squares(k[~off], pos[~off], w[~off], pitch)
    # (where the least-squares line lies within DRIFT pixels of it across the boundaries fitted, it
    # is left as it was: the cells' crops stay where they were read)
    return kept if abs(kept[1] - fit[1]) * (k.max() - k.min() + 2) > DRIFT else fit


def _least_squares(k: np.ndarray, pos: np.ndarray, w: np.ndarray, pitch: float | None
                   ) -> tuple[float, float, float]:
    if pitch is not None:
        start = float(((pos - pitch * k) * w).sum() / w.sum())
        slope = pitch
    else:
        slope, start = (float(v) for v in np.polyfit(k, pos, 1, w=w))
    rms = float(np.sqrt(((pos - start - slope * k) ** 2).mean()))
    return start, slope, rms


def _outliers(k: np.ndarray, pos: np.ndarray, w: np.ndarray, pitch: float | None) -> np.ndarray | None:
    """Which boundary lies off the lattice that the others lie on (a mask), or None. Only where a fit
    measures its own pitch (``pitch`` None) on ROBUST boundaries: fewer are no line to lie off, and
    on more one far boundary tilts the fit little. That lattice is the weighted
    least-absolute-deviations line (of the lines through two boundaries, the nearest to all,
    weighted: one far boundary cannot tilt it as it tilts a least-squares line). A boundary lies off
    it over OUTLIER of a cell (a pixel at least), and OUTLIER_GAIN times as far as the others scatter
    about it (rms). One is left out, never more: where more lie off, the boundaries are of two kinds
    (a bevel's edge and a line's, a pixel or two apart; Windows Minesweeper's covered and revealed
    cells); and where the others scatter nearly as far (Qt's Windows 95 look, two pixels either
    side), the one is no further off than they. Then the fit is the mean of all, as it was."""
    n = len(k)
    if pitch is not None or not ROBUST[0] <= n <= ROBUST[1]:
        return None
    i, j = np.triu_indices(n, 1)
    slope = (pos[j] - pos[i]) / (k[j] - k[i])
    start = pos[i] - slope * k[i]
    cost = (np.abs(pos[None, :] - start[:, None] - slope[:, None] * k[None, :]) * w[None, :]).sum(axis=1)
    b = int(np.argmin(cost))
    resid = np.abs(pos - start[b] - slope[b] * k)
    off = resid > max(1.0, OUTLIER * abs(float(slope[b])))
    if int(off.sum()) != 1:
        return None
    return off if resid[off][0] >= OUTLIER_GAIN * np.sqrt((resid[~off] ** 2).mean()) else None


def _twin_peak(w: np.ndarray, i: int, pitch: float) -> float | None:
    """Where a boundary window ``w`` (its highest point at ``i``) holds two equally strong edges a
    small gap apart, with next to nothing between them (two tiles' sides, a gap of background
    between): the point halfway between the two runs' middles, as an index of ``w``, or None. One
    run of strong points, or three (a bevel's inner edges beside its boundary), is no twin."""
    top = float(w[i])
    strong = w >= 0.9 * top
    runs: list[tuple[int, int]] = []
    for k in np.flatnonzero(strong).tolist():
        if runs and k == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    if len(runs) != 2:
        return None
    (a0, a1), (b0, b1) = runs
    if float(w[a1 + 1:b0].max()) > 0.5 * top or not 2 <= (b0 + b1) / 2 - (a0 + a1) / 2 <= pitch / 5:
        return None
    return ((a0 + a1) / 2 + (b0 + b1) / 2) / 2
