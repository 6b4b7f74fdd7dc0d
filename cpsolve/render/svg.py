"""The analysis as an SVG heat map (no dependency: the SVG is written as text).

The same palette and marks as the web page (:mod:`cpsolve.render.palette`): covered cells coloured
by mine probability on a scale without green; proved-safe cells green with a check mark, proved
mines dark red with a mine mark; estimated cells hatched and labelled ``~``; the best guess outlined
in blue; a legend under the grid says all of that and whether the probabilities are exact.
Every cell carries a ``<title>`` (the exact fraction or "estimate", and the basis), which browsers
show on hover.
"""

from __future__ import annotations

from html import escape as _html_escape

from ..board import Board
from ..result import Analysis
from . import palette
from .palette import CellLook


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (what xml.sax.saxutils.escape does; that module pulls in
    urllib.request, http.client and email, a tenth of a second of a cold start)."""
    return _html_escape(text, quote=False)


CELL = 26
PAD = 8
LEGEND_W = 600


_NAMES = {"flag": "flag", "mine": "known mine", "covered": "covered", "proved_safe": "proved safe",
          "proved_mine": "proved mine"}


def _title(cl: CellLook, r: int, c: int) -> str:
    """The hover text of a cell: what it is, and for a probability its exact fraction or "estimate"."""
    where = f"{r},{c}"
    if cl.kind == "revealed":
        return f"{where}: revealed {cl.number}"
    if cl.kind in _NAMES:
        return f"{where}: {_NAMES[cl.kind]}"
    if cl.kind == "estimate":
        return f"{where}: estimate ~{cl.probability:.3f} (basis: estimate; not a certainty)"
    extra = " (exact, not proved within the time limit)" if cl.forced else ""
    return f"{where}: {cl.fraction} = {cl.probability:.4f} (basis: exact){extra}"


def _label(cl: CellLook) -> tuple[str, str]:
    """(text, colour) written in the cell."""
    if cl.kind == "revealed":
        n = cl.number or 0
        return ("", "") if n == 0 else (str(n), palette.NUMBER_COLOURS[n - 1])
    fg = palette.text_colour(cl.fill)
    if cl.kind == "flag":
        return "F", "#c92a2a"
    if cl.kind in ("mine", "proved_mine"):
        return "\u2739", "#ffffff"   # a mine mark
    if cl.kind == "proved_safe":
        return "\u2713", "#ffffff"   # a check mark
    if cl.kind == "covered":
        return "", ""
    p = cl.probability or 0.0
    if cl.kind == "estimate":
        return f"~{round(p * 100)}", fg
    if cl.forced:
        return ("s" if p == 0 else "m"), fg
    pct = p * 100
    return ("<1" if pct < 1 else str(min(99, round(pct)))), fg


def render_svg(board: Board, analysis: Analysis | None, *, title: str | None = None) -> str:
    """The heat map of ``analysis`` on ``board`` as an SVG document (a string)."""
    cells = palette.looks(board, analysis)
    gw, gh = board.cols * CELL, board.rows * CELL
    width = max(gw, LEGEND_W) + 2 * PAD
    legend_h = 92
    height = gh + 2 * PAD + legend_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
           f"<title>{escape(title or 'cpsolve heat map')}</title>",
           "<defs>"
           '<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
           '<rect width="6" height="6" fill="none"/><line x1="0" y1="0" x2="0" y2="6" stroke="#000" '
           'stroke-opacity="0.35" stroke-width="2"/></pattern></defs>',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    best_rect = ""
    for r, line in enumerate(cells):
        for c, cl in enumerate(line):
            x, y = PAD + c * CELL, PAD + r * CELL
            cls = cl.kind + (" best" if cl.best else "")
            out.append(f'<g class="{cls}"><title>{escape(_title(cl, r, c))}</title>'
                       f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{cl.fill}" '
                       'stroke="#ffffff" stroke-width="1"/>')
            if cl.hatched:
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#hatch)"/>')
            text, colour = _label(cl)
            if text:
                size = 13 if len(text) <= 2 else 10
                weight = "bold" if cl.kind in ("revealed", "proved_safe", "proved_mine", "flag") else "normal"
                out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2}" font-size="{size}" font-weight="{weight}" '
                           f'fill="{colour}" text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')
            out.append("</g>")
            if cl.best:
                best_rect = (f'<rect class="best-outline" x="{x + 1.5}" y="{y + 1.5}" width="{CELL - 3}" '
                             f'height="{CELL - 3}" fill="none" stroke="{palette.BEST_OUTLINE}" stroke-width="3"/>')
    out.append(best_rect)
    out.append(_legend(analysis, PAD, gh + 2 * PAD))
    out.append("</svg>")
    return "\n".join(x for x in out if x) + "\n"


def _legend(analysis: Analysis | None, x0: int, y0: int) -> str:
    parts = []
    s = 16
    # the probability scale (no green in it)
    steps = 20
    for i in range(steps + 1):
        p = i / steps
        fill = palette.probability_colour(p)
        parts.append(f'<rect x="{x0 + i * 10}" y="{y0}" width="10" height="{s}" fill="{fill}"/>')
    parts.append(f'<text x="{x0}" y="{y0 + s + 12}" font-size="11">0%</text>')
    parts.append(f'<text x="{x0 + (steps + 1) * 10}" y="{y0 + s + 12}" font-size="11" text-anchor="end">100%</text>')
    parts.append(f'<text x="{x0 + (steps + 1) * 10 + 8}" y="{y0 + 12}" font-size="12">'
                 'mine probability (not proved)</text>')
    x = x0
    y = y0 + 36
    items = [
        (palette.PROVED_SAFE, "\u2713", "#ffffff", "", "proved safe"),
        (palette.PROVED_MINE, "\u2739", "#ffffff", "", "proved mine"),
        (palette.probability_colour(0.3), "~30", "#000000", "hatch", "estimate"),
        (palette.probability_colour(0.1), "10", "#000000", "best", "best guess"),
    ]
    for fill, mark, fg, extra, name in items:
        parts.append(f'<rect x="{x}" y="{y}" width="{s + 4}" height="{s + 4}" fill="{fill}"/>')
        if extra == "hatch":
            parts.append(f'<rect x="{x}" y="{y}" width="{s + 4}" height="{s + 4}" fill="url(#hatch)"/>')
        if extra == "best":
            parts.append(f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{s + 1}" height="{s + 1}" fill="none" '
                         f'stroke="{palette.BEST_OUTLINE}" stroke-width="3"/>')
        parts.append(f'<text x="{x + (s + 4) / 2}" y="{y + (s + 4) / 2}" font-size="9" fill="{fg}" '
                     f'text-anchor="middle" dominant-baseline="central">{escape(mark)}</text>')
        parts.append(f'<text x="{x + s + 10}" y="{y + 14}" font-size="12">{escape(name)}</text>')
        x += 140
    if analysis is not None:
        basis = "probabilities exact" if analysis.exact else "ESTIMATES: no probability on this board is exact"
        safe, mine = len(analysis.proved_safe), len(analysis.proved_mine)
        bg = analysis.best_guess
        # proved-safe cells need no guess (the best guess is one of them): said so, as in the summary
        move = ("; no guess needed: open the proved-safe cells" if safe else f"; best guess {bg[0]},{bg[1]}"
                if bg is not None else "")
        line = f"{basis}; proved safe {safe}, proved mine {mine}" + move
        if analysis.mines is not None:
            line = f"mines {analysis.mines} ({analysis.remaining} not flagged); " + line
        parts.append(f'<text x="{x0}" y="{y + 42}" font-size="12">{escape(line)}</text>')
    return "\n".join(parts)
