"""Many games, optionally in a process pool, summarised into the verification table (docs/play.md)."""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .referee import GameRecord
from .run_config import RunConfig, play_one

#: Keys of the summary that depend on the machine and the moment, not on the games played.
TIMING_KEYS = ("median_ms", "p99_ms", "max_ms", "mean_ms", "wall_seconds", "games_per_second",
               "cpu_seconds", "games_per_cpu_second", "strategy_ms_per_game", "jobs", "cluster")


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (``q`` from 0 to 100) of ``values``, in any order; 0 for none.
    The one quantile of the project: the play summary and every benchmark use it."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, math.ceil(q / 100 * len(ordered)) - 1)
    return ordered[min(k, len(ordered) - 1)]


_worker_config: RunConfig | None = None


def _init_worker(config: RunConfig) -> None:
    global _worker_config
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C (see iter_games)
    _worker_config = config


def _play_pooled(index: int) -> GameRecord:
    assert _worker_config is not None
    return play_one(index, _worker_config)


def iter_games(config: RunConfig, jobs: int = 1, indices: Sequence[int] | None = None,
               cluster: str | None = None) -> Iterator[GameRecord]:
    """Play the games ``indices`` (default: all) of ``config``, yielding records as they finish (any
    order when ``jobs`` > 1 or on a cluster). ``cluster``: a Dask scheduler address or ``local``
    (:mod:`.cluster`; ``jobs`` is then the number of local workers)."""
    todo = list(range(config.games)) if indices is None else list(indices)
    if cluster is not None:
        from .cluster import iter_games_cluster
        if todo:
            yield from iter_games_cluster(config, todo, cluster, workers=jobs)
        return
    if jobs <= 1 or len(todo) <= 1:
        for i in todo:
            yield play_one(i, config)
        return
    ctx = multiprocessing.get_context("spawn" if _fork_unsafe() else "fork")
    # Ctrl-C reaches the whole process group: the workers are started with SIGINT blocked (the mask
    # is kept across fork and exec, so a spawned worker never sees it, even while it still imports),
    # and only this process turns it into KeyboardInterrupt (exit 130; a Ctrl-C while the pool
    # starts stays pending and is raised when it is unblocked); leaving the pool terminates them.
    # Without this a worker printed its own KeyboardInterrupt traceback in about 3 runs of 10.
    # Ignoring it instead (SIG_IGN) lost a Ctrl-C that came while the pool started.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(config,))
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    with pool:
        yield from pool.imap_unordered(_play_pooled, todo, chunksize=1)


def _fork_unsafe() -> bool:
    # OR-tools starts threads; forking after it did is unsafe. Spawn is slower to start but always safe.
    import sys
    return "ortools" in sys.modules or sys.platform != "linux"


def run(config: RunConfig, jobs: int = 1,
        progress: Callable[[GameRecord], None] | None = None, *, cluster: str | None = None,
        done: Sequence[GameRecord] = (), keep: bool = True) -> tuple[dict[str, Any], list[GameRecord]]:
    """Play every game and return (summary, records sorted by game index).

    ``done``: records of games already played (a resumed run); only the other games are played, and
    the summary covers all of them. ``progress`` is called with each newly played record. With
    ``keep=False`` the records are summarised as they come and not kept (the list returned is empty):
    memory stays bounded for runs of millions of games.
    """
    t0 = time.perf_counter()
    tally = Tally(config)
    records: list[GameRecord] = []
    have = set()
    for rec in done:
        have.add(rec.index)
        tally.add(rec)
        if keep:
            records.append(rec)
    todo = [i for i in range(config.games) if i not in have]
    for rec in iter_games(config, jobs, todo, cluster):
        tally.add(rec)
        if keep:
            records.append(rec)
        if progress is not None:
            progress(rec)
    wall = time.perf_counter() - t0
    records.sort(key=lambda r: r.index)
    summary = tally.summary(wall, jobs, played=len(todo))
    summary["cluster"] = cluster
    return summary, records


def summarize(config: RunConfig, records: list[GameRecord], wall: float, jobs: int,
              played: int | None = None) -> dict[str, Any]:
    """The summary of ``records``; ``played``: games played in ``wall`` seconds (default all)."""
    tally = Tally(config)
    for r in sorted(records, key=lambda r: r.index):
        tally.fold(r)
    return tally.summary(wall, jobs, played)


class Tally:
    """The summary of a run, added up one record at a time in any order.

    Records are folded in game order (a record that arrives early waits for the ones before it, so
    the digest and the lists of wrong certainties do not depend on the order games finished). Times
    per position are kept for the first ``ms_limit`` positions only, so memory stays bounded.
    """

    def __init__(self, config: RunConfig, ms_limit: int = 2_000_000) -> None:
        self.config = config
        self.ms_limit = ms_limit
        self.next = 0
        self.waiting: dict[int, GameRecord] = {}
        self.digest = hashlib.sha256()
        self.games = self.wins = self.positions = self.estimated = self.certainties = 0
        self.wrong_certainties = self.wrong_exact = self.errors = self.guesses = 0
        self.revealed = self.safe_cells = 0
        self.strategy_ms = 0.0
        self.cpu_ms = 0.0
        self.cpu_games = 0  # games whose record has a CPU time (records written before it have none)
        self.ms: list[float] = []
        self.moves: dict[str, int] = {}
        self.losses: dict[str, int] = {}
        self.wrong: list[dict[str, Any]] = []
        self.error_messages: list[str] = []

    def add(self, rec: GameRecord) -> None:
        if rec.index != self.next:
            self.waiting[rec.index] = rec
            return
        self.fold(rec)
        while self.next in self.waiting:
            self.fold(self.waiting.pop(self.next))

    def fold(self, r: GameRecord) -> None:
        """Add ``r`` now (the caller keeps game order)."""
        self.next = r.index + 1
        self.digest.update(f"{r.index}:{r.seed}:{int(r.won)}:{r.revealed}:{r.positions}:{r.guesses};".encode())
        self.games += 1
        self.wins += r.won
        self.positions += r.positions
        self.estimated += r.estimated_positions
        self.certainties += r.certainties
        self.wrong_certainties += r.wrong_certainties
        self.wrong_exact += r.wrong_exact
        self.errors += r.errors
        self.guesses += r.guesses
        self.revealed += r.revealed
        self.safe_cells += r.safe_cells
        self.strategy_ms += r.strategy_ms
        if r.cpu_ms > 0:
            self.cpu_ms += r.cpu_ms
            self.cpu_games += 1
        if len(self.ms) < self.ms_limit:
            self.ms.extend(r.ms)
        for k, v in r.moves.items():
            self.moves[k] = self.moves.get(k, 0) + v
        if not r.won and r.loss_reason:
            self.losses[r.loss_reason] = self.losses.get(r.loss_reason, 0) + 1
        if len(self.wrong) < 20:
            self.wrong.extend(r.wrong[: 20 - len(self.wrong)])
        if len(self.error_messages) < 20:
            self.error_messages.extend(r.error_messages[: 20 - len(self.error_messages)])

    def summary(self, wall: float, jobs: int, played: int | None = None) -> dict[str, Any]:
        """The summary of the records folded so far (those waiting for an earlier game are not)."""
        config = self.config
        games, wins = self.games, self.wins
        played = games if played is None else played
        lo, hi = wilson(wins, games)
        ms = sorted(self.ms)
        moves, losses = self.moves, self.losses
        return {
            "difficulty": config.difficulty or f"{config.cols}x{config.rows}x{config.mines}",
            "rows": config.rows, "cols": config.cols, "mines": config.mines,
            "first_click": config.first_click, "first_cell": list(config.cell()),
            "seed": config.seed,
            "exact_limit": config.analysis_options.exact_limit,
            "strategy": dict(config.strategy_options),
            "games": games,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "win_rate_ci95": [lo, hi],
            "positions": self.positions,
            "estimated_positions": self.estimated,
            "certainties": self.certainties,
            "wrong_certainties": self.wrong_certainties,
            "wrong_exact": self.wrong_exact,
            "errors": self.errors,
            "guesses": self.guesses,
            "moves": dict(sorted(moves.items())),
            "losses": dict(sorted(losses.items())),
            "revealed_fraction": self.revealed / self.safe_cells if games else 0.0,
            "median_ms": percentile(ms, 50),
            "p99_ms": percentile(ms, 99),
            "max_ms": ms[-1] if ms else 0.0,
            "mean_ms": sum(ms) / len(ms) if ms else 0.0,
            "strategy_ms_per_game": self.strategy_ms / games if games else 0.0,
            "wall_seconds": wall,
            "games_per_second": played / wall if wall > 0 else 0.0,
            # CPU time the games took, whatever else the machine was doing: the loaded machine's figure
            "cpu_seconds": self.cpu_ms / 1e3,
            "games_per_cpu_second": self.cpu_games / (self.cpu_ms / 1e3) if self.cpu_ms > 0 else 0.0,
            "jobs": jobs,
            "games_digest": self.digest.hexdigest()[:16],
            "wrong": list(self.wrong),
            "error_messages": list(self.error_messages),
        }
