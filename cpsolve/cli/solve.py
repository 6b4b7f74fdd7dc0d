"""``cpsolve solve BOARD...``: probabilities and proofs for every covered cell."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time

from ..analysis import InconsistentBoard, analyze
from ..board import Board, BoardError
from ..options import AnalysisOptions
from ..plaintext import display_name
from ..result import Analysis, inconsistent_document
from . import EXIT_BAD_INPUT, EXIT_INCONSISTENT, EXIT_OK, CliError, read_board, write_failed
from .args import add_accept_unsure_option, add_analysis_options, analysis_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="probabilities and proofs for every covered cell",
                       description="Analyse positions: exact mine probabilities (or labelled estimates) "
                       "and proved-safe / proved-mine cells. Exit 0 ok, 1 inconsistent board, 2 bad input.")
    p.add_argument("boards", nargs="+", metavar="BOARD",
                   help="board file, or a screenshot (PNG, JPEG, BMP, GIF, WebP); "
                   "'-' for standard input")
    p.add_argument("--json", action="store_true", help="one JSON document per board, one per line")
    colour = p.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="colour", action="store_true", default=None,
                        help="colour the grid even when not on a terminal")
    colour.add_argument("--no-color", "--no-colour", dest="colour", action="store_false",
                        help="no colour (also when the NO_COLOR environment variable is set)")
    p.add_argument("--wide", action="store_true",
                   help="five characters a cell with percentages, in bands of columns that fit the terminal's "
                   "width (COLUMNS, else the terminal, else 80); default: a compact grid, two a cell")
    p.add_argument("--svg", metavar="FILE", help="also write the heat map as an SVG picture (one board only)")
    add_analysis_options(p)
    add_accept_unsure_option(p)
    p.set_defaults(run=run)


#: Seconds the JSON document takes to write, per covered cell (about 0.3 s a million cells, a
#: 100 MB document, measured on two cores at load 4-6): kept out of the analysis' time limit.
WRITE_SECONDS_PER_CELL = 3e-7


def _within(opts: AnalysisOptions, start: float, board: Board, json_out: bool) -> AnalysisOptions:
    """``opts`` with the time limit that is left of the command's: counted from ``start``, less the
    time the document will take to write (with ``--json``; at most a quarter of the limit). The writing
    itself is never cut short (a document lists every cell); what the analysis had no time for is in
    its ``budget``."""
    if opts.time_limit is None:
        return opts
    # at most a quarter of the limit: past that the analysis would degrade to answers that cost more than
    # the exact one of a plain board (a blank 2000x2000 board: 0.3 s counted, over 2 s estimated)
    reserve = min(WRITE_SECONDS_PER_CELL * len(board.cells), opts.time_limit / 4) if json_out else 0.0
    left = start + opts.time_limit - time.perf_counter() - reserve
    return dataclasses.replace(opts, time_limit=max(left, MIN_SECONDS))


#: The least time limit an analysis is given when the command's is used up (the analysis keeps its
#: own floors: a small board is still counted, a large one answered with estimates).
MIN_SECONDS = 1e-3


def run(args: argparse.Namespace) -> int:
    status = EXIT_OK
    if args.svg and len(args.boards) != 1:
        raise CliError("--svg writes one picture: give exactly one board")
    opts = analysis_options(args)
    for n, path in enumerate(args.boards):
        name = display_name(path)
        # each board's time limit counts from here: reading it, the analysis and the document's
        # writing; not the interpreter's start nor the loading of code (imported before this, or,
        # the proof engine's library, kept out by the prover): a cold first run whose imports took
        # the budget left 96 cells "not decided" where every later run proved them (issue 43 item 1)
        start = time.perf_counter()
        try:
            board = read_board(path, accept_unsure=args.accept_unsure)
            # (a BoardError from analyze: trusted flags over the total, found once the option is known)
            result = analyze(board, _within(opts, start, board, args.json))
        except BoardError as exc:
            print(f"cpsolve: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"source": name, "status": "error", "error": str(exc)}), flush=True)
            status = max(status, EXIT_BAD_INPUT)
            continue
        except InconsistentBoard as exc:
            print(f"cpsolve: {name}: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps(inconsistent_document(exc, board, not args.ignore_flags)), flush=True)
            elif len(args.boards) > 1:  # the board's place among the others; the message is on stderr only
                if n:
                    print()
                print(f"== {name}: INCONSISTENT (see standard error) ==", flush=True)
            status = max(status, EXIT_INCONSISTENT)
            continue
        if args.json:
            _print_document(result)
        else:
            from ..render import print_grid, render_summary  # not imported for --json (0.1 s)

            if n:
                print()
            if len(args.boards) > 1:
                print(f"== {name} ==")
            sys.stdout.flush()
            print_grid(board, result, colour=args.colour, wide=args.wide)
            print(render_summary(result), flush=True)
        if args.svg:
            from ..render import render_svg

            _write_svg(args.svg, render_svg(board, result, title=f"cpsolve: {name}"))
    return status


def _print_document(result: Analysis) -> None:
    """The document and a newline on standard output: written by the core straight to the file
    descriptor when there is one (a 1000x1000 board's document is about 100 MB)."""
    out = sys.stdout
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        fd = None
    if fd is None:
        print(result.to_json_text(), flush=True)
        return
    out.flush()
    result.write_json(fd)
    print(flush=True)


def _write_svg(path: str, svg: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(svg)
    except OSError as exc:
        raise write_failed(display_name(path), exc, "the SVG") from None
