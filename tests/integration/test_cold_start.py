"""Cold start: ``import cpsolve`` and a small analysis load neither pandas nor numpy.

OR-Tools' pure-Python ``cp_model`` imports pandas and numpy (over a second of a cold start); the
CP-SAT backend goes through the native ``cp_model_helper`` instead. Each check runs in a fresh
interpreter, since this test process may have imported anything already.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any

from tests.support.paths import EXAMPLES

HEAVY = ("pandas", "numpy", "ortools.sat.python.cp_model")

_SCRIPT = textwrap.dedent("""
    import json, sys
    import cpsolve
    after_import = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'pysat', 'pandas', 'numpy'))
    board = cpsolve.parse_board("mines: 1\\n. 1 . . .\\n. . . . .\\n. . . 1 .\\n")
    result = cpsolve.analyze(board, engine=sys.argv[1])
    after_analyze = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'pysat', 'pandas', 'numpy'))
    from cpsolve.proof import prove_board
    calls = prove_board(board, engine=sys.argv[1]).stats.solver_calls  # the engine alone: solver calls
    print(json.dumps({"after_import": after_import, "after_analyze": after_analyze, "modules": sorted(sys.modules),
                      "calls": calls, "mine": result.proved_mine}))
""")


def _run(engine: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", _SCRIPT, engine], capture_output=True, text=True, check=True)
    doc: dict[str, Any] = json.loads(out.stdout)
    return doc


def test_import_cpsolve_loads_no_solver_library() -> None:
    doc = _run("cp-sat")
    assert doc["after_import"] == []
    # this board is settled by propagation: the solver library is not even loaded
    assert doc["after_analyze"] == [] and doc["mine"] == [[1, 2]]


def test_cp_sat_analysis_without_pandas_or_numpy() -> None:
    doc = _run("cp-sat")
    assert doc["calls"] and int(doc["calls"]) > 0  # the solver ran
    assert doc["mine"] == [[1, 2]]
    modules = set(doc["modules"])
    assert "ortools.sat.python.cp_model_helper" in modules
    assert not modules & set(HEAVY), modules & set(HEAVY)
    assert not any(m.startswith("pysat") for m in modules)  # python-sat is loaded only for its engine


def test_sat_analysis_without_ortools() -> None:
    doc = _run("sat")
    assert doc["calls"] and int(doc["calls"]) > 0
    modules = set(doc["modules"])
    assert "pysat" in modules
    assert not any(m.startswith("ortools") for m in modules)
    assert not modules & set(HEAVY)


def test_solve_into_a_pipe_loads_neither_rich_nor_xml() -> None:
    """The grid without colour is plain text (no rich), the SVG's escaping html.escape (no
    xml.sax.saxutils, which pulls in urllib.request, http.client and email)."""

    board = EXAMPLES / "headline.txt"
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "cpsolve", "solve", str(board)],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0 and "legend:" in out.stdout and "[]" in out.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")}
    assert "cpsolve.analysis" in imported  # the timing lists the imports
    assert not {m for m in imported if m.split(".")[0] in ("rich", "xml", "http", "email")}
