"""Brute-force oracle for small boards: every placement of mines on the covered cells, checked
against every clue, flags and the total. Independent of cpsolve's model, counter and prover (it reads
the board's cells and nothing else).

With a mine total, placements are equally likely; without one, each covered cell is a mine
independently with probability ``density``, so a placement of k mines on n cells weighs
p^k (q-p)^(n-k) for density p/q.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from cpsolve.board import COVERED, FLAG, MINE, Board


@dataclass
class Oracle:
    z: int                                   # total weight of all placements (0: inconsistent)
    mines: dict[tuple[int, int], Fraction]   # per unknown cell, its exact mine probability
    placements: int                          # number of placements satisfying everything

    def forced(self) -> dict[tuple[int, int], bool]:
        """Cells of probability 0 (False) or 1 (True): the exact backbone."""
        return {c: p == 1 for c, p in self.mines.items() if p in (0, 1)}


def _neighbours(board: Board, i: int) -> list[int]:
    r, c = divmod(i, board.cols)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            if (dr or dc) and 0 <= rr < board.rows and 0 <= cc < board.cols:
                out.append(rr * board.cols + cc)
    return out


def brute_force(board: Board, *, density: Fraction = Fraction(1, 5), trust_flags: bool = True,
                limit: int = 2_000_000) -> Oracle:
    cells = board.cells
    mine_codes = {FLAG, MINE} if trust_flags else {MINE}
    unknown = [i for i, v in enumerate(cells) if v == COVERED or (v == FLAG and not trust_flags)]
    known = sum(1 for v in cells if v in mine_codes)
    clues = [(i, v, _neighbours(board, i)) for i, v in enumerate(cells) if v >= 0]
    n = len(unknown)
    if board.mines is not None:
        k_range: list[int] = [board.mines - known] if 0 <= board.mines - known <= n else []
    else:
        k_range = list(range(n + 1))
    p, q = density.numerator, density.denominator
    z = 0
    placements = 0
    numer = {i: 0 for i in unknown}
    work = 0
    for k in k_range:
        w = 1 if board.mines is not None else p ** k * (q - p) ** (n - k)
        for chosen in combinations(unknown, k):
            work += 1
            if work > limit:
                raise ValueError("board too large for brute force")
            mine = set(chosen)
            ok = True
            for _, v, nb in clues:
                cnt = sum(1 for j in nb if j in mine or cells[j] in mine_codes)
                if cnt != v:
                    ok = False
                    break
            if not ok:
                continue
            z += w
            placements += 1
            for i in chosen:
                numer[i] += w
    mines = {divmod(i, board.cols): (Fraction(numer[i], z) if z else Fraction(0)) for i in unknown}
    return Oracle(z, mines, placements)


def feasible(unknown: list[int], constraints: list[tuple[int, frozenset[int]]], remaining: int | None,
             limit: int = 300_000) -> list[frozenset[int]]:
    """Every set of mine cells among ``unknown`` meeting each (need, cells) constraint and, when
    given, holding exactly ``remaining`` mines. For checking a claimed reason with only its clues."""
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
    """True/False when every feasible placement makes ``cell`` a mine/safe (None: not forced, or no
    placement at all is reported as None too -- callers check consistency separately)."""
    values = {cell in m for m in feasible(unknown, constraints, remaining)}
    return next(iter(values)) if len(values) == 1 else None
