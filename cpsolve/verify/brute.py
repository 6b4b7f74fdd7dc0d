"""Brute-force enumeration for small boards: the reference that ``cpsolve compare`` checks against.

It reads the board's cells directly (no constraint model, no counter, no solver) and enumerates
every mine assignment of the cells next to a revealed number, by backtracking with each clue's
bounds; the cells next to no number are counted in closed form: with a mine total, C(n, mines left);
without one, each is a mine independently with the given density.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..board import COVERED, FLAG, MINE, Board
from ..errors import BudgetError
from ..options import DEFAULT_DENSITY


class TooLarge(BudgetError):
    """The board has more frontier cells or assignments than the limits allow."""


@dataclass
class BruteResult:
    z: int                                  # weight of all placements (0: the board is inconsistent)
    probability: dict[int, Fraction]        # per covered (unflagged) cell index

    def forced(self) -> dict[int, bool]:
        return {c: p == 1 for c, p in self.probability.items() if p in (0, 1)}


def brute_force(board: Board, *, density: Fraction = DEFAULT_DENSITY, trust_flags: bool = True,
                max_frontier: int = 24, max_nodes: int = 2_000_000) -> BruteResult:
    rows, cols, cells = board.rows, board.cols, board.cells
    mine_codes = (FLAG, MINE) if trust_flags else (MINE,)
    unknown = [i for i, v in enumerate(cells) if v == COVERED or (v == FLAG and not trust_flags)]
    unk = set(unknown)

    def nbrs(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [rr * cols + cc for rr in range(max(r - 1, 0), min(r + 2, rows))
                for cc in range(max(c - 1, 0), min(c + 2, cols)) if (rr, cc) != (r, c)]

    clues = []
    for i, v in enumerate(cells):
        if v >= 0:
            nb = nbrs(i)
            clues.append((v - sum(1 for j in nb if cells[j] in mine_codes), [j for j in nb if j in unk]))
    frontier = sorted({j for _, cs in clues for j in cs})
    if len(frontier) > max_frontier:
        raise TooLarge(f"{len(frontier)} frontier cells (limit {max_frontier})")
    outside = [i for i in unknown if i not in set(frontier)]
    pos = {c: k for k, c in enumerate(frontier)}
    # clue k: (need, positions); after placing position p, the clues that end there are checked
    cl = [(need, sorted(pos[j] for j in cs)) for need, cs in clues]
    by_pos: list[list[int]] = [[] for _ in frontier]
    for k, (_, ps) in enumerate(cl):
        for p in ps:
            by_pos[p].append(k)
    for need, ps in cl:
        if not ps and need != 0:
            return BruteResult(0, {i: Fraction(0) for i in unknown})
    placed = [0] * len(cl)      # mines placed so far per clue
    left = [len(ps) for _, ps in cl]  # cells not yet decided per clue
    n = len(frontier)
    assign = [0] * n
    # per number of frontier mines t: (count of assignments, per-position mine counts)
    by_t: dict[int, list[int]] = {}
    counts: dict[int, int] = {}
    nodes = 0

    def rec(p: int, t: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise TooLarge(f"more than {max_nodes} search nodes")
        if p == n:
            counts[t] = counts.get(t, 0) + 1
            acc = by_t.setdefault(t, [0] * n)
            for q in range(n):
                if assign[q]:
                    acc[q] += 1
            return
        for x in (0, 1):
            ok = True
            for k in by_pos[p]:
                placed[k] += x
                left[k] -= 1
            for k in by_pos[p]:
                need = cl[k][0]
                if placed[k] > need or placed[k] + left[k] < need:
                    ok = False
            if ok:
                assign[p] = x
                rec(p + 1, t + x)
            for k in by_pos[p]:
                placed[k] -= x
                left[k] += 1
        assign[p] = 0

    rec(0, 0)
    m_out = len(outside)
    p_, q_ = density.numerator, density.denominator
    remaining = board.remaining_mines(trust_flags)
    z = 0
    numer = [0] * n
    out_numer = 0
    for t, cnt in counts.items():
        if remaining is not None:
            w = comb(m_out, remaining - t) if 0 <= remaining - t <= m_out else 0
            w_out = comb(m_out - 1, remaining - t - 1) if m_out and 0 <= remaining - t - 1 <= m_out - 1 else 0
        else:
            w = p_ ** t * (q_ - p_) ** (n - t)
            w_out = 0
        z += cnt * w
        out_numer += cnt * w_out
        for q in range(n):
            numer[q] += by_t[t][q] * w
    prob: dict[int, Fraction] = {}
    for q, c in enumerate(frontier):
        prob[c] = Fraction(numer[q], z) if z else Fraction(0)
    for c in outside:
        if not z:
            prob[c] = Fraction(0)
        elif remaining is None:
            prob[c] = Fraction(density)
        else:
            prob[c] = Fraction(out_numer, z)
    return BruteResult(z, prob)
