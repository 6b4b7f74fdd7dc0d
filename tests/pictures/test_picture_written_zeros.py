"""Revealed 0s written as a "0" (cpsolve/picture/zeros.py): skins that write every revealed 0, all
digits in one ink (sfml-dark-lost-15x20's VT323 in blue on grey, raylib's pixel font in dark grey).
Boards drawn so, in DejaVu Sans, OpenCV's Hershey font and a pixel font drawn here, at several
cell sizes and scales: read exactly or unsure, never wrong; and a ring that is no 0 (a mark's
colour, an "O" on a covered tile) is never read as a sure 0."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import cpsolve
from cpsolve.picture import NoBoardFound, Reading, glyphs_build
from cpsolve.picture.zeros import ring
from tests.support.picture_render import encode, random_position, scale, sure_wrong

FONTS = {p.name: p for p in glyphs_build.font_files()}
TILE, COVERED, LINE = (97, 97, 97), (255, 255, 255), (51, 51, 51)
BLUE = (0, 0, 255)

#: a pixel font's digits, 5 columns by 7 rows (raylib's and VT323's kind: a 0 a ring of square
#: pixels, its corners cut)
PIXEL = {
    "0": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
}


def _pixel_text(img: np.ndarray, x: int, y: int, s: int, text: str, colour: tuple[int, int, int]) -> None:
    unit = max(1, round(s / 12))
    w, h = 5 * unit, 7 * unit
    x0, y0 = x + (s - w) // 2, y + (s - h) // 2
    for r, row in enumerate(PIXEL[text]):
        for c, ch in enumerate(row):
            if ch == "#":
                img[y0 + r * unit:y0 + (r + 1) * unit, x0 + c * unit:x0 + (c + 1) * unit] = colour


def _dejavu_text(img: np.ndarray, x: int, y: int, s: int, text: str, colour: tuple[int, int, int]) -> None:
    font = ImageFont.truetype(str(FONTS["DejaVuSans-Bold.ttf"]), round(s * 0.7))
    pil = Image.fromarray(img[y:y + s, x:x + s].copy())
    draw = ImageDraw.Draw(pil)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    draw.text(((s - (right - left)) / 2 - left, (s - (bottom - top)) / 2 - top), text, font=font, fill=colour)
    img[y:y + s, x:x + s] = np.asarray(pil)


def _hershey_text(img: np.ndarray, x: int, y: int, s: int, text: str, colour: tuple[int, int, int]) -> None:
    size, thick = s / 38.0, max(1, round(s / 9))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
    cv2.putText(img, text, (x + (s - tw) // 2, y + (s + th) // 2), cv2.FONT_HERSHEY_SIMPLEX, size, colour, thick,
                cv2.LINE_AA)


WRITERS: dict[str, Callable[[np.ndarray, int, int, int, str, tuple[int, int, int]], None]] = {
    "pixel": _pixel_text, "dejavu": _dejavu_text, "hershey": _hershey_text}


def _flag(img: np.ndarray, x: int, y: int, s: int) -> None:
    pole = x + s // 2
    cv2.fillPoly(img, [np.array([[pole, y + s // 5], [pole, y + s // 2], [x + s // 5, y + s * 7 // 20]], np.int32)],
                 (230, 0, 0))
    cv2.line(img, (pole, y + s // 5), (pole, y + s * 4 // 5), (0, 0, 0), max(1, s // 14))


def written_board(cells: list[list[str]], cell: int, writer: str, ink: tuple[int, int, int] = BLUE,
                  zero_ink: tuple[int, int, int] | None = None) -> np.ndarray:
    """sfml-dark's kind of board: grey revealed tiles with every number, 0 too, written in one
    ``ink`` (the 0s in ``zero_ink`` where given), white covered tiles, red flags, dark lines."""
    rows, cols = len(cells), len(cells[0])
    line, margin = max(2, cell // 10), cell
    pitch = cell + line
    img = np.full((rows * pitch + line + 2 * margin, cols * pitch + line + 2 * margin, 3), (40, 40, 40), np.uint8)
    img[margin:margin + rows * pitch + line, margin:margin + cols * pitch + line] = LINE
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = margin + line + c * pitch, margin + line + r * pitch
            img[y:y + cell, x:x + cell] = COVERED if v in ".F" else TILE
            if v == "F":
                _flag(img, x, y, cell)
            elif v.isdigit():
                WRITERS[writer](img, x, y, cell, v, zero_ink if v == "0" and zero_ink else ink)
    return img


CASES = [(writer, cell, factor, seed) for writer in WRITERS for cell, factor in ((24, 1.0), (30, 1.0), (20, 1.5),
                                                                               (36, 0.8)) for seed in (1, 2)]


@pytest.mark.parametrize(("writer", "cell", "factor", "seed"), CASES)
def test_written_zeros_read_exactly_or_unsure_never_wrong(writer: str, cell: int, factor: float, seed: int) -> None:
    if writer == "dejavu" and "DejaVuSans-Bold.ttf" not in FONTS:
        pytest.skip("DejaVu Sans Bold is not on this machine")
    cells, _ = random_position(9, 12, 14, seed, opened=0.6, flags=1.0)
    picture = scale(written_board(cells, cell, writer), factor)
    try:
        reading = cpsolve.read_image(encode(picture))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (9, 12)
    assert sure_wrong(reading, cells) == []


@pytest.mark.parametrize(("writer", "cell"), [("pixel", 24), ("pixel", 30), ("dejavu", 24), ("dejavu", 30),
                                            ("hershey", 24), ("hershey", 30)])
def test_written_zeros_read_as_sure_zeros(writer: str, cell: int) -> None:
    """The rule at work: a board whose 0s are written reads its 0s surely (without zeros.py the
    board of written 0s is refused: its 0s read as unsure 4s, 8s or 6s; Hershey's slashed 0s
    without zeros._slashed)."""
    if writer == "dejavu" and "DejaVuSans-Bold.ttf" not in FONTS:
        pytest.skip("DejaVu Sans Bold is not on this machine")
    cells, _ = random_position(9, 12, 14, 1, opened=0.6, flags=1.0)
    reading = cpsolve.read_image(encode(written_board(cells, cell, writer)))
    assert sure_wrong(reading, cells) == []
    zeros = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "0"]
    assert len(zeros) > 10
    unsure = set(reading.unsure)
    assert sum(z not in unsure for z in zeros) >= 0.9 * len(zeros)


def _sure_zeros(reading: Reading) -> set[tuple[int, int]]:
    unsure = set(reading.unsure)
    return {(k.row, k.col) for k in reading.cells if k.value == "0" and (k.row, k.col) not in unsure}


def test_a_ring_in_a_marks_colour_is_no_zero() -> None:
    """Three of the 0s written in red (a mark's colour, no digit's ink on the board), the others in
    the digits' blue: the board is read, the red rings not as sure 0s (zeros.INK_NEAR)."""
    cells, _ = random_position(9, 12, 14, 1, opened=0.6, flags=1.0)
    img = written_board(cells, 30, "pixel")
    red = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "0"][5:8]
    for r, c in red:
        x, y = 30 + 3 + c * 33, 30 + 3 + r * 33
        img[y:y + 30, x:x + 30] = TILE
        _pixel_text(img, x, y, 30, "0", (220, 0, 0))
    reading = cpsolve.read_image(encode(img))
    assert sure_wrong(reading, cells) == []
    assert not set(red) & _sure_zeros(reading)


def test_an_o_on_a_covered_tile_is_no_zero() -> None:
    """A ring in the digits' ink on four covered (white) tiles: the board is read, those rings not
    as sure 0s (their tile is not the one the digits lie on: zeros.TILE_NEAR)."""
    cells, _ = random_position(9, 12, 14, 1, opened=0.6, flags=1.0)
    img = written_board(cells, 30, "pixel")
    covered = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."][:4]
    for r, c in covered:
        _pixel_text(img, 30 + 3 + c * 33, 30 + 3 + r * 33, 30, "0", BLUE)
    reading = cpsolve.read_image(encode(img))
    assert not set(covered) & _sure_zeros(reading)


@pytest.mark.parametrize("text", ["8", "6", "9", "4", "2", "3", "5"])
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_ring_tells_zero_from_other_digits(writer: str, text: str) -> None:
    """zeros.ring on one drawn cell: a 0 is a ring (Hershey's slashed 0 too: its slash joins the
    ring, parting its hole in two halves side by side), an 8, 6, 9, 4, 2, 3 or 5 is not."""
    if writer == "dejavu" and "DejaVuSans-Bold.ttf" not in FONTS:
        pytest.skip("DejaVu Sans Bold is not on this machine")
    for s in (20, 30, 44):
        square = np.full((s, s, 3), TILE, np.uint8)
        WRITERS[writer](square, 0, 0, s, "0", BLUE)
        is_ring = ring(square.astype(np.float32), np.array(BLUE, float), np.array(TILE, float), s)
        assert is_ring, (writer, s)
        square = np.full((s, s, 3), TILE, np.uint8)
        WRITERS[writer](square, 0, 0, s, text, BLUE)
        assert not ring(square.astype(np.float32), np.array(BLUE, float), np.array(TILE, float), s), (writer, s, text)
