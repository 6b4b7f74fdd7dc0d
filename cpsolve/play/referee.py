"""The referee: plays one game with a strategy and checks every claimed certainty.

The referee owns the :class:`~cpsolve.simulate.Game` (and so the hidden layout). The solver and the
strategy receive only ``game.board()``: the revealed numbers, covered cells and the mine total. After
every analysis the referee compares each claimed certainty with the layout; a contradicted one is a
*wrong certainty*. It does the same for exact probabilities 0 and 1 (an exact count that is wrong is
a bug as well, though not a claimed certainty).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import _core
from ..analysis import InconsistentBoard, analyze
from ..board import Board
from ..options import DEFAULTS, AnalysisOptions
from ..result import Analysis
from ..simulate import Game
from ..simulate.game import game_seed  # re-exported: cpsolve.play.game_seed
from .strategy import Move, Strategy

#: The solver under test: a board in, an analysis out (``cpsolve.analyze`` by default).
Analyzer = Callable[..., Analysis]


@dataclass
class GameRecord:
    """What the referee saw in one game."""

    index: int
    seed: int
    won: bool
    positions: int = 0             # solver calls on the real board
    estimated_positions: int = 0   # positions where some probability was an estimate
    certainties: int = 0           # cells claimed proved, summed over positions
    wrong_certainties: int = 0     # claimed proved, contradicted by the layout
    wrong_exact: int = 0           # exact probability 0 or 1 contradicted by the layout
    errors: int = 0                # the solver raised (e.g. called a real position inconsistent)
    guesses: int = 0               # moves not backed by a proof or an exact 0 (first click excluded)
    revealed: int = 0              # safe cells uncovered (including openings)
    safe_cells: int = 0            # safe cells on the board
    ms: list[float] = field(default_factory=list)  # time per position (the solver call)
    strategy_ms: float = 0.0       # time spent choosing moves (look-ahead etc.)
    cpu_ms: float = 0.0            # CPU time of the process playing the game, all its threads (proof
                                   # engine, core) included: comparable on a loaded machine
    loss_reason: str = ""          # the kind of move that hit a mine ("look-ahead", "endgame", ...)
    loss_risk: float = 0.0         # its mine probability as the analysis gave it
    loss_stage: float = 0.0        # fraction of the safe cells revealed when it was made
    wrong: list[dict[str, Any]] = field(default_factory=list)  # details of wrong certainties
    error_messages: list[str] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)  # moves by kind ("proved", "endgame", ...)


def check_certainties(analysis: Analysis, game: Game, record: GameRecord, position: int,
                      layout: bytes | None = None) -> None:
    """Count the certainties of ``analysis`` and compare each (and each exact 0/1) with the layout
    (``layout``: the game's :meth:`~cpsolve.simulate.Game.hidden_layout`, made once per game)."""
    if layout is None:
        layout = game.hidden_layout()  # one byte per cell, 1 a mine
    # each claim against the layout's byte, counted in the core; the details only of a wrong one
    verdicts = analysis.proved_verdicts()
    record.certainties += len(verdicts)
    if contradicted(layout, verdicts):
        cols = game.cols
        for r, c, mine in analysis.proved_cells():
            if mine != layout[r * cols + c]:
                proof = analysis.cell(r, c).proof
                assert proof is not None
                record.wrong_certainties += 1
                record.wrong.append({"game": record.index, "seed": record.seed, "position": position,
                                     "cell": [r, c], "claimed": proof.verdict, "engine": proof.engine})
    record.wrong_exact += contradicted(layout, analysis.certain_verdicts())


def contradicted(layout: bytes, claims: Mapping[int, bool]) -> int:
    """How many of ``claims`` (board index -> a mine, or exactly 1) ``layout`` (a byte per cell, 1
    a mine) contradicts: counted in the core, one pass (a step of Python per claim was most of the
    check; a position claims every fixed cell, up to the mine total and more)."""
    return _core.contradicted(layout, list(claims), bytes(claims.values()))


def play_game(rows: int, cols: int, mines: int, *, first_click: str, seed: int, index: int,
              strategy: Strategy, analyzer: Analyzer = analyze,
              options: AnalysisOptions = DEFAULTS,
              first_cell: tuple[int, int] | None = None) -> GameRecord:
    """Play game ``index`` of the run seeded ``seed`` to the end and return the referee's record."""
    cpu0 = time.process_time()
    gseed = game_seed(seed, index)
    game = Game(rows, cols, mines, seed=gseed, first_click=first_click)
    rec = GameRecord(index=index, seed=gseed, won=False, safe_cells=rows * cols - mines)
    r0, c0 = first_cell if first_cell is not None else strategy.first_cell(rows, cols, mines, first_click)
    game.reveal(r0, c0)  # the rules make the first click safe
    play_on(game, strategy, rec, analyzer, options)
    rec.cpu_ms = (time.process_time() - cpu0) * 1e3
    return rec


def play_on(game: Game, strategy: Strategy, rec: GameRecord, analyzer: Analyzer = analyze,
            options: AnalysisOptions = DEFAULTS) -> None:
    """Play ``game`` from where it stands to its end, adding what the referee sees to ``rec``."""
    layout = game.hidden_layout() if game.started else None  # the layout never changes: copied once
    while not game.over:
        board: Board = game.board()
        t0 = time.perf_counter()
        try:
            analysis = analyzer(board, options=options)
        except InconsistentBoard as exc:  # a real position always has a solution: a solver bug
            rec.errors += 1
            rec.error_messages.append(f"game {rec.index}: {exc}")
            break
        rec.ms.append((time.perf_counter() - t0) * 1e3)
        rec.positions += 1
        if not analysis.exact:
            rec.estimated_positions += 1
        check_certainties(analysis, game, rec, rec.positions, layout)
        t1 = time.perf_counter()
        move = strategy.choose(board, analysis)
        rec.strategy_ms += (time.perf_counter() - t1) * 1e3
        if move.guess:
            rec.guesses += 1
        rec.moves[move.reason] = rec.moves.get(move.reason, 0) + 1
        make_move(game, move, analysis, rec)
    rec.won = game.won
    rec.revealed = rec.safe_cells - game.covered_safe


def make_move(game: Game, move: Move, analysis: Analysis, rec: GameRecord) -> None:
    """Reveal the cells of ``move`` in order; on a mine, record why the game was lost."""
    hit = game.reveal_all(move.cells)  # (cells opened meanwhile by a 0 of the same move passed over)
    if hit is not None:
        r, c = hit
        rec.loss_reason = move.reason
        rec.loss_risk = analysis.probability(r, c).value
        rec.loss_stage = 1 - game.covered_safe / rec.safe_cells
