"""``cpsolve verify-ng LAYOUT --first-cell ROW,COL`` (verify no-guess; the command's name is the spec's):
is this layout won by proved moves alone?"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..layout import LayoutError, read_layout
from ..plaintext import display_name
from ..render import render_grid, render_summary
from ..render.terminal import fit
from ..simulate.logic import LEVELS, Classified, classify
from ..simulate.noguess import ProvedPlay, play_proved
from ..words import plural
from . import EXIT_OK, CliError
from .args import parse_cell

EXIT_GUESS = 1
#: Proofs ran out while the exact counts showed a covered cell of probability 0 (a bug: never expected).
EXIT_CROSSCHECK = 4


#: The command's description in --help (argparse reflows it).
DESCRIPTION = """\
Play a full layout (text: '*' mine, '.' no mine; MBF by the .mbf suffix) from its first cell,
revealing only cells proved safe from the clues and the mine total, marking proved mines. Exit 0
won, 1 a guess is needed (the position where proofs ran out is printed with its probabilities), 2
bad input, 4 the cross-check failed (proofs ran out while an exact probability was 0: a bug). A won
layout's logic level is given: the hardest deduction its play needs, taking the easiest moves first
(single < pair < chain < total; docs/layouts.md)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "verify-ng", help="is this full layout won from its first click by proved moves alone?",
        description=DESCRIPTION)
    p.add_argument("layout", metavar="LAYOUT", help="layout file (.mbf for MBF)")
    p.add_argument("--first-cell", type=parse_cell, required=True, metavar="ROW,COL",
                   help="the first click (0-based row,col)")
    p.add_argument("--first-click", choices=("safe", "opening"), default="safe",
                   help="rule the layout must honour at the first cell: safe (not a mine, default) or "
                   "opening (shows 0)")
    p.add_argument("--json", action="store_true", help="one JSON document")
    p.set_defaults(run=run)


def report_json(path: str, first: tuple[int, int], rule: str, res: ProvedPlay,
                logic: Classified | None = None) -> dict[str, Any]:
    b = res.board
    levels = logic.to_json() if logic is not None else {"logic": None, "logic_moves": None, "logic_steps": None,
                                                              "logic_sure": None}
    return {
        "source": display_name(path), "rows": b.rows, "cols": b.cols, "mines": b.mines,
        "first_cell": list(first), "first_click": rule,
        "won": res.won, "steps": len(res.steps), "total_needed": res.total_needed,
        "step_details": [s.to_json() for s in res.steps], **levels,
        "position": None if res.won else b.to_text(),
        "analysis": res.analysis.to_json() if res.analysis is not None else None,
        "crosscheck": {"exact_zero_unrevealed": [list(c) for c in res.unrevealed_zero]},
    }


def run(args: argparse.Namespace) -> int:
    layout = read_layout(args.layout)
    try:
        res = play_proved(layout, args.first_cell, first_click=args.first_click)
    except LayoutError as exc:  # the first click does not fit this layout: bad input, name the file
        raise CliError(f"{display_name(args.layout)}: {exc.message}") from None
    logic = classify(layout, args.first_cell, first_click=args.first_click) if res.won else None
    if args.json:
        print(json.dumps(report_json(args.layout, args.first_cell, args.first_click, res, logic)))
    else:
        steps = len(res.steps)
        with_total = sum(1 for s in res.steps if s.uses_total)
        if res.won:
            print("\n".join(fit(f"{display_name(args.layout)}: won by proved moves alone in "
                                f"{plural(steps, 'step')} ({with_total} of them needed the mine total)")))
            if logic is not None and logic.level is not None:
                moves = ", ".join(f"{name} {logic.moves[name]}" for name in LEVELS)
                print(f"logic level {logic.level} (cells proved at each level: {moves})"
                      + (" (not sure: an analysis was cut short, a step may be put a level too high)"
                         if logic.cut_short else ""))
        else:
            revealed = sum(1 for v in res.board.cells if v >= 0)
            # two lines, each within 80 columns (issue 43 item 8: the header was 106)
            print("\n".join(fit(f"{display_name(args.layout)}: NEEDS A GUESS after {plural(steps, 'step')} "
                                f"({plural(revealed, 'cell')} revealed)")))
            print("the position where proofs ran out:")
            assert res.analysis is not None
            print(render_grid(res.board, res.analysis, sys.stdout.isatty()))
            print(render_summary(res.analysis))
    if res.unrevealed_zero:
        cells = " ".join(f"{r},{c}" for r, c in res.unrevealed_zero)
        print(f"cpsolve: cross-check failed: proofs ran out but the exact count gives probability 0 at {cells}",
              file=sys.stderr)
        return EXIT_CROSSCHECK
    return EXIT_OK if res.won else EXIT_GUESS
