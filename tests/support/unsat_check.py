"""An independent check that a named conflict admits no placement: the named clues (and the total)
as linear constraints built here from the board alone, solved by OR-Tools' own Python API
(``cp_model``, default search with its LP relaxation: clause learning alone stalls on the counting
arguments a conflict with the mine total needs)."""

from __future__ import annotations

from cpsolve.board import COVERED, FLAG, MINE, Board


def conflict_is_unsat(board: Board, clues: list[tuple[int, int]], uses_total: bool,
                      trust_flags: bool = True, time_limit: float = 60.0) -> bool:
    """True when no placement of mines on the covered cells meets every named clue (and the total
    when ``uses_total``); flags count as mines when ``trust_flags``. Raises when undecided."""
    from ortools.sat.python import cp_model

    def unknown(v: int) -> bool:
        return v == COVERED or (v == FLAG and not trust_flags)

    def known_mine(v: int) -> bool:
        return v == MINE or (v == FLAG and trust_flags)

    m = cp_model.CpModel()
    x = {i: m.new_bool_var(f"c{i}") for i, v in enumerate(board.cells) if unknown(v)}
    for r, c in clues:
        i = board.index(r, c)
        nb = board.neighbours(i)
        need = board.cells[i] - sum(known_mine(board.cells[j]) for j in nb)
        m.add(sum(x[j] for j in nb if j in x) == need)
    if uses_total:
        assert board.mines is not None
        m.add(sum(x.values()) == board.mines - sum(known_mine(v) for v in board.cells))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 2
    solver.parameters.catch_sigint_signal = False
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        return True
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return False
    raise TimeoutError("the independent check did not decide in time")
