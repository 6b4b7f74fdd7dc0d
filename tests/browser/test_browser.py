"""A real browser on the page of ``cpsolve serve``: Playwright drives Debian's chromium.

Starts ``cpsolve serve`` on a free port, plays seeded beginner games through the page to a win using
only "reveal all proved safe" and "play the best move", checks at every step that the overlay is
green exactly on the proved-safe cells (and, once the layout is out, that none of them was a mine),
pastes a board and sees the best guess outlined, asks "why?", checks the phone width, and that the
console stayed clean. Saves the screenshot of README (docs/screenshot.png) when
``CPSOLVE_UPDATE_SCREENSHOT=1``.

Chromium comes from apt (``.ci/run`` installs it when missing; Playwright's own download does not
work on these machines).
"""

from __future__ import annotations

import os
import re

from cpsolve import analyze, parse_board
from cpsolve.render import palette
from tests.browser.conftest import watched  # noqa: F401  (the browser modules import it from here)
from tests.support.paths import BOARDS, ROOT

BOARD = (BOARDS / "expert-midgame.txt").read_text()
SEEDS = [2, 4, 6, 8, 9]   # seeded beginner games; seed 2 is won by the strategy today


def analyse_text(page, server: str, text: str, *, tap: bool = False) -> None:
    """Open the page, paste ``text`` in Analyse and wait for its analysis (taps on a touch screen)."""
    press = page.tap if tap else page.click
    page.goto(server)
    press("#tab-analyse")
    page.fill("#board-text", text)
    press("#analyse")
    idle(page)


def rgb(css: str) -> tuple[int, int, int]:
    nums = [int(float(x)) for x in re.findall(r"[\d.]+", css)[:3]]
    return nums[0], nums[1], nums[2]


def is_green(css: str) -> bool:
    r, g, b = rgb(css)
    return g > r + 30 and g > b + 10


CELLS_JS = """() => [...document.querySelectorAll('#board .cell')].map(el => ({
    r: +el.dataset.r, c: +el.dataset.c, kind: el.dataset.kind, best: el.classList.contains('best'),
    bg: getComputedStyle(el).backgroundColor, title: el.title,
    outline: getComputedStyle(el, '::after').borderTopColor,
    outlineWidth: getComputedStyle(el, '::after').borderTopWidth }))"""


def idle(page) -> None:
    page.wait_for_function("() => window.cpsolve && window.cpsolve.busy === 0")


def check_overlay(page) -> list[dict]:
    """Green exactly on the proved-safe cells of the page's own analysis document."""
    cells = page.evaluate(CELLS_JS)
    doc = page.evaluate("() => window.cpsolve.doc")
    proved = {tuple(x) for x in doc["proved_safe"]} if doc and doc["status"] == "ok" else set()
    for cell in cells:
        green = is_green(cell["bg"])
        assert green == (cell["kind"] == "proved_safe"), cell
        assert (cell["kind"] == "proved_safe") == ((cell["r"], cell["c"]) in proved), cell
        if cell["kind"] == "estimate":
            assert not green
    return cells


def test_page_plays_a_game_to_a_win_and_analyses_a_pasted_board(server, browser, tmp_path):
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    idle(page)

    # ---- play: only "reveal all proved safe" and "play the best move"
    won = None
    used = {"reveal": 0, "best": 0}
    for seed in SEEDS:
        page.select_option("#difficulty", "beginner")
        page.select_option("#first-click", "safe")
        page.fill("#seed", str(seed))
        page.click("#new-game")
        idle(page)
        if not page.is_checked("#overlay"):
            page.check("#overlay")
            idle(page)
        proved_seen: set[tuple[int, int]] = set()
        for _ in range(100):
            state = page.evaluate("() => window.cpsolve.game.state")
            if state != "playing":
                break
            cells = check_overlay(page)
            safe = [(c["r"], c["c"]) for c in cells if c["kind"] == "proved_safe"]
            proved_seen.update(safe)
            if safe:
                page.click("#reveal-safe")
                used["reveal"] += 1
            else:
                page.click("#best-move")
                used["best"] += 1
            idle(page)
        game = page.evaluate("() => window.cpsolve.game")
        assert game["state"] in ("won", "lost")
        layout = {tuple(x) for x in game["layout"]}
        assert not proved_seen & layout, "a cell shown proved safe was a mine"
        if game["state"] == "won":
            won = seed
            assert "WON" in page.inner_text("#status")
            break
    assert won is not None, f"no seed of {SEEDS} was won: pick seeds the strategy wins"
    assert used["reveal"] and used["best"]

    # ---- analyse: paste a board, the best guess is outlined, hover and why
    page.click("#tab-analyse")
    page.fill("#board-text", BOARD)
    page.click("#analyse")
    idle(page)
    page.wait_for_function("() => window.cpsolve.doc && window.cpsolve.doc.status === 'ok'")
    cells = check_overlay(page)
    want = analyze(parse_board(BOARD))
    best = [c for c in cells if c["best"]]
    assert [(c["r"], c["c"]) for c in best] == [want.best_guess]
    assert rgb(best[0]["outline"]) == rgb_hex(palette.BEST_OUTLINE) and best[0]["outlineWidth"] == "3px"
    kinds = {(c["r"], c["c"]): c["kind"] for c in cells}
    for cell in want.cells:
        expected = ("proved_safe" if cell.proof and not cell.proof.mine else "proved_mine" if cell.proof
                    else cell.probability.basis)
        assert kinds[(cell.row, cell.col)] == expected
    # hover: the exact fraction and the basis
    exact = next(c for c in want.cells if c.proof is None)
    page.hover(f'#board .cell[data-r="{exact.row}"][data-c="{exact.col}"]')
    info = page.inner_text("#info")
    assert exact.probability.text() in info and "basis: exact" in info
    # why? on a proved mine: the forcing clues are outlined
    mine = want.proved_mine[0]
    page.focus(f'#board .cell[data-r="{mine[0]}"][data-c="{mine[1]}"]')
    page.click("#why")
    idle(page)
    assert "proved MINE" in page.inner_text("#message")
    why = page.evaluate("() => [...document.querySelectorAll('#board .cell.why')]"
                        ".map(e => [+e.dataset.r, +e.dataset.c])")
    from cpsolve.proof import explain_cell

    assert sorted(map(tuple, why)) == sorted(explain_cell(parse_board(BOARD), *mine).clues)
    # README's picture: CPSOLVE_UPDATE_SCREENSHOT=1 writes docs/screenshot.png (else a temporary file, so
    # a test run leaves the work tree clean)
    shot = ROOT / "docs" / "screenshot.png" if os.environ.get("CPSOLVE_UPDATE_SCREENSHOT") else tmp_path / "page.png"
    page.set_viewport_size({"width": 1366, "height": 768})   # a laptop: the Expert board fits (issue 42)
    page.wait_for_function("() => { const r = document.getElementById('board').getBoundingClientRect(); "
                           "return r.bottom <= innerHeight && r.right <= innerWidth; }")
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000

    # ---- a phone-width screen: the page does not overflow (the board scrolls in its own box)
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 392, width
    assert not errors, errors


def rgb_hex(h: str) -> tuple[int, int, int]:
    return int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16)


def test_estimated_board_is_hatched_never_green(server, browser):
    """An analysis with estimates drawn by the page: every estimated cell hatched, none green."""
    page = watched(browser.new_page(viewport={"width": 1280, "height": 800}))
    errors = page.errors
    analyse_text(page, server, BOARD)
    page.evaluate("""async () => { const S = window.cpsolve;
        const res = await fetch('/api/analyze', {method: 'POST', headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({board: S.text, options: {exact_limit: 4}})});
        S.doc = await res.json(); }""")
    page.evaluate("() => document.getElementById('board').dispatchEvent(new Event('redraw'))")
    page.wait_for_function("() => document.querySelectorAll('#board .cell[data-kind=estimate]').length > 0")
    cells = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map(el => ({
        kind: el.dataset.kind, bg: getComputedStyle(el).backgroundColor,
        img: getComputedStyle(el).backgroundImage, title: el.title }))""")
    est = [c for c in cells if c["kind"] == "estimate"]
    assert est
    for c in cells:
        assert is_green(c["bg"]) == (c["kind"] == "proved_safe")
    for c in est:
        assert "repeating-linear-gradient" in c["img"] and "estimate" in c["title"]
    assert not errors


def test_keyboard_mouse_flags_and_autoplay(server, browser):
    """Keyboard: arrows move, Enter opens, F flags; right click flags; autoplay plays to the end."""
    page = watched(browser.new_page(viewport={"width": 1280, "height": 800}))
    errors = page.errors
    page.goto(server)
    page.select_option("#difficulty", "intermediate")
    page.fill("#seed", "5")
    page.click("#new-game")
    idle(page)
    page.focus('#board .cell[data-r="0"][data-c="0"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # opens 1,1 (a first click is always safe)
    idle(page)
    board = parse_board(page.evaluate("() => window.cpsolve.game.board"))
    assert board.at(1, 1) >= 0
    covered = next(divmod(i, board.cols) for i, v in enumerate(board.cells) if v == -1)
    page.focus(f'#board .cell[data-r="{covered[0]}"][data-c="{covered[1]}"]')
    page.keyboard.press("f")
    idle(page)
    assert page.evaluate("() => window.cpsolve.game.flags") == 1
    page.click(f'#board .cell[data-r="{covered[0]}"][data-c="{covered[1]}"]', button="right")
    idle(page)
    assert page.evaluate("() => window.cpsolve.game.flags") == 0
    # autoplay at full speed to the end of the game
    page.fill("#speed", "0")
    page.keyboard.press("Escape")
    page.click("#autoplay")
    page.wait_for_function("() => window.cpsolve.game.state !== 'playing' && !window.cpsolve.autoplay",
                           timeout=60_000)
    assert page.evaluate("() => window.cpsolve.game.state") in ("won", "lost")
    assert "layout" in page.evaluate("() => window.cpsolve.game")
    # analysis mode: a bare WxHxM is an untouched board; editing by click and by keys re-analyses
    page.click("#tab-analyse")
    page.fill("#board-text", "5x3x1")
    page.click("#analyse")
    idle(page)
    page.wait_for_function("() => window.cpsolve.doc && window.cpsolve.doc.cells.length === 15")
    page.click('#board .cell[data-r="0"][data-c="1"]')        # covered -> 0
    page.click('#board .cell[data-r="0"][data-c="1"]')        # 0 -> 1
    page.focus('#board .cell[data-r="2"][data-c="3"]')
    page.keyboard.press("1")
    page.wait_for_function("() => window.cpsolve.doc && window.cpsolve.doc.cells.length === 13")
    idle(page)
    text = page.input_value("#board-text")
    assert parse_board(text).cells == parse_board((BOARDS / "headline.txt").read_text()).cells
    assert page.evaluate("() => window.cpsolve.doc.proved_mine") == [[1, 2]]
    assert not errors, errors
