"""Soak: many no-guess layouts per difficulty, each generated and then verified (``pytest -m soak``).

Every layout is replayed by ``verify-ng``'s full analysis (proofs with the mine total at every
step) and, on Beginner and Intermediate, by the independent frontier-enumeration check of
``tests/support/noguess_oracle.py``. Run it directly for figures:

    python tests/soak/test_noguess_soak.py --layouts 10000 --jobs 2

``CPSOLVE_SOAK_LAYOUTS`` (default 10000) and ``CPSOLVE_SOAK_JOBS`` (default 2) size the pytest run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.support.noguess_oracle import TooBig, no_guess
else:
    from tests.support.noguess_oracle import TooBig, no_guess

from cpsolve.play.referee import game_seed
from cpsolve.play.strategy import default_first_cell
from cpsolve.simulate.noguess import generate, play_proved

DIFFICULTIES = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99),
                # issue 40's dense rows (repair at any density)
                "16x16x150": (16, 16, 150), "30x16x200": (16, 30, 200), "30x16x300": (16, 30, 300)}


def _chunk(args: tuple[str, str, int, int, int]) -> dict[str, Any]:
    name, rule, seed, start, stop = args
    rows, cols, mines = DIFFICULTIES[name]
    first = default_first_cell(rows, cols, rule)
    out: dict[str, Any] = {"layouts": 0, "verified": 0, "oracle": 0, "oracle_skipped": 0, "failures": [],
                           "gen_ms": [], "verify_ms": [], "repairs": 0, "total_needed": 0, "steps": 0}
    for i in range(start, stop):
        t0 = time.perf_counter()
        g = generate(rows, cols, mines, first_cell=first, first_click=rule, rng=random.Random(game_seed(seed, i)))
        t1 = time.perf_counter()
        res = play_proved(g.layout, first, first_click=rule)
        t2 = time.perf_counter()
        out["layouts"] += 1
        out["gen_ms"].append((t1 - t0) * 1e3)
        out["verify_ms"].append((t2 - t1) * 1e3)
        out["repairs"] += g.repairs
        out["steps"] += len(res.steps)
        out["total_needed"] += res.total_needed
        if res.won and not res.unrevealed_zero:
            out["verified"] += 1
        else:
            out["failures"].append((i, g.layout.to_text()))
        if rows * cols <= 256:
            try:
                if no_guess(rows, cols, g.layout.mines, first):
                    out["oracle"] += 1
                else:
                    out["failures"].append((i, "oracle: " + g.layout.to_text()))
            except TooBig:
                out["oracle_skipped"] += 1
    return out


def soak(name: str, rule: str, layouts: int, jobs: int, seed: int = 1, progress: bool = False) -> dict[str, Any]:
    step = max(1, min(250, layouts // (4 * jobs) or 1))
    chunks = [(name, rule, seed, a, min(layouts, a + step)) for a in range(0, layouts, step)]
    total: dict[str, Any] = {}
    t0 = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_chunk, chunks):
            for k, v in part.items():
                total[k] = total.get(k, 0 if not isinstance(v, list) else []) + v
            if progress:  # cumulative, so an interrupted run still reports what it verified
                print(f"  {name}: {total['layouts']} generated, {total['verified']} verified, "
                      f"{len(total['failures'])} failures, {time.perf_counter() - t0:.0f} s", flush=True)
    total["seconds"] = time.perf_counter() - t0
    return total


def summary(name: str, rule: str, s: dict[str, Any]) -> str:
    gm, vm = sorted(s["gen_ms"]), sorted(s["verify_ms"])
    rows, cols, _ = DIFFICULTIES[name]
    oracle = (f", independent check {s['oracle']} passed ({s['oracle_skipped']} over its budget)"
              if rows * cols <= 256 else "")
    return (f"{name} ({rule}): {s['layouts']} generated, {s['verified']} won by verify-ng{oracle}, "
            f"{len(s['failures'])} failures; generate median {statistics.median(gm):.1f} ms "
            f"p90 {gm[int(0.9 * len(gm))]:.1f}, verify median {statistics.median(vm):.1f} ms; "
            f"{s['repairs'] / s['layouts']:.2f} repairs/layout, total needed in "
            f"{100 * s['total_needed'] / s['layouts']:.1f}%; {s['seconds']:.0f} s")


@pytest.mark.soak
@pytest.mark.parametrize("name", list(DIFFICULTIES))
def test_soak_generated_layouts_verify(name: str) -> None:
    layouts = int(os.environ.get("CPSOLVE_SOAK_LAYOUTS", "10000"))
    jobs = int(os.environ.get("CPSOLVE_SOAK_JOBS", "2"))
    s = soak(name, "opening", layouts, jobs)
    print(summary(name, "opening", s))
    assert s["layouts"] == layouts
    assert s["failures"] == []
    assert s["verified"] == layouts


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--layouts", type=int, default=10000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-click", default="opening", choices=("safe", "opening"))
    ap.add_argument("--difficulty", action="append", choices=list(DIFFICULTIES))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    for d in a.difficulty or list(DIFFICULTIES):
        res = soak(d, a.first_click, a.layouts, a.jobs, a.seed, progress=True)
        print(summary(d, a.first_click, res), flush=True)
        for i, text in res["failures"][:5]:
            print(f"FAILED layout {i}:\n{text}", flush=True)
