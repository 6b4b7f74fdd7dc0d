"""The player on boards whose counts no float holds, and on the extremes of mine density: whole games
end without an error or a wrong certainty, and on the large boards the player's own guess rules ran
(the look-ahead's exact counts, not just the analysis' lowest probability)."""

from __future__ import annotations

import pytest

from cpsolve.play import RunConfig, run

ANALYSIS_ONLY = {"proved", "exact-zero", "lowest"}


@pytest.mark.parametrize("rows,cols,mines,seed,guessed", [
    (40, 40, 320, 2, True),      # the traceback: cpsolve play --difficulty 40x40x320 --seed 2
    (100, 100, 2000, 2, True),
    (16, 30, 0, 1, False),       # the first click opens the board
    (16, 30, 1, 1, False),
    (16, 30, 479, 1, False),     # one safe cell: the first click wins
])
def test_whole_games_on_large_and_extreme_boards(rows: int, cols: int, mines: int, seed: int,
                                                  guessed: bool) -> None:
    config = RunConfig(rows=rows, cols=cols, mines=mines, games=1, seed=seed, first_click="safe")
    summary, records = run(config)
    assert summary["games"] == 1 and summary["errors"] == 0, summary["error_messages"]
    assert summary["wrong_certainties"] == 0 and summary["wrong_exact"] == 0
    if mines in (0, rows * cols - 1):
        assert summary["wins"] == 1 and summary["positions"] <= 1
    if guessed:
        assert set(summary["moves"]) - ANALYSIS_ONLY, summary["moves"]  # the strategy's own rules ran
