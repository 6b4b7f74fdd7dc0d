"""The JSON document of docs/json.md: its one writer (:func:`write_document`, the cells' entries
joined by the core), the document's keys in order (:func:`document`) and an impossible board's
(:func:`inconsistent_document`)."""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import _core
from ..board import Board
from ..collector import GC_PAUSE_CELLS, gc_paused
from ..constraints.model import mine_flags
from ..errors import InconsistentBoard
from ..probability import Estimate, Exact, Probability
from .cells import ESTIMATE_ONE, ESTIMATE_ZERO, EXACT_ZERO, cell_entry
from .groups import GroupProbabilities
from .safest import covered_mask

if TYPE_CHECKING:
    from .analysis import Analysis


def document(rows: int, cols: int, mines: int | None, remaining: int | None, *, status: str, exact: bool,
             prior: str | None, cells: Any, proved_safe: Any, proved_mine: Any,
             best_guess: list[int] | None, safest: list[int] | None, budget: dict[str, Any],
             **extra: Any) -> dict[str, Any]:
    """The JSON document of docs/json.md, every key in its order (``extra`` after them): the one
    writer of it, for an analysis (:meth:`Analysis.to_json`, :meth:`Analysis.to_json_text`) and
    for an impossible board (:func:`inconsistent_document`)."""
    doc = {"rows": rows, "cols": cols, "mines": mines, "remaining": remaining, "status": status, "exact": exact,
           "prior": prior, "cells": cells, "proved_safe": proved_safe, "proved_mine": proved_mine,
           "best_guess": best_guess, "safest": safest, "budget": budget}
    doc.update(extra)
    return doc


def inconsistent_document(exc: InconsistentBoard, board: Board, trust_flags: bool = True) -> dict[str, Any]:
    """The JSON document of docs/json.md for the impossible ``board`` that ``exc`` names (every key
    present; ``status`` "inconsistent")."""
    return document(board.rows, board.cols, board.mines, board.remaining_mines(trust_flags), status="inconsistent",
                    exact=False, prior=None, cells=[], proved_safe=[], proved_mine=[], best_guess=None, safest=None,
                    budget={"cut_short": [], "undecided": 0}, conflict=[list(c) for c in exc.conflict],
                    conflict_uses_total=exc.uses_total, conflict_minimal=exc.minimal, message=str(exc))



_CELLS_MARK, _SAFE_MARK, _MINE_MARK = "\x00cells\x00", "\x00safe\x00", "\x00mine\x00"
_NO_KEY = 0xFFFFFFFF
_VERDICT_CODE = {None: 0, False: 1, True: 2}  # an entry's proof for the core: none, safe, mine


class _Entries:
    """The document's cell entries, each distinct one written once: ``tails[k]`` is entry ``k``'s
    text after its row and column (by :func:`cell_entry`), ``objects[k]`` its value and
    ``proof_of[k]`` its proof; each listed cell names its entry by a key (see the core's
    ``write_document``)."""

    def __init__(self) -> None:
        self.tails: list[str] = []
        self.objects: list[Probability] = []
        self.proof_of: list[bool | None] = []
        self._by_value: dict[tuple[object, bool | None], int] = {}
        self._by_object: dict[tuple[int, bool | None], int] = {}  # the objects stay alive in ``objects``
        # an entry's text after its row and column ('{"row": 0, "col": 0, ' is what the core writes)
        self._prefix = json.dumps(cell_entry(0, 0, EXACT_ZERO, None)).index('"probability"')

    def key(self, p: Probability, v: bool | None) -> int:
        """The key of the entry of value ``p`` and proof ``v`` (True: a mine, False: safe)."""
        if v is not None and isinstance(p, Estimate):
            p = ESTIMATE_ONE if v else ESTIMATE_ZERO  # as in groups._make_cells
        # cells share value objects (one per group): looked up by the object first, which costs no
        # Fraction; then by the value (an exact fraction, or the float's repr, which tells 0.0 from -0.0)
        k = self._by_object.get((id(p), v))
        if k is None:
            vk = (p.fraction if isinstance(p, Exact) else repr(p.value), v)
            k = self._by_value.get(vk)
            if k is None:
                k = self._by_value[vk] = len(self.tails)
                verdict = None if v is None else "mine" if v else "safe"
                self.tails.append(json.dumps(cell_entry(0, 0, p, verdict))[self._prefix:])
                self.objects.append(p)
                self.proof_of.append(v)
            self._by_object[id(p), v] = k
        return k

    def ranks(self) -> bytes:
        """Per key, the rank of its value among the safest cell's candidates (:func:`~.safest.safest_cell`:
        the proved-safe entries if there are any, else every entry neither proved a mine nor
        exactly 1), lowest first (equal values share a rank); ``_NO_KEY`` for the others."""
        objects, proof_of = self.objects, self.proof_of
        pool = [k for k, v in enumerate(proof_of) if v is False]
        if not pool:
            pool = [k for k, (p, v) in enumerate(zip(objects, proof_of, strict=True))
                    if not v and not (isinstance(p, Exact) and p.is_certain() and p.fraction == 1)]
        sort_keys = {k: objects[k].sort_key() for k in pool}
        order = sorted(set(sort_keys.values()))
        rank_of = {v: r for r, v in enumerate(order)}
        ranks = array("I", [_NO_KEY]) * len(objects)
        for k, v in sort_keys.items():
            ranks[k] = rank_of[v]
        return ranks.tobytes()


@dataclass
class _Keyed:
    """Every listed cell's entry key (see the core's ``write_document``): from ``keys`` (per board
    cell or per listed cell; ``default`` where none), unless the cell is one of the ascending
    ``over_cells`` (the proved cells), whose keys are ``over_keys``."""

    cells: bytes
    keys: bytes
    per_board: bool
    default: int
    entries: _Entries
    over_cells: bytes = b""
    over_keys: bytes = b""

    def core(self, rows: int, cols: int) -> _core.CellKeys:
        """These keys as the core reads them (checked there)."""
        return _core.CellKeys(rows=rows, cols=cols, cells=self.cells,
                              keys=_core.KeyColumn(keys=self.keys, per_board=self.per_board, default=self.default),
                              over=_core.KeyOverrides(cells=self.over_cells, keys=self.over_keys))


def _keys_of(entries: _Entries, values: Sequence[Probability], proofs: Sequence[bool | None] | None = None
             ) -> array[int]:
    """The key of each of ``values`` (with its proof, None without ``proofs``): found once per
    distinct value object (cells share a few: one per group), then per cell in C (map)."""
    key = entries.key
    ids: Iterable[object] = map(id, values)
    if proofs is not None:
        ids = list(zip(ids, proofs))
        distinct = dict(zip(ids, values))
        found = {k: key(p, k[1]) for k, p in distinct.items()}  # type: ignore[index]
    else:
        ids = list(ids)
        found = {k: key(p, None) for k, p in dict(zip(ids, values)).items()}
    return array("I", map(found.__getitem__, ids))


def _keyed(analysis: Analysis) -> _Keyed:
    """The entries of ``analysis``'s document and each cell's key: read off what the analysis kept
    (a few value objects shared by many cells) while the per-cell results were not built, each
    distinct value's entry written once and the cells mapped to it in C; the off-frontier cells of
    a counted board and every cell of a degraded answer share the default key (no step per cell)."""
    entries = _Entries()
    raw, cols = analysis._raw, analysis.cols
    if analysis._cells is not None or raw is None:
        cells = analysis.cells
        listed = array("I", [c.row * cols + c.col for c in cells])
        ks = _keys_of(entries, [c.probability for c in cells],
                      [c.proof.mine if c.proof is not None else None for c in cells])
        return _Keyed(listed.tobytes(), ks.tobytes(), False, 0, entries)
    unknown, probs = raw.unknown, raw.probs
    verdicts = raw.verdicts()
    proved = sorted(verdicts)
    listed_bytes = (unknown if isinstance(unknown, array) else array("I", unknown)).tobytes()
    if isinstance(probs, GroupProbabilities):
        explicit, p_out = probs.explicit(), probs._p_out
        # the fixed cells by their mine flags (a model's: without making their facts)
        flags = mine_flags(probs._fixed)
        default = entries.key(p_out, None) if probs._outside else 0
        # the keys of the frontier and fixed cells as arrays (made in C), laid per board cell by
        # the core (a dict of them looked up per board cell was 0.2 s of a mid-game 1000x1000
        # board's million; a Python assignment per cell 0.3 s)
        explicit_keys = _keys_of(entries, list(explicit.values()))
        zero_one = (entries.key(probs._zero, None), entries.key(probs._one, None)) if flags else (0, 0)
        fixed_keys = array("I", map(zero_one.__getitem__, flags.values()))
        n = raw.rows * cols
        layers = [(array("I", explicit).tobytes(), explicit_keys.tobytes()),
                  (array("I", flags).tobytes(), fixed_keys.tobytes())]
        keys = _core.cell_keys(n, layers)
        # a proved cell's value: its group's, else the fixed one (a frontier cell is never a fixed
        # one), else the off-frontier one: read off its key above, the entry with its proof found
        # once per distinct (key, proof) (the core's key_pairs) and the cells mapped to it in C (a
        # Python step per proved cell was 0.3 s of a mid-game 1000x1000 board's 168,000); their keys
        # laid over the others, so the core reads one key per board cell
        proved_bytes = array("I", proved).tobytes()
        got = _core.key_pairs(keys, proved_bytes, bytes(map(verdicts.__getitem__, proved)))
        objects = entries.objects
        found = array("I", [entries.key(p_out if k == _NO_KEY else objects[k], _BOOL[v]) for k, v in got.pairs])
        at = array("I")
        at.frombytes(got.index)
        layers.append((proved_bytes, array("I", map(found.__getitem__, at)).tobytes()))
        return _Keyed(listed_bytes, _core.cell_keys(n, layers), True, default, entries)
    # an estimated board: its cells share a few value objects
    proofs = list(map(verdicts.__getitem__, proved))
    get = probs.__getitem__
    ks = _keys_of(entries, list(map(get, unknown)))
    over = _keys_of(entries, list(map(get, proved)), proofs)
    return _Keyed(listed_bytes, ks.tobytes(), False, 0, entries, array("I", proved).tobytes(), over.tobytes())


_BOOL = (False, True)


def _safest_of(analysis: Analysis, k: _Keyed) -> tuple[int, int] | None:
    """The safest cell (:func:`~.safest.safest_cell`'s rule) read off the document's keys ``k``: the
    core's ``best_cell`` over each listed cell's rank, without a result per cell."""
    if not k.cells:
        return None
    board = analysis.board
    got = _core.best_cell(k.core(analysis.rows, analysis.cols), covered_mask(board) if board is not None else b"",
                          k.entries.ranks())
    return divmod(got, analysis.cols) if got is not None else None


def keyed_safest(analysis: Analysis) -> tuple[int, int] | None:
    """:attr:`Analysis.safest` of an analysis whose per-cell results were not made, read as the
    document reads it (an estimated huge board's million cells share a few value objects)."""
    with gc_paused() if analysis.rows * analysis.cols >= GC_PAUSE_CELLS else nullcontext():
        return _safest_of(analysis, _keyed(analysis))


@dataclass(frozen=True)
class CellValues:
    """Every board cell's value, as the document's entries (:func:`cell_values`): ``keys[i]`` is
    board cell ``i``'s entry, whose value is ``values[k]`` and proof ``proofs[k]`` (True a mine, False
    safe, None none; an estimate on a proved cell already replaced by the proved 0 or 1, as in the
    per-cell results). :data:`NO_KEY` marks a cell without an entry of its own: a listed (covered)
    cell then has the ``default`` entry, an unlisted one (revealed, a known mine, a trusted flag) has
    none. ``listed``: how many cells the analysis lists; ``best``: :attr:`Analysis.best_guess` (the
    document's)."""

    keys: array  # of int (array[int] is not subscriptable at run time before Python 3.12, and pdoc evaluates it)
    default: int
    values: list[Probability]
    proofs: list[bool | None]
    listed: int
    best: tuple[int, int] | None   # Analysis.best_guess


#: A board cell without an entry of its own in :class:`CellValues`.
NO_KEY = _NO_KEY


def cell_values(analysis: Analysis) -> CellValues:
    """The values of every board cell by :class:`CellValues`: one entry per distinct value, keyed per
    cell in C, without a per-cell result (the terminal grid of a 1000x1000 board reads a million
    cells: issue 43 item 3). Made once per analysis and kept on it (an analysis does not change)."""
    made = analysis.__dict__.get("_cell_values")  # the grid and the summary both read them
    if made is not None:
        return made
    k = _keyed(analysis)
    if k.per_board:
        keys_bytes = k.keys
    else:
        layers = [(k.cells, k.keys)] + ([(k.over_cells, k.over_keys)] if k.over_cells else [])
        keys_bytes = _core.cell_keys(analysis.rows * analysis.cols, layers)
    keys = array("I")
    keys.frombytes(keys_bytes)
    made = analysis.__dict__["_cell_values"] = CellValues(
        keys, k.default, k.entries.objects, k.entries.proof_of, len(k.cells) // 4, analysis.best_guess)
    return made



def write_document(analysis: Analysis, fd: int | None = None) -> bytes | None:
    """The JSON document of docs/json.md of ``analysis``: the one writer of it (for
    :meth:`Analysis.to_json_text`, :meth:`Analysis.to_json` and :meth:`Analysis.write_json`).
    The document's small parts are written by :func:`document` and ``json.dumps``, each distinct
    cell entry once by :func:`cell_entry`; the core joins them, one entry per cell with its row and
    column, and writes the proved cells' lists off the entries' proofs, to ``fd`` (None: returned)."""
    with gc_paused() if analysis.rows * analysis.cols >= GC_PAUSE_CELLS else nullcontext():
        k = _keyed(analysis)
        entries = k.entries
        rows, cols = analysis.rows, analysis.cols
        safest = _safest_of(analysis, k)
        analysis._note_safest(safest)  # the best guess may fall back on it: not made twice
        best = analysis.best_guess
        doc = document(rows, cols, analysis.mines, analysis.remaining, status="ok", exact=analysis.exact,
                       prior=analysis.prior, cells=_CELLS_MARK, proved_safe=_SAFE_MARK, proved_mine=_MINE_MARK,
                       best_guess=list(best) if best is not None else None,
                       safest=list(safest) if safest is not None else None, budget=analysis.budget_account())
        text = json.dumps(doc)
        head, rest = text.split(json.dumps(_CELLS_MARK), 1)
        safe, rest = rest.split(json.dumps(_SAFE_MARK), 1)
        mine, tail = rest.split(json.dumps(_MINE_MARK), 1)
        parts = [head, safe, mine, tail]
        verdicts = bytes(map(_VERDICT_CODE.__getitem__, entries.proof_of))
        return _core.write_document(k.core(rows, cols), parts, entries.tails, verdicts, fd)

