"""The reference encodings in encodings/: current, and solved to the expected backbone and counts.

The backbones here are computed from the exported files alone, by plain per-literal solver calls
(no cpsolve proof code): the CNF with a SAT solver, the OPB with CP-SAT."""

from __future__ import annotations

import importlib.util
import json
from math import comb

import pytest
from pysat.solvers import Solver

from cpsolve.board import parse_board
from cpsolve.encodings import read_dimacs, read_opb
from tests.support.paths import ROOT

ENCODINGS = ROOT / "encodings"
NAMES = sorted(p.stem for p in (ENCODINGS / "boards").glob("*.txt"))


def _regenerate():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("regenerate", ENCODINGS / "regenerate.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_files_are_current() -> None:
    stale = [p.name for p, text in _regenerate().outputs().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    assert not stale, f"run python encodings/regenerate.py: {stale}"
    assert len(NAMES) >= 5


def _expected(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((ENCODINGS / f"{name}.json").read_text(encoding="utf-8"))


def _cells_backbone(exp: dict, values: dict[int, bool]) -> tuple[list, list]:  # type: ignore[type-arg]
    """Map forced variables to cells (the off-frontier variable to all off-frontier cells)."""
    safe, mine = [], []
    out_var = exp["outside"]["variable"]
    for v, val in values.items():
        cells = exp["outside"]["cells"] if v == out_var else [exp["variables"][str(v)]]
        (mine if val else safe).extend(cells)
    return sorted(safe), sorted(mine)


@pytest.mark.parametrize("name", NAMES)
def test_cnf_backbone(name: str) -> None:
    exp = _expected(name)
    nv, clauses, show = read_dimacs((ENCODINGS / f"{name}.cnf").read_text(encoding="utf-8"))
    assert show is not None and len(show) == len(exp["variables"])
    forced = {}
    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        assert s.solve()
        for v in show:
            can_true, can_false = s.solve(assumptions=[v]), s.solve(assumptions=[-v])
            assert can_true or can_false
            if can_true != can_false:
                forced[v] = can_true
    safe, mine = _cells_backbone(exp, forced)
    assert safe == exp["backbone"]["safe"] and mine == exp["backbone"]["mine"]


@pytest.mark.parametrize("name", NAMES)
def test_opb_backbone(name: str) -> None:
    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    exp = _expected(name)
    nv, cons = read_opb((ENCODINGS / f"{name}.opb").read_text(encoding="utf-8"))
    m = cp_model.CpModel()
    x = [None] + [m.NewBoolVar(f"x{v}") for v in range(1, nv + 1)]
    for terms, op, rhs in cons:
        expr = sum(a * (x[v] if v > 0 else 1 - x[-v]) for a, v in terms)
        m.Add(expr >= rhs) if op == ">=" else m.Add(expr == rhs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    forced = {}
    for v in range(1, nv + 1):
        can = []
        for val in (True, False):
            m.ClearAssumptions()
            m.AddAssumptions([x[v] if val else x[v].Not()])
            st = solver.Solve(m)
            assert st in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
            can.append(st != cp_model.INFEASIBLE)
        if can[0] != can[1]:
            forced[v] = can[0]
    safe, mine = _cells_backbone(exp, forced)
    assert safe == exp["backbone"]["safe"] and mine == exp["backbone"]["mine"]


@pytest.mark.parametrize("name", NAMES)
def test_model_counts(name: str) -> None:
    exp = _expected(name)
    board = parse_board((ENCODINGS / "boards" / f"{name}.txt").read_text(encoding="utf-8"))
    if board.mines is not None:
        # the placements follow from the board by the exact counter (independent of the files)
        from cpsolve.analysis import analyze

        a = analyze(board, exact_limit=None, prove=False)
        assert a.exact
    pyganak = pytest.importorskip("pyganak")
    nv, clauses, show = read_dimacs((ENCODINGS / f"{name}.cnf").read_text(encoding="utf-8"))
    c = pyganak.Counter()
    c.new_vars(nv)
    c.add_clauses(clauses)
    c.set_sampling_set(show)
    assert c.count() == exp["models"]


def test_headline_counts_by_hand() -> None:
    """The headline board by hand: the only placement is the mine at 1,2."""
    exp = _expected("headline")
    assert exp["models"] == 1 and exp["placements"] == 1
    assert exp["backbone"]["mine"] == [[1, 2]] and len(exp["backbone"]["safe"]) == 12


@pytest.mark.parametrize("name", NAMES)
def test_placements_by_component_enumeration(name: str) -> None:
    """Placements (with the total) equal a fresh enumeration of each component of the clues,
    combined over their mine counts and weighted by C(off-frontier cells, mines left)."""
    from itertools import product

    from cpsolve.constraints import build_model
    from cpsolve.count import convolve

    exp = _expected(name)
    board = parse_board((ENCODINGS / "boards" / f"{name}.txt").read_text(encoding="utf-8"))
    model = build_model(board, simplify=False)
    if model.remaining is None:
        assert exp["placements"] is None
        return
    if any(comp.size > 16 for comp in model.components):
        pytest.skip("a component too large to enumerate here")
    counts = [1]
    for comp in model.components:
        cells = sorted(comp.cells)
        clues = [cl for cl in model.clues if cl.cells and cl.cells <= set(cells)]
        per = [0] * (len(cells) + 1)
        for bits in product((0, 1), repeat=len(cells)):
            mine = {c for c, b in zip(cells, bits) if b}
            if all(len(cl.cells & mine) == cl.need for cl in clues):
                per[len(mine)] += 1
        counts = convolve(counts, per)
    frontier = {c for comp in model.components for c in comp.cells}
    n_out = len(model.unknown) - len(frontier)
    total = sum(n * comb(n_out, model.remaining - t) for t, n in enumerate(counts)
                if 0 <= model.remaining - t <= n_out)
    assert total == exp["placements"]
    if name == "beginner-two-components":
        assert len(model.components) == 2
