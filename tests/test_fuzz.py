"""The fuzz suite of issue 10 (generators and oracle in :mod:`tests.fuzz`), and of the HTTP API.

The normal run draws a few thousand cases through hypothesis; ``pytest -m soak`` runs 100,000 or
more (``CPSOLVE_SOAK_CASES``) from plain seeds and prints the tally: inputs tried, tracebacks,
hangs, wrong claims.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzz

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


@pytest.mark.soak
def test_soak_fuzz():
    n = int(os.environ.get("CPSOLVE_SOAK_CASES", "100000"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    tally = fuzz.run_many(n, seed, progress=True)
    print(f"\nfuzz soak (seed {seed}): {tally.line()}")
    print(f"  by kind: {dict(sorted(tally.by_kind.items()))}")
    print(f"  by exit status: {dict(sorted(tally.by_status.items()))}")
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n\n".join(tally.failures)


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


@pytest.mark.soak
def test_soak_http_api(http_client):  # type: ignore[no-untyped-def]
    """The HTTP API under ``CPSOLVE_SOAK_HTTP`` requests (default 20,000) from plain seeds: never a
    500, every error one line of JSON, every small board's analysis equal to brute force."""
    n = int(os.environ.get("CPSOLVE_SOAK_HTTP", "20000"))
    seed = int(os.environ.get("CPSOLVE_SOAK_SEED", "1"))
    tally = fuzz.Tally()
    for k in range(n):
        rng = random.Random(f"http:{seed}:{k}")
        path, doc, raw, headers = _http_body(rng)
        tally.inputs += 1
        tally.by_kind[path] = tally.by_kind.get(path, 0) + 1
        r = http_client.post(path, json=doc) if doc else http_client.post(path, content=raw, headers=headers)
        _check_http(path, doc, raw, r, tally)
        if k and not k % 5000:
            print(f"  ... {k}: {tally.line()}", flush=True)
    print(f"\nHTTP soak (seed {seed}): {tally.line()}")
    print(f"  by path: {dict(sorted(tally.by_kind.items()))}")
    print(f"  by status: {dict(sorted(tally.by_status.items()))}")
    assert (tally.tracebacks, tally.hangs, tally.wrong_claims) == (0, 0, 0), "\n\n".join(tally.failures)
    assert n < 1000 or tally.by_kind.get("checked analyses", 0) > n // 50  # the oracle did run
