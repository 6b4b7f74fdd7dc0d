"""cpsolve reads its own pictures: the SVG of ``cpsolve.render.svg`` (no overlay), rasterised by
Debian's chromium at display scalings of 100-200%, read back to the board it was drawn from."""

from __future__ import annotations

import pytest

from cpsolve import parse_board
from cpsolve.picture import read_image
from cpsolve.picture.skins import CPSOLVE
from cpsolve.render import palette
from cpsolve.render.svg import render_svg
from tests.support.picture_render import random_position


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


def test_the_skin_is_the_palette() -> None:
    assert [_hex(CPSOLVE.digits[n]) for n in range(1, 9)] == list(palette.NUMBER_COLOURS)
    assert _hex(CPSOLVE.covered[0]) == palette.COVERED_PLAIN
    assert _hex(CPSOLVE.revealed[0]) == palette.REVEALED


@pytest.mark.parametrize("seed, scale", [(1, 1.0), (2, 1.5), (3, 2.0), (4, 1.25)])
def test_cpsolve_svg_reads_back(browser, seed: int, scale: float) -> None:  # type: ignore[no-untyped-def]
    cells, _ = random_position(16, 16, 40, seed=seed, state="playing")
    text = "\n".join(" ".join(row) for row in cells)
    board = parse_board(text)
    svg = render_svg(board, None)
    page = browser.new_page(device_scale_factor=scale, viewport={"width": 700, "height": 700})
    try:
        page.set_content(f"<html><body style='margin:0;background:#fff'>{svg}</body></html>")
        png = page.screenshot(full_page=True)
    finally:
        page.close()
    reading = read_image(png)
    assert reading.skin == "cpsolve"
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert abs(reading.cell_size - 26 * scale) < 0.5
