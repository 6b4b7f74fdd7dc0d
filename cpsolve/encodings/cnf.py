"""Clause encodings of a :class:`~.system.CardSystem` through :mod:`pysat.card`, and DIMACS text.

Cell variables keep their numbers ``1..n``; auxiliary variables of the cardinality encodings come
from one :class:`pysat.formula.IDPool` starting above them. A constraint may carry a *guard*
literal ``g``: every clause of its encoding gets ``-g`` added, so it binds only when ``g`` is true
(assumptions switch clues and the total on and off, for unsat cores).

The encoding is chosen by measurement (``benchmarks/bench_encodings.py``); clues have at most 8
literals, so the choice matters for the mine total, the one constraint over the whole frontier.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..plaintext import display_name
from ..words import plural
from .system import Card, CardSystem

if TYPE_CHECKING:  # pysat is imported when an encoding is built, not by ``import cpsolve``
    from pysat.formula import IDPool

#: Default cardinality encoding for clause-based solvers (see the module docstring).
DEFAULT_ENCODING = "kmtotalizer"

#: Names of the pysat.card encodings offered (attributes of ``pysat.card.EncType``).
ENCODINGS: tuple[str, ...] = ("seqcounter", "sortnetwrk", "cardnetwrk", "totalizer", "mtotalizer", "kmtotalizer")


def card_clauses(lits: Sequence[int], lo: int, hi: int, pool: IDPool,
                 encoding: str = DEFAULT_ENCODING) -> list[list[int]]:
    """Clauses for ``lo <= sum(lits) <= hi`` (auxiliary variables from ``pool``)."""
    lits = list(lits)
    n = len(lits)
    lo = max(lo, 0)
    hi = min(hi, n)
    if lo > hi:
        return [[]]
    if lo == n:
        return [[x] for x in lits]
    if hi == 0:
        return [[-x] for x in lits]
    from pysat.card import CardEnc, EncType

    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    enc = getattr(EncType, encoding)
    clauses: list[list[int]] = []
    if lo == hi:
        clauses += CardEnc.equals(lits, lo, vpool=pool, encoding=enc).clauses
        return clauses
    if lo > 0:
        if lo == 1:
            clauses.append(list(lits))
        else:
            clauses += CardEnc.atleast(lits, lo, vpool=pool, encoding=enc).clauses
    if hi < n:
        clauses += CardEnc.atmost(lits, hi, vpool=pool, encoding=enc).clauses
    return clauses


@dataclass
class Cnf:
    nvars: int                  # cell variables are 1..nvars_cells
    clauses: list[list[int]]


def to_cnf(system: CardSystem, *, encoding: str = DEFAULT_ENCODING,
           guards: Mapping[int, int] | None = None, pool: IDPool | None = None) -> Cnf:
    """The whole system as clauses. ``guards``: card index -> guard literal (already allocated)."""
    if pool is None:
        from pysat.formula import IDPool

        top = system.nvars + max(guards.values(), default=0) if guards else system.nvars
        pool = IDPool(start_from=max(top, system.nvars) + 1)
    clauses: list[list[int]] = []
    for ci, card in enumerate(system.cards):
        cl = card_clauses(card.lits, card.lo, card.hi, pool, encoding)
        g = guards.get(ci) if guards else None
        if g is not None:
            cl = [c + [-g] for c in cl]
        clauses.extend(cl)
    return Cnf(max(pool.top, system.nvars), clauses)


def _cell_names(system: CardSystem) -> list[str]:
    out = []
    for v in range(1, system.nvars + 1):
        r, c = divmod(system.cells[v - 1], system.cols)
        if v == system.outside_var:
            out.append(f"c var {v} = cell {r},{c} (stands for the {plural(len(system.outside), 'cell')} off the "
                       "frontier; the others are a bounded integer folded into the total)")
        else:
            out.append(f"c var {v} = cell {r},{c}")
    return out


def describe(card: Card, system: CardSystem, clue_cells: Mapping[int, tuple[int, int]]) -> str:
    n = len(card.lits)
    if card.is_total:
        rest = max(len(system.outside) - 1, 0)
        if rest:
            return (f"mine total: {plural(card.hi, 'mine')} left = sum of the {plural(n, 'variable')} + the "
                    f"other {plural(rest, 'off-frontier cell')} (0..{rest} mines), i.e. {max(card.lo, 0)} <= sum "
                    f"<= {card.hi}")
        return f"mine total: {plural(card.hi, 'mine')} left among the {plural(n, 'variable')}"
    where = ", ".join(f"{r},{c}" for r, c in sorted(clue_cells[s] for s in card.sources if s in clue_cells))
    need = f"{card.lo}" if card.lo == card.hi else f"{card.lo}..{card.hi}"
    return f"clue at {where}: {need} mine{'s' if card.hi != 1 else ''} among {plural(n, 'cell')}"


def to_dimacs(system: CardSystem, *, encoding: str = DEFAULT_ENCODING, title: str = "",
              clue_cells: Mapping[int, tuple[int, int]] | None = None) -> str:
    """DIMACS CNF text: a comment per cell variable and constraint, a projection line
    (``c p show``) on the cell variables, then the clauses."""
    cnf = to_cnf(system, encoding=encoding)
    lines = [f"c {display_name(title)}" if title else "c cpsolve encoding",
             f"c cardinality encoding: pysat.card {encoding}; cell variables 1..{system.nvars}, "
             "the rest auxiliary"]
    lines += _cell_names(system)
    for card in system.cards:
        lines.append("c " + describe(card, system, clue_cells or {}))
    lines.append("c p show " + " ".join(str(v) for v in range(1, system.nvars + 1)) + " 0")
    lines.append(f"p cnf {cnf.nvars} {len(cnf.clauses)}")
    lines += [" ".join(map(str, c)) + " 0" for c in cnf.clauses]
    return "\n".join(lines) + "\n"


def read_dimacs(text: str) -> tuple[int, list[list[int]], list[int] | None]:
    """(number of variables, clauses, projection variables or None) of DIMACS CNF text."""
    nv = 0
    clauses: list[list[int]] = []
    show: list[int] | None = None
    cur: list[int] = []
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if s.startswith("c p show"):
            show = [int(x) for x in s.split()[3:] if x != "0"]
            continue
        if s.startswith("c"):
            continue
        if s.startswith("p"):
            nv = int(s.split()[2])
            continue
        for tok in s.split():
            x = int(tok)
            if x == 0:
                clauses.append(cur)
                cur = []
            else:
                cur.append(x)
    return nv, clauses, show
