"""A bounded dynamic programme over one component at a fixed mine fugacity (floats, beam-limited).

The exact counter (:mod:`cpsolve.count`) carries, per state, a polynomial in the number of mines:
its cost grows with the component's size times the mines it can hold, and with the frontier's width.
At a fixed fugacity ``lam`` a configuration with k mines simply weighs ``lam**k``, so each state
carries one float (plus the first two moments of k): linear in the component's size. When the width
gives more than ``beam`` states at a step, only the ``beam`` heaviest are kept (the estimate's
approximation); without pruning the marginals are the exact ones at that fugacity.

Groups are placed in the counter's order, which keeps few constraints open: both follow the same
elimination plan (:mod:`cpsolve.count.plan`, an order and its bookkeeping; it counts nothing, and it
is the only piece of :mod:`cpsolve.count` that estimation uses).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..budget import check
from ..constraints import Component
from ..count.plan import elimination_plan

#: A DP state: the residual needs of the open constraints.
Residual = tuple[int, ...]


@dataclass
class DPResult:
    group_means: list[float]   # expected mines per group
    mean: float                # expected mines in the component
    var: float                 # variance of the component's mine count
    lo: int                    # fewest and most mines of a completed configuration (that the beam kept)
    hi: int
    pruned: bool               # whether the beam dropped states (else exact at this fugacity)


class BeamDP:
    """Marginals of one component at log-fugacity t (see the module doc)."""

    def __init__(self, comp: Component, beam: int) -> None:
        self.comp = comp
        self.beam = max(1, beam)
        groups = comp.groups
        self.steps = elimination_plan(comp)
        self.log_binom = {s: [math.lgamma(s + 1) - math.lgamma(j + 1) - math.lgamma(s - j + 1)
                              for j in range(s + 1)] for s in {g.size for g in groups}}

    def _step_weights(self, size: int, t: float) -> list[float]:
        """C(size, j) e^(j t) for j = 0..size, scaled so the largest is 1."""
        logs = [v + j * t for j, v in enumerate(self.log_binom[size])]
        top = max(logs)
        return [math.exp(v - top) for v in logs]

    def run(self, t: float) -> DPResult | None:
        """None when the beam kept no state that completes (the caller falls back)."""
        # forward: alpha per state with the first two moments of the mines placed so far
        frontier: dict[Residual, list[float]] = {(): [1.0, 0.0, 0.0, 0, 0]}
        history: list[tuple[list[Residual], list[float], list[list[tuple[int, Residual]]], list[float]]] = []
        pruned = False
        for step in self.steps:
            a = self._step_weights(step.size, t)
            nxt: dict[Residual, list[float]] = {}
            states = list(frontier)
            alphas = []
            trans_all = []
            for s in states:
                w, w1, w2, kmin, kmax = frontier[s]
                alphas.append(w)
                trans = step.transitions(s)
                for j, s2 in trans:
                    c = a[j]
                    acc = nxt.get(s2)
                    if acc is None:
                        acc = [0.0, 0.0, 0.0, kmin + j, kmax + j]
                        nxt[s2] = acc
                    else:
                        if kmin + j < acc[3]:
                            acc[3] = kmin + j
                        if kmax + j > acc[4]:
                            acc[4] = kmax + j
                    acc[0] += w * c
                    acc[1] += (w1 + j * w) * c
                    acc[2] += (w2 + 2 * j * w1 + j * j * w) * c
                trans_all.append(trans)
            history.append((states, alphas, trans_all, a))
            if len(nxt) > self.beam:
                pruned = True
                kept = sorted(nxt.items(), key=lambda kv: kv[1][0], reverse=True)[:self.beam]
                nxt = dict(kept)
            top_w = max((v[0] for v in nxt.values()), default=0.0)
            if not top_w > 0:
                return None
            for v in nxt.values():
                v[0] /= top_w
                v[1] /= top_w
                v[2] /= top_w
            frontier = nxt
        end = frontier.get(())
        if end is None or not end[0] > 0:
            return None
        mean = end[1] / end[0]
        var = max(end[2] / end[0] - mean * mean, 0.0)
        # backward: beta per state; each step's group mean is normalised locally
        means = [0.0] * len(self.comp.groups)
        beta: dict[Residual, float] = {(): 1.0}
        for step, (states, alphas, trans_all, a) in zip(reversed(self.steps), reversed(history)):
            check()  # the analysis deadline (cpsolve.budget); the forward pass checks in transitions()
            g = step.group
            prev: dict[Residual, float] = {}
            num = den = 0.0
            for s, w, trans in zip(states, alphas, trans_all):
                b = 0.0
                for j, s2 in trans:
                    b2 = beta.get(s2)
                    if b2:
                        x = a[j] * b2
                        b += x
                        num += w * j * x
                if b:
                    prev[s] = b
                    den += w * b
            if not den > 0:
                return None
            means[g] = num / den
            top_b = max(prev.values())
            beta = {s: v / top_b for s, v in prev.items()}
        return DPResult(means, mean, var, int(end[3]), int(end[4]), pruned)

    def distribution(self, t: float) -> tuple[int, list[float]] | None:
        """The component's mine-count distribution at log-fugacity t, as (lowest count, weights):
        a forward pass carrying per state a polynomial in the mines placed (floats, tails trimmed).
        None when the beam kept no completion."""
        frontier: dict[Residual, tuple[int, list[float]]] = {(): (0, [1.0])}
        for step in self.steps:
            a = self._step_weights(step.size, t)
            nxt: dict[Residual, tuple[int, list[float]]] = {}
            for s, (off, poly) in frontier.items():
                for j, s2 in step.transitions(s):
                    c = a[j]
                    acc = nxt.get(s2)
                    start = off + j
                    if acc is None:
                        nxt[s2] = (start, [c * x for x in poly])
                    else:
                        aoff, apoly = acc
                        if start < aoff:
                            apoly[:0] = [0.0] * (aoff - start)
                            aoff = start
                        end = start + len(poly) - aoff
                        if end > len(apoly):
                            apoly.extend([0.0] * (end - len(apoly)))
                        d = start - aoff
                        for i, x in enumerate(poly):
                            apoly[d + i] += c * x
                        nxt[s2] = (aoff, apoly)
            if len(nxt) > self.beam:
                nxt = dict(sorted(nxt.items(), key=lambda kv: sum(kv[1][1]), reverse=True)[:self.beam])
            top_w = max((max(p) for _, p in nxt.values()), default=0.0)
            if not top_w > 0:
                return None
            cut = top_w * 1e-30
            trimmed: dict[Residual, tuple[int, list[float]]] = {}
            for s, (off, poly) in nxt.items():
                i0, i1 = 0, len(poly)
                while i0 < i1 and poly[i0] < cut:
                    i0 += 1
                while i1 > i0 and poly[i1 - 1] < cut:
                    i1 -= 1
                if i1 > i0:
                    trimmed[s] = (off + i0, [x / top_w for x in poly[i0:i1]])
            frontier = trimmed
        final = frontier.get(())
        if final is None:
            return None
        off, poly = final
        z = sum(poly)
        return off, [x / z for x in poly]
