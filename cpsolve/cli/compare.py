"""``cpsolve compare BOARD...``: the proof engines against each other, the exact counter and brute force.

For each board: the CP-SAT backbone and the SAT backbone (each from the original clues and the
total, by that engine alone), the certainties of the analysis, the cells of exact probability 0 or 1,
and brute force where the frontier is small. With ``--generate N`` it runs over generated positions
and also checks every forced cell against the hidden layout. Exit 0 when all agree, 1 on any
disagreement (or a forced cell contradicting a layout), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from ..board import Board, BoardError
from ..options import DEFAULTS
from ..plaintext import display_name
from ..render.terminal import fit
from ..simulate import oracle_positions, parse_difficulty
from ..verify import CrossCheck, crosscheck
from ..words import plural
from . import EXIT_BAD_INPUT, CliError, read_board
from .args import (
    add_accept_unsure_option,
    add_engine_option,
    add_time_limit_option,
    density_arg,
    engine_arg,
    whole_number,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare",
                       help="proof engines vs exact counting vs brute force; exit 1 on disagreement",
                       description="Compare the CP-SAT backbone, the SAT backbone, the analysis' "
                       "certainties, the exact counter's 0/1 cells and brute force (small boards). "
                       "Exit 0 all agree, 1 a disagreement, 2 bad input.")
    p.add_argument("boards", nargs="*", metavar="BOARD", help="board files ('-' for standard input)")
    p.add_argument("--generate", type=lambda t: whole_number(t, 0), default=0, metavar="N",
                   help="also compare N generated positions")
    p.add_argument("--difficulty", default="expert", help="beginner, intermediate, expert or WxHxM "
                   "(for --generate; default expert)")
    p.add_argument("--seed", type=whole_number, default=0, help="seed of the generated positions (default 0)")
    p.add_argument("--first-click", choices=["safe", "opening"], default="safe",
                   help="first-click rule of the generated games (for --generate; default safe)")
    p.add_argument("--engines", default="cp-sat,sat", help="comma-separated engines to compare "
                   "(default cp-sat,sat)")
    add_engine_option(p, help=f"engine of the analysis (default {DEFAULTS.engine})")
    p.add_argument("--brute-frontier", type=lambda t: whole_number(t, 0), default=20, metavar="N",
                   help="brute force boards with at most N frontier cells (default 20)")
    add_time_limit_option(p)
    p.add_argument("--density", type=density_arg, default=None, metavar="P",
                   help="prior density for boards without a mine total (default 1/5)")
    p.add_argument("--ignore-flags", action="store_true", help="treat flags as covered cells instead of mines")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="also each board's forced cells; generated positions: a line for every one, not only "
                   "disagreements")
    p.add_argument("--json", action="store_true", help="a JSON summary at the end")
    add_accept_unsure_option(p)
    p.set_defaults(run=run)


def _cell(board: Board, i: int) -> str:
    r, c = divmod(i, board.cols)
    return f"{r},{c}"


def _fmt(v: bool | None) -> str:
    return "-" if v is None else ("mine" if v else "safe")


def _report(name: str, cc: CrossCheck, every: bool, verbose: bool = False) -> list[str]:
    """The lines of one board: none when it agrees, unless ``every``; ``verbose`` adds its forced cells."""
    b = cc.board
    lines: list[str] = []
    if cc.ok and not every:
        return lines
    if any(m.inconsistent for m in cc.methods):
        who = ", ".join(m.name for m in cc.methods if m.inconsistent)
        head = f"{name}: inconsistent according to {who}"
    else:
        forced = cc.forced()
        safe = sum(1 for v in forced.values() if not v)
        head = f"{name}: {safe} forced safe, {len(forced) - safe} forced mine"
    ran = " ".join(f"{m.name}({m.calls} calls, {m.ms:.1f} ms)" if m.calls else f"{m.name}({m.ms:.1f} ms)"
                   for m in cc.methods if m.forced is not None or m.inconsistent)
    skipped = "; ".join(f"{m.name} {m.note}" for m in cc.methods if m.forced is None and not m.inconsistent)
    lines.append(f"{head}: {'agree' if cc.ok else 'DISAGREE'} [{ran}]" + (f" [{skipped}]" if skipped else ""))
    if cc.inconsistent_disagreement:
        lines.append("  methods disagree on whether the board is consistent: " + ", ".join(
            f"{m.name} {'inconsistent' if m.inconsistent else 'consistent'}" for m in cc.methods
            if m.forced is not None or m.inconsistent))
    for c, vals in cc.disagreements:
        lines.append(f"  cell {_cell(b, c)}: " + ", ".join(f"{k} {_fmt(v)}" for k, v in vals.items()))
    for who, c, mine in cc.wrong:
        verdict = "a mine" if mine else "safe"
        lines.append(f"  WRONG: {who} says {_cell(b, c)} is {verdict}; the layout disagrees")
    if verbose and not cc.inconsistent_disagreement:
        forced = cc.forced()
        for label, mine in (("forced safe", False), ("forced mine", True)):
            cells = [_cell(b, c) for c, v in sorted(forced.items()) if v == mine]
            lines.append(f"  {label}: " + (" ".join(cells) if cells else "none"))
    for m in cc.methods:
        if not m.complete:
            lines.append(f"  note: {m.name} did not finish within the time limit "
                         "(undecided cells not compared)")
    return [part for line in lines for part in fit(line)]  # 80 columns (issue 27 item 12)


def run(args: argparse.Namespace) -> int:
    if not args.boards and not args.generate:
        raise CliError("nothing to compare: give board files or --generate N")
    try:
        engines = [engine_arg(e) for e in args.engines.split(",") if e.strip()]
    except argparse.ArgumentTypeError as exc:
        raise CliError(f"--engines: {exc}") from None
    if args.generate:
        try:
            dims = parse_difficulty(args.difficulty)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    kw = dict(engines=engines, analysis_engine=args.engine, brute_frontier=args.brute_frontier,
              time_limit=args.time_limit, trust_flags=not args.ignore_flags, density=args.density)
    status = 0
    results: list[CrossCheck] = []
    for path in args.boards:
        try:
            board = read_board(path, accept_unsure=args.accept_unsure)
            cc = crosscheck(board, **kw)  # (BoardError here: trusted flags over the total)
        except BoardError as exc:
            print(f"cpsolve: {exc}", file=sys.stderr)
            status = max(status, EXIT_BAD_INPUT)
            continue
        results.append(cc)
        for line in _report(display_name(path), cc, True, args.verbose):
            print(line, flush=True)
    generated = 0
    for k, pos in enumerate(oracle_positions(dims, args.generate, args.seed, first_click=args.first_click)
                            if args.generate else ()):
        generated += 1
        cc = crosscheck(pos.board, layout=pos.mines, **kw)
        results.append(cc)
        name = f"position {k} (game {pos.game}, seed {args.seed})"
        lines = _report(name, cc, args.verbose, args.verbose)
        if lines and not cc.ok:
            lines.append("  board:\n" + "\n".join("    " + ln for ln in pos.board.to_text().splitlines()))
        for line in lines:
            print(line, flush=True)
    if generated < args.generate and not args.json:
        # part of the report (standard output): standard error carries only the one-line errors
        print("\n".join(fit(f"note: {generated} of {plural(args.generate, 'position')} generated: on "
                            f"{args.difficulty} the games are won at their first click"
                            f"{' too often' if generated else ''}")))
    _summary(results, args)
    # a disagreement is the answer that matters most: it wins over a bad file among the inputs
    return 1 if any(not cc.ok for cc in results) else status


def _summary(results: list[CrossCheck], args: argparse.Namespace) -> None:
    names: list[str] = []
    for cc in results:
        for m in cc.methods:
            if m.name not in names:
                names.append(m.name)
    per: dict[str, dict[str, float]] = {}
    for n in names:
        ran = [m for cc in results for m in cc.methods
               if m.name == n and (m.forced is not None or m.inconsistent)]
        ms = [m.ms for m in ran]
        calls = [m.calls for m in ran]
        per[n] = {"boards": len(ms), "median_ms": statistics.median(ms) if ms else 0.0,
                  "max_ms": max(ms, default=0.0),
                  "calls_per_board": sum(calls) / len(calls) if calls else 0.0}
    forced = sum(len(cc.forced()) for cc in results)
    summary = {"boards": len(results), "agree": sum(1 for cc in results if cc.ok),
               "disagree": sum(1 for cc in results if not cc.ok),
               "wrong_certainties": sum(len(cc.wrong) for cc in results),
               "incomplete": sum(1 for cc in results if not cc.complete),
               "forced_cells": forced, "methods": per}
    if args.json:
        print(json.dumps(summary))
        return
    print("\n".join(fit(f"{plural(len(results), 'board')}: {summary['agree']} agree, "
                        f"{summary['disagree']} disagree, "
                        f"{plural(sum(len(cc.wrong) for cc in results), 'forced cell')} contradicting a layout, "
                        f"{plural(forced, 'forced cell')} compared"
                        + (f", {summary['incomplete']} incomplete (time limit)" if summary["incomplete"] else ""))))
    for n, s in per.items():
        if s["boards"]:
            print("\n".join(fit(f"  {n:<16} ran on {plural(int(s['boards']), 'board')}, "
                                f"median {s['median_ms']:.2f} ms, "
                                f"max {s['max_ms']:.1f} ms" + (f", {s['calls_per_board']:.1f} solver calls per board"
                                                               if s["calls_per_board"] else ""), "    ")))
