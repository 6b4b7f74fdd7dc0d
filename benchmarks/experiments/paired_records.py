"""Pair two runs' game records (``cpsolve play --records`` / ``winrate.py --records`` files) game by
game and print the paired difference of their win rates, with its 95% interval and McNemar's exact
p-value, for each pair of files and pooled over all pairs.

Both files of a pair must hold the same games (the same board, seed and first click: game i is
seeded from (seed, i)); only the games both hold, from game 0 on without a gap, are compared.

    python benchmarks/experiments/paired_records.py OFF.jsonl ON.jsonl [OFF2.jsonl ON2.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import paired  # noqa: E402


def wins(path: str) -> tuple[dict[int, bool], dict[int, int], int]:
    """Game index -> won, game index -> its seed, and the wrong certainties of every game read."""
    won: dict[int, bool] = {}
    seeds: dict[int, int] = {}
    wrong = 0
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        try:
            doc = json.loads(line)
        except json.JSONDecodeError:
            continue  # a last line cut short by an interrupted run
        won[doc["index"]] = bool(doc["won"])
        seeds[doc["index"]] = doc["seed"]
        wrong += doc.get("wrong_certainties", 0)
    return won, seeds, wrong


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="pairs of records files: first (A) then second (B) of each pair")
    args = ap.parse_args()
    if len(args.files) % 2:
        ap.error("give the files in pairs")
    pooled_a: list[bool] = []
    pooled_b: list[bool] = []
    for fa, fb in zip(args.files[::2], args.files[1::2], strict=True):
        a, sa, wa = wins(fa)
        b, sb, wb = wins(fb)
        n = 0
        while n in a and n in b:
            if sa[n] != sb[n]:
                print(f"{fa} and {fb}: game {n} has two different seeds: not the same games", file=sys.stderr)
                return 2
            n += 1
        xa, xb = [a[i] for i in range(n)], [b[i] for i in range(n)]
        pr = paired(xa, xb)
        print(f"{Path(fb).name} vs {Path(fa).name}: {n:,} paired games, A {100 * sum(xa) / n:.2f}%, "
              f"B {100 * sum(xb) / n:.2f}%, B - A {100 * pr['diff']:+.2f} points "
              f"[{100 * pr['ci95'][0]:+.2f}, {100 * pr['ci95'][1]:+.2f}] (+{pr['only_b']} -{pr['only_a']}), "
              f"McNemar p {pr['p']:.2g}; wrong certainties {wa} / {wb}")
        pooled_a += xa
        pooled_b += xb
    if len(args.files) > 2:
        pr = paired(pooled_a, pooled_b)
        print(f"pooled: {len(pooled_a):,} paired games, B - A {100 * pr['diff']:+.3f} points "
              f"[{100 * pr['ci95'][0]:+.3f}, {100 * pr['ci95'][1]:+.3f}] (+{pr['only_b']} -{pr['only_a']}), "
              f"McNemar p {pr['p']:.2g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
