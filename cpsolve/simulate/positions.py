"""Position generators for tests and benchmarks, each position with the layout it came from.

* :func:`oracle_positions`: positions at random depths of games opened by an oracle that knows the
  layout (it never loses), so they look like a real game in progress;
* :func:`midgame_positions`: boards of any size (up to 1000x1000), fast: the oracle keeps its
  candidate cells incrementally, linear in the number of cells opened;
* :func:`played_positions`: every position met by a simple player that uses the analysis (it
  reveals every cell of exact probability 0, else the safest cell).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..analysis import analyze
from ..board import COVERED
from ..neighbourhood import neighbours
from ..options import AnalysisOptions
from ..probability import Exact
from .game import Game, Position, parse_difficulty

#: Games in a row without a position after which :func:`oracle_positions` gives up.
IDLE_GAMES = 200


def oracle_positions(difficulty: str | tuple[int, int, int], count: int, seed: int = 0, *,
                     first_click: str = "safe", per_game: int = 5) -> Iterator[Position]:
    """Positions from varied depths of play, revealed by an oracle that knows the layout.

    The oracle opens a random safe cell next to the revealed area (it never loses), so positions
    look like a real game in progress; ``per_game`` positions are taken from each game at random
    depths. For tests and benchmarks of the analysis, which never sees the layout.
    """
    rows, cols, mines = parse_difficulty(difficulty) if isinstance(difficulty, str) else difficulty
    rng = random.Random(seed)
    produced = 0
    gi = 0
    idle = 0  # games in a row that gave no position
    while produced < count:
        if idle >= IDLE_GAMES:
            # on some boards (1x1x0, 2x1x1, 3x3x0, ...) every game is won at its first click, so
            # no position ever comes: stop instead of looping forever (callers see fewer positions)
            return
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)), first_click=first_click)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        safe_total = rows * cols - mines
        picks = sorted(rng.randrange(1, max(2, safe_total)) for _ in range(per_game))
        depth = 0
        for target in picks:
            while not game.won and (safe_total - game.covered_safe) < target:
                _oracle_step(game, rng)
                depth += 1
            if game.won:
                break
            yield Position(game.board(), frozenset(game.layout()), gi, depth)
            idle = -1
            produced += 1
            if produced >= count:
                return
        gi += 1
        idle += 1


def _oracle_step(game: Game, rng: random.Random) -> None:
    rows, cols = game.rows, game.cols
    view, mine = game.view, game.hidden_layout()
    frontier = [i for i in range(rows * cols) if view[i] == COVERED and not mine[i]
                and any(view[j] >= 0 for j in neighbours(rows, cols, i))]
    if not frontier or rng.random() < 0.02:
        frontier = [i for i in range(rows * cols) if view[i] == COVERED and not mine[i]]
    i = rng.choice(frontier)
    game.reveal(*divmod(i, cols))


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
    mine = game.hidden_layout()
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


def played_positions(difficulty: str | tuple[int, int, int], count: int, seed: int = 0, *,
                     first_click: str = "safe", options: AnalysisOptions | None = None) -> Iterator[Position]:
    """``count`` positions met while playing seeded games (every position of each game, in order)."""
    rows, cols, mines = parse_difficulty(difficulty) if isinstance(difficulty, str) else difficulty
    rng = random.Random(seed)
    produced = 0
    gi = 0
    opts = options if options is not None else AnalysisOptions(prove=False)
    while produced < count:
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)), first_click=first_click)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        depth = 0
        while not game.over and produced < count:
            board = game.board()
            yield Position(board, frozenset(game.layout()), gi, depth)
            produced += 1
            depth += 1
            result = analyze(board, opts)
            zero = [c for c in result.cells if isinstance(c.probability, Exact) and c.probability.fraction == 0]
            if zero:
                for c in zero:
                    if game.over:  # the last safe cell was opened: won
                        break
                    game.reveal(c.row, c.col)
            else:
                bg = result.safest  # the simple player: the lowest probability
                assert bg is not None
                game.reveal(*bg)
        gi += 1
