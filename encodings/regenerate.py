"""Regenerate (or check) the reference encodings in this folder.

    python encodings/regenerate.py          # rewrite *.cnf, *.opb, *.json from boards/*.txt
    python encodings/regenerate.py --check  # exit 1 if any file is out of date

For each board ``boards/NAME.txt``: ``NAME.cnf`` (``cpsolve encode --format dimacs``), ``NAME.opb``
(``--format opb``) and ``NAME.json``, the expected results that any solver run on the files must
reproduce:

* ``backbone``: the covered cells forced safe / mine. From brute-force enumeration
  (:mod:`cpsolve.verify`) when the frontier has at most 20 cells, else from the exact counter's
  probabilities 0 and 1 (``basis`` says which); neither reads the encodings.
* ``models``: the number of models projected on the cell variables (what ``c p show`` names), from
  the exact counter run on the raw clues: sum over frontier mine counts t of N_t times the values of
  the off-frontier representative variable compatible with the total.
* ``placements``: mine placements on the whole board (with a total), N_t weighted by C(n, left - t).
"""

from __future__ import annotations

import json
import re
import sys
from math import comb
from pathlib import Path

from cpsolve.analysis import analyze
from cpsolve.board import parse_board
from cpsolve.constraints import build_model
from cpsolve.count import convolve, count_component
from cpsolve.encodings import board_system, encode_board_text
from cpsolve.probability import Exact
from cpsolve.verify import TooLarge, brute_force

HERE = Path(__file__).resolve().parent


def frontier_counts(board) -> list[int]:  # type: ignore[no-untyped-def]
    """N_t: assignments of the frontier (cells next to a number) satisfying every clue, by mines t."""
    model = build_model(board, simplify=False)
    counts = [1]
    for comp in model.components:
        counts = convolve(counts, count_component(comp).counts)
    return counts


def expected(board, name: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    system, _ = board_system(board)
    n_t = frontier_counts(board)
    out_var = system.outside_var
    total = system.total
    if total is None:
        models, placements = sum(n_t), None
    else:
        xs = (0, 1) if out_var is not None else (0,)
        models = sum(n * sum(1 for x in xs if total.lo <= t + x <= total.hi) for t, n in enumerate(n_t))
        left = total.hi
        n_out = len(system.outside)
        placements = sum(n * comb(n_out, left - t) for t, n in enumerate(n_t) if 0 <= left - t <= n_out)
    try:
        br = brute_force(board, max_frontier=20)
        forced = br.forced()
        basis = "brute force"
    except TooLarge:
        a = analyze(board, exact_limit=None, prove=False)
        forced = {board.index(c.row, c.col): c.probability.fraction == 1 for c in a.cells
                  if isinstance(c.probability, Exact) and c.probability.fraction in (0, 1)}
        basis = "exact counter"
    cell = [list(divmod(c, board.cols)) for c in system.cells]
    return {
        "board": f"boards/{name}.txt",
        "rows": board.rows, "cols": board.cols, "mines": board.mines,
        "variables": {str(v): cell[v - 1] for v in range(1, system.nvars + 1)},
        "outside": {"variable": out_var, "cells": [list(divmod(c, board.cols)) for c in system.outside]},
        "models": models,
        "placements": placements,
        "backbone": {"safe": sorted(list(divmod(c, board.cols)) for c, m in forced.items() if not m),
                     "mine": sorted(list(divmod(c, board.cols)) for c, m in forced.items() if m),
                     "basis": basis},
    }


def _dump(doc: dict[str, object]) -> str:
    """JSON with one line per cell pair ([row, col] kept on one line)."""
    text = json.dumps(doc, indent=1)
    return re.sub(r"\[\s*(-?\d+),\s*(-?\d+)\s*\]", r"[\1, \2]", text) + "\n"


def outputs() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for path in sorted((HERE / "boards").glob("*.txt")):
        name = path.stem
        board = parse_board(path.read_text(encoding="utf-8"), f"boards/{path.name}")
        title = f"cpsolve encoding of boards/{path.name}"
        files[HERE / f"{name}.cnf"] = encode_board_text(board, "dimacs", title=title)
        files[HERE / f"{name}.opb"] = encode_board_text(board, "opb", title=title)
        files[HERE / f"{name}.json"] = _dump(expected(board, name))
    return files


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            stale.append(path.name)
            if not check:
                path.write_text(text, encoding="utf-8")
    if check and stale:
        print("out of date: " + " ".join(stale) + " (run python encodings/regenerate.py)")
        return 1
    print(("up to date" if check else f"wrote {len(stale)} file(s)") if not stale or not check else "")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
