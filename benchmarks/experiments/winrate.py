"""Win rates of the player, with 95% intervals, and paired comparisons of strategies.

Every strategy plays the *same* games (game i is seeded from (seed, i) and the layout is laid at the
same first click), so two strategies can be compared game by game: only the games that one wins and
the other loses carry information, which makes a comparison far more sensitive than two separate
win rates. The difference is reported with a 95% interval and McNemar's exact p-value.

    python benchmarks/experiments/winrate.py --difficulty expert --first-click opening --games 5000 --jobs 2
    python benchmarks/experiments/winrate.py --difficulty expert --games 1000 --jobs 2 \
        --strategy name=basic --strategy name=best

The win-rate table (docs/play.md) is reproduced by ``--reference`` (all six settings). With
``--records DIR`` every run keeps its games in DIR as it goes (resumable; a finished run is only read
back), so a long table can be built over several sessions and printed again at once.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ (common)

from cpsolve.cli.args import parse_cell  # noqa: E402
from cpsolve.play import records as game_records  # noqa: E402
from cpsolve.play.run_config import RunConfig  # noqa: E402
from cpsolve.play.runner import run  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402

#: The targets: above every published figure (Expert) and above b1f6c1c4's (the smaller boards).
TARGET = {("expert", "opening"): 0.55, ("expert", "safe"): 0.42,
          ("intermediate", "opening"): 0.891, ("intermediate", "safe"): 0.782,
          ("beginner", "opening"): 0.972, ("beginner", "safe"): 0.917}

#: (difficulty, first click, reference win rate of the best public solvers)
REFERENCE = [
    ("expert", "opening", 0.543), ("expert", "safe", 0.411),
    ("intermediate", "opening", 0.891), ("intermediate", "safe", 0.782),
    ("beginner", "opening", 0.972), ("beginner", "safe", 0.917),
]


def parse_strategy(text: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in filter(None, text.split(",")):
        k, _, v = part.partition("=")
        val: object = v
        for conv in (int, float):
            try:
                val = conv(v)
                break
            except ValueError:
                pass
        if v in ("true", "false"):
            val = v == "true"
        out[k.strip()] = val
    return out


def mcnemar_p(b: int, c: int) -> float:
    """Exact two-sided McNemar p-value for b vs c discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    # C(n, i) for i = 0..k by the exact recurrence C(n, i+1) = C(n, i) * (n - i) / (i + 1): the same
    # integers as math.comb per term, without its cost per term (a 100,000-game paired run's
    # 23,701 discordant games took a minute that way)
    term, total = 1, 1
    for i in range(k):
        term = term * (n - i) // (i + 1)
        total += term
    tail = total / 2 ** n
    return min(1.0, 2 * tail)


class Paired(TypedDict):
    """A paired comparison of two strategies' results on the same games (B - A)."""

    only_a: int
    only_b: int
    diff: float
    ci95: list[float]
    p: float


def paired(a: list[bool], b: list[bool]) -> Paired:
    n = len(a)
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    d = (only_b - only_a) / n
    var = ((only_a + only_b) / n - d * d) / max(1, n - 1)
    half = 1.959963984540054 * math.sqrt(max(var, 0.0))
    return {"only_a": only_a, "only_b": only_b, "diff": d, "ci95": [d - half, d + half],
            "p": mcnemar_p(only_a, only_b)}


def play(difficulty: str, rule: str, games: int, seed: int, jobs: int, strategy: dict[str, object],
         first_cell: tuple[int, int] | None = None, cache: str | None = None,
         cluster: str | None = None, records: str | None = None) -> tuple[dict, list[bool]]:
    key = json.dumps([difficulty, rule, games, seed, strategy, first_cell], sort_keys=True)
    path = None
    if cache:
        import hashlib
        Path(cache).mkdir(parents=True, exist_ok=True)
        path = Path(cache) / (hashlib.sha256(key.encode()).hexdigest()[:16] + ".json")
        if path.exists():
            doc = json.loads(path.read_text())
            return doc["summary"], doc["wins"]
    summary, wins = _play(difficulty, rule, games, seed, jobs, strategy, first_cell, cluster, records)
    if path is not None:
        path.write_text(json.dumps({"key": key, "summary": summary, "wins": wins}))
    return summary, wins


def _play(difficulty: str, rule: str, games: int, seed: int, jobs: int, strategy: dict[str, object],
          first_cell: tuple[int, int] | None, cluster: str | None = None,
          records: str | None = None) -> tuple[dict, list[bool]]:
    rows, cols, mines = parse_difficulty(difficulty)
    cfg = RunConfig(rows, cols, mines, games, seed=seed, first_click=rule, first_cell=first_cell,
                    difficulty=difficulty, strategy_options=strategy)
    if records is None:
        summary, recs = run(cfg, jobs, cluster=cluster)
        return summary, [r.won for r in recs]
    # one records file per run (as `cpsolve play --records`, whose files it reads too): an interrupted
    # run resumes, a longer one plays only the games beyond, and a finished one is only summarised
    key = game_records.run_id(cfg.settings())
    Path(records).mkdir(parents=True, exist_ok=True)
    path = str(Path(records) / f"{difficulty}-{rule}-seed{seed}-{key}.jsonl")
    writer = game_records.Writer(path, game_records.load(path, key, seed), key, games)
    try:
        summary, recs = run(cfg, jobs, writer.add, cluster=cluster, done=writer.done)
    finally:
        writer.close()
    return summary, [r.won for r in recs]


def line(summary: dict) -> str:
    lo, hi = summary["win_rate_ci95"]
    return (f"{summary['difficulty']:>12} {summary['first_click']:>7} {summary['games']:>6} games "
            f"{100 * summary['win_rate']:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]  "
            f"{summary['games_per_second']:6.2f} games/s  pos median {summary['median_ms']:.2f} ms "
            f"p99 {summary['p99_ms']:.2f} ms  wrong {summary['wrong_certainties']}  "
            f"strategy {json.dumps(summary['strategy'])}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--difficulty", default="expert")
    ap.add_argument("--first-click", default="opening", choices=("safe", "opening"))
    ap.add_argument("--first-cell", type=parse_cell, default=None, metavar="ROW,COL")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--strategy", action="append", default=[],
                    help="strategy options as k=v,k=v (repeat to compare on the same games)")
    ap.add_argument("--reference", action="store_true",
                    help="all six reference settings (expert --games, the smaller ones --small-games)")
    ap.add_argument("--small-games", type=int, default=None, metavar="N",
                    help="with --reference: games on the beginner and intermediate boards (default 2x --games)")
    ap.add_argument("--json", metavar="FILE", help="append one JSON line per run to FILE")
    ap.add_argument("--cache", metavar="DIR",
                    help="reuse the results of a run with identical settings stored in DIR (only valid "
                    "while the code of that strategy is unchanged)")
    ap.add_argument("--records", metavar="DIR",
                    help="keep one records file per run in DIR (as cpsolve play --records): an interrupted "
                    "run resumes, and a finished one is summarised without playing (the docs/play.md tables)")
    ap.add_argument("--markdown", action="store_true",
                    help="end with a markdown table: each setting's last strategy, its interval, the gap to "
                    "the target with its interval, and the paired difference last - first strategy")
    ap.add_argument("--cluster", metavar="ADDRESS",
                    help="play on a Dask cluster (scheduler address or 'local'), as cpsolve play --cluster")
    args = ap.parse_args()
    strategies = [parse_strategy(s) for s in args.strategy] or [{"name": "best"}]
    settings = ([(d, r, ref) for d, r, ref in REFERENCE] if args.reference
                else [(args.difficulty, args.first_click, None)])
    fc: tuple[int, int] | None = args.first_cell
    rows: list[str] = []
    pooled_a: list[bool] = []
    pooled_b: list[bool] = []
    for difficulty, rule, ref in settings:
        games = args.games
        if args.reference and difficulty != "expert":
            games = args.small_games if args.small_games is not None else 2 * args.games
        results = []
        for strat in strategies:
            t0 = time.perf_counter()
            summary, wins = play(difficulty, rule, games, args.seed, args.jobs, strat, fc, args.cache,
                                 args.cluster, args.records)
            results.append((summary, wins))
            extra = ""
            if ref is not None:
                extra = f"  reference {100 * ref:.1f}%  gap {100 * (summary['win_rate'] - ref):+.1f}"
            print(line(summary) + extra + f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
            if args.json:
                with open(args.json, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({**summary, "reference": ref}) + "\n")
        base = results[0]
        for _summary, wins in results[1:]:
            pr = paired(base[1], wins)
            print(f"    vs first: +{pr['only_b']} -{pr['only_a']} games, diff {100 * pr['diff']:+.2f} points "
                  f"[{100 * pr['ci95'][0]:+.2f}, {100 * pr['ci95'][1]:+.2f}], McNemar p={pr['p']:.3g}",
                  flush=True)
        rows.append(markdown_row(difficulty, rule, results))
        if len(results) > 1:
            pooled_a.extend(results[0][1])
            pooled_b.extend(results[-1][1])
    if args.markdown:
        print("\n| board | first click | games | win rate (95% CI) | target | gap to target (95% CI) "
              "| last - first strategy, paired (95% CI), p | wrong certainties (last) |")
        print("|---|---|---|---|---|---|---|---|")
        print("\n".join(rows))
        if len(settings) > 1 and pooled_a:
            pr = paired(pooled_a, pooled_b)
            print(f"\nAll settings pooled ({len(pooled_a):,} paired games): last - first strategy "
                  f"{100 * pr['diff']:+.2f} points [{100 * pr['ci95'][0]:+.2f}, {100 * pr['ci95'][1]:+.2f}] "
                  f"(+{pr['only_b']} -{pr['only_a']}), McNemar p {pr['p']:.2g}")
    return 0


def markdown_row(difficulty: str, rule: str, results: list[tuple[dict, list[bool]]]) -> str:
    summary, wins = results[-1]
    lo, hi = summary["win_rate_ci95"]
    rate = summary["win_rate"]
    target = TARGET.get((difficulty, rule))
    gap = (f"{100 * target:.1f}% | {100 * (rate - target):+.1f} [{100 * (lo - target):+.1f}, "
           f"{100 * (hi - target):+.1f}]" if target is not None else "- | -")
    if len(results) > 1:
        pr = paired(results[0][1], wins)
        diff = (f"{100 * pr['diff']:+.2f} [{100 * pr['ci95'][0]:+.2f}, {100 * pr['ci95'][1]:+.2f}] "
                f"(+{pr['only_b']} -{pr['only_a']}), p {pr['p']:.2g}")
    else:
        diff = "-"
    r, c = summary["first_cell"]
    board = f"{summary['cols']}x{summary['rows']}/{summary['mines']}"
    click = f"opening at {r},{c}" if rule == "opening" else "safe, corner"
    return (f"| {board} | {click} | {summary['games']:,} | {100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
            f"| {gap} | {diff} | {summary['wrong_certainties']} |")


if __name__ == "__main__":
    sys.exit(main())
