"""``cpsolve encode BOARD --format dimacs|opb``: the board's clues and mine total for other solvers.

DIMACS CNF (clues and the total through a pysat.card encoding, a ``c p show`` projection line on
the cell variables) or OPB (linear constraints over the cell variables). Comments map each variable
to its cell; the cells off the frontier are one variable plus a bounded integer folded into the
total (see :mod:`cpsolve.encodings.system`).
"""

from __future__ import annotations

import argparse
import sys

from ..encodings import DEFAULT_ENCODING, ENCODINGS, encode_board_text
from . import CliError, read_board


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("encode", help="export the board as DIMACS CNF or OPB",
                       description="Write the board's clues and mine total as DIMACS CNF or OPB "
                       "(exit 0, or 2 on bad input).")
    p.add_argument("board", metavar="BOARD", help="board file ('-' for standard input)")
    p.add_argument("--format", choices=["dimacs", "opb"], default="dimacs",
                   help="dimacs: CNF with a projection line on the cell variables; opb: linear "
                   "pseudo-Boolean constraints (default dimacs)")
    p.add_argument("--encoding", choices=sorted(ENCODINGS), default=DEFAULT_ENCODING,
                   help=f"cardinality encoding for DIMACS (default {DEFAULT_ENCODING})")
    p.add_argument("--ignore-flags", action="store_true", help="treat flags as covered cells")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = read_board(args.board)
    text = encode_board_text(board, args.format, encoding=args.encoding, trust_flags=not args.ignore_flags)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise CliError(f"{args.output}: {exc.strerror or 'cannot be written'}") from None
    else:
        sys.stdout.write(text)
    return 0
