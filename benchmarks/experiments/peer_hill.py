"""D. N. Hill's solver on cpsolve's own games: paired win rates against the strongest published player.

Hill's Java solver (github.com/DavidNHill/Minesweeper, the source of the 54.3% / 41.13% Expert
figures) is compiled with a small harness of ours (``benchmarks/experiments/peer_hill/``) that hands it a given
layout instead of one from its own generator. So it plays exactly the games a cpsolve run played --
same seed, same layouts, same first cell -- and the two results pair game by game (``compare``).
``diverge`` replays Hill's games and finds, in each game only one side won, the first guess where
cpsolve's default strategy would choose otherwise: where the two players differ, and who gains there.

    sh benchmarks/experiments/peer_hill/build.sh                      # fetch his code (pinned), compile: needs a JDK
    python benchmarks/experiments/peer_hill.py run --difficulty expert --first-click safe --games 100000 \\
        --seed 1130 --classes benchmarks/experiments/peer_hill/build/classes --out runs/hill-expert-safe-1130.txt
    python benchmarks/experiments/winrate.py --difficulty expert --first-click safe --games 100000 --seed 1130 \\
        --jobs 2 --records runs/                          # cpsolve's side, one record per game
    python benchmarks/experiments/peer_hill.py compare --difficulty expert --first-click safe --seed 1130 \\
        --ours runs/expert-safe-seed1130-RUN.jsonl --hill runs/hill-expert-safe-1130.txt
    python benchmarks/experiments/peer_hill.py diverge --difficulty expert --first-click safe --seed 1130 \\
        --ours runs/expert-safe-seed1130-RUN.jsonl --hill runs/hill-expert-safe-1130.txt --jobs 2

``run`` heads its file with the games' difficulty, first click and seed; ``compare`` and ``diverge``
refuse a file of other games than their own options name, on either side (and records of another
strategy than ``--strategy``), so a pairing is always of the same games played as stated.

Hill's solver runs as his bulk runner sets it up: SMALL_ANALYSIS settings, no flags. ``run --trace``
(needed by ``diverge``) writes every move. Results in docs/play.md.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository (cpsolve)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ (common)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import add_game_args  # noqa: E402
from winrate import paired, parse_strategy  # noqa: E402

from cpsolve.analysis import analyze  # noqa: E402
from cpsolve.play import records as game_records  # noqa: E402
from cpsolve.play import wilson  # noqa: E402
from cpsolve.play.referee import game_seed  # noqa: E402
from cpsolve.play.run_config import RunConfig  # noqa: E402
from cpsolve.play.strategy import Strategy, default_first_cell  # noqa: E402
from cpsolve.simulate import Game, parse_difficulty  # noqa: E402


def layout_lines(difficulty: str, rule: str, seed: int, indices: list[int]) -> list[str]:
    """The header and one line per game (index, mine cells r*cols+c) as the harness reads them:
    the layouts cpsolve's referee lays for these games (``play_game``'s seeds and first cell)."""
    rows, cols, mines = parse_difficulty(difficulty)
    r0, c0 = default_first_cell(rows, cols, rule)
    out = [f"{rows} {cols} {mines} {r0} {c0}"]
    for i in indices:
        game = Game(rows, cols, mines, seed=game_seed(seed, i), first_click=rule)
        game.reveal(r0, c0)
        out.append(" ".join(map(str, [i, *game.layout()])))
    return out


def header(difficulty: str, rule: str, seed: int) -> str:
    """The first line ``run`` writes: which games the file holds (Hill's own lines do not say)."""
    return f"# games difficulty={difficulty} first_click={rule} seed={seed}"


def read_hill(path: str, args: argparse.Namespace | None = None) -> dict[int, tuple[bool, list[str]]]:
    """Hill's results: index -> (won, moves); error lines are left out (and counted by ``run``).
    With ``args``, the file's header must name their difficulty, first click and seed (a file written
    before ``run`` wrote headers is read with a warning)."""
    got: dict[int, tuple[bool, list[str]]] = {}
    lines = Path(path).read_text().splitlines()
    if args is not None:
        want = header(args.difficulty, args.first_click, args.seed)
        if lines and lines[0].startswith("#"):
            if lines[0] != want:
                raise SystemExit(f"{path}:1: holds the games {lines[0].removeprefix('# games ')}, "
                                 f"not {want.removeprefix('# games ')}")
        elif lines:
            print(f"{path}: no header line (an older run): its difficulty, first click and seed are "
                  "not checked", file=sys.stderr)
    for line in lines:
        parts = line.split()
        if len(parts) >= 3 and parts[1] in ("0", "1"):
            got[int(parts[0])] = (parts[1] == "1", parts[3:])
    return got


def ours_run(args: argparse.Namespace) -> str:
    """The run key a ``winrate.py --records`` file of these games and this strategy carries."""
    rows, cols, mines = parse_difficulty(args.difficulty)
    cfg = RunConfig(rows, cols, mines, 1, seed=args.seed, first_click=args.first_click, first_cell=None,
                    difficulty=args.difficulty, strategy_options=parse_strategy(args.strategy))
    return game_records.run_id(cfg.settings())


def read_ours(path: str, seed: int | None = None, arm: str = "",
              args: argparse.Namespace | None = None) -> dict[int, bool]:
    """cpsolve's per-game records (``winrate.py --records``): index -> won. With ``arm`` (a or b),
    a ``forked_pairs.py`` run's results for that strategy instead, its settled games taken from
    its ``--finish`` file (a settled game not finished is left out). With ``seed``, each record's
    game seed is checked to be that run's, so the pairing is of the same games; with ``args``, each
    record's run must be of their difficulty and first click (and, for records, their strategy)."""
    finished: dict[int, bool] = {}
    if arm and Path(path + ".finished.jsonl").exists():
        for line in Path(path + ".finished.jsonl").read_text().splitlines():
            doc = json.loads(line)
            finished[doc["index"]] = doc["won"]
    got: dict[int, bool] = {}
    want = None if args is None or arm else ours_run(args)
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        rec = json.loads(line)
        if seed is not None and rec["seed"] != game_seed(seed, rec["index"]):
            raise SystemExit(f"{path}:{lineno}: game {rec['index']} is not game {rec['index']} of seed {seed}")
        if args is not None and arm:  # forked_pairs' run key: [difficulty, first click, seed, a, b, ...]
            kind = json.loads(rec["run"])[:2]
            if kind != [args.difficulty, args.first_click]:
                raise SystemExit(f"{path}:{lineno}: a run of {' '.join(kind)}, not {args.difficulty} "
                                 f"{args.first_click}")
        elif args is not None and want is not None and rec["run"] != want:
            raise SystemExit(f"{path}:{lineno}: a run of other settings than --difficulty {args.difficulty} "
                             f"--first-click {args.first_click} --strategy {args.strategy}")
        if not arm:
            got[rec["index"]] = rec["won"]
        elif not rec.get("settled"):
            got[rec["index"]] = rec[arm]
        elif rec["index"] in finished:
            got[rec["index"]] = finished[rec["index"]]
    return got


def cmd_run(args: argparse.Namespace) -> int:
    done = read_hill(args.out, args) if Path(args.out).exists() else {}
    todo = [i for i in range(args.games) if i not in done]
    print(f"{len(done)} games already in {args.out}, {len(todo)} to play", file=sys.stderr)
    t0 = time.perf_counter()
    cmd = ["java", "-cp", args.classes, "hillplay.Play", str(args.jobs)] + (["trace"] if args.trace else [])
    errors = 0
    with open(args.out, "a") as out:
        if not done and not Path(args.out).stat().st_size:
            out.write(header(args.difficulty, args.first_click, args.seed) + "\n")
        for start in range(0, len(todo), args.batch):
            chunk = todo[start:start + args.batch]
            text = "\n".join(layout_lines(args.difficulty, args.first_click, args.seed, chunk)) + "\n"
            res = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True)
            for line in res.stdout.splitlines():
                errors += " error " in line
                out.write(line + "\n")
            out.flush()
            n = start + len(chunk)
            print(f"\r{n}/{len(todo)} games, {n / (time.perf_counter() - t0):.1f} games/s", end="",
                  file=sys.stderr)
    print(f"\nerrors: {errors}", file=sys.stderr)
    return 1 if errors else 0


def interval(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}]"


def cmd_compare(args: argparse.Namespace) -> int:
    ours = read_ours(args.ours, args.seed, args.arm, args)
    hill = read_hill(args.hill, args)
    common = sorted(set(ours) & set(hill))
    if not common:
        raise SystemExit("no game is in both files")
    a = [ours[i] for i in common]
    b = [hill[i][0] for i in common]
    st = paired(a, b)
    lo, hi = st["ci95"]
    print(f"games {len(common)} (same layouts)")
    print(f"cpsolve  {interval(sum(a), len(a))}")
    print(f"Hill     {interval(sum(b), len(b))}")
    print(f"Hill - cpsolve {100 * st['diff']:+.2f} points [{100 * lo:+.2f}, {100 * hi:+.2f}], "
          f"won by cpsolve only {st['only_a']}, by Hill only {st['only_b']}, McNemar p {st['p']:.3g}")
    return 0


_job: dict[str, Any] = {}


def _init(difficulty: str, rule: str, seed: int, strategy: dict[str, Any]) -> None:
    _job.update(dims=parse_difficulty(difficulty), rule=rule, seed=seed, strategy=Strategy(**strategy))


def first_difference(index: int, moves: list[str]) -> dict[str, Any]:
    """Replay Hill's game ``index`` from its moves; at each of his guesses ask cpsolve's strategy
    (``--strategy``, the default one unless told) for its move on the same board; the first board
    where it would not open his cell."""
    rows, cols, mines = _job["dims"]
    rule, seed, strategy = _job["rule"], _job["seed"], _job["strategy"]
    game = Game(rows, cols, mines, seed=game_seed(seed, index), first_click=rule)
    game.reveal(*default_first_cell(rows, cols, rule))
    guesses = 0
    for move in moves[1:]:  # the first is the first cell
        at, safety = move.split(":")
        r, c = map(int, at.split(","))
        if game.view[r * cols + c] >= 0:
            continue  # opened meanwhile by a 0
        if safety != "0":
            board = game.board()
            analysis = analyze(board)
            ours = strategy.choose(board, analysis)
            revealed = rows * cols - mines - game.covered_safe
            if not ours.guess:
                return {"index": index, "kind": "hill guesses, cpsolve proves", "revealed": revealed,
                        "guesses": guesses}
            if (r, c) not in ours.cells:
                mine = analysis.cell(r, c).probability.value
                other = analysis.cell(*ours.cells[0]).probability.value
                rel = "equal risk" if abs(mine - other) < 1e-9 else \
                    ("Hill's safer" if mine < other else "cpsolve's safer")
                return {"index": index, "kind": ours.reason, "relation": rel, "revealed": revealed,
                        "guesses": guesses, "hill": [r, c], "cpsolve": list(ours.cells[0])}
            guesses += 1
        if not game.reveal(r, c):
            break
    return {"index": index, "kind": "none"}


FIRST = "first guess, 1 cell revealed"


def stage(rec: dict[str, Any], safe_cells: int) -> str:
    if rec["guesses"] == 0 and rec["revealed"] == 1:
        return FIRST
    if rec["revealed"] < 0.25 * safe_cells:
        return "under 25% revealed"
    if rec["revealed"] < 0.85 * safe_cells:
        return "25-85% revealed"
    return "over 85% revealed"


def cmd_diverge(args: argparse.Namespace) -> int:
    ours = read_ours(args.ours, args.seed, args.arm, args)
    hill = read_hill(args.hill, args)
    games = sorted(i for i in set(ours) & set(hill) if ours[i] != hill[i][0])
    if any(not hill[i][1] for i in games):
        raise SystemExit(f"{args.hill}: no moves (run it with --trace)")
    rows, cols, mines = parse_difficulty(args.difficulty)
    table: dict[tuple[str, ...], list[int]] = collections.defaultdict(lambda: [0, 0])
    init = (args.difficulty, args.first_click, args.seed, parse_strategy(args.strategy))
    with Pool(args.jobs, _init, init) as pool:
        jobs = [(i, hill[i][1]) for i in games]
        for rec in pool.starmap(first_difference, jobs, chunksize=8):
            if rec["kind"] in ("none", "hill guesses, cpsolve proves"):
                key: tuple[str, ...] = (rec["kind"],)
            else:
                key = (stage(rec, rows * cols - mines), rec["kind"], rec["relation"])
                if key[0] == FIRST:
                    key += (f"Hill {tuple(rec['hill'])}, cpsolve {tuple(rec['cpsolve'])}",)
            table[key][1 if hill[rec["index"]][0] else 0] += 1
    print(f"{len(games)} games won by one side only, by where the two first chose differently")
    print(f"{'where':75s} {'cpsolve only':>12s} {'Hill only':>9s} {'net':>6s}")
    for key, (o, h) in sorted(table.items(), key=lambda kv: -sum(kv[1])):
        print(f"{' / '.join(key):75s} {o:12d} {h:9d} {h - o:+6d}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="play the games of a run with Hill's solver")
    add_game_args(run, games=1000, seed=1130)
    run.add_argument("--classes", required=True, help="the directory build.sh printed")
    run.add_argument("--out", required=True, help="results, one line per game (resumes from it)")
    run.add_argument("--jobs", type=int, default=2)
    run.add_argument("--batch", type=int, default=5000, help="games per Java process")
    run.add_argument("--trace", action="store_true", help="write every move (for diverge)")
    for name in ("compare", "diverge"):
        p = sub.add_parser(name)
        add_game_args(p, games=0, seed=1130)
        p.add_argument("--ours", required=True, help="cpsolve's records (winrate.py --records), or with --arm "
                       "a forked_pairs.py --out file")
        p.add_argument("--arm", choices=("a", "b"), default="", help="--ours is a forked_pairs.py run: this side")
        p.add_argument("--hill", required=True, help="the output of run")
        p.add_argument("--jobs", type=int, default=1)
        p.add_argument("--strategy", default="name=best",
                       help="the strategy that played --ours, as k=v,k=v (winrate.py's --strategy): "
                       "diverge replays it, and records of another strategy are refused")
    args = ap.parse_args()
    return {"run": cmd_run, "compare": cmd_compare, "diverge": cmd_diverge}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
