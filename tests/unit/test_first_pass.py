"""The backbone's propagation-first pass in the core (``native/src/propagate/first.rs``, called by
:func:`cpsolve.proof.backbone.backbone`) against the same pass written in Python over the core's
propagator (:mod:`tests.support.propagation_oracle`): on small boards' encodings, with each variable
nominated with its forced value or an arbitrary one (a flipped nomination is a hint conflict), and
node budgets from the prover's down to none (searches that give up leave candidates to the solver,
and the clues-alone question to it too), the same result: the forced variables with their values and
proofs (uses the total, sources, engine), the undecided ones, the hint conflicts, the solver's calls
and rounds, and the status."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpsolve.board import COVERED, Board, BoardError
from cpsolve.constraints import Inconsistent, build_model
from cpsolve.encodings import system_from_model
from cpsolve.proof import propagate
from cpsolve.proof.backbone import BackboneResult, backbone
from cpsolve.proof.backends import get_backend
from cpsolve.simulate import midgame_positions
from cpsolve.verify.brute import TooLarge, brute_force
from tests.support import propagation_oracle
from tests.support.boardgen import consistent_boards

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: (MODEL_NODES, PART_NODES): the prover's, then budgets under which searches give up
BUDGETS = [(64, 4096), (0, 4096), (4, 8), (2, 2), (0, 1)]
SOLVER = get_backend("sat")


def _facts(res: BackboneResult) -> tuple[object, ...]:
    return (res.status, res.forced, res.undecided, res.hint_conflicts, res.propagation, res.calls, res.rounds)


def _compare(board: Board, nominate: dict[int, bool], budget: tuple[int, int]) -> BackboneResult | None:
    """Both passes on ``board``'s encoding, ``nominate`` (cell -> value) its nominations."""
    try:
        model = build_model(board)
    except (BoardError, Inconsistent):
        return None
    system = system_from_model(model)
    if system.nvars == 0 or any(c.impossible for c in system.cards):
        return None
    nominated = {v: nominate[system.cells_of(v)[0]] for v in range(1, system.nvars + 1)
                 if system.cells_of(v)[0] in nominate}
    if not nominated:
        return None
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(propagate, "MODEL_NODES", budget[0])
        mp.setattr(propagate, "PART_NODES", budget[1])
        core = backbone(system, SOLVER, nominated=nominated)
        oracle = propagation_oracle.backbone(system, SOLVER, nominated)
    assert _facts(core) == _facts(oracle)
    return core


@SETTINGS
@given(data=consistent_boards(), flips=st.lists(st.booleans(), min_size=20, max_size=20),
       budget=st.sampled_from(BUDGETS))
def test_the_core_pass_is_the_python_pass(data, flips: list[bool], budget: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    board = data[0]
    try:
        forced = brute_force(board).forced()
    except (BoardError, TooLarge):
        return
    # every covered cell nominated: a forced one with its value unless flipped, any other as flips says
    covered = [c for c, v in enumerate(board.cells) if v == COVERED]
    nominate = {c: (forced[c] != flips[i % 20]) if c in forced else flips[i % 20] for i, c in enumerate(covered)}
    _compare(board, nominate, budget)


def test_mid_size_boards_nominated_by_their_layout() -> None:
    # every frontier cell nominated with its value in the layout (so some are not forced: hint
    # conflicts, or shown free) on mid-size boards, every budget: the small ones leave candidates
    # and clues-alone questions to the solver, so the comparison covers that path
    seen = {"pass": 0, "solver after the pass": 0, "hint conflicts": 0}
    for pos in midgame_positions((30, 40, 300), 6, seed=5, reveal=0.3):
        model = build_model(pos.board)
        nominate = {c: c in pos.mines for con in model.constraints for c in con.cells}
        nominate.update({c: c in pos.mines for c in model.outside[:1]})
        for budget in BUDGETS:
            got = _compare(pos.board, nominate, budget)
            if got is not None and got.propagation:
                seen["pass"] += 1
                seen["solver after the pass"] += got.calls > 0
                seen["hint conflicts"] += bool(got.hint_conflicts)
    assert all(seen.values()), seen
