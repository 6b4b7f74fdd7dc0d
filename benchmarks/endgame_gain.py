"""What a larger exact endgame would win: the exact value of the heuristic's guesses against optimal play.

The player searches the game tree exactly when at most ``Strategy.endgame`` placements remain
(:mod:`cpsolve.play.endgame`) and otherwise guesses by the evaluator (:mod:`cpsolve.play.guess`).
This script plays games with the default strategy and, at every heuristic guess (``secondary`` or
``lowest-living``) made with ``endgame < placements <= --max-placements``, runs the exact search
with a node budget and records:

* the chance to win of the optimal move and of the heuristic's move, each followed by optimal play
  (the difference is what the search would have won at that position; it is never negative);
* the nodes the search visited and the seconds it took.

Game play is not changed (the heuristic's move is played), so each game is the default strategy's
game and the gain of any (placement limit, node budget) pair can be read off the same positions:
the summary prints, per pair, the searches per game, the seconds they add per game and the expected
gain in win rate (sum of the gains per game, as points, with a 95% interval over games). Positions
whose search ran over the budget count as no gain. An upper bound on what raising the limit buys: play
after the move is the heuristic's, not optimal, until the placements fall under the limit.

    python benchmarks/endgame_gain.py --difficulty expert --first-click safe --games 1000 --seed 4242
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import add_game_args  # noqa: E402

from cpsolve.board import Board  # noqa: E402
from cpsolve.play import endgame  # noqa: E402
from cpsolve.play.referee import play_game  # noqa: E402
from cpsolve.play.strategy import Move, Strategy  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402

HEURISTIC = ("secondary", "lowest-living")


@dataclass
class Probe(Strategy):
    """The default strategy, which also searches exactly the positions it guessed heuristically."""

    max_placements: int = 20_000
    probe_budget: int = 300_000
    game: int = -1
    found: list[dict[str, Any]] = field(default_factory=list)

    def smart_guess(self, board: Board) -> Move | None:
        move = super().smart_guess(board)
        if move is None or move.reason not in HEURISTIC:
            return move
        state = self.lookahead.solve(board)
        if not self.endgame < state.z <= self.max_placements:
            return move
        t0 = time.perf_counter()
        placements = endgame.enumerate_placements(state, self.max_placements)
        if placements is None or len(placements) != state.z:
            return move
        search = endgame.EndgameSearch(state, placements, self.probe_budget)
        row: dict[str, Any] = {"game": self.game, "z": state.z, "live": len(search.live), "reason": move.reason}
        try:
            best = search.best_move()
            row["nodes"] = search.nodes
            r, c = move.cells[0]
            heuristic = search.move_value(r * board.cols + c)
        except endgame.SearchBudgetExceeded:
            row["nodes"] = None
        else:
            assert best is not None
            row["best"], row["heuristic"] = best[1], heuristic
            row["gain"] = max(0.0, best[1] - heuristic)
        row["seconds"] = time.perf_counter() - t0
        self.found.append(row)
        return move


def summary(rows: list[dict[str, Any]], games: int, limits: list[int], budgets: list[int],
            probe_budget: int) -> list[str]:
    out = ["| placements up to | node budget | searches / game | completed | added s / game | "
           "gain, points [95% CI] |", "|---|---|---|---|---|---|"]
    for lim in limits:
        for bud in budgets:
            sel = [r for r in rows if r["z"] <= lim]
            done = [r for r in sel if r["nodes"] is not None and r["nodes"] <= bud]
            # a search stopped at budget ``bud`` costs about bud/nodes of the full search's time
            # (nodes are about equally dear); one over the probe's own budget visited that many
            secs = sum(r["seconds"] * min(1.0, bud / (r["nodes"] or probe_budget)) for r in sel)
            per_game = [0.0] * games
            for r in done:
                per_game[r["game"]] += r["gain"]
            mean = statistics.fmean(per_game)
            half = 1.96 * statistics.pstdev(per_game) / games ** 0.5
            out.append(f"| {lim:,} | {bud:,} | {len(sel) / games:.3f} | {len(done)}/{len(sel)} | "
                       f"{secs / games:.3f} | {100 * mean:+.3f} [{100 * (mean - half):+.3f}, "
                       f"{100 * (mean + half):+.3f}] |")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_args(ap, games=300, seed=4242)
    ap.add_argument("--max-placements", type=int, default=20_000)
    ap.add_argument("--node-budget", type=int, default=300_000)
    ap.add_argument("--out", help="write one JSON line per searched position to this file")
    args = ap.parse_args()
    rows, cols, mines = parse_difficulty(args.difficulty)
    probe = Probe(max_placements=args.max_placements, probe_budget=args.node_budget)
    wins = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        probe.game = i
        rec = play_game(rows, cols, mines, first_click=args.first_click, seed=args.seed, index=i, strategy=probe)
        wins += rec.won
        print(f"\r{i + 1}/{args.games} games, {len(probe.found)} positions searched, "
              f"{time.perf_counter() - t0:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in probe.found), encoding="utf-8")
    print(f"{args.difficulty}, {args.first_click}, seed {args.seed}: {args.games} games, {wins} won "
          f"(the default strategy's games); heuristic guesses with {probe.endgame:,} < placements <= "
          f"{args.max_placements:,}: {len(probe.found)}")
    limits = sorted({lim for lim in (2_000, 5_000, 10_000, args.max_placements) if lim <= args.max_placements})
    budgets = sorted({b for b in (50_000, 100_000, args.node_budget) if b <= args.node_budget})
    print("\n".join(summary(probe.found, args.games, limits, budgets, args.node_budget)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
