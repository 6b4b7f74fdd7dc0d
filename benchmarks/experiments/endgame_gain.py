"""What a larger, or a partial, exact search would win: the exact value of the heuristic's guesses
against the search's moves.

The player searches the game tree exactly when at most ``Strategy.endgame`` placements remain
(:mod:`cpsolve.play.endgame`, node budget ``Strategy.node_budget``) and otherwise guesses by the
evaluator (:mod:`cpsolve.play.guess`). This script plays games with the strategy ``best`` -- its
own limits ``--endgame`` and ``--node-budget``, by default the default strategy's (3,000 and
300,000; the tables of docs/play.md name theirs) -- and, at every heuristic guess (``secondary``
or ``lowest-living``) made with at most ``--max-placements``
placements (those under the endgame limit are the ones whose search ran over its budget), runs the
exact search once per node budget in ``--budgets`` and records:

* finished: the chance to win of the optimal move and of the heuristic's move, each followed by
  optimal play (the difference is what the search would have won there; never negative);
* cut short by the budget: whether the first moves it finished prove one better than the heuristic's
  (:meth:`PartialSearch.better_than`, after D. N. Hill's solver; the player does not use it: docs/play.md),
  and if so the difference
  in chance to win, both followed by optimal play (the heuristic's move is searched to its end with a
  further ``--extra`` nodes; when that does not finish, the difference against its upper bound is
  counted, a lower bound of the gain);
* the nodes visited, the seconds taken, and placements * d**3 (d: the share of safe cells among the
  unknown ones), so D. N. Hill's starting rule (placements * d**3 <= 250) can be read off.

Game play is not changed (the heuristic's move is played), so each game is that player's game, and
the gain of any (starting rule, node budget, partial on/off) can be read off the same positions: the
summary prints the searches per game, the seconds they add per game and the expected gain in win rate
(the sum of the gains per game, as points, with a 95% interval over games). An upper bound of what
the rule buys in play: after the move, play is the heuristic's until a search finishes.

    python benchmarks/experiments/endgame_gain.py --difficulty expert --first-click safe --games 2000 \
        --seed 4343 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ (common)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import add_game_args  # noqa: E402

from cpsolve.board import Board  # noqa: E402
from cpsolve.constraints import Model  # noqa: E402
from cpsolve.play import endgame  # noqa: E402
from cpsolve.play.referee import play_game  # noqa: E402
from cpsolve.play.strategy import Move, Strategy  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402

HEURISTIC = ("secondary", "lowest-living")

@dataclass(frozen=True)
class PartialSearch:
    """What a search cut short by its node budget proves about the first move.

    ``values``: first moves the search evaluated, as (chance to win with optimal play after, exact);
    not exact means the evaluation stopped once it could not beat the best, and the value is an upper
    bound. ``safety``: every undecided cell's chance to be safe, an upper bound on its value (opening
    a mine loses).
    """

    values: dict[int, tuple[Fraction, bool]]
    safety: dict[int, Fraction]

    @classmethod
    def of(cls, search: endgame.EndgameSearch) -> PartialSearch:
        """What the first moves ``search`` evaluated prove (after its best_move ran out of budget)."""
        return cls(search.first, search.safety)

    def bound(self, cell: int) -> Fraction | None:
        """The most ``cell`` can win as a first move: its value if evaluated, else its safety."""
        return self.values[cell][0] if cell in self.values else self.safety.get(cell)

    def better_than(self, cell: int) -> tuple[int, Fraction] | None:
        """A first move proved to win more often than ``cell`` (and its exact value), or None."""
        exact = [(v, c) for c, (v, done) in self.values.items() if done]
        if not exact:
            return None
        best_v, best_c = max(exact, key=lambda t: t[0])
        bound = self.bound(cell)
        if bound is None or best_v <= bound:  # exact values: no margin
            return None
        return best_c, best_v


def _value(search: endgame.EndgameSearch, cell: int, extra: int) -> Fraction | None:
    """Chance to win opening ``cell`` first, then optimally (None if ``extra`` more nodes do not do)."""
    search.budget = search.nodes + extra
    try:
        return search.move_value(cell)
    except endgame.SearchBudgetExceeded:
        return None


@dataclass
class Probe(Strategy):
    """The default strategy, which also searches exactly the positions it guessed heuristically."""

    max_placements: int = 20_000
    budgets: tuple[int, ...] = (50_000, 300_000)
    extra: int = 300_000
    game: int = -1
    found: list[dict[str, Any]] = field(default_factory=list)

    def smart_guess(self, board: Board, model: Model | None = None) -> Move | None:
        move = super().smart_guess(board, model)
        if move is None or move.reason not in HEURISTIC:
            return move
        state = self.lookahead.solve(board)
        if state.z > self.max_placements:
            return move
        unknown = len(state.outside) + sum(comp.size for comp in state.comps)
        d = (unknown - state.remaining) / unknown
        row: dict[str, Any] = {"game": self.game, "z": state.z, "zd3": state.z * d ** 3,
                               "reason": move.reason, "runs": {}}
        r, c = move.cells[0]
        chosen = r * board.cols + c
        t0 = time.perf_counter()
        placements = endgame.enumerate_placements(state, self.max_placements)
        if placements is None or len(placements) != state.z:
            return move
        listing = time.perf_counter() - t0  # the player pays it once per search: counted in each run
        for budget in self.budgets:
            t0 = time.perf_counter() - listing
            search = endgame.EndgameSearch(state, placements, budget)
            run: dict[str, Any] = {}
            try:
                best = search.best_move()
            except endgame.SearchBudgetExceeded:
                run["nodes"], run["finished"] = None, False
                part = PartialSearch.of(search)
                better = part.better_than(chosen)
                run["override"] = better is not None
                run["seconds"] = time.perf_counter() - t0
                if better is not None:
                    own = _value(search, chosen, self.extra)
                    if own is None:  # its upper bound: the gain counted is a lower bound
                        own = part.bound(chosen)
                        assert own is not None
                        run["gain_bound"] = True
                    run["gain"] = float(better[1] - own) if better[1] > own else 0.0
            else:
                run["nodes"], run["finished"] = search.nodes, True
                run["seconds"] = time.perf_counter() - t0
                assert best is not None
                own = _value(search, chosen, self.extra)
                assert own is not None, "a finished search values every first move within the extra budget"
                run["gain"] = float(best[1] - own) if best[1] > own else 0.0
            row["runs"][str(budget)] = run
        self.found.append(row)
        return move


def _play(job: tuple[str, str, int, int, int, tuple[int, ...], int, int]
          ) -> tuple[int, bool, list[dict[str, Any]]]:
    difficulty, first_click, seed, index, max_placements, budgets, limit, node_budget = job
    rows, cols, mines = parse_difficulty(difficulty)
    probe = Probe(max_placements=max_placements, budgets=budgets, game=index, endgame=limit,
                  node_budget=node_budget)
    rec = play_game(rows, cols, mines, first_click=first_click, seed=seed, index=index, strategy=probe)
    return index, rec.won, probe.found


def rules(endgame: int) -> list[tuple[str, Any]]:
    """When to search, each as (name, test of a searched position); the first is the player's own
    limit (its positions there are those whose search ran over the player's node budget)."""
    got: list[tuple[str, Any]] = [
        (f"placements <= {endgame:,} (the player's)", lambda r: r["z"] <= endgame),
        (f"<= {endgame:,}, or x d^3 <= 250 (Hill's rule)", lambda r: r["z"] <= endgame or r["zd3"] <= 250),
    ]
    for limit in (2_000, 3_000, 5_000, 20_000):
        if limit > endgame:
            got.append((f"<= {limit:,}", lambda r, limit=limit: r["z"] <= limit))
    return got


def summary(rows: list[dict[str, Any]], games: int, budgets: tuple[int, ...], endgame: int) -> list[str]:
    out = ["| search when | node budget | partial | searches / game | finished | overrides | "
           "added s / game | gain, points [95% CI] |", "|---|---|---|---|---|---|---|---|"]
    for name, rule in rules(endgame):
        sel = [r for r in rows if rule(r)]
        for budget in budgets:
            runs = [(r["game"], r["runs"][str(budget)]) for r in sel]
            for partial in (False, True):
                per_game = [0.0] * games
                for g, run in runs:
                    if run["finished"] or (partial and run["override"]):
                        per_game[g] += run["gain"]
                mean = statistics.fmean(per_game)
                half = 1.96 * statistics.pstdev(per_game) / games ** 0.5
                secs = sum(run["seconds"] for _, run in runs)
                out.append(f"| {name} | {budget:,} | {'on' if partial else 'off'} | {len(sel) / games:.3f} | "
                           f"{sum(run['finished'] for _, run in runs)}/{len(sel)} | "
                           f"{sum(run['override'] for _, run in runs if not run['finished']) if partial else '-'} | "
                           f"{secs / games:.3f} | {100 * mean:+.3f} [{100 * (mean - half):+.3f}, "
                           f"{100 * (mean + half):+.3f}] |")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_args(ap, games=300, seed=4242)
    ap.add_argument("--max-placements", type=int, default=20_000)
    ap.add_argument("--budgets", default="50000,300000", help="node budgets to try, comma-separated")
    ap.add_argument("--endgame", type=int, default=Strategy.endgame,
                    help="the player's own search limit, in placements (default: the default strategy's, "
                    f"{Strategy.endgame:,})")
    ap.add_argument("--node-budget", type=int, default=Strategy.node_budget,
                    help=f"the player's own node budget (default: the default strategy's, {Strategy.node_budget:,})")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="write one JSON line per searched position to this file")
    ap.add_argument("--seconds", type=float, default=0.0,
                    help="stop after this long (0: never): the summary covers the games finished, a prefix")
    args = ap.parse_args()
    budgets = tuple(int(b) for b in args.budgets.split(","))
    jobs = [(args.difficulty, args.first_click, args.seed, i, args.max_placements, budgets, args.endgame,
             args.node_budget) for i in range(args.games)]
    found: list[dict[str, Any]] = []
    wins = 0
    t0 = time.perf_counter()
    games = 0
    with Pool(args.jobs) as pool:
        # in game order, so that a run stopped by --seconds covers games 0..games-1
        for games, (_, won, rows) in enumerate(pool.imap(_play, jobs), 1):
            wins += won
            found.extend(rows)
            print(f"\r{games}/{args.games} games, {len(found)} positions searched, "
                  f"{time.perf_counter() - t0:.0f} s", end="", file=sys.stderr, flush=True)
            if args.seconds and time.perf_counter() - t0 > args.seconds:
                pool.terminate()
                break
    print(file=sys.stderr)
    found.sort(key=lambda r: r["game"])
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in found), encoding="utf-8")
    print(f"{args.difficulty}, {args.first_click}, seed {args.seed}: {games} games, {wins} won "
          f"(the games of the strategy best, searching <= {args.endgame:,} placements with "
          f"{args.node_budget:,} nodes); heuristic guesses with placements <= "
          f"{args.max_placements:,}: {len(found)}")
    print("\n".join(summary(found, games, budgets, args.endgame)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
