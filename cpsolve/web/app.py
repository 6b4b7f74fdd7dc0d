"""The ASGI app of ``cpsolve serve``: the routes of the HTTP API (docs/http-api.md) and the page.

The work is elsewhere: request validation in :mod:`.validate`, the analysis documents in
:mod:`.documents`, the games in :mod:`.games`, sealed as tokens by :mod:`.tokens` (the server keeps
no game). The event loop only reads bodies: parsing them (JSON, board text), analyses, proofs,
moves and game moves run in a bounded thread pool, so a heavy board or a 1 MB body does not stall
other users, and when ``workers + queue`` jobs are already in hand the answer is 503 at once.
Bodies over ``max_body`` bytes get 413 (checked on ``Content-Length`` and while reading), bodies
that take over ``body_timeout`` seconds to arrive 408; both answers close the connection. When the
server stops (Ctrl-C), the requests in flight are answered 503 ``server is shutting down``. Every
error is JSON ``{"error": "..."}``; nothing a client sends produces a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from importlib import resources
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..board import BoardError
from ..collector import gc_paused
from ..render.palette import as_javascript
from . import documents, games
from .games import GameState
from .tokens import SECRET_ENV, Sealer, new_secret
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

log = logging.getLogger("cpsolve.web")
T = TypeVar("T")
#: The GIL's switch interval (seconds) while the server runs (see create_app's lifespan).
SWITCH_INTERVAL = 0.001
#: Requests of at least this many bytes (a board of about 8,000 cells) run with the collector paused.
PAUSE_BYTES = 16_000
#: The answer to the requests in flight when the server stops.
SHUTTING_DOWN = "server is shutting down"
#: After a 413, up to this many times ``max_body`` bytes of the body are still read (and dropped)
#: before the connection is closed: closing a socket with unread bytes makes the kernel send a
#: reset, and a client still sending would then lose the 413 itself. A larger body is not read.
DRAIN_FACTOR = 8


class AnalysisPool:
    """Threads for analyses, with a bound on how many may be running or waiting (503 beyond it).
    :meth:`drain` (the server stopping) answers every job in hand and every new one 503 at once;
    the threads still running are left to end at their time limit, their answers dropped."""

    def __init__(self, workers: int, queue: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cpsolve-analysis")
        self.capacity = workers + queue
        self.in_hand = 0   # touched only on the event loop thread
        self.served = 0
        self.refused = 0
        self.draining = False
        self._stop: asyncio.Future[None] | None = None  # done when draining (made on the loop)
        self.started: set[Future[Any]] = set()  # jobs submitted and not yet finished

    def abandoned(self) -> int:
        """Jobs still running or waiting in the threads (after :meth:`drain`: answers no one reads)."""
        return sum(1 for f in list(self.started) if not f.done())

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.draining:
            raise RequestError(SHUTTING_DOWN, 503, close=True)
        if self.in_hand >= self.capacity:
            self.refused += 1
            raise RequestError(f"busy: {self.in_hand} analyses in hand; try again shortly", 503)
        self.in_hand += 1
        try:
            loop = asyncio.get_running_loop()
            if self._stop is None:
                self._stop = loop.create_future()
            work = self.executor.submit(fn, *args)
            self.started.add(work)
            work.add_done_callback(self.started.discard)
            job = asyncio.wrap_future(work)
            await asyncio.wait((job, self._stop), return_when=asyncio.FIRST_COMPLETED)
            if not job.done():
                job.cancel()  # a cancelled future drops the thread's answer when it comes
                raise RequestError(SHUTTING_DOWN, 503, close=True)
            return job.result()
        finally:
            self.in_hand -= 1
            self.served += 1

    def drain(self) -> None:
        """On the event loop: the server is stopping."""
        self.draining = True
        if self._stop is not None and not self._stop.done():
            self._stop.set_result(None)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def error(message: str, status: int, *, close: bool = False) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={"connection": "close"} if close else None)


Handler = Callable[[Request], Awaitable[Any]]
#: The environment variable by which ``cpsolve serve --processes N`` hands its limits to each process.
LIMITS_ENV = "CPSOLVE_SERVE_LIMITS"


class Api:
    """The endpoints. Each method takes the request and returns a JSON-able dict or a Response. The
    body is read on the event loop; everything done with it runs in the pool (``_``-methods)."""

    def __init__(self, limits: Limits, secret: bytes | str) -> None:
        self.limits = limits
        self.pool = AnalysisPool(limits.workers, limits.queue)
        self.sealer = Sealer(secret)
        self.reading: set[asyncio.Timeout] = set()  # the deadlines of the bodies being read

    async def read_body(self, request: Request) -> bytes:
        """The body, at most ``max_body`` bytes (413) within ``body_timeout`` seconds (408)."""
        lim = self.limits
        cap = lim.max_body
        length = request.headers.get("content-length")
        declared = None
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                raise RequestError("Content-Length is not a number", close=True) from None
        over = declared is not None and declared > cap
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(lim.body_timeout) as deadline:
                self.reading.add(deadline)
                try:
                    if not (over and declared is not None and declared > DRAIN_FACTOR * cap):
                        async for chunk in request.stream():
                            size += len(chunk)
                            over = over or size > cap
                            if not over:
                                chunks.append(chunk)
                            elif size > DRAIN_FACTOR * cap:
                                break
                finally:
                    self.reading.discard(deadline)
        except TimeoutError:
            if self.pool.draining:
                raise RequestError(SHUTTING_DOWN, 503, close=True) from None
            if not over:
                raise RequestError(f"the body did not arrive within {lim.body_timeout:g} s", 408,
                                   close=True) from None
        if over:
            raise RequestError(f"body of {declared} bytes is over the limit of {cap} bytes" if declared is not None
                               else f"body is over the limit of {cap} bytes", 413, close=True)
        return b"".join(chunks)

    def drain(self) -> None:
        """On the event loop, when the server stops: every request in hand is answered 503 now
        (bodies still arriving too), and every new one."""
        self.pool.drain()
        loop = asyncio.get_running_loop()
        for deadline in list(self.reading):
            deadline.reschedule(loop.time())

    async def job(self, fn: Callable[..., dict[str, Any]], *args: Any) -> Response:
        """``fn(*args)`` in the pool, its document rendered there too: a 200x200 board's document
        is 40,000 cells of JSON, tens of ms of ``json.dumps`` that would stall the event loop."""
        size = sum(len(a) for a in args if isinstance(a, bytes | str))
        return await self.pool.run(_rendered, size >= PAUSE_BYTES, fn, *args)

    async def analyze(self, request: Request) -> Response:
        body = await self.read_body(request)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        return await self.job(self._analyze, body, ctype)

    def _analyze(self, body: bytes, ctype: str) -> dict[str, Any]:
        lim = self.limits
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

    async def check(self, request: Request) -> Response:
        return await self.job(self._check, await self.read_body(request))

    def _check(self, body: bytes) -> dict[str, Any]:
        doc = json_object(body)
        board = board_from_text(doc.get("board"), self.limits)
        row, col = cell_of(doc, board.rows, board.cols)
        options = options_from(doc.get("options"), self.limits)
        return documents.check_document(board, row, col, options)

    async def move(self, request: Request) -> Response:
        return await self.job(self._move, await self.read_body(request))

    def _move(self, body: bytes) -> dict[str, Any]:
        doc = json_object(body)
        board = board_from_text(doc.get("board"), self.limits)
        options = options_from(doc.get("options"), self.limits)
        first = doc.get("first_click", "safe")
        if first not in ("safe", "opening"):
            raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
        return documents.move_document(board, options, first)

    # ---- games: the state comes in sealed in the path, goes out sealed as the next id
    def _answer(self, g: GameState) -> dict[str, Any]:
        return games.document(g, self.sealer.seal(g))

    async def new_game(self, request: Request) -> Response:
        return await self.job(self._new_game, await self.read_body(request))

    def _new_game(self, body: bytes) -> dict[str, Any]:
        return self._answer(games.new_game(json_object(body), self.limits))

    def _play(self, move: Callable[[GameState, dict[str, Any]], None], token: str, body: bytes) -> dict[str, Any]:
        doc = json_object(body)
        g = self.sealer.open(token, self.limits.max_cells)
        move(g, doc)
        return self._answer(g)

    async def reveal(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(self._play, games.reveal, request.path_params["id"], body)

    async def chord(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(self._play, games.chord, request.path_params["id"], body)

    async def flag(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(self._play, games.flag, request.path_params["id"], body)

    async def get_game(self, request: Request) -> Response:
        return await self.job(self._get_game, request.path_params["id"])

    def _get_game(self, token: str) -> dict[str, Any]:
        return games.document(self.sealer.open(token, self.limits.max_cells), token)

    async def health(self, request: Request) -> dict[str, Any]:
        pool = self.pool
        return {"status": "ok", "pid": os.getpid(), "analyses_in_hand": pool.in_hand,
                "analyses_served": pool.served, "refused_busy": pool.refused}


def _rendered(pause: bool, fn: Callable[..., dict[str, Any]], *args: Any) -> Response:
    # With ``pause`` (a large request), the cyclic collector stays paused until the document is
    # bytes and freed: resumed while a 200x200 board's document (a dict per cell) was still alive,
    # its next young collection walked all of it, 100-140 ms holding the GIL, in whichever thread
    # allocated next (the event loop's too). Small requests leave it running: a server that always
    # has a large job in hand would otherwise never collect (an analysis leaves about 1.6 objects
    # of cyclic garbage: 114 after 70 Expert jobs).
    with gc_paused() if pause else contextlib.nullcontext():
        doc = fn(*args)
        body = json_bytes(doc)
        _free(doc)
    return Response(body, media_type="application/json")


def _free(doc: dict[str, Any]) -> None:
    """Free a document's long lists :data:`CHUNK` items at a time: freeing a list frees all its
    items in one step that holds the GIL (40-80 ms for a 200x200 board's cells)."""
    for value in doc.values():
        if isinstance(value, list):
            while len(value) > CHUNK:
                del value[-CHUNK:]
    doc.clear()


#: Lists rendered this many items at a time by :func:`json_bytes`.
CHUNK = 1000


def json_bytes(doc: dict[str, Any]) -> bytes:
    """``doc`` as JSONResponse writes it, with its long lists rendered :data:`CHUNK` items at a
    time: ``json.dumps`` holds the GIL for the whole of one call, and a 200x200 board's document
    (3 MB, 0.1 s) would stall the event loop that long; between the chunks the GIL can go to it."""
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


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A handler's answer as JSON; a client error as its status and one line; a bug as a logged 500."""
    async def wrapped(request: Request) -> Response:
        try:
            result = await handler(request)
        except RequestError as exc:
            return error(exc.message, exc.status, close=exc.close)
        except BoardError as exc:  # found once the options are known (trusted flags over the total)
            bad = board_request_error(exc)
            return error(bad.message, bad.status)
        except ClientDisconnect:  # the client left mid-upload: no one to answer, nothing to log
            return error("the client disconnected", 400, close=True)
        except Exception:  # a bug, not the client's fault: logged here, one line to the client
            log.exception("internal error on %s %s", request.method, request.url.path)
            return error("internal error (logged on the server)", 500)
        return result if isinstance(result, Response) else JSONResponse(result)
    return wrapped


@contextlib.contextmanager
def draining_on_stop(drain: Callable[[], None]) -> Any:
    """While inside: SIGINT and SIGTERM also call ``drain`` on the event loop, before the handler
    in place (uvicorn's, which then stops the server: it waits for the connections in hand, and
    after ``timeout_graceful_shutdown`` cancels them, each a CancelledError traceback and a
    plain-text 500). Only where signals can be handled (the main thread); elsewhere nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    loop = asyncio.get_running_loop()
    saved: dict[signal.Signals, Any] = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        before = signal.getsignal(sig)
        if not callable(before):
            continue

        def handler(signum: int, frame: Any, before: Callable[[int, Any], Any] = before) -> None:
            loop.call_soon_threadsafe(drain)
            before(signum, frame)

        saved[sig] = before
        signal.signal(sig, handler)
    try:
        yield
    finally:
        for signum, before in saved.items():
            signal.signal(signum, before)


async def index(request: Request) -> Response:
    html = resources.files(__package__).joinpath("static/index.html").read_text(encoding="utf-8")
    return Response(html, media_type="text/html; charset=utf-8")


async def palette_js(request: Request) -> Response:
    return Response(as_javascript(), media_type="text/javascript; charset=utf-8")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/") or exc.status_code != 404:
        msg = {404: f"no such endpoint {request.url.path}",
               405: f"method {request.method} not allowed on {request.url.path}"}.get(exc.status_code,
                                                                                      str(exc.detail))
        return error(msg, exc.status_code)
    return PlainTextResponse("not found", status_code=404)


def create_app(limits: Limits | None = None, secret: bytes | str | None = None) -> Starlette:
    """The app. ``limits``: body cap, board size, time budget, pool and queue sizes. ``secret``: the
    key material of the game tokens (servers with the same secret continue each other's games);
    None: a random one, so games end with this app."""
    api = Api(limits or Limits(), secret if secret is not None else new_secret())
    post, get = ["POST"], ["GET"]
    routes = [
        Route("/", index),
        Route("/palette.js", palette_js),
        Route("/api/analyze", endpoint(api.analyze), methods=post),
        Route("/api/check", endpoint(api.check), methods=post),
        Route("/api/move", endpoint(api.move), methods=post),
        Route("/api/health", endpoint(api.health), methods=get),
        Route("/api/games", endpoint(api.new_game), methods=post),
        Route("/api/games/{id}", endpoint(api.get_game), methods=get),
        Route("/api/games/{id}/reveal", endpoint(api.reveal), methods=post),
        Route("/api/games/{id}/chord", endpoint(api.chord), methods=post),
        Route("/api/games/{id}/flag", endpoint(api.flag), methods=post),
        Mount("/static", StaticFiles(directory=str(resources.files(__package__).joinpath("static"))),
              name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # The event loop shares the GIL with the analysis threads: a thread that wants it waits
        # up to the switch interval (5 ms by default) for each turn, and answering /api/health
        # takes several turns. At 1 ms, its p90 beside 4 analyses of 200x200 boards went from
        # 56-64 ms to 26 ms (benchmarks/bench_faults.py, scenario "analyses").
        interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            with draining_on_stop(api.drain):
                yield
        finally:
            sys.setswitchinterval(interval)
        api.pool.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error}, lifespan=lifespan)
    app.state.pool = api.pool
    app.state.api = api
    app.state.limits = api.limits
    return app


def app_from_environment() -> Starlette:
    """The app of one process of ``cpsolve serve --processes N``: limits and secret from the
    environment the parent set (``CPSOLVE_SERVE_LIMITS``, ``CPSOLVE_SECRET``)."""
    raw = os.environ.get(LIMITS_ENV)
    limits = Limits(**json.loads(raw)) if raw else Limits()
    return create_app(limits, os.environ[SECRET_ENV])
