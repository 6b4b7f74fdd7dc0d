"""Many games, optionally in a process pool, summarised into the verification table of spec §5."""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..analysis import analyze
from .referee import Analyse, GameRecord, play_game
from .strategy import Strategy, default_first_cell

#: Keys of the summary that depend on the machine and the moment, not on the games played.
TIMING_KEYS = ("median_ms", "p99_ms", "max_ms", "mean_ms", "wall_seconds", "games_per_second",
               "strategy_ms_per_game", "jobs")


@dataclass
class RunConfig:
    rows: int
    cols: int
    mines: int
    games: int
    seed: int = 0
    first_click: str = "safe"
    first_cell: tuple[int, int] | None = None
    difficulty: str = ""
    analysis_options: dict[str, Any] = field(default_factory=dict)
    strategy_options: dict[str, Any] = field(default_factory=dict)
    analyse: Analyse = analyze

    def cell(self) -> tuple[int, int]:
        return self.first_cell or default_first_cell(self.rows, self.cols, self.first_click)


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list (0 for an empty one)."""
    if not sorted_values:
        return 0.0
    k = max(0, math.ceil(q / 100 * len(sorted_values)) - 1)
    return sorted_values[min(k, len(sorted_values) - 1)]


_worker_config: RunConfig | None = None


def _init_worker(config: RunConfig) -> None:
    global _worker_config
    _worker_config = config


def _play_one(index: int, config: RunConfig | None = None) -> GameRecord:
    cfg = config if config is not None else _worker_config
    assert cfg is not None
    strategy = Strategy(**cfg.strategy_options)
    return play_game(cfg.rows, cfg.cols, cfg.mines, first_click=cfg.first_click, seed=cfg.seed,
                     index=index, strategy=strategy, analyse=cfg.analyse,
                     options=cfg.analysis_options, first_cell=cfg.cell())


def iter_games(config: RunConfig, jobs: int = 1) -> Iterator[GameRecord]:
    """Play the games of ``config``, yielding records as they finish (any order when ``jobs`` > 1)."""
    if jobs <= 1 or config.games <= 1:
        for i in range(config.games):
            yield _play_one(i, config)
        return
    ctx = multiprocessing.get_context("spawn" if _fork_unsafe() else "fork")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(config,)) as pool:
        yield from pool.imap_unordered(_play_one, range(config.games), chunksize=1)


def _fork_unsafe() -> bool:
    # OR-tools starts threads; forking after it did is unsafe. Spawn is slower to start but always safe.
    import sys
    return "ortools" in sys.modules or sys.platform != "linux"


def run(config: RunConfig, jobs: int = 1,
        progress: Callable[[GameRecord], None] | None = None) -> tuple[dict[str, Any], list[GameRecord]]:
    """Play every game and return (summary, records sorted by game index)."""
    t0 = time.perf_counter()
    records = []
    for rec in iter_games(config, jobs):
        records.append(rec)
        if progress is not None:
            progress(rec)
    wall = time.perf_counter() - t0
    records.sort(key=lambda r: r.index)
    return summarize(config, records, wall, jobs), records


def summarize(config: RunConfig, records: list[GameRecord], wall: float, jobs: int) -> dict[str, Any]:
    games = len(records)
    wins = sum(r.won for r in records)
    lo, hi = wilson(wins, games)
    ms = sorted(x for r in records for x in r.ms)
    digest = hashlib.sha256()
    for r in records:
        digest.update(f"{r.index}:{r.seed}:{int(r.won)}:{r.revealed}:{r.positions}:{r.guesses};".encode())
    wrong = [w for r in records for w in r.wrong]
    moves: dict[str, int] = {}
    losses: dict[str, int] = {}
    for r in records:
        for k, v in r.moves.items():
            moves[k] = moves.get(k, 0) + v
        if not r.won and r.loss_reason:
            losses[r.loss_reason] = losses.get(r.loss_reason, 0) + 1
    errors = [m for r in records for m in r.error_messages]
    return {
        "difficulty": config.difficulty or f"{config.cols}x{config.rows}x{config.mines}",
        "rows": config.rows, "cols": config.cols, "mines": config.mines,
        "first_click": config.first_click, "first_cell": list(config.cell()),
        "seed": config.seed,
        "exact_limit": config.analysis_options.get("exact_limit", "default"),
        "strategy": dict(config.strategy_options),
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "win_rate_ci95": [lo, hi],
        "positions": sum(r.positions for r in records),
        "estimated_positions": sum(r.estimated_positions for r in records),
        "certainties": sum(r.certainties for r in records),
        "wrong_certainties": sum(r.wrong_certainties for r in records),
        "wrong_exact": sum(r.wrong_exact for r in records),
        "errors": sum(r.errors for r in records),
        "guesses": sum(r.guesses for r in records),
        "moves": dict(sorted(moves.items())),
        "losses": dict(sorted(losses.items())),
        "revealed_fraction": (sum(r.revealed for r in records) / sum(r.safe_cells for r in records)
                              if games else 0.0),
        "median_ms": percentile(ms, 50),
        "p99_ms": percentile(ms, 99),
        "max_ms": ms[-1] if ms else 0.0,
        "mean_ms": sum(ms) / len(ms) if ms else 0.0,
        "strategy_ms_per_game": sum(r.strategy_ms for r in records) / games if games else 0.0,
        "wall_seconds": wall,
        "games_per_second": games / wall if wall > 0 else 0.0,
        "jobs": jobs,
        "games_digest": digest.hexdigest()[:16],
        "wrong": wrong[:20],
        "error_messages": errors[:20],
    }
