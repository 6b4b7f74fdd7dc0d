"""What a run plays: :class:`RunConfig`, and :func:`play_one`, one of its games.

Its own room so that the local runner (:mod:`.runner`) and the cluster (:mod:`.cluster`) both import
it and not each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..analysis import analyze
from ..options import DEFAULTS, AnalysisOptions
from .referee import Analyzer, GameRecord, play_game
from .strategy import Strategy, default_first_cell


@dataclass
class RunConfig:
    rows: int
    cols: int
    mines: int
    games: int
    seed: int = 0
    first_click: str = "safe"
    first_cell: tuple[int, int] | None = None
    difficulty: str = ""
    analysis_options: AnalysisOptions = DEFAULTS
    strategy_options: dict[str, Any] = field(default_factory=dict)
    analyzer: Analyzer = analyze

    def cell(self) -> tuple[int, int]:
        return self.first_cell or default_first_cell(self.rows, self.cols, self.first_click)

    def settings(self) -> dict[str, Any]:
        """What decides the games and how they are played (not how many: a run can be extended). The
        strategy is given with every setting resolved, defaults included: records played under an
        earlier default are of another run."""
        return {"rows": self.rows, "cols": self.cols, "mines": self.mines, "seed": self.seed,
                "first_click": self.first_click, "first_cell": list(self.cell()),
                "analysis": repr(self.analysis_options), "strategy": repr(Strategy(**self.strategy_options)),
                "solver": f"{getattr(self.analyzer, '__module__', '')}.{getattr(self.analyzer, '__qualname__', '')}"}


def play_one(index: int, config: RunConfig) -> GameRecord:
    """Game ``index`` of ``config``: it depends on (seed, index) and the settings only."""
    strategy = Strategy(**config.strategy_options)
    return play_game(config.rows, config.cols, config.mines, first_click=config.first_click, seed=config.seed,
                     index=index, strategy=strategy, analyzer=config.analyzer,
                     options=config.analysis_options, first_cell=config.cell())
