"""Differential run: the native model (cpsolve._core) against the Python model it replaces.

For every position: the two models are equal field by field (fixed cells in the same order, with the
same sources), or both raise Inconsistent with the same sources and reason; and, on every
``--json-every``-th position, ``cpsolve solve --json``'s document is byte-identical with either model.
Positions: every difficulty, flags right and wrong, no total, known mines, inconsistent boards (a clue
changed), huge boards. Prints the counts; exits 1 on the first difference, naming the board.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace

from cpsolve import analysis
from cpsolve.board import COVERED, FLAG, MINE, Board
from cpsolve.constraints import model as model_mod
from cpsolve.constraints.clues import Inconsistent
from cpsolve.errors import InconsistentBoard
from cpsolve.simulate.positions import midgame_positions, oracle_positions


def variants(board: Board, mines: frozenset[int], rng: random.Random) -> Iterator[tuple[str, Board]]:
    yield "plain", board
    yield "no total", replace(board, mines=None)
    cells = list(board.cells)
    covered = [i for i, v in enumerate(cells) if v == COVERED]
    if covered:
        right = [i for i in covered if i in mines]
        wrong = [i for i in covered if i not in mines]
        flagged = list(cells)
        for i in rng.sample(right, min(len(right), rng.randint(1, 6))):
            flagged[i] = FLAG
        for i in rng.sample(wrong, min(len(wrong), rng.randint(0, 2))):
            flagged[i] = FLAG
        yield "flags", replace(board, cells=tuple(flagged))
        known = list(cells)
        for i in rng.sample(right, min(len(right), rng.randint(1, 6))):
            known[i] = MINE
        yield "known mines", replace(board, cells=tuple(known))
    numbers = [i for i, v in enumerate(cells) if v >= 0]
    if numbers:
        bad = list(cells)
        for i in rng.sample(numbers, min(len(numbers), rng.randint(1, 3))):
            bad[i] = rng.randint(0, 8)
        yield "changed clue", replace(board, cells=tuple(bad))


def outcome(build, board: Board, trust: bool, simplify: bool) -> object:  # type: ignore[no-untyped-def]
    try:
        m = build(board, trust_flags=trust, simplify=simplify)
    except Inconsistent as exc:
        return ("inconsistent", exc.sources, exc.reason)
    return (m, list(m.fixed.items()), [list(c.cells) for c in m.clues], m.stats)


def document(board: Board, trust: bool) -> str:
    try:
        return json.dumps(analysis.analyze(board, trust_flags=trust, time_limit=None).to_json())
    except InconsistentBoard as exc:
        return json.dumps(exc.to_json(board, trust))


def positions(n: int, seed: int, huge: bool = True) -> Iterator[tuple[Board, frozenset[int]]]:
    per = n // 4
    for diff in ("beginner", "intermediate", "expert"):
        for p in oracle_positions(diff, per, seed, per_game=5):
            yield p.board, p.mines
    for size in ((30, 30, 180), (100, 100, 1600)):
        for p in midgame_positions(size, max(1, per // 200), seed):
            yield p.board, p.mines
    if huge:
        for p in midgame_positions((1000, 1000, 160000), 1, seed):
            yield p.board, p.mines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=2000, help="base positions (each gives up to 5 boards)")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--no-huge", action="store_true", help="leave out the 1000x1000 board")
    ap.add_argument("--json-every", type=int, default=50, help="compare the JSON document on every Nth board")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    native, python = model_mod.build_model, model_mod._build_model_python
    counts: dict[str, int] = {}
    boards = docs = 0
    for base, mines in positions(args.positions, args.seed, not args.no_huge):
        for kind, board in variants(base, mines, rng):
            for trust in (True, False):
                for simplify in ((True, False) if boards % 7 == 0 else (True,)):
                    a, b = outcome(native, board, trust, simplify), outcome(python, board, trust, simplify)
                    if a != b:
                        print(f"DIFFERENT ({kind}, trust_flags={trust}, simplify={simplify}):\n{board}",
                              file=sys.stderr)
                        print(f"native: {a if isinstance(a, tuple) and a[0] == 'inconsistent' else ''}\n"
                              f"python: {b if isinstance(b, tuple) and b[0] == 'inconsistent' else ''}",
                              file=sys.stderr)
                        return 1
                    key = kind + (" (inconsistent)" if isinstance(a, tuple) and a[0] == "inconsistent" else "")
                    counts[key] = counts.get(key, 0) + 1
                    boards += 1
                    if boards % args.json_every == 0 and board.rows * board.cols <= 10_000:
                        analysis.build_model = python
                        try:
                            want = document(board, trust)
                        finally:
                            analysis.build_model = native
                        if document(board, trust) != want:
                            print(f"DIFFERENT JSON ({kind}, trust_flags={trust}):\n{board}", file=sys.stderr)
                            return 1
                        docs += 1
    for k in sorted(counts):
        print(f"{k}: {counts[k]}")
    print(f"{boards} models equal, {docs} JSON documents byte-identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
