"""The HTTP API of ``cpsolve serve`` (docs/http-api.md) through Starlette's test client.

Every endpoint; every kind of bad input gets a 4xx with one line and never a 500; analyses equal
``cpsolve.analyze`` on the same boards; a game's answers never tell where a mine is before it ends.
"""

from __future__ import annotations

import asyncio
import io
import json
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from cpsolve import analyze, parse_board
from cpsolve.cli import main
from cpsolve.simulate.game import Game
from cpsolve.simulate.positions import oracle_positions
from cpsolve.web import Limits, create_app
from cpsolve.web.pool import ThreadPool
from cpsolve.web.validate import RequestError
from tests.support.paths import BOARDS

HEADLINE = (BOARDS / "headline.txt").read_text()
EXPERT = (BOARDS / "expert-midgame.txt").read_text()
EXTRA_KEYS = {"undecided", "time_limit", "ms"}


@pytest.fixture(scope="module")
def client():
    """The app as `cpsolve serve` runs it: jobs in worker processes."""
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="module")
def thread_client():
    """Jobs in the test's own process (threads), for the tests that patch the library."""
    with TestClient(create_app(Limits(pool="threads"))) as c:
        yield c


def strip(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in EXTRA_KEYS}


def bad(response, status: int = 400, fragment: str = "") -> str:
    assert response.status_code == status, response.text
    doc = response.json()
    assert set(doc) == {"error"} and "\n" not in doc["error"] and "Traceback" not in doc["error"]
    assert fragment in doc["error"], doc["error"]
    return doc["error"]


# ------------------------------------------------------------------ analyze

def boards_for_equality() -> list[tuple[str, dict]]:
    out = [(HEADLINE, {}), (EXPERT, {}), ("1 .\n. .\n", {"density": "1/4"}), (EXPERT, {"exact_limit": 6})]
    for diff, seed in (("beginner", 1), ("intermediate", 2), ("expert", 3)):
        out += [(p.board.to_text(), {}) for p in oracle_positions(diff, 3, seed=seed)]
    return out


def test_analyze_equals_the_library(client):
    for text, opts in boards_for_equality():
        got = client.post("/api/analyze", json={"board": text, "options": opts})
        assert got.status_code == 200
        kwargs = {"density": opts.get("density"), "exact_limit": opts.get("exact_limit", 400)}
        want = analyze(parse_board(text), time_limit=10.0, **kwargs).to_json()
        assert strip(got.json()) == want
        assert got.json()["undecided"] == []


def test_analyze_plain_text_body(client):
    got = client.post("/api/analyze", content=HEADLINE, headers={"content-type": "text/plain"})
    assert got.status_code == 200
    doc = got.json()
    assert doc["proved_mine"] == [[1, 2]] and doc["exact"] is True
    assert strip(doc) == analyze(parse_board(HEADLINE)).to_json()


def test_analyze_inconsistent_is_200(client, monkeypatch, capsys):
    text = "mines: 1\n1 1\n. .\n0 0\n"
    got = client.post("/api/analyze", json={"board": text})
    assert got.status_code == 200
    doc = got.json()
    assert doc["status"] == "inconsistent" and doc["cells"] == [] and doc["best_guess"] is None
    assert doc["conflict"] and doc["exact"] is False
    # the same document as `cpsolve solve --json` prints (every key of section 3 present)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["solve", "--json", "-"]) == 1
    assert json.loads(capsys.readouterr().out) == doc


def test_time_budget_labels_what_it_left_undecided(client):
    for pos in oracle_positions("expert", 40, seed=5):
        text = pos.board.to_text()
        doc = client.post("/api/analyze", json={"board": text, "options": {"time_limit": 1e-9}}).json()
        if doc["undecided"]:
            break
    else:
        pytest.fail("no position left undecided by a 1 ns proof budget")
    cells = {(c["row"], c["col"]): c for c in doc["cells"]}
    for r, c in doc["undecided"]:
        assert cells[(r, c)]["proof"] is None
    full = client.post("/api/analyze", json={"board": text}).json()
    assert full["undecided"] == []
    # what the budget left undecided was not claimed either way, and the full run decides no differently
    assert set(map(tuple, doc["proved_safe"])) <= set(map(tuple, full["proved_safe"]))


def test_an_analysis_cut_short_before_the_proofs_lists_every_cell_undecided(thread_client, monkeypatch):
    """When the time ran out before the proof engine ran (here: while building the model), no
    covered cell was decided: every one is in ``undecided``, and ``budget`` says what was cut short
    (the answer had ``undecided: []`` beside thousands of covered cells and no budget account)."""
    import cpsolve.analysis
    from cpsolve.budget import OutOfTime

    def out_of_time(*args, **kwargs):
        raise OutOfTime()

    monkeypatch.setattr(cpsolve.analysis.count, "count_board", out_of_time)  # the model and count, one call
    doc = thread_client.post("/api/analyze", json={"board": EXPERT, "options": {"time_limit": 0.2}}).json()
    covered = {(c["row"], c["col"]) for c in doc["cells"]}
    assert covered and doc["proved_safe"] == [] and doc["proved_mine"] == [] and doc["exact"] is False
    assert set(map(tuple, doc["undecided"])) == covered
    assert doc["budget"] == {"cut_short": ["model", "counting", "estimation", "proofs"], "undecided": len(covered)}


def test_the_budget_account_of_a_finished_analysis_is_empty(client):
    doc = client.post("/api/analyze", json={"board": EXPERT}).json()
    assert doc["budget"] == {"cut_short": [], "undecided": 0} and doc["undecided"] == []
    cut = client.post("/api/analyze", json={"board": EXPERT, "options": {"time_limit": 1e-9}}).json()
    assert cut["budget"]["undecided"] == len(cut["undecided"])
    assert not cut["undecided"] or "proofs" in cut["budget"]["cut_short"]


def test_time_limit_is_capped(client):
    doc = client.post("/api/analyze", json={"board": HEADLINE, "options": {"time_limit": 1000}}).json()
    assert doc["time_limit"] == Limits().max_time_limit


@pytest.mark.parametrize("body, fragment", [
    (b'{"board": 3', "1:12: malformed JSON"),
    (b'{"board": "1 .\\n"}\n}', "2:1: malformed JSON"),
    (b"[1, 2]", "expected a JSON object"),
    (b'{"options": {}}', "missing 'board'"),
    (b'{"board": 7}', "'board' must be a string"),
    (b'{"board": "..\\n...\\n"}', "2:1: ragged rows"),
    (b'{"board": ". x\\n"}', "1:3: unknown character"),
    (b'{"board": "...\\n.9.\\n"}', "2:2: clue 9 is above 8"),
    (b'{"board": "mines: 1\\nFF\\n..\\n"}', "2 flags"),
    (b'{"board": "", "options": {}}', ""),
    (b'{"board": "1 .", "options": {"speed": 1}}', "unknown option 'speed'"),
    (b'{"board": "1 .", "options": {"engine": "nope"}}', "unknown proof engine"),
    (b'{"board": "1 .", "options": {"time_limit": -1}}', "time_limit"),
    (b'{"board": "1 .", "options": {"time_limit": "fast"}}', "time_limit"),
    (b'{"board": "1 .", "options": {"density": 1.5}}', "density"),
    (b'{"board": "1 .", "options": {"density": "x"}}', "density"),
    (b'{"board": "1 .", "options": {"exact_limit": -2}}', "exact_limit"),
    (b'{"board": "1 .", "options": {"exact_limit": "all"}}', "exact_limit"),
    (b'{"board": "1 .", "options": {"ignore_flags": "yes"}}', "ignore_flags"),
    (b'{"board": "1 .", "options": []}', "'options' must be an object"),
    (b"\xff\xfe", "1:1: not UTF-8 text (byte 0)"),
    (b'{"board":\n "1 \xff"}', "2:5: not UTF-8 text (byte 14)"),
    (b"[" * 100_000, "malformed JSON"),
])
def test_analyze_bad_input_is_400(client, body, fragment):
    bad(client.post("/api/analyze", content=body, headers={"content-type": "application/json"}), 400, fragment)


def test_bad_board_as_plain_text_has_line_and_column(client):
    err = bad(client.post("/api/analyze", content="mines: 2\n. .\n. 9\n", headers={"content-type": "text/plain"}))
    assert err.startswith("3:3: ")


def test_oversized_body_is_413(client):
    big = b"." * (Limits().max_body + 1)
    bad(client.post("/api/analyze", content=big, headers={"content-type": "text/plain"}), 413, "limit")

    def chunks():  # no Content-Length: the cap holds while reading
        for _ in range(20):
            yield b"." * 100_000

    bad(client.post("/api/analyze", content=chunks(), headers={"content-type": "text/plain"}), 413, "limit")


def test_board_too_large_is_400(client):
    text = "\n".join(["." * 300] * 300)
    bad(client.post("/api/analyze", content=text, headers={"content-type": "text/plain"}), 400, "at most")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([". 1 .", "..F", "2 . *", "", "  ", "# . . . .", "mines: 3", "mines: 3 # total",
                                 "3x2x1 # c", "\t.\t.", ". .\r", "x", "9 9"]), min_size=1, max_size=8),
       st.sampled_from(["\n", "\r\n", "\r"]), st.booleans())
def test_grid_shape_is_the_parsers_shape(lines, end, bom):
    """The size cap's cheap shape (cpsolve.board.grid_shape) is the shape parse_board finds,
    on every text it accepts (comments, headers, blanks, byte-order mark, line ends)."""
    from cpsolve.board import BoardError, grid_shape

    text = ("\ufeff" if bom else "") + end.join(lines)
    try:
        board = parse_board(text, validate=False)
    except BoardError:
        return
    assert grid_shape(text) == (board.rows, board.cols)


def test_documents_are_rendered_in_chunks_as_jsonresponse_renders_them():
    """json_bytes (the pool renders answers with it, so that one json.dumps of a 3 MB document does
    not hold the GIL for 0.1 s) writes exactly JSONResponse's bytes."""
    from starlette.responses import JSONResponse

    from cpsolve.web.jobs import CHUNK, json_bytes

    doc = analyze(parse_board(EXPERT)).to_json()
    many = [{"row": i // 7, "col": i % 7, "probability": i / 3, "fraction": f"{i}/3", "basis": "exact",
             "proof": None} for i in range(3 * CHUNK + 5)]
    for d in (doc, {**doc, "cells": many, "undecided": [[i, i] for i in range(CHUNK + 1)], "t": "é\u0000"},
              {"cells": many[:CHUNK]}, {"cells": [], "x": None}):
        assert json_bytes(d) == JSONResponse(d).body


def test_a_large_job_runs_and_is_rendered_with_the_collector_paused():
    """A large request's job keeps the cyclic collector paused until its document is bytes and
    freed (resumed while a big document was alive, a young collection walked all of it, 100-140 ms
    with the GIL held: /api/health waited that long); a small one leaves it running."""
    import gc

    from cpsolve.web.app import PAUSE_BYTES, Api
    from cpsolve.web.jobs import CHUNK

    api = Api(Limits(pool="threads"), b"k" * 32)
    seen = []

    def job(ctx, body):
        seen.append(gc.isenabled())
        return {"cells": list(range(3 * CHUNK)), "n": len(body)}

    class Staying:  # a request whose client stays
        async def receive(self):
            await asyncio.Event().wait()

    async def go():
        small = await api.job(Staying(), job, b"x" * 10)
        large = await api.job(Staying(), job, b"x" * PAUSE_BYTES)
        return small, large

    assert gc.isenabled()
    small, large = asyncio.run(go())
    api.pool.close()
    assert seen == [True, False] and gc.isenabled()
    assert json.loads(large.body) == {"cells": list(range(3 * CHUNK)), "n": PAUSE_BYTES}


def test_a_document_is_freed_a_chunk_at_a_time():
    from cpsolve.web.jobs import CHUNK, execute

    doc = {"cells": list(range(3 * CHUNK)), "x": [1]}
    status, body, close = execute(None, lambda ctx: doc, (), False)
    assert (status, close) == (200, False)
    assert json.loads(body)["cells"] == list(range(3 * CHUNK)) and doc == {}


def test_plain_text_not_utf8_has_line_and_column(client):
    # the board reader's message, as the CLI's (`<stdin>:2:3: not UTF-8 text (byte 6)`)
    err = bad(client.post("/api/analyze", content=b"1 .\n. \xff\n", headers={"content-type": "text/plain"}))
    assert err == "2:3: not UTF-8 text (byte 6)"


def test_a_board_over_the_cap_is_refused_on_its_shape_before_a_parse(thread_client, monkeypatch):
    """A 1 MB body of 990x1000 cells is refused by its grid's shape: the board is never parsed
    (the full parse of a million cells took seconds on the event loop); what is parsed, is parsed
    in the pool's workers (threads here), not on the event loop."""
    import cpsolve.web.validate as validate

    parsed: list[str] = []
    real = validate.parse_board

    def parse_board(text, source="<board>", **kw):
        parsed.append(threading.current_thread().name)
        return real(text, source, **kw)

    monkeypatch.setattr(validate, "parse_board", parse_board)
    text = "# a comment\nmines: 10\n" + ("." * 1000 + "\n") * 990
    body = json.dumps({"board": text}).encode()
    assert len(body) <= Limits().max_body
    err = bad(thread_client.post("/api/analyze", content=body, headers={"content-type": "application/json"}), 400,
              "this server analyses at most 40,000")
    assert err.startswith("the board has more than 40,000 cells (41 rows of 1,000 read)")
    assert parsed == []
    for text in ("mines: 10\n" + ". " * 200 + "\n" * 1, "30x10x5\n" + (". " * 30 + "\n") * 10):
        assert thread_client.post("/api/analyze", json={"board": text}).status_code == 200
    assert len(parsed) == 2 and all(name.startswith("cpsolve-analysis") for name in parsed), parsed
    # a shape at the cap exactly is parsed (200 x 200)
    assert thread_client.post("/api/analyze", json={"board": (". " * 200 + "\n") * 200,
                                             "options": {"time_limit": 0.1}}).status_code == 200


# ------------------------------------------------------------------ check

def test_check_names_the_forcing_clues(client):
    doc = client.post("/api/check", json={"board": HEADLINE, "row": 1, "col": 2}).json()
    assert doc["verdict"] == "mine" and doc["uses_total"] is True and doc["minimal"] is True
    assert sorted(map(tuple, doc["clues"])) == [(0, 1), (2, 3)]
    doc = client.post("/api/check", json={"board": HEADLINE, "row": 0, "col": 0}).json()
    assert doc["verdict"] == "safe"
    undecided = client.post("/api/check", json={"board": "1 .\n. .\n", "row": 0, "col": 1}).json()
    assert undecided["verdict"] == "undecided" and undecided["clues"] == []


@pytest.mark.parametrize("body, fragment", [
    ({"board": HEADLINE, "row": 3, "col": 0}, "off the board"),
    ({"board": HEADLINE, "row": 0, "col": -1}, "off the board"),
    ({"board": HEADLINE, "row": 0, "col": 1}, "revealed"),
    ({"board": HEADLINE, "row": "0", "col": 1}, "'row' must be a whole number"),
    ({"board": HEADLINE, "col": 1}, "missing 'row'"),
    ({"board": "mines: 1\n1 .\nF .\n", "row": 1, "col": 0}, "flagged"),
    ({"board": "mines: 1\n1 1\n. .\n0 0\n", "row": 1, "col": 0}, "inconsistent"),
    ({"row": 0, "col": 0}, "'board' must be a string"),
])
def test_check_bad_input(client, body, fragment):
    bad(client.post("/api/check", json=body), 400, fragment)


# ------------------------------------------------------------------ move (one step of cpsolve play)

def test_move_is_one_step_of_the_strategy(client):
    from cpsolve.play.strategy import Strategy

    doc = client.post("/api/move", json={"board": HEADLINE}).json()
    board = parse_board(HEADLINE)
    want = Strategy().choose(board, analyze(board))
    assert doc["cells"] == [list(c) for c in want.cells] and doc["guess"] is False
    first = client.post("/api/move", json={"board": "mines: 10\n" + "\n".join(["." * 9] * 9),
                                           "first_click": "opening"}).json()
    assert first["cells"] == [list(Strategy().first_cell(9, 9, 10, "opening"))] and first["reason"] == "first click"
    bad(client.post("/api/move", json={"board": HEADLINE, "first_click": "corner"}), 400, "first_click")


# ------------------------------------------------------------------ games

ALLOWED_BEFORE_END = {"id", "board", "state", "rows", "cols", "mines", "flags", "first_click", "no_guess", "logic",
                      "moves"}


def test_game_lifecycle_and_no_layout_before_the_end(client):
    """Play seeded games with the strategy through the API: before the end no answer carries the
    layout, and every board shown equals the referee's own view of the same seeded game."""
    from cpsolve.play.strategy import Strategy

    ended = set()
    for seed in range(6):
        g = client.post("/api/games", json={"difficulty": "beginner", "first_click": "safe", "seed": seed})
        assert g.status_code == 200
        doc = g.json()
        gid = doc["id"]
        assert doc["state"] == "playing" and set(doc) == ALLOWED_BEFORE_END
        referee = Game(9, 9, 10, seed=seed, first_click="safe")
        strategy = Strategy()
        moves = [(0, 0)]
        while True:
            doc = client.post(f"/api/games/{gid}/reveal", json={"cells": [list(m) for m in moves]}).json()
            gid = doc["id"]  # the game's state, sealed: each answer carries the id of the next move
            for r, c in moves:
                if not referee.over and referee.view[r * 9 + c] < 0:
                    referee.reveal(r, c)
            if doc["state"] != "playing":
                break
            assert set(doc) == ALLOWED_BEFORE_END and "*" not in doc["board"]
            assert parse_board(doc["board"]).cells == referee.board().cells
            got = client.get(f"/api/games/{gid}").json()
            assert got == doc
            board = parse_board(doc["board"])
            moves = list(strategy.choose(board, analyze(board)).cells)
        ended.add(doc["state"])
        assert doc["state"] == ("won" if referee.won else "lost")
        assert sorted(map(tuple, doc["layout"])) == sorted(divmod(i, 9) for i in referee.layout())
        if doc["state"] == "lost":
            assert tuple(doc["exploded"]) in {tuple(x) for x in doc["layout"]}
        bad(client.post(f"/api/games/{gid}/reveal", json={"row": 0, "col": 0}), 400, "game is over")
        bad(client.post(f"/api/games/{gid}/flag", json={"row": 0, "col": 0}), 400, "game is over")
    assert "won" in ended


def test_flags(client):
    gid = client.post("/api/games", json={"difficulty": "4x3x2", "seed": 3}).json()["id"]
    doc = client.post(f"/api/games/{gid}/flag", json={"row": 2, "col": 3}).json()
    assert doc["flags"] == 1 and parse_board(doc["board"]).at(2, 3) == -2 and "layout" not in doc
    gid = doc["id"]
    bad(client.post(f"/api/games/{gid}/reveal", json={"row": 2, "col": 3}), 400, "flagged")
    gid = client.post(f"/api/games/{gid}/flag", json={"row": 2, "col": 2}).json()["id"]
    bad(client.post(f"/api/games/{gid}/flag", json={"row": 1, "col": 1}), 400, "all 2 flags")
    doc = client.post(f"/api/games/{gid}/flag", json={"row": 2, "col": 3}).json()  # toggles off
    assert doc["flags"] == 1


def test_same_seed_same_game(client):
    a = client.post("/api/games", json={"difficulty": "expert", "seed": 42, "first_click": "opening"}).json()
    b = client.post("/api/games", json={"difficulty": "30x16x99", "seed": 42, "first_click": "opening"}).json()
    ra = client.post(f"/api/games/{a['id']}/reveal", json={"row": 5, "col": 5}).json()
    rb = client.post(f"/api/games/{b['id']}/reveal", json={"row": 5, "col": 5}).json()
    assert ra["board"] == rb["board"] and a["id"] != b["id"]


@pytest.mark.parametrize("body, fragment", [
    ({"difficulty": "huge"}, "unknown difficulty"),
    ({"difficulty": 9}, "'difficulty' must be a string"),
    ({"difficulty": "3x3x9"}, "no safe cell"),
    ({"difficulty": "300x300x10"}, "300x300 is above the limit of 40,000 cells"),
    # the server's own cap, not the library's 4,000,000 (issue 27, item 11)
    ({"difficulty": "5000x5000x10"}, "5000x5000 is above the limit of 40,000 cells"),
    ({"first_click": "corner"}, "first_click"),
    ({"seed": -1}, "seed"),
    ({"seed": "x"}, "seed"),
    ({"seed": True}, "seed"),
])
def test_new_game_bad_input(client, body, fragment):
    bad(client.post("/api/games", json=body), 400, fragment)


def test_game_bad_moves(client):
    gid = client.post("/api/games", json={"difficulty": "beginner", "seed": 1}).json()["id"]
    bad(client.post(f"/api/games/{gid}/reveal", json={"row": 9, "col": 0}), 400, "off the board")
    bad(client.post(f"/api/games/{gid}/reveal", json={"row": 0}), 400, "missing 'col'")
    bad(client.post(f"/api/games/{gid}/reveal", json={"cells": [[0]]}), 400, "pairs")
    bad(client.post(f"/api/games/{gid}/reveal", content=b"{", headers={"content-type": "application/json"}),
        400, "malformed JSON")
    bad(client.post(f"/api/games/{gid}/flag", json={"row": 0, "col": 99}), 400, "off the board")
    gid = client.post(f"/api/games/{gid}/reveal", json={"row": 4, "col": 4}).json()["id"]
    board = parse_board(client.get(f"/api/games/{gid}").json()["board"])
    r, c = next(divmod(i, 9) for i, v in enumerate(board.cells) if v >= 0)
    bad(client.post(f"/api/games/{gid}/flag", json={"row": r, "col": c}), 400, "revealed")


def test_unknown_or_altered_game_is_400(client):
    bad(client.get("/api/games/nope"), 400, "not a game of this server")
    bad(client.post("/api/games/nope/reveal", json={"row": 0, "col": 0}), 400, "not a game")
    bad(client.post("/api/games/nope/flag", json={"row": 0, "col": 0}), 400, "not a game")


# ------------------------------------------------------------------ the server itself

def test_unknown_endpoint_and_method(client):
    bad(client.get("/api/nothing"), 404, "no such endpoint")
    bad(client.get("/api/analyze"), 405, "not allowed")
    assert client.get("/").status_code == 200 and "cpsolve" in client.get("/").text
    for module in ("main", "state", "boardtext", "view", "analysis", "game", "editor", "storage", "record"):
        assert client.get(f"/static/{module}.js").status_code == 200
    assert client.get("/palette.js").text.startswith("window.CPSOLVE_PALETTE")
    assert client.get("/api/health").json()["status"] == "ok"


def test_busy_pool_answers_503():
    with TestClient(create_app(Limits(workers=1, queue=0))) as c:
        pool = c.app.state.pool
        pool.in_hand = pool.capacity  # as if every worker and queue place were taken
        got = c.post("/api/analyze", json={"board": HEADLINE})
        bad(got, 503, "busy")
        assert got.headers["retry-after"] == "2"
        pool.in_hand = 0
        assert c.post("/api/analyze", json={"board": HEADLINE}).status_code == 200


def test_pool_bounds_work_in_hand():
    pool = ThreadPool(Limits(workers=1, queue=1, pool="threads"), None)
    gate = threading.Event()

    async def scenario():
        first = asyncio.ensure_future(pool.run(gate.wait, 5))
        second = asyncio.ensure_future(pool.run(gate.wait, 5))
        await asyncio.sleep(0.05)
        with pytest.raises(RequestError) as info:
            await pool.run(gate.wait, 5)
        assert info.value.status == 503
        gate.set()
        assert await first and await second
        assert pool.in_hand == 0 and pool.refused == 1

    asyncio.run(scenario())
    pool.close()


def test_never_a_500_on_junk(client):
    """A small fuzz over every endpoint: junk bodies get a 4xx with one line."""
    import random

    rng = random.Random(8)
    gid = client.post("/api/games", json={"seed": 1}).json()["id"]
    paths = ["/api/analyze", "/api/check", "/api/move", "/api/games", f"/api/games/{gid}/reveal",
             f"/api/games/{gid}/flag"]
    pieces = [b"{", b"}", b"[", b"]", b'"board"', b":", b",", b'"row"', b"1", b"-1", b"1e999", b"null",
              b"true", b'"\\u0000"', b'". 1\\n"', b'"cells"', b"[[0,0]]", b'"options"', b'"density"', b"\xff"]
    for _ in range(300):
        body = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
        for path in rng.sample(paths, 2):
            r = client.post(path, content=body, headers={"content-type": "application/json"})
            assert r.status_code in (200, 400, 404, 413), (path, body, r.text)
            if r.status_code != 200:
                assert "error" in r.json()


# ------------------------------------------------------------------ sealed games (the server keeps none)

def _b64(token: str) -> bytes:
    import base64

    return base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))


def _alter(token: str, at: int) -> str:
    import base64

    raw = bytearray(_b64(token))
    raw[at] ^= 0x01
    return base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()


def test_a_token_altered_by_one_byte_is_refused_with_400(client):
    doc = client.post("/api/games", json={"difficulty": "beginner", "seed": 7}).json()
    doc = client.post(f"/api/games/{doc['id']}/reveal", json={"row": 4, "col": 4}).json()
    n = len(_b64(doc["id"]))
    for at in (0, 5, 12, n // 2, n - 1):   # the nonce, the ciphertext, the tag
        bad(client.get(f"/api/games/{_alter(doc['id'], at)}"), 400, "not a game of this server")
        bad(client.post(f"/api/games/{_alter(doc['id'], at)}/reveal", json={"row": 0, "col": 0}), 400, "altered")
    assert client.get(f"/api/games/{doc['id']}").json()["board"] == doc["board"]
    # another server's key: refused the same way
    with TestClient(create_app(secret="another secret, 16+ bytes")) as other:
        bad(other.get(f"/api/games/{doc['id']}"), 400, "another key")


def test_a_token_never_holds_the_layout_in_clear(client):
    """Decode the token and search it for the layout in every plain form: cell indices, (row, col)
    text, one byte per cell and one bit per cell, raw or zlib-compressed."""
    import zlib

    from cpsolve.web.games import MINE_BIT

    for seed in range(5):
        doc = client.post("/api/games", json={"difficulty": "intermediate", "seed": seed}).json()
        doc = client.post(f"/api/games/{doc['id']}/reveal", json={"row": 8, "col": 8}).json()
        raw = _b64(doc["id"])
        referee = Game(16, 16, 40, seed=seed)
        referee.reveal(8, 8)
        mines = referee.layout()
        per_byte = bytes(1 if i in mines else 0 for i in range(256))
        per_bit = int("".join("1" if i in mines else "0" for i in range(256)), 2).to_bytes(32, "big")
        flags = bytes(MINE_BIT if i in mines else 0 for i in range(256))
        for form in (per_byte, per_bit, flags, bytes(mines), ",".join(map(str, mines)).encode(),
                     json.dumps([list(divmod(i, 16)) for i in mines]).encode()):
            assert form[:16] not in raw and zlib.compress(form)[2:18] not in raw
        with pytest.raises(zlib.error):
            zlib.decompress(raw[12:])
        # and the game document itself never tells before the end
        assert "layout" not in doc and set(doc) == ALLOWED_BEFORE_END


def test_an_older_token_is_a_take_back_and_the_server_keeps_nothing(client):
    start = client.post("/api/games", json={"difficulty": "beginner", "seed": 3}).json()
    referee = Game(9, 9, 10, seed=3)
    referee.reveal(0, 0)
    after_first = client.post(f"/api/games/{start['id']}/reveal", json={"row": 0, "col": 0}).json()
    mine = divmod(referee.layout()[0], 9)
    lost = client.post(f"/api/games/{after_first['id']}/reveal", json={"row": mine[0], "col": mine[1]}).json()
    assert lost["state"] == "lost" and lost["exploded"] == list(mine)
    again = client.get(f"/api/games/{after_first['id']}").json()   # the click taken back
    assert again["state"] == "playing" and again["board"] == after_first["board"]
    # memory: nothing per game is kept (no store to fill, nothing to evict)
    for _ in range(50):
        client.post("/api/games", json={"difficulty": "200x200x8000"})
    assert client.get(f"/api/games/{start['id']}").json()["state"] == "playing"
    assert "games" not in client.get("/api/health").json()


def test_chord_opens_the_neighbours_of_a_satisfied_number(client):
    seed, r0, c0 = 11, 4, 4
    referee = Game(9, 9, 10, seed=seed)
    referee.reveal(r0, c0)
    doc = client.post("/api/games", json={"difficulty": "beginner", "seed": seed}).json()
    doc = client.post(f"/api/games/{doc['id']}/reveal", json={"row": r0, "col": c0}).json()
    board = parse_board(doc["board"])
    from cpsolve.neighbourhood import neighbours

    mines = set(referee.layout())
    # a revealed number with covered neighbours: flag its mines (the true ones), then chord it
    clue = next(i for i, v in enumerate(board.cells) if v > 0
                and any(board.cells[j] == -1 and j not in mines for j in neighbours(9, 9, i)))
    r, c = divmod(clue, 9)
    bad(client.post(f"/api/games/{doc['id']}/chord", json={"row": r, "col": c}), 400, "flags around it")
    for j in neighbours(9, 9, clue):
        if j in mines and board.cells[j] == -1:
            doc = client.post(f"/api/games/{doc['id']}/flag", json={"row": j // 9, "col": j % 9}).json()
    doc = client.post(f"/api/games/{doc['id']}/chord", json={"row": r, "col": c}).json()
    after = parse_board(doc["board"])
    for j in neighbours(9, 9, clue):
        if j not in mines:
            referee.reveal(*divmod(j, 9))
            assert after.cells[j] >= 0
    assert [v if v != -2 else -1 for v in after.cells] == list(referee.board().cells)
    covered = next(divmod(i, 9) for i, v in enumerate(after.cells) if v == -1)
    bad(client.post(f"/api/games/{doc['id']}/chord", json={"row": covered[0], "col": covered[1]}), 400,
        "only a revealed number chords")


def test_a_no_guess_game_is_won_by_proofs_alone(client):
    doc = client.post("/api/games", json={"difficulty": "expert", "seed": 5, "no_guess": True}).json()
    assert doc["no_guess"] is True
    doc = client.post(f"/api/games/{doc['id']}/reveal", json={"row": 8, "col": 15}).json()
    for _ in range(200):
        if doc["state"] != "playing":
            break
        safe = analyze(parse_board(doc["board"])).proved_safe
        assert safe, "a no-guess game needed a guess"
        doc = client.post(f"/api/games/{doc['id']}/reveal", json={"cells": [list(c) for c in safe]}).json()
    assert doc["state"] == "won"
    bad(client.post("/api/games", json={"difficulty": "200x200x100", "no_guess": True}), 400, "no-guess")
    bad(client.post("/api/games", json={"no_guess": "yes"}), 400, "no_guess")


def _serve(*args: str):
    import re
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
    assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, m.group(1)


def _call(url: str, body: dict | None = None) -> dict:
    import urllib.request

    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def test_two_serve_processes_continue_one_game(tmp_path):
    """Two `cpsolve serve` with one --secret-file play one game in turns; then --processes 2 on one port."""
    secret = tmp_path / "secret"
    secret.write_text("a secret of more than sixteen bytes\n")
    procs = [_serve("--secret-file", str(secret)) for _ in range(2)]
    try:
        urls = [u for _, u in procs]
        referee = Game(16, 30, 99, seed=21)
        doc = _call(urls[0] + "api/games", {"difficulty": "expert", "seed": 21})
        from cpsolve.play.strategy import Strategy

        strategy, turn = Strategy(), 0
        moves = [(8, 15)]
        while doc["state"] == "playing" and turn < 60:
            doc = _call(urls[turn % 2] + f"api/games/{doc['id']}/reveal", {"cells": [list(m) for m in moves]})
            for r, c in moves:
                if not referee.over and referee.view[r * 30 + c] < 0:
                    referee.reveal(r, c)
            assert [v if v != -2 else -1 for v in parse_board(doc["board"]).cells] == list(referee.board().cells)
            turn += 1
            board = parse_board(doc["board"])
            moves = list(strategy.choose(board, analyze(board)).cells)
        assert turn >= 2 and doc["state"] == ("won" if referee.won else "lost" if referee.lost else "playing")
    finally:
        for p, _ in procs:
            p.terminate()
            p.wait(10)
    proc, url = _serve("--processes", "2", "--secret-file", str(secret))
    try:
        doc = _call(url + "api/games", {"difficulty": "beginner", "seed": 2})
        doc = _call(url + f"api/games/{doc['id']}/reveal", {"row": 0, "col": 0})
        for _ in range(6):   # new connections, whichever process accepts them
            assert _call(url + f"api/games/{doc['id']}")["board"] == doc["board"]
    finally:
        proc.terminate()
        proc.wait(10)
    assert "2 process(es)" in proc.stderr.read()


def test_a_guess_says_why_with_its_probability_and_the_runner_up(client):
    """Play seeded Expert games by /api/move: every guess after the first click carries its rule's
    sentence, its exact probability as the library computes it, and the lowest other cell."""
    from cpsolve.web.documents import GUESS_RULES

    seen = set()
    for seed in range(2):
        g = client.post("/api/games", json={"difficulty": "expert", "seed": seed}).json()
        while g["state"] == "playing":
            d = client.post("/api/move", json={"board": g["board"]}).json()
            if d["guess"] and d["reason"] != "first click":
                why = d["why"]
                board = parse_board(g["board"])
                result = analyze(board)
                assert why["rule"] == GUESS_RULES[d["reason"]]
                assert why["probability"] == result.cell(*d["cells"][0]).probability.text()
                others = [c for c in result.cells if [c.row, c.col] != d["cells"][0] and c.proof is None]
                low = min(c.probability.sort_key() for c in others)
                assert result.cell(*why["runner_up"]).probability.sort_key() == low
                seen.add(d["reason"])
            else:
                assert "why" not in d
            g = client.post(f"/api/games/{g['id']}/reveal", json={"cells": d["cells"]}).json()
    assert seen   # some guesses were explained


def _numbers_if_safe(board, cell: int) -> set[int]:
    """Brute force: every number ``cell`` can show over the placements consistent with the clues and
    the mine total in which it is safe (a dead cell has one)."""
    from itertools import combinations

    from cpsolve.neighbourhood import neighbours as nb

    covered = [i for i, v in enumerate(board.cells) if v == -1]
    clues = [(i, v) for i, v in enumerate(board.cells) if v >= 0]
    out = set()
    for mines in combinations(covered, board.mines):
        m = set(mines)
        if cell in m or any(sum(j in m for j in nb(board.rows, board.cols, i)) != v for i, v in clues):
            continue
        out.add(sum(j in m for j in nb(board.rows, board.cols, cell)))
    return out


def test_dead_cells_of_a_guess_against_brute_force(client):
    """Every cell /api/move calls dead can show only one number if safe (brute force over every
    placement), on small games played to their guesses."""
    checked = 0
    for seed in range(40):
        g = client.post("/api/games", json={"difficulty": "6x5x6", "seed": seed}).json()
        while g["state"] == "playing":
            d = client.post("/api/move", json={"board": g["board"]}).json()
            if "why" in d and d["why"]["dead"] is not None:
                board = parse_board(g["board"])
                for r, c in d["why"]["dead"]:
                    assert len(_numbers_if_safe(board, r * board.cols + c)) == 1, (g["board"], r, c)
                    checked += 1
            g = client.post(f"/api/games/{g['id']}/reveal", json={"cells": d["cells"]}).json()
    assert checked   # some dead cells were found and checked
