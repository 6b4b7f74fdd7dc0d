"""The fuzz suite of issue 10 (generators and oracle in :mod:`tests.support.fuzz`), and of the HTTP API.

The normal run draws a few thousand cases through hypothesis; ``pytest -m soak`` runs 100,000 or
more (``CPSOLVE_SOAK_CASES``) from plain seeds and prints the tally: inputs tried, tracebacks,
hangs, wrong claims.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import fuzz

_WORK = Path(tempfile.mkdtemp(prefix="cpsolve-fuzz-"))


def _one(rng: random.Random, **kw: object) -> fuzz.Tally:
    tally = fuzz.Tally()
    fuzz.run_one(rng, tally, _WORK, **kw)  # type: ignore[arg-type]
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n".join(tally.failures)
    return tally


_FAST = settings(max_examples=600, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))


@_FAST
@given(st.randoms(use_true_random=False))
def test_fuzz_api(rng):
    """parse_board and analyze: only their documented errors; fractions and proofs = brute force."""
    _one(rng, api_share=1.0, seconds=30)


@settings(max_examples=1200, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_fuzz_cli(rng):
    """Every subcommand in-process: exit statuses, one-line errors with file:line:col, proved
    conflicts, the JSON rules, fractions and verdicts = brute force, never a traceback."""
    _one(rng, api_share=0.0, seconds=30)


def test_generators_reach_every_kind():
    """The generators do produce each shape of input (a test of the tests)."""
    kinds: set[str] = set()
    commands: set[str] = set()
    for k in range(3000):
        rng = random.Random(k)
        kinds.add(fuzz.board_case(rng).kind)
        commands.add(fuzz.cli_case(rng).kind)
    assert kinds == {"board", "spoiled", "malformed", "not-utf8"}
    assert commands == {"solve", "check", "compare", "encode", "play", "demo", "generate", "verify-ng", "odd"}


_SIZED = settings(max_examples=250, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))


@_SIZED
@given(st.integers(0, 2 ** 32))
def test_fuzz_sized_cli(seed):
    """Issue 27: every command over option combinations (exact_limit 0/1/default, time_limit
    0.001/0.05/default, ignore_flags, density, engines, first-click rules, strategies) on honest
    positions from 1x1 to 2000x1, 1x2000, 40x40 and 100x100; proofs, verdicts and moves checked
    against the layout, blank boards' fractions against mines / cells. (Plain seeds: hypothesis'
    own Random cannot sample the thousands of mines of a 100x100 layout.)"""
    _one_sized(random.Random(seed), big=False)


def _one_sized(rng: random.Random, big: bool) -> fuzz.Tally:
    tally = fuzz.Tally()
    fuzz.run_sized(rng, tally, _WORK, big=big)
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n".join(tally.failures)
    return tally


def test_sized_generators_reach_every_shape_state_and_command():
    """A test of the tests: the sized generators make every shape, state, mine count and command."""
    shapes, states, counts, commands = set(), set(), set(), set()
    for k in range(2000):
        rng = random.Random(f"shape:{k}")
        lay = fuzz.sized_layout(rng, big=k % 250 == 0)
        n = lay.rows * lay.cols
        shapes.add((lay.rows, lay.cols))
        counts.add("0" if not lay.mines else "all" if len(lay.mines) == n else
                   "all-but-one" if len(lay.mines) == n - 1 else "1" if len(lay.mines) == 1 else "some")
        if n <= 10_000:
            states.add(fuzz.sized_position(rng, lay).state)
        commands.add(fuzz.sized_cli_case(random.Random(f"cmd:{k}"))[0].kind)
    assert {(2000, 1), (1, 2000), (40, 40), (100, 100), (1000, 1000), (1, 1)} <= shapes
    assert states == {"blank", "scattered", "half-played"}
    assert counts == {"0", "1", "all-but-one", "all", "some"}
    assert commands == {f"sized-{c}" for c in ("solve", "check", "compare", "encode", "play", "generate",
                                                 "verify-ng", "replay")}


def test_fuzz_sized_1000x1000():
    """The 1000x1000 boards, sampled sparingly in the normal run (one board; the soak draws more): a
    scattered position with 200,000 mines through ``solve --json`` at the smallest time limit, proofs
    checked against the layout."""
    rng = random.Random("big")
    n = fuzz.BIG_SHAPE[0] * fuzz.BIG_SHAPE[1]
    lay = fuzz.Layout(*fuzz.BIG_SHAPE, frozenset(rng.sample(range(n), n // 5)))
    sc = fuzz.sized_position(rng, lay, "scattered")
    sc = fuzz.SizedCase(lay, [fuzz.COVERED if v == fuzz.FLAG else v for v in sc.cells], sc.state)
    data = fuzz.sized_text(rng, sc, True).encode()
    case = fuzz.Case(["solve", "big.txt", "--json", "--time-limit", "0.05"], {"big.txt": data},
                     {"big.txt": fuzz.BoardCase(data, data.decode(), lay, "sized")}, kind="sized-solve")
    tally = fuzz.Tally()
    status, out, err = fuzz.run_cli(case, _WORK)
    fuzz.check_cli(case, status, out, err, tally)
    fuzz.check_sized(case, sc, status, out, err, tally)
    assert status == 0 and (tally.tracebacks, tally.wrong_claims) == (0, 0), "\n".join(tally.failures)
    assert len(json.loads(out)["cells"]) > n // 2


def test_ignore_flags_accepts_more_flags_than_the_total(capsys):
    """Issue 27 item 9 (was a strict xfail): the fuzz's 'known: item 9' refusals are failures now."""
    from cpsolve.cli import main

    path = _WORK / "ign.txt"
    path.write_text("mines: 1\nF F F\n. 1 .\n")
    assert main(["solve", str(path), "--ignore-flags", "--json"]) == 0



def _soak_report(title: str, tally: fuzz.Tally, kinds: str = "by kind", statuses: str = "by exit status") -> None:
    """A soak's summary (its tally, the cases by kind and by status), then its verdict: no traceback,
    no hang, no wrong claim."""
    print(f"\n{title}: {tally.line()}")
    print(f"  {kinds}: {dict(sorted(tally.by_kind.items()))}")
    print(f"  {statuses}: {dict(sorted(tally.by_status.items()))}")
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n\n".join(tally.failures)

@pytest.mark.soak
def test_soak_fuzz():
    n = int(os.environ.get("CPSOLVE_SOAK_CASES", "100000"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    share = float(os.environ.get("CPSOLVE_SOAK_SIZED", "0.3"))
    # the share of sized cases that may draw 1000x1000 boards and 2000-cell games (tens of seconds each):
    # 1 all, 0 none, 0.05 one in twenty
    big = float(os.environ.get("CPSOLVE_SOAK_BIG", "1"))
    tally = fuzz.run_many(n, seed, progress=True, sized_share=share, big=big)
    _soak_report(f"fuzz soak (seed {seed})", tally)


@pytest.mark.soak
def test_soak_big():
    """The big sized cases alone (``CPSOLVE_SOAK_BIG_CASES``, default 200): 1000x1000 boards through
    solve, check and encode, and plays of 2000-cell games, under the option combinations."""
    n = int(os.environ.get("CPSOLVE_SOAK_BIG_CASES", "200"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    tally = fuzz.Tally()
    for k in range(n):
        fuzz.run_sized(random.Random(f"bigsoak:{seed}:{k}"), tally, _WORK, only_big=True)
        if k and not k % 10:
            print(f"  ... {k}: {tally.line()}", flush=True)
    _soak_report(f"big soak (seed {seed})", tally)


def _http_body(rng: random.Random) -> tuple[str, dict[str, object], bytes, dict[str, str]]:
    """A request of the HTTP API of ``cpsolve serve``, from the same generators."""
    bc = fuzz.board_case(rng)
    text = bc.text if bc.text is not None else bc.data.decode("latin-1")
    kind = rng.randrange(6)
    if kind == 0:
        return "/api/analyze", {}, bc.data, {"content-type": "text/plain"}
    options = {k: rng.choice([fuzz.number_arg(rng), 3, -1, None, 0.5, "sat", [1], {"a": 1}])
               for k in rng.sample(["exact_limit", "time_limit", "density", "ignore_flags", "engine", "bogus"],
                                   rng.randint(0, 3))}
    if kind == 1:
        return "/api/analyze", {"board": text, "options": options}, b"", {}
    if kind == 2:
        cell = fuzz.cell_arg(rng, 4, 4).split(",")
        row: object = rng.choice([cell[0], rng.randint(-2, 8), None, 1.5, "x"])
        col: object = rng.choice([cell[-1], rng.randint(-2, 8), None, True])
        return "/api/check", {"board": text, "row": row, "col": col}, b"", {}
    if kind == 3:
        return "/api/games", {"difficulty": rng.choice(["expert", "4x4x2", "bogus", "9" * 400 + "x3x1", 5, None]),
                              "first_click": rng.choice(["safe", "opening", "x"]),
                              "seed": rng.choice([1, -1, "x", 10 ** 30, None])}, b"", {}
    if kind == 4:
        return "/api/analyze", {}, rng.choice([b"{", b"[]", b"null", b'{"board": 5}', b"\xff\xfe", b"",
                                              b'{"board": "' + b"." * 10 + b'"}']), {"content-type": "application/json"}
    return "/api/analyze", {}, b"x" * rng.choice([10, 3_000_000]), {"content-type": "text/plain"}


@pytest.fixture(scope="module")
def http_client():  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from cpsolve.web import create_app

    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_fuzz_http_api(http_client, rng):
    """``cpsolve serve``'s API: 200, or 400/404/413/503 with one line of JSON error; never a 500."""
    path, doc, raw, headers = _http_body(rng)
    r = http_client.post(path, json=doc) if doc else http_client.post(path, content=raw, headers=headers)
    assert r.status_code in (200, 400, 404, 413, 503), (path, doc or raw[:200], r.status_code, r.text[:500])
    if r.status_code != 200:
        err = r.json()
        assert set(err) == {"error"} and "\n" not in err["error"] and "Traceback" not in err["error"]


def _check_http(path: str, doc: dict[str, object], raw: bytes, r, tally: fuzz.Tally) -> None:  # type: ignore[no-untyped-def]
    """One answer of the HTTP API: a status of the contract, a one-line JSON error, and a 200
    analysis equal to brute force on small boards (the CLI's document checks)."""
    case = fuzz.Case([path, repr(doc)[:300] if doc else repr(raw[:300])], {}, {}, kind="http")
    status = str(r.status_code)
    tally.by_status[status] = tally.by_status.get(status, 0) + 1
    if r.status_code not in (200, 400, 404, 413, 503):
        tally.tracebacks += 1
        tally.fail(f"HTTP {r.status_code}", case, r.text[:500])
        return
    if r.status_code != 200:
        err = r.json()
        if set(err) != {"error"} or "\n" in err["error"] or "Traceback" in err["error"]:
            tally.wrong_claims += 1
            tally.fail("error body", case, r.text[:500])
        return
    if path != "/api/analyze" or not doc:
        return
    board = doc.get("board")
    options = doc.get("options") or {}
    assert isinstance(board, str) and isinstance(options, dict)
    argv = ["solve"]
    if options.get("density") is not None:
        argv += ["--density", str(options["density"])]
    if options.get("ignore_flags"):
        argv.append("--ignore-flags")
    bc = fuzz.BoardCase(board.encode("utf-8", "surrogatepass"), board, None, "http")
    claims = fuzz.Case(argv, {}, {}, kind="http")

    def wrong(msg: str) -> None:
        tally.wrong_claims += 1
        tally.fail("wrong claim", claims, f"{msg}\n{board[:300]}")

    def bad(msg: str) -> None:
        tally.wrong_claims += 1
        tally.fail("bad document", claims, f"{msg}\n{board[:300]}")

    tally.by_kind["checked analyses"] = tally.by_kind.get("checked analyses", 0) + 1
    fuzz._check_document(claims, r.json(), bc, bool(options.get("ignore_flags")), wrong, bad)


@_SIZED
@given(seed=st.integers(0, 2 ** 32))
def test_fuzz_sized_http_api(http_client, seed):
    """Issue 27: /api/analyze, /api/check and /api/move over option combinations on honest positions
    of every size (the 500s of items 1-3 were here): never a 500, one-line JSON errors, an honest
    position refused only for its size, proofs, verdicts and moves not labelled guesses true."""
    tally = _sized_request(http_client, random.Random(seed), fuzz.Tally())
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n".join(tally.failures)


def _sized_request(client, rng: random.Random, tally: fuzz.Tally, big: bool = False) -> fuzz.Tally:  # type: ignore[no-untyped-def]
    path, doc, sc = fuzz.sized_http(rng, big)
    tally.inputs += 1
    tally.by_kind[path] = tally.by_kind.get(path, 0) + 1
    r = client.post(path, json=doc)
    try:
        body = r.json()
    except ValueError:
        body = r.text
    fuzz.check_sized_http(path, doc, sc, r.status_code, body, tally)
    return tally


@pytest.mark.soak
def test_soak_http_api(http_client):  # type: ignore[no-untyped-def]
    """The HTTP API under ``CPSOLVE_SOAK_HTTP`` requests (default 20,000) from plain seeds: never a
    500, every error one line of JSON, every small board's analysis equal to brute force."""
    n = int(os.environ.get("CPSOLVE_SOAK_HTTP", "20000"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    sized = float(os.environ.get("CPSOLVE_SOAK_SIZED", "0.3"))
    tally = fuzz.Tally()
    for k in range(n):
        rng = random.Random(f"http:{seed}:{k}")
        if rng.random() < sized:
            _sized_request(http_client, rng, tally, big=True)
            continue
        path, doc, raw, headers = _http_body(rng)
        tally.inputs += 1
        tally.by_kind[path] = tally.by_kind.get(path, 0) + 1
        r = http_client.post(path, json=doc) if doc else http_client.post(path, content=raw, headers=headers)
        _check_http(path, doc, raw, r, tally)
        if k and not k % 5000:
            print(f"  ... {k}: {tally.line()}", flush=True)
    _soak_report(f"HTTP soak (seed {seed})", tally, kinds="by path", statuses="by status")
    # the oracle did run (on the share of plain requests; the sized ones are checked by the layout)
    assert n < 1000 or tally.by_kind.get("checked analyses", 0) > n * (1 - sized) / 70


def test_hang_detector_counts_cpu_time_and_a_wall_backstop():
    """A test of the tests: a case spinning past its CPU seconds is a hang, and so is one blocked
    past WALL_FACTOR times them; one that merely waits its turn on a loaded machine is not."""
    import time

    with pytest.raises(fuzz.Hang), fuzz._time_limit(0.2):
        while True:
            pass
    t0 = time.perf_counter()
    with pytest.raises(fuzz.Hang), fuzz._time_limit(0.1):
        time.sleep(5)
    assert time.perf_counter() - t0 < 2
    with fuzz._time_limit(0.2):
        time.sleep(0.3)  # over its CPU seconds of wall clock, under the backstop: not a hang
