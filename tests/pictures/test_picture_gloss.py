"""Windows 7 Minesweeper's glossy tiles, drawn here (cpsolve/picture/gloss.py):

* covered tiles glossy: a saturated blue shaded by a gradient over the board (light at the top
  left, deep at the bottom right), each tile lit in its top half and darker in its bottom half,
  with a light 1 px inner rim, a dark outer one and a lighter streak across it (its sheen); revealed
  tiles flat and pale blue-grey; 2 px dark lines between all tiles; the classic digit colours and
  flags. Such a tile's bevel is weak and spread about the threshold, and its colour, a gradient,
  groups into many colours: the covered tiles are told by their saturation (``glossy_split``), the
  sheen is no mark (``sheen``);
* the lines navy beside the blue tiles, not grey, and scaled by a fraction, so that a line steps by
  a pixel along a cell's side (a GIF frame of the game at 2x): no mouse pointer over the cells
  (cells.py ``_edge_dark``);
* 1s in Windows 7's slate (87, 99, 167), a colour that names no digit, read by a shape plainly a 1's
  against the digits whose colour the ink's hue allows (digits.py ``other_hues``): a bold sans 1 is
  nearly as like Haiku's heavy 3 sprite (0.78 against 0.98) as CLEAN_MARGIN allows, but no red 3
  is drawn in slate."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture import NoBoardFound, gloss, glyphs_build
from cpsolve.picture import cells as cells_module
from tests.pictures.test_picture_glossy import _board_with
from tests.support.picture_render import _POINTER as POINTER
from tests.support.picture_render import (
    DIGITS,
    _flag,
    _text,
    encode,
    random_position,
    render_board,
)

#: the window's frame, the revealed tiles' pale blue-grey, the lines' near-black
FRAME, REVEALED, LINE = (214, 226, 240), (218, 230, 243), (22, 22, 26)
#: the covered blue at the board's top left and its bottom right
LIGHT_BLUE, DEEP_BLUE = (150, 172, 236), (40, 46, 206)
#: the lines' navy, where they take the tiles' tint
NAVY = (12, 18, 72)


def _glossy_tile(img: np.ndarray, x: int, y: int, w: int, h: int, base: np.ndarray, streak: bool = True) -> None:
    """A covered glossy tile ``w`` x ``h`` at (x, y) in ``base`` (RGB float), as Windows 7's measure
    across: a dark outer pixel all round; inside it a light rim along the top and left, a deeper
    band along the bottom and right; the face lit at the top, darker to the bottom (a vertical
    gradient); a lighter streak across it (``streak``: its sheen)."""
    ramp = np.linspace(0.0, 1.0, h)[:, None, None]
    img[y:y + h, x:x + w] = np.round(base * (1.05 - 0.2 * ramp)).clip(0, 255)
    band = max(1, round(h / 12))
    deep = np.round(base * 0.65)
    img[y + h - 1 - band:y + h - 1, x:x + w] = deep
    img[y:y + h, x + w - 1 - band:x + w - 1] = deep
    rim = np.round(base + 0.3 * (255 - base))
    img[y + 1, x + 1:x + w - 1 - band] = rim
    img[y + 1:y + h - 1 - band, x + 1] = rim
    edge = np.round(base * 0.6)
    img[y, x:x + w] = img[y + h - 1, x:x + w] = edge
    img[y:y + h, x] = img[y:y + h, x + w - 1] = edge
    if streak:
        shine = tuple(int(v) for v in np.round(base + 0.45 * (255 - base)))
        cv2.line(img, (x + round(w * 0.3), y + round(h * 0.75)), (x + round(w * 0.75), y + round(h * 0.3)),
                 shine, max(1, round(w / 14)), cv2.LINE_AA)


def draw_win7(board: list[list[str]], pitch: float, seed: int = 0, *, navy: bool = False) -> np.ndarray:
    """The board drawn as Windows 7 draws it, ``pitch`` px a cell (a fraction allowed: tiles then
    differ by a pixel), 2 px lines. ``navy``: the lines take the tiles' tint (navy, a grey pixel here
    and there) and step by a pixel along their length, as in a GIF frame scaled by a fraction, and
    the tiles have no streak (a mark is read before the sides: the tile must be bare to show them)."""
    rows, cols = len(board), len(board[0])
    rng = np.random.default_rng(seed)
    m = round(pitch)
    width, height = round(cols * pitch) + 2 * m + 2, round(rows * pitch) + 2 * m + 2
    img = np.full((height, width, 3), FRAME, np.uint8)
    xs = [m + round(c * pitch) for c in range(cols + 1)]
    ys = [m + round(r * pitch) for r in range(rows + 1)]
    img[ys[0]:ys[-1] + 2, xs[0]:xs[-1] + 2] = LINE
    light, deep = np.array(LIGHT_BLUE, float), np.array(DEEP_BLUE, float)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            x, y = xs[c] + 2, ys[r] + 2
            w, h = xs[c + 1] - x, ys[r + 1] - y
            if v in (".", "F"):
                t = (r / max(rows - 1, 1) + c / max(cols - 1, 1)) / 2
                _glossy_tile(img, x, y, w, h, light + t * (deep - light), streak=not navy)
                if v == "F":
                    _flag(img, x, y, min(w, h))
                continue
            img[y:y + h, x:x + w] = REVEALED
            img[y, x:x + w] = img[y:y + h, x] = (196, 206, 218)  # a faint shade along the top and left
            if v != "0":
                _text(img, x, y, min(w, h), v, DIGITS[int(v)])
    if navy:
        lines = np.zeros(img.shape[:2], bool)
        for x in xs:
            lines[ys[0]:ys[-1] + 2, x:x + 2] = True
            for y0 in range(ys[0], ys[-1], 7):  # a third pixel into the tile before it, in runs
                if rng.random() < 0.5:
                    lines[y0:y0 + 7, x - 1] = True
        for y in ys:
            lines[y:y + 2, xs[0]:xs[-1] + 2] = True
            for x0 in range(xs[0], xs[-1], 7):
                if rng.random() < 0.5:
                    lines[y - 1, x0:x0 + 7] = True
        grey = rng.random(img.shape[:2]) < 0.3
        img[lines & ~grey] = NAVY
        img[lines & grey] = LINE
    return img


def _values(reading) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.value for c in reading.cells]


def _position(seed: int) -> list[list[str]]:
    board, _ = random_position(12, 16, 30, seed=seed, opened=0.4)
    return board


def _spy_on_split(monkeypatch) -> list[bool]:  # type: ignore[no-untyped-def]
    """Each call of gloss.glossy_split from cells, from now on: whether it split the tiles."""
    calls: list[bool] = []
    split = gloss.glossy_split

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = split(*args, **kwargs)
        calls.append(out is not None)
        return out

    monkeypatch.setattr(cells_module, "glossy_split", spy)
    return calls


@pytest.mark.parametrize(("pitch", "quality"), [(18, 90), (20, 85), (24, 80), (32, 70), (44, 90)])
@pytest.mark.parametrize("seed", [1, 4])
def test_glossy_covered_tiles_read_by_their_colour(seed: int, pitch: int, quality: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Exactly, in JPEG: every cell sure and right; and the tiles were told by glossy_split."""
    board = _position(seed)
    told = _spy_on_split(monkeypatch)
    reading = read_image(encode(draw_win7(board, pitch, seed), "JPEG", quality))
    assert any(told), "the glossy split did not run or found no gloss"
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.parametrize(("pitch", "quality"), [(16, 90), (17, 85), (18, 75), (20, 85)])
@pytest.mark.parametrize("seed", [2, 3, 5, 6])
def test_small_glossy_boards_are_never_read_wrong(seed: int, pitch: int, quality: int) -> None:
    """At 16-18 px tiles the lattice may lie on the lines' first edge: the line along the crops' top
    and left makes the weak glossy bevels read sunken. Inside the tiles' dark rims
    (gloss.rim_bevels) most are raised and the split is made; where a tile's face is too blurred
    for it (16-17 px in JPEG, some at 18) the board is refused. Never a cell read wrong, nor a wrong
    size."""
    board = _position(seed)
    want = [v for row in board for v in row]
    try:
        reading = read_image(encode(draw_win7(board, pitch, seed), "JPEG", quality))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (len(board), len(board[0]))
    wrong = [(c.row, c.col, c.value, w) for c, w in zip(reading.cells, want)
             if c.sure and c.value != w and not (c.value in ".?" and w in ".?")]
    assert not wrong


@pytest.mark.parametrize(("pitch", "quality"), [(18, 90), (19, 85), (20, 85)])
@pytest.mark.parametrize("seed", [2, 3, 5])
def test_small_glossy_tiles_are_raised_inside_their_rims(seed: int, pitch: int, quality: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At 18-20 px the lattice lying a pixel into the lines before the tiles read bare covered tiles
    sunken (a Windows 7 GIF frame at 18 px: -101 to +56), and the split was not made (refused);
    their bevels inside the dark rims (gloss.rim_bevels) are raised: read exactly, by the split."""
    board = _position(seed)
    told = _spy_on_split(monkeypatch)
    reading = read_image(encode(draw_win7(board, pitch, seed), "JPEG", quality))
    assert any(told), "the glossy split did not run or found no gloss"
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.parametrize(("pitch", "fmt"), [(16, "JPEG"), (18, "JPEG"), (18, "PNG"), (24, "JPEG"), (32, "JPEG"),
                                            (44, "PNG")])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_new_glossy_game_is_all_covered(seed: int, pitch: int, fmt: str) -> None:
    """A new game of Windows 7 (tests/data/screens/win7-de-new-16x30.png): every tile covered and
    glossy, a gradient of blues over the board, no revealed tile to tell them by: read all covered
    (gloss._new_glossy_game), where every tile was refused (its lighter tiles read as revealed 0s
    beside the deeper covered ones)."""
    board = [["."] * 16 for _ in range(12)]
    reading = read_image(encode(draw_win7(board, pitch, seed), fmt, 90))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == ["."] * (12 * 16)


def test_a_pointers_outline_off_a_cells_middle_is_no_question_mark() -> None:
    """A mouse pointer outlined in navy (as in a GIF frame of Windows 7: tests/data/screens/
    win7-de-mid-16x30.png, whose pointer's tip read as a sure '?' scaled by 1.25) over glossy covered
    tiles at 18 px: the piece of its outline in the corner of the cell below its tip, off the cell's
    middle (overlay.off_middle), was a sure question mark; no cell is read sure and wrong."""
    board = _position(1)
    img = draw_win7(board, 18, 1)
    k, x, y = 19 / 18, 18 + 1 * 18 + 2 + round(0.6 * 18), 18 + 2 * 18 + 2 + round(0.75 * 18)
    pts = np.array([(x + round(px * k), y + round(py * k)) for px, py in POINTER], np.int32)
    cv2.fillPoly(img, [pts], (255, 255, 255))
    cv2.polylines(img, [pts], True, NAVY, 1)
    reading = read_image(encode(img))
    assert [row[1:3] for row in board[2:4]] == [[".", "."], [".", "."]]  # (the pointer over covered tiles)
    assert not [(c.row, c.col, c.value) for c in reading.cells if c.sure and c.value != board[c.row][c.col]]


@pytest.mark.parametrize("pitch", [30.4, 44.4])
@pytest.mark.parametrize("seed", [1, 3])
def test_navy_lines_stepping_by_a_pixel_are_no_pointer(seed: int, pitch: float) -> None:
    board = _position(seed)
    reading = read_image(encode(draw_win7(board, pitch, seed, navy=True)))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


def test_no_gloss_on_a_classic_board(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The classic grey skin has no saturated tile: the split finds nothing, and the bevels decide."""
    board, counter = random_position(9, 9, 10, seed=1)
    calls = _spy_on_split(monkeypatch)
    reading = read_image(encode(render_board(board, 24, counter=counter)))
    assert calls and not any(calls)
    assert _values(reading) == [v for row in board for v in row]


#: Windows 7's 1s
SLATE = (87, 99, 167)
FONTS = {p.name: p for p in glyphs_build.font_files()}


def _slate_board(digit: str, font: str, cell: int, size: float) -> tuple[np.ndarray, list[list[str]]]:
    """A classic board whose ``digit``s are written in SLATE with ``font`` at ``size`` of the cell."""
    return _board_with(digit, SLATE, str(FONTS[font]), size, cell)


@pytest.mark.skipif(not {"DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"} <= set(FONTS),
                    reason="no DejaVu Sans Bold or Liberation Sans Bold on this machine")
@pytest.mark.parametrize(("font", "cell", "size"), [("DejaVuSans-Bold.ttf", 24, 0.8),
                                                    ("LiberationSans-Bold.ttf", 20, 0.7)])
def test_slate_1s_are_not_held_back_by_a_red_digits_shape(font: str, cell: int, size: float) -> None:
    img, board = _slate_board("1", font, cell, size)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.skipif(not {"DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"} <= set(FONTS),
                    reason="no DejaVu Sans Bold or Liberation Sans Bold on this machine")
@pytest.mark.parametrize("digit", ["2", "3"])
@pytest.mark.parametrize(("font", "cell", "size"), [("DejaVuSans-Bold.ttf", 24, 0.8),
                                                    ("LiberationSans-Bold.ttf", 24, 0.8)])
def test_other_digits_in_slate_are_never_read_wrong(digit: str, font: str, cell: int, size: float) -> None:
    img, board = _slate_board(digit, font, cell, size)
    reading = read_image(encode(img))
    drawn = [v for row in board for v in row]
    assert all(c.value == drawn[k] for k, c in enumerate(reading.cells) if c.sure)
