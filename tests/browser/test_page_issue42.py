"""The page's defects and features of issue 42 in a real browser (tests/browser/test_browser.py's server and
chromium), each failing on the page before the issue. Defects 1 and 2 (the board moves under the
pointer) are tests/browser/test_page_person.py's."""

from __future__ import annotations

import json
import math

import pytest

from cpsolve.simulate.game import Game
from tests.browser.test_browser import idle, rgb, watched
from tests.browser.test_page_defects import cell, new_game
from tests.support.paths import BOARDS

RECORD = "() => JSON.parse(localStorage.getItem('cpsolve.record.v2'))"


def game(p) -> dict:
    return p.evaluate("() => window.cpsolve.game")


def win_by_hand(page, seed: int) -> None:
    """A beginner game (safe first click at 0,0) won by clicking every safe cell, the overlay off."""
    referee = Game(9, 9, 10, seed=seed, first_click="safe")
    referee.reveal(0, 0)
    mines = set(referee.layout())
    for i in range(81):
        if game(page)["state"] != "playing":
            break
        r, c = divmod(i, 9)
        if i not in mines and parse_cells(page)[r][c] == ".":
            page.click(cell(r, c))
            idle(page)
    assert game(page)["state"] == "won"


def parse_cells(p) -> list[list[str]]:
    return p.evaluate("() => window.cpsolve.board.cells")


def test_defect3_statistics_keep_their_basis(page, server):
    new_game(page, server, "beginner", 2)
    page.evaluate("() => localStorage.clear()")
    for _ in range(60):                       # the page plays: assisted (best move)
        if game(page)["state"] != "playing":
            break
        page.click("#best-move")
        idle(page)
    new_game(page, server, "beginner", 4)
    win_by_hand(page, 4)                      # the player plays: unassisted
    rec = page.evaluate(RECORD)
    assert rec["schema"] == 2
    bases = [(g["basis"], g["helps"], g["seed"]) for g in rec["games"]]
    assert bases == [("assisted", ["best move"], 2), ("unassisted", [], 4)], bases
    g = rec["games"][1]
    assert g["won"] and g["clicks"] >= 1 and g["bv"] >= 1 and g["difficulty"] == "beginner"
    stats = page.inner_text("#stats")
    assert "unassisted: 1 won, 0 lost" in stats and "assisted: " in stats
    assert page.locator("#history li").count() == 2           # the history (feature 3)
    link = page.locator("#history li a").first.get_attribute("href")
    assert "seed=4" in link                                     # replays the last game's layout


def test_defect5_why_this_guess_is_this_games_with_figures(page, server):
    new_game(page, server, "beginner", 0)
    page.click(cell(0, 0))
    idle(page)
    for _ in range(40):
        if page.evaluate("() => !!window.cpsolve.lastGuess") or game(page)["state"] != "playing":
            break
        page.click("#best-move")
        idle(page)
    mv = page.evaluate("() => window.cpsolve.lastGuess")
    if mv is not None:
        page.click("#why-guess")
        idle(page)
        text = page.inner_text("#message")
        assert "%" in text and mv["why"]["probability"] in text
        assert page.locator("#reasons tbody tr").count() >= 1           # the candidates (feature 2)
        assert "played" in page.inner_text("#reasons")
    page.select_option("#difficulty", "expert")
    page.fill("#seed", "12345")
    page.click("#new-game")
    idle(page)
    assert page.evaluate("() => window.cpsolve.lastGuess") is None
    assert page.is_disabled("#why-guess")


def test_defect6_share_reload_and_a_pasted_link(page, server, browser):
    page.goto(server + "#play=beginner&first=safe")
    page.wait_for_function("() => window.cpsolve.game && window.cpsolve.game.rows === 9")
    page.click("#share")
    assert "seed=" in page.url                                      # a random game's link names its seed
    page.click(cell(0, 0))
    idle(page)
    page.click("#share")
    assert "game=" in page.url                                      # a game in progress is shared
    board = game(page)["board"]
    fresh = watched(browser.new_page())
    fresh.goto(page.url)
    fresh.wait_for_function("() => window.cpsolve.game && window.cpsolve.busy === 0")
    assert game(fresh)["board"] == board
    fresh.close()
    page.reload()                                                   # a reload continues the game
    page.wait_for_function("() => window.cpsolve.game && window.cpsolve.busy === 0")
    assert game(page)["board"] == board and game(page)["state"] == "playing"
    page.evaluate("() => { location.hash = '#play=intermediate&first=safe&seed=5'; }")   # a pasted link
    page.wait_for_function("() => window.cpsolve.game && window.cpsolve.game.rows === 16")
    assert page.input_value("#seed") == "5" and page.input_value("#difficulty") == "intermediate"


def test_defect7_why_button_then_a_tap_on_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = watched(ctx.new_page())
    pg.goto(server + "#play=expert&first=safe&seed=3")      # 8,15 proves 20 cells safe
    pg.wait_for_function("() => window.cpsolve.game && window.cpsolve.game.rows === 16")
    if not pg.is_checked("#overlay"):
        pg.tap("#overlay")
    pg.tap(cell(8, 15))
    idle(pg)
    pg.wait_for_function("() => window.cpsolve.doc && window.cpsolve.doc.proved_safe.length > 0")
    r, c = pg.evaluate("() => window.cpsolve.doc.proved_safe[0]")
    pg.tap("#why")
    pg.tap(cell(r, c))
    idle(pg)
    assert pg.inner_text("#message").startswith(f"{r},{c} is proved SAFE")
    assert parse_cells(pg)[r][c] == "."                              # asked, not opened
    assert not pg.errors, pg.errors
    ctx.close()


def test_defect8_a_flag_on_a_proved_safe_cell_is_questioned(page, server):
    new_game(page, server, "expert", 3)
    page.check("#overlay")
    page.click(cell(8, 15))
    idle(page)
    r, c = page.evaluate("() => window.cpsolve.doc.proved_safe[0]")
    page.click(cell(r, c), button="right")
    idle(page)
    assert "flagsafe" in page.get_attribute(cell(r, c), "class")
    assert f"a flag on a proved-safe cell: {r},{c}" in page.inner_text("#status")
    assert "PROVED SAFE" in page.get_attribute(cell(r, c), "title")
    # a chord on a 1 whose only flag is that one is refused (it would open a mine)
    cells = parse_cells(page)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            x, y = r + dr, c + dc
            if (dr or dc) and 0 <= x < 16 and 0 <= y < 30 and cells[x][y] == "1":
                ok = page.evaluate(
                    f"""() => {{ const b = window.cpsolve.board; let f = 0, cov = 0;
                    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) {{
                      const a = b.cells[{x} + i] && b.cells[{x} + i][{y} + j];
                      if ((i || j) && a === 'F') f++; if ((i || j) && a === '.') cov++; }}
                    return f === 1 && cov > 0; }}""")
                if ok:
                    page.click(cell(x, y))
                    idle(page)
                    assert game(page)["state"] == "playing"
                    assert page.inner_text("#message").startswith("Not chorded")
                    return


def test_defect9_focus_is_not_the_dead_cell_marker(page, server):
    new_game(page, server, "beginner", 3)
    page.focus(cell(4, 4))
    focus = page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                          "return [s.outlineStyle, s.outlineColor]; }")
    dead = page.evaluate("""() => { const e = document.createElement('button'); e.className = 'cell dead';
        document.getElementById('board').appendChild(e); const s = getComputedStyle(e);
        const r = [s.outlineStyle, s.outlineColor]; e.remove(); return r; }""")
    # a solid ring of a colour far from the dead cell's grey, never a dashed or dotted one like it
    assert focus[0] == "solid" and dead[0] == "dotted", (focus, dead)
    assert math.dist(rgb(focus[1]), rgb(dead[1])) > 150, (focus, dead)


def box(p) -> dict:
    return p.evaluate("() => { const r = document.getElementById('board').getBoundingClientRect(); "
                      "return {bottom: r.bottom, right: r.right, w: innerWidth, h: innerHeight, "
                      "sw: document.documentElement.scrollWidth}; }")


@pytest.mark.parametrize("size", ["expert", "40x25x200"])
def test_defect10_the_board_fits_1366x768_in_play_and_analyse(browser, server, size):
    pg = watched(browser.new_page(viewport={"width": 1366, "height": 768}))
    new_game(pg, server, size, 1)
    b = box(pg)
    assert b["bottom"] <= b["h"] and b["right"] <= b["w"] and b["sw"] <= b["w"], b
    pg.click("#analyse-game")                                           # feature 1: Analyse this game
    idle(pg)
    assert pg.evaluate("() => window.cpsolve.mode") == "analyse"
    assert pg.input_value("#board-text") == game(pg)["board"]
    b = box(pg)
    assert b["bottom"] <= b["h"] and b["right"] <= b["w"], b
    assert not pg.errors, pg.errors
    pg.close()


def test_defect10_expert_fits_a_phone_turned(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = watched(ctx.new_page())
    pg.goto(server + "#play=expert&first=safe&seed=3")
    pg.wait_for_function("() => window.cpsolve.game && window.cpsolve.game.rows === 16 && window.cpsolve.busy === 0")
    b = box(pg)
    assert pg.evaluate("() => window.cpsolve.turned")
    assert b["bottom"] <= b["h"] and b["right"] <= b["w"], b
    assert not pg.is_visible("#keys")                                 # defect 12: no keyboard legend on a phone
    pg.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    t = pg.evaluate("() => document.getElementById('timer').getBoundingClientRect().toJSON()")
    assert t["top"] >= 0 and t["bottom"] <= 844, t                   # defect 12: the timer stays in view
    ctx.close()


def test_defect11_no_probabilities_before_a_safe_first_click(page, server):
    new_game(page, server, "expert", 12345)
    page.check("#overlay")
    idle(page)
    assert page.locator("#board .cell.prob").count() == 0
    assert page.locator("#board .cell.best").count() == 0
    status = page.inner_text("#status")
    assert "first click" in status and "best guess" not in status


def test_defect12_small_things(page, server):
    page.goto(server)                                                 # a board at once, no New game needed
    page.wait_for_function("() => window.cpsolve.game && window.cpsolve.board && window.cpsolve.board.rows > 0")
    new_game(page, server, "3x3x8", 1)                                 # the first click wins
    page.click(cell(1, 1))
    idle(page)
    assert "mines left: 0" in page.inner_text("#status")
    assert page.locator("#board .cell.flag").count() == 8              # feature 5: a win flags the mines
    page.fill("#seed", "99999999999999999999999")
    page.click("#new-game")
    assert "99999999999999999999999" in page.inner_text("#message")
    page.on("dialog", lambda d: d.dismiss())
    page.click("#clear-stats")
    rec = page.evaluate(RECORD)
    assert rec and len(rec["games"]) == 1                             # not cleared without a yes
    page.fill("#seed", "")
    page.click("#tab-analyse")
    page.fill("#board-text", "mines: 3\n1 1 .\n. . .\n")
    page.click("#analyse")
    idle(page)
    status = page.inner_text("#status")
    assert status.count("inconsistent board") == 1, status


def test_feature5_question_marks_and_no_flags(page, server):
    new_game(page, server, "beginner", 3)
    page.check("#marks")
    page.click(cell(8, 8), button="right")
    idle(page)
    page.click(cell(8, 8), button="right")
    idle(page)
    assert page.inner_text(cell(8, 8)) == "?" and game(page)["flags"] == 0
    page.click(cell(8, 8), button="right")
    assert page.inner_text(cell(8, 8)) == ""
    page.check("#no-flags")
    page.click(cell(8, 8), button="right")
    idle(page)
    assert game(page)["flags"] == 0
    json.dumps(page.evaluate(RECORD))


def test_defect4_the_outline_and_play_the_best_move_are_one_cell(page, server):
    """Expert seed 12345, 8,15 then 0,0 (the issue's steps), then best moves: before each, the cell
    outlined as the best guess is the cell "Play the best move" opens (or among them, for proved moves)."""
    new_game(page, server, "expert", 12345)
    page.check("#overlay")
    for r, c in [(8, 15), (0, 0)]:
        page.click(cell(r, c))
        idle(page)
    checked = 0
    for _ in range(8):
        if game(page)["state"] != "playing":
            break
        outlined = page.evaluate("() => [...document.querySelectorAll('#board .cell.best')]"
                                 ".map(e => [+e.dataset.r, +e.dataset.c])")
        with page.expect_response("**/api/move") as res:
            page.click("#best-move")
        move = res.value.json()
        idle(page)
        assert len(outlined) == 1, outlined
        assert outlined[0] in move["cells"], (outlined, move)
        checked += 1
    assert checked >= 3


CYCLE = [".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F", "*"]
BOARD_BOX = "() => { const r = document.getElementById('board').getBoundingClientRect(); " \
    "return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }"


def test_defect2_analyse_cycle_clicks_edit_the_cell_aimed_at(browser, server):
    """Analyse, the Cycle tool, 40 real clicks at cell centres computed before each (the issue: two
    clicks on 7,24 edited 7,24 and then 6,24, the status having wrapped): each edits the cell aimed at,
    and the board does not move."""
    import random

    pg = watched(browser.new_page(viewport={"width": 1366, "height": 768}))
    pg.goto(server)
    idle(pg)
    pg.click("#tab-analyse")
    pg.fill("#board-text", (BOARDS / "expert-midgame.txt").read_text())
    pg.click("#analyse")
    idle(pg)
    pg.click('#tools button[data-tool="cycle"]')
    box = pg.evaluate(BOARD_BOX)
    rng = random.Random(7)
    targets = [(7, 24), (7, 24)] + [(rng.randrange(16), rng.randrange(30)) for _ in range(38)]
    for r, c in targets:
        before = parse_cells(pg)[r][c]
        b = pg.locator(cell(r, c)).bounding_box()
        pg.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        pg.wait_for_timeout(300)      # the analysis starts 250 ms after an edit
        idle(pg)
        assert parse_cells(pg)[r][c] == CYCLE[(CYCLE.index(before) + 1) % len(CYCLE)], (r, c)
        assert pg.evaluate(BOARD_BOX) == box, (r, c)
    # an edit can make a board the server refuses (400, its message shown): no other error
    assert not [e for e in pg.errors if "status of 400" not in e], pg.errors
    pg.close()


def test_defect2_a_guess_adds_nothing_above_the_board(page, server):
    """Play: the first 'Play the best move' guess (which enables 'Why this guess?') does not move the board."""
    new_game(page, server, "expert", 0)
    page.click(cell(0, 0))
    idle(page)
    box = page.evaluate(BOARD_BOX)
    for _ in range(60):
        page.click("#best-move")
        idle(page)
        assert page.evaluate(BOARD_BOX) == box
        if page.evaluate("() => !!window.cpsolve.lastGuess") or game(page)["state"] != "playing":
            break
    assert page.evaluate("() => !!window.cpsolve.lastGuess"), "no guess in 60 best moves"
    page.click("#why-guess")
    idle(page)
    assert page.evaluate(BOARD_BOX) == box


def test_defect12_words(page, server):
    """'1 mine', not '1 mines'; a proved move says 'proved', not 'proved (proved)'."""
    new_game(page, server, "4x4x1", 2)
    assert "1 mine," in page.inner_text("#message") and "1 mines" not in page.inner_text("#message")
    new_game(page, server, "expert", 3)            # 8,15 proves 20 cells safe
    page.click(cell(8, 15))
    idle(page)
    page.click("#best-move")
    idle(page)
    text = page.inner_text("#message")
    assert text.startswith("Best move: ") and "proved" in text and "proved (proved)" not in text, text
