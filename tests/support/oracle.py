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


def forced_cells(probs: dict[int, Fraction] | None) -> dict[int, bool]:
    """The cells of probability 0 (False) or 1 (True): the exact backbone (empty if inconsistent)."""
    return {c: p == 1 for c, p in (probs or {}).items() if p in (0, 1)}


def feasible(unknown: list[int], constraints: list[tuple[int, frozenset[int]]], remaining: int | None,
             limit: int = 300_000) -> list[frozenset[int]]:
    """Every set of mine cells among ``unknown`` meeting each (need, cells) constraint and, when
    given, holding exactly ``remaining`` mines. For checking a claimed reason with only its clues."""
    from itertools import combinations

    n = len(unknown)
    ks = [remaining] if remaining is not None else list(range(n + 1))
    out = []
    work = 0
    for k in ks:
        if k is None or not 0 <= k <= n:
            continue
        for chosen in combinations(unknown, k):
            work += 1
            if work > limit:
                raise ValueError("too many placements for brute force")
            mine = frozenset(chosen)
            if all(len(cells & mine) == need for need, cells in constraints):
                out.append(mine)
    return out


def forced_by(unknown: list[int], constraints: list[tuple[int, frozenset[int]]], remaining: int | None,
              cell: int) -> bool | None:
    """True/False when every feasible placement makes ``cell`` a mine/safe; None when it is not
    forced (or nothing is feasible: callers check consistency separately)."""
    values = {cell in m for m in feasible(unknown, constraints, remaining)}
    return next(iter(values)) if len(values) == 1 else None
