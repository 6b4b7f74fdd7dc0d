"""The ASGI app of ``cpsolve serve``: the routes of the HTTP API (docs/http-api.md) and the page.

The work is elsewhere: what each endpoint does with a body in :mod:`.jobs` (request validation in
:mod:`.validate`, the analysis documents in :mod:`.documents`, the games in :mod:`.games`, sealed as
tokens by :mod:`.tokens`: the server keeps no game), run in worker processes by :mod:`.pool`. The
event loop only reads bodies and writes answers: parsing, analyses, proofs, moves, game moves and
rendering the JSON, reading pictures run in the workers, so a heavy board or a 1 MB body does not stall other users
(nor ``/api/health``), and when ``workers + queue`` jobs are already in hand the answer is 503 at
once. Bodies announced over ``max_body`` bytes get 413 before a byte of them is read, bodies found
over it while reading (chunked) as soon as they are; bodies that take over ``body_timeout`` seconds
to arrive 408; these answers close the connection (:mod:`.serving` reads and drops what the client
still sends for a moment, so that it gets the answer and not a reset). When the server stops
(Ctrl-C), the requests in flight are answered 503 ``server is shutting down``. Every error is JSON
``{"error": "..."}``; nothing a client sends produces a traceback.
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
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..render.palette import as_javascript
from . import jobs
from .pool import SHUTTING_DOWN, Pool, make_pool
from .tokens import SECRET_ENV, new_secret
from .validate import Limits, RequestError

log = logging.getLogger("cpsolve.web")
#: The GIL's switch interval (seconds) while the server runs (see create_app's lifespan).
SWITCH_INTERVAL = 0.001
#: Requests of at least this many bytes (a board of about 8,000 cells) run with the collector paused.
PAUSE_BYTES = 16_000
__all__ = ["SHUTTING_DOWN", "create_app"]


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone (its body already read: the next message is the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def error(message: str, status: int, *, close: bool = False, retry_after: int | None = None) -> JSONResponse:
    headers = {"connection": "close"} if close else {}
    if retry_after is not None:
        headers["retry-after"] = str(retry_after)
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


Handler = Callable[[Request], Awaitable[Any]]
#: The environment variable by which ``cpsolve serve --processes N`` hands its limits to each process.
LIMITS_ENV = "CPSOLVE_SERVE_LIMITS"


class Api:
    """The endpoints. Each method takes the request and returns a JSON-able dict or a Response. The
    body is read on the event loop; everything done with it runs in the pool (:mod:`.jobs`)."""

    def __init__(self, limits: Limits, secret: bytes | str) -> None:
        self.limits = limits
        self.pool: Pool = make_pool(limits, secret)
        self.reading: set[asyncio.Timeout] = set()  # the deadlines of the bodies being read

    async def read_body(self, request: Request, cap: int | None = None) -> bytes:
        """The body, at most ``cap`` bytes (default ``max_body``; 413) within ``body_timeout``
        seconds (408). A body announced over the cap is not read at all; one found over it while
        reading, no further."""
        lim = self.limits
        cap = lim.max_body if cap is None else cap
        length = request.headers.get("content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                raise RequestError("Content-Length is not a number", close=True) from None
            if declared > cap:
                raise RequestError(f"body of {declared} bytes is over the limit of {cap} bytes", 413, close=True)
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(lim.body_timeout) as deadline:
                self.reading.add(deadline)
                try:
                    async for chunk in request.stream():
                        size += len(chunk)
                        if size > cap:
                            raise RequestError(f"body is over the limit of {cap} bytes", 413, close=True)
                        chunks.append(chunk)
                finally:
                    self.reading.discard(deadline)
        except TimeoutError:
            if self.pool.draining:
                raise RequestError(SHUTTING_DOWN, 503, close=True) from None
            raise RequestError(f"the body did not arrive within {lim.body_timeout:g} s", 408, close=True) from None
        return b"".join(chunks)

    def drain(self) -> None:
        """On the event loop, when the server stops: every request in hand is answered 503 now
        (bodies still arriving too), and every new one."""
        self.pool.drain()
        loop = asyncio.get_running_loop()
        for deadline in list(self.reading):
            deadline.reschedule(loop.time())

    async def job(self, request: Request, job: jobs.Job, *args: Any) -> Response:
        """``job`` on ``args`` in the pool, its answer rendered there too (a 200x200 board's
        document is 40,000 cells of JSON). A client that leaves meanwhile takes its job with it: one
        still waiting for a worker never runs (a flood of heavy requests dropped at once would
        otherwise keep the workers busy for nothing)."""
        size = sum(len(a) for a in args if isinstance(a, bytes | str))
        work = asyncio.ensure_future(self.pool.job(job, args, size >= PAUSE_BYTES))
        gone = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait((work, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not work.done():
            work.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await work
            raise ClientDisconnect()
        status, body, close = work.result()
        return Response(body, status_code=status, media_type="application/json",
                        headers={"connection": "close"} if close else None)

    async def analyze(self, request: Request) -> Response:
        body = await self.read_body(request)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        return await self.job(request, jobs.analyze, body, ctype)

    async def check(self, request: Request) -> Response:
        return await self.job(request, jobs.check, await self.read_body(request))

    async def read(self, request: Request) -> Response:
        """A picture in the body (any type: its bytes tell), up to ``max_image_body`` bytes."""
        return await self.job(request, jobs.read_picture, await self.read_body(request, self.limits.max_image_body))

    async def move(self, request: Request) -> Response:
        return await self.job(request, jobs.move, await self.read_body(request))

    async def new_game(self, request: Request) -> Response:
        return await self.job(request, jobs.new_game, await self.read_body(request))

    async def reveal(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(request, jobs.reveal, request.path_params["id"], body)

    async def chord(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(request, jobs.chord, request.path_params["id"], body)

    async def flag(self, request: Request) -> Response:
        body = await self.read_body(request)
        return await self.job(request, jobs.flag, request.path_params["id"], body)

    async def get_game(self, request: Request) -> Response:
        return await self.job(request, jobs.get_game, request.path_params["id"])

    async def health(self, request: Request) -> dict[str, Any]:
        pool = self.pool
        return {"status": "ok", "pid": os.getpid(), "analyses_in_hand": pool.in_hand,
                "analyses_served": pool.served, "refused_busy": pool.refused, "pool": pool.kind,
                "workers": pool.workers, "worker_pids": pool.pids(), "worker_restarts": pool.restarts}


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A handler's answer as JSON; a client error as its status and one line; a bug as a logged 500."""
    async def wrapped(request: Request) -> Response:
        try:
            result = await handler(request)
        except RequestError as exc:
            return error(exc.message, exc.status, close=exc.close, retry_after=exc.retry_after)
        except ClientDisconnect:  # the client left mid-upload: no one to answer, nothing to log
            return error("the client disconnected", 400, close=True)
        except Exception:  # a bug, not the client's fault: logged here, one line to the client
            log.exception("internal error on %s %s", request.method, request.url.path)
            return error(jobs.INTERNAL, 500)
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
    None: a random one, so games end with this app. The worker processes start with the app's
    lifespan, by ``spawn``: a script that serves the app must keep its own work under
    ``if __name__ == "__main__":`` (each worker imports the main module), as ``cpsolve serve`` does.
    ``Limits(pool="threads")`` keeps the jobs in this process."""
    api = Api(limits or Limits(), secret if secret is not None else new_secret())
    post, get = ["POST"], ["GET"]
    routes = [
        Route("/", index),
        Route("/palette.js", palette_js),
        Route("/api/analyze", endpoint(api.analyze), methods=post),
        Route("/api/check", endpoint(api.check), methods=post),
        Route("/api/move", endpoint(api.move), methods=post),
        Route("/api/read", endpoint(api.read), methods=post),
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
        # With jobs in threads (Limits.pool "threads"), the event loop shares the GIL with them: a
        # thread that wants it waits up to the switch interval (5 ms by default) for each turn,
        # and answering /api/health takes several turns. At 1 ms, its p90 beside 4 analyses of
        # 200x200 boards went from 56-64 ms to 26 ms (benchmarks/bench_faults.py, "analyses").
        interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            await api.pool.start()
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
    return create_app(limits_from_environment(), os.environ[SECRET_ENV])


def limits_from_environment() -> Limits:
    """The limits ``cpsolve serve --processes N`` handed to this process (``CPSOLVE_SERVE_LIMITS``),
    else the defaults."""
    raw = os.environ.get(LIMITS_ENV)
    return Limits(**json.loads(raw)) if raw else Limits()
