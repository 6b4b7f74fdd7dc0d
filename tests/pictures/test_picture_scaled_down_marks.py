"""Marks blurred by a picture scaled down are never read as a sure wrong mark (issue 39: never
silently wrong; tests/pictures/test_picture_scaled_screens.py found each on a tuning screenshot
scaled by Pillow's bilinear filter). On drawn boards (the oracle is the position drawn), scaled the
same way; each board is refused or read with every sure cell right.

- A large dark digit (CaptainBoulbi's raylib game: a navy 4 as tall as its cell,
  tests/data/screens/raylib-grey-mid-16x16.png at 0.8) is a dark blob as large as the cell's
  interior, filling it as a mine's disc fills its box (0.35 and up), and its glyph, blurred, no
  longer plainly a 4: it was a sure shown mine. A blob that large filling its box less than
  marks.CLIPPED_FILL is no sure mine.
- A flag's red pennant and grey pole (a pygame game's,
  tests/data/screens/pygame-flat-mid-16x16.png at 0.65: 13 px cells) blur into a round red mark:
  three were sure shown mines (marks.round_mines). A round mark mostly of a flag's saturated red
  (marks.RED_CLOTH) is no sure mine.
- A wrong flag, a flag crossed out by a thin dark X (GNOME 2's, tests/data/screens/gnome2-lost-8x8.png
  at 0.8), whose X blurred to a cross of 0.7-0.8 (under the 0.8 a crossed mark needs): its red and dark
  made it a sure flag. It is no sure flag past marks.FLAG_CROSS, as a flag of red alone already was.
  (Scaled further, the X fades under 0.7, no more than a flag's own shapes cross: such a wrong
  flag still reads as a flag, a limit in docs/pictures.md.)
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest
from PIL import Image

import cpsolve.picture.reader as reader
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.cells import CellLook
from cpsolve.picture.marks import CLIPPED_SPAN, MINE, RED_AND_DARK, RED_CLOTH, SURE, marks_of, symbol
from tests.support.picture_render import DIGITS, _text, encode, random_position

Cells = list[list[str]]


def _scaled(img: np.ndarray, factor: float) -> np.ndarray:
    """Scaled by Pillow's bilinear filter, as test_picture_scaled_screens scales the screenshots."""
    im = Image.fromarray(img)
    return np.asarray(im.resize((round(im.width * factor), round(im.height * factor)), Image.Resampling.BILINEAR))


def _read(img: np.ndarray, cells: Cells, monkeypatch: pytest.MonkeyPatch) -> list[list[CellLook]] | None:
    """Read ``img``: None where refused; else assert every sure cell is ``cells``' and give the
    looks of the board read (for the test to check which rule ran)."""
    seen: list[list[list[CellLook]]] = []
    classify = reader.classify_board

    def spy(looks: list[list[CellLook]], *args: object, **kwargs: object) -> object:
        seen.append(looks)
        return classify(looks, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(reader, "classify_board", spy)
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return None
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    unsure = set(reading.unsure)
    wrong = [(c.row, c.col, cells[c.row][c.col], c.value) for c in reading.cells
             if (c.row, c.col) not in unsure and c.value != cells[c.row][c.col]]
    assert wrong == []
    return next(lk for lk in reversed(seen) if (len(lk), len(lk[0])) == (len(cells), len(cells[0])))


def _where(cells: Cells, looks: list[list[CellLook]], value: str, rule: Callable[[CellLook], bool]) -> int:
    return sum(rule(looks[r][c]) for r, row in enumerate(cells) for c, v in enumerate(row) if v == value)


# -- a large dark digit ------------------------------------------------------------------------

NAVY = (0, 25, 70)


def _large_four(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A 4 as tall as 72% of its cell and 60% as wide, strokes 7% of the cell (raylib's default
    font drawn large)."""
    def at(a: float, b: float) -> tuple[int, int]:
        return x + round(a * s), y + round(b * s)

    w = max(1, round(0.07 * s))
    cv2.line(img, at(0.62, 0.14), at(0.62, 0.86), NAVY, w, cv2.LINE_AA)
    cv2.line(img, at(0.62, 0.14), at(0.2, 0.66), NAVY, w, cv2.LINE_AA)
    cv2.line(img, at(0.2, 0.66), at(0.8, 0.66), NAVY, w, cv2.LINE_AA)


def _raylib(cells: Cells, cell: int) -> np.ndarray:
    """Flat grey revealed cells, dark grey raised covered tiles, red pennants as flags."""
    m = cell // 2
    img = np.full((len(cells) * cell + 2 * m, len(cells[0]) * cell + 2 * m, 3), 245, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            img[y:y + cell, x:x + cell] = 200
            if v in ".F":
                b = max(2, cell // 8)
                img[y + 1:y + cell - 1, x + 1:x + cell - 1] = 80
                img[y + 1:y + cell - b, x + 1:x + cell - b] = 180
                img[y + b:y + cell - b, x + b:x + cell - b] = 130
                if v == "F":
                    tri = [[x + cell // 3, y + cell // 4], [x + cell // 3, y + cell // 2],
                           [x + 2 * cell // 3, y + 3 * cell // 8]]
                    cv2.fillPoly(img, [np.array(tri, np.int32)], (255, 0, 0))
            elif v == "4":
                _large_four(img, x, y, cell)
            elif v != "0":
                _text(img, x, y, cell, v, DIGITS[int(v)])
    return img


# (each fails without the rule: 4s read as sure mines)
@pytest.mark.parametrize(("cell", "factor", "seed"), [(46, 0.75, 1), (50, 0.8, 1), (50, 0.85, 3), (54, 0.85, 1)])
def test_a_large_dark_digit_is_no_sure_mine(cell: int, factor: float, seed: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    cells, _ = random_position(16, 16, 80, seed=seed, opened=0.6, flags=0.8)
    looks = _read(_scaled(_raylib(cells, cell), factor), cells, monkeypatch)
    assert looks is not None
    # the rule ran: a 4 as large as the interior, as full as a mine, made no sure mine
    assert _where(cells, looks, "4", lambda lk: symbol(lk)[0] == MINE and symbol(lk)[1] < SURE
                  and lk.blob_span >= CLIPPED_SPAN)


# -- a flag's pennant blurred round ------------------------------------------------------------

CLOTH, POLE = (221, 46, 68), (103, 118, 128)


def _pygame(cells: Cells, cell: int) -> np.ndarray:
    """Raised light grey covered tiles, flat darker revealed ones, flags a red pennant pointing
    right on a grey pole (no black)."""
    m = cell
    img = np.full((len(cells) * cell + 2 * m, len(cells[0]) * cell + 2 * m, 3), 200, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            if v in ".F":
                w = max(1, cell // 10)
                img[y:y + cell, x:x + cell] = 120
                img[y:y + cell - w, x:x + cell - w] = 220
                img[y + w:y + cell - w, x + w:x + cell - w] = 170
                if v == "F":
                    pole = x + round(cell * 0.3)
                    img[y + round(cell * 0.08):y + round(cell * 0.88), pole - max(1, cell // 10):pole] = POLE
                    tri = [[pole, y + round(cell * 0.1)], [pole, y + round(cell * 0.55)],
                           [x + round(cell * 0.85), y + round(cell * 0.32)]]
                    cv2.fillPoly(img, [np.array(tri, np.int32)], CLOTH, cv2.LINE_AA)
            else:
                img[y:y + cell, x:x + cell] = 140
                img[y, x:x + cell] = 120
                img[y:y + cell, x] = 120
                if v != "0":
                    _text(img, x, y, cell, v, DIGITS[int(v)])
    return img


# (each fails without the rule: flags read as sure mines)
@pytest.mark.parametrize(("cell", "factor", "seed"), [(22, 0.6, 2), (22, 0.65, 2), (22, 0.7, 3), (23, 0.7, 2),
                                                      (24, 0.6, 3)])
def test_a_flag_blurred_round_is_no_sure_mine(cell: int, factor: float, seed: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    cells, _ = random_position(16, 16, 40, seed=seed, opened=0.6, flags=0.8)
    looks = _read(_scaled(_pygame(cells, cell), factor), cells, monkeypatch)
    assert looks is not None
    # the rule ran: a flag round as a mine, mostly of a flag's red, an unsure mine
    flat = [lk for row in looks for lk in row]
    symbols = [s for row in marks_of(looks) for s in row]
    want = [v for row in cells for v in row]
    assert any(v == "F" and s[0] == MINE and s[1] < SURE and lk.red_fraction >= RED_CLOTH * lk.fg_fraction
               for v, s, lk in zip(want, symbols, flat))


# -- a wrong flag's X blurred ------------------------------------------------------------------

COVERED, REVEALED, RED = (64, 103, 122), (222, 222, 220), (220, 20, 20)


def _gnome2(cells: Cells, cell: int) -> np.ndarray:
    """Raised blue-grey covered tiles; flags a red cloth on a dark pole and base; a wrong flag the
    flag crossed out by a thin dark X from corner to corner; mines dark spiked discs on light
    revealed tiles, the exploded one's tile red."""
    m = cell // 2
    img = np.full((len(cells) * cell + 2 * m, len(cells[0]) * cell + 2 * m, 3), 200, np.uint8)

    def at(x: int, y: int, a: float, b: float) -> tuple[int, int]:
        return x + round(a * cell), y + round(b * cell)

    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            if v in ".FW":
                b = max(2, cell // 10)
                img[y:y + cell, x:x + cell] = (35, 60, 75)
                img[y:y + cell - b, x:x + cell - b] = (120, 160, 180)
                img[y + b:y + cell - b, x + b:x + cell - b] = COVERED
                if v in "FW":
                    cv2.rectangle(img, at(x, y, 0.2, 0.15), at(x, y, 0.62, 0.5), RED, -1)
                    cv2.line(img, at(x, y, 0.68, 0.15), at(x, y, 0.68, 0.8), (40, 40, 40), max(1, cell // 12))
                    cv2.rectangle(img, at(x, y, 0.5, 0.72), at(x, y, 0.85, 0.85), (40, 40, 40), -1)
                if v == "W":
                    for a, b1, a2, b2 in ((0.1, 0.1, 0.9, 0.9), (0.9, 0.1, 0.1, 0.9)):
                        cv2.line(img, at(x, y, a, b1), at(x, y, a2, b2), (20, 20, 20), 1, cv2.LINE_AA)
            else:
                img[y:y + cell, x:x + cell] = RED if v == "X" else REVEALED
                img[y, x:x + cell] = 180
                img[y:y + cell, x] = 180
                if v in "*X":
                    centre, radius = (x + cell // 2, y + cell // 2), round(cell * 0.28)
                    for k in range(8):
                        end = at(centre[0], centre[1], 0.38 * np.cos(k * np.pi / 4), 0.38 * np.sin(k * np.pi / 4))
                        cv2.line(img, centre, end, (10, 10, 10), max(1, cell // 14))
                    cv2.circle(img, centre, radius, (20, 20, 20), -1, cv2.LINE_AA)
                elif v != "0":
                    _text(img, x, y, cell, v, DIGITS[int(v)])
    return img


# (each fails without the rule: wrong flags read as sure flags)
@pytest.mark.parametrize(("cell", "factor", "seed"), [(28, 0.7, 1), (28, 0.75, 1), (28, 0.75, 3), (32, 0.8, 2),
                                                      (36, 0.7, 1), (36, 0.7, 2), (36, 0.7, 3), (36, 0.8, 2)])
def test_a_wrong_flag_half_crossed_out_is_no_sure_flag(cell: int, factor: float, seed: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cells, _ = random_position(12, 12, 24, seed=seed, opened=0.6, flags=0.8, state="lost")
    looks = _read(_scaled(_gnome2(cells, cell), factor), cells, monkeypatch)
    assert looks is not None
    # the rule ran: a wrong flag red and dark, crossed past FLAG_CROSS but under a crossed mark's 0.8
    assert _where(cells, looks, "W", lambda lk: symbol(lk)[0] == RED_AND_DARK and 0.75 <= lk.cross < 0.8)
