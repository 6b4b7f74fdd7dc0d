"""The picture reader (cpsolve.picture, docs/pictures.md) on boards the tests draw themselves
(tests/support/picture_render.py): the oracle is the position drawn. Every cell must read back exactly
(clean renders), or (harder renders) every cell that differs must be marked unsure: never silently
wrong."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from cpsolve.picture import IMAGE_SUFFIXES, NoBoardFound, Reading, read_image
from cpsolve.picture.rules import local_conflicts
from tests.support.picture_render import desktop, encode, random_position, render_board, scale


def _values(reading: Reading) -> list[str]:
    return [c.value for c in reading.cells]


def _expected(cells: list[list[str]]) -> list[str]:
    return [v for row in cells for v in row]


def _read_back(cells: list[list[str]], picture: np.ndarray, fmt: str = "PNG", quality: int = 95) -> Reading:
    reading = read_image(encode(picture, fmt, quality))
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    return reading


def _never_wrong(reading: Reading, cells: list[list[str]]) -> int:
    """Cells read wrong and not marked unsure must be none; returns how many differ."""
    unsure = set(reading.unsure)
    wrong = [(c.row, c.col, c.value, want) for c, want in zip(reading.cells, _expected(cells))
             if c.value != want and (c.row, c.col) not in unsure]
    assert wrong == [], f"silently wrong cells (row, col, read, drawn): {wrong[:10]}"
    return sum(c.value != want for c, want in zip(reading.cells, _expected(cells)))


@pytest.mark.parametrize("state", ["playing", "lost", "won"])
def test_an_expert_game_reads_exactly(state: str) -> None:
    cells, counter = random_position(16, 30, 99, seed=1, state=state)
    reading = _read_back(cells, render_board(cells, 16, counter=counter))
    assert _values(reading) == _expected(cells)
    assert reading.unsure == ()
    assert reading.skin == "classic"
    assert abs(reading.cell_size - 16) < 0.5


@pytest.mark.parametrize("cell", [16, 24, 40, 60])
def test_cell_sizes(cell: int) -> None:
    cells, counter = random_position(9, 9, 10, seed=cell, state="lost")
    reading = _read_back(cells, render_board(cells, cell, counter=counter))
    assert _values(reading) == _expected(cells)
    assert abs(reading.cell_size - cell) < 0.05 * cell


@pytest.mark.parametrize("factor", [1.5, 1.75, 2.0])
def test_display_scaling(factor: float) -> None:
    cells, counter = random_position(16, 16, 40, seed=7, state="playing")
    reading = _read_back(cells, scale(render_board(cells, 16, counter=counter), factor))
    assert _values(reading) == _expected(cells)
    assert abs(reading.cell_size - 16 * factor) < 0.3


@pytest.mark.parametrize("factor", [1.1, 1.25])
def test_blurred_scaling_is_never_silently_wrong(factor: float) -> None:
    cells, counter = random_position(16, 16, 40, seed=8, state="playing")
    reading = _read_back(cells, scale(render_board(cells, 16, counter=counter), factor))
    assert _never_wrong(reading, cells) <= 0.1 * 256


def test_on_a_desktop_in_a_window() -> None:
    cells, counter = random_position(16, 30, 99, seed=5, state="playing")
    picture, (x, y) = desktop(render_board(cells, 16, counter=counter), 1920, 1080, seed=5)
    reading = _read_back(cells, picture)
    assert _values(reading) == _expected(cells)
    bx, by, bw, bh = reading.box
    assert bw == pytest.approx(30 * 16, abs=3) and bh == pytest.approx(16 * 16, abs=3)


def test_jpeg_quality_70_on_a_desktop_scaled() -> None:
    cells, counter = random_position(16, 30, 99, seed=6, state="playing")
    picture, _ = desktop(scale(render_board(cells, 16, counter=counter), 1.5), 1920, 1080, seed=6)
    reading = _read_back(cells, picture, "JPEG", 70)
    assert _values(reading) == _expected(cells)


def test_a_pil_image_and_a_path_read_the_same(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    picture = render_board(cells, 20, counter=counter)
    path = tmp_path / "board.png"
    Image.fromarray(picture).save(path)
    a, b = read_image(Image.fromarray(picture)), read_image(str(path))
    assert _values(a) == _values(b) == _expected(cells)
    assert b.source == str(path)


@pytest.mark.parametrize("fmt", ["BMP", "GIF", "WEBP"])
def test_other_formats(fmt: str) -> None:
    cells, counter = random_position(9, 9, 10, seed=4, state="playing")
    data = encode(render_board(cells, 24, counter=counter), fmt)
    reading = read_image(data)
    assert _never_wrong(reading, cells) == 0 or fmt == "WEBP"


def test_text_marks_unsure_cells_with_a_question_mark() -> None:
    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    reading = read_image(encode(render_board(cells, 20, counter=counter)))
    text = reading.text()
    assert "?" not in text
    assert text.splitlines()[-9:] == [" ".join(row) for row in cells]


def test_image_suffixes() -> None:
    assert IMAGE_SUFFIXES == (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp")


# -- no board: refused, never made up -------------------------------------------------------------

def _png(a: np.ndarray) -> bytes:
    out = io.BytesIO()
    Image.fromarray(a).save(out, "PNG")
    return out.getvalue()


def test_noise_is_no_board() -> None:
    rng = np.random.default_rng(1)
    with pytest.raises(NoBoardFound, match="no board found"):
        read_image(_png(rng.integers(0, 256, (400, 600, 3), dtype=np.uint8)))


def test_a_gradient_is_no_board() -> None:
    y, x = np.mgrid[0:480, 0:640]
    a = np.stack([x * 255 // 640, y * 255 // 480, (x + y) * 255 // 1120], axis=2).astype(np.uint8)
    with pytest.raises(NoBoardFound, match="no board found"):
        read_image(_png(a))


def test_a_chessboard_is_no_board() -> None:
    y, x = np.mgrid[0:400, 0:400]
    a = (((x // 40) + (y // 40)) % 2 * 255).astype(np.uint8)
    with pytest.raises(NoBoardFound, match="no board found"):
        read_image(_png(np.stack([a, a, a], axis=2)))


def test_text_is_no_board() -> None:
    import cv2

    a = np.full((300, 700, 3), 255, np.uint8)
    for k in range(12):
        cv2.putText(a, "The quick brown fox jumps over the lazy dog 0123", (10, 20 + 22 * k),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1, cv2.LINE_AA)
    with pytest.raises(NoBoardFound, match="no board found"):
        read_image(_png(a))


@pytest.mark.parametrize("data, why", [
    (b"", "empty"), (b"hello, world", "not an image"), (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "not"),
])
def test_not_an_image(data: bytes, why: str) -> None:
    with pytest.raises(NoBoardFound, match=why):
        read_image(data)


def test_a_truncated_picture_is_refused() -> None:
    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    data = encode(render_board(cells, 20, counter=counter))
    with pytest.raises(NoBoardFound):
        read_image(data[: len(data) // 2])


def test_a_decompression_bomb_is_refused_unread() -> None:
    out = io.BytesIO()
    Image.new("1", (10000, 10000)).save(out, "PNG")  # 100 MP, a few kB
    with pytest.raises(NoBoardFound, match="refused"):
        read_image(out.getvalue())


def test_an_animation_gives_its_first_frame() -> None:
    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    first = Image.fromarray(render_board(cells, 20, counter=counter))
    second = Image.new("RGB", first.size, (0, 0, 0))
    out = io.BytesIO()
    first.save(out, "GIF", save_all=True, append_images=[second])
    assert _values(read_image(out.getvalue())) == _expected(cells)


# -- the rules: a doctored reading gets unsure cells ----------------------------------------------

def test_a_zero_beside_a_covered_cell_is_unsure() -> None:
    values = ["0", ".", "1",
              "0", "1", "1",
              "0", "0", "0"]
    found = local_conflicts(values, set(), 3, 3)
    assert any({0, 1} <= cells for cells, _ in found)


def test_a_number_above_its_covered_neighbours_is_unsure() -> None:
    values = ["3", ".", "1",
              "1", "1", "1",
              "0", "0", "0"]
    found = local_conflicts(values, set(), 3, 3)
    assert any(0 in cells and "a 3 with only 1" in why for cells, why in found)


def test_a_wrong_flag_needs_a_mine_shown() -> None:
    """Wrong flags are shown only on a lost board, which shows its mines (the exploded one, or every
    one alike): without one read surely, a wrong flag is unsure (a mouse pointer over a red 5 read as
    a crossed flag); with one, it stands."""
    values = [".", "W", "1",
              "1", "1", "1",
              "0", "0", "0"]
    assert any(cells == {1} and "shows no mine" in why for cells, why in local_conflicts(values, set(), 3, 3))
    for shown in ("X", "*"):
        lost = [shown, "W", "2"] + values[3:]
        assert not any(1 in cells for cells, _ in local_conflicts(lost, set(), 3, 3))
        assert any(cells == {1} for cells, _ in local_conflicts(lost, {0}, 3, 3))  # the mine unsure


def test_a_misread_digit_becomes_unsure_not_wrong() -> None:
    """A board drawn with one clue changed (a 1 drawn as 4, as a misreading would give): the reader
    cannot know the drawing is wrong, but the rules catch it and the cell is unsure."""
    cells, counter = random_position(9, 9, 10, seed=11, state="playing")
    where = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "1")
    doctored = [row[:] for row in cells]
    doctored[where[0]][where[1]] = "8"
    reading = read_image(encode(render_board(doctored, 20, counter=counter)))
    assert where in reading.unsure
    assert not reading.cell(*where).sure
    assert reading.text().splitlines()[where[0] - 9][2 * where[1]] == "?"


# -- the command ------------------------------------------------------------------------------------

def test_cli_read_prints_the_board(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from cpsolve.cli import main

    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    path = tmp_path / "shot.png"
    path.write_bytes(encode(render_board(cells, 20, counter=counter)))
    assert main(["read", str(path)]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if not line.startswith("mines")] == [" ".join(r) for r in cells]
    assert main(["read", str(path), "--json"]) == 0
    import json

    doc = json.loads(capsys.readouterr().out)
    assert doc["unsure"] == [] and doc["rows"] == 9 and doc["cols"] == 9 and doc["sure"] is True


def test_cli_read_exit_3_lists_unsure_cells(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from cpsolve.cli import main

    cells, counter = random_position(9, 9, 10, seed=11, state="playing")
    where = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "1")
    cells[where[0]][where[1]] = "8"
    path = tmp_path / "shot.png"
    path.write_bytes(encode(render_board(cells, 20, counter=counter)))
    assert main(["read", str(path)]) == 3
    captured = capsys.readouterr()
    assert f"{where[0]},{where[1]}" in captured.err
    assert "?" in captured.out


@pytest.mark.parametrize("content", [b"", b"not a picture", b"\x89PNG\r\n\x1a\n"])
def test_cli_read_exit_2_one_line(tmp_path, capsys, content: bytes) -> None:  # type: ignore[no-untyped-def]
    from cpsolve.cli import main

    path = tmp_path / "x.png"
    path.write_bytes(content)
    assert main(["read", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_read_prints_no_fit_warning() -> None:
    """A real screenshot whose skin fit is poorly conditioned (numpy's RankWarning, printed once per
    call before it was silenced) answers in one line, no warning: run as a user runs it, in a
    process. (It was refused, in one line, until bare.py read its cells; read, with nothing on
    stderr, until bare.plain_flag_doubt left its solver's tints unsure, covered or flagged.)"""
    import subprocess
    import sys
    from pathlib import Path

    picture = Path(__file__).parents[1] / "data" / "screens" / "qt-overlay-mid-20x20.png"
    run = "import sys; from cpsolve.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", run, "read", str(picture)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Warning" not in done.stderr
    assert "do not read as Minesweeper cells" in done.stderr


@pytest.mark.parametrize("missing", ["cv2", "PIL"])
@pytest.mark.parametrize("command", ["read", "solve", "check"])
def test_without_the_image_extra_a_picture_gets_one_line(missing: str, command: str) -> None:
    """README's install (``pip install -e .``, no ``[image]`` extra) and a screenshot: one line
    naming the extra, exit 2, as a user runs it (a process in which the library cannot be imported;
    it was 'internal error ... No module named cv2', exit 70)."""
    import subprocess
    import sys
    from pathlib import Path

    picture = Path(__file__).parents[1] / "data" / "screens" / "win7blue-mid-9x9.png"
    run = (f"import sys; sys.modules[{missing!r}] = None; from cpsolve.cli import main; "
           "sys.exit(main(sys.argv[1:]))")
    args = [command, str(picture)] + (["0,0"] if command == "check" else [])
    done = subprocess.run([sys.executable, "-c", run, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith(f"cpsolve: {picture}: reading pictures needs the image libraries")
    assert f"{missing} is missing" in lines[0] and "pip install 'cpsolve[image]'" in lines[0]


def test_a_bug_of_ours_is_no_missing_extra(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Only the extra's own modules missing say 'install the extra': an import error of ours is raised."""
    import sys

    import cpsolve.picture as picture

    monkeypatch.delitem(sys.modules, "cpsolve.picture.reader", raising=False)
    monkeypatch.setitem(sys.modules, "cpsolve.picture.grid", None)  # as a broken module of ours would fail
    with pytest.raises(ImportError) as caught:
        picture.read_image(b"\x89PNG")
    assert not isinstance(caught.value, picture.ImageSupportMissing)


@pytest.mark.parametrize("seed, cell, factor, state", [(1, 16, 1.0, "playing"), (2, 24, 1.0, "lost"),
                                                       (3, 16, 1.5, "playing"), (4, 40, 1.0, "won"),
                                                       (5, 16, 1.25, "playing")])
def test_the_seven_segment_counter_gives_the_mine_total(seed: int, cell: int, factor: float, state: str) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state=state)
    reading = read_image(encode(scale(render_board(cells, cell, counter=counter), factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10
    assert reading.text().startswith("mines: 10\n")


@pytest.mark.parametrize("shown", [-5, 70])
def test_a_counter_that_contradicts_the_board_gives_no_total(shown: int) -> None:
    """-5 with 2 flags: a total of -3; 70 on 81 cells: more mines than covered cells."""
    cells, _ = random_position(9, 9, 10, seed=3, state="playing")
    reading = read_image(encode(render_board(cells, 16, counter=shown)))
    assert reading.mine_counter == shown
    assert reading.board.mines is None
    assert not reading.text().startswith("mines")
