"""The page's defects of issue 26 (1-9), each shown fixed in a real browser (tests/browser/test_browser.py's
server and chromium), with no console error at any step."""

from __future__ import annotations

import math

from cpsolve import analyze, parse_board
from cpsolve.render import palette
from cpsolve.simulate.game import Game
from tests.browser.test_browser import analyse_text, idle, rgb, rgb_hex, watched
from tests.support.paths import BOARDS

HEADLINE = (BOARDS / "headline.txt").read_text()


def cell(r: int, c: int) -> str:
    return f'#board .cell[data-r="{r}"][data-c="{c}"]'


def kinds(page) -> dict[tuple[int, int], str]:
    return {(x["r"], x["c"]): x["k"] for x in page.evaluate(
        "() => [...document.querySelectorAll('#board .cell')].map(e => ({r: +e.dataset.r, c: +e.dataset.c, "
        "k: e.dataset.kind}))")}


def new_game(page, server, difficulty: str, seed: int) -> None:
    page.goto(server)
    idle(page)
    if difficulty in ("beginner", "intermediate", "expert"):
        page.select_option("#difficulty", difficulty)
    else:
        page.select_option("#difficulty", "custom")
        page.fill("#custom", difficulty)
    page.fill("#seed", str(seed))
    page.click("#new-game")
    idle(page)


def lose(page, seed: int, wrong_flag: bool = False) -> Game:
    referee = Game(9, 9, 10, seed=seed, first_click="safe")
    referee.reveal(0, 0)
    page.click(cell(0, 0))
    idle(page)
    mines = referee.layout()
    if wrong_flag:
        safe = next(i for i, v in enumerate(referee.view) if v < 0 and i not in mines)
        page.click(cell(*divmod(safe, 9)), button="right")
        idle(page)
    page.click(cell(*divmod(mines[0], 9)))
    idle(page)
    assert page.evaluate("() => window.cpsolve.game.state") == "lost"
    return referee


def test_defect1_no_best_guess_nor_probabilities_after_a_win_or_a_loss(page, server):
    new_game(page, server, "3x3x8", 1)   # one safe cell: the first click wins
    page.check("#overlay")
    idle(page)
    page.click(cell(1, 1))
    idle(page)
    assert page.evaluate("() => window.cpsolve.game.state") == "won"
    assert page.locator("#board .cell.best").count() == 0
    assert set(kinds(page).values()) <= {"revealed", "flag"}     # a win flags the mines (issue 42)
    status = page.inner_text("#status")
    assert "WON" in status and "best guess" not in status and "proved mine" not in status
    new_game(page, server, "beginner", 3)
    page.check("#overlay")
    idle(page)
    lose(page, 3)
    assert page.locator("#board .cell.best").count() == 0
    assert set(kinds(page).values()) <= {"revealed", "layout_mine", "covered"}
    assert "proved" not in page.inner_text("#status")


def test_defect2_w_explains_the_hovered_cell(page, server):
    analyse_text(page, server, HEADLINE)
    page.focus(cell(1, 2))   # focus on the proved mine, the mouse over a proved-safe cell
    page.hover(cell(0, 3))
    page.keyboard.press("w")
    idle(page)
    assert page.inner_text("#message").startswith("0,3 is proved SAFE")


def test_defect3_a_tap_in_analyse_inspects_and_why_works(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = watched(ctx.new_page())
    errors = page.errors
    analyse_text(page, server, HEADLINE, tap=True)
    page.tap(cell(0, 3))
    idle(page)
    assert page.input_value("#board-text") == HEADLINE          # not edited
    assert page.inner_text("#info").startswith("0,3: PROVED SAFE")
    page.tap("#why")
    idle(page)
    assert page.inner_text("#message").startswith("0,3 is proved SAFE")
    # the palette edits where asked: "1" then a tap writes a 1, and the info line follows
    page.tap('#tools button[data-tool="1"]')
    page.tap(cell(0, 3))
    page.wait_for_function("() => window.cpsolve.board.cells[0][3] === '1'")
    assert page.inner_text("#info").startswith("0,3: revealed 1")
    assert not errors
    ctx.close()


def test_defect4_the_info_line_follows_a_click(page, server):
    new_game(page, server, "beginner", 3)
    page.hover(cell(4, 4))
    assert page.inner_text("#info") == "4,4: covered"
    page.click(cell(4, 4))
    idle(page)
    assert page.inner_text("#info").startswith("4,4: revealed")


def test_defect5_layout_mines_and_wrong_flags_after_a_loss(page, server):
    new_game(page, server, "beginner", 3)
    referee = lose(page, 3, wrong_flag=True)
    looks = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map(e => ({
        r: +e.dataset.r, c: +e.dataset.c, cls: e.className, bg: getComputedStyle(e).backgroundColor,
        img: getComputedStyle(e).backgroundImage}))""")
    mines = {divmod(i, 9) for i in referee.layout()}
    exploded = tuple(page.evaluate("() => window.cpsolve.game.exploded"))
    pmine = rgb_hex(palette.PROVED_MINE)
    wrong = [x for x in looks if "wrongflag" in x["cls"]]
    assert len(wrong) == 1 and (wrong[0]["r"], wrong[0]["c"]) not in mines
    assert wrong[0]["img"].count("linear-gradient") == 2      # crossed out in full
    for x in looks:
        if (x["r"], x["c"]) in mines and (x["r"], x["c"]) != exploded:
            assert "lmine" in x["cls"]
            assert math.dist(rgb(x["bg"]), pmine) > 150, x      # not the proved mine's dark red


def test_defect6_digit_colours_are_far_apart(page, server):
    page.goto(server)
    colours = page.evaluate("""() => [1,2,3,4,5,6,7,8].map(k => { const e = document.createElement('button');
        e.className = 'cell rev n' + k; document.body.appendChild(e); const c = getComputedStyle(e).color;
        e.remove(); return c; })""")
    rgbs = [rgb(c) for c in colours]
    worst = min(math.dist(a, b) for i, a in enumerate(rgbs) for b in rgbs[i + 1:])
    assert worst > 75, (worst, colours)
    for r, g, b in rgbs:
        assert not (g > r + 30 and g > b + 10), "a digit is green: green means proved safe"


def test_defect7_speed_slider_right_is_faster(page, server):
    page.goto(server)
    page.fill("#speed", page.get_attribute("#speed", "max"))
    fast = page.evaluate("() => window.cpsolve.autoplayDelay()")
    page.fill("#speed", page.get_attribute("#speed", "min"))
    slow = page.evaluate("() => window.cpsolve.autoplayDelay()")
    assert fast == 0 and slow >= 500


def test_defect8_editing_keeps_the_text_and_its_comments(page, server):
    text = "# my position\nmines: 1\n. 1 . . .\n# the middle row:\n.  . . . .\n. . . 1 .\n"
    analyse_text(page, server, text)
    page.focus(cell(2, 0))
    page.keyboard.press("0")
    page.wait_for_function("() => window.cpsolve.board.cells[2][0] === '0'")
    assert page.input_value("#board-text") == text.replace("\n. . . 1 .", "\n0 . . 1 .")
    idle(page)
    doc = page.evaluate("() => window.cpsolve.doc")
    want = analyze(parse_board(text.replace("\n. . . 1 .", "\n0 . . 1 .")))
    assert doc["proved_mine"] == [list(c) for c in want.proved_mine]


def test_defect9_messages_show_above_a_large_board(page, server):
    new_game(page, server, "40x40x300", 1)
    page.fill("#seed", "not a number")
    page.click("#new-game")
    box = page.locator("#message").bounding_box()
    assert "seed" in page.inner_text("#message")
    assert box is not None and box["y"] + box["height"] <= 800, box
