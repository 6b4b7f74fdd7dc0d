"""The work behind the endpoints, as plain functions of a request's bytes, run by :mod:`.pool` in
the server's worker processes (or threads), never on the event loop: parsing the body (JSON, board
text, a picture), the analysis, proof, move or game move, and rendering the answer as JSON bytes.

:func:`execute` runs one job and returns its whole answer, ``(status, body, close)``: a client's
error is its status and ``{"error": ...}`` (from :class:`RequestError` or a :class:`BoardError`),
a bug is logged here (in the process that met it) and answered 500 with one line. Nothing but
bytes and ints crosses back to the event loop.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board import BoardError
from ..collector import gc_paused
from . import documents, games
from .games import GameState
from .tokens import Sealer
from .validate import (
    Limits,
    RequestError,
    board_from_text,
    board_request_error,
    cell_of,
    decode_text,
    json_object,
    options_from,
)

__all__ = ["CHUNK", "Context", "Outcome", "error_body", "execute", "json_bytes"]

log = logging.getLogger("cpsolve.web")

#: A job's answer: HTTP status, the JSON body, and whether the connection closes after it.
Outcome = tuple[int, bytes, bool]
#: What the bug answer says (the log has the traceback).
INTERNAL = "internal error (logged on the server)"


@dataclass(frozen=True)
class Context:
    """What a job needs of its server: the limits, and the key that seals game tokens."""

    limits: Limits
    sealer: Sealer


Job = Callable[..., dict[str, Any]]


# ---------------------------------------------------------------------------- the jobs

def analyze(ctx: Context, body: bytes, ctype: str) -> dict[str, Any]:
    lim = ctx.limits
    if ctype == "application/json" or (ctype != "text/plain" and body.lstrip()[:1] == b"{"):
        doc = json_object(body)
        if "board" not in doc:
            raise RequestError("missing 'board' (the board as text)")
        board = board_from_text(doc["board"], lim)
        options = options_from(doc.get("options"), lim)
    else:
        board = board_from_text(decode_text(body), lim)
        options = options_from(None, lim)
    return documents.analysis_document(board, options)


def check(ctx: Context, body: bytes) -> dict[str, Any]:
    doc = json_object(body)
    board = board_from_text(doc.get("board"), ctx.limits)
    row, col = cell_of(doc, board.rows, board.cols)
    options = options_from(doc.get("options"), ctx.limits)
    return documents.check_document(board, row, col, options)


def move(ctx: Context, body: bytes) -> dict[str, Any]:
    doc = json_object(body)
    board = board_from_text(doc.get("board"), ctx.limits)
    options = options_from(doc.get("options"), ctx.limits)
    first = doc.get("first_click", "safe")
    if first not in ("safe", "opening"):
        raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
    return documents.move_document(board, options, first)


def read_picture(ctx: Context, body: bytes) -> dict[str, Any]:
    """``POST /api/read``: the board in a picture (:func:`cpsolve.read_image`), its reading's JSON
    document; an unsure reading too (200: the page shows the unsure cells to be fixed). No board in
    it (not an image, a broken or huge one, no grid) is 400 with the reader's line."""
    from ..picture import NoBoardFound, read_image  # the image libraries: loaded by the first picture

    try:
        reading = read_image(body, name=PICTURE)
    except NoBoardFound as exc:
        message = str(exc)
        raise RequestError(message.removeprefix(f"{PICTURE}: ")) from None
    cells, cap = reading.board.rows * reading.board.cols, ctx.limits.max_cells
    if cells > cap:
        raise RequestError(f"the picture's board has {cells:,} cells ({reading.board.cols}x{reading.board.rows}); "
                           f"this server analyses at most {cap:,}")
    return reading.to_json()


#: The name a posted picture has in the reader's messages (taken off the answer's one line).
PICTURE = "<picture>"


# games: the state comes in sealed in the path, goes out sealed as the next id

def _answer(ctx: Context, g: GameState) -> dict[str, Any]:
    return games.document(g, ctx.sealer.seal(g))


def new_game(ctx: Context, body: bytes) -> dict[str, Any]:
    return _answer(ctx, games.new_game(json_object(body), ctx.limits))


def _play(ctx: Context, play: Callable[[GameState, dict[str, Any]], None], token: str, body: bytes) -> dict[str, Any]:
    doc = json_object(body)
    g = ctx.sealer.open(token, ctx.limits.max_cells)
    play(g, doc)
    return _answer(ctx, g)


def reveal(ctx: Context, token: str, body: bytes) -> dict[str, Any]:
    return _play(ctx, games.reveal, token, body)


def chord(ctx: Context, token: str, body: bytes) -> dict[str, Any]:
    return _play(ctx, games.chord, token, body)


def flag(ctx: Context, token: str, body: bytes) -> dict[str, Any]:
    return _play(ctx, games.flag, token, body)


def get_game(ctx: Context, token: str) -> dict[str, Any]:
    return games.document(ctx.sealer.open(token, ctx.limits.max_cells), token)


# ---------------------------------------------------------------------------- running one

def execute(ctx: Context, job: Job, args: tuple[Any, ...], pause: bool) -> Outcome:
    """``job(ctx, *args)`` and its answer as bytes (see the module). With ``pause`` (a large
    request) the cyclic collector stays paused until the document is bytes and freed: resumed
    while a 200x200 board's document (a dict per cell) is alive, a young collection walks all of it
    (100-140 ms); small requests leave it running, or a server always busy would never collect."""
    try:
        with gc_paused() if pause else contextlib.nullcontext():
            doc = job(ctx, *args)
            body = json_bytes(doc)
            _free(doc)
        return 200, body, False
    except RequestError as exc:
        return exc.status, error_body(exc.message), exc.close
    except BoardError as exc:  # found once the options are known (trusted flags over the total)
        bad = board_request_error(exc)
        return bad.status, error_body(bad.message), False
    except Exception:  # a bug, not the client's fault: logged here, one line to the client
        log.exception("internal error in %s", getattr(job, "__name__", job))
        return 500, error_body(INTERNAL), False


def error_body(message: str) -> bytes:
    return json_bytes({"error": message})


def _free(doc: dict[str, Any]) -> None:
    """Free a document's long lists :data:`CHUNK` items at a time: freeing a list frees all its
    items in one step that holds the GIL (40-80 ms for a 200x200 board's cells; it matters where
    jobs run in the server's threads)."""
    for value in doc.values():
        if isinstance(value, list):
            while len(value) > CHUNK:
                del value[-CHUNK:]
    doc.clear()


#: Lists rendered this many items at a time by :func:`json_bytes`.
CHUNK = 1000


def json_bytes(doc: dict[str, Any]) -> bytes:
    """``doc`` as Starlette's JSONResponse writes it, with its long lists rendered :data:`CHUNK`
    items at a time: ``json.dumps`` holds the GIL for the whole of one call, and a 200x200 board's
    document (3 MB, 0.1 s) would stall a server's event loop that long where jobs run in threads."""
    opts: dict[str, Any] = {"ensure_ascii": False, "allow_nan": False, "separators": (",", ":")}
    long = {k: v for k, v in doc.items() if isinstance(v, list) and len(v) > CHUNK}
    if not long:
        return json.dumps(doc, **opts).encode("utf-8")
    marks = {k: f"\x00{k}\x00" for k in long}
    head = json.dumps({k: marks.get(k, v) for k, v in doc.items()}, **opts)
    for k, items in long.items():
        parts = (json.dumps(items[i:i + CHUNK], **opts)[1:-1] for i in range(0, len(items), CHUNK))
        head = head.replace(json.dumps(marks[k], **opts), "[" + ",".join(parts) + "]", 1)
    return head.encode("utf-8")
