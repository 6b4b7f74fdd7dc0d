"""Games with a hidden mine layout, for tests, benchmarks and the play harness.

A :class:`Game` is the referee: it holds the layout and hands out only what is revealed (as a
:class:`~cpsolve.board.Board`). The solver never sees the layout; callers that check certainties
against it use :meth:`Game.is_mine`, the referee's own view.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..board import COVERED, Board
from ..neighbourhood import neighbour_counts, neighbours
from ..plaintext import parse_number
from ..words import plural

#: name -> (rows, cols, mines)
DIFFICULTIES: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
}
_WHM = re.compile(r"^([0-9]+)x([0-9]+)x([0-9]+)$", re.IGNORECASE)  # ASCII digits only (not \d)
#: The largest generated board (cells): a game holds a list per cell, so a typo such as
#: ``100000x100000x10`` must be refused, not fill the memory.
MAX_CELLS = 4_000_000


def parse_difficulty(text: str, max_cells: int = MAX_CELLS) -> tuple[int, int, int]:
    """``beginner``, ``intermediate``, ``expert`` or ``WxHxM`` (width x height x mines) -> (rows, cols, mines).
    ``max_cells``: the caller's own cap on the board (a server's), named in the message."""
    key = text.strip().lower()
    if key in DIFFICULTIES:
        return DIFFICULTIES[key]
    m = _WHM.match(key)
    if not m:
        raise ValueError(f"unknown difficulty {text!r} (beginner, intermediate, expert or WxHxM)")
    numbers = [parse_number(x) for x in m.groups()]
    if any(n is None for n in numbers):
        raise ValueError(f"difficulty {text[:40]!r}: a number is too large")
    w, h, k = (n or 0 for n in numbers)
    if w <= 0 or h <= 0:
        raise ValueError(f"difficulty {text!r}: the board has no cells")
    if w * h > max_cells:
        raise ValueError(f"difficulty {text!r}: {w}x{h} is above the limit of {max_cells:,} cells")
    if k >= w * h:
        raise ValueError(f"difficulty {text!r}: {plural(k, 'mine')} leave no safe cell on {w}x{h}")
    return h, w, k


class Game:
    """A game in progress. The layout is laid at the first reveal, so the first click is never a mine.

    ``first_click``: ``"safe"`` (the first cell is mine-free) or ``"opening"`` (it and its neighbours
    are mine-free, when the board has room for that).
    """

    def __init__(self, rows: int, cols: int, mines: int, *, seed: int | None = None,
                 first_click: str = "safe", rng: random.Random | None = None) -> None:
        if first_click not in ("safe", "opening"):
            raise ValueError(f"first_click must be 'safe' or 'opening', not {first_click!r}")
        if not 0 <= mines < rows * cols:
            raise ValueError(f"{plural(mines, 'mine')} do not fit on {cols}x{rows} with a safe first click")
        self.rows, self.cols, self.mines = rows, cols, mines
        self.first_click = first_click
        self.rng = rng if rng is not None else random.Random(seed)
        self._mine: bytearray | None = None
        self._numbers = b""  # each cell's number (its neighbouring mines), made when the layout is laid
        self.view = [COVERED] * (rows * cols)
        # code_bytes(view), kept cell by cell by flood; for the list ``_coded`` only (a caller that
        # replaces ``view``, as a restored web game does, gets its codes made anew by board())
        self._codes = bytearray([COVERED & 0xFF]) * (rows * cols)
        self._coded = self.view
        self.covered_safe = rows * cols - mines
        self.lost = False
        self.moves = 0

    @property
    def won(self) -> bool:
        return not self.lost and self.covered_safe == 0

    @property
    def over(self) -> bool:
        return self.lost or self.won

    @property
    def started(self) -> bool:
        return self._mine is not None

    def _lay(self, first: int) -> None:
        n = self.rows * self.cols
        banned = {first}
        if self.first_click == "opening":
            around = set(neighbours(self.rows, self.cols, first)) | {first}
            if n - len(around) >= self.mines:
                banned = around
        allowed = [i for i in range(n) if i not in banned]
        mine = bytearray(n)
        for i in self.rng.sample(allowed, self.mines):
            mine[i] = 1
        self._set_layout(mine)

    def _set_layout(self, mine: bytearray) -> None:
        self._mine = mine
        self._numbers = neighbour_counts(self.rows, self.cols, bytes(mine))

    def lay(self, mine_cells: list[int] | set[int]) -> None:
        """Use a given layout (cell indices) instead of a random one."""
        if self._mine is not None:
            raise RuntimeError("the layout is already laid")
        if len(set(mine_cells)) != self.mines:
            raise ValueError(f"layout has {len(set(mine_cells))} mines, the game {self.mines}")
        mine = bytearray(self.rows * self.cols)
        for i in mine_cells:
            mine[i] = 1
        self._set_layout(mine)

    def is_mine(self, row: int, col: int) -> bool:
        """The referee's view of the hidden layout (never given to the solver)."""
        if self._mine is None:
            raise RuntimeError("no layout yet: nothing has been revealed")
        return bool(self._mine[row * self.cols + col])

    def number(self, index: int) -> int:
        assert self._mine is not None
        return self._numbers[index]

    def reveal(self, row: int, col: int) -> bool:
        """Open a cell (and, from a 0, its whole opening). False when it was a mine: the game is lost."""
        if self.lost or self.covered_safe == 0:  # over (its property's test, inline: once per cell opened)
            raise RuntimeError("the game is over")
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"cell {row},{col} is off the board")
        start = row * self.cols + col
        if self._mine is None:
            self._lay(start)
        assert self._mine is not None
        self.moves += 1
        if self.view[start] != COVERED:
            return True
        if self._mine[start]:
            self.lost = True
            return False
        self.flood(start)
        return True

    def reveal_all(self, cells: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
        """Open ``cells`` in order as :meth:`reveal` opens each (a cell opened meanwhile, by a 0
        of the same batch, passed over) up to the first mine, which loses the game and is
        returned; None when there was none. The safe cells before it are opened by one
        :meth:`flood` (the cells a flood opens do not depend on the order of its starts): a
        player's move opens a few dozen cells, and a call of :meth:`reveal` per cell was about a
        tenth of a ``basic`` game."""
        if self._mine is None or self.lost or self.covered_safe == 0:
            # not started (the layout is laid at the first reveal) or over: one by one
            for r, c in cells:
                if 0 <= r < self.rows and 0 <= c < self.cols and self.view[r * self.cols + c] != COVERED:
                    continue
                if not self.reveal(r, c):
                    return r, c
            return None
        rows, cols, view, mine = self.rows, self.cols, self.view, self._mine
        starts: list[int] = []
        stop: tuple[int, int] | None = None  # where the batch stops: off the board, or a mine
        for r, c in cells:
            i = r * cols + c
            if not (0 <= r < rows and 0 <= c < cols) or (view[i] == COVERED and mine[i]):
                stop = r, c
                break
            if view[i] == COVERED:
                starts.append(i)
        self.moves += len(starts)
        if starts:
            self.flood(starts)
        if stop is None:
            return None
        # reveal's own checks decide it: the game won by the cells before (over), the cell off the
        # board, else the mine, which loses the game
        self.reveal(*stop)
        return stop

    def flood(self, start: int | list[int], opened: list[int] | None = None) -> None:
        """Open the safe cell ``start`` (or each of a list of them) and, from every 0, its
        neighbours; append opened cells to ``opened``."""
        stack = [start] if isinstance(start, int) else list(start)
        view, numbers, rows, cols = self.view, self._numbers, self.rows, self.cols
        codes = self._codes if self._coded is view else bytearray(len(view))  # (a stale copy: not kept)
        n = 0
        while stack:
            i = stack.pop()
            if view[i] != COVERED:
                continue
            k = view[i] = codes[i] = numbers[i]
            n += 1
            if opened is not None:
                opened.append(i)
            if k == 0:
                stack.extend(j for j in neighbours(rows, cols, i) if view[j] == COVERED)
        self.covered_safe -= n

    def board(self, with_total: bool = True) -> Board:
        """What the player sees: revealed numbers, covered cells, and the mine total."""
        mines = self.mines if with_total else None
        if self._coded is self.view:
            return Board.with_codes(self.rows, self.cols, tuple(self.view), bytes(self._codes), mines, "<game>")
        return Board(self.rows, self.cols, tuple(self.view), mines, "<game>")

    def hidden_layout(self) -> bytes:
        """The layout as one byte per cell (1: a mine), a copy: for the position generators, which
        play as an oracle; the solver never sees it."""
        if self._mine is None:
            raise RuntimeError("no layout yet")
        return bytes(self._mine)

    def layout(self) -> list[int]:
        """The hidden mine cells (referee and tests only)."""
        if self._mine is None:
            raise RuntimeError("no layout yet")
        return [i for i, v in enumerate(self._mine) if v]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a function of (seed, index) only, never of worker state
    (``cpsolve play``, the benchmarks and no-guess generation all seed their games so)."""
    digest = hashlib.sha256(f"cpsolve-play:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Position:
    """A generated position and the layout it was revealed from (for checking against)."""

    board: Board
    mines: frozenset[int]
    game: int
    depth: int
