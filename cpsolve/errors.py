r"""The one error family: every error cpsolve raises on purpose is a :class:`CpsolveError`.

* :class:`~cpsolve.board.BoardError` (also a ``ValueError``): malformed input, one line
  ``source:line:col: what is wrong``;
* :class:`InconsistentBoard` (also a ``ValueError``): a well-formed board that no mine placement
  satisfies, naming the clues that conflict;
* :class:`BudgetError`: a bounded computation ran out of its budget (a component over the DP state
  budget, the analysis' deadline, a board too large for brute force, an endgame search over its
  node budget). The library
  turns it into an estimate or "not proved", never into a wrong claim; it reaches a caller only from
  the tools that have no such fallback.

Each layer's own errors join the family where they arise: :class:`~cpsolve.options.OptionsError`
(a bad setting, naming it), :class:`~cpsolve.layout.LayoutError` and
:class:`~cpsolve.replay.ReplayError` (both ``BoardError``\ s), ``simulate.noguess.GenerationFailed``,
``play.records.RecordsError`` (a records file that cannot be resumed), ``play.cluster.ClusterUnavailable``,
``cli.CliError`` (a usage problem with its exit status) and ``web.validate.RequestError`` (a client
error with its HTTP status). So ``except CpsolveError`` catches every error cpsolve means to raise.

One name stands apart on purpose: :class:`Inconsistent` (also ``constraints.Inconsistent``) is the
model's internal conflict, naming clue ids (the core raises it too, through ``cpsolve.boundary``); the
analysis turns it into :class:`InconsistentBoard`, naming cells, before it reaches a caller.

The command line turns these into one line on standard error and the exit statuses of
docs/exit-codes.md; the HTTP API into a 4xx with the message.
"""

from __future__ import annotations


class CpsolveError(Exception):
    """Base class of the errors cpsolve raises on purpose."""


class InconsistentBoard(CpsolveError, ValueError):
    """No mine placement satisfies the clues (and the total).

    ``conflict``: clue cells (row, col) that admit no placement together, with the mine total when
    ``uses_total``, proved so before they are named; ``minimal``: no member can be left out (False
    when the time limit cut the shrinking short: a proved conflict, perhaps larger than needed);
    ``reason``: why the set admits no placement, in the board's own counts ("clue 1,2 needs 3 mines
    but only 2 covered cells touch it"; empty for a set without such a reason). Its JSON document
    (docs/json.md) is written by :func:`cpsolve.result.inconsistent_document`, the one writer of the
    documents.
    """

    def __init__(self, conflict: list[tuple[int, int]], uses_total: bool, reason: str = "", *,
                 minimal: bool = False) -> None:
        self.conflict = conflict
        self.uses_total = uses_total
        self.reason = reason
        self.minimal = minimal
        # cells as everywhere in the command line's reports: ROW,COL separated by spaces
        where = " ".join(f"{r},{c}" for r, c in conflict) or "none"
        total = " and the mine total" if uses_total else ""
        shape = "a minimal conflicting set" if minimal else "a conflicting set, not shown minimal"
        super().__init__(f"inconsistent board: no placement satisfies the clues at {where}{total} "
                         f"({shape}){': ' + reason if reason else ''}")


class BudgetError(CpsolveError):
    """A bounded computation needs more than its budget allows (see the module docstring)."""


class Inconsistent(CpsolveError):
    """No placement satisfies the model. ``sources``: clue ids (and ``constraints.TOTAL``, -1) that
    conflict.

    Internal: the analysis turns it into :class:`InconsistentBoard` (clue cells)."""

    def __init__(self, sources: frozenset[int], reason: str = "") -> None:
        self.sources = sources
        self.reason = reason
        super().__init__(reason or "inconsistent")
