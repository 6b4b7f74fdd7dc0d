"""``cpsolve read IMAGE``: the board in a screenshot, as board text (docs/pictures.md).

Exit 0 every cell read surely, 3 some cells unsure (listed on standard error, written ``?``),
2 not an image or no board found (one line).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..picture import NoBoardFound, read_image
from ..plaintext import display_name
from . import CliError

EXIT_SURE = 0
EXIT_UNSURE = 3


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("read", help="read the board in a screenshot (PNG, JPEG, BMP, GIF, WebP)",
                       description="Find the Minesweeper board in a picture and print it in the board text "
                       "format (with 'mines: N' when a mine counter was read). Exit 0 every cell read surely, "
                       "3 some cells unsure (listed on standard error and written '?'), 2 no board found "
                       "or not an image.")
    p.add_argument("image", metavar="IMAGE", help="the picture ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print the whole reading as one JSON document")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    name = display_name(args.image)
    try:
        if args.image == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
            reading = read_image(data, name="<stdin>")
        else:
            reading = read_image(args.image, name=name)
    except NoBoardFound as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(reading.to_json()))
    else:
        sys.stdout.write(reading.text())
    if reading.unsure:
        cells = " ".join(f"{r},{c}" for r, c in reading.unsure)
        print(f"cpsolve: {name}: {len(reading.unsure)} cell{'s' if len(reading.unsure) != 1 else ''} "
              f"read unsurely (written '?'): {cells}", file=sys.stderr)
        for why in reading.reasons[:20]:
            print(f"  {why}", file=sys.stderr)
        return EXIT_UNSURE
    return EXIT_SURE
