"""Play throughput of several builds, alternated in the same minutes: games per CPU-second and per second.

    python benchmarks/bench_play.py --ref c2cf9e0^ --ref HEAD --strategy basic --first-click opening
    python benchmarks/bench_play.py --arm /path/to/checkout --arm . --games 1000 --rounds 5

Each arm is a checkout with its own ``.venv`` (README's main command makes one). ``--ref REF`` makes
the arm from this repository's commit REF: a detached worktree under ``build/arms/`` and its venv,
built once and reused. Every round runs each arm's ``cpsolve play --json`` once on the same games
(the arms' order reversed every other round, so a drift in machine speed hits them alike) and reads:

- **games per CPU-second of the command**: the games over the CPU time of the whole command and its
  worker processes (imports and start-up included), from the operating system's accounting of the
  children, so builds too old to report their own CPU time are measured the same way;
- **games per CPU-second in play**: the command's own ``games_per_cpu_second`` (the games' CPU time
  only), where the build reports it;
- **games per second**: the command's ``games_per_second`` (wall clock, ``--jobs`` workers).

A machine's speed changes from day to day (and from machine to machine of one kind), so a figure is
comparable only with figures of the same run: the summary gives each arm's median and, per round, its
ratio to the first arm (the median of those ratios). The arms must play the same games, and the
referee of each checks every claim against the layout: the run exits 1 if their ``games_digest``
differ or any run exited 1 (``cpsolve play``'s verdict: a wrong certainty, an exact 0 or 1 the layout
contradicts, or a real position called inconsistent).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Arm:
    name: str
    path: Path
    command_rate: list[float] = field(default_factory=list)   # games per CPU-second of the whole command
    play_rate: list[float] = field(default_factory=list)      # the command's own games_per_cpu_second
    wall_rate: list[float] = field(default_factory=list)      # games per second
    digests: set[str] = field(default_factory=set)
    failed: int = 0                                            # runs that exited 1: a wrong claim


def arm_from_ref(ref: str) -> Arm:
    """The checkout of commit ``ref`` under build/arms/, with its venv (made when missing)."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", ref + "^{commit}"],
                         check=True, capture_output=True, text=True).stdout.strip()
    path = ROOT / "build" / "arms" / sha
    if not (path / ".venv" / "bin" / "cpsolve").exists():
        if not path.exists():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(path), sha], check=True)
        subprocess.run([sys.executable, "-m", "venv", str(path / ".venv")], check=True)
        subprocess.run([str(path / ".venv" / "bin" / "pip"), "install", "-q", "-e", str(path)], check=True)
    return Arm(f"{ref} ({sha})", path)


def run_once(arm: Arm, args: argparse.Namespace) -> None:
    """One run of ``cpsolve play --json`` of ``arm``; its figures appended to ``arm``."""
    cmd = [str(arm.path / ".venv" / "bin" / "cpsolve"), "play", "--difficulty", args.difficulty,
           "--first-click", args.first_click, "--games", str(args.games), "--seed", str(args.seed),
           "--jobs", str(args.jobs), "--strategy", args.strategy, "--json"]
    # (its CPU time is read by the caller off RUSAGE_CHILDREN around this run: the command and its
    # workers, once reaped); /tmp, so no arm reads another's files from the working directory
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, cwd="/tmp", check=False)
    doc = json.loads(proc.stdout)
    arm.digests.add(doc["games_digest"])
    arm.failed += proc.returncode != 0
    if doc.get("games_per_cpu_second"):
        arm.play_rate.append(doc["games_per_cpu_second"])
    arm.wall_rate.append(doc["games_per_second"])


def children_cpu() -> float:
    import resource

    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def median(xs: list[float]) -> str:
    return f"{statistics.median(xs):8.1f}" if xs else f"{'-':>8}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arm", action="append", default=[], help="a checkout with a .venv (repeat)")
    ap.add_argument("--ref", action="append", default=[], help="a commit of this repository (repeat)")
    ap.add_argument("--difficulty", default="expert")
    ap.add_argument("--first-click", default="safe", choices=("safe", "opening"))
    ap.add_argument("--strategy", default="best", choices=("basic", "best"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    arms = [arm_from_ref(r) for r in args.ref] + [Arm(str(Path(a)), Path(a).resolve()) for a in args.arm]
    if not arms:
        ap.error("give at least one --arm or --ref")
    for arm in arms:  # bytecode compiled once per arm, so no run pays for compiling it
        subprocess.run([str(arm.path / ".venv" / "bin" / "python"), "-m", "compileall", "-q",
                        str(arm.path / "cpsolve")], check=True)
    print(f"{args.strategy}, {args.difficulty}, first click {args.first_click}, {args.games} games, seed "
          f"{args.seed}, --jobs {args.jobs}; load {os.getloadavg()[0]:.2f}")
    print(f"{'round':<6} {'arm':<34} {'cmd/CPU-s':>9} {'play/CPU-s':>10} {'games/s':>8}")
    for rnd in range(args.rounds):
        order = arms if rnd % 2 == 0 else arms[::-1]
        for arm in order:
            before = children_cpu()
            t0 = time.perf_counter()
            run_once(arm, args)
            cpu = children_cpu() - before
            arm.command_rate.append(args.games / cpu)
            play = f"{arm.play_rate[-1]:10.1f}" if len(arm.play_rate) == len(arm.command_rate) else f"{'-':>10}"
            print(f"{rnd + 1:<6} {arm.name:<34} {arm.command_rate[-1]:9.1f} {play} {arm.wall_rate[-1]:8.1f}"
                  f"   ({time.perf_counter() - t0:.1f} s)", flush=True)
    digests = set().union(*(a.digests for a in arms))
    print(f"games_digest: {', '.join(sorted(digests))}" + ("" if len(digests) == 1 else "  DIFFERENT GAMES"))
    failed = sum(a.failed for a in arms)
    print(f"runs with a wrong claim: {failed}" + ("" if failed == 0 else "  WRONG"))
    print(f"load {os.getloadavg()[0]:.2f}")
    print(f"\n{'median':<41} {'cmd/CPU-s':>9} {'play/CPU-s':>10} {'games/s':>8}   ratio to the first arm "
          "(median of per-round ratios: command CPU, wall)")
    first = arms[0]
    for arm in arms:
        rc = statistics.median(a / b for a, b in zip(arm.command_rate, first.command_rate))
        rw = statistics.median(a / b for a, b in zip(arm.wall_rate, first.wall_rate))
        print(f"{arm.name:<41} {median(arm.command_rate)} {median(arm.play_rate):>10} "
              f"{median(arm.wall_rate)}   {rc:.2f}x, {rw:.2f}x")
    return 0 if len(digests) == 1 and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
