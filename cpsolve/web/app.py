"""The ASGI app of ``cpsolve serve``: the routes of the HTTP API (docs/http-api.md) and the page.

The work is elsewhere: request validation in :mod:`.validate`, the analysis documents in
:mod:`.documents`, the games in :mod:`.games`, sealed as tokens by :mod:`.tokens` (the server keeps
no game). Analyses, proofs, moves and game moves run in a bounded thread pool, off the event loop: a
heavy board does not stall other users, and when ``workers + queue`` jobs are already in hand the
answer is 503 at once. Bodies over ``max_body`` bytes get 413 (checked on ``Content-Length`` and
while reading). Every error is JSON ``{"error": "..."}``; nothing a client sends produces a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from importlib import resources
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..board import BoardError
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


class AnalysisPool:
    """Threads for analyses, with a bound on how many may be running or waiting (503 beyond it)."""

    def __init__(self, workers: int, queue: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cpsolve-analysis")
        self.capacity = workers + queue
        self.in_hand = 0   # touched only on the event loop thread
        self.served = 0
        self.refused = 0

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.in_hand >= self.capacity:
            self.refused += 1
            raise RequestError(f"busy: {self.in_hand} analyses in hand; try again shortly", 503)
        self.in_hand += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, partial(fn, *args))
        finally:
            self.in_hand -= 1
            self.served += 1

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def read_body(request: Request, limit: int) -> bytes:
    length = request.headers.get("content-length")
    if length is not None:
        try:
            if int(length) > limit:
                raise RequestError(f"body of {int(length)} bytes is over the limit of {limit} bytes", 413)
        except ValueError:
            raise RequestError("Content-Length is not a number") from None
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError(f"body is over the limit of {limit} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


Handler = Callable[[Request], Awaitable[Any]]
#: The environment variable by which ``cpsolve serve --processes N`` hands its limits to each process.
LIMITS_ENV = "CPSOLVE_SERVE_LIMITS"


class Api:
    """The endpoints. Each method takes the request and returns a JSON-able dict or a Response."""

    def __init__(self, limits: Limits, secret: bytes | str) -> None:
        self.limits = limits
        self.pool = AnalysisPool(limits.workers, limits.queue)
        self.sealer = Sealer(secret)

    async def body_json(self, request: Request) -> dict[str, Any]:
        return json_object(await read_body(request, self.limits.max_body))

    async def analyze(self, request: Request) -> dict[str, Any]:
        lim = self.limits
        body = await read_body(request, lim.max_body)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype == "application/json" or (ctype != "text/plain" and body.lstrip()[:1] == b"{"):
            doc = json_object(body)
            if "board" not in doc:
                raise RequestError("missing 'board' (the board as text)")
            board = board_from_text(doc["board"], lim)
            options = options_from(doc.get("options"), lim)
        else:
            board = board_from_text(decode_text(body), lim)
            options = options_from(None, lim)
        return await self.pool.run(documents.analysis_document, board, options)

    async def check(self, request: Request) -> dict[str, Any]:
        doc = await self.body_json(request)
        board = board_from_text(doc.get("board"), self.limits)
        row, col = cell_of(doc, board.rows, board.cols)
        options = options_from(doc.get("options"), self.limits)
        return await self.pool.run(documents.check_document, board, row, col, options)

    async def move(self, request: Request) -> dict[str, Any]:
        doc = await self.body_json(request)
        board = board_from_text(doc.get("board"), self.limits)
        options = options_from(doc.get("options"), self.limits)
        first = doc.get("first_click", "safe")
        if first not in ("safe", "opening"):
            raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
        return await self.pool.run(documents.move_document, board, options, first)

    # ---- games: the state comes in sealed in the path, goes out sealed as the next id
    def _answer(self, g: GameState) -> dict[str, Any]:
        return games.document(g, self.sealer.seal(g))

    def _game(self, request: Request) -> GameState:
        return self.sealer.open(request.path_params["id"], self.limits.max_cells)

    async def new_game(self, request: Request) -> dict[str, Any]:
        g = games.new_game(await self.body_json(request), self.limits)
        return await self.pool.run(self._answer, g)

    def _play(self, move: Callable[[GameState, dict[str, Any]], None], token: str,
              doc: dict[str, Any]) -> dict[str, Any]:
        g = self.sealer.open(token, self.limits.max_cells)
        move(g, doc)
        return self._answer(g)

    async def reveal(self, request: Request) -> dict[str, Any]:
        doc = await self.body_json(request)
        return await self.pool.run(self._play, games.reveal, request.path_params["id"], doc)

    async def chord(self, request: Request) -> dict[str, Any]:
        doc = await self.body_json(request)
        return await self.pool.run(self._play, games.chord, request.path_params["id"], doc)

    async def flag(self, request: Request) -> dict[str, Any]:
        doc = await self.body_json(request)
        return await self.pool.run(self._play, games.flag, request.path_params["id"], doc)

    async def get_game(self, request: Request) -> dict[str, Any]:
        return await self.pool.run(lambda: games.document(self._game(request), request.path_params["id"]))

    async def health(self, request: Request) -> dict[str, Any]:
        pool = self.pool
        return {"status": "ok", "pid": os.getpid(), "analyses_in_hand": pool.in_hand,
                "analyses_served": pool.served, "refused_busy": pool.refused}


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A handler's answer as JSON; a client error as its status and one line; a bug as a logged 500."""
    async def wrapped(request: Request) -> Response:
        try:
            result = await handler(request)
        except RequestError as exc:
            return error(exc.message, exc.status)
        except BoardError as exc:  # found once the options are known (trusted flags over the total)
            bad = board_request_error(exc)
            return error(bad.message, bad.status)
        except Exception:  # a bug, not the client's fault: logged here, one line to the client
            log.exception("internal error on %s %s", request.method, request.url.path)
            return error("internal error (logged on the server)", 500)
        return result if isinstance(result, Response) else JSONResponse(result)
    return wrapped


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
        yield
        api.pool.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error}, lifespan=lifespan)
    app.state.pool = api.pool
    app.state.limits = api.limits
    return app


def app_from_environment() -> Starlette:
    """The app of one process of ``cpsolve serve --processes N``: limits and secret from the
    environment the parent set (``CPSOLVE_SERVE_LIMITS``, ``CPSOLVE_SECRET``)."""
    raw = os.environ.get(LIMITS_ENV)
    limits = Limits(**json.loads(raw)) if raw else Limits()
    return create_app(limits, os.environ[SECRET_ENV])
