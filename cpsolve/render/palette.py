"""One palette for every picture of an analysis: the terminal grid, the SVG heat map and the web page.

The rule the colours follow (the lesson of the story in the README): **green means proved safe and
nothing else**. The probability scale runs from pale yellow through orange to dark red and holds no
green, so a low probability, an exact 0 the proof engine has not confirmed (time budget) or an
estimate never looks like a certainty. Estimated cells are hatched (SVG, page) or marked ``~``
(terminal). The page reads this palette from the server (``/palette.js``), so the three agree.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from ..board import COVERED, FLAG, MINE, Board
from ..probability import Exact, Probability
from ..result import Analysis, CellResult
from ..result.document import NO_KEY, cell_values

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
    if cell is None or v >= 0:
        return _BOARD_LOOKS[v]
    return value_look(cell.probability, None if cell.proof is None else cell.proof.mine, (row, col) == best)


def value_look(p: Probability, proof: bool | None, best: bool = False) -> CellLook:
    """How a covered cell of value ``p`` is drawn, ``proof`` True when proved a mine, False when
    proved safe, None when not proved: the one rule of :func:`look` and :func:`look_table`."""
    if proof is not None:
        if proof:
            return CellLook("proved_mine", PROVED_MINE, probability=p.value, best=best)
        return CellLook("proved_safe", PROVED_SAFE, probability=p.value, best=best)
    if isinstance(p, Exact):
        forced = p.fraction in (0, 1)
        return CellLook("exact", probability_colour(p.value), probability=p.value, fraction=p.text(),
                        forced=forced, best=best)
    return CellLook("estimate", probability_colour(p.value), probability=p.value, best=best)


#: How a cell the analysis does not list is drawn, by its board value (and a covered cell without
#: an analysis).
_BOARD_LOOKS: dict[int, CellLook] = {
    **{n: CellLook("revealed", REVEALED, number=n) for n in range(9)},
    MINE: CellLook("mine", PROVED_MINE), FLAG: CellLook("flag", COVERED_PLAIN),
    COVERED: CellLook("covered", COVERED_PLAIN),
}
#: Ids of the board looks in :func:`look_table`: the numbers 0-8 are their own, then these; the
#: analysis' looks follow from :data:`_KEYED`.
_MINE_ID, _FLAG_ID, _COVERED_ID = 9, 10, 11
_KEYED = 12


def look_table(board: Board, analysis: Analysis | None) -> tuple[list[CellLook], list[int]]:
    """How every cell of ``board`` is drawn under ``analysis`` (None: no overlay), as a table of
    distinct looks and per board cell (row-major) the index of its look: one look per distinct
    value, each cell's index found in C (map, translate) with no object per cell. A blank 1000x1000
    board was 8.8 s through a look per cell (issue 43 item 3)."""
    table = [_BOARD_LOOKS[n] for n in range(9)] + [_BOARD_LOOKS[MINE], _BOARD_LOOKS[FLAG], _BOARD_LOOKS[COVERED]]
    n = board.rows * board.cols
    codes = board.codes
    if analysis is None:
        return table, list(codes.translate(_BOARD_IDS))
    cv = cell_values(analysis)
    # the analysis' looks: ids from _KEYED, the default entry's first (the listed cells without a key
    # of their own take it: on the board ids below it stands for every listed cell)
    order = [cv.default] + [k for k in range(len(cv.values)) if k != cv.default] if cv.values else []
    key_id = {k: _KEYED + i for i, k in enumerate(order)}
    table += [value_look(cv.values[k], cv.proofs[k]) for k in order]
    key_id[NO_KEY] = 0
    # board ids: a revealed number, a known mine, a flag the analysis does not list, else the
    # default look (a listed cell); the larger of it and the cell's key id is its look (a listed cell
    # with a key of its own: the key's, at least _KEYED; an unlisted one: its board id, as its key id is 0)
    flags_listed = cv.listed > codes.count(COVERED & 0xFF)
    board_ids = codes.translate(_LISTED_FLAG_IDS if flags_listed else _BOARD_IDS_KEYED) if order else \
        codes.translate(_BOARD_IDS)
    index = list(map(max, board_ids, map(key_id.__getitem__, cv.keys))) if order else list(board_ids)
    best = cv.best  # the document's (a huge estimated board: without a per-cell result)
    if best is not None:
        at = best[0] * board.cols + best[1]
        cl = table[index[at]]
        table.append(dataclasses.replace(cl, best=True))
        index[at] = len(table) - 1
    assert len(index) == n
    return table, index


def _ids(covered: int, flag: int) -> bytes:
    """A translate table: a cell's code byte (board.code_bytes) -> its board id."""
    out = bytearray(range(256))
    out[MINE & 0xFF], out[FLAG & 0xFF], out[COVERED & 0xFF] = _MINE_ID, flag, covered
    return bytes(out)


_BOARD_IDS = _ids(_COVERED_ID, _FLAG_ID)          # no analysis: covered cells drawn plain
_BOARD_IDS_KEYED = _ids(_KEYED, _FLAG_ID)          # trusted flags are not listed
_LISTED_FLAG_IDS = _ids(_KEYED, _KEYED)            # flags listed (--ignore-flags)


def looks(board: Board, analysis: Analysis | None) -> list[list[CellLook]]:
    """Row by row, how every cell of ``board`` is drawn under ``analysis`` (None: no overlay)."""
    table, index = look_table(board, analysis)
    cols = board.cols
    return [list(map(table.__getitem__, index[r * cols:(r + 1) * cols])) for r in range(board.rows)]


def as_javascript() -> str:
    """The palette for the web page (served as ``/palette.js``)."""
    import json

    doc = {"provedSafe": PROVED_SAFE, "provedMine": PROVED_MINE, "revealed": REVEALED,
           "covered": COVERED_PLAIN, "best": BEST_OUTLINE, "clue": CLUE_HIGHLIGHT,
           "scale": [list(s) for s in SCALE], "numbers": list(NUMBER_COLOURS)}
    return "window.CPSOLVE_PALETTE = " + json.dumps(doc) + ";\n"
