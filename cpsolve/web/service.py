"""The work behind the HTTP API, without HTTP: request validation, analyses, proofs, moves, games.

Every function here takes already-decoded JSON values and raises :class:`RequestError` (a status and
one line) for anything a client got wrong; the app turns it into ``{"error": ...}``. Analyses run in
worker threads (:mod:`cpsolve.web.app` hands them to a bounded pool), games on the event loop
(a reveal is a flood fill: cheap).
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..analysis import InconsistentBoard, analyze
from ..board import COVERED, FLAG, Board, BoardError, parse_board
from ..errors import CpsolveError
from ..options import AnalysisOptions, OptionsError
from ..simulate.game import Game, parse_difficulty


@dataclass(frozen=True)
class Limits:
    """What one server accepts. Every analysis is bounded in time (proofs) and size (cells)."""

    max_body: int = 1_000_000        # bytes of a request body (413 above)
    max_cells: int = 40_000          # cells of a board or a game (200x200)
    time_limit: float = 2.0          # default seconds of proof per analysis
    max_time_limit: float = 5.0      # a client's time_limit is capped at this
    workers: int = 2                 # analyses running at once (threads)
    queue: int = 256                 # analyses waiting beyond those (503 above)
    max_games: int = 2000            # games kept; the least recently used goes first
    game_ttl: float = 3600.0         # seconds a game is kept after its last use


class RequestError(CpsolveError):
    """A client error: HTTP ``status`` and one line (``line:col: what is wrong`` for board text)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --------------------------------------------------------------------------- request pieces

def decode_json(body: bytes) -> Any:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(f"body is not UTF-8 (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError(f"{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise RequestError("1:1: malformed JSON: nested too deeply") from None


def json_object(body: bytes) -> dict[str, Any]:
    doc = decode_json(body)
    if not isinstance(doc, dict):
        raise RequestError(f"expected a JSON object, got {_kind(doc)}")
    return doc


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", str: "a string", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def board_from_text(text: Any, limits: Limits) -> Board:
    """Parse board text; errors as ``line:col: what is wrong`` (the CLI's message without the file)."""
    if not isinstance(text, str):
        raise RequestError(f"'board' must be a string of board text, got {_kind(text)}")
    try:
        board = parse_board(text, "")
    except BoardError as exc:
        where = f"{exc.line}:{exc.col}: " if exc.line is not None and exc.col is not None else (
            f"{exc.line}: " if exc.line is not None else "")
        raise RequestError(where + exc.message) from None
    if board.rows * board.cols > limits.max_cells:
        raise RequestError(f"the board has {board.rows * board.cols} cells; this server analyses at most "
                           f"{limits.max_cells}")
    return board


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
            raise RequestError(f"'{key}' must be a whole number, got {_kind(v)}")
    if (low is not None and v < low) or (high is not None and v > high):
        raise RequestError(f"'{key}' = {v} is out of range ({low}..{high})" if high is not None else
                           f"'{key}' = {v} must be at least {low}")
    return v


def cell_of(doc: dict[str, Any], rows: int, cols: int) -> tuple[int, int]:
    row = integer(doc, "row")
    col = integer(doc, "col")
    assert row is not None and col is not None
    if not (0 <= row < rows and 0 <= col < cols):
        raise RequestError(f"cell {row},{col} is off the board ({rows} rows x {cols} columns)")
    return row, col


_OPTION_KEYS = ("exact_limit", "time_limit", "density", "ignore_flags", "engine")


def options_from(raw: Any, limits: Limits) -> AnalysisOptions:
    """The request's analysis options (as the CLI's), with the server's time cap applied."""
    if raw is None:
        return AnalysisOptions(time_limit=limits.time_limit)
    if not isinstance(raw, dict):
        raise RequestError(f"'options' must be an object, got {_kind(raw)}")
    given = {k: v for k, v in raw.items() if not (k == "time_limit" and v is None)}  # null: the server's
    try:
        opts = AnalysisOptions.from_mapping(given, AnalysisOptions(time_limit=limits.time_limit), keys=_OPTION_KEYS)
    except OptionsError as exc:
        raise RequestError(str(exc)) from None
    assert opts.time_limit is not None
    return opts.replace(time_limit=min(opts.time_limit, limits.max_time_limit))


# --------------------------------------------------------------------------- analysis, check, move

def inconsistent_document(board: Board, exc: InconsistentBoard) -> dict[str, Any]:
    """The document of docs/json.md for an impossible board (every key present)."""
    return exc.to_json(board)


def analysis_document(board: Board, options: AnalysisOptions) -> dict[str, Any]:
    """``cpsolve.analyze`` on the board: the document of docs/json.md, plus what the time limit left undecided."""
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        return inconsistent_document(board, exc)
    doc = result.to_json()
    doc["undecided"] = [list(c) for c in result.stats.undecided_cells]
    doc["time_limit"] = options.time_limit
    doc["ms"] = round(result.stats.ms_total, 3)
    return doc


def check_document(board: Board, row: int, col: int, options: AnalysisOptions) -> dict[str, Any]:
    """The ``check`` engine on one covered cell: verdict, a minimal set of forcing clues, total needed."""
    from ..proof import explain_cell

    reason = board.nothing_to_prove(row, col, trust_flags=options.trust_flags)
    if reason is not None:
        hint = "; set ignore_flags to check it" if board.at(row, col) == FLAG else ""
        raise RequestError(f"{reason}{hint}")
    ex = explain_cell(board, row, col, engine=options.engine, trust_flags=options.trust_flags,
                      time_limit=options.time_limit)
    if ex.verdict == "inconsistent":
        where = " ".join(f"{r},{c}" for r, c in ex.clues) or "none"
        raise RequestError(f"inconsistent board: no placement satisfies the clues at {where}"
                           + (" and the mine total" if ex.uses_total else ""))
    decided = ex.verdict in ("safe", "mine")
    return {"cell": [row, col], "verdict": ex.verdict,
            "clues": [list(c) for c in ex.clues] if decided else [],
            "uses_total": ex.uses_total if decided else False,
            "minimal": ex.minimal if decided else False,
            "timed_out": ex.timed_out, "engine": ex.engine, "mines": board.mines}


def move_document(board: Board, options: AnalysisOptions, first_click: str = "safe") -> dict[str, Any]:
    """One step of ``cpsolve play``'s strategy: the cells it would open now, and why."""
    from ..play.strategy import Strategy

    strategy = Strategy()
    if all(v < 0 for v in board.cells):  # nothing revealed yet: the strategy's first click
        cell = strategy.first_cell(board.rows, board.cols, board.mines or 0, first_click)
        return {"cells": [list(cell)], "guess": True, "reason": "first click", "status": "ok"}
    if not options.trust_flags and board.flags:
        # the player's flags are not proofs: the strategy sees them as covered cells
        board = Board(board.rows, board.cols, tuple(COVERED if v == FLAG else v for v in board.cells),
                      board.mines, board.source)
        options = options.replace(trust_flags=True)
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        doc = inconsistent_document(board, exc)
        return {"cells": [], "guess": False, "reason": "inconsistent", "status": "inconsistent",
                "message": doc["message"], "conflict": doc["conflict"]}
    if not result.cells:
        return {"cells": [], "guess": False, "reason": "nothing left to open", "status": "ok"}
    move = strategy.choose(board, result)
    return {"cells": [list(c) for c in move.cells], "guess": move.guess, "reason": move.reason, "status": "ok"}


# --------------------------------------------------------------------------- games

@dataclass
class GameEntry:
    game: Game
    flags: set[int] = field(default_factory=set)
    touched: float = field(default_factory=time.monotonic)
    exploded: tuple[int, int] | None = None

    @property
    def state(self) -> str:
        if self.game.lost:
            return "lost"
        return "won" if self.game.won else "playing"

    def board(self) -> Board:
        g = self.game
        cells = tuple(FLAG if i in self.flags and v == COVERED else v for i, v in enumerate(g.view))
        return Board(g.rows, g.cols, cells, g.mines, "<game>")

    def document(self, game_id: str) -> dict[str, Any]:
        g = self.game
        doc: dict[str, Any] = {"id": game_id, "board": self.board().to_text(), "state": self.state,
                               "rows": g.rows, "cols": g.cols, "mines": g.mines,
                               "flags": len(self.flags), "first_click": g.first_click}
        if g.over:  # only now: the layout, and where the game was lost
            doc["layout"] = [list(divmod(i, g.cols)) for i in g.layout()] if g.started else []
            if self.exploded is not None:
                doc["exploded"] = list(self.exploded)
        return doc


class GameStore:
    """Games in progress, bounded in number (least recently used evicted) and age (idle time)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._games: OrderedDict[str, GameEntry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._games)

    def _expire(self) -> None:
        now = time.monotonic()
        while self._games:
            gid, entry = next(iter(self._games.items()))
            if now - entry.touched > self.limits.game_ttl or len(self._games) > self.limits.max_games:
                del self._games[gid]
            else:
                break

    def create(self, doc: dict[str, Any]) -> tuple[str, GameEntry]:
        diff = doc.get("difficulty", "beginner")
        if not isinstance(diff, str):
            raise RequestError(f"'difficulty' must be a string (beginner, intermediate, expert or WxHxM), "
                               f"got {_kind(diff)}")
        try:
            rows, cols, mines = parse_difficulty(diff)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
        if rows * cols > self.limits.max_cells:
            raise RequestError(f"a {cols}x{rows} game has {rows * cols} cells; this server plays at most "
                               f"{self.limits.max_cells}")
        first = doc.get("first_click", "safe")
        if first not in ("safe", "opening"):
            raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
        seed = integer(doc, "seed", required=False, low=0, high=2**63 - 1)
        if seed is None:
            seed = secrets.randbits(63)
        entry = GameEntry(Game(rows, cols, mines, seed=seed, first_click=first))
        gid = secrets.token_urlsafe(12)
        self._games[gid] = entry
        self._expire()
        return gid, entry

    def get(self, gid: str) -> GameEntry:
        self._expire()
        entry = self._games.get(gid)
        if entry is None:
            raise RequestError(f"no game {gid!r} (unknown, or expired after {self.limits.game_ttl:g} s idle)", 404)
        entry.touched = time.monotonic()
        self._games.move_to_end(gid)
        return entry


def reveal(entry: GameEntry, doc: dict[str, Any]) -> None:
    """Open ``row,col`` (or every cell of ``cells`` in order, stopping at a loss)."""
    g = entry.game
    if "cells" in doc:
        raw = doc["cells"]
        if not isinstance(raw, list) or not all(isinstance(c, list) and len(c) == 2 for c in raw):
            raise RequestError("'cells' must be a list of [row, col] pairs")
        if len(raw) > g.rows * g.cols:
            raise RequestError("'cells' lists more cells than the board has")
        cells = [cell_of({"row": r, "col": c}, g.rows, g.cols) for r, c in raw]
    else:
        cells = [cell_of(doc, g.rows, g.cols)]
    if g.over:
        raise RequestError(f"the game is over ({entry.state})")
    for r, c in cells:
        i = r * g.cols + c
        if i in entry.flags:
            raise RequestError(f"cell {r},{c} is flagged: unflag it before opening it")
    for r, c in cells:
        if g.over:
            break
        if not g.reveal(r, c):
            entry.exploded = (r, c)
    entry.flags = {i for i in entry.flags if g.view[i] == COVERED}


def flag(entry: GameEntry, doc: dict[str, Any]) -> None:
    """Toggle the flag on a covered cell."""
    g = entry.game
    r, c = cell_of(doc, g.rows, g.cols)
    if g.over:
        raise RequestError(f"the game is over ({entry.state})")
    i = r * g.cols + c
    if g.view[i] != COVERED:
        raise RequestError(f"cell {r},{c} is revealed: only covered cells take a flag")
    if i in entry.flags:
        entry.flags.discard(i)
    elif len(entry.flags) >= g.mines:
        raise RequestError(f"all {g.mines} flags are placed: remove one first")
    else:
        entry.flags.add(i)
