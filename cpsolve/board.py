"""Minesweeper positions: the board text format (docs/board-format.md), parsed and validated.

A board is immutable. Cells are stored row-major as small integers:
``0``-``8`` a revealed clue, :data:`COVERED`, :data:`FLAG` (a player's flag) or :data:`MINE`
(a mine known for certain). Parsing never guesses: every malformed input raises
:class:`BoardError` naming the source, line and column.
"""

from __future__ import annotations

import os
import re
import struct
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from typing import Any

from .errors import CpsolveError
from .neighbourhood import neighbour_counts, neighbours
from .plaintext import _NUMBER_RE, clip, display_name, parse_number, split_lines
from .words import plural

COVERED = -1
FLAG = -2
MINE = -3

_COVERED_CHARS = frozenset(".H?")
_CHAR_CODE = {"F": FLAG, "*": MINE}
_CODE_CHAR = {COVERED: ".", FLAG: "F", MINE: "*"}
#: ms-toollib's game-board codes (see :meth:`Board.from_matrix`)
_MATRIX_CODE = {**{k: k for k in range(9)}, 10: COVERED, 11: FLAG, 12: COVERED, 14: COVERED, 15: MINE,
                16: MINE, 18: COVERED}

# A header line may end in a '#' comment (``mines: 99  # expert``), as comment lines may stand
# anywhere; the value stops at blanks or '#'. Shared with the layout parser (cpsolve/layout.py).
HEADER_COMMENT = r"\s*(?:#.*)?$"
MINES_RE = re.compile(r"^\s*mines\s*:\s*([^\s#]*)" + HEADER_COMMENT, re.IGNORECASE)
# Only ASCII digits make numbers (str.isdigit and re's \d also accept Arabic-Indic, fullwidth,
# superscript digits, ...), so the digit classes are spelled out.
WHM_RE = re.compile(r"^\s*([0-9]+)\s*x\s*([0-9]+)\s*x\s*([0-9]+)" + HEADER_COMMENT, re.IGNORECASE)
_CLUE_CHARS = "012345678"
_BOM = "\ufeff"


def _end_of(lines: list[str]) -> tuple[int, int]:
    """(line, col) just after the last character of a text split into ``lines``."""
    return len(lines), len(lines[-1]) + 1


class BoardError(CpsolveError, ValueError):
    """Malformed input. ``str(err)`` is one line: ``source:line:col: what is wrong``."""

    def __init__(self, message: str, source: str = "<board>", line: int | None = None,
                 col: int | None = None) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.col = col
        where = display_name(source)
        if line is not None:
            where += f":{line}"
            if col is not None:
                where += f":{col}"
        super().__init__(f"{where}: {message}")


def code_bytes(cells: Sequence[int]) -> bytes:
    """The cell codes as one signed byte each (COVERED, FLAG, MINE as 255, 254, 253): every
    per-cell mask is then one ``bytes.translate`` (C speed) instead of a Python call per cell.
    Packed by ``struct`` (an Expert board: 14 us; ``array("b", cells)`` took 50 us, a call per cell)."""
    return _packer(len(cells))(*cells)


@lru_cache(maxsize=8)
def _packer(n: int) -> Callable[..., bytes]:
    return struct.Struct(f"{n}b").pack


@dataclass(frozen=True)
class Board:
    """A position: ``cells`` row-major, ``mines`` the total on the whole board (or None)."""

    rows: int
    cols: int
    cells: tuple[int, ...]
    mines: int | None = None
    source: str = "<board>"
    # (line, column) of the mine total in the source text, for the messages of check_total.
    total_at: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.rows <= 0 or self.cols <= 0:
            raise BoardError("the board has no cells", self.source)
        if len(self.cells) != self.rows * self.cols:
            raise BoardError(f"{len(self.cells)} cells for a {self.cols}x{self.rows} board", self.source)

    @cached_property
    def codes(self) -> bytes:
        """The cells as :func:`code_bytes` (made once per board; a parsed board has them already)."""
        return code_bytes(self.cells)

    @classmethod
    def with_codes(cls, rows: int, cols: int, cells: tuple[int, ...], codes: bytes, mines: int | None = None,
                   source: str = "<board>") -> Board:
        """The board of ``cells`` whose :func:`code_bytes` are at hand (``codes``: the caller keeps
        them equal to ``code_bytes(cells)``, as a game does cell by cell), kept as the cached
        property with the flag and known-mine counts read off them."""
        board = cls(rows, cols, cells, mines, source)
        cached = board.__dict__
        cached["codes"] = codes
        cached["flags"] = codes.count(FLAG & 0xFF)
        cached["known_mines"] = codes.count(MINE & 0xFF)
        return board

    def at(self, row: int, col: int) -> int:
        return self.cells[row * self.cols + col]

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def nothing_to_prove(self, row: int, col: int, trust_flags: bool = True) -> str | None:
        """Why the in-range cell (row, col) is not a covered cell to check, or None when it is one.

        ``check`` (the CLI and the HTTP API) answers these in one line instead of asking the prover;
        each edge adds how to check a flagged cell in its own terms.
        """
        v = self.at(row, col)
        if v >= 0:
            return f"cell {row},{col} is revealed (a {v}), not a covered cell"
        if v == MINE:
            return f"cell {row},{col} is a known mine ('*'), nothing to prove"
        if v == FLAG and trust_flags:
            return f"cell {row},{col} is flagged and counted as a mine"
        return None

    def coords(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def neighbours(self, index: int) -> tuple[int, ...]:
        return neighbours(self.rows, self.cols, index)

    def iter_clues(self) -> Iterator[tuple[int, int]]:
        """(index, number) of every revealed cell."""
        for i, v in enumerate(self.cells):
            if v >= 0:
                yield i, v

    @cached_property
    def flags(self) -> int:
        return self.codes.count(FLAG & 0xFF)

    @cached_property
    def known_mines(self) -> int:
        return self.codes.count(MINE & 0xFF)

    def remaining_mines(self, trust_flags: bool = True) -> int | None:
        """Mines among the unknown cells: the total minus known mines (and flags when they are trusted).

        None without a mine total. The one formula every layer uses. Raises :class:`BoardError`
        (:func:`check_total`) when the marked cells exceed the total: flags count only when they are
        trusted, so more flags than mines is bad input with trusted flags and fine with
        ``trust_flags=False`` (misplaced flags are what that option is for).
        """
        if self.mines is None:
            return None
        marked = self.known_mines + (self.flags if trust_flags else 0)
        if marked > self.mines:
            check_total(self, trust_flags)  # raises
        return self.mines - marked

    @classmethod
    def from_matrix(cls, matrix: Sequence[Sequence[int]], mines: int | None = None,
                    source: str = "<matrix>") -> Board:
        """A board from ms-toollib's "game board" integer matrix (``matrix[row][col]``).

        ``0``-``8`` a revealed number, ``10`` covered, ``11`` flagged; also ``12`` (covered, marked
        safe by a tool), ``14`` (a wrong flag shown after a loss: covered), ``18`` (covered, drawn
        pressed) and ``15``/``16`` (a mine shown after a loss: a known mine). Any other value raises
        :class:`BoardError`. ``mines`` is the total (ms-toollib keeps it apart from the matrix).
        The board is validated like a parsed one.
        """
        if len(matrix) == 0 or len(matrix[0]) == 0:
            raise BoardError("the matrix has no cells", source)
        cols = len(matrix[0])
        cells: list[int] = []
        for r, row in enumerate(matrix):
            if len(row) != cols:
                raise BoardError(f"ragged matrix: row {r} has {len(row)} cells, row 0 has {cols}", source)
            for c, v in enumerate(row):
                code = _MATRIX_CODE.get(v) if isinstance(v, int) else None
                if code is None:
                    raise BoardError(f"matrix value {v!r} at {r},{c} is not an ms-toollib cell code "
                                     "(0-8, 10 covered, 11 flag, 12, 14-16, 18)", source)
                cells.append(code)
        board = cls(len(matrix), cols, tuple(cells), mines, source)
        validate_board(board)
        return board

    def to_matrix(self) -> list[list[int]]:
        """The board as ms-toollib's "game board": numbers 0-8, ``10`` covered, ``11`` a flag or a
        known mine (ms-toollib has one code for both). The mine total is not part of the matrix."""
        code = {COVERED: 10, FLAG: 11, MINE: 11}
        return [[v if v >= 0 else code[v] for v in self.cells[r * self.cols:(r + 1) * self.cols]]
                for r in range(self.rows)]

    def __str__(self) -> str:
        """The grid in the board text format (docs/board-format.md), with its ``mines:`` header."""
        return self.to_text().rstrip("\n")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython and Jupyter show the grid (the board text), not the one-line repr."""
        printer.text(str(self) if not cycle else "Board(...)")

    def __repr__(self) -> str:
        # the full form when it is short (it rebuilds the board), else a summary of what is on it
        full = (f"Board(rows={self.rows}, cols={self.cols}, cells={self.cells!r}, mines={self.mines!r}, "
                f"source={self.source!r})")
        if len(full) <= 200:
            return full
        covered = self.cells.count(COVERED)
        source = self.source if len(self.source) <= 60 else "..." + self.source[-57:]
        return (f"<Board {self.cols}x{self.rows}, mines={self.mines}, {covered} covered, {self.flags} flags, "
                f"{self.rows * self.cols - covered - self.flags - self.known_mines} revealed, source={source!r}>")

    def to_text(self, header: bool = True) -> str:
        """The board in the contract's text format (round-trips through :func:`parse_board`)."""
        lines = []
        if header and self.mines is not None:
            lines.append(f"mines: {self.mines}")
        for r in range(self.rows):
            row = self.cells[r * self.cols:(r + 1) * self.cols]
            lines.append(" ".join(str(v) if v >= 0 else _CODE_CHAR[v] for v in row))
        return "\n".join(lines) + "\n"


def parse_board(text: str, source: str = "<board>", *, validate: bool = True) -> Board:
    """Parse a position in the board text format (docs/board-format.md).

    Raises :class:`BoardError` (a ``ValueError``) with ``source:line:col`` on bad input.
    A UTF-8 byte-order mark at the start is ignored (Windows Notepad writes one).
    """
    if text.startswith(_BOM):
        text = text[1:]
    lines = split_lines(text)
    mines: int | None = None
    mines_at: tuple[int, int] | None = None
    dims: tuple[int, int, int] | None = None
    dims_at = 0
    grid: list[bytes] = []  # each grid row's cell codes, a signed byte each (see code_bytes)
    row_lines: list[int] = []  # each grid row's line number
    width: int | None = None
    for lineno, raw in content_lines(lines):
        m = MINES_RE.match(raw)
        if m:
            if grid:
                raise BoardError("a 'mines:' header after the grid has started", source, lineno, 1)
            if mines is not None:
                raise BoardError("the mine total is given twice", source, lineno, 1)
            value = m.group(1)
            col = m.start(1) + 1  # where the value is (or should be)
            total = parse_number(value)
            if total is None:
                what = "is too large" if _NUMBER_RE.fullmatch(value) else "is not a non-negative whole number"
                raise BoardError(f"mine total {clip(value)!r} {what}", source, lineno, col)
            mines, mines_at = total, (lineno, col)
            continue
        m = WHM_RE.match(raw)
        if m and not grid:
            if dims is not None:
                raise BoardError("the WxHxM header is given twice", source, lineno, 1)
            numbers = [parse_number(g) for g in m.groups()]
            for k, n in enumerate(numbers, start=1):
                if n is None:
                    raise BoardError(f"the WxHxM header's number {clip(m.group(k))!r} is too large",
                                     source, lineno, m.start(k) + 1)
            dims = (numbers[0] or 0, numbers[1] or 0, numbers[2] or 0)
            dims_at = lineno
            continue
        if _PLAIN_ROW_RE.fullmatch(raw):
            # a row of valid characters, read with whole-string operations (a 1000x1000 board's
            # rows are a million characters); anything else goes through the loop below, which
            # names the bad character and its column
            codes = raw.encode("ascii").translate(_CODE_OF_BYTE, b" \t\r")
            width = row_width(width, len(codes), BoardError, source, lineno)
            grid.append(codes)
            row_lines.append(lineno)
            continue
        for col0, ch in enumerate(raw):
            if ch == "9":
                raise BoardError(f"clue {ch} is above 8", source, lineno, col0 + 1)
            if not (ch in " \t\r" or ch in _COVERED_CHARS or ch in _CHAR_CODE or ch in _CLUE_CHARS):
                raise BoardError(f"unknown character {ch!r} (expected . H ? 0-8 F *)", source, lineno, col0 + 1)
        raise AssertionError(f"line {lineno}: a grid row the plain pattern refused holds no bad character")
    if not grid or not width:
        raise BoardError("no board found (no grid rows)", source, *_end_of(lines))
    rows, cols = len(grid), width
    if dims is not None:
        w, h, total = dims
        if (w, h) != (cols, rows):
            raise BoardError(f"header says {w}x{h} (width x height) but the grid is {cols}x{rows}",
                             source, dims_at, 1)
        if mines is not None and mines != total:
            raise BoardError(f"header says {total} mines but 'mines:' says {mines}", source, dims_at, 1)
        mines = total
        mines_at = mines_at or (dims_at, 1)
    codes = b"".join(grid)
    board = Board(rows, cols, tuple(array("b", codes)), mines, source, mines_at)
    board.__dict__["codes"] = codes  # the cached property, already at hand
    if validate:
        _validate(board, codes, mines_at, partial(_locate, lines, row_lines, cols))
    return board


def _locate(lines: list[str], row_lines: list[int], cols: int, index: int) -> tuple[int, int]:
    """(line, column) in the source text of the cell ``index`` of a parsed grid (for messages:
    found when asked, not kept per cell)."""
    r, c = divmod(index, cols)
    lineno = row_lines[r]
    seen = -1
    for col0, ch in enumerate(lines[lineno - 1]):
        if ch not in " \t\r":
            seen += 1
            if seen == c:
                return lineno, col0 + 1
    return lineno, 1


#: A grid row of valid characters only (anything else goes through the character-by-character
#: loop, which names the bad character and its column).
_PLAIN_ROW_RE = re.compile(r"[.H?F*0-8 \t\r]*")
#: Grid character (a byte) -> its cell code as a signed byte (see :func:`code_bytes`).
_CODE_OF_BYTE = bytes.maketrans(
    ("".join(_COVERED_CHARS) + "".join(_CHAR_CODE) + _CLUE_CHARS).encode(),
    bytes([COVERED & 0xFF] * len(_COVERED_CHARS) + [code & 0xFF for code in _CHAR_CODE.values()]
          + list(range(9))))


def grid_shape(text: str, stop_above: int | None = None) -> tuple[int, int]:
    """(grid rows, cells in the first grid row) as :func:`parse_board` reads the text (the same
    lines: comments, blank lines and headers are not grid rows), without building the board: a
    size cap can be applied before a full parse of a million cells. ``stop_above``: stop counting
    rows once rows x columns is over it. (0, 0) without a grid row."""
    if text.startswith(_BOM):
        text = text[1:]
    rows = cols = 0
    for _, raw in content_lines(split_lines(text)):
        if MINES_RE.match(raw) or (not rows and WHM_RE.match(raw)):
            continue
        if not rows:
            cols = len(raw.translate(_GRID_BLANKS))
        rows += 1
        if stop_above is not None and rows * cols > stop_above:
            break
    return rows, cols


#: What the grid loop of :func:`parse_board` skips between cells.
_GRID_BLANKS = str.maketrans("", "", " \t\r")


def decode_board_bytes(data: bytes, source: str = "<board>") -> str:
    """Board bytes as text: UTF-8 (with or without a byte-order mark), else a BoardError at the
    line and column of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[:exc.start].decode("utf-8")
        if good.startswith(_BOM):
            good = good[1:]
        line, col = _end_of(split_lines(good))
        raise BoardError(f"not UTF-8 text (byte {exc.start})", source, line, col) from None


def parse_board_bytes(data: bytes, source: str = "<board>", *, validate: bool = True) -> Board:
    """:func:`parse_board` of raw bytes (a file, standard input, an HTTP body)."""
    return parse_board(decode_board_bytes(data, source), source, validate=validate)


def content_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(line number, line) of every line that is neither blank nor a ``#`` comment."""
    for lineno, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            yield lineno, raw


def row_width(width: int | None, n: int, error: type[BoardError], source: str, lineno: int) -> int:
    """The grid's width after a row of ``n`` cells: the first row sets it, every later one must
    match (else ``error`` at the row's line); shared by the board and layout parsers."""
    if width is not None and n != width:
        raise error(f"ragged rows: this row has {n} cells, the first row has {width}", source, lineno, 1)
    return n


def load(path: str | os.PathLike[str]) -> Board:
    """Read and parse the board file at ``path`` (the format of docs/board-format.md).

    Raises :class:`BoardError` naming the file (and line and column) on bad input, and also when
    the file cannot be read.
    """
    name = os.fspath(path)
    return parse_board_bytes(read_input(name), name)


def read_input(name: str, error: type[BoardError] = BoardError, kind: str = "board file") -> bytes:
    """The bytes of the file ``name``; a file that cannot be read is ``error`` naming it (one line)."""
    try:
        with open(name, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        raise error("no such file", name) from None
    except IsADirectoryError:
        raise error(f"is a directory, not a {kind}", name) from None
    except OSError as exc:
        raise error(exc.strerror or "cannot be read", name) from None


#: A cell's code byte (:func:`code_bytes`) -> 1 if covered (not flagged, not a known mine).
IS_COVERED = bytes(int(v == COVERED & 0xFF) for v in range(256))
#: Per signed cell code: 1 for covered, flag or mine; the number of a revealed cell (0 otherwise).
IS_UNREVEALED = bytes(int(v >= 128) for v in range(256))
_NUMBER = bytes(v if v < 9 else 0 for v in range(256))
_OVER_EIGHT = bytes(int(v > 8) for v in range(256))


def validate_board(board: Board, mines_at: tuple[int, int] | None = None) -> None:
    """Checks that make a board malformed (bad input), as opposed to merely impossible."""
    _validate(board, board.codes, mines_at, lambda index: (None, None))  # no source text to point into


def _validate(board: Board, codes: bytes, mines_at: tuple[int, int] | None,
              where: Callable[[int], tuple[int | None, int | None]]) -> None:
    """:func:`validate_board` with the board's ``codes`` (:func:`code_bytes`) at hand and ``where``
    a cell's (line, column) is in the source."""
    src = board.source
    # each clue against its covered-or-mine neighbours, counted for the whole board at once; the
    # first clue (row-major) with more is reported. Per byte, number + 8 - room lies in 0..16 (no
    # carry nor borrow crosses a byte), over 8 exactly where the clue is over its room.
    negative = codes.translate(IS_UNREVEALED)
    room_of = neighbour_counts(board.rows, board.cols, negative)
    n = len(codes)
    excess = (int.from_bytes(codes.translate(_NUMBER), "little") + int.from_bytes(b"\x08" * n, "little")
              - int.from_bytes(room_of, "little"))
    over = excess.to_bytes(n, "little").translate(_OVER_EIGHT).find(1)
    if over >= 0:
        k, room = board.cells[over], room_of[over]
        line, col = where(over)
        r, c = board.coords(over)
        raise BoardError(f"clue {k} at {r},{c} has only {room} covered or mine neighbours", src, line, col)
    if board.mines is not None:
        # flags are not counted here: whether they are mines is the analysis' option (check_total
        # runs again, with it, wherever the remaining mines are computed)
        check_total(board, trust_flags=False, at=mines_at)
        room = negative.count(1)
        if board.mines > room:
            line, col = mines_at or board.total_at or (None, None)
            raise BoardError(f"{plural(board.mines, 'mine')} do not fit in {plural(room, 'covered cell')}",
                             board.source, line, col)


def check_total(board: Board, trust_flags: bool = True, at: tuple[int, int] | None = None) -> None:
    """The marked cells must not exceed the mine total: known mines always, flags when they are
    trusted. The one implementation of that rule (parse time without the flags, every analysis with
    its option through :meth:`Board.remaining_mines`); BoardError at the total's position."""
    if board.mines is None:
        return
    known, flags = board.known_mines, (board.flags if trust_flags else 0)
    if known + flags <= board.mines:
        return
    line, col = at or board.total_at or (None, None)
    what = (f"{plural(flags, 'flag')} and {plural(known, 'known mine')}" if trust_flags
            else plural(known, "known mine"))
    raise BoardError(f"{what} exceed the total of {plural(board.mines, 'mine')}", board.source, line, col)
