"""Proofs by propagation part by part: the same certainties as the solver.

When the search for a model over a whole system gives up, the core's propagator
(``native/src/propagate/``) searches each independent part on its own and joins the models (each
part's model checked against its own constraints). Here the whole-system search is made to give up
at once (no node for it) on mid-size boards whose every frontier cell is nominated (with its value
in the layout), and the certainties are compared with the solver's backbone (no hints: CP-SAT
decides every cell) and the layout: by the propagation-first pass over the prover's encoding
(:func:`~cpsolve.proof.propagate.first_pass`), and by the core's pass over its own model
(``nominates=True``, :func:`~cpsolve.proof.propagate.prove_nominated`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cpsolve.constraints import build_model
from cpsolve.proof import backbone, propagate, prove_model
from cpsolve.simulate.positions import midgame_positions


def test_split_search_proves_what_the_solver_proves(monkeypatch: pytest.MonkeyPatch) -> None:
    splits = {"split": 0}
    original = propagate.first_pass

    def spy(*args):  # type: ignore[no-untyped-def]
        got = original(*args)
        splits["split"] += got is not None and got.split
        return got

    monkeypatch.setattr(backbone, "first_pass", spy)
    monkeypatch.setattr(propagate, "MODEL_NODES", 0)  # the whole-system search gives up at once
    proved = 0
    for pos in midgame_positions((30, 40, 300), 30, seed=5, reveal=0.3):
        model = build_model(pos.board)
        frontier = {c for con in model.constraints for c in con.cells} | set(model.outside[:1])
        hints = {c: Fraction(int(c in pos.mines)) for c in frontier}
        before = splits["split"]
        split = prove_model(model, hints=hints)
        assert splits["split"] > before and split.stats.propagation and split.stats.solver_calls == 0
        core = prove_model(model, hints=hints, nominates=True)
        assert core.stats.propagation and core.stats.solver_calls == 0
        solver = prove_model(model)  # no hints: the solver's backbone of every cell
        assert solver.stats.solver_calls > 0
        got = {c: x.mine for c, x in split.certainties.items()}
        assert got == {c: x.mine for c, x in solver.certainties.items()}
        assert {c: (x.mine, x.clues, x.uses_total) for c, x in core.certainties.items()} == {
            c: (x.mine, x.clues, x.uses_total) for c, x in split.certainties.items()}
        assert all((c in pos.mines) == mine for c, mine in got.items())
        proved += len(got) - len(model.fixed)
    assert proved > 0  # some certainties came from the part-by-part search, not the simplifier
