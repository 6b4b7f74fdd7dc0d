"""Finding the grid of a board in a picture, without knowing the skin.

A Minesweeper board is a lattice of square cells: every cell boundary is a straight edge that runs
across many cells (bevels of covered cells, grid lines or colour changes of revealed ones). So:

1. **Persistent edges.** The colour step between neighbouring pixels (the largest of R, G, B),
   kept only where it persists over a few pixels along the boundary (an erosion along it): text,
   icons and noise mostly drop out, cell boundaries stay.
2. **Candidates.** Connected groups of those edges (a board's lattice is one group, perhaps joined
   to its window's frame); each candidate's bounding box is examined.
3. **Pitch and phase.** The column sums (vertical edges) and row sums (horizontal edges) of the box
   are periodic with the cell size: the autocorrelation of both gives the pitch in whole pixels,
   then the Fourier component of the profiles, maximised over a fine range of periods, gives it to a
   hundredth of a pixel (display scaling makes non-integer cell sizes) and its angle the phase.
4. **Extent.** Each cell of the lattice is scored by how much of its four sides carries an edge;
   the board is the run of rows and columns whose cells are lined (outside it, frames and panels
   fall off the lattice).

The best candidate (most lined cells) wins; no candidate with at least :data:`MIN_CELLS` cells is
:class:`~cpsolve.picture.reading.NoBoardFound`.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .colours import channel_max
from .pitch import MAX_PITCH, MIN_PITCH, _fine_pitch, _line_fit, whole_pitch
from .strips import strip_of_cells

#: the smallest board accepted (rows and columns)
MIN_SIDE = 2
MIN_CELLS = 6
#: an edge must persist over this many pixels along its boundary
PERSIST = 4
#: a cell whose sides carry edges over at least this fraction is "lined"
LINED = 0.7
#: how far apart (pixels) edges may lie and still be one group: first lines drawn side by side; then,
#: where that finds no lattice, tiles parted by a gap of background (GNOME 3's flat tiles lie 4 px
#: apart, each tile its own group at 3)
JOINS = (3, 7)
#: refinements of one lattice before it is given up as unsettled (each may grow it two cells a side)
MAX_REFINE = 8
#: cells are square where their pitches across and down lie within SQUARE of each other (a fit's
#: scatter); cells up to OBLONG times as wide as high (or high as wide) are read oblong, each axis
#: at its own pitch, where each axis' edges repeat at a pitch of their own
SQUARE, OBLONG = 0.06, 1.6
#: a board may end at the picture's edge, or this fraction of a cell past it: a cropped screenshot
#: that cut a sliver off its last row or column (its cells are still nine tenths there)
CUT_OFF = 0.1


def on_picture(lines: np.ndarray, size: int, pitch: float) -> np.ndarray:
    """Which lattice boundaries (pixel coordinates) lie on a picture ``size`` pixels long, or at
    most :data:`CUT_OFF` of a cell (half a pixel at least) off either end of it."""
    slack = max(0.5, CUT_OFF * pitch)
    return (lines >= -slack) & (lines <= size + slack)


@dataclass(frozen=True)
class Grid:
    """The cell lattice: cell (r, c) spans x in [x0 + c*pitch_x, x0 + (c+1)*pitch_x), y likewise."""

    x0: float
    y0: float
    pitch_x: float
    pitch_y: float
    cols: int
    rows: int
    #: mean "lined" score of the board's cells (0..1): how grid-like the lattice is
    score: float = 0.0

    @property
    def cell_size(self) -> float:
        return (self.pitch_x + self.pitch_y) / 2

    @property
    def oblong(self) -> bool:
        """Cells not square: each axis at a pitch of its own (:func:`oblong`)."""
        return oblong(self.pitch_x, self.pitch_y)

    def xs(self) -> np.ndarray:
        return self.x0 + self.pitch_x * np.arange(self.cols + 1)

    def ys(self) -> np.ndarray:
        return self.y0 + self.pitch_y * np.arange(self.rows + 1)

    def box(self) -> tuple[int, int, int, int]:
        return (round(self.x0), round(self.y0), round(self.pitch_x * self.cols), round(self.pitch_y * self.rows))


@dataclass(frozen=True)
class Edges:
    """Binary persistent-edge maps, padded to the picture's shape. ``v[y, x]``: a vertical edge
    between pixels x and x+1 of row y; ``h[y, x]``: a horizontal edge between rows y and y+1."""

    v: np.ndarray
    h: np.ndarray

    def long_profiles(self, length: int, box: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """The column sums of ``v`` and row sums of ``h`` over ``box`` of only the edges that persist
        over ``length`` pixels along their boundary. Eroded in the box and ``length`` pixels beyond
        it along the boundary (the erosion reaches half that far), not over the whole picture."""
        bx, by, bw, bh = box
        height, width = self.v.shape
        y_lo, x_lo = max(0, by - length), max(0, bx - length)
        v = cv2.erode(np.ascontiguousarray(self.v[y_lo:min(height, by + bh + length), bx:bx + bw]),
                      np.ones((length, 1), np.uint8))[by - y_lo:by - y_lo + bh]
        h = cv2.erode(np.ascontiguousarray(self.h[by:by + bh, x_lo:min(width, bx + bw + length)]),
                      np.ones((1, length), np.uint8))[:, bx - x_lo:bx - x_lo + bw]
        return (v.sum(axis=0, dtype=np.int32).astype(np.float64), h.sum(axis=1, dtype=np.int32).astype(np.float64))


def edge_maps(rgb: np.ndarray, threshold: int) -> Edges:
    """The edges of an RGB picture: where some channel steps by ``threshold`` or more between two
    neighbouring pixels, persisting over PERSIST pixels along the boundary."""
    height, width = rgb.shape[:2]
    # (the channels' largest step by slices: several times numpy's max over axis 2, and no copy of
    # each channel first as cv2.split makes)
    gx = channel_max(cv2.absdiff(rgb[:, 1:], rgb[:, :-1]))
    gy = channel_max(cv2.absdiff(rgb[1:, :], rgb[:-1, :]))
    gx = cv2.erode(gx, np.ones((PERSIST, 1), np.uint8))
    gy = cv2.erode(gy, np.ones((1, PERSIST), np.uint8))
    v = np.zeros((height, width), np.uint8)
    h = np.zeros((height, width), np.uint8)
    v[:, :-1] = gx >= threshold
    h[:-1, :] = gy >= threshold
    return Edges(v, h)


def find_grids(rgb: np.ndarray, threshold: int = 20, limit: int = 4) -> list[Grid]:
    """Lattices found in the picture, best first (perhaps none)."""
    edges = edge_maps(rgb, threshold)
    found: list[Grid] = []
    for join in JOINS:
        found = _grids_in_groups(edges, join, limit)
        if found:
            break
    return found


def grids_beside(rgb: np.ndarray, grid: Grid, threshold: int = 20) -> list[Grid]:
    """Lattices in the four parts of the picture beside ``grid``'s box (left of it, right of it,
    above it, below it, each the picture's whole height or width), best first. A lattice found
    first that is no board (a patterned desktop's squares, joined to the window by their edges into
    one group) hides the board in the same group: the board lies beside it."""
    edges = edge_maps(rgb, threshold)
    height, width = rgb.shape[:2]
    x, y, w, h = grid.box()
    parts = [(0, 0, x, height), (x + w, 0, width - x - w, height), (0, 0, width, y), (0, y + h, width, height - y - h)]
    found = []
    for bx, by, bw, bh in parts:
        if bw >= MIN_SIDE * MIN_PITCH and bh >= MIN_SIDE * MIN_PITCH:
            beside = grid_in_box(edges, (bx, by, bw, bh))
            if beside is not None:
                found.append(beside)
    found.sort(key=lambda g: -(g.rows * g.cols * g.score))
    return found


def _grids_in_groups(edges: Edges, join: int, limit: int) -> list[Grid]:
    lines = cv2.dilate(edges.v | edges.h, np.ones((join, join), np.uint8))
    # the groups are found at half resolution (lines three pixels thick stay joined; a quarter of
    # the work), their boxes then scaled back with a pixel of slack
    n, _, stats, _ = cv2.connectedComponentsWithStats(np.ascontiguousarray(lines[::2, ::2]), connectivity=8)
    height, width = lines.shape
    boxes = []
    for i in range(1, n):
        x, y = max(0, 2 * int(stats[i, 0]) - 1), max(0, 2 * int(stats[i, 1]) - 1)
        w, h = min(width - x, 2 * int(stats[i, 2]) + 2), min(height - y, 2 * int(stats[i, 3]) + 2)
        if w >= MIN_SIDE * MIN_PITCH and h >= MIN_SIDE * MIN_PITCH:
            boxes.append((x, y, w, h))
    boxes.sort(key=lambda b: -stats_area(b))
    found = []
    for box in boxes[:limit]:
        grid = grid_in_box(edges, box)
        if grid is not None:
            found.append(grid)
            # the boxes come largest first: a clean lattice of a board's size in one of them is
            # the board (the smaller boxes left are icons, buttons, text)
            if grid.score >= 0.9 and grid.rows * grid.cols >= 30:
                break
    found.sort(key=lambda g: -(g.rows * g.cols * g.score))
    return found


def stats_area(box: tuple[int, ...]) -> int:
    return box[2] * box[3]


def grid_in_box(edges: Edges, box: tuple[int, int, int, int]) -> Grid | None:
    bx, by, bw, bh = box
    v = edges.v[by:by + bh, bx:bx + bw]
    h = edges.h[by:by + bh, bx:bx + bw]
    px = v.sum(axis=0, dtype=np.int32).astype(np.float64)
    py = h.sum(axis=1, dtype=np.int32).astype(np.float64)
    p0 = whole_pitch(px, py)
    if p0 is None:
        return None
    pitch = p0
    # now that the cell size is known, only edges that run along most of a cell's side are kept:
    # digits, flags and text inside the cells stop pulling the phase
    # (for the phase only: the extent and the fit below read every edge)
    lpx, lpy = edges.long_profiles(max(PERSIST, int(0.55 * pitch)), box)
    enough = lpx.sum() >= 4 * bh / pitch and lpy.sum() >= 4 * bw / pitch  # long edges to go by
    pitch, phase_x, phase_y, _strength = _fine_pitch(lpx, lpy, p0) if enough else _fine_pitch(px, py, p0)
    prof_x, prof_y = (lpx, lpy) if enough else (px, py)
    found = _lattice(edges, box, pitch, phase_x, phase_y)
    if found is None:
        # a board of few rows (or columns) in a window whose frame has long lines of its own: the
        # frame's lines outweigh the board's few in the profile and pull the phase off the cells.
        # The phases where the profile peaks are tried instead, each axis in turn, the one that
        # lines most cells kept (only here: a phase that already lines a board is left alone)
        best = (_lined_count(edges, box, pitch, phase_x, phase_y), phase_x, phase_y)
        for axis in (1, 0):
            for phase in _peak_phases(prof_y if axis else prof_x, pitch):
                px_, py_ = (best[1], phase) if axis else (phase, best[2])
                n = _lined_count(edges, box, pitch, px_, py_)
                if n > best[0]:
                    best = (n, px_, py_)
        found = _lattice(edges, box, pitch, best[1], best[2])
    pitch_x = pitch_y = pitch
    # cells wider than high, or the reverse (a window scaled unevenly across and down: jfxmines'
    # 29 x 26 px): each axis' profile repeats at a pitch of its own, and the square lattice lines
    # only the rows (columns) where the other axis' boundaries happen to fall on its own
    own = oblong_pitches(px, py)
    if own is not None:
        across, down = (lpx, lpy) if enough else (px, py)
        fx, fy = _fine_pitch(across, across, own[0]), _fine_pitch(down, down, own[1])
        lattice = _lattice(edges, box, fx[0], fx[1], fy[2], fy[0])
        if lattice is not None and found is not None and lattice[3] == found[3]:
            # as many cells lined each way (a small board's lines lie within a lined cell's slack of
            # either: Fyne's 9x9 at 38.5 x 36 px, square at 37): the one that settles on its lines
            square, own_grid = _settled(edges, found, pitch, pitch), _settled(edges, lattice, fx[0], fy[0])
            return own_grid if own_grid is not None and (square is None or own_grid.score > square.score) else square
        if lattice is not None and (found is None or lattice[3] > found[3]):
            found, pitch_x, pitch_y = lattice, fx[0], fy[0]
    if found is None:
        return None
    grid = _settled(edges, found, pitch_x, pitch_y)
    if grid is not None and not grid.oblong and strip_of_cells(edges.v, edges.h, grid.xs(), grid.ys(), grid.cell_size):
        return None  # a strip of oblong cells read square (strips.py)
    return grid


def _settled(edges: Edges, found: tuple[np.ndarray, np.ndarray, tuple[int, int, int, int], int], pitch_x: float,
             pitch_y: float) -> Grid | None:
    """The lattice ``found`` (:func:`_lattice`) over its lined cells, settled on its lines."""
    xs, ys, (r0, r1, c0, c1), _ = found
    return settle(edges, Grid(float(xs[c0]), float(ys[r0]), pitch_x, pitch_y, c1 - c0, r1 - r0))


def oblong_pitches(px: np.ndarray, py: np.ndarray) -> tuple[float, float] | None:
    """The whole pitches of the two edge profiles each on its own, where they are not one pitch
    (further apart than :data:`SQUARE`) and within :data:`OBLONG` of each other; else None."""
    own_x, own_y = whole_pitch(px, px), whole_pitch(py, py)
    if own_x is not None and own_y is not None and oblong(own_x, own_y):
        return own_x, own_y
    # a pitch half a pixel off whole (Fyne's 38.5 px: tiles 35 px in gaps of 3 and 4 in turn) puts
    # each boundary's edges a pixel apart in turn, and only twice the pitch repeats them whole;
    # spread over three pixels they repeat at the pitch again
    own_x, own_y = whole_pitch(_spread3(px), _spread3(px)), whole_pitch(_spread3(py), _spread3(py))
    return (own_x, own_y) if own_x is not None and own_y is not None and oblong(own_x, own_y) else None


def _spread3(profile: np.ndarray) -> np.ndarray:
    """The profile spread over three pixels (each entry and its two neighbours summed)."""
    return np.convolve(profile, np.ones(3), "same")


def _lattice_lines(edges: Edges, box: tuple[int, int, int, int], pitch: float, phase_x: float,
                   phase_y: float, pitch_y: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    bx, by, bw, bh = box
    py = pitch if pitch_y is None else pitch_y
    # boundary coordinates: diff index d is the boundary at pixel coordinate d + 1
    xs = bx + phase_x + 1 + pitch * np.arange(-1, bw / pitch + 1)
    ys = by + phase_y + 1 + py * np.arange(-1, bh / py + 1)
    height, width = edges.v.shape
    return xs[on_picture(xs, width, pitch)], ys[on_picture(ys, height, py)]


def _lattice(edges: Edges, box: tuple[int, int, int, int], pitch: float, phase_x: float, phase_y: float,
             pitch_y: float | None = None) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int, int], int] | None:
    """The lattice's lines, the extent of its lined cells and how many those are, or None when that
    is no board (``pitch_y``: the rows' own pitch, where not ``pitch``)."""
    xs, ys = _lattice_lines(edges, box, pitch, phase_x, phase_y, pitch_y)
    if len(xs) < MIN_SIDE + 1 or len(ys) < MIN_SIDE + 1:
        return None
    lined = lined_cells(edges, xs, ys, pitch if pitch_y is None else (pitch + pitch_y) / 2)
    r0, r1, c0, c1 = _extent(lined)
    if r1 - r0 < MIN_SIDE or c1 - c0 < MIN_SIDE or (r1 - r0) * (c1 - c0) < MIN_CELLS:
        return None
    return xs, ys, (r0, r1, c0, c1), int((lined[r0:r1, c0:c1] >= LINED).sum())


def _lined_count(edges: Edges, box: tuple[int, int, int, int], pitch: float, phase_x: float,
                 phase_y: float) -> int:
    xs, ys = _lattice_lines(edges, box, pitch, phase_x, phase_y)
    if len(xs) < 2 or len(ys) < 2:
        return 0
    return int((lined_cells(edges, xs, ys, pitch) >= LINED).sum())


def _peak_phases(profile: np.ndarray, pitch: float, count: int = 8) -> list[float]:
    """The phases (profile coordinates modulo the pitch) of the profile's highest local peaks."""
    inner = profile[1:-1]
    peaks = np.flatnonzero((inner > 0) & (inner >= profile[:-2]) & (inner >= profile[2:])) + 1
    phases: list[float] = []
    for i in peaks[np.argsort(-profile[peaks], kind="stable")]:
        phase = float(i) % pitch
        if all(min(abs(phase - q), pitch - abs(phase - q)) > 1.5 for q in phases):
            phases.append(phase)
            if len(phases) == count:
                break
    return phases


def settle(edges: Edges, grid: Grid) -> Grid | None:
    """The lattice refined until its extent stops changing, or None where it does not settle.

    Each :func:`refine` looks only a couple of cells beyond the extent it is given, so a first
    extent measured with a slightly wrong pitch (the lattice drifts off the far cells) grows a few
    cells a step. Stopping early returned part of a board as the whole (a 26x8 board read as 17x8,
    tests/data/picture-misreads/soak-1719-26x8.jpg): a grid is kept only once a refinement leaves
    its rows and columns where they were, so that the run of lined cells has really ended."""
    found: Grid | None = grid
    for step in range(MAX_REFINE):
        assert found is not None
        before = found
        found = refine(edges, found)
        if found is None:
            return None
        if step >= 1 and _same_extent(before, found):
            return found
    return None


def _same_extent(a: Grid, b: Grid) -> bool:
    half = a.cell_size / 2
    return (a.rows, a.cols) == (b.rows, b.cols) and abs(a.x0 - b.x0) < half and abs(a.y0 - b.y0) < half


def refine(edges: Edges, grid: Grid) -> Grid | None:
    """The lattice re-measured on the board alone (its rows for the vertical lines, its columns for
    the horizontal ones), then its extent again, one cell of slack around it."""
    height, width = edges.v.shape
    # (each axis at its own pitch where the cells are oblong: at their mean, the band of columns
    # measured for the row boundaries ran a few cells past a board of 1.3:1 cells onto its page)
    p = q = grid.cell_size
    if grid.oblong:
        p, q = grid.pitch_x, grid.pitch_y
    x_lo, x_hi = max(0, int(grid.x0 - 1.5 * p)), min(width, int(grid.x0 + (grid.cols + 1.5) * p) + 1)
    y_lo, y_hi = max(0, int(grid.y0 - 1.5 * q)), min(height, int(grid.y0 + (grid.rows + 1.5) * q) + 1)
    ry0, ry1 = int(grid.y0 + 0.2 * q), int(grid.y0 + (grid.rows - 0.2) * q)
    rx0, rx1 = int(grid.x0 + 0.2 * p), int(grid.x0 + (grid.cols - 0.2) * p)
    px = edges.v[ry0:ry1, x_lo:x_hi].sum(axis=0, dtype=np.float64)   # diff index + x_lo
    py = edges.h[y_lo:y_hi, rx0:rx1].sum(axis=1, dtype=np.float64)
    # profile index i holds the boundary at coordinate x_lo + i + 1
    sx, pitch_x, rms_x = _line_fit(px, grid.x0 - x_lo - 1, grid.pitch_x, grid.cols)
    sy, pitch_y, rms_y = _line_fit(py, grid.y0 - y_lo - 1, grid.pitch_y, grid.rows)
    if not (MIN_PITCH <= pitch_x <= MAX_PITCH and MIN_PITCH <= pitch_y <= MAX_PITCH):
        return None
    # (a side of fewer than 4 cells measures its pitch on its outer boundaries, beside the border's
    # own edges: on a long board of 3 rows that pitch is off by a tenth, and the long side's stands)
    lopsided = min(grid.rows, grid.cols) < 4 <= max(grid.rows, grid.cols)
    if grid.oblong:
        # a lattice found oblong (:func:`oblong_pitches`) keeps its cells' shape as found: the axis
        # with more boundaries measures the pitch, the other the same shape of it, unless that leaves
        # its boundaries off where its own fit lies on them (as square cells below); an axis' own fit
        # on a few rows drifted, 32.5 px to 30.2 in three refinements (a dark skin's 14x11 at 25 x 32.5)
        shape = grid.pitch_y / grid.pitch_x
        if grid.cols >= grid.rows:
            fit = _line_fit(py, grid.y0 - y_lo - 1, pitch_x * shape, grid.rows, fixed=True)
            if not _unsquare(fit[2], rms_y, pitch_x * shape, grid.rows):
                sy, pitch_y = fit[0], fit[1]
        else:
            fit = _line_fit(px, grid.x0 - x_lo - 1, pitch_y / shape, grid.cols, fixed=True)
            if not _unsquare(fit[2], rms_x, pitch_y / shape, grid.cols):
                sx, pitch_x = fit[0], fit[1]
        if not (oblong(pitch_x, pitch_y) and abs(pitch_x / pitch_y - grid.pitch_x / grid.pitch_y) < SQUARE):
            return None
    else:
        if not lopsided and abs(pitch_x - pitch_y) > SQUARE * max(pitch_x, pitch_y):
            return None
        # cells are square: the axis with more boundaries measures the pitch, the other only its
        # start; unless that pitch leaves the other axis' boundaries off where its own lies on them
        # (a capture scaled differently across and down: thrblock's Java game at 47.2 x 45.3 px)
        if grid.cols >= grid.rows:
            fit = _line_fit(py, grid.y0 - y_lo - 1, pitch_x, grid.rows, fixed=True)
            if not _unsquare(fit[2], rms_y, pitch_x, grid.rows):
                sy, pitch_y = fit[0], fit[1]
        else:
            fit = _line_fit(px, grid.x0 - x_lo - 1, pitch_y, grid.cols, fixed=True)
            if not _unsquare(fit[2], rms_x, pitch_y, grid.cols):
                sx, pitch_x = fit[0], fit[1]
    x0, y0 = x_lo + 1 + sx, y_lo + 1 + sy
    xs = x0 + pitch_x * np.arange(-2, grid.cols + 3)
    ys = y0 + pitch_y * np.arange(-2, grid.rows + 3)
    xs, ys = xs[on_picture(xs, width, pitch_x)], ys[on_picture(ys, height, pitch_y)]
    if len(xs) < MIN_SIDE + 1 or len(ys) < MIN_SIDE + 1:
        return None
    lined = lined_cells(edges, xs, ys, (pitch_x + pitch_y) / 2)
    r0, r1, c0, c1 = _extent(lined)
    rows, cols = r1 - r0, c1 - c0
    if rows < MIN_SIDE or cols < MIN_SIDE or rows * cols < MIN_CELLS:
        return None
    score = float(lined[r0:r1, c0:c1].mean())
    return Grid(float(xs[c0]), float(ys[r0]), pitch_x, pitch_y, cols, rows, score)


def oblong(pitch_x: float, pitch_y: float) -> bool:
    """Whether cells of these pitches are oblong: further apart than :data:`SQUARE` of the larger,
    within :data:`OBLONG` times the smaller."""
    large, small = max(pitch_x, pitch_y), min(pitch_x, pitch_y)
    return large - small > SQUARE * large and large <= OBLONG * small


#: square cells are given up where the square fit leaves an axis' boundaries this fraction of a cell
#: off (rms) and that axis' own fit lies on them three times closer
UNSQUARE = 0.06


def _unsquare(square_rms: float, own_rms: float, pitch: float, count: int) -> bool:
    """Whether an axis of ``count`` cells has a pitch of its own: measured on four boundaries or more,
    the square lattice misses them (:data:`UNSQUARE`) where its own fit does not."""
    return count >= 5 and square_rms > UNSQUARE * pitch and own_rms < square_rms / 3


def lined_cells(edges: Edges, xs: np.ndarray, ys: np.ndarray, pitch: float) -> np.ndarray:
    """Per lattice cell (len(ys)-1 by len(xs)-1), the fraction of its four sides that carry an edge."""
    t = max(1, round(0.1 * pitch))  # a shadow beside a grid line leaves no edge on the boundary itself
    height, width = edges.v.shape
    cx = np.clip(np.round(xs - 1).astype(int), 0, width - 1)
    cy = np.clip(np.round(ys - 1).astype(int), 0, height - 1)
    # each lattice line's edges widened by t pixels across: the most of the 2t + 1 columns (rows)
    # about it, those on the picture (an index clipped to the picture is one of them)
    vx, hy = (np.clip(c[:, None] + np.arange(-t, t + 1), 0, n - 1).ravel() for c, n in ((cx, width), (cy, height)))
    margin = 0.2 * pitch
    # mean of each line over each band between the other axis' lines (the middle 60% of the side)
    ylo = np.round(ys[:-1] + margin).astype(int)
    yhi = np.maximum(np.round(ys[1:] - margin).astype(int), ylo + 1)
    xlo = np.round(xs[:-1] + margin).astype(int)
    xhi = np.maximum(np.round(xs[1:] - margin).astype(int), xlo + 1)
    # (the lines read only over the rows r0:r1 and columns c0:c1 the bands span: the same counts)
    r0, r1 = (int(ylo.min()), int(yhi.max())) if len(ylo) and ylo.min() >= 0 and yhi.max() <= height else (0, height)
    c0, c1 = (int(xlo.min()), int(xhi.max())) if len(xlo) and xlo.min() >= 0 and xhi.max() <= width else (0, width)
    vcols = edges.v[r0:r1, vx].reshape(r1 - r0, len(cx), 2 * t + 1).max(axis=2).astype(np.float32)  # rows x xs
    hrows = edges.h[hy, c0:c1].reshape(len(cy), 2 * t + 1, c1 - c0).max(axis=1).astype(np.float32)  # ys x cols
    cv_ = np.vstack([np.zeros((1, vcols.shape[1]), np.float32), np.cumsum(vcols, axis=0)])
    ch = np.hstack([np.zeros((hrows.shape[0], 1), np.float32), np.cumsum(hrows, axis=1)])
    side_v = (cv_[yhi - r0] - cv_[ylo - r0]) / (yhi - ylo)[:, None]          # rows x len(xs)
    side_h = ((ch[:, xhi - c0] - ch[:, xlo - c0]) / (xhi - xlo)[None, :])     # len(ys) x cols
    return (side_v[:, :-1] + side_v[:, 1:] + side_h[:-1, :] + side_h[1:, :]) / 4


def _longest_run(mask: np.ndarray) -> tuple[int, int]:
    best = (0, 0)
    start = None
    for i, m in enumerate(list(mask) + [False]):
        if m and start is None:
            start = i
        elif not m and start is not None:
            if i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    return best


def _extent(lined: np.ndarray) -> tuple[int, int, int, int]:
    """The run of rows and columns of lined cells: (row from, row to, col from, col to).

    Narrowed to columns first, then to rows, and the other way round; the one holding more lined
    cells is kept. Columns first alone missed a long board of few rows in a tall box (3 lined rows
    of 10: no column is lined over half its height); rows first alone misses the tall, narrow one."""
    best, most = (0, 0, 0, 0), 0
    for columns_first in (True, False):
        r0, r1, c0, c1 = _narrowed(lined, columns_first)
        count = int((lined[r0:r1, c0:c1] >= LINED).sum())
        if count > most:
            best, most = (r0, r1, c0, c1), count
    return best


def _narrowed(lined: np.ndarray, columns_first: bool) -> tuple[int, int, int, int]:
    r0, r1, c0, c1 = 0, lined.shape[0], 0, lined.shape[1]
    for step in range(6):
        sub = lined[r0:r1, c0:c1] >= LINED
        if sub.size == 0:
            return 0, 0, 0, 0
        if (step % 2 == 0) == columns_first:
            a, b = _longest_run(sub.mean(axis=0) >= 0.5)
            c0, c1 = c0 + a, c0 + b
        else:
            a, b = _longest_run(sub.mean(axis=1) >= 0.5)
            r0, r1 = r0 + a, r0 + b
    return r0, r1, c0, c1
