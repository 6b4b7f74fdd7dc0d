"""Never silently wrong: a reading is checked against the rules of the game before it is returned.

* a revealed 0 has no covered, flagged or mine neighbour (the game opens them all); an unsure
  neighbour counts as covered (and the 0 made unsure then makes the 0s beside it unsure, through a
  misread opening), unless it is an unsure digit on a tile surely revealed: a mouse pointer over a
  1 by an opening leaves its tile flat and open, and the 0s beside it stand;
* a number is at most its covered, flagged and mine neighbours;
* a wrong flag (a crossed-out flag) is shown only once the game is lost, and a lost board shows the
  exploded mine: a wrong flag on a board with no exploded mine read surely is something else (a
  mouse pointer's slanted edges over a red 5 look like a cross);
* the solver finds the board consistent (no mine placement satisfies an impossible board; its
  conflict names the clues to look at).

Each broken rule makes the cells involved unsure (written ``?``, taken as covered). The check
repeats until the board with its unsure cells covered breaks no rule.
"""

from __future__ import annotations

from ..board import COVERED, FLAG, MINE, Board, BoardError
from ..errors import BudgetError, InconsistentBoard
from ..neighbourhood import neighbour_table

#: what each read value is on the board
CODE = {".": COVERED, "?": COVERED, "F": FLAG, "*": MINE, "X": MINE, "W": COVERED,
        **{str(n): n for n in range(9)}}
#: values that are not revealed numbers (a neighbour that may hold a mine)
NOT_OPEN = frozenset(".?F*XW")


def board_of(values: list[str], unsure: set[int], rows: int, cols: int, mines: int | None,
             source: str) -> Board:
    cells = tuple(COVERED if i in unsure else CODE[v] for i, v in enumerate(values))
    return Board(rows, cols, cells, mines, source)


def flags_shown_as_mines(values: list[str], left: int) -> int | None:
    """The mine total of a lost board whose game showed its flagged mines as mines, from a counter of
    mines ``left`` (the mines less the flags placed), or None where the board is no such board.

    Some games show every mine when the game is lost, those flagged too, drawing the mine over the
    flag (DeclanAS's tkinter clone): the counter still counts the flags placed, but the board shows
    none, so the counter plus the flags seen is less than the mines shown. The shown mines are then
    every mine: the total. Only where the board is lost (its exploded mine shown), no flag is left on
    it (a flag beside mines shown over flags may be a wrong one, which such a game leaves as a flag)
    and the counter plus the wrong flags is less than the mines shown (the flags it counted are
    there: at least one)."""
    shown = values.count("*") + values.count("X")
    if "X" not in values or "F" in values or left < 0 or left + values.count("W") >= shown:
        return None
    return shown


def local_conflicts(values: list[str], unsure: set[int], rows: int, cols: int,
                    open_tiles: frozenset[int] | set[int] = frozenset()) -> list[tuple[set[int], str]]:
    """The cells each broken local rule involves, with the reason (``open_tiles``: unsure cells whose
    tile is surely revealed, no covered neighbour of a 0)."""
    table = neighbour_table(rows, cols)
    found = []
    # (wrong flags are shown only on a lost board, which shows its mines: most games the exploded
    # one apart, nholthaus's Qt clone every one alike)
    if not any(v in "X*" and i not in unsure for i, v in enumerate(values)):
        for i, v in enumerate(values):
            if v == "W" and i not in unsure:
                r, c = divmod(i, cols)
                found.append(({i}, f"a wrong flag at {r},{c} on a board that shows no mine"))
    for i, v in enumerate(values):
        if i in unsure or not v.isdigit():
            continue
        n = int(v)
        nb = table[i]
        closed = [j for j in nb if j in unsure or values[j] in NOT_OPEN]
        r, c = divmod(i, cols)
        if n == 0 and any(j not in open_tiles for j in closed):
            found.append(({i, *closed}, f"a 0 beside a covered cell at {r},{c}"))
        elif n > len(closed):
            opened = [j for j in nb if j not in unsure and values[j] not in NOT_OPEN]
            found.append(({i, *opened}, f"a {n} with only {len(closed)} covered or flagged neighbours at {r},{c}"))
    return found


def check(values: list[str], unsure: set[int], rows: int, cols: int, mines: int | None,
          source: str, *, time_limit: float = 2.0,
          open_tiles: frozenset[int] | set[int] = frozenset()) -> tuple[set[int], list[str], int | None]:
    """The unsure cells after the rules (a superset of ``unsure``), the reasons, and the mine total
    kept (None when the total itself contradicts the board). ``open_tiles``: unsure digits on tiles
    surely revealed (:func:`local_conflicts`)."""
    from ..analysis import analyze  # the solver: loaded when a reading is checked

    unsure = set(unsure)
    reasons: list[str] = []
    for _ in range(rows * cols):
        conflicts = local_conflicts(values, unsure, rows, cols, open_tiles)
        if not conflicts:
            break
        for cells, why in conflicts:
            unsure |= cells
            reasons.append(why)
    for _ in range(20):
        try:
            board = board_of(values, unsure, rows, cols, mines, source)
            from ..board import validate_board
            validate_board(board)
            analyze(board, time_limit=time_limit, prove=False)
            break
        except InconsistentBoard as exc:
            cells = {r * cols + c for r, c in exc.conflict}
            if not cells - unsure:
                if mines is not None:
                    reasons.append("the mine counter contradicts the board: the total is left out")
                    mines = None
                    continue
                break
            unsure |= cells
            where = ", ".join(f"{r},{c}" for r, c in exc.conflict)
            reasons.append(f"inconsistent board: conflict cells {where}")
        except BoardError as exc:
            if mines is not None:
                reasons.append(f"the mine counter does not fit the board ({exc.message}): the total is left out")
                mines = None
                continue
            raise
        except BudgetError:
            break
    return unsure, reasons, mines
