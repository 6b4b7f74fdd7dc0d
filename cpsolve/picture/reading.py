"""What a picture was read as: :class:`Reading` (the board, per cell what was read and how sure,
where the grid lies, the skin, the mine counter) and :class:`NoBoardFound`.

The reader (:mod:`cpsolve.picture.reader`) makes them; this module holds only plain data, so that
the command line and the web layer can name the types without loading the image libraries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..errors import CpsolveError

#: What a cell was read as (``CellReading.value``).
VALUES = (".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F", "?", "*", "X", "W")
VALUE_NAMES = {".": "covered", "F": "flag", "?": "question mark", "*": "mine", "X": "exploded mine",
               "W": "wrong flag", **{str(n): f"revealed {n}" for n in range(9)}}


class NoBoardFound(CpsolveError):
    """The input holds no Minesweeper board that could be read: not an image (or a broken, huge or
    empty one), or no grid in it. ``str(err)`` is one line saying why (command line: exit 2; HTTP: 400)."""


class ImageSupportMissing(NoBoardFound):
    """No picture can be read here: the ``image`` extra (OpenCV, numpy, Pillow) is not installed.
    A :class:`NoBoardFound`, so every door that takes a picture says so in one line (command line:
    exit 2; HTTP: 400), never as an internal error."""


@dataclass(frozen=True)
class CellReading:
    """One cell: ``value`` is one of :data:`VALUES` (``.`` covered, ``0``-``8``, ``F`` flag, ``?``
    question mark, ``*`` shown mine, ``X`` exploded mine, ``W`` wrong flag); ``confidence`` 0..1;
    ``sure``: the reader stands by it (confident, and no rule of the game speaks against it)."""

    row: int
    col: int
    value: str
    confidence: float
    sure: bool


@dataclass(frozen=True)
class Reading:
    """A board read from a picture.

    ``board``: the position, unsure cells and question marks covered, flags as flags, shown and
    exploded mines as known mines (``*``), wrong flags covered; ``board.mines`` the total when a mine
    counter was read (the counter shows the mines not flagged, so the total is the counter plus the
    flags, wrong flags included). ``cells`` row-major; ``unsure`` the (row, col) of the unsure cells;
    ``reasons`` why they are unsure; ``box`` (x, y, width, height) of the grid in the picture, in
    pixels; ``cell_size`` in pixels; ``skin`` the recognised skin's name or None; ``mine_counter``
    the number the counter shows, or None.
    """

    board: Board
    cells: tuple[CellReading, ...]
    unsure: tuple[tuple[int, int], ...]
    reasons: tuple[str, ...]
    box: tuple[int, int, int, int]
    cell_size: float
    skin: str | None
    mine_counter: int | None
    #: the name the picture was read under (a file name), for messages
    source: str = "<image>"

    @property
    def sure(self) -> bool:
        """Every cell was read surely."""
        return not self.unsure

    def cell(self, row: int, col: int) -> CellReading:
        return self.cells[row * self.board.cols + col]

    def text(self) -> str:
        """The board in the board text format (docs/board-format.md), ``mines: N`` first when the
        counter was read; unsure cells are written ``?`` (covered), question marks ``.``."""
        b = self.board
        unsure = set(self.unsure)
        lines = [f"mines: {b.mines}"] if b.mines is not None else []
        for r in range(b.rows):
            row = []
            for c in range(b.cols):
                v = b.cells[r * b.cols + c]
                row.append("?" if (r, c) in unsure else str(v) if v >= 0 else {-1: ".", -2: "F", -3: "*"}[v])
            lines.append(" ".join(row))
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The reading as a JSON document (docs/pictures.md, "The JSON document")."""
        return {
            "rows": self.board.rows,
            "cols": self.board.cols,
            "mines": self.board.mines,
            "mine_counter": self.mine_counter,
            "board": self.text(),
            "sure": self.sure,
            "unsure": [[r, c] for r, c in self.unsure],
            "reasons": list(self.reasons),
            "box": list(self.box),
            "cell_size": round(self.cell_size, 3),
            "skin": self.skin,
            "cells": [[c.value for c in self.cells[r * self.board.cols:(r + 1) * self.board.cols]]
                      for r in range(self.board.rows)],
            "confidence": [[round(c.confidence, 3) for c in self.cells[r * self.board.cols:(r + 1) * self.board.cols]]
                           for r in range(self.board.rows)],
        }
