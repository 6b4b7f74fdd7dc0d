"""``POST /api/read`` (docs/http-api.md): a picture in the body, the reading's JSON document out.

The oracle is the library on the same bytes (``read_image(...).to_json()``) and the position the test
drew (tests/support/picture_render.py). Size capped at ``max_image_body`` (413, also while a body without a
Content-Length streams in); no board in it is 400 with the reader's line; an unsure reading is 200.
"""

from __future__ import annotations

import asyncio
import io

import numpy as np
import pytest
from PIL import Image
from starlette.testclient import TestClient

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.web import Limits, create_app
from tests.support.picture_render import encode, random_position, render_board


@pytest.fixture(scope="module")
def client():
    """The app as `cpsolve serve` runs it: the reading in a worker process, off the event loop."""
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="module")
def small_client():
    """Jobs in threads, small caps: a 300 KB picture body, boards of at most 50 cells."""
    with TestClient(create_app(Limits(pool="threads", max_image_body=300_000, max_cells=50))) as c:
        yield c


def _bad(response, status: int) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.text
    doc = response.json()
    assert set(doc) == {"error"} and "\n" not in doc["error"] and "Traceback" not in doc["error"]
    return str(doc["error"])


def test_a_picture_reads_as_the_library_reads_it(client) -> None:  # type: ignore[no-untyped-def]
    cells, counter = random_position(9, 9, 10, seed=3, state="playing")
    data = encode(render_board(cells, 20, counter=counter))
    served = client.get("/api/health").json()["analyses_served"]
    r = client.post("/api/read", content=data, headers={"content-type": "image/png"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc == read_image(data).to_json()
    assert doc["cells"] == cells and doc["sure"] is True and doc["unsure"] == []
    # the reading ran as a job of the pool (a worker process), not on the event loop
    assert client.get("/api/health").json()["analyses_served"] == served + 1


def test_an_unsure_reading_is_200_with_its_unsure_cells(client) -> None:  # type: ignore[no-untyped-def]
    cells, _ = random_position(9, 9, 10, seed=11, state="playing")
    where = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "1")
    cells[where[0]][where[1]] = "8"
    r = client.post("/api/read", content=encode(render_board(cells, 20)))  # no content type: the bytes tell
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["sure"] is False and list(where) in doc["unsure"]
    assert doc["board"].splitlines()[where[0]].split()[where[1]] == "?"


@pytest.mark.parametrize("body", [b"", b"1 . .\n. . .\n", b"\x89PNG\r\n\x1a\n", b'{"board": ". ."}'])
def test_no_board_is_400_with_the_readers_line(client, body: bytes) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NoBoardFound) as exc:
        read_image(body, name="x")
    message = _bad(client.post("/api/read", content=body), 400)
    assert message == str(exc.value).removeprefix("x: ")


def test_noise_is_400_no_board(client) -> None:  # type: ignore[no-untyped-def]
    noise = np.random.default_rng(1).integers(0, 256, (600, 800, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(noise).save(out, "PNG")
    assert len(out.getvalue()) > Limits().max_body  # over the other endpoints' cap, under this one's
    assert "no board found" in _bad(client.post("/api/read", content=out.getvalue()), 400)


def test_a_body_over_the_cap_is_413_by_its_length(small_client) -> None:  # type: ignore[no-untyped-def]
    message = _bad(small_client.post("/api/read", content=b"\x89PNG" + b"\0" * 300_000), 413)
    assert "over the limit of 300000 bytes" in message


def test_a_streamed_body_over_the_cap_is_413_while_it_streams() -> None:
    """No Content-Length: the cap holds while the body arrives, and the rest of it is never read (the
    app's own reader, fed chunk by chunk: the test client would send the whole body first)."""
    from starlette.requests import Request

    from cpsolve.web.app import Api
    from cpsolve.web.validate import RequestError

    received = []

    async def receive() -> dict:  # type: ignore[type-arg]
        received.append(1)  # 2 MB in chunks of 100 KB; the cap is 300 KB
        return {"type": "http.request", "body": b"\0" * 100_000, "more_body": len(received) < 20}

    api = Api(Limits(pool="threads", max_image_body=300_000), b"k" * 32)
    request = Request({"type": "http", "method": "POST", "path": "/api/read", "headers": []}, receive)
    with pytest.raises(RequestError) as exc:
        asyncio.run(api.read_body(request, api.limits.max_image_body))
    assert exc.value.status == 413 and exc.value.close
    assert exc.value.message == "body is over the limit of 300000 bytes"
    assert len(received) == 4, f"{len(received)} chunks of 100 KB were read for a 300 KB cap"


def test_a_board_over_the_cell_cap_is_400(small_client) -> None:  # type: ignore[no-untyped-def]
    cells, _ = random_position(9, 9, 10, seed=3, state="playing")
    message = _bad(small_client.post("/api/read", content=encode(render_board(cells, 20))), 400)
    assert message == "the picture's board has 81 cells (9x9); this server analyses at most 50"


def test_the_other_endpoints_keep_their_cap(small_client) -> None:  # type: ignore[no-untyped-def]
    assert Limits().max_image_body > Limits().max_body
    _bad(small_client.post("/api/analyze", content=b"." * (Limits().max_body + 1)), 413)
