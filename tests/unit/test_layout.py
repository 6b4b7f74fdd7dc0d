"""Layouts (spec section 7): the text format and MBF, round trips and every kind of bad input;
ms-toollib's matrix convention for boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve import Board, BoardError, parse_board
from cpsolve.board import COVERED, FLAG, MINE
from cpsolve.cli import main
from cpsolve.layout import Layout, LayoutError, parse_layout, parse_mbf, read_layout, write_layout


@st.composite
def layouts(draw: st.DrawFn, max_side: int = 12) -> Layout:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    mines = draw(st.sets(st.integers(0, rows * cols - 1), max_size=rows * cols - 1))
    return Layout(rows, cols, frozenset(mines))


@given(layouts())
@settings(max_examples=200, deadline=None)
def test_text_and_mbf_round_trip(layout: Layout) -> None:
    assert parse_layout(layout.to_text()) == layout
    assert parse_layout(layout.to_text(header=False)) == layout
    assert parse_mbf(layout.to_mbf()) == layout


def test_mbf_bytes_by_hand(tmp_path: Path) -> None:
    # 3 wide, 2 high, mines at x=2,y=0 and x=0,y=1
    layout = parse_layout("..*\n*..\n")
    assert layout.to_mbf() == bytes([3, 2, 0, 2, 2, 0, 0, 1])
    path = tmp_path / "a.MBF"  # the suffix chooses the format, any case
    write_layout(layout, path)
    assert path.read_bytes() == bytes([3, 2, 0, 2, 2, 0, 0, 1])
    assert read_layout(path) == layout
    text = tmp_path / "a.txt"
    write_layout(layout, text)
    assert text.read_text() == "mines: 2\n..*\n*..\n"
    assert read_layout(text) == layout


def test_big_count_is_big_endian() -> None:
    layout = Layout(16, 30, frozenset(range(300)))
    data = layout.to_mbf()
    assert data[:4] == bytes([30, 16, 1, 44])  # 300 = 0x012C
    assert parse_mbf(data) == layout


def test_text_header_checked_and_comments() -> None:
    assert parse_layout("# a comment\nmines: 1\n. * .\n# end\n").mine_count == 1
    assert parse_layout("3x1x1\n.*.\n").mine_count == 1
    with pytest.raises(LayoutError, match=r"<layout>:1:8: header says 2 mines but the grid has 1"):
        parse_layout("mines: 2\n.*.\n")
    with pytest.raises(LayoutError, match=r":2:2: unknown character '1'"):
        parse_layout(".*.\n*1.\n")
    with pytest.raises(LayoutError, match="ragged rows"):
        parse_layout("...\n..\n")
    with pytest.raises(LayoutError, match="no layout found"):
        parse_layout("# nothing\n")
    with pytest.raises(LayoutError, match=r"header says 4x1 .* grid is 3x1"):
        parse_layout("4x1x1\n.*.\n")


BAD_MBF = {
    "short header": (bytes([3, 2, 0]), "truncated MBF: 3 bytes, the header alone needs 4"),
    "odd body": (bytes([3, 2, 0, 1, 2]), "truncated MBF: 1 bytes of mine coordinates"),
    "fewer listed": (bytes([3, 2, 0, 2, 2, 0]), "truncated MBF: the header says 2 mines, the file lists 1"),
    "more listed": (bytes([3, 2, 0, 1, 2, 0, 0, 1]),
                    "MBF mine count disagrees with the mines listed: the header says 1, the file lists 2"),
    "x out of range": (bytes([3, 2, 0, 1, 3, 0]), "MBF mine 1 at x=3, y=0 is outside the 3x2 board"),
    "y out of range": (bytes([3, 2, 0, 1, 0, 2]), "MBF mine 1 at x=0, y=2 is outside the 3x2 board"),
    "duplicate": (bytes([3, 2, 0, 2, 1, 1, 1, 1]), "MBF mine 2 at x=1, y=1 is listed twice"),
    "no cells": (bytes([0, 2, 0, 0]), "MBF header gives a 0x2 board"),
}


@pytest.mark.parametrize("name", sorted(BAD_MBF))
def test_bad_mbf_is_one_line_exit_2(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, message = BAD_MBF[name]
    with pytest.raises(LayoutError) as info:
        parse_mbf(data, "x.mbf")
    assert message in str(info.value)
    assert isinstance(info.value, BoardError)
    path = tmp_path / "bad.mbf"
    path.write_bytes(data)
    status = main(["verify-ng", str(path), "--first-cell", "0,0"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and str(path) in err


@pytest.mark.parametrize("text,first,message", [
    ("..*\n*..\n", "0,2", "the first cell 0,2 is a mine"),
    ("..*\n*..\n", "5,0", "first cell 5,0 is off the 3x2 board"),
    ("mines: 3\n..*\n*..\n", "0,0", ":1:8: header says 3 mines but the grid has 2"),
    ("..*\n*.1\n", "0,0", ":2:3: unknown character '1'"),
])
def test_bad_text_layout_exit_2(text: str, first: str, message: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    status = main(["verify-ng", str(path), "--first-cell", first])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and str(path) in err


def test_opening_rule_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "l.txt"
    path.write_text("...\n...\n..*\n")
    assert main(["verify-ng", str(path), "--first-cell", "0,0", "--first-click", "opening"]) == 0
    assert main(["verify-ng", str(path), "--first-cell", "1,1", "--first-click", "opening"]) == 2
    assert "shows 1, not 0" in capsys.readouterr().err


def test_missing_file_and_binary_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-ng", str(tmp_path / "none.txt"), "--first-cell", "0,0"]) == 2
    assert "no such file" in capsys.readouterr().err
    path = tmp_path / "l.txt"
    path.write_bytes(bytes([3, 2, 0, 1, 0xFF, 0xFE]))
    assert main(["verify-ng", str(path), "--first-cell", "0,0"]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


# -- ms-toollib's matrix convention ---------------------------------------------------------------

def test_board_matrix_round_trip_by_hand() -> None:
    board = parse_board("mines: 3\n1 F .\n. * .\n")
    assert board.to_matrix() == [[1, 11, 10], [10, 11, 10]]
    back = Board.from_matrix(board.to_matrix(), mines=3)
    # ms-toollib has one code (11) for a flag and a known mine: both come back as flags
    assert back.cells == (1, FLAG, COVERED, COVERED, FLAG, COVERED) and back.mines == 3
    shown = Board.from_matrix([[1, 12], [15, 16]])
    assert shown.cells == (1, COVERED, MINE, MINE)


@given(st.lists(st.lists(st.sampled_from([10, 11, 12]), min_size=3, max_size=3), min_size=1, max_size=4))
def test_board_matrix_round_trip_covered(matrix: list[list[int]]) -> None:
    board = Board.from_matrix(matrix)
    assert Board.from_matrix(board.to_matrix()).cells == board.cells
    assert board.to_matrix() == [[10 if v == 12 else v for v in row] for row in matrix]


def test_board_matrix_bad_input() -> None:
    with pytest.raises(BoardError, match="matrix value 9 at 0,1 is not an ms-toollib cell code"):
        Board.from_matrix([[1, 9]])
    with pytest.raises(BoardError, match="ragged matrix"):
        Board.from_matrix([[10, 10], [10]])
    with pytest.raises(BoardError, match="no cells"):
        Board.from_matrix([])
    with pytest.raises(BoardError, match="clue 3 at 0,0 has only 1"):
        Board.from_matrix([[3, 10]])


def test_layout_matrix_matches_ms_toollib() -> None:
    ms = pytest.importorskip("ms_toollib")
    board = ms.laymine_op(16, 30, 99, 3, 3)
    layout = Layout.from_matrix(board)
    assert layout.mine_count == 99
    assert layout.to_matrix() == [list(row) for row in board]  # numbers computed the same way
