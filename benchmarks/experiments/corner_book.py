"""The first guess after a safe corner that shows a number, chosen by playing each candidate out.

From the safe corner (0,0) of Expert, half of all games show a number there (1, 2 or 3); then no cell
is safe and every cell off the corner's three neighbours has the same chance to be a mine, so the
choice among them is decided by what follows, not by the risk now -- the closest of decisions. It is
also the same position in every such game (the corner's number is all that is known), so it can be
searched once, offline: play every game of a seed from each candidate first guess with the default
strategy after it, on the same layouts (common random layouts: each game is played from every
candidate), and compare each with the default strategy's own choice game by game.

``tune``: that search on one seed. The book: for each number the candidate with the most wins if
it won more than the default choice (the rule fixed before the run; whether its tuning interval
excludes 0 is printed), else the default. ``held``: forked pairs (``forked_pairs.play_forked`` with
``settle=1``) of the default strategy against it with the book, on a seed not used while tuning.
``both``: one, then the other (how it ran on 16 cores, each stopped after a time: a prefix of games).

Measured (docs/play.md, "Measured and removed"): the book {1: (2,0), 2: (15,0), 3: (3,0)} lost
0.22 points [0.09, 0.35] over 282,495 held-out games; the default's corner (0,29) is not beaten.

    python benchmarks/experiments/corner_book.py both --games 200000 --seconds 225 --seed 4100 \
        --held-games 1000000 --held-seconds 225 --held-seed 4200 --jobs 16 --out tune-4100.jsonl \
        --held-out held-4200.jsonl
    python benchmarks/experiments/corner_book.py held --book tune-4100.jsonl --held-games 20000 --jobs 2
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from forked_pairs import play_forked  # noqa: E402
from winrate import paired  # noqa: E402

from cpsolve.analysis import analyze  # noqa: E402
from cpsolve.board import Board  # noqa: E402
from cpsolve.play.referee import GameRecord, check_certainties, game_seed, make_move, play_on  # noqa: E402
from cpsolve.play.strategy import Move, Strategy  # noqa: E402
from cpsolve.result import Analysis  # noqa: E402
from cpsolve.simulate import Game  # noqa: E402

ROWS, COLS, MINES = 16, 30, 99
#: the candidates searched: the other three corners, the cells two steps from the number (they see
#: its neighbours), and edge cells three steps away
CANDIDATES = [(0, 29), (15, 0), (15, 29), (0, 2), (2, 0), (2, 2), (1, 2), (2, 1), (0, 3), (3, 0), (3, 3)]


def corner_number(board: Board) -> int | None:
    """The number of the corner (0,0) when it is the only revealed cell, else None."""
    cells = board.cells
    if cells[0] < 1 or any(v >= 0 for v in cells[1:]):
        return None
    return cells[0]


class Book(Strategy):
    """The default strategy, but the first guess after a corner showing n is ``book[n]``."""

    def __init__(self, book: dict[int, tuple[int, int]], **kw: Any) -> None:
        super().__init__(**kw)
        self.book = book

    def choose(self, board: Board, analysis: Analysis) -> Move:
        if (board.rows, board.cols) == (ROWS, COLS):
            n = corner_number(board)
            if n is not None and n in self.book:
                return Move((self.book[n],), True, "book")
        return super().choose(board, analysis)


_job: dict[str, Any] = {}


def _init(seed: int, book: dict[int, tuple[int, int]] | None) -> None:
    _job.update(seed=seed, best=Strategy(), book=Book(book or {}))


def tune_one(index: int) -> dict[str, Any]:
    """Game ``index``: the corner's number and, if it shows one, each candidate's result."""
    seed, best = _job["seed"], _job["best"]
    gseed = game_seed(seed, index)
    game = Game(ROWS, COLS, MINES, seed=gseed, first_click="safe")
    game.reveal(0, 0)
    board = game.board()
    n = corner_number(board)
    out: dict[str, Any] = {"index": index, "n": n}
    if n is None:
        return out
    analysis = analyze(board)
    default = best.choose(board, analysis)
    out["default"] = list(default.cells[0])
    wrong = 0
    results = {}
    for cell in dict.fromkeys([default.cells[0], *CANDIDATES]):
        g = copy.deepcopy(game)
        rec = GameRecord(index=index, seed=gseed, won=False, safe_cells=ROWS * COLS - MINES)
        check_certainties(analysis, g, rec, 1)
        make_move(g, Move((cell,), True, "book"), analysis, rec)
        play_on(g, best, rec)
        results[f"{cell[0]},{cell[1]}"] = g.won
        wrong += rec.wrong_certainties + rec.wrong_exact + rec.errors
    out["won"] = results
    out["wrong"] = wrong
    return out


def held_one(index: int) -> dict[str, Any]:
    return play_forked(ROWS, COLS, MINES, "safe", _job["seed"], index, _job["best"], _job["book"], settle=1)


def run_until(fn: Any, games: int, jobs: int, init: tuple[Any, ...], seconds: float) -> list[dict[str, Any]]:
    """``fn`` over game indices 0..games-1 in order, stopped at ``seconds``: the longest finished prefix."""
    t0 = time.perf_counter()
    got = []
    with Pool(jobs, initializer=_init, initargs=init) as pool:
        for doc in pool.imap(fn, range(games), chunksize=2):
            got.append(doc)
            if time.perf_counter() - t0 > seconds:
                pool.terminate()
                break
    return got


def make_book(docs: list[dict[str, Any]]) -> tuple[dict[int, tuple[int, int]], list[str]]:
    """The rule fixed beforehand: per number, the candidate with most wins, if it won more than the
    default's choice; the report lines of every candidate."""
    book: dict[int, tuple[int, int]] = {}
    lines = []
    for n in sorted({d["n"] for d in docs if d["n"] is not None}):
        rows = [d for d in docs if d["n"] == n]
        cells = list(rows[0]["won"])
        defaults = {tuple(d["default"]) for d in rows}
        lines.append(f"corner shows {n}: {len(rows):,} games, default choice {sorted(defaults)}")
        best_cell, best_wins = None, -1
        for cell in cells:
            wins = sum(d["won"][cell] for d in rows)
            base = [d["won"][",".join(map(str, d["default"]))] for d in rows]
            pr = paired(base, [d["won"][cell] for d in rows])
            lines.append(f"  {cell:>6}: {100 * wins / len(rows):6.2f}%  vs default {100 * pr['diff']:+.2f} "
                         f"[{100 * pr['ci95'][0]:+.2f}, {100 * pr['ci95'][1]:+.2f}] p {pr['p']:.2g}")
            if wins > best_wins:
                best_cell, best_wins, best_pr = cell, wins, pr
        if best_cell is not None and best_pr["diff"] > 0:
            r, c = map(int, best_cell.split(","))
            book[n] = (r, c)
            verdict = "excludes" if best_pr["ci95"][0] > 0 else "includes"
            lines.append(f"  chosen {best_cell}: its tuning interval {verdict} 0")
    lines.append(f"book: {book}  (wrong certainties/exact/errors: {sum(d.get('wrong', 0) for d in docs)})")
    return book, lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("tune", "held", "both"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=4100)
    ap.add_argument("--held-games", type=int, default=1000)
    ap.add_argument("--held-seed", type=int, default=4200)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=1e9, help="stop tuning after this long (a prefix of games)")
    ap.add_argument("--held-seconds", type=float, default=1e9)
    ap.add_argument("--out", help="tune: write its records here")
    ap.add_argument("--book", help="held: the records of a tune run")
    ap.add_argument("--held-out", help="write the held-out run's records here")
    args = ap.parse_args()
    book: dict[int, tuple[int, int]] = {}
    if args.mode in ("tune", "both"):
        t0 = time.perf_counter()
        docs = run_until(tune_one, args.games, args.jobs, (args.seed, None), args.seconds)
        if args.out:
            Path(args.out).write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
        book, lines = make_book(docs)
        print(f"tune: seed {args.seed}, {len(docs):,} games (the first of the seed), "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
        print("\n".join(lines), flush=True)
    if args.mode == "held":
        docs = [json.loads(line) for line in Path(args.book).read_text(encoding="utf-8").splitlines()]
        book, _ = make_book(docs)
    if args.mode in ("held", "both"):
        if not book:
            print("held: the book is empty (no candidate beat the default): nothing to measure")
            return 0
        t0 = time.perf_counter()
        docs = run_until(held_one, args.held_games, args.jobs, (args.held_seed, book), args.held_seconds)
        if args.held_out:
            Path(args.held_out).write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
        wa, wb = [d["a"] for d in docs], [d["b"] for d in docs]
        pr = paired(wa, wb)
        print(f"held: Expert safe corner, seed {args.held_seed}, {len(docs):,} games (a prefix), book {book}, "
              f"{time.perf_counter() - t0:.0f} s; parted in {sum(d['fork'] >= 0 for d in docs):,}; book - default "
              f"{100 * pr['diff']:+.3f} points [{100 * pr['ci95'][0]:+.3f}, {100 * pr['ci95'][1]:+.3f}] "
              f"(+{pr['only_b']} -{pr['only_a']}), McNemar p {pr['p']:.2g}; certainties "
              f"{sum(d['certainties'] for d in docs):,}, wrong {sum(d['wrong_certainties'] for d in docs)}, "
              f"exact contradicted {sum(d['wrong_exact'] for d in docs)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
