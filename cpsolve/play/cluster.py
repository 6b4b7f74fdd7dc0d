"""Playing games on a Dask distributed cluster (the optional extra ``cpsolve[cluster]``).

Game i of a run is a function of (run seed, i) and the settings alone (:func:`~.referee.game_seed`),
so a cluster plays exactly the games ``--jobs`` plays: the scheduler only decides where. Games are
sent in batches (one task plays a batch of consecutive indices) to keep the per-task overhead of the
scheduler (about a millisecond) small against beginner games (about as long); a bounded number of
batches is in flight at once, so a 10-million-game run does not build 10 million futures, and the
records stream back as batches finish.

``address`` is a scheduler address (``tcp://host:8786``) or ``local``: a LocalCluster of worker
processes on this machine. The workers need cpsolve (same version) installed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from ..errors import CpsolveError
from .referee import GameRecord
from .run_config import RunConfig, play_one


class ClusterUnavailable(CpsolveError):
    """Dask distributed is not installed, or the scheduler cannot be reached."""


def play_batch(config: RunConfig, indices: Sequence[int]) -> list[GameRecord]:
    """Play the games ``indices`` of ``config`` (runs on a worker)."""
    return [play_one(i, config) for i in indices]


def batch_size(games: int, workers: int, limit: int = 200) -> int:
    """Games per task: at least 8 tasks per worker (for balance and a live progress bar), at most
    ``limit`` games per task (a lost worker loses little), at least one."""
    return max(1, min(limit, games // max(1, 8 * workers)))


def connect(address: str, workers: int | None) -> tuple[Any, Any]:
    """(client, local cluster or None). ``local`` starts ``workers`` single-threaded processes."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterUnavailable("--cluster needs Dask distributed: pip install 'cpsolve[cluster]'") from None
    try:
        if address == "local":
            n = workers or os.cpu_count() or 1
            cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=40)
            return Client(cluster), cluster
        return Client(address, timeout="30s"), None
    except OSError as exc:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def iter_games_cluster(config: RunConfig, indices: Sequence[int], address: str,
                       workers: int | None = None, batch: int | None = None) -> Iterator[GameRecord]:
    """Play the games ``indices`` of ``config`` on the cluster at ``address``, yielding records as
    batches finish (in any order)."""
    client, cluster = connect(address, workers)
    from distributed import as_completed

    try:
        threads = max(1, sum(client.nthreads().values()))
        size = batch or batch_size(len(indices), threads)
        chunks = [list(indices[k:k + size]) for k in range(0, len(indices), size)]
        remote = client.scatter(config, broadcast=True)
        window = 4 * threads
        pending = iter(chunks)
        running = as_completed()
        for chunk in islice(pending, window):
            running.add(client.submit(play_batch, remote, chunk, pure=False))
        for fut in running:
            records = fut.result()
            fut.release()
            for chunk in islice(pending, 1):
                running.add(client.submit(play_batch, remote, chunk, pure=False))
            yield from records
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
