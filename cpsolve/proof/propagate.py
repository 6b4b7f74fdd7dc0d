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

The propagation, the searches and the pass's steps run in the core (``native/src/propagate/``;
``first.rs`` the pass, plain data across: the constraints' variable lists and bounds in, variables
and verdicts out); :mod:`.backbone` alone records a forced variable, and its solver decides what the
pass left open.
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


def first_pass(system: CardSystem, cand: Mapping[int, bool], total: int | None) -> _core.FirstPass | None:
    """Steps 1-3 of the propagation-first pass over ``system`` (``native/src/propagate/first.rs``,
    the one definition of the pass, which :func:`prove_nominated` runs over the core's own model):
    a model from a small search preferring each candidate's other value, then per candidate of
    ``cand`` (variable -> nominated value, in order) flipped by that model (``conflicts``), refuted
    (``forced``), shown free by a checked model, or left open (``open``: a search gave up or the
    current deadline passed). ``total``: the index of the mine total among ``system.cards`` whose
    step 4 (``FirstPass.alone``: do the clues alone force it?) is wanted, None for none. None when
    no model was found this way (the solver decides then)."""
    return _core.first_pass(system.nvars, [(list(c.lits), c.lo, c.hi) for c in system.cards], total,
                            list(cand.items()), options())


def options() -> _core.Options:
    """The searches' node budgets (:data:`MODEL_NODES`, :data:`PART_NODES`) and the time the current
    deadline leaves, as the core's passes take them."""
    return _core.Options(search=_core.SearchLimits(nodes=MODEL_NODES, part_nodes=PART_NODES), seconds=seconds())


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
    got = _core.prove_nominated(model.core, model.remaining_free, [(c, p == 1) for c, p in nominated.items()],
                                options())
    if got is None:
        return None
    sets = [frozenset(s) for s in got.sources]
    return [(g.cells, g.mine, g.uses_total, sets[g.source]) for g in got.forced]
