"""Mines left written with a label, "Mines left: 1", in a plain panel above or below the board
(kwantton's pygame bot, tests/data/screens/kwantton-won-16x30.png: white on black above the board,
over a "Time: 0.434" line; textcounter.read_labelled_left). On drawn boards (the oracle is the
number drawn): read as drawn; a line with another label, or two labelled counters, give no counter."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import glyphs_build, read_image
from tests.support.picture_render import encode, random_position, render_board

FONTS = [p for p in glyphs_build.font_files() if p.name in ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf",
                                                     "DejaVuSans.ttf")]
needs_fonts = pytest.mark.skipif(not FONTS, reason="no DejaVu or Liberation fonts on this machine")
MINES = 12


def _with_text(cells: list[list[str]], cell: int, lines: list[str], font: Path, *, below: bool = False,
               dark: bool = True) -> np.ndarray:
    """The board (no counter panel) with a plain panel above it (below it, with ``below``) holding
    ``lines`` of text, white on black (black on white where not ``dark``)."""
    board = render_board(cells, cell)
    size = round(cell * 0.55)
    height = round(len(lines) * size * 1.8 + size)
    panel = np.full((height, board.shape[1], 3), 0 if dark else 255, np.uint8)
    pil = Image.fromarray(panel)
    draw = ImageDraw.Draw(pil)
    face = ImageFont.truetype(str(font), size)
    for k, text in enumerate(lines):
        draw.text((cell // 2, round(size * 0.5 + k * size * 1.8)), text, font=face,
                  fill=(255, 255, 255) if dark else (0, 0, 0))
    parts = [board, np.asarray(pil)] if below else [np.asarray(pil), board]
    return np.concatenate(parts, axis=0)


@needs_fonts
@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.stem)
@pytest.mark.parametrize(("cell", "seed"), [(24, 1), (30, 2), (36, 3)])
def test_mines_left_with_its_label_is_read(font: Path, cell: int, seed: int) -> None:
    cells, counter = random_position(10, 12, MINES, seed=seed, state="playing")
    img = _with_text(cells, cell, [f"Mines left: {counter}", "Time: 0.434"], font)
    reading = read_image(encode(img))
    assert reading.mine_counter == counter
    assert reading.board.mines == MINES  # mines left plus the flags


@needs_fonts
@pytest.mark.parametrize("label", ["Mines left", "MINES LEFT:", "Bombs left:", "Mines remaining:"])
def test_labels_below_the_board_and_dark_on_light_are_read(label: str) -> None:
    cells, counter = random_position(10, 12, MINES, seed=4, state="playing")
    img = _with_text(cells, 28, ["Time: 12", f"{label} {counter}"], FONTS[0], below=True, dark=False)
    reading = read_image(encode(img))
    assert reading.mine_counter == counter
    assert reading.board.mines == MINES


@needs_fonts
@pytest.mark.parametrize("lines", [["Time: 7", "Score: 40"], ["Mines: 9"], ["Mines left: 7", "Flags left: 3"],
                                   ["Mines left: x7"]])
def test_no_label_of_mines_left_or_two_give_no_counter(lines: list[str]) -> None:
    """Other labels are no counter's (a total or a mines-left count? not told); two labelled
    counters, or a number not read after the label: which is the counter's is not told."""
    cells, _ = random_position(10, 12, MINES, seed=1, state="playing")
    reading = read_image(encode(_with_text(cells, 28, lines, FONTS[0])))
    assert reading.mine_counter is None and reading.board.mines is None
