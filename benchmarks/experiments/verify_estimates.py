"""The story's verification, reproduced: certainties claimed with estimation forced.

    python benchmarks/experiments/verify_estimates.py --games 400 --exact-limit 8 --difficulty expert

Plays seeded games with :class:`cpsolve.simulate.Game` directly: at each position the board is analysed
with a small ``--exact-limit`` (so that many positions take the estimate path), every proved-safe cell
is revealed, and when there is none the best guess is. Every certainty claimed (proved safe or proved
mine) is checked against the hidden layout. Prints games, wins, positions, estimated positions,
certainties claimed (all and on estimated positions) and certainties wrong; exit status 1 if any
certainty was wrong. Needs the proof engine (``cpsolve.proof.prove_model``) to claim anything.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)

from cpsolve import analyze  # noqa: E402
from cpsolve.simulate import Game, parse_difficulty  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--difficulty", default="expert")
    ap.add_argument("--exact-limit", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--first-click", default="safe", choices=["safe", "opening"])
    args = ap.parse_args()
    rows, cols, mines = parse_difficulty(args.difficulty)
    rng = random.Random(args.seed)
    positions = estimated = claimed = claimed_est = wrong = wins = 0
    ms: list[float] = []
    for _ in range(args.games):
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)), first_click=args.first_click)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        while not game.over:
            board = game.board()
            t0 = time.perf_counter()
            res = analyze(board, exact_limit=args.exact_limit, time_limit=args.time_limit)
            ms.append((time.perf_counter() - t0) * 1e3)
            positions += 1
            certain = [(c.row, c.col, c.proof.mine) for c in res.cells if c.proof is not None]
            claimed += len(certain)
            if not res.exact:
                estimated += 1
                claimed_est += len(certain)
            for r, c, mine in certain:
                if game.is_mine(r, c) != mine:
                    wrong += 1
                    print(f"WRONG: {r},{c} claimed {'mine' if mine else 'safe'}\n{board.to_text()}",
                          file=sys.stderr)
            safe = [(r, c) for r, c, mine in certain if not mine]
            if safe:
                for r, c in safe:
                    if not game.over:
                        game.reveal(r, c)
            else:
                bg = res.safest
                assert bg is not None
                game.reveal(*bg)
        wins += game.won
    print(f"{args.difficulty}, exact limit {args.exact_limit}, seed {args.seed}, first click {args.first_click}")
    print(f"{'games':>6} {'wins':>5} {'positions':>9} {'estimated':>9} {'claimed':>8} {'on est.':>8} "
          f"{'WRONG':>6} {'median ms':>9} {'p99 ms':>8} {'max ms':>8}")
    ms.sort()
    print(f"{args.games:>6} {wins:>5} {positions:>9} {estimated:>9} {claimed:>8} {claimed_est:>8} {wrong:>6} "
          f"{statistics.median(ms):>9.1f} {ms[min(len(ms) - 1, int(0.99 * len(ms)))]:>8.1f} {ms[-1]:>8.1f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
