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
#: Systems with more variables than this, when the search over the whole system gives up, search
#: each independent part on its own (with ``PART_NODES`` each) and join the models.
SPLIT_VARS = 2000
#: Search nodes allowed per part in that split search: a part is small (tens of variables), and
#: one part the search gives up on sends the whole system to the solver (seconds on a huge board).
PART_NODES = 4096


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
        self._parts: list[tuple[list[int], list[int]]] | None = None  # (variables, cards) per part
        self._part_of: list[int] = []
        self._part_models: dict[int, list[int]] = {}  # part -> its variables' values in a checked model
        self._split = False  # the whole-system search gave up once: split from then on
        self._joined: list[int] | None = None  # the base with every part's kept model
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
        if self._split:
            return self._search_split(prefer, nodes, assume)
        verdict, model = self._search_whole(prefer, nodes, assume)
        if verdict == "unknown" and self.n > SPLIT_VARS:
            self._split = True
            return self._search_split(prefer, nodes, assume)
        return verdict, model

    def _assume(self, val: list[int], assume: tuple[int, bool] | None) -> bool:
        """Set the assumed variable in ``val`` and propagate; False when that contradicts."""
        if assume is None:
            return True
        var, value = assume
        if val[var] >= 0:
            return bool(val[var] == value)
        val[var] = int(value)
        return bool(self._run(val, list(self.watch[var])))

    def _search_whole(self, prefer: Mapping[int, bool], nodes: int, assume: tuple[int, bool] | None
                      ) -> tuple[str, tuple[bool, ...] | None]:
        assert self.base is not None
        start = self.base.copy()
        if not self._assume(start, assume):
            return "unsat", None
        order = list(prefer) + [v for v in range(1, self.n + 1) if self.watch[v] and v not in prefer]
        val = start
        try:
            # the whole board is one part: every variable is restored when a branch fails
            found = self._dfs_part(val, list(range(1, self.n + 1)), order, prefer, nodes)
        except _GiveUp:
            return "unknown", None
        if not found:
            return "unsat", None
        model = (False, *(x == 1 for x in val[1:]))
        if (assume is not None and model[assume[0]] != assume[1]) or not self.check(model):
            return "unknown", None  # never expected; the solver decides instead
        return "sat", model

    def _dfs_part(self, val: list[int], vs: list[int], order: list[int], prefer: Mapping[int, bool],
                  nodes: int) -> bool:
        """Depth-first search with propagation in place on ``val`` over one part's variables ``vs``
        (tried in ``order``): True with them all assigned, False when every branch ends in a
        conflict (``val`` then as it was); raises :class:`_GiveUp` after ``nodes`` nodes. Only the
        part's variables change (no constraint leaves the part), so a branch is undone by restoring
        them alone instead of copying the whole assignment at every node."""
        budget = [nodes]

        def dfs() -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                raise _GiveUp
            v = next((w for w in order if val[w] < 0), 0)
            if not v:
                return True
            first = int(prefer.get(v, False))
            saved = [val[w] for w in vs]
            for x in (first, 1 - first):
                val[v] = x
                if self._run(val, list(self.watch[v])) and dfs():
                    return True
                for w, y in zip(vs, saved):
                    val[w] = y
            return False

        return dfs()

    def _split_parts(self) -> list[tuple[list[int], list[int]]]:
        """The independent parts of the constraints: (variables, card indices) of each set of cards
        linked by shared variables (variables in no card belong to none)."""
        if self._parts is None:
            parent = list(range(self.n + 1))

            def find(x: int) -> int:
                while parent[x] != x:
                    parent[x] = parent[parent[x]]
                    x = parent[x]
                return x

            for lits, _, _ in self.cards:
                if lits:
                    r0 = find(lits[0])
                    for v in lits[1:]:
                        r = find(v)
                        if r != r0:
                            parent[r] = r0
            index: dict[int, int] = {}
            parts: list[tuple[list[int], list[int]]] = []
            part_of = [-1] * (self.n + 1)
            for v in range(1, self.n + 1):
                if self.watch[v]:
                    k = index.setdefault(find(v), len(parts))
                    if k == len(parts):
                        parts.append(([], []))
                    parts[k][0].append(v)
                    part_of[v] = k
            for ci, (lits, _, _) in enumerate(self.cards):
                if lits:
                    parts[part_of[lits[0]]][1].append(ci)
            self._parts, self._part_of = parts, part_of
        return self._parts

    def _search_split(self, prefer: Mapping[int, bool], nodes: int, assume: tuple[int, bool] | None
                      ) -> tuple[str, tuple[bool, ...] | None]:
        """:meth:`search` part by part: no constraint spans two parts, so a model of each part
        (found with propagation, :data:`PART_NODES` nodes each) joined with the others' is a model of the
        whole; a part whose search is exhausted has no model, so neither has the whole. Each
        part's model is checked against the part's own constraints when found and kept for the
        next searches, which search again only the part of the assumed variable."""
        base = self.base
        assert base is not None
        parts = self._split_parts()
        hit = self._part_of[assume[0]] if assume is not None else -1
        joined = self._joined
        val = (joined if joined is not None else base).copy()
        if joined is not None and hit >= 0:
            for w in parts[hit][0]:
                val[w] = base[w]
        if not self._assume(val, assume):
            return "unsat", None
        for k, (vs, cis) in enumerate(parts):
            if k != hit and (joined is not None or k in self._part_models):
                if joined is None:
                    for v, x in zip(vs, self._part_models[k]):
                        val[v] = x
                continue
            order = [v for v in vs if v in prefer] + [v for v in vs if v not in prefer]
            try:
                found = self._dfs_part(val, vs, order, prefer, max(nodes, PART_NODES))
            except _GiveUp:
                return "unknown", None
            if not found:
                return "unsat", None
            if not self._part_holds(val, cis):
                return "unknown", None  # never expected; the solver decides instead
            if k != hit:
                self._part_models[k] = [val[v] for v in vs]
        if joined is None and len(self._part_models) == len(parts):
            # every part has a kept model: later searches start from all of them joined
            joined = base.copy()
            for k, (vs, _) in enumerate(parts):
                for v, x in zip(vs, self._part_models[k]):
                    joined[v] = x
            self._joined = joined
        model = (False, *(x == 1 for x in val[1:]))
        if assume is not None and model[assume[0]] != assume[1]:
            return "unknown", None
        return "sat", model

    def _part_holds(self, val: list[int], cis: list[int]) -> bool:
        """Every constraint of ``cis`` holds in ``val`` (its variables all assigned)."""
        for ci in cis:
            lits, lo, hi = self.cards[ci]
            t = sum(1 for v in lits if val[v] == 1)
            if t < lo or t > hi:
                return False
        return True

    def check(self, model: tuple[bool, ...]) -> bool:
        """Every constraint of the system but the skipped one holds in ``model``."""
        for ci, c in enumerate(self.system.cards):
            if ci == self.skip:
                continue
            t = sum(1 for v in c.lits if model[v])
            if t < c.lo or t > c.hi:
                return False
        return True
