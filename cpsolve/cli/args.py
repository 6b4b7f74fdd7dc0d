"""The command line's shared argument types and options: one definition each, used by every command.

Each type is an argparse ``type=`` function: it returns the value or raises
:class:`argparse.ArgumentTypeError` with one line saying what is wrong (argparse then exits 2).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from fractions import Fraction

from ..options import (
    DEFAULT_DENSITY,
    DEFAULTS,
    AnalysisOptions,
    OptionsError,
    density_value,
    engine_value,
    seconds_value,
)
from ..plaintext import MAX_DIGITS, clip, parse_signed
from ..words import plural
from . import CliError, off_board


def parse_cell(text: str) -> tuple[int, int]:
    """``ROW,COL`` (ASCII digits). Negative numbers parse: the command then says the cell is off the
    board, which is what is wrong with them."""
    parts = [parse_signed(x) for x in text.split(",")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a cell ROW,COL (0-based)") from None
    return parts[0], parts[1]


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
        return density_value(text, "--density")  # the rule of AnalysisOptions
    except OptionsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def positive_float(text: str) -> float:
    """A positive, finite number of seconds: the rule of AnalysisOptions (``options.seconds_value``),
    so the command line refuses what the analysis would (``inf``, ``nan``)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    try:
        got = seconds_value("seconds", v)
    except OptionsError:
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive, finite number of seconds") from None
    assert got is not None
    return got


def engine_arg(text: str) -> str:
    """A proof engine name (cp-sat, sat, sat:cadical195, ...), checked against the registry."""
    try:
        return engine_value(text, "--engine")  # the rule of AnalysisOptions
    except OptionsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_analysis_options(p: argparse.ArgumentParser) -> None:
    """The options of :class:`~cpsolve.options.AnalysisOptions` that the command line exposes."""
    p.add_argument("--exact-limit", type=exact_limit_arg, default=DEFAULTS.exact_limit, metavar="N",
                   help="largest component (covered cells) counted exactly; larger ones are estimated "
                   f"('none': no limit; default {DEFAULTS.exact_limit})")
    add_time_limit_option(p)
    p.add_argument("--density", type=density_arg, default=None, metavar="P",
                   help=f"prior mine density per cell when the board gives no mine total (default {DEFAULT_DENSITY})")
    p.add_argument("--ignore-flags", action="store_true",
                   help="treat flags as covered cells instead of mines")
    add_engine_option(p)


def add_time_limit_option(p: argparse.ArgumentParser, default: float | None = DEFAULTS.time_limit,
                          help: str = "time the whole analysis may take per board (cut short, it gives estimates "
                          f"and leaves cells not proved; default {DEFAULTS.time_limit:g})") -> None:
    p.add_argument("--time-limit", type=positive_float, default=default, metavar="SECONDS", help=help)


def add_engine_option(p: argparse.ArgumentParser, default: str | None = DEFAULTS.engine,
                      help: str = f"proof engine: {DEFAULTS.engine} (default), sat (MiniCard), sat:cadical195, ..."
                      ) -> None:
    p.add_argument("--engine", type=engine_arg, default=default, help=help)


def analysis_options(args: argparse.Namespace, **fixed: object) -> AnalysisOptions:
    """The :class:`~cpsolve.options.AnalysisOptions` of parsed arguments (``fixed``: more fields), built
    by :meth:`AnalysisOptions.from_mapping` as the HTTP API's are."""
    given = {"exact_limit": args.exact_limit, "time_limit": args.time_limit, "density": args.density,
             "ignore_flags": args.ignore_flags, "engine": args.engine, **fixed}
    try:
        return AnalysisOptions.from_mapping(given)
    except OptionsError as exc:
        raise CliError(str(exc)) from None


def add_accept_unsure_option(p: argparse.ArgumentParser) -> None:
    """``--accept-unsure``, for every command that takes a board file (a picture may stand for one:
    :mod:`.pictures`)."""
    p.add_argument("--accept-unsure", action="store_true",
                   help="for a picture (PNG, JPEG, BMP, GIF, WebP): take a reading with unsure cells, those "
                   "cells covered (without it such a reading is refused, exit 2; 'cpsolve read' shows it)")


def add_game_options(p: argparse.ArgumentParser, first_cell_help: str) -> None:
    """The options of a generated game: board size, first-click rule and first cell."""
    p.add_argument("--difficulty", default="expert", metavar="LEVEL",
                   help="beginner (9x9/10), intermediate (16x16/40), expert (30x16/99) or WxHxM "
                   "(width x height x mines); default expert")
    p.add_argument("--first-click", choices=("safe", "opening"), default="safe",
                   help="safe: the first click is never a mine; opening: it and its neighbours are "
                   "mine-free (default safe)")
    p.add_argument("--first-cell", type=parse_cell, default=None, metavar="ROW,COL", help=first_cell_help)


@dataclass(frozen=True)
class GameBoard:
    """The board of a generated game, from :func:`add_game_options`' options."""

    rows: int
    cols: int
    mines: int
    first_cell: tuple[int, int]   # the first click: --first-cell, else the rule's default cell


def game_board(args: argparse.Namespace) -> GameBoard:
    """The board the game options describe; a bad size or an off-board first cell is one line (exit 2)."""
    from ..play.strategy import default_first_cell  # the play package loads only for game commands
    from ..simulate import parse_difficulty

    try:
        rows, cols, mines = parse_difficulty(args.difficulty)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    first = args.first_cell if args.first_cell is not None else default_first_cell(rows, cols, args.first_click)
    if off_board(first, rows, cols):
        raise CliError(f"--first-cell {first[0]},{first[1]} is off the board ({plural(rows, 'row')} x "
                       f"{plural(cols, 'column')})")
    return GameBoard(rows, cols, mines, first)


def positive_int(text: str) -> int:
    return whole_number(text, 1)


#: More worker processes than this is a typo, not a plan: each one imports the solver (~100 MB).
MAX_JOBS = max(64, os.cpu_count() or 1)


def jobs_arg(text: str) -> int:
    n = positive_int(text)
    if n > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"{n} worker processes is more than the limit of {MAX_JOBS}")
    return n


def seed_arg(text: str) -> int:
    return whole_number(text)


