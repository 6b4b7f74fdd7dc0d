"""Full mine layouts: the text format (``*`` mine, ``.`` no mine) and MBF files.

A :class:`Layout` is the referee's side of a game: where every mine is. It is what ``cpsolve
generate`` writes and ``cpsolve verify-ng`` reads. Two file formats:

* text: one row per line, ``*`` a mine and ``.`` a safe cell (spaces ignored, ``#`` comments),
  optional header ``mines: N`` (or JSMinesweeper's ``WxHxM``), checked against the grid when given;
* MBF (Minesweeper X / Arbiter): width byte, height byte, the mine count as 2 bytes big-endian,
  then one x byte and one y byte per mine (x the column, y the row). Chosen by the ``.mbf`` suffix.

Every malformed input raises :class:`LayoutError` (a :class:`~cpsolve.board.BoardError`): one line
naming the file and, for text, the line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .board import MINES_RE, WHM_RE, BoardError, content_lines, read_input, row_width
from .neighbourhood import neighbours
from .plaintext import MAX_DIGITS, clip, parse_number, split_lines
from .words import plural

#: MBF stores width and height in one byte each and the count in two.
MBF_MAX_SIDE = 255
MBF_MAX_MINES = 0xFFFF


class LayoutError(BoardError):
    """A malformed layout file (text or MBF). ``str(err)`` is one line: ``source[:line:col]: what``."""


@dataclass(frozen=True)
class Layout:
    """Where the mines are: ``mines`` holds row-major cell indices of a ``rows`` x ``cols`` board."""

    rows: int
    cols: int
    mines: frozenset[int]

    def __post_init__(self) -> None:
        if self.rows <= 0 or self.cols <= 0:
            raise LayoutError(f"a {self.cols}x{self.rows} layout has no cells", "<layout>")
        n = self.rows * self.cols
        bad = [i for i in self.mines if not 0 <= i < n]
        if bad:
            raise LayoutError(f"mine index {bad[0]} is outside the {self.cols}x{self.rows} board", "<layout>")

    @property
    def mine_count(self) -> int:
        return len(self.mines)

    def is_mine(self, row: int, col: int) -> bool:
        return row * self.cols + col in self.mines

    def number(self, index: int) -> int:
        """The number a safe cell shows: mines among its 8 neighbours."""
        return sum(1 for j in neighbours(self.rows, self.cols, index) if j in self.mines)

    def numbers(self) -> list[int]:
        """Every cell's number, row-major; -1 on a mine (ms-toollib's "board" convention)."""
        mine = self.mines
        return [-1 if i in mine else sum(1 for j in neighbours(self.rows, self.cols, i) if j in mine)
                for i in range(self.rows * self.cols)]

    # -- text -------------------------------------------------------------------------------------
    def to_text(self, header: bool = True) -> str:
        lines = [f"mines: {self.mine_count}"] if header else []
        for r in range(self.rows):
            lines.append("".join("*" if r * self.cols + c in self.mines else "." for c in range(self.cols)))
        return "\n".join(lines) + "\n"

    def rows_text(self) -> list[str]:
        """The grid rows of :meth:`to_text`, without the header (the ``layout`` key of spec JSON)."""
        return self.to_text(header=False).splitlines()

    # -- MBF --------------------------------------------------------------------------------------
    def to_mbf(self) -> bytes:
        if self.cols > MBF_MAX_SIDE or self.rows > MBF_MAX_SIDE:
            raise LayoutError(f"MBF holds at most {MBF_MAX_SIDE}x{MBF_MAX_SIDE} cells, not "
                              f"{self.cols}x{self.rows}", "<layout>")
        if self.mine_count > MBF_MAX_MINES:
            raise LayoutError(f"MBF holds at most {MBF_MAX_MINES} mines, not {self.mine_count}", "<layout>")
        out = bytearray([self.cols, self.rows, self.mine_count >> 8, self.mine_count & 0xFF])
        for i in sorted(self.mines):
            r, c = divmod(i, self.cols)
            out += bytes((c, r))
        return bytes(out)

    # -- ms-toollib -------------------------------------------------------------------------------
    def to_matrix(self) -> list[list[int]]:
        """ms-toollib's "board": numbers 0-8 on safe cells, -1 on mines (what ``laymine`` returns)."""
        nums = self.numbers()
        return [nums[r * self.cols:(r + 1) * self.cols] for r in range(self.rows)]

    @classmethod
    def from_matrix(cls, matrix: Sequence[Sequence[int]], source: str = "<matrix>") -> Layout:
        """From ms-toollib's "board" (-1 a mine, anything else safe)."""
        rows, cols = _matrix_shape(matrix, source)
        return cls(rows, cols, frozenset(r * cols + c for r in range(rows) for c in range(cols)
                                         if matrix[r][c] == -1))


def _matrix_shape(matrix: Sequence[Sequence[int]], source: str) -> tuple[int, int]:
    rows = len(matrix)
    if rows == 0 or len(matrix[0]) == 0:
        raise BoardError("the matrix has no cells", source)
    cols = len(matrix[0])
    for r, row in enumerate(matrix):
        if len(row) != cols:
            raise BoardError(f"ragged matrix: row {r} has {len(row)} cells, row 0 has {cols}", source)
    return rows, cols


def parse_layout(text: str, source: str = "<layout>") -> Layout:
    """Parse the text format (module docstring). Raises :class:`LayoutError` with ``source:line:col``."""
    declared: int | None = None
    declared_at: tuple[int, int] = (0, 0)
    dims: tuple[int, int] | None = None
    grid: list[list[bool]] = []
    width: int | None = None
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark (Windows Notepad)
        text = text[1:]
    lines = split_lines(text)  # \n, \r\n and \r only, as in board files
    for lineno, raw in content_lines(lines):
        m = MINES_RE.match(raw)
        if m:
            value = m.group(1)
            col = m.start(1) + 1  # where the value is (or should be)
            if grid:
                raise LayoutError("a 'mines:' header after the grid has started", source, lineno, 1)
            if declared is not None and dims is None:
                raise LayoutError("the mine total is given twice", source, lineno, 1)
            number = parse_number(value)
            if number is None:
                raise LayoutError(f"mine total {clip(value)!r} is not a non-negative whole number of at most "
                                  f"{MAX_DIGITS} digits", source, lineno, col)
            if declared is not None and number != declared:
                raise LayoutError(f"'mines: {value}' disagrees with the WxHxM header's {declared}",
                                  source, lineno, col)
            declared, declared_at = number, (lineno, col)
            continue
        m = WHM_RE.match(raw)
        if m and not grid:
            numbers = [parse_number(x) for x in m.groups()]
            if any(n is None for n in numbers):
                raise LayoutError(f"the WxHxM header has a number of more than {MAX_DIGITS} digits", source, lineno, 1)
            w, h, k = (n or 0 for n in numbers)
            if declared is not None and k != declared:
                raise LayoutError(f"the WxHxM header's {k} mines disagree with 'mines: {declared}'", source, lineno, 1)
            dims, declared, declared_at = (w, h), k, (lineno, 1)
            continue
        row: list[bool] = []
        for col0, ch in enumerate(raw):
            if ch in " \t\r":
                continue
            if ch == "*":
                row.append(True)
            elif ch == ".":
                row.append(False)
            else:
                raise LayoutError(f"unknown character {ch!r}: a layout has only '*' (mine) and '.' (no mine)",
                                  source, lineno, col0 + 1)
        width = row_width(width, len(row), LayoutError, source, lineno)
        grid.append(row)
    if not grid or not width:
        raise LayoutError("no layout found (no grid rows)", source, len(lines), len(lines[-1]) + 1)
    rows, cols = len(grid), width
    if dims is not None and dims != (cols, rows):
        raise LayoutError(f"header says {dims[0]}x{dims[1]} (width x height) but the grid is {cols}x{rows}",
                          source, declared_at[0], 1)
    mines = frozenset(r * cols + c for r in range(rows) for c in range(cols) if grid[r][c])
    if declared is not None and declared != len(mines):
        raise LayoutError(f"header says {plural(declared, 'mine')} but the grid has {len(mines)}", source, *declared_at)
    return Layout(rows, cols, mines)


def parse_mbf(data: bytes, source: str = "<mbf>") -> Layout:
    """Parse an MBF file's bytes (module docstring). Raises :class:`LayoutError`."""
    if len(data) < 4:
        raise LayoutError(f"truncated MBF: {len(data)} bytes, the header alone needs 4", source)
    width, height = data[0], data[1]
    count = (data[2] << 8) | data[3]
    if width == 0 or height == 0:
        raise LayoutError(f"MBF header gives a {width}x{height} board, which has no cells", source)
    body = len(data) - 4
    if body % 2:
        raise LayoutError(f"truncated MBF: {body} bytes of mine coordinates, an odd number "
                          "(each mine takes an x byte and a y byte)", source)
    listed = body // 2
    if listed < count:
        raise LayoutError(f"truncated MBF: the header says {plural(count, 'mine')}, the file lists {listed}", source)
    if listed > count:
        raise LayoutError(f"MBF mine count disagrees with the mines listed: the header says {count}, "
                          f"the file lists {listed}", source)
    mines: set[int] = set()
    for k in range(count):
        x, y = data[4 + 2 * k], data[5 + 2 * k]
        if x >= width or y >= height:
            raise LayoutError(f"MBF mine {k + 1} at x={x}, y={y} is outside the {width}x{height} board "
                              f"(byte {4 + 2 * k})", source)
        i = y * width + x
        if i in mines:
            raise LayoutError(f"MBF mine {k + 1} at x={x}, y={y} is listed twice", source)
        mines.add(i)
    if count >= width * height:
        raise LayoutError(f"MBF: {plural(count, 'mine')} leave no safe cell on {width}x{height}", source)
    return Layout(height, width, frozenset(mines))


def is_mbf(path: str | Path) -> bool:
    return str(path).lower().endswith(".mbf")


def read_layout(path: str | Path) -> Layout:
    """Read a layout file: MBF when the name ends in ``.mbf``, else the text format."""
    name = str(path)
    data = read_input(name, LayoutError, "layout file")
    if is_mbf(name):
        return parse_mbf(data, name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = exc.object[:exc.start].decode("utf-8").removeprefix("\ufeff")
        before = split_lines(good)
        raise LayoutError(f"not UTF-8 text (byte {exc.start}); MBF files need the .mbf suffix", name,
                          len(before), len(before[-1]) + 1) from None
    return parse_layout(text, name)


def write_layout(layout: Layout, path: str | Path) -> None:
    """Write ``layout``: MBF when the name ends in ``.mbf``, else the text format."""
    if is_mbf(path):
        Path(path).write_bytes(layout.to_mbf())
    else:
        Path(path).write_text(layout.to_text(), encoding="utf-8")
