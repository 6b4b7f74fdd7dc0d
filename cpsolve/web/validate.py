"""Request validation for the HTTP API: the server's limits, JSON bodies, board text, whole numbers,
cells and analysis options. Every function takes already-read bytes or decoded JSON values and
raises :class:`RequestError` (a status and one line) for anything a client got wrong; the app turns
it into ``{"error": ...}``. They run in the server's workers (:mod:`.jobs`; a 1 MB body is not
parsed on the event loop).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..board import Board, BoardError, decode_board_bytes, grid_shape, parse_board
from ..errors import CpsolveError
from ..options import AnalysisOptions, OptionsError
from ..words import plural

__all__ = ["Limits", "RequestError", "board_from_text", "board_request_error", "cell_of", "decode_json",
           "decode_text", "integer", "json_object", "kind", "options_from"]


@dataclass(frozen=True)
class Limits:
    """What one server accepts. Every analysis is bounded in time (proofs) and size (cells)."""

    max_body: int = 1_000_000        # bytes of a request body (413 above)
    max_image_body: int = 10_000_000  # bytes of a picture posted to /api/read (413 above)
    max_cells: int = 40_000          # cells of a board or a game (200x200)
    time_limit: float = 2.0          # default seconds of proof per analysis
    max_time_limit: float = 5.0      # a client's time_limit is capped at this
    workers: int = 2                 # jobs running at once (worker processes, or threads)
    queue: int = 256                 # jobs waiting beyond those (503 above)
    max_noguess_cells: int = 4_000   # cells of a no-guess game (generated at its first click)
    body_timeout: float = 10.0       # seconds a request's body may take to arrive (408 after)
    pool: str = "processes"          # where jobs run: "processes" (cpsolve serve) or "threads"
    overrun: float = 30.0            # seconds past max_time_limit after which a job's worker is stopped

    def __post_init__(self) -> None:
        if self.pool not in ("processes", "threads"):
            raise ValueError(f"pool must be 'processes' or 'threads', got {self.pool!r}")

    @property
    def largest_body(self) -> int:
        """The largest body any endpoint takes (a connection lingers after a 413 for a few times it)."""
        return max(self.max_body, self.max_image_body)


class RequestError(CpsolveError):
    """A client error: HTTP ``status`` and one line (``line:col: what is wrong`` for board text).
    ``close``: the answer ends the connection (``Connection: close``): its body was not read to the
    end, so the next bytes on it are not a request. ``retry_after``: seconds for the answer's
    ``Retry-After`` (a 503 that passes)."""

    def __init__(self, message: str, status: int = 400, *, close: bool = False,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.close = close
        self.retry_after = retry_after


# --------------------------------------------------------------------------- request pieces

def decode_text(body: bytes) -> str:
    """A body as UTF-8 text; else 400 at the line and column of the first byte that is not UTF-8
    (the board reader's message, as the CLI prints it without the file name)."""
    try:
        return decode_board_bytes(body, "")
    except BoardError as exc:
        raise board_request_error(exc) from None


def decode_json(body: bytes) -> Any:
    text = decode_text(body)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError(f"{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise RequestError("1:1: malformed JSON: nested too deeply") from None


def json_object(body: bytes) -> dict[str, Any]:
    doc = decode_json(body)
    if not isinstance(doc, dict):
        raise RequestError(f"expected a JSON object, got {kind(doc)}")
    return doc


def kind(value: Any) -> str:
    """What a JSON value is, for messages ('a string', 'null', ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", str: "a string", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def board_from_text(text: Any, limits: Limits) -> Board:
    """Parse board text; errors as ``line:col: what is wrong`` (the CLI's message without the file).
    The size cap is applied first, on the grid's shape: a board over it is not parsed (a 1 MB body
    holds a million cells, whose full parse takes seconds and hundreds of MB)."""
    if not isinstance(text, str):
        raise RequestError(f"'board' must be a string of board text, got {kind(text)}")
    cap = limits.max_cells
    rows, cols = grid_shape(text, stop_above=cap)
    if rows * cols > cap:
        raise RequestError(f"the board has more than {cap:,} cells ({rows:,} rows of {cols:,} read); this "
                           f"server analyses at most {cap:,}")
    try:
        return parse_board(text, "")
    except BoardError as exc:
        raise board_request_error(exc) from None


def board_request_error(exc: BoardError) -> RequestError:
    """A BoardError as the 400 answer: ``line:col: what is wrong`` (the board has no file name). Also
    for the ones the analysis raises once the options are known (more flags than the total when
    flags are trusted: ``Board.remaining_mines``)."""
    where = f"{exc.line}:{exc.col}: " if exc.line is not None and exc.col is not None else (
        f"{exc.line}: " if exc.line is not None else "")
    return RequestError(where + exc.message)


def integer(doc: dict[str, Any], key: str, *, required: bool = True, low: int | None = None,
            high: int | None = None) -> int | None:
    if key not in doc or doc[key] is None:
        if required:
            raise RequestError(f"missing '{key}'")
        return None
    v = doc[key]
    if isinstance(v, bool) or not isinstance(v, int):
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        else:
            raise RequestError(f"'{key}' must be a whole number, got {kind(v)}")
    if (low is not None and v < low) or (high is not None and v > high):
        raise RequestError(f"'{key}' = {v} is out of range ({low}..{high})" if high is not None else
                           f"'{key}' = {v} must be at least {low}")
    return v


def cell_of(doc: dict[str, Any], rows: int, cols: int) -> tuple[int, int]:
    row = integer(doc, "row")
    col = integer(doc, "col")
    assert row is not None and col is not None
    if not (0 <= row < rows and 0 <= col < cols):
        raise RequestError(f"cell {row},{col} is off the board ({plural(rows, 'row')} x {plural(cols, 'column')})")
    return row, col


_OPTION_KEYS = ("exact_limit", "time_limit", "density", "ignore_flags", "engine")


def options_from(raw: Any, limits: Limits) -> AnalysisOptions:
    """The request's analysis options (as the CLI's), with the server's time cap applied."""
    if raw is None:
        return AnalysisOptions(time_limit=limits.time_limit)
    if not isinstance(raw, dict):
        raise RequestError(f"'options' must be an object, got {kind(raw)}")
    given = {k: v for k, v in raw.items() if not (k == "time_limit" and v is None)}  # null: the server's
    try:
        opts = AnalysisOptions.from_mapping(given, AnalysisOptions(time_limit=limits.time_limit), keys=_OPTION_KEYS)
    except OptionsError as exc:
        raise RequestError(str(exc)) from None
    assert opts.time_limit is not None
    return opts.replace(time_limit=min(opts.time_limit, limits.max_time_limit))
