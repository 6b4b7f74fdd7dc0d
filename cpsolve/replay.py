"""Recorded games (AVF, EVF, RMV, MVF) click by click against the analysis of each position.

ms-toollib (the optional extra ``replay``) reads the file. It aborts the whole process on some
malformed files rather than raising, so it runs in a child process (``python -m cpsolve.replay
--read KIND FILE``) that prints the board-changing events as JSON; a child that dies or prints
nothing usable means "not a replay", one line and exit 2, never a crash of the caller.

For every event that changes the board, the position *before* it (ms-toollib's
``prior_game_board``: numbers, 10 covered, 11 flag) is analysed with the player's flags treated as
covered cells (a flag is the player's belief, not a proof). The mouse position is mapped to a cell
as ``(y // pix_size, x // pix_size)``, and that mapping is checked against the board event itself:
a click must have opened that cell, a chord must be on a number next to the cells it opened, a flag
must have appeared on that cell. Events where it does not agree are counted and not analysed.

Reported per action: opening a cell (its exact mine probability, the safest cell's, whether a
proved-safe cell existed, so a needless guess), a chord (the covered, unflagged neighbours it
opened), a flag on a cell not proved a mine. The total risk is one minus the product of the
survival probabilities of the actions after the first (the first click is free in these games).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .analysis import InconsistentBoard, analyze
from .board import Board, BoardError
from .neighbourhood import neighbours
from .options import AnalysisOptions
from .probability import Exact
from .result import Analysis

#: file suffix -> ms-toollib class
KINDS = {".avf": "AvfVideo", ".evf": "EvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo"}
_OPENED_MINE = (15, 16)  # ms-toollib: the mine clicked, other mines shown after a loss
READ_TIMEOUT = 120.0


class ReplayError(BoardError):
    """A file that is not a replay cpsolve can read. ``str(err)`` is one line: ``file: what``."""


@dataclass
class Event:
    time: float
    mouse: str                       # ms-toollib's mouse event: "lr" left release, "rc" right click, ...
    x: int
    y: int
    prior: list[list[int]]
    next: list[list[int]]


@dataclass
class Replay:
    source: str
    rows: int
    cols: int
    mines: int
    pix_size: int
    software: str
    player: str
    completed: bool
    events: list[Event]


def _read_child(kind: str, path: str) -> None:
    """Child process: read the file with ms-toollib and print the board-changing events as JSON."""
    import ms_toollib

    video = getattr(ms_toollib, kind)(path)
    video.parse()
    if video.row <= 0 or video.column <= 0:
        sys.exit(3)
    video.analyse()
    events = []
    for e in video.events:
        if not e.event.is_mouse():
            continue
        prior, nxt = e.prior_game_board.game_board, e.next_game_board.game_board
        if prior == nxt:
            continue
        m = e.event.unwrap_mouse()
        events.append({"time": e.time, "mouse": m.mouse, "x": m.x, "y": m.y, "prior": prior, "next": nxt})
    doc = {"rows": video.row, "cols": video.column, "mines": video.mine_num, "pix_size": video.pix_size,
           "software": str(video.software), "player": str(video.player_identifier),
           "completed": bool(video.is_completed), "events": events}
    sys.stdout.write(json.dumps(doc))


def read_replay(path: str | Path) -> Replay:
    """Read a replay file (kind from the suffix). Raises :class:`ReplayError` on anything else."""
    name = str(path)
    kind = KINDS.get(os.path.splitext(name)[1].lower())
    if kind is None:
        raise ReplayError(f"not a replay: the suffix must be one of {', '.join(sorted(KINDS))}", name)
    if not os.path.exists(name):
        raise ReplayError("no such file", name)
    if os.path.isdir(name):
        raise ReplayError("is a directory, not a replay", name)
    if not os.access(name, os.R_OK):
        raise ReplayError("cannot be read", name)
    try:
        import ms_toollib  # noqa: F401
    except ImportError:
        raise ReplayError("reading replays needs ms-toollib: pip install 'cpsolve[replay]'", name) from None
    try:
        proc = subprocess.run([sys.executable, "-m", "cpsolve.replay", "--read", kind, name],
                              capture_output=True, timeout=READ_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise ReplayError(f"not a replay ms-toollib can read (no answer in {READ_TIMEOUT:.0f} s)", name) from None
    try:
        doc = json.loads(proc.stdout) if proc.returncode == 0 else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict):
        raise ReplayError(f"not a replay ms-toollib can read as {kind[:3].upper()}", name)
    rows, cols, mines, pix = doc["rows"], doc["cols"], doc["mines"], doc["pix_size"]
    if not (rows > 0 and cols > 0 and 0 < mines < rows * cols and pix > 0):
        raise ReplayError(f"not a replay: header gives {cols}x{rows} with {mines} mines and {pix}-pixel cells",
                          name)
    events = [Event(e["time"], e["mouse"], e["x"], e["y"], e["prior"], e["next"]) for e in doc["events"]]
    if not events:
        raise ReplayError("the replay holds no move that changes the board", name)
    return Replay(name, rows, cols, mines, pix, doc["software"], doc["player"], doc["completed"], events)


# -- analysis -------------------------------------------------------------------------------------

@dataclass
class Action:
    index: int
    time: float
    kind: str                        # "open", "chord", "flag", "unflag", "first", "unmapped"
    cell: tuple[int, int]
    targets: list[tuple[int, int]] = field(default_factory=list)  # cells the action bet on
    probability: Fraction | float | None = None   # mine probability of the target (single target)
    exact: bool = True
    best: Fraction | float | None = None          # the safest cell's mine probability (Analysis.safest)
    proved_safe_available: int = 0                # proved-safe cells in the position
    guess: bool = False
    needless: bool = False
    survival: Fraction | float = Fraction(1)
    survival_exact: bool = True
    proved: bool = False              # open/chord: every target proved safe; flag: proved mine
    hit_mine: bool = False
    analysis: Analysis | None = field(default=None, repr=False)
    board: Board | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        def num(x: Fraction | float | None) -> Any:
            return None if x is None else float(x)

        def frac(x: Fraction | float | None) -> str | None:
            return str(x) if isinstance(x, Fraction) else None

        return {"index": self.index, "time": self.time, "kind": self.kind, "cell": list(self.cell),
                "targets": [list(t) for t in self.targets], "probability": num(self.probability),
                "fraction": frac(self.probability), "exact": self.exact, "best_probability": num(self.best),
                "best_fraction": frac(self.best), "proved_safe_available": self.proved_safe_available,
                "guess": self.guess, "needless_guess": self.needless, "proved": self.proved,
                "survival": num(self.survival), "survival_fraction": frac(self.survival),
                "survival_exact": self.survival_exact, "hit_mine": self.hit_mine}


@dataclass
class ReplayReport:
    replay: Replay
    actions: list[Action]
    mapping_checked: int
    mapping_agreed: int

    @property
    def survival(self) -> Fraction | float:
        s: Fraction | float = Fraction(1)
        for a in self.actions:
            s = s * a.survival
        return s

    @property
    def exact(self) -> bool:
        return all(a.exact and a.survival_exact for a in self.actions)

    def summary(self) -> dict[str, Any]:
        acts = self.actions
        s = self.survival
        return {"actions": len(acts),
                "clicks": sum(1 for a in acts if a.kind in ("open", "chord", "first")),
                "guesses": sum(1 for a in acts if a.guess),
                "needless_guesses": sum(1 for a in acts if a.needless),
                "flags": sum(1 for a in acts if a.kind == "flag"),
                "unproved_flags": sum(1 for a in acts if a.kind == "flag" and not a.proved),
                "unmapped": sum(1 for a in acts if a.kind == "unmapped"),
                "survival": float(s), "survival_fraction": str(s) if isinstance(s, Fraction) else None,
                "risk": 1 - float(s), "exact": self.exact,
                "won": self.replay.completed, "hit_mine": any(a.hit_mine for a in acts)}

    def to_json(self) -> dict[str, Any]:
        r = self.replay
        return {"source": r.source, "rows": r.rows, "cols": r.cols, "mines": r.mines, "software": r.software,
                "player": r.player, "pix_size": r.pix_size,
                "mapping": {"rule": "row = y // pix_size, col = x // pix_size", "checked": self.mapping_checked,
                            "agreed": self.mapping_agreed},
                "summary": self.summary(), "actions": [a.to_json() for a in self.actions]}


def _prob(analysis: Analysis, cell: tuple[int, int]) -> tuple[Fraction | float, bool, bool]:
    """(probability, exact, proved safe) of a covered cell."""
    c = analysis.cell(*cell)
    p = c.probability
    value: Fraction | float = p.fraction if isinstance(p, Exact) else p.value
    return value, isinstance(p, Exact), c.proof is not None and not c.proof.mine


def _best(analysis: Analysis) -> Fraction | float | None:
    bg = analysis.safest
    if bg is None:
        return None
    return _prob(analysis, bg)[0]


def analyze_replay(replay: Replay, options: AnalysisOptions | None = None) -> ReplayReport:
    """Every board-changing action of ``replay`` against the analysis of the position before it
    (analysed with ``options``, the defaults when None)."""
    rows, cols, pix = replay.rows, replay.cols, replay.pix_size
    cache: dict[tuple[int, ...], Analysis] = {}
    actions: list[Action] = []
    checked = agreed = 0
    for k, ev in enumerate(replay.events):
        prior = [v for row in ev.prior for v in row]
        nxt = [v for row in ev.next for v in row]
        covered = {10, 12}
        opened = [i for i in range(rows * cols) if prior[i] in covered and nxt[i] not in covered and nxt[i] != 11
                  and nxt[i] != 14]
        flagged = [i for i in range(rows * cols) if prior[i] in covered and nxt[i] == 11]
        unflagged = [i for i in range(rows * cols) if prior[i] == 11 and nxt[i] in covered]
        cr, cc = ev.y // pix, ev.x // pix
        on_board = 0 <= cr < rows and 0 <= cc < cols
        ci = cr * cols + cc
        kind = "unmapped"
        targets: list[int] = []
        if not (opened or flagged or unflagged):
            continue  # e.g. a loss revealing mines only, or highlighting: nothing the player bet on
        checked += 1
        if on_board and opened and prior[ci] in covered and ci in opened:
            kind, targets = "open", [ci]
        elif on_board and opened and 0 <= prior[ci] <= 8 and any(j in opened for j in neighbours(rows, cols, ci)):
            kind = "chord"
            targets = [j for j in neighbours(rows, cols, ci) if prior[j] in covered]
        elif on_board and flagged and ci in flagged:
            kind, targets = "flag", [ci]
        elif on_board and unflagged and ci in unflagged:
            kind = "unflag"
        if kind == "unmapped":
            actions.append(Action(k, ev.time, kind, (cr, cc)))
            continue
        agreed += 1
        if kind == "unflag":  # listed (replay --all), not analysed: removing a flag risks nothing
            actions.append(Action(k, ev.time, kind, (cr, cc), [divmod(ci, cols)]))
            continue
        if kind == "open" and all(v in covered or v == 11 for v in prior):
            actions.append(Action(k, ev.time, "first", (cr, cc), [divmod(ci, cols)], hit_mine=nxt[ci] in _OPENED_MINE))
            continue
        key = tuple(prior)
        analysis = cache.get(key)
        # the player's flags are beliefs, not proofs: the analysis sees those cells as covered
        board = Board.from_matrix([[10 if v == 11 else v for v in row] for row in ev.prior], replay.mines,
                                  replay.source)
        if analysis is None:
            try:
                analysis = analyze(board, options)
            except InconsistentBoard as exc:
                raise ReplayError(f"the position before event {k} is impossible: {exc}", replay.source) from None
            cache[key] = analysis
        act = Action(k, ev.time, kind, (cr, cc), [divmod(j, cols) for j in targets], analysis=analysis, board=board)
        act.best = _best(analysis)
        act.proved_safe_available = len(analysis.proved_safe)
        act.hit_mine = any(nxt[j] in _OPENED_MINE for j in targets)
        if kind == "flag":
            c = analysis.cell(cr, cc)
            act.proved = c.proof is not None and c.proof.mine
            act.probability = _prob(analysis, (cr, cc))[0]
            act.exact = isinstance(c.probability, Exact)
            actions.append(act)
            continue
        probs = [_prob(analysis, divmod(j, cols)) for j in targets]
        unproved = [p for p in probs if not p[2]]
        act.proved = not unproved
        act.exact = all(p[1] for p in probs)
        act.guess = bool(unproved)
        act.needless = act.guess and act.proved_safe_available > 0
        if len(probs) == 1:
            act.probability = probs[0][0]
            act.survival = 1 - probs[0][0]
        elif unproved:
            # a chord on several unproved cells: the joint survival is at most the least single one
            act.probability = max(p[0] for p in unproved)
            act.survival = 1 - act.probability
            act.survival_exact = len(unproved) == 1
        else:
            act.probability = Fraction(0)
        actions.append(act)
    return ReplayReport(replay, actions, checked, agreed)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--read":
        _read_child(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: python -m cpsolve.replay --read KIND FILE (internal; use `cpsolve replay FILE`)")
