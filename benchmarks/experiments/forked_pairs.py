"""Paired win rates of two strategies at about the cost of one: play both on one game until they differ.

A paired run (``winrate.py --strategy A --strategy B``) plays every game twice. But both strategies
see the same board and choose from the board alone, so up to the first position where their moves
differ the two games are the same game. This script plays each game once with both strategies
choosing in step; at the first difference the game is copied, and A plays on in the copy and B in
the original. A game in which they never differ is one result for both. The outcome of every game
is exactly what two separate runs give (``--check N`` plays the first N games the ordinary way too
and stops on any difference), at the cost of one game plus the part after the fork.

Every analysis's certainties are checked against the layout, as in ``cpsolve play``.

A rule that acts only on the first guesses of a game (boards with at most R revealed cells) is
cheaper still with ``--settle R``: a game not parted by then is stopped as a tie (docs/play.md);
``--finish`` then plays each such game once to its end, for the win rates as well.

    python benchmarks/experiments/forked_pairs.py --difficulty expert --first-click safe --games 20000 --seed 77 \\
        --jobs 2 --a name=best,secondary=false --b name=best --out runs/evaluator.jsonl
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ (common)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import add_game_args  # noqa: E402
from winrate import paired, parse_strategy  # noqa: E402

from cpsolve.analysis import analyze  # noqa: E402
from cpsolve.play.referee import GameRecord, check_certainties, game_seed, make_move, play_game, play_on  # noqa: E402
from cpsolve.play.strategy import Strategy  # noqa: E402
from cpsolve.simulate import Game, parse_difficulty  # noqa: E402

_job: dict[str, Any] = {}


def play_forked(rows: int, cols: int, mines: int, rule: str, seed: int, index: int,
                a: Strategy, b: Strategy, settle: int = 0) -> dict[str, Any]:
    """Game ``index`` of the run seeded ``seed``: A's result, B's result, and the position where they
    parted (-1: never).

    ``settle`` > 0: B is known to play as A on every board with more than ``settle`` revealed cells
    (a rule that acts only on the first guesses of a game), so a game that reaches such a board
    unparted is stopped there: both would play the same game to its end. It counts as a tie
    (``settled``; its outcome, unknown, is stored as a loss for both), which leaves the paired
    difference and McNemar's test exact but not the win rates.
    """
    gseed = game_seed(seed, index)
    game = Game(rows, cols, mines, seed=gseed, first_click=rule)
    rec = GameRecord(index=index, seed=gseed, won=False, safe_cells=rows * cols - mines)
    first = a.first_cell(rows, cols, mines, rule)
    if first != b.first_cell(rows, cols, mines, rule):
        raise ValueError("the two strategies open different first cells")
    game.reveal(*first)
    fork = -1
    won_a = won_b = False
    settled = False
    while not game.over:
        board = game.board()
        if settle and rec.safe_cells - game.covered_safe > settle:  # cells revealed, as the referee counts them
            settled = True
            break
        analysis = analyze(board)
        rec.positions += 1
        check_certainties(analysis, game, rec, rec.positions)
        move_a = a.choose(board, analysis)
        move_b = b.choose(board, analysis)
        if move_a.cells != move_b.cells:
            fork = rec.positions
            other = copy.deepcopy(game)
            make_move(other, move_a, analysis, rec)
            play_on(other, a, rec)
            won_a = other.won
            make_move(game, move_b, analysis, rec)
            play_on(game, b, rec)
            won_b = game.won
            break
        make_move(game, move_a, analysis, rec)
    if fork < 0:
        won_a = won_b = game.won and not settled
    return {"index": index, "seed": gseed, "a": won_a, "b": won_b, "fork": fork, "settled": settled,
            "positions": rec.positions, "certainties": rec.certainties,
            "wrong_certainties": rec.wrong_certainties, "wrong_exact": rec.wrong_exact}


def _records(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of a results file; a last line cut short by an interrupted run is dropped
    from the file too, so the lines appended next start on a line of their own."""
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _games(play: Callable[[int], dict[str, Any]], todo: list[int], jobs: int,
           init: tuple[Any, ...]) -> Iterator[dict[str, Any]]:
    """``play`` over the game indices ``todo``, in ``jobs`` processes (results in any order)."""
    if not todo:
        return  # (an idle pool left behind would keep the process from ending)
    if jobs > 1:
        with Pool(jobs, initializer=_init, initargs=init) as pool:
            yield from pool.imap_unordered(play, todo, chunksize=4)
    else:
        _init(*init)
        yield from map(play, todo)


def _finish_one(index: int) -> dict[str, Any]:
    j = _job
    rec = play_game(j["rows"], j["cols"], j["mines"], first_click=j["rule"], seed=j["seed"], index=index,
                    strategy=j["a"])
    return {"index": index, "won": rec.won, "positions": rec.positions, "certainties": rec.certainties,
            "wrong_certainties": rec.wrong_certainties, "wrong_exact": rec.wrong_exact}


def finish(args: argparse.Namespace, rows: int, cols: int, mines: int, sa: dict, docs: list[dict[str, Any]]) -> None:
    """Play each settled game of ``docs`` once with A (past the settle point B plays as A, so this is
    both results; ``--check`` verifies that on the first games) and fill its results in; resumable."""
    path = Path(str(args.out) + ".finished.jsonl")
    got = {doc["index"]: doc for doc in _records(path)} if path.exists() else {}
    todo = [d["index"] for d in docs if d.get("settled") and d["index"] not in got]
    init = (rows, cols, mines, args.first_click, args.seed, sa, sa, 0)
    t0 = time.perf_counter()
    with open(path, "a", encoding="utf-8") as out:
        for k, doc in enumerate(_games(_finish_one, todo, args.jobs, init), 1):
            got[doc["index"]] = doc
            out.write(json.dumps(doc) + "\n")
            out.flush()
            print(f"\rfinishing: {k}/{len(todo)} settled games, {time.perf_counter() - t0:.0f} s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    for d in docs:
        if d.get("settled"):
            f = got[d["index"]]
            d.update(a=f["won"], b=f["won"], settled=False, finished=True)
            for key in ("positions", "certainties", "wrong_certainties", "wrong_exact"):
                d[key] += f[key]


def trace(rec: GameRecord) -> tuple[bool, int, dict[str, int], int]:
    """What tells two plays of one game apart: result, positions, moves by kind, cells revealed."""
    return rec.won, rec.positions, rec.moves, rec.revealed


def _init(rows: int, cols: int, mines: int, rule: str, seed: int, a: dict, b: dict, settle: int) -> None:
    _job.update(rows=rows, cols=cols, mines=mines, rule=rule, seed=seed, a=Strategy(**a), b=Strategy(**b),
                settle=settle)


def _one(index: int) -> dict[str, Any]:
    j = _job
    return play_forked(j["rows"], j["cols"], j["mines"], j["rule"], j["seed"], index, j["a"], j["b"], j["settle"])


def run_id(difficulty: str, first_click: str, seed: int, a: dict[str, Any], b: dict[str, Any],
           settle: int = 0) -> str:
    """The key every line of a run's --out file carries: [difficulty, first click, seed, A, B (, settle)],
    the strategies with every setting resolved (a file played under an earlier default is another run's)."""
    return json.dumps([difficulty, first_click, seed, repr(Strategy(**a)), repr(Strategy(**b))]
                      + ([settle] if settle else []), sort_keys=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_args(ap, games=1000, seed=77)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--a", default="name=best", help="strategy A as k=v,k=v (winrate.py's --strategy)")
    ap.add_argument("--b", required=True, help="strategy B as k=v,k=v")
    ap.add_argument("--out", help="append one JSON line per game to this file (resumes from it)")
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="also play the first N games separately with A and with B and stop on any difference")
    ap.add_argument("--finish", action="store_true",
                    help="with --settle: then play every settled game once to its end (A and B play it "
                         "alike), so the win rates are measured too (kept in OUT.finished.jsonl)")
    ap.add_argument("--settle", type=int, default=0, metavar="R",
                    help="stop a game not yet parted once more than R cells are revealed, as a tie: only "
                         "when B plays as A on all such boards (a rule of the first guesses only); the "
                         "difference and McNemar's p stay exact, the win rates are not measured")
    args = ap.parse_args()
    rows, cols, mines = parse_difficulty(args.difficulty)
    sa, sb = parse_strategy(args.a), parse_strategy(args.b)
    done: dict[int, dict[str, Any]] = {}
    run_key = run_id(args.difficulty, args.first_click, args.seed, sa, sb, args.settle)
    if args.out and Path(args.out).exists():
        for doc in _records(Path(args.out)):
            if doc.get("run") != run_key:
                print(f"{args.out}: game {doc.get('index')} is of another run ({doc.get('run')}, not "
                      f"{run_key}): give another --out", file=sys.stderr)
                return 2
            done[doc["index"]] = doc
    todo = [i for i in range(args.games) if i not in done]
    t0 = time.perf_counter()
    init = (rows, cols, mines, args.first_click, args.seed, sa, sb, args.settle)
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for k, doc in enumerate(_games(_one, todo, args.jobs, init), 1):
            doc["run"] = run_key
            done[doc["index"]] = doc
            if out is not None:
                out.write(json.dumps(doc) + "\n")
                out.flush()
            print(f"\r{k}/{len(todo)} games, {time.perf_counter() - t0:.0f} s", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    finally:
        if out is not None:
            out.close()
    docs = [done[i] for i in range(args.games)]
    if args.finish and args.settle:
        if not args.out:
            print("--finish needs --out", file=sys.stderr)
            return 2
        finish(args, rows, cols, mines, sa, docs)
    if args.check:
        a, b = Strategy(**sa), Strategy(**sb)  # type: ignore[arg-type]
        for doc in docs[: args.check]:
            alone = {}
            for key, strat in (("a", a), ("b", b)):
                rec = play_game(rows, cols, mines, first_click=args.first_click, seed=args.seed,
                                index=doc["index"], strategy=strat)
                alone[key] = trace(rec)
                if rec.won != doc[key] and not doc.get("settled"):
                    print(f"game {doc['index']}: strategy {key.upper()} {'won' if rec.won else 'lost'} "
                          f"alone but {'won' if doc[key] else 'lost'} forked", file=sys.stderr)
                    return 1
            if doc.get("settled") and alone["a"] != alone["b"]:  # a settled game: one game for both
                print(f"game {doc['index']}: settled as a tie, but A and B played it differently "
                      f"separately ({alone['a']} against {alone['b']}): B does not play as A past "
                      f"--settle", file=sys.stderr)
                return 1
        print(f"checked: the first {min(args.check, len(docs))} games give the same results played "
              f"separately", file=sys.stderr)
    n = len(docs)
    wa, wb = [d["a"] for d in docs], [d["b"] for d in docs]
    pr = paired(wa, wb)
    forked = sum(1 for d in docs if d["fork"] >= 0)
    settled = sum(1 for d in docs if d.get("settled"))
    rates = (f"A ({args.a}) {100 * sum(wa) / n:.2f}%, B ({args.b}) {100 * sum(wb) / n:.2f}%" if not settled
             else f"A ({args.a}), B ({args.b}), {settled:,} games settled as ties past {args.settle} "
                  f"revealed cells (win rates not measured)")
    print(f"{args.difficulty}, {args.first_click}, seed {args.seed}, {n:,} games: {rates}; the strategies parted in "
          f"{forked:,} games; B - A {100 * pr['diff']:+.2f} points [{100 * pr['ci95'][0]:+.2f}, "
          f"{100 * pr['ci95'][1]:+.2f}] (+{pr['only_b']} -{pr['only_a']}), McNemar p {pr['p']:.2g}; "
          f"certainties {sum(d['certainties'] for d in docs):,}, wrong "
          f"{sum(d['wrong_certainties'] for d in docs)}, exact 0/1 contradicted {sum(d['wrong_exact'] for d in docs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
