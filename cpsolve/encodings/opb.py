"""OPB (pseudo-Boolean competition format) text of a :class:`~.system.CardSystem`, and a reader.

Each clue is ``+1 x1 +1 x2 ... = need ;``; the mine total, a range, is two ``>=`` constraints.
Variables are the cell variables ``x1..xn`` (no auxiliary ones).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..plaintext import display_name
from .cnf import _cell_names, describe
from .system import CardSystem


def _terms(lits: tuple[int, ...], sign: int) -> str:
    s = "+1" if sign > 0 else "-1"
    return " ".join(f"{s} x{v}" for v in lits)


def to_opb(system: CardSystem, *, title: str = "",
           clue_cells: Mapping[int, tuple[int, int]] | None = None) -> str:
    rows: list[str] = []
    nv = system.nvars
    for card in system.cards:
        rows.append("* " + describe(card, system, clue_cells or {}))
        lits = card.lits
        if not lits:
            if card.trivial:
                continue
            # an impossible constraint on no cells (a clue with more flags than its number)
            nv = max(nv, 1)
            rows.append("+1 x1 -1 x1 >= 1 ;")
            continue
        if card.lo == card.hi:
            rows.append(f"{_terms(lits, 1)} = {card.lo} ;")
            continue
        if card.lo > 0:
            rows.append(f"{_terms(lits, 1)} >= {card.lo} ;")
        if card.hi < len(lits):
            rows.append(f"{_terms(lits, -1)} >= {-card.hi} ;")
    ncons = sum(1 for r in rows if not r.startswith("*"))
    head = [f"* #variable= {nv} #constraint= {ncons}",
            f"* {display_name(title)}" if title else "* cpsolve encoding"]
    head += ["*" + line[1:] for line in _cell_names(system)]
    return "\n".join(head + rows) + "\n"


_TERM = re.compile(r"([+-]?\d+)\s+(~?)x(\d+)")


def read_opb(text: str) -> tuple[int, list[tuple[list[tuple[int, int]], str, int]]]:
    """(number of variables, constraints as ([(coefficient, literal)], '>=' or '=', rhs))."""
    nv = 0
    cons: list[tuple[list[tuple[int, int]], str, int]] = []
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if s.startswith("*"):
            m = re.search(r"#variable=\s*(\d+)", s)
            if m:
                nv = int(m.group(1))
            continue
        body = s.rstrip(";").strip()
        m = re.match(r"^(.*?)(>=|=)\s*([+-]?\d+)$", body)
        if not m:
            raise ValueError(f"cannot read OPB line: {line!r}")
        lhs, op, rhs = m.group(1), m.group(2), int(m.group(3))
        terms = [(int(a), -int(v) if neg else int(v)) for a, neg, v in _TERM.findall(lhs)]
        cons.append((terms, op, rhs))
    return nv, cons
