"""Simulation: games with a hidden layout (the referee) and the position generators built on them.

The solver never sees a layout: :class:`Game` hands out only what is revealed, as a
:class:`~cpsolve.board.Board`; callers that check claims use :meth:`Game.is_mine`.
"""

from .game import DIFFICULTIES, Game, Position, parse_difficulty
from .positions import midgame_positions, oracle_positions, played_positions

__all__ = ["DIFFICULTIES", "Game", "Position", "midgame_positions", "oracle_positions", "parse_difficulty",
           "played_positions"]
