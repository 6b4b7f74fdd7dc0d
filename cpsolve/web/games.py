"""Games of the HTTP API: their state, the moves (reveal, flag, chord) and the game document.

A game is a :class:`GameState`, a few numbers and one byte per cell (mine, open, flag). The server
keeps none of it: the state travels to the client sealed (:mod:`cpsolve.web.tokens`) as the game's
``id`` and comes back with the next move, so no client can evict another's game and memory does not
grow with the games played. The moves are played by :class:`cpsolve.simulate.game.Game`, the one
referee of the package (the same seed, first-click rule and clicks give the same game as
``cpsolve play``); a no-guess game's layout is made at its first click by
:func:`cpsolve.simulate.noguess.generate` (with a logic level, by
:func:`cpsolve.simulate.logic.generate_level`).
"""

from __future__ import annotations

import random
import secrets
from array import array
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from ..board import COVERED, FLAG, Board
from ..neighbourhood import neighbour_counts, neighbours
from ..simulate.game import MAX_CELLS, Game, parse_difficulty
from ..simulate.levels import LogicRange, LogicRangeError, parse_range
from .validate import Limits, RequestError, cell_of, integer, kind

__all__ = ["GameState", "chord", "document", "flag", "new_game", "reveal"]

MINE_BIT, OPEN_BIT, FLAG_BIT = 1, 2, 4


def _table(bit: int) -> bytes:
    return bytes(1 if v & bit else 0 for v in range(256))


# per-cell masks by bytes.translate (C speed: a 200x200 game is 40,000 cells at every move)
_MINE, _OPEN, _FLAG = _table(MINE_BIT), _table(OPEN_BIT), _table(FLAG_BIT)
_DONE = _table(MINE_BIT | OPEN_BIT)
# a view code (0: covered, k + 1: shows k) as a signed byte of the board (COVERED is -1)
_VIEW = bytes([COVERED & 0xFF] + [(v - 1) & 0xFF for v in range(1, 256)])


@dataclass
class GameState:
    """Everything a game is. ``cells``: one byte per cell, row-major, of MINE_BIT | OPEN_BIT |
    FLAG_BIT; no mine is laid before the first reveal (``laid`` False)."""

    rows: int
    cols: int
    mines: int
    first_click: str
    no_guess: bool
    seed: int
    laid: bool
    cells: bytearray
    exploded: int = -1           # the mine opened, after a loss
    moves: int = 0               # reveals, chords and flag toggles played
    logic: LogicRange | None = None  # a no-guess game's logic levels (None: any)
    _ref: Game | None = field(default=None, repr=False, compare=False)

    @property
    def lost(self) -> bool:
        return self.exploded >= 0

    def _mask(self, table: bytes) -> bytes:
        return bytes(self.cells).translate(table)

    def referee(self) -> Game:
        """The game as :class:`Game` (the referee that plays the moves), rebuilt from the cells."""
        if self._ref is not None:
            return self._ref
        g = Game(self.rows, self.cols, self.mines, seed=self.seed, first_click=self.first_click)
        if self.laid:
            n = self.rows * self.cols
            mine, opened = self._mask(_MINE), self._mask(_OPEN)
            g.lay(_indices(mine))
            # view code per cell: (neighbour count + 1) where open and safe, 0 where covered
            counts = int.from_bytes(neighbour_counts(self.rows, self.cols, mine), "little")
            ones = int.from_bytes(b"\x01" * n, "little")
            safe_open = int.from_bytes(opened, "little") & ~int.from_bytes(mine, "little")
            codes = ((counts + ones) & (safe_open * 0xFF)).to_bytes(n, "little").translate(_VIEW)
            view = array("b")
            view.frombytes(codes)
            g.view = view.tolist()
            g.covered_safe -= n - codes.count(COVERED & 0xFF)
            g.lost = self.lost
        self._ref = g
        return g

    def take(self, g: Game) -> None:
        """The cells after ``g`` played (flags on cells that opened are dropped)."""
        self._ref = g
        if not g.started:
            return
        n = self.rows * self.cols
        mine = int.from_bytes(g.hidden_layout(), "little")
        opened = int.from_bytes(bytes(map(COVERED.__ne__, g.view)), "little")
        if self.exploded >= 0:
            opened |= 1 << (8 * self.exploded)
        flags = int.from_bytes(self._mask(_FLAG), "little") & ~opened
        self.cells = bytearray((mine | opened << 1 | flags << 2).to_bytes(n, "little"))
        self.laid = True

    @property
    def state(self) -> str:
        if self.lost:
            return "lost"
        won = self.laid and self._mask(_DONE).count(0) == 0
        return "won" if won else "playing"

    @property
    def flags(self) -> int:
        return self._mask(_FLAG).count(1)

    def board(self) -> Board:
        """What the player sees: revealed numbers, covered cells, the player's flags, the mine total."""
        cells = self.referee().view.copy()
        for i in _indices(self._mask(_FLAG)):
            cells[i] = FLAG
        return Board(self.rows, self.cols, tuple(cells), self.mines, "<game>")

    def board_text(self) -> str:
        """``self.board().to_text()``, written a row at a time by ``bytes.translate`` (a 200x200
        game's text at every move)."""
        codes = bytearray(array("b", self.referee().view).tobytes())
        for i in _indices(self._mask(_FLAG)):
            codes[i] = FLAG & 0xFF
        chars = bytes(codes).translate(_CHAR)
        cols = self.cols
        lines = [f"mines: {self.mines}"]
        row = bytearray(b" " * (2 * cols - 1))
        for r in range(self.rows):
            row[::2] = chars[r * cols:(r + 1) * cols]
            lines.append(row.decode("ascii"))
        return "\n".join(lines) + "\n"


def _indices(mask: bytes) -> list[int]:
    """The positions of the 1 bytes of a 0/1 mask."""
    return list(compress(range(len(mask)), mask))


# the board text's character of each cell code (as a signed byte), for :meth:`GameState.board_text`
_CHAR = bytes(ord(str(v)) if 0 <= v <= 8 else ord({COVERED: ".", FLAG: "F"}.get(v - 256, "?"))
              for v in range(256))


def new_game(doc: dict[str, Any], limits: Limits) -> GameState:
    """A game from ``{"difficulty", "first_click", "seed", "no_guess", "logic"}`` (every key optional)."""
    diff = doc.get("difficulty", "beginner")
    if not isinstance(diff, str):
        raise RequestError(f"'difficulty' must be a string (beginner, intermediate, expert or WxHxM), "
                           f"got {kind(diff)}")
    try:
        rows, cols, mines = parse_difficulty(diff, max_cells=min(limits.max_cells, MAX_CELLS))
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    first = doc.get("first_click", "safe")
    if first not in ("safe", "opening"):
        raise RequestError(f"'first_click' must be \"safe\" or \"opening\", got {first!r}")
    no_guess = doc.get("no_guess", False)
    if not isinstance(no_guess, bool):
        raise RequestError(f"'no_guess' must be true or false, got {kind(no_guess)}")
    if no_guess and rows * cols > limits.max_noguess_cells:
        raise RequestError(f"a no-guess game of {rows * cols} cells is over this server's limit of "
                           f"{limits.max_noguess_cells} (its layout is made at the first click)")
    logic = _logic(doc.get("logic"), no_guess)
    seed = integer(doc, "seed", required=False, low=0, high=2**63 - 1)
    if seed is None:
        seed = secrets.randbits(63)
    return GameState(rows, cols, mines, first, no_guess, seed, False, bytearray(rows * cols), logic=logic)


def _logic(value: object, no_guess: bool) -> LogicRange | None:
    """The ``logic`` key: absent or null (any level), or a level or range of them for a no-guess game."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise RequestError(f"'logic' must be a string such as \"pair\", \"pair..\" or \"..chain\", got {kind(value)}")
    if not no_guess:
        raise RequestError("'logic' needs \"no_guess\": true (a game that may need a guess has no logic level)")
    try:
        return parse_range(value)
    except LogicRangeError as exc:
        raise RequestError(f"'logic': {exc}") from None


def _cells(doc: dict[str, Any], g: GameState) -> list[tuple[int, int]]:
    if "cells" in doc:
        raw = doc["cells"]
        if not isinstance(raw, list) or not all(isinstance(c, list) and len(c) == 2 for c in raw):
            raise RequestError("'cells' must be a list of [row, col] pairs")
        if len(raw) > g.rows * g.cols:
            raise RequestError("'cells' lists more cells than the board has")
        return [cell_of({"row": r, "col": c}, g.rows, g.cols) for r, c in raw]
    return [cell_of(doc, g.rows, g.cols)]


def _playing(g: GameState) -> None:
    if g.state != "playing":
        raise RequestError(f"the game is over ({g.state})")


#: Seconds to make a no-guess game's layout at its first click (past them: a 400 saying so).
NOGUESS_SECONDS = 10.0


def _lay_no_guess(g: GameState, ref: Game, first: tuple[int, int]) -> None:
    """A no-guess layout made for this first click (deterministic given the seed), in the game's
    logic levels when it names them."""
    from ..simulate.logic import generate_level
    from ..simulate.noguess import GenerationFailed, generate

    try:
        if g.logic is not None:
            layout = generate_level(g.rows, g.cols, g.mines, first_cell=first, first_click=g.first_click,
                                    rng=random.Random(g.seed), logic=g.logic,
                                    time_limit=NOGUESS_SECONDS).generated.layout
        else:
            layout = generate(g.rows, g.cols, g.mines, first_cell=first, first_click=g.first_click,
                              rng=random.Random(g.seed), time_limit=NOGUESS_SECONDS).layout
    except (GenerationFailed, ValueError) as exc:
        raise RequestError(f"could not make a no-guess game for this first click: {exc}") from None
    ref.lay(set(layout.mines))


def _open(g: GameState, cells: list[tuple[int, int]]) -> None:
    """Open ``cells`` in order, stopping at a loss."""
    ref = g.referee()
    if not g.laid and g.no_guess and cells:
        _lay_no_guess(g, ref, cells[0])
    for r, c in cells:
        if ref.over:
            break
        if not ref.reveal(r, c):
            g.exploded = r * g.cols + c
    g.take(ref)


def reveal(g: GameState, doc: dict[str, Any]) -> None:
    """Open ``row,col`` (or every cell of ``cells`` in order, stopping at a loss)."""
    cells = _cells(doc, g)
    _playing(g)
    for r, c in cells:
        if g.cells[r * g.cols + c] & FLAG_BIT:
            raise RequestError(f"cell {r},{c} is flagged: unflag it before opening it")
    g.moves += 1
    _open(g, cells)


def chord(g: GameState, doc: dict[str, Any]) -> None:
    """Open the covered, unflagged neighbours of a revealed number whose flags are complete (the
    flags are the player's: a wrong one loses the game, as in every Minesweeper)."""
    r, c = cell_of(doc, g.rows, g.cols)
    _playing(g)
    i = r * g.cols + c
    view = g.referee().view
    if view[i] < 0 or g.cells[i] & MINE_BIT:
        raise RequestError(f"cell {r},{c} is covered: only a revealed number chords")
    around = list(neighbours(g.rows, g.cols, i))
    flags = sum(1 for j in around if g.cells[j] & FLAG_BIT)
    if flags != view[i]:
        raise RequestError(f"cell {r},{c} shows {view[i]} with {flags} flag(s) around it: it chords only "
                           "when the flags around it equal its number")
    targets = [divmod(j, g.cols) for j in around if not g.cells[j] & (FLAG_BIT | OPEN_BIT)]
    g.moves += 1
    _open(g, targets)


def flag(g: GameState, doc: dict[str, Any]) -> None:
    """Toggle the flag on a covered cell (at most ``mines`` flags)."""
    r, c = cell_of(doc, g.rows, g.cols)
    _playing(g)
    i = r * g.cols + c
    if g.cells[i] & OPEN_BIT:
        raise RequestError(f"cell {r},{c} is revealed: only covered cells take a flag")
    if g.cells[i] & FLAG_BIT:
        g.cells[i] &= ~FLAG_BIT
    elif g.flags >= g.mines:
        raise RequestError(f"all {g.mines} flags are placed: remove one first")
    else:
        g.cells[i] |= FLAG_BIT
    g.moves += 1


def document(g: GameState, game_id: str) -> dict[str, Any]:
    """The game document of docs/http-api.md; ``layout`` and ``exploded`` only once it has ended."""
    state = g.state
    doc: dict[str, Any] = {"id": game_id, "board": g.board_text(), "state": state,
                           "rows": g.rows, "cols": g.cols, "mines": g.mines, "flags": g.flags,
                           "first_click": g.first_click, "no_guess": g.no_guess,
                           "logic": None if g.logic is None else str(g.logic), "moves": g.moves}
    if state != "playing":  # only now: the layout, and where the game was lost
        doc["layout"] = [list(divmod(i, g.cols)) for i in _indices(g._mask(_MINE))]
        if g.lost:
            doc["exploded"] = list(divmod(g.exploded, g.cols))
    return doc
