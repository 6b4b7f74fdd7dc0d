"""``cpsolve encode BOARD --format dimacs|opb``: the board's clues and mine total for other solvers.

DIMACS CNF (clues and the total through a pysat.card encoding, a ``c p show`` projection line on
the cell variables) or OPB (linear constraints over the cell variables). Comments map each variable
to its cell; the cells off the frontier are one variable plus a bounded integer folded into the
total (see :mod:`cpsolve.encodings.system`).
"""

from __future__ import annotations

import argparse
import sys

from ..encodings import DEFAULT_ENCODING, ENCODINGS
from ..encodings.export import system_text
from ..encodings.system import board_system
from ..plaintext import display_name
from . import CliError, read_board, write_failed
from .args import add_accept_unsure_option


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("encode", help="export the board as DIMACS CNF or OPB",
                       description="Write the board's clues and mine total as DIMACS CNF or OPB "
                       "(exit 0, or 2 on bad input).")
    p.add_argument("board", metavar="BOARD", help="board file ('-' for standard input)")
    p.add_argument("--format", choices=["dimacs", "opb"], default="dimacs",
                   help="dimacs: CNF with a projection line on the cell variables; opb: linear "
                   "pseudo-Boolean constraints (default dimacs)")
    # a metavar, not argparse's {a,b,...}: the usage line listed all six (102 columns, issue 43 item 8)
    p.add_argument("--encoding", choices=sorted(ENCODINGS), default=DEFAULT_ENCODING, metavar="NAME",
                   help=f"cardinality encoding for DIMACS: {', '.join(sorted(ENCODINGS))} "
                   f"(default {DEFAULT_ENCODING})")
    p.add_argument("--ignore-flags", action="store_true", help="treat flags as covered cells")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    add_accept_unsure_option(p)
    p.set_defaults(run=run)


#: The most clauses (an upper bound, :func:`clause_bound`) a DIMACS cardinality constraint may take:
#: about 2e8 bounds pysat's kmtotalizer at some 10 million clauses, a few GB as Python lists. A
#: 1000x1000 board's mine total (700,000 cells, 200,000 mines) is 1.6e11: pysat's C++ ran out of
#: memory (bad_alloc at 5 GB; 18 GB and the OOM killer without a limit; issue 27's soak).
MAX_CLAUSES = 200_000_000


def clause_bound(n: int, lo: int, hi: int, encoding: str) -> int:
    """An upper bound of the clauses of ``lo <= sum(n literals) <= hi`` in ``encoding`` (checked
    against pysat in tests/integration/test_reliability.py): a totalizer's node joins two counters of at most
    k + 1 outputs (kmtotalizer; the others keep them all), a sequential counter has two clauses per
    register of its n x (k + 1), the sorting networks n log^2 n comparators."""
    k = max(0, min(hi, n - max(lo, 0)))
    if n <= 1 or k == 0:
        return n
    if encoding.endswith("totalizer"):
        if encoding != "kmtotalizer":
            k = n  # the plain and modulo totalizers keep every output of a node
        memo: dict[int, int] = {}

        def joins(m: int) -> int:  # the clauses of a balanced tree over m inputs (O(log m) sizes)
            if m <= 1:
                return 0
            if m not in memo:
                a = m // 2
                memo[m] = joins(a) + joins(m - a) + min(a, k + 1) * min(m - a, k + 1)
            return memo[m]

        return 2 * joins(n)  # both directions of each join
    if encoding == "seqcounter":
        return 2 * n * (k + 1)
    return n * max(1, n.bit_length()) ** 2


def run(args: argparse.Namespace) -> int:
    board = read_board(args.board, accept_unsure=args.accept_unsure)
    system, clues = board_system(board, trust_flags=not args.ignore_flags)
    if args.format == "dimacs":
        for card in system.cards:
            bound = clause_bound(len(card.lits), card.lo, card.hi, args.encoding)
            if bound > MAX_CLAUSES:
                what = "the mine total" if card.is_total else "a clue"
                n = len(card.lits)
                span = (f"at most {card.hi}" if card.lo <= 0 else f"at least {card.lo}" if card.hi >= n else
                        f"{card.lo}..{card.hi}")
                raise CliError(f"{display_name(args.board)}: the DIMACS encoding of {what} ({n} cells, {span} "
                               f"mines) may take {bound:.2g} clauses ({args.encoding}), "
                               f"over the limit of {MAX_CLAUSES:.0e}: --format opb writes it as one linear "
                               "constraint")
    text = system_text(board, system, clues, args.format, encoding=args.encoding)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise write_failed(display_name(args.output), exc) from None
    else:
        sys.stdout.write(text)
    return 0
