"""Mid-game positions of boards of any size (up to 1000x1000), fast, with their hidden layouts.

:func:`cpsolve.game.oracle_positions` recomputes the frontier over the whole board at each step,
which is quadratic on large boards. Here an oracle that knows the layout opens random safe cells
next to the revealed area (and now and then a random safe cell anywhere, as a player who guesses
elsewhere), keeping the candidates incrementally: linear in the number of cells opened.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .board import COVERED, neighbours
from .game import Game, Position, parse_difficulty


def midgame_positions(difficulty: str | tuple[int, int, int], count: int, seed: int = 0, *,
                      reveal: float = 0.5, jump: float = 0.02, first_click: str = "opening"
                      ) -> Iterator[Position]:
    """``count`` positions, one per game, with about ``reveal`` of the safe cells opened."""
    rows, cols, mines = parse_difficulty(difficulty) if isinstance(difficulty, str) else difficulty
    rng = random.Random(seed)
    for gi in range(count):
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)), first_click=first_click)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        depth = _play_to(game, int((rows * cols - mines) * reveal), jump, rng)
        yield Position(game.board(), frozenset(game.layout()), gi, depth)


def _play_to(game: Game, target: int, jump: float, rng: random.Random) -> int:
    """Open safe cells until ``target`` safe cells are open; returns the number of moves."""
    mine = game._mine
    assert mine is not None
    rows, cols, view = game.rows, game.cols, game.view
    n = rows * cols
    safe_total = n - game.mines
    cand: list[int] = []
    seen = bytearray(n)

    def add(cells: list[int]) -> None:
        for i in cells:
            for j in neighbours(rows, cols, i):
                if view[j] == COVERED and not mine[j] and not seen[j]:
                    seen[j] = 1
                    cand.append(j)

    add([i for i in range(n) if view[i] >= 0])
    depth = 0
    while safe_total - game.covered_safe < target and game.covered_safe > 0:
        if not cand or rng.random() < jump:
            i = rng.randrange(n)
            if view[i] != COVERED or mine[i]:
                continue
        else:
            k = rng.randrange(len(cand))
            i = cand[k]
            cand[k] = cand[-1]
            cand.pop()
            if view[i] != COVERED:
                continue
        fresh: list[int] = []
        game.flood(i, fresh)
        game.moves += 1
        add(fresh)
        depth += 1
    return depth
