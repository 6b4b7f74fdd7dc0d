"""A cell's neighbours on a rows x cols board (cells numbered row-major): the indices of each
cell's up to 8 neighbours, and per cell the count of marked neighbours computed for the
whole board at once."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For every cell index, the indices of its (up to 8) neighbours."""
    table = []
    for r in range(rows):
        for c in range(cols):
            nb = []
            for dr in (-1, 0, 1):
                rr = r + dr
                if 0 <= rr < rows:
                    for dc in (-1, 0, 1):
                        cc = c + dc
                        if (dr or dc) and 0 <= cc < cols:
                            nb.append(rr * cols + cc)
            table.append(tuple(nb))
    return tuple(table)


#: The 8 neighbours of a cell as (row step, column step), in the order of :func:`neighbour_table`.
NEIGHBOUR_STEPS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


@lru_cache(maxsize=8)
def _column_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """For a board as one little-endian integer, a byte per cell: every cell but the last column's,
    every cell but the first column's, and every cell (0xFF bytes)."""
    not_last = int.from_bytes((b"\xff" * (cols - 1) + b"\x00") * rows, "little")
    not_first = int.from_bytes((b"\x00" + b"\xff" * (cols - 1)) * rows, "little")
    return not_last, not_first, (1 << (8 * rows * cols)) - 1


def _neighbour_planes(rows: int, cols: int, marks: bytes) -> list[int]:
    """For each of the 8 neighbour steps (:data:`NEIGHBOUR_STEPS`), the board as one integer in
    which every cell's byte holds its neighbour's mark (0 off the board).

    A flat board with fixed offsets: shifting the board's integer by a step's offset moves every
    neighbour onto its cell at once; a step into the next or previous column first clears the
    column it would wrap around from, and bytes shifted past either end fall off."""
    not_last, not_first, full = _column_masks(rows, cols)
    x = int.from_bytes(marks, "little")
    by_dc = {-1: x & not_last, 0: x, 1: x & not_first}
    planes = []
    for dr, dc in NEIGHBOUR_STEPS:
        off = dr * cols + dc  # the neighbour's byte is this far from the cell's
        src = by_dc[dc]
        planes.append(src >> (8 * off) if off > 0 else (src << (-8 * off)) & full)
    return planes


def neighbour_counts(rows: int, cols: int, marks: bytes) -> bytes:
    """Per cell, how many of its 8 neighbours are marked (``marks``: one byte 0/1 per cell, row-major).

    Arithmetic on one big integer per board (:func:`_neighbour_planes`): each byte is a cell's
    counter (at most 8, so no carry crosses into the next byte), and adding the 8 shifted boards
    counts every cell's neighbours at once. This keeps the per-cell Python work off the ~half of
    a position's revealed cells that have no covered neighbour (and it is what makes a 1000x1000
    board's clue scan take milliseconds).
    """
    return sum(_neighbour_planes(rows, cols, marks)).to_bytes(rows * cols, "little")


def neighbours(rows: int, cols: int, index: int) -> tuple[int, ...]:
    """Indices of the neighbours of cell ``index`` (computed directly; no table for huge boards)."""
    if rows * cols <= 250_000:
        return neighbour_table(rows, cols)[index]
    r, c = divmod(index, cols)
    if 0 < r < rows - 1 and 0 < c < cols - 1:  # interior cell: the same order as below, by offsets
        up, down = index - cols, index + cols
        return (up - 1, up, up + 1, index - 1, index + 1, down - 1, down, down + 1)
    return tuple(rr * cols + cc for rr in range(max(r - 1, 0), min(r + 2, rows))
                 for cc in range(max(c - 1, 0), min(c + 2, cols)) if (rr, cc) != (r, c))
