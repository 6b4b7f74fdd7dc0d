"""Minimal reasons: which clues (and whether the mine total) force a cell, or make a board impossible.

Both work on the board's *original* clues, each switched on by a guard literal, so the solver's
unsat core names clues. A core is then shrunk by deletion: drop one member, and if the rest is
still unsatisfiable keep it dropped (and shrink to the new core). The total is tried first, so it
stays in the answer only when no proof without it exists. The result is minimal: removing any one
member leaves a satisfiable system. A call that runs out of time keeps the member (the set is then
still a valid reason, only perhaps not minimal, and ``minimal`` says so).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..board import Board
from ..budget import Deadline
from ..constraints import TOTAL, Model, board_clues
from ..encodings import CardSystem, board_system
from ..options import DEFAULT_ENGINE, DEFAULT_TIME_LIMIT
from .backends import Backend, Status, get_backend, load, resolve
from .certainty import Certainty, certify


@dataclass(frozen=True)
class Reason:
    """A set of clue ids (and maybe TOTAL) that is unsatisfiable together with ``extra`` literals."""

    sources: frozenset[int]
    minimal: bool
    calls: int


def _source_of(system: CardSystem, ci: int) -> int:
    card = system.cards[ci]
    return TOTAL if card.is_total else next(iter(card.sources))


def _shrink(b: Backend, members: list[int], extra: Sequence[int], deadline: Deadline, *,
            known_unsat: bool = False) -> tuple[list[int], bool] | None:
    """Deletion-based minimisation of guard literals ``members`` (unsat with ``extra``).

    Returns (subset, minimal?) or None when even the whole set is not shown unsat in time.
    ``known_unsat``: the backend's last call was ``extra + members`` and answered UNSAT (its core
    is read instead of solving again).

    The subset returned is always one the solver answered UNSAT for, as asked: a core only
    proposes the next candidate, which is confirmed by a call of its own before it is returned
    (when that call runs out of time, the last set answered UNSAT is returned, not minimal)."""
    if not known_unsat:
        out = b.solve(list(extra) + members, deadline)
        if out.status is not Status.UNSAT:
            return None
    proved = list(members)
    core = set(b.core())
    current = [g for g in members if g in core]
    minimal = True
    i = 0
    while i < len(current):
        trial = current[:i] + current[i + 1:]
        out = b.solve(list(extra) + trial, deadline)
        if out.status is Status.UNSAT:
            proved = trial
            core = set(b.core())
            current = [g for g in trial if g in core]
            # members before i were kept because removing them made it satisfiable: still needed
        else:
            if out.status is Status.UNKNOWN:
                minimal = False
            i += 1
    # the core of the last UNSAT answer was never itself asked: ask (every member was tried for
    # removal from it, so it is minimal once confirmed)
    if current != proved and b.solve(list(extra) + current, deadline).status is not Status.UNSAT:
        return proved, False
    return current, minimal


def _ordered_guards(system: CardSystem, b: Backend, sources: Iterable[int] | None) -> list[int]:
    """Guards of the cards whose source is among ``sources`` (all when None), the total first."""
    wanted = set(sources) if sources is not None else None
    total = [b.guard[ci] for ci, c in enumerate(system.cards) if c.is_total and ci in b.guard]
    clues = [b.guard[ci] for ci, c in enumerate(system.cards)
             if not c.is_total and ci in b.guard and (wanted is None or _source_of(system, ci) in wanted)]
    if wanted is not None and TOTAL not in wanted:
        total = []
    return total + clues


def minimal_conflict(board: Board | Model, sources: Iterable[int] | None = None, *, trust_flags: bool = True,
                     engine: str = "sat", time_limit: float | None = 5.0) -> Reason | None:
    """A set of clue ids (and TOTAL) that the solver proved no placement satisfies, minimal unless
    time ran out (``Reason.minimal``).

    Starts from ``sources`` (a candidate set, e.g. from simplification; ignored unless the solver
    shows it unsatisfiable) when given, else from every clue and the total. None when the solver
    could not show any conflict in time (or the board is consistent)."""
    name = resolve(engine)
    load(name)  # the solver's library before the clock starts: loading code is not counted
    deadline = Deadline.after(time_limit)
    if sources is not None:
        # the candidate's clues alone first: a system of a few clues, not the whole board (which
        # on a huge board takes seconds to build); a conflict among them is one of the board
        wanted = frozenset(sources)
        sub, _ = board_system(board, trust_flags=trust_flags, only=wanted - {TOTAL}, total=TOTAL in wanted)
        got = _conflict_in(sub, name, deadline)
        if got is not None:
            return got
    whole, _ = board_system(board, trust_flags=trust_flags)
    return _conflict_in(whole, name, deadline)


def _conflict_in(system: CardSystem, engine: str, deadline: Deadline) -> Reason | None:
    """A conflict among all of ``system``'s cards, shrunk until ``deadline``; None if not shown."""
    b = get_backend(engine)(system, range(len(system.cards)))
    try:
        src_of = {b.guard[ci]: _source_of(system, ci) for ci in range(len(system.cards))}
        got = _shrink(b, _ordered_guards(system, b, None), [], deadline)
        if got is None:
            return None
        current, minimal = got
        return Reason(frozenset(src_of[g] for g in current), minimal, b.calls)
    finally:
        b.close()


@dataclass(frozen=True)
class Explanation:
    """The verdict on one cell and a minimal reason for it."""

    cell: tuple[int, int]
    verdict: str                 # "safe", "mine", "undecided", "inconsistent"
    engine: str
    certainty: Certainty | None = None
    clues: tuple[tuple[int, int], ...] = ()   # forcing clues, or conflicting ones when inconsistent
    uses_total: bool = False
    minimal: bool = True
    timed_out: bool = False
    calls: int = 0


def explain_cell(board: Board, row: int, col: int, *, engine: str = DEFAULT_ENGINE, trust_flags: bool = True,
                 time_limit: float | None = DEFAULT_TIME_LIMIT) -> Explanation:
    """Is the covered cell ``row,col`` forced? With a minimal set of clues that forces it.

    The cell must be covered (and unflagged when ``trust_flags``); raises ValueError otherwise."""
    name = resolve(engine)
    load(name)  # the solver's library before the clock starts: loading code is not counted
    deadline = Deadline.after(time_limit)
    cell = board.index(row, col)
    unknown, _ = board_clues(board, trust_flags)
    if cell not in set(unknown):
        raise ValueError(f"{row},{col} is not a covered cell")
    system, clues = board_system(board, trust_flags=trust_flags, outside_rep=cell)
    b = get_backend(name)(system, range(len(system.cards)))

    def coords(sources: Iterable[int]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((clues[s].row, clues[s].col) for s in sources if s != TOTAL))

    def undecided(timed_out: bool) -> Explanation:
        return Explanation((row, col), "undecided", name, timed_out=timed_out, calls=b.calls)

    try:
        src_of = {b.guard[ci]: _source_of(system, ci) for ci in range(len(system.cards))}
        everything = _ordered_guards(system, b, None)
        out = b.solve(everything, deadline)
        if out.status is Status.UNKNOWN:
            return undecided(True)
        if out.status is Status.UNSAT:
            got = _shrink(b, everything, [], deadline, known_unsat=True)
            srcs = frozenset(src_of[g] for g in got[0]) if got else frozenset(src_of.values())
            return Explanation((row, col), "inconsistent", name, clues=coords(srcs),
                               uses_total=TOTAL in srcs, minimal=bool(got and got[1]), calls=b.calls)
        v = system.var(cell)
        if v is None:  # an off-frontier cell with no mine total: nothing constrains it
            return undecided(False)
        assert out.model is not None
        value = out.model[v]
        flip = -v if value else v
        again = b.solve(everything + [flip], deadline, prefer=[flip])
        if again.status is not Status.UNSAT:
            return undecided(again.status is Status.UNKNOWN)
        # `again` showed everything + [flip] unsat: shrink from its core (out of time, the whole
        # set is the reason, proved by that call, and not minimal)
        got = _shrink(b, everything, [flip], deadline, known_unsat=True)
        current, minimal = got if got is not None else (everything, False)
        srcs = frozenset(src_of[g] for g in current)
        used = coords(srcs)
        cert = certify((row, col), value, name, used, TOTAL in srcs)
        return Explanation((row, col), cert.verdict, name, cert, used, TOTAL in srcs, minimal,
                           calls=b.calls)
    finally:
        b.close()
