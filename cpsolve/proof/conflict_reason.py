"""Why a set of clues (and the mine total) admits no placement, in words a player can check.

The proof subsystem names a conflicting set (:func:`~cpsolve.proof.explain.minimal_conflict`); this
module says why, for the shapes whose reason is a matter of counting, each sentence in the board's
own numbers (what a clue shows, its covered neighbours, the mines the total leaves):

- one clue: it needs more mines than it has covered neighbours, or it already touches more flags
  and known mines than it shows;
- two clues: one of them puts more mines on the cells they share than the other allows;
- clues on cells none of them share, with the mine total: they need more mines than the total
  leaves, or the rest of the total does not fit in the covered cells away from them;
- the total alone: it leaves more mines than there are covered cells, or fewer than none.

Any other set (three clues that only together conflict, say) gets no sentence: the message then
names the clues and says no placement satisfies them, which is what was proved. A sentence is
never made from the model's simplified constraints (issue 43 item 2: "-1 mines needed among 1
cells" was a derived constraint's count, not the board's).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Board
from ..constraints import Clue, board_clues
from ..words import plural


def _at(clue: Clue) -> str:
    return f"clue {clue.row},{clue.col}"


#: What a clue's shown number counts besides its covered cells (flags only when they are trusted).
_MARKED = ("flag or known mine", "flags or known mines")


def _one_clue(clue: Clue) -> str:
    covered = len(clue.cells)
    marked = clue.number - clue.need  # the flags (when trusted) and known mines around it
    if clue.need < 0:
        return f"{_at(clue)} shows {clue.number} but touches {plural(marked, *_MARKED)}"
    if clue.need > covered:
        what = f"needs {plural(clue.need, 'mine')}" if not marked else \
            f"needs {plural(clue.need, 'more mine', 'more mines')} (it shows {clue.number}, " \
            f"less {plural(marked, *_MARKED)})"
        touch = "no covered cell touches it" if covered == 0 else \
            f"only {plural(covered, 'covered cell')} {'touches' if covered == 1 else 'touch'} it"
        return f"{_at(clue)} {what} but {touch}"
    return ""


def _two_clues(a: Clue, b: Clue) -> str:
    shared = len(a.cells & b.cells)
    for x, y in ((a, b), (b, a)):
        away = len(x.cells - y.cells)
        least = x.need - away  # mines x must put on the shared cells
        if least > y.need and least > 0:
            return (f"{_at(x)} needs {plural(x.need, 'mine')} and has only {plural(away, 'covered cell')} away "
                    f"from {_at(y)}, so at least {least} of the {plural(shared, 'covered cell')} they share "
                    f"{'is a mine' if least == 1 else 'are mines'}; {_at(y)} needs only {y.need}")
    return ""


def _with_total(clues: Sequence[Clue], unknown: int, remaining: int) -> str:
    cells = [c.cells for c in clues]
    union = frozenset().union(*cells)
    if sum(map(len, cells)) != len(union):
        return ""  # the clues share cells: their mines do not simply add up
    need = sum(c.need for c in clues)
    if any(c.need < 0 or c.need > len(c.cells) for c in clues):
        return ""
    who = _at(clues[0]) if len(clues) == 1 else "the clues at " + " ".join(f"{c.row},{c.col}" for c in clues)
    needs = "needs" if len(clues) == 1 else "need"
    if need > remaining:
        shared = "" if len(clues) == 1 else " on cells none of them share"
        return f"{who} {needs} {plural(need, 'mine')}{shared} but the mine total leaves only {remaining}"
    away = unknown - len(union)
    if remaining - need > away:
        return (f"{who} {'takes' if len(clues) == 1 else 'take'} {need} of the {plural(remaining, 'mine')} the "
                f"total leaves; the other {remaining - need} do not fit in the "
                f"{plural(away, 'covered cell')} away from {'it' if len(clues) == 1 else 'them'}")
    return ""


def conflict_reason(clues: Sequence[Clue], uses_total: bool, unknown: int, remaining: int | None) -> str:
    """Why ``clues`` (with the mine total when ``uses_total``) admit no placement, or "" for a shape
    without a counting reason (module docstring). ``unknown``: the board's covered cells (flags too
    when they are not trusted); ``remaining``: the mines the total leaves for them."""
    if uses_total and remaining is not None:
        if not clues:
            if remaining < 0:
                return f"the flags and known mines are more than the mine total by {-remaining}"
            if remaining > unknown:
                return f"the mine total leaves {plural(remaining, 'mine')} for only {plural(unknown, 'covered cell')}"
            return ""
        return _with_total(clues, unknown, remaining)
    if len(clues) == 1:
        return _one_clue(clues[0])
    if len(clues) == 2:
        return _two_clues(*clues)
    return ""


def board_conflict_reason(board: Board, cells: Sequence[tuple[int, int]], uses_total: bool,
                          trust_flags: bool = True) -> str:
    """:func:`conflict_reason` of the clues at ``cells`` of ``board`` (as named by a conflict)."""
    unknown, clues = board_clues(board, trust_flags)
    at = {(c.row, c.col): c for c in clues}
    named = [at[c] for c in cells if c in at]
    if len(named) != len(cells):
        return ""  # a named cell is not a clue here (cannot happen for a conflict of this board)
    return conflict_reason(named, uses_total, len(unknown), board.remaining_mines(trust_flags))
