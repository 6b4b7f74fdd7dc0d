"""The Rust boundary's shape (issue 44): ``cpsolve/_core.pyi`` names no ``Any``; what the core
exports takes at most 5 parameters, keyword-only ones and constructors included (settings cross as
``_core.Options``, made of small keyword-only groups) and answers with named fields, not tuples (but
for a few numeric pairs); the stub and the built module agree; and the core's exceptions become the
error family's members at the one door (``cpsolve.boundary``)."""

from __future__ import annotations

import ast
import inspect
import time

import pytest

from cpsolve import _core, boundary, budget, errors
from cpsolve.board import parse_board
from cpsolve.constraints import Model, build_model
from tests.support.paths import ROOT

STUB = ROOT / "cpsolve" / "_core.pyi"


def _functions() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(STUB.read_text())
    out: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef):
            out.update({f"{node.name}.{f.name}": f for f in node.body if isinstance(f, ast.FunctionDef)})
    return out


def test_the_stub_names_no_any() -> None:
    names = {n.id for n in ast.walk(ast.parse(STUB.read_text())) if isinstance(n, ast.Name)}
    attrs = {n.attr for n in ast.walk(ast.parse(STUB.read_text())) if isinstance(n, ast.Attribute)}
    assert "Any" not in names | attrs


MOST_PARAMETERS = 5


def test_no_export_in_the_stub_takes_more_than_five_parameters() -> None:
    wide = {}
    for name, fn in _functions().items():
        a = fn.args
        params = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs if p.arg not in ("self", "cls")]
        params += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
        if len(params) > MOST_PARAMETERS:
            wide[name] = params
    assert not wide, wide


def _exported() -> dict[str, object]:
    """Every function, class and method the built module exports (but its exceptions)."""
    out: dict[str, object] = {}
    for name, obj in vars(_core).items():
        if name.startswith("__") or (isinstance(obj, type) and issubclass(obj, BaseException)):
            continue
        out[name] = obj
        if isinstance(obj, type):
            out.update({f"{name}.{m}": getattr(obj, m) for m in vars(obj)
                        if not m.startswith("__") and callable(getattr(obj, m))})
    return out


def test_no_export_of_the_built_module_takes_more_than_five_parameters() -> None:
    """Read from the built module's signatures (PyO3's ``__text_signature__``), so a Rust signature
    the stub forgot is counted too; a class without one has no constructor Python can call."""
    wide, counted = {}, 0
    for name, obj in _exported().items():
        try:
            sig = inspect.signature(obj)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            assert isinstance(obj, type), f"{name} exports no signature"
            with pytest.raises(TypeError):
                obj()
            continue
        counted += 1
        params = [p for p in sig.parameters if p not in ("self", "cls")]
        if len(params) > MOST_PARAMETERS:
            wide[name] = params
    assert not wide, wide
    assert counted > 40  # the functions, methods and constructors were read


def test_the_count_fails_above_five() -> None:
    """The check can fail: a six-parameter signature is counted as six."""
    def six(*, a: int, b: int, c: int, d: int, e: int, f: int) -> None: ...
    assert len(inspect.signature(six).parameters) == MOST_PARAMETERS + 1


#: Answers that are still a bare tuple (or a tuple or None): numeric pairs read as one value, a
#: density or a fraction (p, q), a range of numbers (lo, hi), the blend's weights (w1, w2) as the
#: constructor took them. The set must only shrink: a new tuple answer fails the test (answer a
#: pyclass with named fields instead, as the others do).
TUPLE_ANSWERS = {"CountLimits.density", "ExactCount.outside", "Position.value_range", "ScoreWeights.blend"}


def _is_tuple(node: ast.expr) -> bool:
    if isinstance(node, ast.BinOp):  # X | None
        return _is_tuple(node.left) or _is_tuple(node.right)
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "tuple"


def test_no_export_answers_a_bare_tuple() -> None:
    tuples = {name for name, fn in _functions().items() if fn.returns is not None and _is_tuple(fn.returns)}
    assert tuples == TUPLE_ANSWERS


def test_the_stub_and_the_module_agree() -> None:
    for name in _functions():
        owner, _, attr = name.rpartition(".")
        obj = getattr(_core, owner) if owner else _core
        assert hasattr(obj, attr), name


def test_options_are_keyword_only_and_checked() -> None:
    with pytest.raises(TypeError):
        _core.Options(True)  # type: ignore[misc]
    with pytest.raises(TypeError):
        _core.CountLimits(7)  # type: ignore[misc]
    with pytest.raises(ValueError, match="at most 1"):
        _core.CountLimits(density=(3, 2))
    o = _core.Options(count=_core.CountLimits(exact_limit=7, max_states=9), seconds=1.5)
    assert (o.count.exact_limit, o.count.max_states, o.count.max_terms, o.seconds, o.flags.trust_flags,
            o.search.nodes) == (7, 9, None, 1.5, True, None)
    t = o.timed(10.0, 11.5, 9.0, None)  # seconds left from now; a moment passed is 0
    assert (t.seconds, t.count_seconds, t.combine_seconds, t.count.exact_limit) == (1.5, 0.0, None, 7)


def test_the_core_exceptions_become_the_familys() -> None:
    board = parse_board("\n".join([". " * 200] * 200))
    with budget.within(budget.Deadline(time.perf_counter() - 1)), pytest.raises(budget.OutOfTime):
        build_model(board)  # the core raised _core.OutOfTime
    with pytest.raises(errors.Inconsistent) as err:
        build_model(parse_board("2 .\n", validate=False))  # the core raised _core.Inconsistent
    assert err.value.sources == frozenset({0}) and isinstance(err.value, errors.CpsolveError)
    with pytest.raises(boundary.BudgetExceeded):  # 3 groups of 2 cells need more than 1 DP state
        boundary.invoke(_core.count_component, [2, 2, 2], [[0], [0, 1], [1]], [2, 2],
                        _core.Options(count=_core.CountLimits(max_states=1)))
    assert issubclass(boundary.BudgetExceeded, errors.BudgetError)


def test_seconds_is_what_the_deadline_leaves() -> None:
    assert boundary.seconds() is None
    assert boundary.seconds(budget.Deadline(time.perf_counter() - 5)) == 0.0
    with budget.within(budget.Deadline.after(100)):
        left = boundary.seconds()
        assert left is not None and 99 < left <= 100


def _holds_oracle(model: Model, rem: int | None) -> bool:
    """The rule the core's ``holds`` keeps, written out again (the oracle; cpsolve has one copy, the
    core's): each constraint needs between 0 and its cells, and the mines left fit the total's card
    of the encoding (the frontier and one off-frontier stand-in)."""
    if not all(0 <= c.need <= len(c.cells) for c in model.constraints):
        return False
    if rem is None:
        return True
    n_out = len(model.outside)
    return rem >= 0 and rem - max(n_out - 1, 0) <= min(rem, model.frontier + (n_out > 0))


def test_holds_is_the_oracles_and_the_encodings() -> None:
    """Model.holds (the core's rule, native/src/model/mod.rs) against the oracle above and against
    the encoding's own cards (no impossible card), on played positions, without a total, and with
    clues made wrong (some inconsistent: skipped when the model refuses them)."""
    import random

    from cpsolve.board import Board
    from cpsolve.encodings import system_from_model
    from cpsolve.simulate import played_positions

    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for difficulty in ("beginner", "intermediate"):
        for p in played_positions(difficulty, 60, 5):
            cells = list(p.board.cells)
            clues = [i for i, v in enumerate(cells) if v > 0]
            for variant in range(3):
                if variant == 2 and clues:
                    i = rng.choice(clues)
                    cells[i] = max(0, cells[i] + rng.choice((-1, 1)))
                board = Board(p.board.rows, p.board.cols, tuple(cells), None if variant == 1 else p.board.mines)
                for simplify in (True, False):
                    try:
                        model = build_model(board, simplify=simplify)
                    except errors.Inconsistent:
                        continue
                    got = model.holds()
                    assert got == _holds_oracle(model, model.remaining_free)
                    assert got == (not any(c.impossible for c in system_from_model(model).cards))
                    # other totals, most of which do not fit (a built model's always does)
                    n = model.frontier + len(model.outside)
                    for rem in (-1, 0, 1, n - 1, n, n + 1, n + 2, 3 * n + 5):
                        holds = model.core.holds(rem)
                        assert holds == _holds_oracle(model, rem), (rem, n)
                        seen[holds] += 1
    assert seen[True] > 100 and seen[False] > 100
