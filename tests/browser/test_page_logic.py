"""The page's logic-level option for no-guess games (issue 40 item 5), in a real browser with real
pointer events: the control, the game it asks for (its layout's level checked by the brute-force
classifier), the share link, and the plain message when no such game can be made."""

from __future__ import annotations

from cpsolve.simulate.levels import parse_range
from tests.browser.test_browser import idle
from tests.browser.test_page_defects import cell
from tests.support import logic_oracle


def game(p) -> dict:
    return p.evaluate("() => window.cpsolve.game")


def _lose(page) -> dict:
    """Open covered cells one by one until the game ends (it shows its layout then)."""
    for _ in range(100):
        g = game(page)
        if g["state"] != "playing":
            return g
        rows = g["board"].splitlines()[1:]
        r, c = next((r, c) for r in range(g["rows"]) for c in range(g["cols"]) if rows[r][2 * c] == ".")
        page.click(cell(r, c))
        idle(page)
    raise AssertionError("the game did not end")


def test_logic_control_asks_for_the_level(page, server) -> None:
    page.goto(server)
    idle(page)
    assert page.is_disabled("#logic")          # a no-guess option: off until No guess is ticked
    page.click("#no-guess")
    assert page.is_enabled("#logic")
    page.select_option("#logic", "chain..")
    page.fill("#seed", "4")
    page.click("#new-game")
    idle(page)
    g = game(page)
    assert g["no_guess"] is True and g["logic"] == "chain.."
    assert "logic chains or harder" in page.inner_text("#message")
    assert "no-guess game, logic: chain.." in page.inner_text("#status")
    page.screenshot(path="/tmp/page-logic.png")
    page.click(cell(4, 4))                     # the first click makes the layout
    idle(page)
    end = _lose(page)
    mines = frozenset(r * end["cols"] + c for r, c in end["layout"])
    level, _ = logic_oracle.classify(end["rows"], end["cols"], mines, (4, 4))
    assert level in parse_range("chain..")
    # the share link carries the level, and a fresh page reading it asks for the same
    page.click("#share")
    assert "logic=chain.." in page.url
    page.click("#no-guess")
    assert page.is_disabled("#logic")


def test_link_with_a_level_restores_the_control(page, server) -> None:
    page.goto(server + "#play=beginner&first=safe&seed=5&ng=1&logic=pair")
    page.wait_for_function("() => window.cpsolve.game !== null")
    idle(page)
    assert page.input_value("#logic") == "pair" and page.is_checked("#no-guess") and page.is_enabled("#logic")
    assert game(page)["logic"] == "pair"


def test_no_such_game_is_said_plainly(page, server) -> None:
    page.goto(server)
    idle(page)
    page.select_option("#difficulty", "custom")
    page.fill("#custom", "3x3x7")              # 2 safe cells: no no-guess layout exists
    page.click("#no-guess")
    page.select_option("#logic", "pair")
    page.fill("#seed", "1")
    page.click("#new-game")
    idle(page)
    page.click(cell(0, 0))
    idle(page)
    msg = page.inner_text("#message")
    assert msg.startswith("No no-guess game could be made for this board at logic pairs (hardest). "
                          "Start a new game with fewer mines, another logic level or without No guess.")
    assert "could not make a no-guess game for this first click" in msg
    assert page.evaluate("() => document.getElementById('message').className") == "error"
    assert game(page)["state"] == "playing"   # nothing was opened
    page.screenshot(path="/tmp/page-logic-failed.png")
    # the refused reveal is a 400 in the console; nothing else
    assert not [e for e in page.errors if "status of 400" not in e], page.errors
    page.errors.clear()
