"""The play harness: a referee that holds the layout, a strategy that sees only the board."""

from .referee import GameRecord, check_certainties, game_seed, play_game
from .run_config import RunConfig
from .runner import run, summarize, wilson
from .strategy import Move, Strategy, default_first_cell

__all__ = ["GameRecord", "Move", "RunConfig", "Strategy", "check_certainties", "default_first_cell",
           "game_seed", "play_game", "run", "summarize", "wilson"]
