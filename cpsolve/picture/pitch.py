"""The cell size of a lattice from its edge profiles (step 3 of :mod:`.grid`): the column sums
(vertical edges) and row sums (horizontal edges) are periodic with it. The autocorrelation of both
gives the pitch in whole pixels (:func:`whole_pitch`); the Fourier component of the profiles,
maximised over a fine range of periods, gives it to a hundredth of a pixel (display scaling makes
non-integer cell sizes) and its angle the phase (:func:`_fine_pitch`)."""

from __future__ import annotations

import numpy as np

#: cell sizes searched, in pixels (the issue asks for 8-80; a little slack either side)
MIN_PITCH, MAX_PITCH = 7, 88


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
