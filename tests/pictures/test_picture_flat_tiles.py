"""Flat skins: what makes a flat cell sure (docs/pictures.md, "The cells", tiles.py).

A flat skin draws its covered and revealed tiles as plain squares of two colours, with no bevel. A
bare cell is then a covered one or a revealed 0 by its colour alone, and that colour says which
only where the board shows it: digits drawn on it (revealed), flags or mines on it, or a darker
bare colour beside a revealed one (covered). Where the board shows no covered tile colour apart
from the digits' (covered and revealed one colour, or each carrying marks read as digits), its
bare cells are unsure, never sure 0s: the rules of the game catch most such misreads, but not a
covered cell whose every neighbour is a digit satisfied by flags, nor a new game read as 0s.

The boards are drawn here (a flat skin of two colours, classic digits), so the oracle is the
position drawn. A reading may refuse or mark cells unsure; it may never stand by a wrong cell."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.rules import CODE
from tests.support.picture_render import (
    DIGITS,
    _flag,
    _mine,
    _text,
    draw_counter,
    encode,
    random_position,
    render_board,
)

LINE = (110, 110, 110)
CELL = 24


def _pennant(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A flag as an emoji-like picture: a green pennant on a light grey pole, no black, no red."""
    px = x + round(s * 0.35)
    top, bottom = y + round(s * 0.2), y + round(s * 0.8)
    cv2.line(img, (px, top), (px, bottom), (150, 150, 150), max(1, s // 14))
    tri = np.array([[px, top], [px, y + round(s * 0.5)], [x + round(s * 0.8), y + round(s * 0.33)]], np.int32)
    cv2.fillPoly(img, [tri], (20, 170, 40), cv2.LINE_AA)


def draw_flat(cells: list[list[str]], covered: tuple[int, int, int], revealed: tuple[int, int, int], *,
              flag: str = "red", displays: tuple[int, ...] = (),
              flag_tile: tuple[int, int, int] | None = None) -> np.ndarray:
    """The board in a flat skin: covered cells a plain square of ``covered``, revealed ones of
    ``revealed``, each with a 1 px line along its top and left; classic digits, black mines, flags
    ``red`` (classic), ``pennant`` (emoji-like) or ``square`` (no mark: the tile alone, as
    ``flag_tile`` colours it); above the board the seven-segment ``displays``
    from left to right (none: no counter); a flag on a tile of its own colour ``flag_tile`` where
    given (as tkinter's clones draw a flag button)."""
    rows, cols = len(cells), len(cells[0])
    m = CELL // 2
    panel = round(CELL * 2.2) if displays else 0
    img = np.full((rows * CELL + 2 * m + panel, cols * CELL + 2 * m, 3), (215, 215, 215), np.uint8)
    top = m + panel
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * CELL, top + r * CELL
            closed = v in (".", "F", "?")
            tile = flag_tile if v == "F" and flag_tile is not None else covered if closed else revealed
            img[y:y + CELL, x:x + CELL] = (255, 0, 0) if v == "X" else tile
            img[y, x:x + CELL] = LINE
            img[y:y + CELL, x] = LINE
            if v == "F" and flag != "square":
                (_pennant if flag == "pennant" else _flag)(img, x, y, CELL)
            elif v.isdigit() and v != "0":
                _text(img, x, y, CELL, v, DIGITS[int(v)])
            elif v in "*X":
                _mine(img, x, y, CELL)
    x = m
    for value in displays:
        x += draw_counter(img, x, m // 2, CELL, value, (64, 0, 0)) + 3 * CELL
    return img


def silently_wrong(cells: list[list[str]], image: np.ndarray) -> list[str]:
    """The cells (and the mine total) the reader stands by that are not what was drawn: on the
    board, as the analysis would get it. Nothing when the picture is refused."""
    try:
        reading = read_image(encode(image))
    except NoBoardFound:
        return []
    cols = len(cells[0])
    want = [CODE[v] for row in cells for v in row]
    unsure = set(reading.unsure)
    if (reading.board.rows, reading.board.cols) != (len(cells), cols):
        return [f"size {reading.board.rows}x{reading.board.cols}"]
    return [f"{i // cols},{i % cols}: {cells[i // cols][i % cols]} read {reading.cells[i].value}"
            for i, (w, g) in enumerate(zip(want, reading.board.cells))
            if w != g and divmod(i, cols) not in unsure]


def ring_board() -> list[list[str]]:
    """A 12x12 position, every mine flagged and every other cell opened but the 2x2 block in the
    middle: covered cells whose true count is 0, each of their neighbours a digit satisfied by its
    flags. Read as 0s they break no rule of the game."""
    rows = cols = 12
    block = {(5, 5), (5, 6), (6, 5), (6, 6)}
    mines = {(3, 3), (3, 5), (3, 8), (5, 3), (5, 8), (8, 3), (8, 6), (8, 8), (0, 11), (11, 0)}
    cells = []
    for r in range(rows):
        row = []
        for c in range(cols):
            if (r, c) in mines:
                row.append("F")
            elif (r, c) in block:
                row.append(".")
            else:
                row.append(str(sum((rr, cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))))
        cells.append(row)
    # the block's neighbours are all digits: no 0 beside a covered cell (the game opens those)
    for r, c in block:
        for rr in range(r - 1, r + 2):
            for cc in range(c - 1, c + 2):
                assert (rr, cc) in block or cells[rr][cc] not in ("0", "."), (rr, cc)
    return cells


#: covered and revealed tile colours: the classic convention (covered darker), one colour for both
#: but for a few levels, inverted (covered lighter)
CLOSE = ((190, 190, 190), (184, 184, 184))
INVERTED = ((236, 236, 236), (160, 160, 160))
DARKER = ((150, 150, 150), (205, 205, 205))


def test_the_ring_board_drawn_conventionally_reads_exactly() -> None:
    """The board itself is readable where the covered colour is shown by its flags (the oracle)."""
    cells = ring_board()
    reading = read_image(encode(draw_flat(cells, *DARKER)))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]


@pytest.mark.parametrize("lost", [False, True], ids=["playing", "lost"])
@pytest.mark.parametrize("colours", [CLOSE, INVERTED], ids=["close", "inverted"])
@pytest.mark.parametrize("flag", ["red", "pennant"])
def test_covered_cells_read_as_0s_that_break_no_rule_are_not_sure(colours: tuple, flag: str, lost: bool) -> None:
    """The ring board's covered block on a flat skin whose covered colour is the revealed one (but
    for a few levels) or lighter than it: never sure 0s. Also lost, a flag's mine exploded (on
    red): the red tile is the darkest colour with no flag or mine read on it, and no covered one."""
    cells = ring_board()
    if lost:
        cells[0][11] = "X"
    assert silently_wrong(cells, draw_flat(cells, *colours, flag=flag)) == []


@pytest.mark.parametrize("flag_tile", [(240, 240, 240), (120, 120, 120)], ids=["white", "dark"])
@pytest.mark.parametrize("colours", [INVERTED, DARKER], ids=["inverted", "darker"])
@pytest.mark.parametrize("flag", ["red", "pennant"])
def test_covered_cells_apart_from_the_flags_tile_are_not_sure_0s(flag_tile: tuple, colours: tuple, flag: str) -> None:
    """The ring board with its flags on a tile of their own colour (a flag button): the covered
    block's colour holds no flag and no digit, so nothing shows it revealed; never sure 0s."""
    cells = ring_board()
    assert silently_wrong(cells, draw_flat(cells, *colours, flag=flag, flag_tile=flag_tile)) == []


@pytest.mark.parametrize("displays", [(), (0, 40)], ids=["no counter", "timer left"])
@pytest.mark.parametrize("colour", [(150, 150, 150), (236, 236, 236)])
def test_a_new_game_on_a_flat_skin_is_not_a_board_of_0s(displays: tuple[int, ...], colour: tuple) -> None:
    """Every cell covered, one flat colour: covered or 0s is not told, so not a sure board; also
    where the leftmost display is the timer at 000 and the mine counter (40) is on its right."""
    cells = [["."] * 9 for _ in range(9)]
    assert silently_wrong(cells, draw_flat(cells, colour, (205, 205, 205), displays=displays)) == []


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("colours", [CLOSE, INVERTED, DARKER], ids=["close", "inverted", "darker"])
@pytest.mark.parametrize("flag", ["red", "pennant"])
def test_mid_games_on_flat_skins_are_never_read_wrong(seed: int, colours: tuple, flag: str) -> None:
    cells, _ = random_position(12, 12, 20, seed=seed, opened=0.5, flags=1.0)
    assert silently_wrong(cells, draw_flat(cells, *colours, flag=flag)) == []


@pytest.mark.parametrize("seed", [0, 2, 4, 8, 10])
@pytest.mark.parametrize("flag", ["red", "pennant"])
def test_flags_on_tiles_of_their_own_colour_are_never_sure_digits(seed: int, flag: str) -> None:
    """Flags drawn on a tile of their own (white) colour, apart from the covered and revealed ones
    (as tkinter clones draw a flag button): an emoji-like flag (no black, no red) is a mark like no
    digit on a tile no digit lies on, so never a sure digit (its colour alone says green 2; where
    two covered cells lie beside it, no rule of the game speaks against that)."""
    cells, _ = random_position(16, 16, 40, seed=seed, opened=0.2, flags=0.4)
    assert silently_wrong(cells, draw_flat(cells, *DARKER, flag=flag, flag_tile=(240, 240, 240))) == []


@pytest.mark.parametrize("flat", [False, True], ids=["classic", "flat skin"])
def test_a_lost_board_with_no_covered_cell_left_reads_exactly(flat: bool) -> None:
    """Every safe cell opened, the one mine exploded: no covered tile to be seen, but the bare
    cells' colour carries digits plainly shaped as digits and no flag, so they are sure 0s (the
    hypothesis test of test_picture_property.py found this board refused when the exploded mine's
    red tile no longer passed for a covered colour)."""
    cells = [["0"] * 8 for _ in range(8)]
    for r in (2, 3, 4):
        for c in (4, 5, 6):
            cells[r][c] = "1"
    cells[3][5] = "X"
    image = draw_flat(cells, *DARKER) if flat else render_board(cells, 16, counter=1)
    reading = read_image(encode(image))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]


def _lineless(seed: int) -> tuple[list[list[str]], np.ndarray]:
    """A position drawn with covered tiles 4 levels from the lines between them (no edge at either
    threshold): covered areas show as one flat area."""
    cells, counter = random_position(16, 16, 40, seed=seed, opened=0.8, flags=1.0)
    return cells, draw_flat(cells, (106, 106, 106), (190, 190, 190), displays=(counter,))


@pytest.mark.parametrize("seed", [*range(12), 183])
def test_part_of_a_board_is_not_read_as_the_whole(seed: int) -> None:
    """A row or column of covered cells and flags gives the lattice no edge: on 9bcc49d the lattice
    stopped there and the part on one side was read as the whole board (7 of seeds 0-11: 12x15,
    16x10, ... of 16x16; seed 183: 10 rows of 16). Since grow.grown_over_flat_cells (515d00d) the
    lattice grows over such cells; never read wrong."""
    cells, image = _lineless(seed)
    assert silently_wrong(cells, image) == []


@pytest.mark.parametrize("seed", [5, 6, 8, 10])
def test_a_whole_board_of_lineless_covered_tiles_still_reads(seed: int) -> None:
    """Where the lattice covers the board, the frame beside it is no covered colour: read exactly."""
    cells, image = _lineless(seed)
    reading = read_image(encode(image))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.board.mines == 40


@pytest.mark.parametrize("shift", [-8, -4, 3, 6])
@pytest.mark.parametrize("flag_tile", [(240, 240, 240), (120, 120, 120), (60, 60, 160)], ids=["white", "dark", "blue"])
@pytest.mark.parametrize("flag", ["red", "pennant"])
def test_covered_tiles_a_few_levels_from_the_digits_with_flags_apart_are_not_sure_0s(
        shift: int, flag_tile: tuple, flag: str) -> None:
    """The ring board, its covered block a few levels from the revealed grey (one group by colour)
    and its flags on a tile of their own: no covered tile is seen bare, so the block's colour, a
    few levels from every digit's tile, is no sure 0 (tiles.unseen_covered's STEADY)."""
    cells = ring_board()
    revealed = (184, 184, 184)
    covered = tuple(v + shift for v in revealed)
    assert silently_wrong(cells, draw_flat(cells, covered, revealed, flag=flag, flag_tile=flag_tile)) == []


#: (size, mines, seed, opened, flags, covered grey, revealed grey, counter shown): two boards of
#: benchmarks/flat_skin_risks.py (seeds 1 and 2) whose flags lie on a dark tile of their own near
#: the covered grey: the lattice found on part of the board ended at covered tiles
FLAG_BUTTON_CUT = [(13, 28, 95185, 0.4125, 0.5493, 106, 158, False), (13, 30, 787903, 0.6827, 0.8166, 114, 185, True)]


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
@pytest.mark.parametrize("size, mines, seed, opened, flags, covered, revealed, counter", FLAG_BUTTON_CUT)
def test_a_lattice_whose_covered_tiles_go_on_past_it_is_no_board(
        size: int, mines: int, seed: int, opened: float, flags: float, covered: int, revealed: int, counter: bool,
        fmt: str) -> None:
    """Covered tiles with no line between them (flags on a dark tile of their own, 14 levels from
    the covered grey) give the lattice no edge there: on main it ended inside the board (6x8 and
    9x13 of 13x13 boards, read with some cells unsure but at the wrong size). Covered tiles' colour
    filling a cell just outside the lattice says the board goes on (grow.covered_beyond): refused."""
    cells, shown = random_position(size, size, mines, seed=seed, opened=opened, flags=flags)
    image = draw_flat(cells, (covered,) * 3, (revealed,) * 3, flag_tile=(120, 120, 120),
                      displays=(shown,) if counter else ())
    try:
        reading = read_image(encode(image, fmt, 90))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (size, size)


#: (covered, revealed, the cursor's tint): a flat skin whose covered tiles are darker than its
#: revealed ones, and a keyboard cursor that tints one revealed cell darker than both (Haiku's
#: Minesweeper: darker yellow covered tiles, a blue selection box over one cell)
CURSOR_SKINS = [((255, 220, 134), (255, 239, 200), (128, 183, 203)),
                ((150, 150, 150), (205, 205, 205), (90, 120, 170))]


@pytest.mark.parametrize("seed", [1, 3])
@pytest.mark.parametrize("covered, revealed, tint", CURSOR_SKINS, ids=["yellow", "grey"])
def test_a_cursor_tinting_one_revealed_cell_leaves_the_covered_colour_shown(
        seed: int, covered: tuple, revealed: tuple, tint: tuple) -> None:
    """No flag on the board: the covered tiles are told by their colour, a bare one darker than the
    digits' tiles. A cursor's tint over one digit's cell, darker still, is one cell's colour and no
    revealed tile's: on main the covered tiles were no longer darker than every digit's tile and
    were read as unsure 0s. Read exactly, the cursor's digit included."""
    cells, _ = random_position(12, 12, 20, seed=seed, opened=0.5, flags=0.0)
    assert not any("F" in row for row in cells)
    image = draw_flat(cells, covered, revealed)
    r, c = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v in "1234" and 2 < r < 10)
    x, y = CELL // 2 + c * CELL, CELL // 2 + r * CELL
    image[y + 1:y + CELL, x + 1:x + CELL] = tint
    cv2.rectangle(image, (x + 1, y + 1), (x + CELL - 1, y + CELL - 1), (40, 90, 200), 1)
    _text(image, x, y, CELL, cells[r][c], DIGITS[int(cells[r][c])])
    reading = read_image(encode(image))
    assert not reading.unsure, reading.reasons
    assert [v.value for v in reading.cells] == [v for row in cells for v in row]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_flags_drawn_as_black_squares_are_not_sure_covered_cells(seed: int) -> None:
    """A game that draws a flag as a plain black square (yydrowz3's Win32 GDI game: flat grey
    covered cells, white revealed ones): flat like the covered tiles and grouped with them, so once
    read as sure covered cells (tests/data/screens/win32-flat-mid-16x30.png, 10 cells wrong). A
    plain near-black tile among light covered ones is no sure covered cell (solid.py). Since
    bare.plain_flag_doubt the board is refused: the black, the darkest bare colour, read covered,
    and the grey, shown covered by the digits, may either be a game's plain flag tiles, so both are
    unsure, too many cells; where read, every flag is unsure or a flag."""
    cells, _ = random_position(16, 30, 99, seed, opened=0.3, flags=0.6)
    flags = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"]
    assert flags
    image = draw_flat(cells, (192, 192, 192), (255, 255, 255), flag="square", flag_tile=(0, 0, 0))
    assert silently_wrong(cells, image) == []
    try:
        reading = read_image(encode(image))
    except NoBoardFound:
        return
    unsure = set(reading.unsure)
    assert all(f in unsure or reading.cell(*f).value == "F" for f in flags)
