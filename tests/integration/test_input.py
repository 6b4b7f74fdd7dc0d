"""Input defects of issue 10: digits, huge numbers, byte-order mark, line ends, positions in every
message, standard input as bytes, file names escaped wherever they are printed or embedded."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cpsolve import BoardError, parse_board
from cpsolve.board import COVERED, parse_board_bytes
from cpsolve.plaintext import display_name
from tests.support.cli_run import one_line, run


@pytest.mark.parametrize("digit", ["\u0663", "\uff13", "\u00b2", "\u09e9", "\U0001d7d1"])
def test_only_ascii_digits_are_clues(digit):
    with pytest.raises(BoardError) as err:
        parse_board(f"...\n.{digit}.\n...\n", "f")
    assert (err.value.line, err.value.col) == (2, 2)
    assert "unknown character" in str(err.value)


@pytest.mark.parametrize("total", ["\u0663", "\uff13", "\u00b2", "1\u00b2", "\u0661\u0660"])
def test_only_ascii_digits_make_a_mine_total(total):
    with pytest.raises(BoardError) as err:
        parse_board(f"mines: {total}\n...\n...\n", "f")
    assert (err.value.line, err.value.col) == (1, 8)
    assert "not a non-negative whole number" in str(err.value)


@pytest.mark.parametrize("header", ["\uff13x3x1", "3x\u0663x1", "3x3x\u00b2"])
def test_only_ascii_digits_make_a_whm_header(header):
    with pytest.raises(BoardError) as err:
        parse_board(f"{header}\n...\n...\n...\n", "f")
    assert err.value.line == 1


def test_huge_mine_total_is_a_clean_error():
    with pytest.raises(BoardError) as err:
        parse_board("mines: " + "9" * 5000 + "\n..\n..\n", "f")
    assert (err.value.line, err.value.col) == (1, 8)
    assert "too large" in str(err.value)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("k", [0, 1, 2])
def test_huge_whm_number_is_a_clean_error(k):
    parts = ["2", "2", "1"]
    parts[k] = "7" * 5000
    line = "x".join(parts)
    with pytest.raises(BoardError) as err:
        parse_board(f"{line}\n..\n..\n", "f")
    assert err.value.line == 1 and err.value.col == line.index("7" * 5000) + 1
    assert "too large" in str(err.value) and len(str(err.value)) < 200


def test_leading_zeros_are_fine():
    assert parse_board("mines: " + "0" * 5000 + "1\n..\n..\n").mines == 1


def test_utf8_bom_is_accepted():
    b = parse_board("\ufeffmines: 1\n. 1\n. .\n")
    assert b.mines == 1 and b.at(0, 0) == COVERED
    assert parse_board_bytes(b"\xef\xbb\xbf30x16x99\n" + (b"." * 30 + b"\n") * 16).mines == 99


def test_bom_then_error_column_counts_from_the_first_visible_character():
    with pytest.raises(BoardError) as err:
        parse_board("\ufeffx.\n..\n", "f")
    assert (err.value.line, err.value.col) == (1, 1)


@pytest.mark.parametrize("sep", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_newline_cr_crlf_end_lines(sep):
    # the separator sits in a comment; the bad character two lines later must be on line 3
    with pytest.raises(BoardError) as err:
        parse_board(f"# a{sep}b\n..\n.x\n", "f")
    assert (err.value.line, err.value.col) == (3, 2)


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_the_three_line_ends(end):
    b = parse_board(end.join(["mines: 1", ". 1", ". ."]) + end)
    assert (b.rows, b.cols, b.mines) == (2, 2, 1)
    with pytest.raises(BoardError) as err:
        parse_board(end.join(["..", "..", ".x"]), "f")
    assert (err.value.line, err.value.col) == (3, 2)


@pytest.mark.parametrize("text, line, col", [
    ("", 1, 1),
    ("# nothing\n", 2, 1),
    ("# a\n# bc", 2, 5),
    ("mines: 3\n\n", 3, 1),
])
def test_no_board_found_has_line_and_col(text, line, col):
    with pytest.raises(BoardError) as err:
        parse_board(text, "f")
    assert "no board found" in str(err.value)
    assert (err.value.line, err.value.col) == (line, col)
    assert str(err.value).startswith(f"f:{line}:{col}: ")


@pytest.mark.parametrize("data, line, col, byte", [
    (b"..\n.\xff\n", 2, 2, 4),
    (b"\xff", 1, 1, 0),
    (b"# \xc3\xa9t\xc3\xa9\r\n..\r\n..\xe2\x82\n", 3, 3, 15),
    (b"\xef\xbb\xbf.\x80", 1, 2, 4),
])
def test_not_utf8_names_line_and_col(data, line, col, byte):
    with pytest.raises(BoardError) as err:
        parse_board_bytes(data, "f")
    assert (err.value.line, err.value.col) == (line, col)
    assert f"not UTF-8 text (byte {byte})" in str(err.value)


def test_stdin_is_read_as_bytes(capsys, monkeypatch):
    # a strict UTF-8 text layer would raise UnicodeDecodeError out of sys.stdin.read()
    raw = io.BytesIO(b"..\n.\xff\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw, encoding="utf-8", errors="strict"))
    status, out, err = run(["solve", "-"], capsys)
    assert status == 2
    assert one_line(err) == "cpsolve: <stdin>:2:2: not UTF-8 text (byte 4)"


def test_stdin_bytes_with_bom(capsys, monkeypatch):
    raw = io.BytesIO(b"\xef\xbb\xbfmines: 1\n. 1\n. .\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw, encoding="utf-8"))
    status, out, err = run(["solve", "--json", "-"], capsys)
    assert status == 0, err
    assert json.loads(out)["mines"] == 1


@pytest.mark.parametrize("name, shown", [
    ("a\nb.txt", "a\\nb.txt"),
    ("a\rb", "a\\rb"),
    ("x\u2028y", "x\\u2028y"),
    ("caf\u00e9", "caf\u00e9"),
    ("bad\udcffname", "bad\\xffname"),
    ("esc\x1b[31m", "esc\\x1b[31m"),
])
def test_display_name(name, shown):
    assert display_name(name) == shown
    assert shown.encode("utf-8")  # no lone surrogate left


def test_error_for_a_file_name_with_a_newline_is_one_line(tmp_path, capsys):
    path = tmp_path / "two\nlines.txt"
    path.write_text("..\n.x\n")
    status, out, err = run(["solve", str(path)], capsys)
    assert status == 2
    line = one_line(err)
    assert line.endswith("two\\nlines.txt:2:2: unknown character 'x' (expected . H ? 0-8 F *)")


def test_non_utf8_file_name_in_errors_and_json(tmp_path, capsys):
    name = bytes(tmp_path) + b"/bad\xffname.txt"
    path = name.decode("utf-8", "surrogateescape")
    Path(path).write_text("..\n.9\n")
    status, out, err = run(["solve", "--json", path], capsys)
    assert status == 2
    assert "bad\\xffname.txt:2:2: clue 9 is above 8" in one_line(err)
    err.encode("utf-8")
    doc = json.loads(out)
    assert "\\u" not in out and "bad\\xffname.txt" in doc["source"]
    out.encode("utf-8")


def test_inconsistent_board_file_name_escaped(tmp_path, capsys):
    path = tmp_path / "in\nconsistent.txt"
    path.write_text("mines: 2\n1 .\n. .\n")
    status, out, err = run(["solve", str(path)], capsys)
    assert status == 1
    assert "in\\nconsistent.txt" in err and "in\nconsistent" not in err + out


@pytest.mark.parametrize("fmt, comment", [("dimacs", "c"), ("opb", "*")])
def test_encode_does_not_inject_lines_from_the_file_name(tmp_path, capsys, fmt, comment):
    path = tmp_path / f"x\np cnf 1 1\n1 0\nmines-{fmt}.txt"
    path.write_text("mines: 1\n. 1\n. .\n")
    status, out, err = run(["encode", "--format", fmt, str(path)], capsys)
    assert status == 0, err
    lines = out.splitlines()
    title = [ln for ln in lines if "cpsolve encoding of" in ln]
    assert len(title) == 1 and title[0].startswith(comment + " ")
    assert "x\\np cnf 1 1\\n1 0\\nmines" in title[0]
    assert not any(ln.startswith("1 0") for ln in lines)
    if fmt == "dimacs":
        assert sum(1 for ln in lines if ln.startswith("p cnf")) == 1


@pytest.mark.parametrize("text, words", [
    ("\uff13x3x1", "unknown difficulty"),
    ("3x3x\u00b2", "unknown difficulty"),
    ("9" * 5000 + "x3x1", "too large"),
    ("100000x100000x10", "above the limit"),
])
def test_difficulty_numbers(text, words):
    from cpsolve.simulate import parse_difficulty

    with pytest.raises(ValueError) as err:
        parse_difficulty(text)
    assert words in str(err.value) and len(str(err.value)) < 200
