"""``cpsolve generate``: layouts, no-guess ones (won from the first click by proved moves alone)."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any

from ..layout import Layout
from ..play.referee import game_seed
from ..simulate import noguess
from ..simulate.logic import LEVELS, Classified, LogicRange, LogicRangeError, classify, generate_level, parse_range
from ..simulate.noguess import GenerationFailed, banned_cells, check_request, generate
from ..words import plural
from . import EXIT_OK, CliError, write_failed
from .args import add_game_options, add_time_limit_option, game_board, positive_int, seed_arg

#: The command's description in --help (argparse reflows it).
DESCRIPTION = """\
Generate full layouts ('*' mine, '.' no mine). With --no-guess every layout, played from its first
cell, is won by revealing only cells proved safe (with the mine total) at every step: random layouts
are repaired where proofs run out (--method repair: the mines next to the newest clues re-laid, play
going on from there; fast at any density, not uniform) or drawn afresh until one is won (--method
uniform: exactly uniform over the no-guess layouts, affordable at low density only). Every layout is
accepted only after a replay by proofs. --logic asks for layouts by the hardest deduction their
proved play needs (single < pair < chain < total; docs/layouts.md): layouts are made until one is in
range. Layout i depends only on (--seed, i). Exit 0, 2 bad usage (including no no-guess layout found
within --time-limit: the line gives the density, or with --logic the levels it made)."""


def logic_arg(text: str) -> LogicRange:
    """An argparse value: a logic level or a range of them (:func:`parse_range`)."""
    try:
        return parse_range(text)
    except LogicRangeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "generate", help="generate layouts; --no-guess: each one won from its first click by proved moves",
        description=DESCRIPTION)
    add_game_options(p, "the first click (default: 0,0 for safe; 3,3 for opening, moved inside small boards)")
    p.add_argument("--no-guess", action="store_true",
                   help="only layouts won by proved moves alone (without it: uniform random layouts "
                   "honouring the first-click rule)")
    p.add_argument("--method", choices=noguess.METHODS, default="repair",
                   help="with --no-guess: repair (default; fast at any density) or uniform (rejection "
                   "sampling: exactly uniform, slow where few random layouts are no-guess)")
    p.add_argument("--logic", type=logic_arg, metavar="LEVEL",
                   help=f"with --no-guess: the hardest deduction each layout's proved play needs, one of "
                   f"{', '.join(LEVELS)} (easiest first): LEVEL exactly, LEVEL.. at least, ..LEVEL at most, "
                   "LOW..HIGH a range (e.g. pair..chain); layouts are made until one is in range")
    add_time_limit_option(p, noguess.GENERATE_TIME_LIMIT,
                          help=f"seconds for each no-guess layout (default {noguess.GENERATE_TIME_LIMIT:g}); "
                          "past it the command stops with exit 2")
    p.add_argument("--count", type=positive_int, default=1, metavar="N", help="layouts to make (1)")
    p.add_argument("--seed", type=seed_arg, default=0, metavar="S", help="run seed (0)")
    p.add_argument("--json", action="store_true", help="one JSON line per layout")
    p.add_argument("--out", metavar="DIR", help="also write each layout to DIR/layout-S-I.txt (or .mbf)")
    p.add_argument("--format", choices=("text", "mbf"), default="text",
                   help="file format under --out (default text)")
    p.set_defaults(run=run)


def _random_layout(rows: int, cols: int, mines: int, first: tuple[int, int], rule: str,
                   rng: random.Random) -> Layout:
    """A uniform random layout honouring the first-click rule (the baseline of the drift measurements)."""
    banned = banned_cells(rows, cols, first[0] * cols + first[1], rule)
    allowed = [i for i in range(rows * cols) if i not in banned]
    return Layout(rows, cols, frozenset(rng.sample(allowed, mines)))


def run(args: argparse.Namespace) -> int:
    game = game_board(args)
    rows, cols, mines, first = game.rows, game.cols, game.mines, game.first_cell
    room = rows * cols - len(banned_cells(rows, cols, first[0] * cols + first[1], args.first_click))
    if mines > room:
        raise CliError(f"{plural(mines, 'mine')} do not fit on {cols}x{rows} with first click {args.first_click!r} "
                       f"at {first[0]},{first[1]}")
    if args.logic is not None and not args.no_guess:
        raise CliError("--logic needs --no-guess (a layout that may need a guess has no logic level)")
    if args.no_guess:
        try:
            check_request(rows, cols, mines, first, args.first_click)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    if args.format == "mbf" and (rows > 255 or cols > 255 or mines > 0xFFFF):
        raise CliError("MBF holds at most 255x255 cells and 65535 mines")
    if args.out:
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as exc:
            raise write_failed(args.out, exc) from None
    for i in range(args.count):
        rng = random.Random(game_seed(args.seed, i))
        extra: dict[str, Any] = {}
        level = ""
        logic: Classified | None = None
        if args.no_guess:
            try:
                if args.logic is not None:
                    made = generate_level(rows, cols, mines, first_cell=first, first_click=args.first_click, rng=rng,
                                          logic=args.logic, method=args.method, time_limit=args.time_limit)
                    g, logic = made.generated, made.logic
                    extra["logic_tried"] = made.tried
                else:
                    g = generate(rows, cols, mines, first_cell=first, first_click=args.first_click, rng=rng,
                                 method=args.method, time_limit=args.time_limit)
                    if args.json:
                        logic = classify(g.layout, first, first_click=args.first_click)
            except GenerationFailed as exc:
                raise CliError(str(exc)) from None
            layout = g.layout
            extra = {"method": args.method, "repairs": g.repairs, "restarts": g.restarts, **extra}
            if logic is not None:
                extra.update(logic.to_json())
                level = f", logic {logic.level}"
        else:
            layout = _random_layout(rows, cols, mines, first, args.first_click, rng)
        if args.out:
            ext = ".mbf" if args.format == "mbf" else ".txt"
            path = os.path.join(args.out, f"layout-{args.seed}-{i}{ext}")
            try:
                with open(path, "wb") as fh:
                    fh.write(layout.to_mbf() if args.format == "mbf" else layout.to_text().encode())
            except OSError as exc:
                raise write_failed(path, exc) from None
        if args.json:
            doc = {"rows": rows, "cols": cols, "mines": mines, "first_cell": list(first),
                   "first_click": args.first_click, "no_guess": args.no_guess, "layout": layout.rows_text(),
                   "seed": args.seed, "index": i, **extra}
            print(json.dumps(doc), flush=True)
        elif not args.out:
            if i:
                print()
            print(f"# layout {i} of seed {args.seed}, first click {args.first_click} at {first[0]},{first[1]}"
                  + (", no-guess" if args.no_guess else "") + level)
            sys.stdout.write(layout.to_text())
            sys.stdout.flush()
    if args.out and not args.json:  # what was written, and where (issue 43 item 5: it printed nothing)
        ext = ".mbf" if args.format == "mbf" else ".txt"
        last = f" to layout-{args.seed}-{args.count - 1}{ext}" if args.count > 1 else ""
        names = f"layout-{args.seed}-0{ext}{last}"
        print(f"wrote {plural(args.count, 'layout')} to {args.out}: {names}")
    return EXIT_OK
