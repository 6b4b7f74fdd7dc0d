"""benchmarks/experiments/corner_book.py: the first guess after a numbered safe corner, played out.

Each candidate's result in ``tune`` must be the game the default strategy plays after opening that
cell, played separately; the book strategy must play its cell only on the numbered-corner board and
be the default everywhere else; the held-out fork must give what separate runs give."""

from __future__ import annotations

import pytest

from cpsolve.board import COVERED, Board
from cpsolve.play.referee import GameRecord, game_seed, play_game, play_on
from cpsolve.play.strategy import Strategy
from cpsolve.simulate import Game
from tests.support import bench_modules

cb = bench_modules.load("corner_book")


def board_of(cells: dict[int, int]) -> Board:
    return Board(16, 30, tuple(cells.get(i, COVERED) for i in range(480)), 99)


def test_corner_number_only_on_the_lone_numbered_corner() -> None:
    assert cb.corner_number(board_of({0: 1})) == 1
    assert cb.corner_number(board_of({0: 3})) == 3
    assert cb.corner_number(board_of({0: 0})) is None          # an opening: no such position
    assert cb.corner_number(board_of({0: 1, 1: 2})) is None    # more than the corner revealed
    assert cb.corner_number(board_of({5: 1})) is None          # another cell


def forced(seed: int, index: int, cell: tuple[int, int]) -> bool:
    """Game ``index`` played alone: the corner, then ``cell``, then the default strategy."""
    game = Game(16, 30, 99, seed=game_seed(seed, index), first_click="safe")
    game.reveal(0, 0)
    if game.reveal(*cell):
        rec = GameRecord(index=index, seed=game_seed(seed, index), won=False, safe_cells=381)
        play_on(game, Strategy(), rec)
    return game.won


@pytest.mark.parametrize("index", [1, 4, 6])  # seed 4100: the corner shows 3, 1, 2
def test_tune_plays_each_candidate_as_a_separate_game(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cb, "CANDIDATES", [(2, 0)])
    cb._init(4100, None)
    doc = cb.tune_one(index)
    assert doc["n"] in (1, 2, 3) and doc["wrong"] == 0
    alone = play_game(16, 30, 99, first_click="safe", seed=4100, index=index, strategy=Strategy())
    assert doc["won"][",".join(map(str, doc["default"]))] == alone.won
    assert doc["won"]["2,0"] == forced(4100, index, (2, 0))


def test_book_forks_only_at_the_corner_and_matches_separate_runs() -> None:
    book = {1: (2, 0), 2: (15, 0), 3: (3, 0)}
    cb._init(4100, book)
    for index in (0, 1, 4):  # corner 0 (settled at once), 3, 1
        doc = cb.held_one(index)
        if index == 0:
            assert doc["settled"] and doc["fork"] == -1
            continue
        assert doc["fork"] == 1   # the first guess, the corner's number the only thing known
        default = play_game(16, 30, 99, first_click="safe", seed=4100, index=index, strategy=Strategy())
        booked = play_game(16, 30, 99, first_click="safe", seed=4100, index=index, strategy=cb.Book(book))
        assert (doc["a"], doc["b"]) == (default.won, booked.won)
        assert booked.moves.get("book") == 1
