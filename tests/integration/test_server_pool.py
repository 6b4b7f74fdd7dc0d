"""The worker processes of ``cpsolve serve`` (cpsolve/web/pool.py), driven directly: a bounded
queue answered 503 with ``Retry-After``; a worker that dies is replaced and the jobs it took down
run again; a job over the hard limit has its worker stopped; a stop answers every job in hand at
once and leaves no worker behind. The jobs are plain functions of the standard library (``time.sleep``
holds a worker, ``os._exit`` kills one, ``os.getpid`` names it)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from cpsolve.web import Limits
from cpsolve.web.pool import SHUTTING_DOWN, ProcessPool
from cpsolve.web.validate import RequestError

SECRET = b"a test secret of 32 bytes, more."


def with_pool(limits: Limits, scenario: Callable[[ProcessPool], Awaitable[Any]]) -> Any:
    pool = ProcessPool(limits, SECRET)

    async def go() -> Any:
        await pool.start()
        try:
            return await scenario(pool)
        finally:
            pool.drain()
            pool.close()

    return asyncio.run(go())


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_workers_are_processes_of_their_own_started_before_the_first_job() -> None:
    async def scenario(pool: ProcessPool) -> None:
        pids = pool.pids()
        assert len(pids) == 2 and os.getpid() not in pids
        got = await asyncio.gather(pool.run(time.sleep, 0.3), pool.run(time.sleep, 0.3), pool.run(os.getpid))
        assert got[2] in pids

    with_pool(Limits(workers=2), scenario)


def test_a_full_queue_is_answered_503_with_retry_after() -> None:
    async def scenario(pool: ProcessPool) -> None:
        running = asyncio.ensure_future(pool.run(time.sleep, 1.0))
        waiting = asyncio.ensure_future(pool.run(os.getpid))
        await asyncio.sleep(0.05)
        assert pool.in_hand == 2
        with pytest.raises(RequestError) as info:
            await pool.run(os.getpid)
        assert info.value.status == 503 and "busy" in info.value.message and info.value.retry_after == 2
        assert pool.refused == 1
        await running
        assert await waiting in pool.pids()
        assert pool.in_hand == 0

    with_pool(Limits(workers=1, queue=1), scenario)


def test_jobs_taken_down_by_a_worker_killed_from_outside_run_again() -> None:
    """A worker killed (the OOM killer, an operator) breaks the whole pool of concurrent.futures:
    every job in hand fails. Each runs once more on new workers, and is answered."""
    async def scenario(pool: ProcessPool) -> None:
        before = pool.pids()
        jobs = [asyncio.ensure_future(pool.run(time.sleep, 1.0)) for _ in range(3)]
        await asyncio.sleep(0.3)
        os.kill(before[0], signal.SIGKILL)
        assert await asyncio.gather(*jobs) == [None, None, None]
        assert pool.restarts == 1
        after = pool.pids()
        assert len(after) == 2 and not set(after) & set(before)
        assert await pool.run(os.getpid) in after

    with_pool(Limits(workers=2, queue=4), scenario)


def test_a_job_that_kills_its_worker_twice_is_answered_503() -> None:
    async def scenario(pool: ProcessPool) -> None:
        with pytest.raises(RequestError) as info:
            await pool.run(os._exit, 3)
        assert info.value.status == 503 and "stopped" in info.value.message and info.value.retry_after == 2
        assert pool.restarts == 2
        assert await pool.run(os.getpid) in pool.pids()  # and the pool serves on

    with_pool(Limits(workers=1), scenario)


def test_a_job_over_the_hard_limit_has_its_worker_stopped() -> None:
    async def scenario(pool: ProcessPool) -> None:
        first = pool.pids()
        t0 = time.monotonic()
        with pytest.raises(RequestError) as info:
            await pool.run(time.sleep, 60)
        assert info.value.status == 503 and "limit of 0.5 s" in info.value.message
        assert time.monotonic() - t0 < 30
        assert await pool.run(os.getpid) in pool.pids() and pool.pids() != first
        for _ in range(100):
            if gone(first[0]):
                break
            time.sleep(0.05)
        assert gone(first[0])

    with_pool(Limits(workers=1, max_time_limit=0.2, time_limit=0.2, overrun=0.3), scenario)


def test_a_job_whose_request_is_gone_never_runs_and_a_running_one_keeps_its_worker(tmp_path: Path) -> None:
    """The app cancels the job of a client that left: still waiting, it never runs (a flood of
    heavy requests dropped at once kept the workers busy for nothing); running, its worker stays
    taken until it ends, so the next job does not queue in the executor behind it on the clock of
    its hard limit."""
    marker = tmp_path / "ran"

    async def scenario(pool: ProcessPool) -> None:
        running = asyncio.ensure_future(pool.run(time.sleep, 1.0))
        waiting = asyncio.ensure_future(pool.run(marker.touch))
        await asyncio.sleep(0.2)
        waiting.cancel()
        running.cancel()
        await asyncio.gather(running, waiting, return_exceptions=True)
        assert pool.in_hand == 0
        assert pool._slots is not None and pool._slots.locked()  # the sleeping worker's place
        assert await pool.run(os.getpid) in pool.pids()  # once it is given back
        assert not marker.exists()

    with_pool(Limits(workers=1, queue=2), scenario)


def test_a_stop_answers_every_job_in_hand_and_leaves_no_worker() -> None:
    pool = ProcessPool(Limits(workers=1, queue=2), SECRET)

    async def go() -> list[Any]:
        await pool.start()
        jobs = [asyncio.ensure_future(pool.run(time.sleep, 60)) for _ in range(3)]
        await asyncio.sleep(0.3)
        pool.drain()
        got = await asyncio.gather(*jobs, return_exceptions=True)
        with pytest.raises(RequestError):
            await pool.run(os.getpid)  # and every new one
        pool.close()
        return got

    t0 = time.monotonic()
    pids = []
    got = asyncio.run(go())
    pids = pool.pids()
    assert time.monotonic() - t0 < 30
    for g in got:
        assert isinstance(g, RequestError) and (g.status, g.message) == (503, SHUTTING_DOWN)
    assert pids and all(gone(p) for p in pids)
