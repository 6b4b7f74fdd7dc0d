"""Parsing and validation of positions (spec section 1): headers, formats, and one-line errors."""

from __future__ import annotations

import pytest

from cpsolve import BoardError, parse_board
from cpsolve.board import COVERED, FLAG, MINE
from tests.support.paths import BOARDS


def test_headline_file():
    b = parse_board((BOARDS / "headline.txt").read_text(), "headline.txt")
    assert (b.rows, b.cols, b.mines) == (3, 5, 1)
    assert b.at(0, 1) == 1 and b.at(2, 3) == 1 and b.at(1, 2) == COVERED


def test_jsminesweeper_mine_file_equals_text_file():
    a = parse_board((BOARDS / "expert-midgame.mine").read_text())
    b = parse_board((BOARDS / "expert-midgame.txt").read_text())
    assert (a.rows, a.cols, a.mines) == (16, 30, 99)
    assert a.cells == b.cells and a.mines == b.mines


def test_chars_comments_spaces():
    b = parse_board("# c\nmines: 3\n  # indented comment\n.H?F*\n0 1 2 3 2\n# end\n")
    assert b.cells[:5] == (COVERED, COVERED, COVERED, FLAG, MINE)
    assert b.cells[5:] == (0, 1, 2, 3, 2)
    assert b.mines == 3


def test_round_trip():
    text = "mines: 4\nF 2 .\n. . *\n1 . .\n"
    b = parse_board(text)
    assert parse_board(b.to_text()) == b


@pytest.mark.parametrize("text, line, col, words", [
    ("..\n...\n", 2, 1, "ragged"),
    ("..\n.x\n", 2, 2, "unknown character 'x'"),
    ("...\n.9.\n...\n", 2, 2, "clue 9 is above 8"),
    ("4..\n...\n", 1, 1, "clue 4 at 0,0 has only 3"),
    ("mines: 2\n.2\n", 2, 2, "clue 2"),
    ("mines: 1\n**\n..\n", 1, 8, "2 known mines exceed the total"),
    ("mines: 5\n..\n.1\n", 1, 8, "do not fit"),
    ("2x2x1\n...\n...\n", 1, 1, "header says 2x2"),
    ("mines: abc\n..\n", 1, 8, "not a non-negative whole number"),
    ("mines: -3\n..\n", 1, 8, "not a non-negative whole number"),
    ("# nothing\n", 2, 1, "no board"),
    (".1\nmines: 1\n", 2, 1, "after the grid"),
])
def test_errors_name_line_and_column(text, line, col, words):
    with pytest.raises(BoardError) as err:
        parse_board(text, "f.txt")
    e = err.value
    assert words in str(e)
    assert (e.line, e.col) == (line, col)
    expected_prefix = "f.txt" + (f":{line}" if line else "") + (f":{col}" if col else "") + ": "
    assert str(e).startswith(expected_prefix)
    assert "\n" not in str(e)


def test_error_column_counts_spaces():
    with pytest.raises(BoardError) as err:
        parse_board(". . .\n. . z\n")
    assert (err.value.line, err.value.col) == (2, 5)


def test_board_error_is_value_error():
    assert issubclass(BoardError, ValueError)


@pytest.mark.parametrize("header", ["mines: 1 # total", "mines:1#total", "Mines : 1   #", "5x3x1 # JSMinesweeper",
                                    "5x3x1#"])
def test_header_line_may_end_in_a_comment(header):
    """Issue 27 item 11: ``mines: 1 # total`` was refused as ``1:1: unknown character 'm'``; '#'
    comments stand anywhere in the format, so a header line may end in one too."""
    from cpsolve.layout import parse_layout

    b = parse_board(header + "\n. 1 . . .\n. . . . .\n. . . 1 .\n")
    assert (b.rows, b.cols, b.mines) == (3, 5, 1)
    assert parse_layout(header + "\n" + "*....\n.....\n.....\n").mines == frozenset({0})


@pytest.mark.parametrize("header, col", [("mines: # 1", 8), ("mines: s", 8), ("mines: 1x # c", 8), ("mines:", 7)])
def test_header_value_errors_point_at_the_value(header, col):
    with pytest.raises(BoardError) as err:
        parse_board(header + "\n. 1 .\n")
    assert (err.value.line, err.value.col) == (1, col) and "mine total" in str(err.value)
