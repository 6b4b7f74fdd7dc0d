"""A picture wherever a command takes a board file (cpsolve/cli/pictures.py, issue 39 item 2): by its
file name's suffix, by its first bytes (a screenshot saved as .txt, or on standard input); an unsure
reading refused (exit 2, the unsure cells named) unless --accept-unsure. The oracle is the position
the tests draw (tests/support/picture_render.py) written as board text: the picture must analyse exactly as
that text does."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from cpsolve.cli.pictures import NAMED_CELLS, looks_like_image
from tests.support.cli_run import one_line, run
from tests.support.picture_render import encode, random_position, render_board


def _text(cells: list[list[str]], covered: set[tuple[int, int]] = frozenset()) -> str:  # type: ignore[assignment]
    """The drawn position as board text (``covered``: cells written covered)."""
    return "".join(" ".join("." if (r, c) in covered else v for c, v in enumerate(row)) + "\n"
                   for r, row in enumerate(cells))


@pytest.fixture(scope="module")
def position() -> list[list[str]]:
    return random_position(9, 9, 10, seed=3, state="playing")[0]


@pytest.fixture(scope="module")
def doctored() -> tuple[list[list[str]], tuple[int, int]]:
    """A position with one 1 drawn as an 8: the reader's rules make it (and the cells around) unsure."""
    cells = random_position(9, 9, 10, seed=11, state="playing")[0]
    where = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "1")
    cells[where[0]][where[1]] = "8"
    return cells, where


def _doc(out: str) -> dict:  # type: ignore[type-arg]
    doc = json.loads(out)
    doc.pop("source", None)
    return doc


def test_solve_reads_a_picture_as_its_board(tmp_path: Path, position, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "shot.png").write_bytes(encode(render_board(position, 20)))
    (tmp_path / "board.txt").write_text(_text(position))
    status, out, err = run(["solve", "--json", str(tmp_path / "shot.png")], capsys)
    assert (status, err) == (0, "")
    want_status, want, _ = run(["solve", "--json", str(tmp_path / "board.txt")], capsys)
    assert want_status == 0
    assert _doc(out) == _doc(want)
    assert _doc(out)["proved_safe"], "a position with something to prove"


@pytest.mark.parametrize("cell", ["0,4", "2,4", "5,0"])
def test_check_reads_a_picture(tmp_path: Path, position, capsys, cell: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "shot.png").write_bytes(encode(render_board(position, 20)))
    (tmp_path / "board.txt").write_text(_text(position))
    got = run(["check", str(tmp_path / "shot.png"), cell], capsys)
    want = run(["check", str(tmp_path / "board.txt"), cell], capsys)
    assert got[0] in (0, 1) and got == want


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "BMP", "GIF", "WEBP"])
def test_a_picture_named_as_a_board_file_is_known_by_its_bytes(tmp_path: Path, position, capsys,  # type: ignore[no-untyped-def]
                                                               fmt: str) -> None:
    data = encode(render_board(position, 24), fmt, 95)
    assert looks_like_image(data)
    (tmp_path / "board.txt").write_bytes(data)
    (tmp_path / "want.txt").write_text(_text(position))
    status, out, err = run(["solve", "--json", str(tmp_path / "board.txt")], capsys)
    assert (status, err) == (0, ""), err
    assert _doc(out) == _doc(run(["solve", "--json", str(tmp_path / "want.txt")], capsys)[1])


def test_a_picture_on_standard_input(position, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    data = encode(render_board(position, 20))

    class Stdin(io.TextIOWrapper):
        pass

    monkeypatch.setattr(sys, "stdin", Stdin(io.BytesIO(data)))
    status, out, err = run(["check", "-", "2,4"], capsys)
    assert (status, err) == (1, ""), err
    assert "proved MINE" in out


def test_an_unsure_reading_is_refused_naming_its_cells(tmp_path: Path, doctored, capsys) -> None:  # type: ignore[no-untyped-def]
    cells, where = doctored
    path = tmp_path / "shot.png"
    path.write_bytes(encode(render_board(cells, 20)))
    for argv in (["solve", str(path)], ["check", str(path), "8,8"], ["encode", str(path)],
                 ["compare", str(path)]):
        status, out, err = run(argv, capsys)
        line = one_line(err)
        assert status == 2, argv
        assert line.startswith(f"cpsolve: {path}: the picture's board was read unsurely at ")
        assert f"{where[0]},{where[1]}" in line and "--accept-unsure" in line
        assert out == "" or argv[0] == "compare"  # (compare ends with its count of boards: none)


def test_accept_unsure_covers_the_unsure_cells(tmp_path: Path, doctored, capsys) -> None:  # type: ignore[no-untyped-def]
    from cpsolve import read_image

    cells, where = doctored
    path = tmp_path / "shot.png"
    path.write_bytes(encode(render_board(cells, 20)))
    unsure = set(read_image(path).unsure)
    assert where in unsure
    status, out, err = run(["solve", "--json", "--accept-unsure", str(path)], capsys)
    assert status == 0
    line = one_line(err)
    assert "read unsurely, taken as covered (--accept-unsure)" in line and f"{where[0]},{where[1]}" in line
    # the board solved is the drawing with the unsure cells covered, every other cell as drawn
    (tmp_path / "want.txt").write_text(_text(cells, unsure))
    assert _doc(out) == _doc(run(["solve", "--json", str(tmp_path / "want.txt")], capsys)[1])


def test_solve_goes_on_after_a_picture_without_a_board(tmp_path: Path, position, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "noise.png").write_bytes(b"\x89PNG\r\n\x1a\n broken")
    (tmp_path / "board.txt").write_text(_text(position))
    status, out, err = run(["solve", "--json", str(tmp_path / "noise.png"), str(tmp_path / "board.txt")], capsys)
    assert status == 2
    line = one_line(err)
    assert line == f"cpsolve: {_refusal(tmp_path / 'noise.png')}"
    docs = [json.loads(x) for x in out.splitlines()]
    assert [d["status"] for d in docs] == ["error", "ok"]
    assert docs[0]["error"] == line.removeprefix("cpsolve: ")


def _refusal(path: Path) -> str:
    """The reader's own one line for a picture without a board (the oracle of the command's line)."""
    from cpsolve.picture import NoBoardFound, read_image

    with pytest.raises(NoBoardFound) as exc:
        read_image(path)
    assert str(exc.value).startswith(f"{path}: ")
    return str(exc.value)


@pytest.mark.parametrize("content", [b"", b"1 . .\n. . .\n", b"GIF89a" + b"\0" * 40, b"\x89PNG\r\n\x1a\n"])
def test_a_bad_picture_is_one_line_exit_2(tmp_path: Path, capsys, content: bytes) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.gif"
    path.write_bytes(content)
    status, out, err = run(["check", str(path), "0,0"], capsys)
    assert status == 2 and out == ""
    assert one_line(err) == f"cpsolve: {_refusal(path)}"


def test_board_text_is_never_taken_for_a_picture(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Text beginning as BMP's magic is still board text (and its error a board text error)."""
    for text in ("BM\n", "BM" + "\0" * 4 + "\0" * 4 + "\x28\0\0\0" + "\0" * 8, "RIFF....WEBX", "GIF8"):
        assert not looks_like_image(text.encode()), text
    path = tmp_path / "b.txt"
    path.write_bytes(b"BM . .\n")
    status, _, err = run(["solve", str(path)], capsys)
    assert status == 2 and f"{path}:1:1:" in one_line(err)


def test_every_decodable_format_is_sniffed() -> None:
    img = Image.new("RGB", (20, 20), (1, 2, 3))
    for fmt in ("PNG", "JPEG", "GIF", "BMP", "WEBP"):
        out = io.BytesIO()
        img.save(out, fmt)
        assert looks_like_image(out.getvalue()), fmt
    assert not looks_like_image(b"mines: 3\n. . .\n")


def test_a_long_list_of_unsure_cells_stays_one_line(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Many unsure cells: the first NAMED_CELLS named, the rest counted (a fake reading: the path
    from the reading to the message)."""
    import cpsolve.cli.pictures as pictures
    from cpsolve import parse_board
    from cpsolve.picture import Reading

    board = parse_board(". . . . .\n" * 5)
    unsure = tuple((r, c) for r in range(5) for c in range(5))
    fake = Reading(board=board, cells=(), unsure=unsure, reasons=(), box=(0, 0, 50, 50), cell_size=10.0,
                   skin=None, mine_counter=None)
    monkeypatch.setattr(pictures, "read_image", lambda source, name=None: fake)
    path = tmp_path / "shot.webp"
    path.write_bytes(b"")
    status, _, err = run(["solve", str(path)], capsys)
    line = one_line(err)
    assert status == 2
    assert f"at 25 cells (0,0 0,1 0,2 0,3 0,4 1,0 1,1 1,2 1,3 1,4 2,0 2,1 and {25 - NAMED_CELLS} more)" in line
