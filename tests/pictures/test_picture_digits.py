"""Digits are read by colour and by shape (cpsolve/picture/digits.py, issue 39): a cell is a sure
digit only where both agree. The shapes the reader compares with (cpsolve/picture/skins.py
DIGIT_SHAPES) are built by :func:`build_shapes` from the tuning screenshots (tests/data/screens,
never the held-out ones) and from the digits tests/support/picture_render.py draws;
``python -m tests.pictures.test_picture_digits`` prints the table to paste there."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from cpsolve.picture import cells, digits, tiles
from cpsolve.picture.decode import load_rgb
from cpsolve.picture.grid import Grid, find_grids
from cpsolve.picture.skins import CLASSIC
from tests.support import picture_render as pr
from tests.support.paths import DATA

SCREENS = DATA / "screens"
#: screenshots whose glyphs are not used: the lattice found sits off the cells (part of the
#: neighbour's digit in each crop), so their glyphs teach the wrong shape
NOT_SHAPES = ("jsminesweeper",)


def _grid_of(rgb: np.ndarray, rows: int, cols: int) -> Grid | None:
    for threshold in (20, 6):
        for grid in find_grids(rgb, threshold)[:3]:
            if (grid.rows, grid.cols) == (rows, cols):
                return grid
    return None


def _glyphs_of(rgb: np.ndarray, values: list[str], grid: Grid | None = None) -> list[tuple[int, np.ndarray]]:
    """(digit, glyph) of every digit cell of the board ``values`` (rows of cell values) in ``rgb``
    (on ``grid``, or the lattice found of the board's size)."""
    grid = grid or _grid_of(rgb, len(values), len(values[0]))
    if grid is None:
        return []
    looks = cells.measure(rgb, grid)
    return [(int(v), looks[r][c].glyph) for r, row in enumerate(values) for c, v in enumerate(row)
            if v in "12345678" and looks[r][c].glyph is not None]


def _family(name: str) -> str:
    """The game a tuning screenshot shows (its digits' font)."""
    if name.startswith(("winmine", "minesweeperonline", "metasweeper")):
        return "winmine"
    if name.startswith("win7"):
        return "win7"
    if name.startswith("raylib-grey"):
        return "raylibgrey"  # (its own font, Arial-like; the other raylib games draw raylib's own pixel font)
    return re.split(r"-", name)[0]


#: the board drawn to collect picture_render's digits: each digit several times
_DRAWN = [list("12345678"), list("87654321"), list("..F.1234"), list("5678...."), list("2.4.6.8.")]


def drawn_glyphs() -> list[tuple[int, np.ndarray]]:
    """Glyphs of tests/support/picture_render.py's digits (OpenCV's Hershey font) at cell sizes 12-40, PNG
    and JPEG, whole and scaled."""
    out = []
    for size in (12, 14, 16, 18, 20, 24, 28, 32, 40):
        for fmt, quality in (("PNG", 95), ("JPEG", 70), ("JPEG", 90)):
            for factor in (1.0, 1.25):
                data = pr.encode(pr.scale(pr.render_board(_DRAWN, size), factor), fmt, quality)
                rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
                out += _glyphs_of(rgb, _DRAWN)
    return out


#: games whose digits at cells of LARGE_CELL px or more are a font of their own ("GAME@large"):
#: hinted at small cells, its strokes are straight and a pixel wide (the purple checkerboard's at 24
#: px, 247 of its digits), drawn rounded at large ones (at 36 and 64 px, 57 and 13), and a mean of
#: all its digits is the small ones' shape (its 3s at 36 px were as like that 2 as 0.72)
BY_SIZE, LARGE_CELL = ("purplechecker",), 32.0


def screen_glyphs() -> dict[str, list[tuple[int, np.ndarray]]]:
    """Per game (font), the glyphs of the tuning screenshots' digit cells."""
    out: dict[str, list[tuple[int, np.ndarray]]] = {}
    for picture in sorted(SCREENS.iterdir()):
        if picture.suffix not in (".png", ".jpg") or picture.name.startswith(NOT_SHAPES):
            continue
        values = [line.strip() for line in picture.with_suffix(".cells").read_text().splitlines() if line.strip()]
        rgb = load_rgb(picture, picture.name)
        grid = _grid_of(rgb, len(values), len(values[0]))
        font = _family(picture.name)
        if font in BY_SIZE and grid is not None and grid.cell_size >= LARGE_CELL:
            font += "@large"
        out.setdefault(font, []).extend(_glyphs_of(rgb, values, grid))
    return out


def build_shapes() -> dict[str, dict[int, str]]:
    """Per font, per digit, the mean glyph, each grid cell's coverage as one character 0-9."""
    fonts = {"drawn": drawn_glyphs(), **screen_glyphs()}
    table: dict[str, dict[int, str]] = {}
    for font, glyphs in fonts.items():
        for digit in range(1, 9):
            maps = [g for d, g in glyphs if d == digit]
            if maps:
                mean = np.mean(maps, axis=0)
                table.setdefault(font, {})[digit] = "".join(str(min(9, int(v * 10))) for v in mean.ravel())
    return table


# ---------------------------------------------------------------- the rule: colour and shape agree

#: a game's position (Intermediate, half played), and one of its 1s, which the tests repaint
_BOARD = pr.random_position(16, 16, 40, 7)[0]
_AT = next((r, c) for r, row in enumerate(_BOARD) for c, v in enumerate(row) if v == "1" and r > 3 and c > 3)


def _painted(cell: int, colour: tuple[int, int, int], fmt: str = "PNG") -> bytes:
    """_BOARD drawn with the 1 at _AT in ``colour``."""
    img = pr.render_board(_BOARD, cell)
    m, b = max(4, cell // 2), max(2, cell // 5)
    x, y = m + b + _AT[1] * cell, m + _AT[0] * cell
    pr._flat(img, x, y, cell)
    pr._text(img, x, y, cell, "1", colour)
    return pr.encode(img, fmt, 80)


def _cell(data: bytes) -> tuple[str, bool]:
    """The repainted cell's value and whether it is sure, by the cell alone: before the rules of
    the game, which would catch a 4 with too few covered neighbours whatever the cell said."""
    rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    grid = _grid_of(rgb, len(_BOARD), len(_BOARD[0]))
    assert grid is not None
    values, confidence, _ = cells.classify_board(cells.measure(rgb, grid), CLASSIC, grid.cell_size)
    i = _AT[0] * grid.cols + _AT[1]
    return values[i], confidence[i] >= cells.SURE


@pytest.mark.parametrize("cell", [16, 24, 36])
def test_a_1_coloured_like_a_4_is_not_a_sure_4(cell: int) -> None:
    """Navy is what JPEG makes of a thin blue stroke: the shape (narrow, one stem) says 1, and
    navy may be a 1's blue, so it reads 1; never a sure 4."""
    value, sure = _cell(_painted(cell, pr.DIGITS[4]))
    assert not (sure and value == "4")
    assert value == "1" or not sure


@pytest.mark.parametrize("cell", [16, 24, 36])
def test_a_1_coloured_like_a_2_is_unsure(cell: int) -> None:
    """Green is no 1's colour, and the shape is no 2: colour and shape disagree, so unsure."""
    value, sure = _cell(_painted(cell, pr.DIGITS[2]))
    assert not sure, value


@pytest.mark.parametrize("cell", [16, 24])
def test_the_same_board_in_its_own_colours_reads_exactly(cell: int) -> None:
    """The control: drawn in the classic colours, every digit is sure and right, JPEG too (where
    colour alone took the thin blue 1s for navy 4s and too many were unsure: no board)."""
    from cpsolve.picture import read_image

    for fmt in ("PNG", "JPEG"):
        reading = read_image(_painted(cell, pr.DIGITS[1], fmt))
        assert not reading.unsure
        assert [c.value for c in reading.cells] == [v for row in _BOARD for v in row]


def test_a_glyph_in_the_4s_colour_leaning_to_a_1_is_no_sure_4() -> None:
    """A glyph more like a 1 than a 4 by 0.1 (over digits.SHAPE_VETO, under SHAPE_AGAINST) in Google's
    purple 4, which is no JPEG'd shade of its blue 1 (65 from it: not near): colour and shape
    disagree, so unsure. digits.VETO_SPARED let a glyph in the 4's colour leaning to a 1 stay a sure
    4 (for the tests' renderer's navy 4s at 14-24 px, which no longer need it: sweep_drawn --n 400
    --seed 12 reads the same without it)."""
    from dataclasses import replace

    from cpsolve.picture.skins import GOOGLE

    rgb = np.asarray(Image.open(io.BytesIO(_painted(24, pr.DIGITS[1]))).convert("RGB"))
    grid = _grid_of(rgb, len(_BOARD), len(_BOARD[0]))
    assert grid is not None
    one = cells.measure(rgb, grid)[_AT[0]][_AT[1]]
    scores = {d: 0.3 for d in range(1, 9)} | {1: 0.8, 4: 0.7}
    look = replace(one, fg_colour=np.array(GOOGLE.digits[4], np.float64),
                   background=np.array(GOOGLE.revealed[0], np.float64), shape=scores)
    value, conf = digits._digit(look, GOOGLE)
    assert not (value == "4" and conf >= cells.SURE), (value, conf)


@pytest.mark.parametrize("cell", [14, 20, 32])
def test_shape_scores_name_every_drawn_digit(cell: int) -> None:
    """picture_render's digits 1-8, one cell size at a time: the best shape is the digit drawn."""
    rgb = np.asarray(Image.open(io.BytesIO(pr.encode(pr.render_board(_DRAWN, cell)))).convert("RGB"))
    glyphs = _glyphs_of(rgb, _DRAWN)
    assert len(glyphs) == sum(v.isdigit() for row in _DRAWN for v in row)
    for digit, glyph in glyphs:
        scores = digits.shape_scores(glyph)
        assert max(scores, key=lambda d: scores[d]) == digit, (digit, scores)


def _game(font: str) -> str:
    """The game a font (a row of DIGIT_SHAPES, a key of screen_glyphs) is of: "purplechecker" for
    "purplechecker@large"."""
    return font.split("@")[0]


def test_the_shapes_are_told_apart_across_fonts() -> None:
    """Each tuning game's glyphs against the other games' shapes only (a font the reader has not
    seen): no other digit is both like the glyph (SHAPE_LIKE) and ahead of the true one by
    SHAPE_AGAINST, so an unseen font's digit is not read as another by shape."""
    from cpsolve.picture.skins import DIGIT_SHAPES

    for font, glyphs in screen_glyphs().items():
        others = [(d, digits._unit(np.array([int(ch) for ch in text], np.float64)))
                  for f, font_shapes in DIGIT_SHAPES.items() if _game(f) != _game(font)
                  for d, text in font_shapes.items()]
        for digit, glyph in glyphs:
            v = digits._unit(glyph.ravel().astype(np.float64))
            scores: dict[int, float] = {}
            for d, t in others:
                scores[d] = max(scores.get(d, -1.0), float(t @ v))
            if digit not in scores:
                continue
            rival = max((s for d, s in scores.items() if d != digit), default=-1.0)
            assert not (rival >= digits.SHAPE_LIKE and rival - scores[digit] >= digits.SHAPE_AGAINST), (font, digit)


@pytest.mark.parametrize("name", ["purplechecker-mid-16x16", "purplechecker-lost-9x9", "purplechecker-mid-24x24"])
def test_a_font_at_large_cells_is_known_by_its_large_shapes(name: str) -> None:
    """The purple checkerboard draws every digit in one grey, so shape alone tells them (digits.
    shape_digit): each must be plainly its digit (0.85 like it, 0.2 ahead of every other). Its
    3s at 36 px were like 3 by 0.86 and like its own 2 by 0.72: its row of DIGIT_SHAPES was the mean
    of mostly its 24 px digits (straight strokes a pixel wide), unlike the rounded ones at 36 px.
    Averaged apart by cell size (BY_SIZE: "purplechecker@large"), every digit of its three pictures
    is plain, the 24 px ones too."""
    picture = SCREENS / f"{name}.png"
    values = [line.strip() for line in picture.with_suffix(".cells").read_text().splitlines() if line.strip()]
    rgb = load_rgb(picture, picture.name)
    grid = _grid_of(rgb, len(values), len(values[0]))
    assert grid is not None
    looks = cells.measure(rgb, grid)
    digits_read = [(v, looks[r][c]) for r, row in enumerate(values) for c, v in enumerate(row) if v in "12345678"]
    assert digits_read
    assert [v for v, look in digits_read if not digits._clean_digit(look, v)] == []


def test_no_digit_is_an_x() -> None:
    """digits.crossed: every tuning game's digit glyphs and the renderer's are far from an X's shape
    (0.35 at most, CROSS_LIKE 0.55), so no digit is taken for an X and made unsure."""
    cross = digits._unit(np.array([int(ch) for ch in digits.CROSS_SHAPE], np.float64))
    for font, glyphs in {**screen_glyphs(), "drawn": drawn_glyphs()}.items():
        for digit, glyph in glyphs:
            like = float(digits._unit(glyph.ravel().astype(np.float64)) @ cross)
            assert like < digits.CROSS_LIKE - 0.15, (font, digit, like)


def test_colour_distance_allows_for_jpeg_chroma() -> None:
    """A thin blue stroke through JPEG (its brightness kept, its colour halved toward the grey) is
    near blue; pure navy stays nearest navy by plain distance; green is far from blue either way."""
    grey = np.array([192.0, 192.0, 192.0])
    blue, navy, green = (np.array(c, np.float64) for c in (pr.DIGITS[1], pr.DIGITS[4], pr.DIGITS[2]))
    jpeg_blue = np.array([15.0, 14.0, 145.0])  # soak-297's 1s
    assert digits.colour_distance(jpeg_blue, blue, grey) < 10
    assert digits.colour_distance(green, blue, grey) > digits.COLOUR_NEAR
    assert digits.colour_distance(navy, navy, grey) == 0


def _gnome_looks() -> tuple[list[list[cells.CellLook]], list[str]]:
    picture = SCREENS / "gnome40-mid-16x16.png"
    values = [line.strip() for line in picture.with_suffix(".cells").read_text().splitlines() if line.strip()]
    rgb = load_rgb(picture, picture.name)
    grid = _grid_of(rgb, len(values), len(values[0]))
    assert grid is not None
    return cells.measure(rgb, grid), values


def test_a_tinted_tile_and_its_digit_must_agree() -> None:
    """GNOME's digits are alike; the tile's tint tells the number (skins.GNOME): a 1 on a 1's tint
    is a sure 1, the same 1 on a 3's tint is unsure (tint and shape disagree), and so is a 1 on a
    tint no digit has."""
    from dataclasses import replace

    from cpsolve.picture.skins import GNOME

    looks, values = _gnome_looks()
    one = next(looks[r][c] for r, row in enumerate(values) for c, v in enumerate(row) if v == "1")
    value, conf = digits._digit(one, GNOME)
    assert (value, conf >= cells.SURE) == ("1", True)
    value, conf = digits._digit(replace(one, background=np.array(GNOME.digit_tiles[3], np.float64)), GNOME)
    assert conf < cells.SURE, value
    value, conf = digits._digit(replace(one, background=np.array([120.0, 200.0, 255.0])), GNOME)
    assert conf < cells.SURE, value


def test_a_dark_flag_is_told_from_another_mark_by_shape() -> None:
    """GNOME's flags are dark, without red: a mark of the flag's shape on a covered tile is a sure
    flag; a digit's shape there (no GNOME mark) is unsure, not a flag and not a sure question mark."""
    from dataclasses import replace

    from cpsolve.picture.skins import GNOME

    looks, values = _gnome_looks()
    read, conf, skin = cells.classify_board(looks, CLASSIC)
    assert skin.name == "gnome"
    flags = [(r, c) for r, row in enumerate(values) for c, v in enumerate(row) if v == "F"]
    assert flags and all(read[r * 16 + c] == "F" and conf[r * 16 + c] >= cells.SURE for r, c in flags)
    r, c = flags[0]
    two = next(looks[i][j] for i, row in enumerate(values) for j, v in enumerate(row) if v == "2")
    looks[r][c] = replace(looks[r][c], glyph=two.glyph, shape=two.shape)
    read, conf, _ = cells.classify_board(looks, GNOME)
    assert conf[r * 16 + c] < cells.SURE, read[r * 16 + c]


def _read_exactly(picture: Path) -> tuple[list[str], Grid, list[list[cells.CellLook]]]:
    """A tuning screenshot's hand-transcribed values, its grid and its cells' looks, after checking
    that every cell is read right and sure (the starting point the tests below then disturb)."""
    values = [line.strip() for line in picture.with_suffix(".cells").read_text().splitlines() if line.strip()]
    rgb = load_rgb(picture, picture.name)
    grid = _grid_of(rgb, len(values), len(values[0]))
    assert grid is not None
    looks = cells.measure(rgb, grid)
    read, conf, _ = cells.classify_board(looks, CLASSIC, grid.cell_size)
    assert read == [v for row in values for v in row]
    assert min(conf) >= cells.SURE
    return values, grid, looks


def test_a_tile_colour_backs_weak_bevels_unless_digits_lie_on_raised_tiles() -> None:
    """Windows 7's glossy tiles have bevels near the threshold: every cell of win7blue-mid reads
    sure and right, its covered tiles' colour (all raised) backing their weak bevels. A plain digit
    on a raised tile says the board's bevels are misread: then the colour backs nothing, and the
    weakest covered tiles are unsure again."""
    from dataclasses import replace

    values, grid, looks = _read_exactly(SCREENS / "win7blue-mid-9x9.png")
    two = next(looks[r][c] for r, row in enumerate(values) for c, v in enumerate(row) if v == "2")
    r, c = next((r, c) for r, row in enumerate(values) for c, v in enumerate(row) if v == ".")
    looks[r][c] = replace(looks[r][c], fg_fraction=two.fg_fraction, fg_colour=two.fg_colour, glyph=two.glyph,
                          shape=two.shape)
    _, conf, _ = cells.classify_board(looks, CLASSIC, grid.cell_size)
    unsure = [i for i, x in enumerate(conf) if x < cells.SURE]
    assert r * grid.cols + c in unsure and len(unsure) > 1  # the planted digit, and weak bevels besides


def test_kmines_covered_tiles_are_told_by_their_shaded_face() -> None:
    """KDE KMines draws covered tiles as shaded grey buttons with no bevel at the cell's sides, and
    revealed tiles flat grey: where the flags' tiles are shaded and the digits' flat, a blank shaded
    tile is covered. A digit on a shaded face contradicts that: unsure."""
    from dataclasses import replace

    values, grid, looks = _read_exactly(SCREENS / "kmines-mid-9x9.png")
    r, c = next((r, c) for r, row in enumerate(values) for c, v in enumerate(row) if v == "1")
    looks[r][c] = replace(looks[r][c], shading=2 * tiles.SHADED)
    _, conf, _ = cells.classify_board(looks, CLASSIC, grid.cell_size)
    assert conf[r * grid.cols + c] < cells.SURE


if __name__ == "__main__":
    for font, font_shapes in build_shapes().items():
        print(f"    {font!r}: {{")
        for digit, text in font_shapes.items():
            print(f"        {digit}: {text!r},")
        print("    },")
