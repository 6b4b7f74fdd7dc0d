"""Proofs by propagation: the cheap first pass of the backbone, before any solver is built.

Each cardinality constraint ``lo <= sum(lits) <= hi`` propagates in the usual way: with ``t`` of its
variables true and ``u`` unassigned, ``t > hi`` or ``t + u < lo`` is a conflict; ``t == hi`` makes
the unassigned ones false and ``t + u == lo`` makes them true. Both directions are sound:

* a **conflict** after assuming a variable takes its other value means no assignment satisfying
  the constraints gives it that value: the variable is forced (a proof, the same one the solver's
  UNSAT gives, found by a weaker but exact procedure);
* a **model** comes from a small depth-first search with propagation, and is accepted only after
  every constraint has been evaluated on it (:meth:`Propagator.check`), so it is a certificate too;
* an **exhausted search** (both values of every branching variable end in a propagation conflict)
  is a proof by case analysis that no model exists under the assumption.

A variable is shown *not* forced only by a checked model with its other value (the same search,
with that value assumed). Whatever neither settles goes to the solver.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..encodings import CardSystem

#: Search nodes allowed when looking for a model before the solver is asked instead.
MODEL_NODES = 64


class _GiveUp(Exception):
    pass


class Propagator:
    """Propagation over the constraints of ``system``; ``skip``: a constraint index left out (the
    total, to ask what the clues force on their own)."""

    def __init__(self, system: CardSystem, skip: int | None = None) -> None:
        self.system = system
        self.skip = skip
        self.n = n = system.nvars
        cards: list[tuple[tuple[int, ...], int, int]] = []
        self.ok = True
        for ci, c in enumerate(system.cards):
            if ci == skip or c.trivial:
                continue
            if c.impossible:
                self.ok = False
            cards.append((c.lits, max(c.lo, 0), min(c.hi, len(c.lits))))
        self.cards = cards
        watch: list[list[int]] = [[] for _ in range(n + 1)]
        for k, (lits, _, _) in enumerate(cards):
            for v in lits:
                watch[v].append(k)
        self.watch = watch
        self.base: list[int] | None = None
        if self.ok:
            val = [-1] * (n + 1)
            if self._run(val, list(range(len(cards)))):
                self.base = val
            else:
                self.ok = False

    def _run(self, val: list[int], work: list[int]) -> bool:
        """Propagate from the constraints in ``work``; False on a conflict. ``val``: -1/0/1 per variable."""
        cards, watch = self.cards, self.watch
        queued = [False] * len(cards)
        for k in work:
            queued[k] = True
        while work:
            k = work.pop()
            queued[k] = False
            lits, lo, hi = cards[k]
            t = 0
            free = []
            for v in lits:
                x = val[v]
                if x < 0:
                    free.append(v)
                elif x:
                    t += 1
            u = len(free)
            if t > hi or t + u < lo:
                return False
            if not u:
                continue
            if t == hi:
                setv = 0
            elif t + u == lo:
                setv = 1
            else:
                continue
            for v in free:
                val[v] = setv
                for k2 in watch[v]:
                    if not queued[k2]:
                        queued[k2] = True
                        work.append(k2)
        return True

    def refutes(self, var: int, value: bool) -> bool:
        """True when assuming ``var`` = ``value`` propagates to a conflict (so ``var`` is forced to
        ``not value``). Only meaningful when :attr:`ok` (the constraints themselves propagate)."""
        assert self.base is not None
        x = self.base[var]
        if x >= 0:
            return x != value  # fixed by propagation alone
        val = self.base.copy()
        val[var] = int(value)
        return not self._run(val, list(self.watch[var]))

    def search(self, prefer: Mapping[int, bool], nodes: int = MODEL_NODES,
               assume: tuple[int, bool] | None = None) -> tuple[str, tuple[bool, ...] | None]:
        """Depth-first search with propagation for a model with ``assume`` = (variable, value),
        trying the values in ``prefer`` first. Returns ("sat", model) with ``model[v]`` for v in
        1..n (index 0 unused) checked against every constraint but the skipped one; ("unsat", None)
        when the search was exhausted (every branch ends in a propagation conflict: a proof by case
        analysis); ("unknown", None) when it gave up after ``nodes`` nodes."""
        if self.base is None:
            return "unsat", None
        start = self.base.copy()
        if assume is not None:
            var, value = assume
            if start[var] >= 0:
                if start[var] != value:
                    return "unsat", None
            else:
                start[var] = int(value)
                if not self._run(start, list(self.watch[var])):
                    return "unsat", None
        order = list(prefer) + [v for v in range(1, self.n + 1) if self.watch[v] and v not in prefer]
        budget = [nodes]

        def dfs(val: list[int]) -> list[int] | None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _GiveUp
            v = next((w for w in order if val[w] < 0), 0)
            if not v:
                return val
            first = int(prefer.get(v, False))
            for x in (first, 1 - first):
                val2 = val.copy()
                val2[v] = x
                if self._run(val2, list(self.watch[v])):
                    got = dfs(val2)
                    if got is not None:
                        return got
            return None

        try:
            val = dfs(start)
        except _GiveUp:
            return "unknown", None
        if val is None:
            return "unsat", None
        model = (False, *(x == 1 for x in val[1:]))
        if (assume is not None and model[assume[0]] != assume[1]) or not self.check(model):
            return "unknown", None  # never expected; the solver decides instead
        return "sat", model

    def check(self, model: tuple[bool, ...]) -> bool:
        """Every constraint of the system but the skipped one holds in ``model``."""
        for ci, c in enumerate(self.system.cards):
            if ci == self.skip:
                continue
            t = sum(1 for v in c.lits if model[v])
            if t < c.lo or t > c.hi:
                return False
        return True
