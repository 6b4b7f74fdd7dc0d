"""``cpsolve solve BOARD...``: probabilities and proofs for every covered cell."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from ..analysis import DEFAULT_EXACT_LIMIT, InconsistentBoard, analyze
from ..board import MAX_DIGITS, BoardError, clip, display_name, parse_signed
from ..render import print_grid, render_summary, render_svg
from . import EXIT_BAD_INPUT, EXIT_INCONSISTENT, EXIT_OK, CliError, read_board


def whole_number(text: str, minimum: int | None = None) -> int:
    """An argparse value: a whole number, at least ``minimum`` when given."""
    n = parse_signed(text)
    if n is None:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a whole number of at most "
                                         f"{MAX_DIGITS} digits") from None
    if minimum is not None and n < minimum:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least {minimum}")
    return n


def exact_limit_arg(text: str) -> int | None:
    if text.lower() in ("none", "inf", "unlimited"):
        return None
    return whole_number(text, 0)


def density_arg(text: str) -> Fraction:
    try:
        d = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number such as 0.2 or 1/5") from None
    if not 0 < d < 1:
        raise argparse.ArgumentTypeError(f"density {text} must lie strictly between 0 and 1")
    return d


def positive_float(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not v > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return v


def engine_arg(text: str) -> str:
    """A proof engine name (cp-sat, sat, sat:cadical195, ...), checked against the registry."""
    from ..proof import resolve

    try:
        return resolve(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_analysis_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--exact-limit", type=exact_limit_arg, default=DEFAULT_EXACT_LIMIT, metavar="N",
                   help="largest component (covered cells) counted exactly; larger ones are estimated "
                   f"('none': no limit; default {DEFAULT_EXACT_LIMIT})")
    p.add_argument("--time-limit", type=positive_float, default=10.0, metavar="SECONDS",
                   help="time the proof engine may spend per board (undecided cells are not proved)")
    p.add_argument("--density", type=density_arg, default=None, metavar="P",
                   help="prior mine density per cell when the board gives no mine total (default 1/5)")
    p.add_argument("--ignore-flags", action="store_true",
                   help="treat flags as covered cells instead of mines")
    p.add_argument("--engine", type=engine_arg, default="cp-sat",
                   help="proof engine: cp-sat (default), sat (MiniCard), sat:cadical195, ...")


def analysis_kwargs(args: argparse.Namespace) -> dict[str, object]:
    return dict(exact_limit=args.exact_limit, time_limit=args.time_limit, density=args.density,
                trust_flags=not args.ignore_flags, engine=args.engine)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="probabilities and proofs for every covered cell",
                       description="Analyse positions: exact mine probabilities (or labelled estimates) "
                       "and proved-safe / proved-mine cells. Exit 0 ok, 1 inconsistent board, 2 bad input.")
    p.add_argument("boards", nargs="+", metavar="BOARD", help="board file ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="one JSON document per board, one per line")
    colour = p.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="colour", action="store_true", default=None,
                        help="colour the grid even when not on a terminal")
    colour.add_argument("--no-color", "--no-colour", dest="colour", action="store_false",
                        help="no colour (also when the NO_COLOR environment variable is set)")
    p.add_argument("--wide", action="store_true",
                   help="five characters a cell with percentages (default: a compact grid, two a cell)")
    p.add_argument("--svg", metavar="FILE", help="also write the heat map as an SVG picture (one board only)")
    add_analysis_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    status = EXIT_OK
    if args.svg and len(args.boards) != 1:
        raise CliError("--svg writes one picture: give exactly one board")
    for n, path in enumerate(args.boards):
        name = display_name(path)
        try:
            board = read_board(path)
        except BoardError as exc:
            print(f"cpsolve: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"source": name, "status": "error", "error": str(exc)}), flush=True)
            status = max(status, EXIT_BAD_INPUT)
            continue
        try:
            result = analyze(board, **analysis_kwargs(args))  # type: ignore[arg-type]
        except InconsistentBoard as exc:
            print(f"cpsolve: {name}: {exc}", file=sys.stderr)
            if args.json:
                doc = exc.to_json(board, not args.ignore_flags)
                print(json.dumps(doc), flush=True)
            else:
                if n:
                    print()
                print(f"== {name}: INCONSISTENT ==\n{exc}", flush=True)
            status = max(status, EXIT_INCONSISTENT)
            continue
        if args.json:
            print(json.dumps(result.to_json()), flush=True)
        else:
            if n:
                print()
            if len(args.boards) > 1:
                print(f"== {name} ==")
            sys.stdout.flush()
            print_grid(board, result, colour=args.colour, wide=args.wide)
            print(render_summary(result), flush=True)
        if args.svg:
            _write_svg(args.svg, render_svg(board, result, title=f"cpsolve: {name}"))
    return status


def _write_svg(path: str, svg: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(svg)
    except OSError as exc:
        raise CliError(f"{display_name(path)}: cannot write the SVG ({exc.strerror or exc})") from None
