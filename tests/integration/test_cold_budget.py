"""Issue 43 item 1: loading code does not count against a time limit, so a cold first run proves
what a warm run proves. A cold start is simulated by sleeping where the code loads (the page cache
dropped makes those the slow steps: docs/reliability.md): before ``solve``'s command runs (its limit
counted from the process's start, the first run printed "not decided within the time limit: 96
cell(s)"), and inside the solver library's import during the analysis."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tests.support.paths import ROOT

EXPERT = ROOT / "examples" / "expert-midgame.txt"

#: Sleeps ``SLOW`` seconds whenever the module ``NAME`` is imported (a slow disk's import).
_SLOW_IMPORT = textwrap.dedent("""
    import importlib.abc, sys, time
    SLOW, NAME = float(sys.argv[1]), sys.argv[2]
    class Slow(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == NAME:
                time.sleep(SLOW)
            return None
    sys.meta_path.insert(0, Slow())
""")


def _python(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


def _warm(**kw: object) -> tuple[list[list[int]], list[list[int]]]:
    import cpsolve

    result = cpsolve.analyze(cpsolve.load(EXPERT), time_limit=None, **kw)  # type: ignore[arg-type]
    return [list(c) for c in result.proved_safe], [list(c) for c in result.proved_mine]


def test_solves_limit_leaves_out_a_slow_start() -> None:
    """The command's own start (its imports) took longer than the whole limit: every cell a warm run
    proves is still proved, and nothing is "not decided"."""
    script = _SLOW_IMPORT + textwrap.dedent("""
        import cpsolve.cli.solve  # the slow import: the command's module, loaded before it runs
        from cpsolve.cli import main
        sys.argv = ["cpsolve", "solve", "--json", "--time-limit", "1", sys.argv[3]]
        sys.exit(main())  # the process's own command line, as README's command runs it
    """)
    proc = _python(script, "1.5", "cpsolve.cli.solve", str(EXPERT))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    safe, mine = _warm()
    assert (doc["proved_safe"], doc["proved_mine"]) == (safe, mine)
    assert doc["budget"] == {"cut_short": [], "undecided": 0}


def test_a_slow_solver_import_is_not_counted() -> None:
    """The proof engine's library loads during the analysis (an estimated board: the solver decides
    every cell) and takes longer than the whole limit: the proofs still get their time."""
    script = _SLOW_IMPORT + textwrap.dedent("""
        import json
        import cpsolve
        result = cpsolve.analyze(cpsolve.load(sys.argv[3]), time_limit=1.0, exact_limit=4)
        print(json.dumps({"safe": result.proved_safe, "mine": result.proved_mine, "cut": result.stats.budget,
                          "calls": result.stats.proof.solver_calls,
                          "loaded": NAME in sys.modules}))
    """)
    proc = _python(script, "1.5", "cpsolve.proof.backends.cpsat", str(EXPERT))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["loaded"] and doc["calls"] > 0  # the path: the solver was loaded and asked
    safe, mine = _warm(exact_limit=4)
    assert [list(c) for c in doc["safe"]] == safe and [list(c) for c in doc["mine"]] == mine
    assert "proofs" not in doc["cut"]
