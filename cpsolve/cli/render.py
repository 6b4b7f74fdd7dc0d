"""Readable text output of an analysis: a grid of probabilities, coloured on a terminal."""

from __future__ import annotations

from ..analysis import Analysis
from ..board import FLAG, MINE, Board
from ..probability import Exact

_RESET = "\x1b[0m"


def _colour(p: float) -> str:
    """Green (safe) through yellow to red (mine), 256-colour ANSI."""
    if p <= 0.0:
        return "\x1b[1;32m"
    if p >= 1.0:
        return "\x1b[1;31m"
    if p < 0.15:
        return "\x1b[32m"
    if p < 0.35:
        return "\x1b[33m"
    if p < 0.6:
        return "\x1b[38;5;208m"
    return "\x1b[31m"


def render_grid(board: Board, analysis: Analysis, colour: bool = False) -> str:
    """One line per row, five characters per cell.

    ``3`` a revealed number, ``F`` a flag, ``*`` a known mine, ``24%`` a mine probability
    (``~24%`` an estimate), ``S``/``M`` proved safe/mine, ``0%``/``100%`` an exact 0 or 1 that is
    not proved, ``<1%`` / ``>99%`` small or large but not 0 or 1, ``[..]`` the best guess.
    """
    by_cell = {(c.row, c.col): c for c in analysis.cells}
    best = analysis.best_guess
    lines = []
    lines.append("    " + "".join(f"{c:>5}" for c in range(board.cols)))
    for r in range(board.rows):
        parts = [f"{r:>3} "]
        for c in range(board.cols):
            v = board.at(r, c)
            cell = by_cell.get((r, c))
            if cell is None:
                text = {FLAG: "F", MINE: "*"}.get(v, str(v) if v >= 0 else "?")
                parts.append(f"{text:>5}")
                continue
            p = cell.probability
            if cell.proof is not None:
                text = "M" if cell.proof.mine else "S"
            else:
                pct = p.value * 100
                if isinstance(p, Exact) and p.fraction in (0, 1):
                    text = f"{int(pct)}%"
                elif pct < 1:
                    text = "<1%"
                elif pct > 99:
                    text = ">99%"
                else:
                    text = f"{pct:.0f}%"
                if not isinstance(p, Exact):
                    text = "~" + text
            if (r, c) == best:
                text = "[" + text + "]" if len(text) <= 3 else text + "<"
            cellstr = f"{text:>5}"
            if colour:
                cellstr = _colour(p.value) + cellstr + _RESET
            parts.append(cellstr)
        lines.append("".join(parts))
    return "\n".join(lines)


def render_summary(analysis: Analysis) -> str:
    a = analysis
    out = []
    if a.mines is not None:
        out.append(f"mines: {a.mines} total, {a.remaining} not flagged or known")
    out.append(f"prior: {a.prior}")
    out.append("probabilities: " + ("exact" if a.exact else "ESTIMATES (some component too large to count "
                                    "exactly; no probability on this board is exact)"))
    safe, mine = a.proved_safe, a.proved_mine
    if "proof" in a.stats and a.stats["proof"] == "unavailable":
        out.append("proofs: none (proof engine not run)")
    else:
        out.append(f"proved safe: {len(safe)}" + (f" ({_cells(safe)})" if safe else ""))
        out.append(f"proved mine: {len(mine)}" + (f" ({_cells(mine)})" if mine else ""))
    bg = a.best_guess
    if bg is not None:
        p = a.cell(*bg).probability
        out.append(f"best guess: {bg[0]},{bg[1]} (mine probability {p.text()}"
                   + (f" = {p.value:.4f}" if isinstance(p, Exact) and p.fraction not in (0, 1) else "")
                   + ")")
    else:
        out.append("best guess: none (no covered cell left)")
    return "\n".join(out)


def _cells(cells: list[tuple[int, int]], limit: int = 12) -> str:
    text = " ".join(f"{r},{c}" for r, c in cells[:limit])
    return text + (f" ... +{len(cells) - limit}" if len(cells) > limit else "")
