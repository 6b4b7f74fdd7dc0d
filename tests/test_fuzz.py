"""The fuzz suite of issue 10 (generators and oracle in :mod:`tests.fuzz`).

The normal run draws a few thousand cases through hypothesis; ``pytest -m soak`` runs 100,000 or
more (``CPSOLVE_SOAK_CASES``) from plain seeds and prints the tally: inputs tried, tracebacks,
hangs, wrong claims.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzz

_WORK = Path(tempfile.mkdtemp(prefix="cpsolve-fuzz-"))


def _one(rng: random.Random, **kw: object) -> fuzz.Tally:
    tally = fuzz.Tally()
    fuzz.run_one(rng, tally, _WORK, **kw)  # type: ignore[arg-type]
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n".join(tally.failures)
    return tally


_FAST = settings(max_examples=600, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))


@_FAST
@given(st.randoms(use_true_random=False))
def test_fuzz_api(rng):
    """parse_board and analyze: only their documented errors; fractions and proofs = brute force."""
    _one(rng, api_share=1.0, seconds=30)


@settings(max_examples=1200, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_fuzz_cli(rng):
    """Every subcommand in-process: exit statuses, one-line errors with file:line:col, proved
    conflicts, the JSON rules, fractions and verdicts = brute force, never a traceback."""
    _one(rng, api_share=0.0, seconds=30)


def test_generators_reach_every_kind():
    """The generators do produce each shape of input (a test of the tests)."""
    kinds: set[str] = set()
    commands: set[str] = set()
    for k in range(3000):
        rng = random.Random(k)
        kinds.add(fuzz.board_case(rng).kind)
        commands.add(fuzz.cli_case(rng).kind)
    assert kinds == {"board", "spoiled", "malformed", "not-utf8"}
    assert commands == {"solve", "check", "compare", "encode", "play", "demo", "generate", "verify-ng", "odd"}


@pytest.mark.soak
def test_soak_fuzz():
    n = int(os.environ.get("CPSOLVE_SOAK_CASES", "100000"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    tally = fuzz.run_many(n, seed, progress=True)
    print(f"\nfuzz soak (seed {seed}): {tally.line()}")
    print(f"  by kind: {dict(sorted(tally.by_kind.items()))}")
    print(f"  by exit status: {dict(sorted(tally.by_status.items()))}")
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n\n".join(tally.failures)
