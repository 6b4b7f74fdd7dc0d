"""Proofs by propagation: the cheap first pass of the backbone, before any solver is built.

Each cardinality constraint ``lo <= sum(lits) <= hi`` propagates in the usual way: with ``t`` of its
variables true and ``u`` unassigned, ``t > hi`` or ``t + u < lo`` is a conflict; ``t == hi`` makes
the unassigned ones false and ``t + u == lo`` makes them true. Both directions are sound:

* a **conflict** after assuming a variable takes its other value means no assignment satisfying
  the constraints gives it that value: the variable is forced (a proof, the same one the solver's
  UNSAT gives, found by a weaker but exact procedure);
* a **model** comes from a small depth-first search with propagation, and is accepted only after
  every constraint has been evaluated on it, so it is a certificate too;
* an **exhausted search** (both values of every branching variable end in a propagation conflict)
  is a proof by case analysis that no model exists under the assumption.

A variable is shown *not* forced only by a checked model with its other value (the same search,
with that value assumed). Whatever neither settles goes to the solver.

The propagation and the searches run in the core (``native/src/propagate/``, plain data across:
the constraints' variable lists and bounds in, verdicts and models out); what they prove is decided
here and in :mod:`.backbone`, which alone records a forced variable.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import _core
from ..encodings import CardSystem

#: Search nodes allowed when looking for a model before the solver is asked instead.
MODEL_NODES = 64
#: Search nodes allowed per part in the split search (when the search over the whole system gives
#: up, each independent part is searched on its own and the models joined): a part is small (tens
#: of variables), and one part the search gives up on sends the whole system to the solver
#: (seconds on a huge board).
PART_NODES = 4096

Verdict = tuple[str, tuple[bool, ...] | None]


class Propagator:
    """Propagation over the constraints of ``system``; ``skip``: a constraint index left out (the
    total, to ask what the clues force on their own)."""

    def __init__(self, system: CardSystem, skip: int | None = None) -> None:
        self.n = system.nvars
        self._core = _core.Propagator(
            self.n, [(list(c.lits), c.lo, c.hi) for ci, c in enumerate(system.cards) if ci != skip])
        #: False when the constraints themselves propagate to a conflict (or one can never hold)
        self.ok: bool = self._core.ok
        self._split = False  # the whole-system search gave up once: split from then on

    def refutes(self, var: int, value: bool) -> bool:
        """True when assuming ``var`` = ``value`` propagates to a conflict (so ``var`` is forced to
        ``not value``). Only meaningful when :attr:`ok` (the constraints themselves propagate)."""
        assert self.ok
        return self._core.refutes(var, value)

    def search(self, prefer: Mapping[int, bool], nodes: int = MODEL_NODES,
               assume: tuple[int, bool] | None = None) -> Verdict:
        """Depth-first search with propagation for a model with ``assume`` = (variable, value),
        trying the values in ``prefer`` first. Returns ("sat", model) with ``model[v]`` for v in
        1..n (index 0 unused) checked against every constraint but the skipped one; ("unsat", None)
        when the search was exhausted (every branch ends in a propagation conflict: a proof by case
        analysis); ("unknown", None) when it gave up after ``nodes`` nodes."""
        if not self.ok:
            return "unsat", None
        if self._split:
            return self._search_split(prefer, nodes, assume)
        verdict, model = self._search_whole(prefer, nodes, assume)
        if verdict == "unknown":
            # a whole search gives up on many parts (a 100x100 board's 200-350 variables in 64
            # nodes sent one position in six to CP-SAT): split from then on
            self._split = True
            return self._search_split(prefer, nodes, assume)
        return verdict, model

    def _search_whole(self, prefer: Mapping[int, bool], nodes: int, assume: tuple[int, bool] | None
                      ) -> Verdict:
        """The search over the whole system: the preferred variables first, then the others."""
        verdict, model = self._core.search(list(prefer.items()), nodes, assume)
        return verdict, (tuple(model) if model is not None else None)

    def _search_split(self, prefer: Mapping[int, bool], nodes: int, assume: tuple[int, bool] | None
                      ) -> Verdict:
        """:meth:`search` part by part: no constraint spans two parts, so a model of each part
        (found with propagation, :data:`PART_NODES` nodes each) joined with the others' is a model of the
        whole; a part whose search is exhausted has no model, so neither has the whole. Each
        part's model is checked against the part's own constraints when found and kept (in the
        core) for the next searches, which search again only the part of the assumed variable."""
        verdict, model = self._core.search(list(prefer.items()), max(nodes, PART_NODES), assume, split=True)
        return verdict, (tuple(model) if model is not None else None)
