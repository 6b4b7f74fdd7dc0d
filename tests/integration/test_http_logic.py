"""No-guess games of a chosen logic level through the HTTP API (POST /api/games ``logic``)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cpsolve.layout import Layout
from cpsolve.simulate.levels import LogicRange, parse_range
from cpsolve.web import Limits, create_app
from cpsolve.web.games import GameState
from cpsolve.web.tokens import Sealer
from tests.integration.test_http_api import bad
from tests.support import logic_oracle


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def _play_out(client: TestClient, game: dict, first: tuple[int, int]) -> tuple[str | None, dict]:
    """Reveal ``first``, then lose on purpose to see the layout; the brute-force level of that layout."""
    doc = client.post(f"/api/games/{game['id']}/reveal", json={"row": first[0], "col": first[1]}).json()
    if doc["state"] == "playing":
        rows = doc["board"].splitlines()[1:]
        mines_hidden = [(r, c) for r in range(doc["rows"]) for c in range(doc["cols"]) if rows[r][2 * c] == "."]
        for r, c in mines_hidden:  # open covered cells until a mine ends the game
            doc = client.post(f"/api/games/{doc['id']}/reveal", json={"row": r, "col": c}).json()
            if doc["state"] != "playing":
                break
    layout = Layout(doc["rows"], doc["cols"], frozenset(r * doc["cols"] + c for r, c in doc["layout"]))
    return logic_oracle.classify(layout.rows, layout.cols, layout.mines, first)[0], doc


@pytest.mark.parametrize("logic", ["pair", "total", "..single", "chain.."])
def test_a_logic_game_has_its_level(client: TestClient, logic: str) -> None:
    game = client.post("/api/games", json={"difficulty": "beginner", "seed": 3, "no_guess": True, "logic": logic})
    assert game.status_code == 200, game.text
    doc = game.json()
    assert doc["logic"] == str(parse_range(logic)) and doc["no_guess"] is True  # "..single" is "single"
    level, end = _play_out(client, doc, (4, 4))
    lo, hi = {"pair": (1, 1), "total": (3, 3), "..single": (0, 0), "chain..": (2, 3)}[logic]
    assert level in LogicRange(lo, hi)
    assert end["logic"] == doc["logic"]  # the game keeps its request to the end


def test_same_seed_same_layout(client: TestClient) -> None:
    ends = []
    for _ in range(2):
        doc = client.post("/api/games", json={"difficulty": "beginner", "seed": 8, "no_guess": True,
                                              "logic": "pair.."}).json()
        ends.append(_play_out(client, doc, (0, 0))[1]["layout"])
    assert ends[0] == ends[1]


@pytest.mark.parametrize("body,fragment", [
    ({"no_guess": True, "logic": "hard"}, "'logic': logic level 'hard': 'hard' is not a level"),
    ({"no_guess": True, "logic": "total..pair"}, "total is harder than pair"),
    ({"no_guess": True, "logic": 3}, "'logic' must be a string"),
    ({"logic": "pair"}, "'logic' needs \"no_guess\": true"),
    ({"no_guess": False, "logic": "pair"}, "'logic' needs"),
])
def test_bad_logic_is_400(client: TestClient, body: dict, fragment: str) -> None:
    bad(client.post("/api/games", json=body), 400, fragment)


def test_no_logic_is_null(client: TestClient) -> None:
    assert client.post("/api/games", json={"no_guess": True, "logic": None}).json()["logic"] is None
    assert client.post("/api/games", json={}).json()["logic"] is None


def test_no_layout_in_range_is_a_plain_400(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # 30x16 with 240 mines: no layout whose every step is a single clue turns up in the time allowed
    monkeypatch.setattr("cpsolve.web.games.NOGUESS_SECONDS", 0.5)
    with TestClient(create_app(Limits(pool="threads"))) as local:
        doc = local.post("/api/games", json={"difficulty": "30x16x240", "seed": 1, "no_guess": True,
                                             "logic": "single"}).json()
        err = bad(local.post(f"/api/games/{doc['id']}/reveal", json={"row": 3, "col": 3}), 400,
                  "could not make a no-guess game")
    assert "hardest step exactly single" in err


def test_token_keeps_the_range() -> None:
    sealer = Sealer("a secret of more than sixteen bytes")
    for lo in range(4):
        for hi in range(lo, 4):
            g = GameState(9, 9, 10, "safe", True, 5, False, bytearray(81), logic=LogicRange(lo, hi))
            assert sealer.open(sealer.seal(g), 10_000).logic == LogicRange(lo, hi)
    g = GameState(9, 9, 10, "opening", True, 5, True, bytearray(81))
    back = sealer.open(sealer.seal(g), 10_000)
    assert back.logic is None and back.first_click == "opening" and back.laid and back.no_guess
