"""``cpsolve play``: plays generated games with the solver and prints the verification table."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..analysis import analyze
from ..options import DEFAULTS, AnalysisOptions
from ..plaintext import display_name
from ..play import records
from ..play.cluster import ClusterUnavailable
from ..play.referee import Analyzer, GameRecord
from ..play.run_config import RunConfig
from ..play.runner import run
from ..play.strategy import GUESS_KINDS
from ..words import plural
from . import EXIT_OK, CliError
from .args import (
    MAX_JOBS,
    add_engine_option,
    add_game_options,
    add_time_limit_option,
    exact_limit_arg,
    game_board,
    jobs_arg,
    positive_int,
    seed_arg,
)

EXIT_WRONG = 1


def solver() -> Analyzer:
    """The solver under test (a seam for tests that plant a broken one)."""
    return analyze


#: The command's description in --help (argparse reflows it).
DESCRIPTION = """\
Play generated games: the referee holds the layout, the solver sees only the revealed board. Every
claimed certainty is checked against the layout. Prints games, wins (with a 95% Wilson interval),
positions, estimated positions, certainties claimed and wrong, and time per position. Exit 0, or 1
if a claim was wrong (a certainty, an exact probability 0/1, or a real position called impossible);
2 bad usage; 70 an internal error."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play", help="play generated games and check every certainty against the hidden layout",
        description=DESCRIPTION)
    add_game_options(p, "cell of the first click (default: 0,0 for safe; for opening 2,2 on boards up "
                     "to 16x16 and 3,3 on larger ones, the reference solvers' cells)")
    p.add_argument("--games", type=positive_int, default=100, metavar="N", help="games to play (100)")
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S",
                   help="run seed; game i is seeded from (S, i), so the same seed plays the same games "
                   "whatever --jobs is (0)")
    p.add_argument("--jobs", type=jobs_arg, default=None, metavar="N",
                   help=f"worker processes (1; at most {MAX_JOBS}; with --cluster local: the local "
                   "workers, default the number of CPUs)")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="play on a Dask distributed cluster: a scheduler address (tcp://host:8786) or "
                   "'local' (a local cluster of --jobs worker processes); needs cpsolve[cluster]. "
                   "The same seed plays the same games as --jobs")
    p.add_argument("--exact-limit", type=exact_limit_arg, default=DEFAULTS.exact_limit, metavar="N",
                   help=f"largest component counted exactly ('none': no limit; default {DEFAULTS.exact_limit})")
    add_time_limit_option(p, help="time the whole analysis may take per position (cut short, it gives "
                          f"estimates and leaves cells not proved; default {DEFAULTS.time_limit:g})")
    add_engine_option(p)
    p.add_argument("--strategy", default="best", choices=("basic", "best"),
                   help="basic: lowest probability, ties to the cell with fewest covered neighbours; "
                   "best (default): first any provably optimal move (forced 50/50, free guess, "
                   "isolated area, exact endgame search when at most 3,000 placements remain), "
                   "else the guess evaluator (secondary safety; docs/play.md)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--records", metavar="FILE",
                   help="also write one JSON line per game (index, seed, won, ...) to FILE as games "
                   "finish; if FILE holds games of the same run, they are not played again (resume)")
    prog = p.add_mutually_exclusive_group()
    prog.add_argument("--progress", dest="progress", action="store_true", default=None,
                      help="show a progress bar on standard error even when it is not a terminal")
    prog.add_argument("--no-progress", dest="progress", action="store_false",
                      help="never show the progress bar (default: shown only when standard error is a terminal)")
    p.set_defaults(run=run_play)


def build_config(args: argparse.Namespace) -> RunConfig:
    game = game_board(args)
    opts = AnalysisOptions.from_mapping({"exact_limit": args.exact_limit, "time_limit": args.time_limit,
                                         "engine": args.engine})
    return RunConfig(game.rows, game.cols, game.mines, args.games, seed=args.seed, first_click=args.first_click,
                     first_cell=args.first_cell, difficulty=args.difficulty.lower(),
                     analysis_options=opts, strategy_options={"name": args.strategy}, analyzer=solver())


def run_play(args: argparse.Namespace) -> int:
    config = build_config(args)
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    run_key = records.run_id(config.settings())
    done: list[GameRecord] = []
    writer = None
    if args.records:
        try:
            found = records.load(args.records, run_key, config.seed)
        except records.RecordsError as exc:
            raise CliError(f"--records {exc}") from None
        except OSError:
            found = []  # unreadable: opening it for writing reports it
        writer = _open_records(args.records, found, run_key, config.games)
        done = writer.done
    bar = _progress_bar(config.games, len(done), show)
    wins = [sum(r.won for r in done), len(done)]

    def progress(rec: GameRecord) -> None:
        wins[0] += rec.won
        wins[1] += 1
        if writer is not None:
            writer.add(rec)
        if bar is not None:
            bar.set_postfix_str(f"won {wins[0]}/{wins[1]} ({100 * wins[0] / wins[1]:.1f}%)", refresh=False)
            bar.update(1)

    jobs = args.jobs or ((os.cpu_count() or 1) if args.cluster == "local" else 1)
    try:
        summary, _ = run(config, jobs, progress, cluster=args.cluster, done=done, keep=False)
    except ClusterUnavailable as exc:
        raise CliError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.close()
    if args.json:
        print(json.dumps(summary))
    else:
        print(render_table(summary))
    for w in summary["wrong"]:
        print(f"cpsolve: WRONG CERTAINTY: game {w['game']} (seed {w['seed']}) position {w['position']}: "
              f"{w['cell'][0]},{w['cell'][1]} claimed {w['claimed']} by {w['engine']}", file=sys.stderr)
    for m in summary["error_messages"]:
        print(f"cpsolve: solver error: {m}", file=sys.stderr)
    bad = summary["wrong_certainties"] or summary["wrong_exact"] or summary["errors"]
    return EXIT_WRONG if bad else EXIT_OK


def _open_records(path: str, found: list[GameRecord], run_key: str, games: int) -> records.Writer:
    """The --records writer, opened before any game is played (a bad path is bad usage: exit 2)."""
    try:
        return records.Writer(path, found, run_key, games)
    except IsADirectoryError:
        raise CliError(f"--records {display_name(path)}: is a directory, not a file") from None
    except OSError as exc:
        raise CliError(f"--records {display_name(path)}: {exc.strerror or 'cannot be written'}") from None


def _progress_bar(total: int, initial: int, show: bool) -> Any:
    if not show:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency; degrade to no bar
        return None
    return tqdm(total=total, initial=initial, file=sys.stderr, unit="game", dynamic_ncols=True, leave=False)


#: The table's lines fit this many columns (issue 27: the guesses line wrapped at 80).
WIDTH = 80


def _wrapped(head: str, items: list[str], width: int = WIDTH) -> list[str]:
    """``head`` and the comma-separated ``items``, continued on lines indented as far as ``head``."""
    lines, line = [], head
    for k, item in enumerate(items):
        word = item + ("," if k + 1 < len(items) else "")
        if line.strip() and line != head and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * len(head) + word
        else:
            line += ("" if line == head else " ") + word
    return lines + [line]


def _guess_key(s: dict[str, Any]) -> list[str]:
    """A key to the kinds of guess the table counts (issue 43 item 10: "pseudo", "secondary", ...)."""
    kinds = [k for k in GUESS_KINDS if k in s["moves"] or k in s["losses"]]
    return ["  kinds of guess:", *(f"    {k:<15}{GUESS_KINDS[k]}" for k in kinds)] if kinds else []


def render_table(s: dict[str, Any]) -> str:
    lo, hi = s["win_rate_ci95"]
    r, c = s["first_cell"]
    lines = [
        f"{s['difficulty']} ({s['cols']}x{s['rows']}, {plural(s['mines'], 'mine')}), first click {s['first_click']} "
        f"at {r},{c}, seed {s['seed']}, strategy {s['strategy'].get('name', 'best')}",
        "",
        f"  games                 {s['games']:>10}",
        f"  wins                  {s['wins']:>10}   {100 * s['win_rate']:.1f}% "
        f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)",
        f"  positions             {s['positions']:>10}   (solver calls)",
        f"  estimated positions   {s['estimated_positions']:>10}",
        f"  certainties claimed   {s['certainties']:>10}",
        f"  certainties wrong     {s['wrong_certainties']:>10}",
        f"  exact 0/1 wrong       {s['wrong_exact']:>10}",
        *_wrapped(f"  guesses               {s['guesses']:>10}   ",
                  [f"{k} {v}" for k, v in s["moves"].items() if k not in ("proved", "exact-zero")]),
        *_wrapped("  games lost on         ", [f"{k} {v}" for k, v in s["losses"].items()] or ["-"]),
        *_guess_key(s),
        f"  time per position     median {s['median_ms']:.2f} ms, p99 {s['p99_ms']:.2f} ms, "
        f"max {s['max_ms']:.2f} ms",
        f"  throughput            {s['games_per_second']:.2f} games/s with "
        + (f"cluster {s['cluster']}" if s.get("cluster") else plural(s['jobs'], 'job')) + " "
        f"(strategy {s['strategy_ms_per_game']:.0f} ms/game),",
        f"                        {s['games_per_cpu_second']:.2f} games per CPU-second",
    ]
    if s["errors"]:
        lines.append(f"  solver errors         {s['errors']:>10}")
    return "\n".join(lines)
