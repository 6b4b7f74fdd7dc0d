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
from fractions import Fraction

from .. import _core
from ..boundary import seconds
from ..constraints import Model
from ..encodings import CardSystem

#: Search nodes allowed when looking for a model before the solver is asked instead.
MODEL_NODES = 64
#: Search nodes allowed per part in the split search (when the search over the whole system gives
#: up, each independent part is searched on its own and the models joined): a part is small (tens
#: of variables), and one part the search gives up on sends the whole system to the solver
#: (seconds on a huge board).
PART_NODES = 4096

#: A search's verdict (the core's enum: ``SAT``, ``UNSAT``, ``UNKNOWN``).
Verdict = _core.Verdict


class Propagator:
    """Propagation over the constraints of ``system``; ``skip``: a constraint index left out (the
    total, to ask what the clues force on their own)."""

    def __init__(self, system: CardSystem, skip: int | None = None) -> None:
        self.n = system.nvars
        self._core = _core.Propagator(
            self.n, [(list(c.lits), c.lo, c.hi) for ci, c in enumerate(system.cards) if ci != skip])
        #: False when the constraints themselves propagate to a conflict (or one can never hold)
        self.ok: bool = self._core.ok

    @property
    def split(self) -> bool:
        """The searches go part by part (the whole-system search gave up once)."""
        return bool(self._core.split)

    def refutes(self, var: int, value: bool) -> bool:
        """True when assuming ``var`` = ``value`` propagates to a conflict (so ``var`` is forced to
        ``not value``). Only meaningful when :attr:`ok` (the constraints themselves propagate)."""
        assert self.ok
        return self._core.refutes(var, value)

    def search(self, prefer: Mapping[int, bool], nodes: int | None = None,
               assume: tuple[int, bool] | None = None) -> tuple[Verdict, tuple[bool, ...] | None]:
        """Depth-first search with propagation for a model with ``assume`` = (variable, value),
        trying the values in ``prefer`` first. Returns (``Verdict.SAT``, model) with ``model[v]`` for
        v in 1..n (index 0 unused) checked against every constraint but the skipped one;
        (``Verdict.UNSAT``, None) when the search was exhausted (every branch ends in a propagation
        conflict: a proof by case analysis); (``Verdict.UNKNOWN``, None) when it gave up.

        Over the whole system within ``nodes`` (default :data:`MODEL_NODES`) nodes until that gives up once, then part
        by part from then on: no constraint spans two parts, so a model of each part (found with
        propagation, :data:`PART_NODES` nodes each) joined with the others' is a model of the
        whole; a part whose search is exhausted has no model, so neither has the whole. Each part's
        model is checked against the part's own constraints when found and kept (in the core) for
        the next searches, which search again only the part of the assumed variable."""
        if not self.ok:
            return Verdict.UNSAT, None
        budget = _core.Options(nodes=MODEL_NODES if nodes is None else nodes, part_nodes=PART_NODES)
        got = self._core.search(list(prefer.items()), budget, assume)
        return got.verdict, (tuple(got.model) if got.model is not None else None)

    def decide(self, cand: Mapping[int, bool], prefer: Mapping[int, bool]) -> list[Verdict]:
        """Per candidate ``(v, x)`` of ``cand`` (in order): ``UNSAT`` when ``v`` = not ``x`` is
        refuted by propagation or by an exhausted :meth:`search` (so ``v`` is forced to ``x``),
        ``SAT`` when a checked model gives ``v`` the other value, ``UNKNOWN`` when the search gave
        up, the constraints themselves propagate to a conflict, or the current deadline passed (this
        and every later candidate)."""
        budget = _core.Options(nodes=MODEL_NODES, part_nodes=PART_NODES, seconds=seconds())
        return self._core.decide(list(cand.items()), list(prefer.items()), budget)


#: Per forced group: (its board cells, is a mine, its proof uses the total, its sources: clue ids
#: and maybe TOTAL).
Nominated = list[tuple[list[int], bool, bool, frozenset[int]]]


def prove_nominated(model: Model, nominated: Mapping[int, Fraction]) -> Nominated | None:
    """The cells ``nominated`` (cell -> its exact probability, 0 or 1) decided by propagation over
    the core's own model, without the encoding (``native/src/propagate/nominated.rs``: the same
    steps as :func:`.backbone.backbone`'s propagation-first pass, over the same encoding as
    :func:`~cpsolve.encodings.system_from_model`): the forced groups with their sources (every
    constraint, fixed fact and the total when the clues alone do not force it; the clues of its
    component when they do), or None when anything is left open (the prover's own path decides
    then), by the current deadline."""
    if model.core is None:
        return None
    options = _core.Options(nodes=MODEL_NODES, part_nodes=PART_NODES, seconds=seconds())
    got = _core.prove_nominated(model.core, model.remaining_free, [(c, p == 1) for c, p in nominated.items()],
                                options)
    if got is None:
        return None
    sets = [frozenset(s) for s in got.sources]
    return [(g.cells, g.mine, g.uses_total, sets[g.source]) for g in got.forced]
