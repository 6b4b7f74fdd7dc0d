"""Microsoft Minesweeper (the Windows 8/10 Store app): glossy light-blue tiles each in a black
outline on a dark page (docs/pictures.md, "The cells" and "Skins").

Two things kept its boards from being read (tests/data/screens/msminesweeper-new-9x9.png, refused):

- each tile's black outline (along its left, right and bottom sides: a drop shadow; its top edge is
  lit) was taken for part of the tile: :func:`cpsolve.picture.bevel.gap_margins` left out only
  pixels of the page's colour, so the crops' ring held the outline (a pointer's dark pixels to
  ``edge_dark``) and the bevel's strips the outline's black (a tile darker along its left and bottom:
  bevels of -60 to -90). The outline, and its blend with the page, is now of the gap on a dark page;
- no skin named its tiles' blue, so a new game (one flat bare colour over the board) stayed unsure:
  :data:`cpsolve.picture.skins.MICROSOFT` names it covered.

The boards are drawn here after the app's pixels (the 9x9 picture's: 57 px a cell, a face 50 px wide
and 52 high with its lip, outlines of 2 px, the page 3 px between), at several sizes and scalings."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import glyphs_build, read_image, textcounter
from cpsolve.picture.bevel import gap_margins, surround_colour
from cpsolve.picture.cells import _cropped, measure
from cpsolve.picture.decode import load_rgb
from cpsolve.picture.grid import find_grids
from cpsolve.picture.rules import CODE
from tests.support.picture_render import _text as draw_text
from tests.support.picture_render import encode, random_position, scale

#: the page, the outline, the covered face (its edge, its middle, its lit top row) and its lip (a
#: light line over a darker band), as the app draws them
PAGE, OUTLINE = (48, 53, 59), (0, 0, 0)
EDGE, MIDDLE, TOP = (99, 176, 255), (127, 214, 255), (127, 190, 255)
LIP = ((159, 211, 255), (112, 164, 207), (54, 148, 239))


def _covered_tile(w: int, h: int) -> np.ndarray:
    """A covered tile's face, ``w`` x ``h`` px: lighter towards its middle, lit along its top, a lip
    along its bottom."""
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.maximum(np.abs(yy - h / 2) / (h / 2), np.abs(xx - w / 2) / (w / 2)) ** 0.7
    face = np.array(MIDDLE) + d[..., None] * (np.array(EDGE) - np.array(MIDDLE))
    face[0] = TOP
    lip = max(1, round(h / 52))
    for k, colour in enumerate(LIP):
        face[h - (len(LIP) - k) * lip:h - (len(LIP) - k - 1) * lip] = colour
    return np.round(face).astype(np.uint8)


def draw_app_board(rows: int, cols: int, pitch: int, margin: int = 60) -> np.ndarray:
    """A new game, every tile covered: per cell (``pitch`` px) an outline, the face, an outline
    (left to right; face then outline top to bottom) and the page."""
    out = max(1, round(2 * pitch / 57))
    page = max(1, round(3 * pitch / 57))
    w, h = pitch - 2 * out - page, pitch - out - page
    img = np.full((rows * pitch + 2 * margin, cols * pitch + 2 * margin, 3), PAGE, np.uint8)
    tile = _covered_tile(w, h)
    for r in range(rows):
        for c in range(cols):
            x, y = margin + c * pitch, margin + r * pitch
            img[y:y + h + out, x:x + w + 2 * out] = OUTLINE
            img[y:y + h, x + out:x + out + w] = tile
    return img


def _revealed_tile(w: int, h: int) -> np.ndarray:
    """A revealed tile's face: near-white, lighter towards its middle (252), greyer towards its rim
    (ms-store-mid-30x16's profile: 230, 237, 241, 247, 250, 252 from the rim in), a grey rim."""
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.maximum(np.abs(yy - h / 2) / (h / 2), np.abs(xx - w / 2) / (w / 2))
    face = np.repeat((252 - 60 * np.maximum(d - 0.3, 0) ** 2)[..., None], 3, axis=2)
    face[0, :] = face[-1, :] = face[:, 0] = face[:, -1] = (195, 202, 207)
    return np.round(face).astype(np.uint8)


#: the app's digit colours (skins.MICROSOFT's), and the classic ones (another game's)
APP_DIGITS = {1: (25, 188, 225), 2: (150, 180, 90), 3: (227, 87, 130), 4: (30, 87, 192), 5: (187, 41, 41)}
CLASSIC_DIGITS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128), 5: (128, 0, 0)}


def draw_game(cells: list[list[str]], pitch: int, digits: dict[int, tuple[int, int, int]] = APP_DIGITS,
              covered: np.ndarray | None = None, margin: int = 60) -> np.ndarray:
    """A game in play as draw_app_board's, revealed tiles near-white with their digits in
    ``digits`` (OpenCV's font), covered ones the app's blue (or the face ``covered``)."""
    rows, cols = len(cells), len(cells[0])
    out = max(1, round(2 * pitch / 57))
    page = max(1, round(3 * pitch / 57))
    w, h = pitch - 2 * out - page, pitch - out - page
    img = np.full((rows * pitch + 2 * margin, cols * pitch + 2 * margin, 3), PAGE, np.uint8)
    face = _covered_tile(w, h) if covered is None else covered
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = margin + c * pitch, margin + r * pitch
            img[y:y + h + out, x:x + w + 2 * out] = OUTLINE
            tile = np.ascontiguousarray(face if v == "." else _revealed_tile(w, h))
            if v in "12345":
                draw_text(tile, 0, 0, min(w, h), v, digits[int(v)])
            img[y:y + h, x + out:x + out + w] = tile
    return img


def _wrong_and_unsure(cells: list[list[str]], picture: bytes) -> tuple[str | None, list[str], list[tuple[int, int]]]:
    """(the skin read, the cells read wrong and sure, the unsure cells)."""
    reading = read_image(picture)
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    cols = len(cells[0])
    want = [CODE[v] for row in cells for v in row]
    unsure = list(reading.unsure)
    wrong = [f"{i // cols},{i % cols}: {cells[i // cols][i % cols]} read {reading.cells[i].value}"
             for i, (a, b) in enumerate(zip(want, reading.board.cells)) if a != b and divmod(i, cols) not in unsure]
    return reading.skin, wrong, unsure


SIZES = [(57, 1.0), (57, 0.8), (40, 1.0), (32, 1.25), (48, 1.5)]


@pytest.mark.parametrize(("pitch", "factor"), SIZES)
def test_the_outline_is_no_part_of_the_tile(pitch: int, factor: float) -> None:
    """The gap between the tiles is found with their outlines in it (``gap_margins``: the path ran),
    so no cell's ring holds dark pixels (``edge_dark``) and no flat face reads sunken (its bevel
    within 25 of 0). Before: no gap found at most sizes (the outline is not the page's colour), the
    outline in the ring and in the bevel's strips."""
    rgb = load_rgb(encode(scale(draw_app_board(9, 9, pitch), factor)), "drawn")
    grid = find_grids(rgb, 20)[0]
    assert (grid.rows, grid.cols) == (9, 9)
    flat, bg = _cropped(rgb, grid, None)
    assert gap_margins(flat, bg, surround_colour(rgb, grid.box(), grid.cell_size), grid.cell_size) is not None
    looks = [lk for row in measure(rgb, grid) for lk in row]
    assert max(lk.edge_dark for lk in looks) <= 0.01, sorted(round(lk.edge_dark, 3) for lk in looks)[-5:]
    assert max(abs(lk.bevel) for lk in looks) < 25, sorted(round(lk.bevel, 1) for lk in looks)[:5]


@pytest.mark.parametrize(("pitch", "factor"), [(57, 0.75), (30, 0.75)])
def test_an_outline_a_pixel_further_in_is_no_part_of_the_tile(pitch: int, factor: float) -> None:
    """Scaled by 0.75 the lattice's pitch is a fraction of a pixel off, so at the board's far side
    the outline lies a pixel further into the crops than the board's vote of gap rows
    (``gap_margins``) says, or no gap is voted at all: each crop's own lines of the gap are left out
    of its ring (``bevel.outline_lines``), and no cell reads unsure. Before: the far column's
    cells had the outline in their ring (``edge_dark`` 0.056, a pointer's cue) and were unsure."""
    picture = encode(scale(draw_app_board(9, 9, pitch), factor))
    rgb = load_rgb(picture, "drawn")
    looks = [lk for row in measure(rgb, find_grids(rgb, 20)[0]) for lk in row]
    assert max(lk.edge_dark for lk in looks) <= 0.01, sorted(round(lk.edge_dark, 3) for lk in looks)[-5:]
    reading = read_image(picture)
    assert not reading.unsure and {c.value for c in reading.cells} == {"."}


@pytest.mark.parametrize(("pitch", "factor"), SIZES)
def test_a_new_game_of_the_apps_tiles_reads_covered(pitch: int, factor: float) -> None:
    """Every tile the app's blue: the Microsoft skin is named and every cell read covered, surely.
    Before: one bare colour no skin names, every cell unsure, and the board refused."""
    reading = read_image(encode(scale(draw_app_board(9, 9, pitch), factor)))
    assert reading.skin == "microsoft"
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert not reading.unsure, reading.reasons[:3]
    assert {c.value for c in reading.cells} == {"."}


@pytest.mark.parametrize(("pitch", "factor"), [(57, 0.75), (44, 1.0), (30, 1.0)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_in_play_reads_in_the_apps_colours(pitch: int, factor: float, seed: int) -> None:
    """A game in play: the covered blue and the revealed near-white (241) both seen name the
    Microsoft skin, and its digits are read by its colours (the 1 cyan, not the classic teal 6).
    Before: the classic skin, and scaled by 0.75 the 1s read as unsure 6s."""
    cells, _ = random_position(9, 9, 10, seed, opened=0.5, flags=0.0)
    skin, wrong, unsure = _wrong_and_unsure(cells, encode(scale(draw_game(cells, pitch), factor)))
    assert skin == "microsoft"
    assert not wrong and not unsure, (wrong, unsure)


@pytest.mark.parametrize("seed", [4, 5])
def test_near_white_tiles_alone_name_no_microsoft_skin(seed: int) -> None:
    """Nearly every tile revealed near-white (the covered ones under a tenth of the board, grey, not
    the app's blue) with the classic digit colours: the revealed colour alone names no Microsoft
    skin (``revealed_alone``), and the digits are read as the classic ones. Before (the near-white
    naming the skin alone): the 1s and 4s by the app's colours, unsure."""
    cells, _ = random_position(9, 9, 6, seed, opened=1.0, flags=0.0)
    grey = np.full((52, 50, 3), 160, np.uint8)   # (draw_game's tile at 57 px: 52 high, 50 wide)
    skin, wrong, unsure = _wrong_and_unsure(cells, encode(draw_game(cells, 57, CLASSIC_DIGITS, covered=grey)))
    assert skin != "microsoft"
    assert not wrong and not unsure, (wrong, unsure)


# ---------------------------------------------------------------- the counter: a number by a mine icon

FONTS = [p for p in glyphs_build.font_files() if p.name == "DejaVuSans.ttf"]
needs_fonts = pytest.mark.skipif(not FONTS, reason="no DejaVu Sans on this machine (fonts-dejavu-core)")
#: the icons' blue (the app's clock and mine), the header's white text
ICON, TEXT = (29, 119, 208), (240, 240, 240)


def with_header(board: np.ndarray, pitch: int, left: str, *, clock: bool = True, timer: str = "00:00",
                page: tuple[int, int, int] = PAGE, spikes_apart: bool = False) -> np.ndarray:
    """``board`` (draw_app_board's, its margin 60 px) under the app's header: the blue clock, the
    timer, the blue mine icon and the mines left (``left``), in a row about a cell above the board.
    ``spikes_apart``: the mine's spikes drawn off its disc (shapes of their own, as a scaled icon's
    thin joins may be lost)."""
    size = max(14, round(0.63 * pitch))   # (the 9x9 picture: icons 31-36 px at 57 px a cell)
    top = 2 * size
    img = np.full((board.shape[0] + top, board.shape[1], 3), page, np.uint8)
    img[top:] = board
    image = Image.fromarray(img)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONTS[0]), round(0.26 * pitch))   # (digits 11 px high at 57 px a cell)
    x, y = 60 + pitch, top // 3
    if clock:
        draw.ellipse((x, y, x + size, y + size), fill=(20, 60, 110), outline=ICON, width=max(2, size // 8))
        draw.line((x + size // 2, y + size // 2, x + size // 2, y + size // 5), fill=ICON, width=2)
    draw.text((x + 1.3 * size, y + size // 3), timer, fill=TEXT, font=font)
    mx = x + 3 * size
    disc = 0.4 if spikes_apart else 1 / 3   # (its radius, of the icon's size)
    draw.ellipse((mx + (0.5 - disc) * size, y + (0.5 - disc) * size, mx + (0.5 + disc) * size,
                  y + (0.5 + disc) * size), fill=ICON)
    for k in range(8):  # its spikes
        a = k * np.pi / 4
        reach, r = (0.56, size / 10) if spikes_apart else (0.4, size / 12)
        cx, cy = mx + size / 2 + np.cos(a) * size * reach, y + size / 2 + np.sin(a) * size * reach
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ICON)
    draw.text((mx + 1.6 * size, y + size // 3), left, fill=TEXT, font=font)
    return np.asarray(image)


@needs_fonts
@pytest.mark.parametrize(("pitch", "factor"), [(57, 1.0), (64, 1.0), (48, 1.25), (57, 0.8)])
@pytest.mark.parametrize("left", ["10", "40", "71"])
def test_the_apps_mines_left_is_read_as_drawn(pitch: int, factor: float, left: str) -> None:
    """A new game under the app's header: the number right of the mine icon is the counter (the
    mines left; no flags, so the total). Before: not read, no mine total."""
    picture = scale(with_header(draw_app_board(9, 9, pitch), pitch, left), factor)
    reading = read_image(encode(picture))
    assert not reading.unsure
    assert reading.mine_counter == int(left)
    assert reading.board.mines == int(left)


@needs_fonts
@pytest.mark.parametrize(("pitch", "factor"), [(70, 1.0), (57, 1.5), (90, 0.75)])
def test_the_mine_icons_spikes_apart_are_no_icons(pitch: int, factor: float) -> None:
    """Large, the mine icon's spikes drawn apart from its disc are shapes of 8 px or more: they are
    no icons (less than half the highest's height), and the counter is still read. Before: more
    than two icons, no counter."""
    picture = scale(with_header(draw_app_board(9, 9, pitch), pitch, "10", spikes_apart=True), factor)
    reading = read_image(encode(picture))
    assert reading.mine_counter == 10 and reading.board.mines == 10


@needs_fonts
@pytest.mark.parametrize("factor", [0.9, 1.25, 1.5])
@pytest.mark.parametrize("left", ["40", "88", "23"])
def test_the_apps_small_counter_is_never_read_wrong(factor: float, left: str) -> None:
    """Smaller (digits 7-11 px, their ink touching at some scalings): the counter read as drawn or
    not at all."""
    reading = read_image(encode(scale(with_header(draw_app_board(9, 9, 40), 40, left), factor)))
    assert reading.mine_counter in (int(left), None)
    assert reading.board.mines in (int(left), None)


@needs_fonts
@pytest.mark.parametrize("case", ["no clock", "light header", "garbled", "no number"])
def test_no_counter_unless_the_header_is_the_apps(case: str) -> None:
    """No mine total where the header is not plainly the app's: one blue icon alone (no clock beside
    it), a light header, a number that does not read, none at all."""
    board = draw_app_board(9, 9, 57)
    header = {"no clock": with_header(board, 57, "10", clock=False),
              "light header": with_header(board, 57, "10", page=(235, 235, 235)),
              "garbled": with_header(board, 57, "1%"),
              "no number": with_header(board, 57, "")}[case]
    rgb = load_rgb(encode(header), "drawn")
    grid = find_grids(rgb, 20)[0]
    assert (grid.rows, grid.cols) == (9, 9)
    assert textcounter.read_app_left(rgb, grid) is None
    reading = read_image(encode(header))
    assert reading.board.mines is None and not reading.unsure


@pytest.mark.parametrize(("pitch", "factor"), [(57, 1.0), (44, 1.0), (32, 1.5), (57, 0.8)])
@pytest.mark.parametrize("mark", ["dash", "ring"])
def test_a_grey_mark_is_no_sure_digit_of_the_apps(pitch: int, factor: float, mark: str) -> None:
    """Two revealed tiles carrying a light grey mark of no digit's shape (the app's digit fading in:
    tests/data/screens/ms-store-mid-30x16.png's 1 at 23,5, (163, 165, 166), no glyph matched at
    1.5x): every digit of the app is drawn in a hue, so a grey stroke names none
    (``digits._grey_for_hue``): unsure, never a sure digit. Before: each read a sure 2, the green
    2's colour the nearest (79 away)."""
    cells, _ = random_position(9, 9, 10, 1, opened=0.5, flags=0.0)
    marked = [(r, c) for r in range(9) for c in range(9) if cells[r][c] == "1"][:2]
    for r, c in marked:
        cells[r][c] = "0"
    img = draw_game(cells, pitch)
    out, page = max(1, round(2 * pitch / 57)), max(1, round(3 * pitch / 57))
    w, h = pitch - 2 * out - page, pitch - out - page
    for r, c in marked:
        cx, cy = 60 + c * pitch + out + w // 2, 60 + r * pitch + h // 2
        if mark == "dash":
            cv2.line(img, (cx - w // 5, cy), (cx + w // 5, cy), (163, 165, 166), max(2, round(pitch / 14)))
        else:
            cv2.circle(img, (cx, cy), h // 5, (163, 165, 166), max(2, round(pitch / 14)))
    reading = read_image(encode(scale(img, factor)))
    for r, c in marked:
        assert (r, c) in reading.unsure, (r, c, reading.cells[r * 9 + c].value)
