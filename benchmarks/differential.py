"""Differential run: the JSON document of every analysed position, hashed, for comparing two builds.

    python benchmarks/differential.py --positions 100000 --out new.txt
    PYTHONPATH=/path/to/old/checkout python benchmarks/differential.py --positions 100000 --out old.txt
    cmp old.txt new.txt

Run both with the same ``PYTHONHASHSEED`` (for example 0): which minimal conflict an inconsistent
board names depends on set order in the proof subsystem's shrinking (a known nondeterminism).

Each line is ``index variant sha256`` of the document (``Analysis.to_json_text()``, or the
inconsistent board's document). Positions come from :func:`cpsolve.simulate.oracle_positions`
(which never runs the analysis, so both builds see the same boards), cycling through beginner,
intermediate and expert, with variants: as played; no mine total (density prior); a few true mines
flagged; a wrong flag trusted; the same wrong flag with ``trust_flags=False``; true mines shown as
known mines; one clue made wrong (often inconsistent); and every ``--prove-every``-th position with
proofs. ``--huge N`` adds N huge boards (100x100/1600 and 1000x1000 blank and mid-game). No time
limit: a budget cut depends on the clock, and the documents must not.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import TextIO

from cpsolve import analyze
from cpsolve.board import COVERED, FLAG, MINE, Board
from cpsolve.errors import InconsistentBoard
from cpsolve.simulate import midgame_positions, oracle_positions

try:
    from cpsolve.result import inconsistent_document
except ImportError:  # a build from before the one writer of documents (cpsolve.result)
    inconsistent_document = None  # type: ignore[assignment]

VARIANTS = ("plain", "no-total", "flags-right", "flag-wrong", "flag-wrong-untrusted", "known-mines", "bad-clue")


def variant(board: Board, layout: frozenset[int], name: str, rng: random.Random) -> tuple[Board, bool]:
    """The position changed as ``name`` says, and whether flags are trusted."""
    cells = list(board.cells)
    covered = [i for i, v in enumerate(cells) if v == COVERED]
    mines_cov = [i for i in covered if i in layout]
    safe_cov = [i for i in covered if i not in layout]
    mines = board.mines
    trust = True
    if name == "no-total":
        mines = None
    elif name == "flags-right" and mines_cov:
        for i in rng.sample(mines_cov, min(len(mines_cov), rng.randint(1, 4))):
            cells[i] = FLAG
    elif name in ("flag-wrong", "flag-wrong-untrusted") and safe_cov:
        cells[rng.choice(safe_cov)] = FLAG
        trust = name == "flag-wrong"
    elif name == "known-mines" and mines_cov:
        for i in rng.sample(mines_cov, min(len(mines_cov), rng.randint(1, 3))):
            cells[i] = MINE
    elif name == "bad-clue":
        clues = [i for i, v in enumerate(cells) if v > 0]
        if clues:
            i = rng.choice(clues)
            cells[i] = max(0, cells[i] + rng.choice((-1, 1)))
    return Board(board.rows, board.cols, tuple(cells), mines), trust


def document(board: Board, trust: bool, prove: bool) -> str:
    try:
        return analyze(board, time_limit=None, trust_flags=trust, prove=prove).to_json_text()
    except InconsistentBoard as exc:
        if inconsistent_document is None:  # an older build: the error wrote its own document
            return json.dumps(exc.to_json(board, trust))
        return json.dumps(inconsistent_document(exc, board, trust))


def positions(count: int, seed: int) -> Iterator[tuple[Board, frozenset[int]]]:
    per = count // 3 + 1
    gens = [oracle_positions(d, per, seed + k) for k, d in enumerate(("beginner", "intermediate", "expert"))]
    made = 0
    while made < count:
        for g in gens:
            pos = next(g)
            yield pos.board, pos.mines
            made += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--prove-every", type=int, default=20)
    ap.add_argument("--huge", type=int, default=0)
    ap.add_argument("--out", default="-")
    ap.add_argument("--dump", type=int, default=None, help="print the board and document of this position only")
    args = ap.parse_args()
    with contextlib.nullcontext(sys.stdout) if args.out == "-" else open(args.out, "w") as out:
        run(args, out)


def run(args: argparse.Namespace, out: TextIO) -> None:
    rng = random.Random(args.seed)
    n = 0
    for board, layout in positions(args.positions, args.seed):
        name = VARIANTS[n % len(VARIANTS)]
        b, trust = variant(board, layout, name, rng)
        prove = args.prove_every > 0 and n % args.prove_every == 0
        if args.dump is not None and n != args.dump:
            n += 1
            continue
        doc = document(b, trust, prove)
        if args.dump is not None:
            print(b.to_text() if hasattr(b, "to_text") else b, f"trust_flags={trust}", doc, sep="\n", file=out)
            return
        digest = hashlib.sha256(doc.encode()).hexdigest()
        print(n, name + ("+proofs" if prove else ""), digest, file=out)
        n += 1
    for k in range(args.huge):
        size = ((100, 100, 1600), (1000, 1000, 200_000), (1000, 1000, 160_000))[k % 3]
        if k % 3 == 1:  # blank
            b = Board(size[0], size[1], (COVERED,) * (size[0] * size[1]), size[2])
        else:
            b = next(iter(midgame_positions(size, 1, args.seed + k))).board
        digest = hashlib.sha256(document(b, True, False).encode()).hexdigest()
        print(n, f"huge-{size[0]}x{size[1]}x{size[2]}", digest, file=out)
        n += 1


if __name__ == "__main__":
    main()
