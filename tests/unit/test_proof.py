"""The proof engine against brute force: sound, complete, with true provenance; timeouts never prove."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpsolve import InconsistentBoard, analyze, parse_board
from cpsolve.constraints import TOTAL, build_model
from cpsolve.encodings import raw_model, system_from_clues
from cpsolve.proof import Certainty, explain_cell, minimal_conflict, prove_board, prove_model
from cpsolve.proof.backbone import backbone
from cpsolve.proof.backends import Outcome, Status, get_backend
from cpsolve.proof.certainty import certify
from tests.support.boardgen import any_boards, consistent_boards
from tests.support.oracle import brute_force, forced_by, forced_cells
from tests.support.paths import ROOT

ENGINES = ["cp-sat", "sat:minicard", "sat:cadical195"]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HEADLINE = "mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n"


def _forced(board, result) -> dict[tuple[int, int], bool]:  # type: ignore[no-untyped-def]
    return {divmod(c, board.cols): ce.mine for c, ce in result.certainties.items()}


def _reason_holds(board, cert: Certainty) -> bool:  # type: ignore[no-untyped-def]
    """The certainty's recorded clues (and the total, if it says so) force its verdict, by brute force."""
    model = build_model(board, simplify=False)
    by_cell = {(c.row, c.col): c for c in model.clues}
    cons = [(by_cell[rc].need, by_cell[rc].cells) for rc in cert.clues]
    remaining = model.remaining if cert.uses_total else None
    cell = board.index(*cert.cell)
    return forced_by(list(model.unknown), cons, remaining, cell) is cert.mine


def test_certainty_only_from_proof() -> None:
    with pytest.raises(TypeError):
        Certainty((0, 0), True, "estimate", (), False)
    c = certify((0, 0), True, "cp-sat", ((0, 1),), True)
    assert c.verdict == "mine"


@pytest.mark.parametrize("engine", ENGINES)
def test_headline(engine: str) -> None:
    board = parse_board(HEADLINE)
    for independent in (False, True):
        r = prove_model(build_model(board), engine=engine, independent=independent)
        forced = _forced(board, r)
        assert forced[(1, 2)] is True
        assert len(forced) == 13 and sum(forced.values()) == 1
        assert r.stats.solver_calls >= 2
        assert all(ce.uses_total for ce in r.certainties.values())  # nothing is forced without the total


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(data=consistent_boards())
def test_backbone_equals_brute_force(engine: str, data) -> None:  # type: ignore[no-untyped-def]
    board, layout = data
    probs = brute_force(board)
    assert probs is not None
    expected = {divmod(c, board.cols): v for c, v in forced_cells(probs).items()}
    model = build_model(board)
    hints = probs
    for kwargs in ({}, {"independent": True}, {"hints": hints}):
        r = prove_model(model, engine=engine, **kwargs)
        assert r.status == "ok"
        got = _forced(board, r)
        assert got == expected, kwargs
        for rc, mine in got.items():
            assert mine == (board.index(*rc) in layout)
        for ce in r.certainties.values():
            assert _reason_holds(board, ce), ce
        assert r.stats.hint_conflicts == 0


@SETTINGS
@given(data=consistent_boards())
def test_uses_total_is_accurate(data) -> None:  # type: ignore[no-untyped-def]
    """A solver certainty says uses_total=False only if the clues force it alone, and True only if
    they do not (deductions may use the total when the model did)."""
    board, _ = data
    model = build_model(board, simplify=False)
    r = prove_model(model, engine="sat", independent=True)
    unknown = list(model.unknown)
    cons = [(c.need, c.cells) for c in model.clues]
    for cell, ce in r.certainties.items():
        alone = forced_by(unknown, cons, None, cell)
        assert (alone is None) == ce.uses_total, (board.to_text(), ce)


@SETTINGS
@given(data=consistent_boards(), engine=st.sampled_from(ENGINES))
def test_explain_minimal(data, engine: str) -> None:  # type: ignore[no-untyped-def]
    """check's reason forces the cell; dropping any member of it (a clue, or the total) does not."""
    board, layout = data
    model = build_model(board, simplify=False)
    if not model.unknown:
        return
    cell = model.unknown[len(model.unknown) // 2]
    r, c = divmod(cell, board.cols)
    ex = explain_cell(board, r, c, engine=engine)
    probs = brute_force(board)
    assert probs is not None
    truth = probs[cell]
    if truth not in (0, 1):
        assert ex.verdict == "undecided" and ex.certainty is None
        return
    assert ex.verdict == ("mine" if truth == 1 else "safe") and ex.minimal
    assert (cell in layout) == (ex.verdict == "mine")
    by_cell = {(k.row, k.col): k for k in model.clues}
    members = [(by_cell[rc].need, by_cell[rc].cells) for rc in ex.clues]
    total = model.remaining if ex.uses_total else None
    unknown = list(model.unknown)
    assert forced_by(unknown, members, total, cell) is (truth == 1)
    for k in range(len(members)):
        assert forced_by(unknown, members[:k] + members[k + 1:], total, cell) is None
    if ex.uses_total:
        assert forced_by(unknown, members, None, cell) is None


@SETTINGS
@given(board=any_boards(), engine=st.sampled_from(["cp-sat", "sat"]))
def test_inconsistent_boards(board, engine: str) -> None:  # type: ignore[no-untyped-def]
    """Impossible boards: every path says so, and the conflict named is minimal."""
    probs = brute_force(board)
    model = raw_model(board)
    r = prove_board(board, engine=engine)
    assert (r.status == "inconsistent") == (probs is None)
    try:
        analyze(board, engine=engine)
    except InconsistentBoard as exc:
        assert probs is None
        clues = list(model.clues)
        by_cell = {(c.row, c.col): k for k, c in enumerate(clues)}
        named = frozenset(by_cell[rc] for rc in exc.conflict) | ({TOTAL} if exc.uses_total else set())
        reason = minimal_conflict(board, engine=engine)
        assert reason is not None and reason.minimal
        for sources in (reason.sources, named):  # the direct one and the one analysis reports
            _assert_minimal_conflict(model, sources)
    else:
        assert probs is not None


def _assert_minimal_conflict(model, sources) -> None:  # type: ignore[no-untyped-def]
    clues = list(model.clues)
    unknown = list(model.unknown)
    members = [(clues[s].need, clues[s].cells) for s in sorted(sources) if s != TOTAL]
    total = model.remaining if TOTAL in sources else None
    assert not _feasible(unknown, members, total)
    for k in range(len(members)):
        assert _feasible(unknown, members[:k] + members[k + 1:], total)
    if total is not None:
        assert _feasible(unknown, members, None)


def _feasible(unknown, members, total) -> bool:  # type: ignore[no-untyped-def]
    from tests.support.oracle import feasible

    return bool(feasible(unknown, members, total))


def test_minimal_conflict_with_total() -> None:
    board = parse_board("mines: 1\n1 . . . 1\n. . . . .\n")
    for engine in ("cp-sat", "sat", "sat:cadical195"):
        reason = minimal_conflict(board, engine=engine)
        assert reason is not None and reason.minimal
        assert reason.sources == frozenset({0, 1, TOTAL})
    with pytest.raises(InconsistentBoard) as info:
        analyze(board)
    assert info.value.uses_total and info.value.conflict == [(0, 0), (0, 4)]


def test_minimal_conflict_drops_irrelevant_clues() -> None:
    # the 2 at 0,2 and the 0 at 1,2 conflict; the 1 at 0,0 need not be named
    board = parse_board("mines: 3\n1 . 2\n. . 0\n")
    with pytest.raises(InconsistentBoard) as info:
        analyze(board, engine="sat")
    assert len(info.value.conflict) == 2 and not info.value.uses_total


def test_estimated_board_inconsistency_found_by_prover() -> None:
    """With counting skipped (exact_limit 0) the prover still refuses an impossible board."""
    board = parse_board("mines: 1\n. . . . . .\n. 1 . . 1 .\n. . . . . .\n")
    build_model(board)  # simplification alone does not see the conflict ...
    with pytest.raises(InconsistentBoard) as info:  # ... and counting is skipped: the prover sees it
        analyze(board, exact_limit=0)
    assert info.value.uses_total and len(info.value.conflict) == 2


class _Unknowing:
    """Wraps a backend: every query after the first answers UNKNOWN (a solver out of time)."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner = inner

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.inner, name)

    def solve(self, assumptions=(), deadline=None, prefer=()):  # type: ignore[no-untyped-def]
        if self.inner.calls == 0:
            return self.inner.solve(assumptions, deadline, prefer)
        self.inner.calls += 1
        return Outcome(Status.UNKNOWN)


@pytest.mark.parametrize("engine", ENGINES)
def test_unknown_is_never_unsat(engine: str) -> None:
    board = parse_board(HEADLINE)
    model = build_model(board)
    system = system_from_clues(model.rows, model.cols, model.unknown, model.clues, model.remaining)
    real = get_backend(engine)
    res = backbone(system, lambda s, g: _Unknowing(real(s, g)))  # type: ignore[arg-type,return-value]
    assert res.status == "timeout" and not res.forced and res.undecided
    assert res.calls >= 2  # the first model, then an UNKNOWN that proved nothing


@pytest.mark.parametrize("engine", ENGINES)
def test_time_limit_proves_nothing_by_solver(engine: str) -> None:
    board = parse_board(HEADLINE)
    r = prove_model(build_model(board), engine=engine, time_limit=0.0)
    assert r.status == "timeout" and not r.certainties and len(r.undecided) == 13
    a = analyze(board, engine=engine, time_limit=1e-9)
    assert not a.proved_safe and not a.proved_mine
    assert a.cell(1, 2).probability.fraction == 1  # the count stands; it is not a proof


def test_wrong_hints_only_withhold() -> None:
    """Hints nominate and withhold; a nominated cell the solver can flip is not certified."""
    board = parse_board(HEADLINE)
    model = build_model(board)
    # claim every cell is safe (p = 0) -- false for 1,2; and claim the four cells next to the clue
    # at 0,1 only are not forced (p = 1/2)
    hints = {c: Fraction(0) for c in model.unknown}
    withheld = [(0, 0), (0, 2), (1, 0), (1, 1)]
    for rc in withheld:
        hints[board.index(*rc)] = Fraction(1, 2)
    r = prove_model(model, engine="sat", hints=hints)
    forced = _forced(board, r)
    assert (1, 2) not in forced and not set(withheld) & set(forced)
    assert all(v is False for v in forced.values()) and len(forced) == 8
    assert r.stats.hint_conflicts >= 1


def test_no_total_outside_cells_never_forced() -> None:
    board = parse_board(". 1 .\n. . .\n. . .\n. . .\n")
    r = prove_model(build_model(board), engine="sat", independent=True)
    assert not r.certainties
    board = parse_board("F 1 .\n. . .\n")
    r = prove_model(build_model(board), engine="sat", independent=True)
    assert set(_forced(board, r)) == {(0, 2), (1, 0), (1, 1), (1, 2)}


def test_sat_engine_does_not_import_ortools() -> None:
    code = ("import sys; from cpsolve import analyze, parse_board;"
            f"analyze(parse_board({HEADLINE!r}), engine='sat');"
            "assert 'ortools' not in sys.modules; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "ok", out.stderr


def test_unknown_engine() -> None:
    with pytest.raises(ValueError, match="unknown proof engine"):
        prove_model(build_model(parse_board(HEADLINE)), engine="kissat")


def test_no_unknown_cell_left_but_impossible() -> None:
    """An impossible constraint over no cell at all (more flags than the total) is inconsistent,
    even though no solver call is needed."""
    from cpsolve.board import FLAG, Board

    board = Board(1, 2, (1, FLAG), 3)
    for engine in ENGINES:
        r = prove_board(board, engine=engine)
        assert r.status == "inconsistent" and TOTAL in r.conflict and not r.certainties


def test_only_the_proof_subsystem_certifies() -> None:
    """No module outside cpsolve/proof/ calls certify() or touches the private token. (That the counter
    and the estimator import nothing of the proof subsystem is import-linter's contract in pyproject.toml.)"""
    import re

    root = ROOT / "cpsolve"
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        if not rel.startswith("proof/"):
            assert not re.search(r"\bcertify\b|_TOKEN", text), rel
