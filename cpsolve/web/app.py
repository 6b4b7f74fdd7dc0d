"""The ASGI app of ``cpsolve serve``: the HTTP API (docs/http-api.md) and the page (static files).

Analyses, proofs and moves run in a bounded thread pool, off the event loop: a heavy board does not
stall other users, and when ``workers + queue`` analyses are already in hand the answer is 503 at
once. Bodies over ``max_body`` bytes get 413 (checked on ``Content-Length`` and while reading).
Every error is JSON ``{"error": "..."}``; nothing a client sends produces a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
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

from ..render.palette import as_javascript
from . import service
from .service import GameStore, Limits, RequestError

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


def create_app(limits: Limits | None = None) -> Starlette:
    """The app. ``limits``: body cap, board size, time budget, pool and queue sizes, game store bounds."""
    lim = limits or Limits()
    pool = AnalysisPool(lim.workers, lim.queue)
    games = GameStore(lim)

    def endpoint(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def wrapped(request: Request) -> Response:
            try:
                result = await handler(request)
            except RequestError as exc:
                return error(exc.message, exc.status)
            except Exception:  # a bug, not the client's fault: logged here, one line to the client
                log.exception("internal error on %s %s", request.method, request.url.path)
                return error("internal error (logged on the server)", 500)
            return result if isinstance(result, Response) else JSONResponse(result)
        return wrapped

    async def body_json(request: Request) -> dict[str, Any]:
        return service.json_object(await read_body(request, lim.max_body))

    async def analyze_endpoint(request: Request) -> dict[str, Any]:
        body = await read_body(request, lim.max_body)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype == "application/json" or (ctype != "text/plain" and body.lstrip()[:1] == b"{"):
            doc = service.json_object(body)
            if "board" not in doc:
                raise RequestError("missing 'board' (the board as text)")
            board = service.board_from_text(doc["board"], lim)
            options = service.options_from(doc.get("options"), lim)
        else:
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RequestError(f"body is not UTF-8 (byte {exc.start})") from None
            board = service.board_from_text(text, lim)
            options = service.options_from(None, lim)
        return await pool.run(service.analysis_document, board, options)

    async def check_endpoint(request: Request) -> dict[str, Any]:
        doc = await body_json(request)
        board = service.board_from_text(doc.get("board"), lim)
        row, col = service.cell_of(doc, board.rows, board.cols)
        options = service.options_from(doc.get("options"), lim)
        return await pool.run(service.check_document, board, row, col, options)

    async def move_endpoint(request: Request) -> dict[str, Any]:
        doc = await body_json(request)
        board = service.board_from_text(doc.get("board"), lim)
        options = service.options_from(doc.get("options"), lim)
        first = doc.get("first_click", "safe")
        if first not in ("safe", "opening"):
            raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
        return await pool.run(service.move_document, board, options, first)

    async def new_game(request: Request) -> dict[str, Any]:
        gid, entry = games.create(await body_json(request))
        return entry.document(gid)

    async def reveal_endpoint(request: Request) -> dict[str, Any]:
        gid = request.path_params["id"]
        entry = games.get(gid)
        service.reveal(entry, await body_json(request))
        return entry.document(gid)

    async def flag_endpoint(request: Request) -> dict[str, Any]:
        gid = request.path_params["id"]
        entry = games.get(gid)
        service.flag(entry, await body_json(request))
        return entry.document(gid)

    async def get_game(request: Request) -> dict[str, Any]:
        gid = request.path_params["id"]
        return games.get(gid).document(gid)

    async def health(request: Request) -> dict[str, Any]:
        return {"status": "ok", "games": len(games), "analyses_in_hand": pool.in_hand,
                "analyses_served": pool.served, "refused_busy": pool.refused}

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

    static_dir = str(resources.files(__package__).joinpath("static"))
    routes = [
        Route("/", index),
        Route("/palette.js", palette_js),
        Route("/api/analyze", endpoint(analyze_endpoint), methods=["POST"]),
        Route("/api/check", endpoint(check_endpoint), methods=["POST"]),
        Route("/api/move", endpoint(move_endpoint), methods=["POST"]),
        Route("/api/health", endpoint(health), methods=["GET"]),
        Route("/api/games", endpoint(new_game), methods=["POST"]),
        Route("/api/games/{id}", endpoint(get_game), methods=["GET"]),
        Route("/api/games/{id}/reveal", endpoint(reveal_endpoint), methods=["POST"]),
        Route("/api/games/{id}/flag", endpoint(flag_endpoint), methods=["POST"]),
        Mount("/static", StaticFiles(directory=static_dir), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        pool.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error}, lifespan=lifespan)
    app.state.pool = pool
    app.state.games = games
    app.state.limits = lim
    return app
