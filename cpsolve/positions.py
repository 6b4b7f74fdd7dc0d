"""Positions from real play, for tests and benchmarks: a simple player that uses the analysis.

The player reveals every cell of exact probability 0, else the lowest-probability cell, and records
the board before each analysis. The layout comes with each position so claims can be checked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .analysis import analyze
from .game import Game, Position, parse_difficulty
from .probability import Exact


def played_positions(difficulty: str | tuple[int, int, int], count: int, seed: int = 0, *,
                     first_click: str = "safe", **analysis_options: object) -> Iterator[Position]:
    """``count`` positions met while playing seeded games (every position of each game, in order)."""
    rows, cols, mines = parse_difficulty(difficulty) if isinstance(difficulty, str) else difficulty
    rng = random.Random(seed)
    produced = 0
    gi = 0
    options = {"prove": False, **analysis_options}
    while produced < count:
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)), first_click=first_click)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        depth = 0
        while not game.over and produced < count:
            board = game.board()
            yield Position(board, frozenset(game.layout()), gi, depth)
            produced += 1
            depth += 1
            result = analyze(board, **options)  # type: ignore[arg-type]
            zero = [c for c in result.cells if isinstance(c.probability, Exact) and c.probability.fraction == 0]
            if zero:
                for c in zero:
                    if game.over:  # the last safe cell was opened: won
                        break
                    game.reveal(c.row, c.col)
            else:
                bg = result.best_guess
                assert bg is not None
                game.reveal(*bg)
        gi += 1
