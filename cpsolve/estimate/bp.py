"""Belief propagation over one component, at the level of its groups, with a mine fugacity.

The component's groups are the variables (``x_g`` mines among the ``s_g`` cells of group g, prior
``C(s_g, x) * lam**x``) and its constraints the factors (``sum of x_g over the constraint == need``).
Messages are short vectors (a group never holds more mines than the smallest need it is in), so a
sweep costs about the number of (constraint, group) incidences times need^2. On a tree-shaped
component BP is exact; on loopy ones it is the Bethe approximation, an estimate.

``lam`` (the odds of a mine, p / (1 - p) of an unconstrained cell) is how the component is coupled
to the rest of the board: the caller chooses it so that the whole board holds the remaining mines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..budget import check
from ..constraints import Component


@dataclass
class GroupBP:
    """Message state of BP over one component; :meth:`run` may be called again at another ``lam``
    (warm start from the previous messages)."""

    component: Component
    sizes: list[int] = field(init=False)
    dom: list[int] = field(init=False)          # largest feasible mine count per group
    cons: list[tuple[list[int], int]] = field(init=False)
    gcons: list[list[tuple[int, int]]] = field(init=False)  # per group: (constraint, position in it)
    msg: list[list[list[float]]] = field(init=False)        # msg[c][pos]: factor -> group message
    log_binom: list[list[float]] = field(init=False)
    sweeps: int = 0

    def __post_init__(self) -> None:
        comp = self.component
        self.sizes = [g.size for g in comp.groups]
        self.cons = [(list(gs), need) for gs, need in comp.constraints]
        self.dom = list(self.sizes)
        self.gcons = [[] for _ in self.sizes]
        for c, (gs, need) in enumerate(self.cons):
            for pos, g in enumerate(gs):
                self.gcons[g].append((c, pos))
                if need < self.dom[g]:
                    self.dom[g] = need
        self.msg = [[[1.0] * (self.dom[g] + 1) for g in gs] for gs, _ in self.cons]
        self.log_binom = [[math.lgamma(s + 1) - math.lgamma(x + 1) - math.lgamma(s - x + 1)
                           for x in range(d + 1)] for s, d in zip(self.sizes, self.dom)]

    def priors(self, log_lam: float) -> list[list[float]]:
        out = []
        for lb in self.log_binom:
            logs = [v + x * log_lam for x, v in enumerate(lb)]
            top = max(logs)
            out.append([math.exp(v - top) for v in logs])
        return out

    def run(self, log_lam: float, *, max_sweeps: int = 200, tol: float = 1e-7) -> list[list[float]]:
        """Iterate to a fixed point (or ``max_sweeps``); returns the group beliefs (normalised)."""
        prior = self.priors(log_lam)
        msg, cons, gcons = self.msg, self.cons, self.gcons
        damp: float = 0.0
        last_delta = math.inf
        for sweep in range(max_sweeps):
            check()
            delta: float = 0.0
            for c, (gs, need) in enumerate(cons):
                incoming = []
                for g in gs:
                    v = list(prior[g])
                    for c2, p2 in gcons[g]:
                        if c2 != c:
                            m2 = msg[c2][p2]
                            for x in range(len(v)):
                                v[x] *= m2[x]
                    s = sum(v)
                    if s > 0:
                        v = [a / s for a in v]
                    incoming.append(v)
                n = len(gs)
                # prefix[j]: distribution of mines in groups before j (truncated at need)
                prefix = [[1.0]]
                for v in incoming[:-1]:
                    prefix.append(_conv_trunc(prefix[-1], v, need))
                suffix = [1.0]
                new_msgs: list[list[float]] = [[]] * n
                for j in range(n - 1, -1, -1):
                    pre = prefix[j]
                    dom = len(incoming[j])
                    out = []
                    for x in range(dom):
                        r = need - x
                        acc = 0.0
                        lo = max(0, r - len(suffix) + 1)
                        hi = min(r, len(pre) - 1)
                        for a in range(lo, hi + 1):
                            acc += pre[a] * suffix[r - a]
                        out.append(acc)
                    s = sum(out)
                    # s == 0: contradiction under the current messages: keep the old message
                    out = [a / s for a in out] if s > 0 else msg[c][j]
                    new_msgs[j] = out
                    if j:
                        suffix = _conv_trunc(suffix, incoming[j], need)
                row = msg[c]
                for j in range(n):
                    old, new = row[j], new_msgs[j]
                    if damp:
                        new = [damp * o + (1 - damp) * v for o, v in zip(old, new)]
                    for o, v2 in zip(old, new):
                        diff = abs(o - v2)
                        if diff > delta:
                            delta = diff
                    row[j] = new
            self.sweeps += 1
            if delta < tol:
                break
            if sweep > 20 and delta > 0.9 * last_delta:
                damp = min(0.8, damp + 0.2)  # oscillating: damp harder
            last_delta = delta
        return self.beliefs(prior)

    def beliefs(self, prior: list[list[float]]) -> list[list[float]]:
        out = []
        for g, pr in enumerate(prior):
            v = list(pr)
            for c, pos in self.gcons[g]:
                m = self.msg[c][pos]
                for x in range(len(v)):
                    v[x] *= m[x]
            s = sum(v)
            out.append([a / s for a in v] if s > 0 else pr)
        return out


def _conv_trunc(a: list[float], b: list[float], limit: int) -> list[float]:
    n = min(len(a) + len(b) - 1, limit + 1)
    out = [0.0] * n
    for i, x in enumerate(a):
        if x == 0.0 or i >= n:
            continue
        for j in range(min(len(b), n - i)):
            out[i + j] += x * b[j]
    return out


def group_means(beliefs: list[list[float]]) -> list[float]:
    """Expected mines per group under the beliefs."""
    return [sum(x * p for x, p in enumerate(b)) for b in beliefs]


def group_vars(beliefs: list[list[float]], means: list[float]) -> list[float]:
    return [sum(x * x * p for x, p in enumerate(b)) - m * m for b, m in zip(beliefs, means)]
