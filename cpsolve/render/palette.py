"""One palette for every picture of an analysis: the terminal grid, the SVG heat map and the web page.

The rule the colours follow (the lesson of the story in the README): **green means proved safe and
nothing else**. The probability scale runs from pale yellow through orange to dark red and holds no
green, so a low probability, an exact 0 the proof engine has not confirmed (time budget) or an
estimate never looks like a certainty. Estimated cells are hatched (SVG, page) or marked ``~``
(terminal). The page reads this palette from the server (``/palette.js``), so the three agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..board import COVERED, FLAG, MINE, Board
from ..probability import Exact
from ..result import Analysis, CellResult

PROVED_SAFE = "#2e9d4a"
PROVED_MINE = "#7a1010"
REVEALED = "#e3e3e3"
COVERED_PLAIN = "#a7b0ba"
BEST_OUTLINE = "#1857c9"
CLUE_HIGHLIGHT = "#7b3fe4"
#: (probability, colour) stops of the scale for cells that are not proved; linear in RGB between stops.
SCALE: tuple[tuple[float, str], ...] = (
    (0.0, "#fff6c4"),
    (0.1, "#ffe08a"),
    (0.25, "#fdb44b"),
    (0.5, "#f4772e"),
    (0.75, "#d7301f"),
    (1.0, "#8c0d12"),
)
#: colours of the revealed numbers 1..8: no green (kept for proofs), and every two at least 80 apart
#: in RGB (2 and 6 were two teals 13 apart, hard to tell on a board)
NUMBER_COLOURS = ("#1f4fd1", "#8a3ffc", "#c92a2a", "#0d1a66", "#8a4b00", "#00727a", "#000000", "#6b6b6b")


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def probability_colour(p: float) -> str:
    """The scale colour of an unproved mine probability ``p`` (never green)."""
    p = min(1.0, max(0.0, p))
    for (p0, c0), (p1, c1) in zip(SCALE, SCALE[1:]):
        if p <= p1:
            t = 0.0 if p1 == p0 else (p - p0) / (p1 - p0)
            a, b = _rgb(c0), _rgb(c1)
            return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))
    return SCALE[-1][1]


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = _rgb(background)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


Kind = Literal["revealed", "flag", "mine", "covered", "proved_safe", "proved_mine", "exact", "estimate"]


@dataclass(frozen=True)
class CellLook:
    """How one cell is drawn. ``kind``: what it is; ``fill``: its background; ``hatched``: an estimate."""

    kind: Kind
    fill: str
    number: int | None = None          # the revealed number
    probability: float | None = None   # covered, analysed cells
    fraction: str | None = None        # the exact fraction ("3/17"), None for estimates
    forced: bool = False               # exact 0 or 1 that the proof engine did not confirm (time budget)
    best: bool = False                 # the best guess

    @property
    def hatched(self) -> bool:
        return self.kind == "estimate"


def look(board: Board, cell: CellResult | None, row: int, col: int, best: tuple[int, int] | None) -> CellLook:
    v = board.at(row, col)
    if v >= 0:
        return CellLook("revealed", REVEALED, number=v)
    if cell is None:
        if v == FLAG:
            return CellLook("flag", COVERED_PLAIN)
        if v == MINE:
            return CellLook("mine", PROVED_MINE)
        assert v == COVERED
        return CellLook("covered", COVERED_PLAIN)
    p = cell.probability
    is_best = (row, col) == best
    if cell.proof is not None:
        if cell.proof.mine:
            return CellLook("proved_mine", PROVED_MINE, probability=p.value, best=is_best)
        return CellLook("proved_safe", PROVED_SAFE, probability=p.value, best=is_best)
    if isinstance(p, Exact):
        forced = p.fraction in (0, 1)
        return CellLook("exact", probability_colour(p.value), probability=p.value, fraction=p.text(),
                        forced=forced, best=is_best)
    return CellLook("estimate", probability_colour(p.value), probability=p.value, best=is_best)


def looks(board: Board, analysis: Analysis | None) -> list[list[CellLook]]:
    """Row by row, how every cell of ``board`` is drawn under ``analysis`` (None: no overlay)."""
    by_cell = {(c.row, c.col): c for c in analysis.cells} if analysis is not None else {}
    best = analysis.best_guess if analysis is not None else None
    return [[look(board, by_cell.get((r, c)), r, c, best) for c in range(board.cols)] for r in range(board.rows)]


def as_javascript() -> str:
    """The palette for the web page (served as ``/palette.js``)."""
    import json

    doc = {"provedSafe": PROVED_SAFE, "provedMine": PROVED_MINE, "revealed": REVEALED,
           "covered": COVERED_PLAIN, "best": BEST_OUTLINE, "clue": CLUE_HIGHLIGHT,
           "scale": [list(s) for s in SCALE], "numbers": list(NUMBER_COLOURS)}
    return "window.CPSOLVE_PALETTE = " + json.dumps(doc) + ";\n"
