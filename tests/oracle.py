"""Brute force: every placement of mines on the covered cells, checked against every clue.

Independent of cpsolve's constraint model and counter: it reads the board's cells directly and
enumerates all 2^n assignments as bit masks. Only for small boards (n <= ~20).
"""

from __future__ import annotations

from fractions import Fraction

from cpsolve.board import COVERED, FLAG, MINE, Board


def brute_force(board: Board, trust_flags: bool = True, density: Fraction = Fraction(1, 5)
                ) -> dict[int, Fraction] | None:
    """Exact mine probability of every unknown cell, or None when no placement fits."""
    cells = board.cells
    unknown_codes = (COVERED,) if trust_flags else (COVERED, FLAG)
    mine_codes = (MINE, FLAG) if trust_flags else (MINE,)
    unknown = [i for i, v in enumerate(cells) if v in unknown_codes]
    bit = {c: 1 << k for k, c in enumerate(unknown)}
    n = len(unknown)
    checks = []
    for i, v in enumerate(cells):
        if v < 0:
            continue
        r, c = divmod(i, board.cols)
        mask, known = 0, 0
        for rr in range(r - 1, r + 2):
            for cc in range(c - 1, c + 2):
                if (rr, cc) == (r, c) or not (0 <= rr < board.rows and 0 <= cc < board.cols):
                    continue
                j = rr * board.cols + cc
                if cells[j] in mine_codes:
                    known += 1
                elif j in bit:
                    mask |= bit[j]
        checks.append((mask, v - known))
    total = None
    if board.mines is not None:
        total = board.mines - sum(1 for v in cells if v in mine_codes)
    p, q = density.numerator, density.denominator
    z = 0
    per_bit = [0] * n
    for m in range(1 << n):
        ok = True
        for mask, need in checks:
            if (m & mask).bit_count() != need:
                ok = False
                break
        if not ok:
            continue
        k = m.bit_count()
        if total is not None:
            if k != total:
                continue
            w = 1
        else:
            w = p ** k * (q - p) ** (n - k)
        z += w
        x = m
        while x:
            low = x & -x
            per_bit[low.bit_length() - 1] += w
            x ^= low
    if z == 0:
        return None
    return {c: Fraction(per_bit[k], z) for k, c in enumerate(unknown)}
