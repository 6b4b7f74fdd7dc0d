"""A board from a screenshot on the page (issue 39 item 3; cpsolve/web/static/picture.js), in a real
browser (Debian's chromium through Playwright, as tests/browser/test_browser.py).

A real screenshot (tests/data/screens/, transcribed by hand) dropped on the page shows the board of
its transcription and then the overlay, green exactly on the cells ``cpsolve.analyze`` proves safe in
that transcription. A picture read unsurely (drawn with a clue changed, tests/support/picture_render.py)
shows its unsure cells marked; a click with the Cycle tool sets one and takes its mark off. Choosing
a file and pasting (Ctrl+V) read pictures too; a file that is no picture says why and keeps the board.

README's picture (the screenshot beside the page's overlay of it) is written to
docs/picture-overlay.png when ``CPSOLVE_UPDATE_SCREENSHOT=1`` (else to a temporary file).
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest
from PIL import Image

from cpsolve import analyze, parse_board
from tests.browser.test_browser import ROOT, check_overlay, idle, watched
from tests.support.paths import DATA
from tests.support.picture_render import encode, random_position, render_board

SCREENS = DATA / "screens"
#: An Expert mid-game (Metasweeper, counter 090 and 9 flags): read exactly by the reader
SHOT = SCREENS / "metasweeper-mid-16x30.png"

#: Puts a File of the given bytes in a DataTransfer and fires ``kind`` ("drop" on the board's box, or
#: "paste" on the document) with it, as a drag from the file manager or Ctrl+V of a screenshot does.
FIRE_JS = """([b64, name, type, kind]) => {
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const dt = new DataTransfer();
  dt.items.add(new File([bytes], name, { type }));
  if (kind === "drop") {
    const e = new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true });
    document.getElementById("board-wrap").dispatchEvent(e);
  } else {
    const e = new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true });
    document.getElementById("board-text").dispatchEvent(e);
  }
}"""


def fire(page, data: bytes, name: str, type_: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    page.evaluate(FIRE_JS, [base64.b64encode(data).decode(), name, type_, kind])


def read_done(page) -> None:  # type: ignore[no-untyped-def]
    """The picture read and the board's analysis drawn."""
    idle(page)
    page.wait_for_function("() => window.cpsolve.busy === 0 && window.cpsolve.doc && window.cpsolve.board")


def page_cells(page) -> list[list[str]]:  # type: ignore[no-untyped-def]
    return page.evaluate("() => window.cpsolve.board.cells")  # type: ignore[no-any-return]


def transcription(path: Path) -> str:
    return path.with_suffix(".txt").read_text()


def test_a_dropped_screenshot_shows_its_board_and_the_overlay(server, browser, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = watched(browser.new_page(viewport={"width": 1280, "height": 900}))
    page.goto(server)
    idle(page)
    # dropped in Play: the page turns to Analyse, as a dropped board file does
    fire(page, SHOT.read_bytes(), SHOT.name, "image/png", "drop")
    read_done(page)
    assert page.evaluate("() => window.cpsolve.mode") == "analyse"
    want = parse_board(transcription(SHOT))
    assert page_cells(page) == [line.split() for line in transcription(SHOT).splitlines()
                                if line.strip() and not line.startswith("mines")]
    reading = page.evaluate("() => window.cpsolve.reading")
    assert reading["sure"] is True and reading["unsure"] == []
    assert page.evaluate("() => window.cpsolve.board.mines") == want.mines == 99  # the counter's 90 + 9 flags
    assert page.evaluate("() => document.querySelectorAll('#board .cell.unsure').length") == 0
    assert "every cell read surely" in page.inner_text("#message")
    # the overlay: green exactly on the proved-safe cells, which are those of the transcription
    cells = check_overlay(page)
    truth = analyze(want)
    assert {(c["r"], c["c"]) for c in cells if c["kind"] == "proved_safe"} == set(truth.proved_safe)
    assert {(c["r"], c["c"]) for c in cells if c["kind"] == "proved_mine"} == set(truth.proved_mine)
    assert truth.proved_safe, "a position with proved-safe cells to show"
    # README's picture: the screenshot beside the page's overlay of it
    board_png = tmp_path / "board.png"
    page.locator("#board").screenshot(path=str(board_png))
    update = os.environ.get("CPSOLVE_UPDATE_SCREENSHOT")
    out = ROOT / "docs" / "picture-overlay.png" if update else tmp_path / "picture-overlay.png"
    side_by_side(SHOT, board_png, out)
    page.screenshot(path=str(tmp_path / "page.png"))
    assert out.stat().st_size > 20_000
    assert not page.errors, page.errors


def side_by_side(shot: Path, board: Path, out: Path) -> None:
    """The screenshot (left) and the page's board (right), bottoms aligned, on white."""
    a, b = Image.open(shot).convert("RGB"), Image.open(board).convert("RGB")
    gap = 24
    h = max(a.height, b.height)
    canvas = Image.new("RGB", (a.width + gap + b.width, h), (255, 255, 255))
    canvas.paste(a, (0, h - a.height))
    canvas.paste(b, (a.width + gap, h - b.height))
    canvas.save(out, optimize=True)


@pytest.fixture(scope="module")
def doctored() -> tuple[bytes, tuple[int, int]]:
    """A drawn picture with one 1 drawn as an 8: the reader marks it (and the cells around) unsure."""
    cells = random_position(9, 9, 10, seed=11, state="playing")[0]
    where = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "1")
    cells[where[0]][where[1]] = "8"
    return encode(render_board(cells, 20)), where


def test_unsure_cells_are_marked_until_the_player_sets_them(server, browser, doctored,
                                                            tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cpsolve import read_image

    data, where = doctored
    unsure = sorted(read_image(data).unsure)
    assert where in unsure
    page = watched(browser.new_page(viewport={"width": 1280, "height": 900}))
    page.goto(server)
    page.click("#tab-analyse")
    path = tmp_path / "doctored.png"
    path.write_bytes(data)
    page.set_input_files("#picture-file", str(path))  # "Open screenshot"
    read_done(page)
    marked = page.evaluate("() => [...document.querySelectorAll('#board .cell.unsure')]"
                           ".map(e => [+e.dataset.r, +e.dataset.c])")
    assert sorted(map(tuple, marked)) == unsure
    # visibly: a dark cyan dashed outline, and a "?" in the corner
    el = page.locator(f'#board .cell[data-r="{where[0]}"][data-c="{where[1]}"]')
    style = el.evaluate("e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineColor, "
                        "getComputedStyle(e, '::before').content]")
    assert style == ["dashed", "rgb(11, 114, 133)", '"?"']
    message = page.inner_text("#message")
    assert f"{len(unsure)} cells read unsurely" in message and f"{where[0]},{where[1]}" in message
    # covered until set: the analysis is the board with those cells covered, and claims nothing false
    assert page.evaluate("(rc) => window.cpsolve.board.cells[rc[0]][rc[1]]", list(where)) == "."
    assert page.evaluate("() => window.cpsolve.tool") == "cycle"
    page.screenshot(path=str(tmp_path / "unsure.png"))
    el.click()   # the Cycle tool: . -> 0
    idle(page)
    assert page.evaluate("(rc) => window.cpsolve.board.cells[rc[0]][rc[1]]", list(where)) == "0"
    assert "unsure" not in (el.get_attribute("class") or "")
    assert page.evaluate("() => window.cpsolve.unsure.size") == len(unsure) - 1
    # a new board (typed and analysed) has no cell read from a picture
    page.fill("#board-text", "1 .\n. .\n")
    page.click("#analyse")
    idle(page)
    assert page.evaluate("() => document.querySelectorAll('#board .cell.unsure').length") == 0
    assert not page.errors, page.errors


def test_a_pasted_screenshot_is_read_and_a_non_picture_is_refused(server, browser) -> None:  # type: ignore[no-untyped-def]
    page = watched(browser.new_page(viewport={"width": 1280, "height": 900}))
    page.goto(server)
    page.click("#tab-analyse")
    page.fill("#board-text", "1 .\n. .\n")
    page.click("#analyse")
    idle(page)
    # a file that is no picture, dropped as one: the reader's line, the board kept
    fire(page, b"not a picture", "shot.png", "image/png", "drop")
    page.wait_for_function("() => document.getElementById('message').classList.contains('error')")
    idle(page)
    assert page.inner_text("#message").startswith("No board read from the picture: not an image")
    assert page_cells(page) == [["1", "."], [".", "."]]
    # Ctrl+V of a screenshot (a paste with an image on the clipboard), into the text box: read as a
    # picture, not pasted as text
    cells, _ = random_position(9, 9, 10, seed=3, state="playing")
    fire(page, encode(render_board(cells, 20)), "image.png", "image/png", "paste")
    page.wait_for_function("() => window.cpsolve.reading")
    read_done(page)
    assert page_cells(page) == cells
    check_overlay(page)
    assert [e for e in page.errors if "400" not in e] == [], page.errors
