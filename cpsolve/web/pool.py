"""Where the server's jobs run (:mod:`.jobs`): worker processes (``cpsolve serve``), or threads.

The library's Python parts hold the GIL; in threads of the server's own process an analysis took
turns with the event loop, and ``/api/health`` waited up to hundreds of ms beside four 200x200
analyses. :class:`ProcessPool` runs each job in one of ``workers`` processes of their own (a
``spawn`` context: nothing of the server's state is inherited), so the event loop only reads
bodies, hands over bytes and writes the answers. Its workers:

- are started and warmed (modules imported, a small analysis, move, check and game played) before
  the server answers anything, and run at a lower priority (``nice`` +5) than the event loop;
- ignore SIGINT (a terminal's Ctrl-C reaches the whole process group: the server answers the
  requests in flight and then stops its workers; they print nothing);
- take at most ``workers`` jobs at a time; up to ``queue`` more wait on the event loop, beyond
  that the answer is 503 ``busy`` with ``Retry-After`` at once;
- are stopped and replaced when a job runs ``max_time_limit + overrun`` seconds (its answer: 503
  naming the limit). A job's time limit bounds its proofs; this bound is for what must never
  happen, a job that keeps a worker for good;
- when one dies (killed, out of memory), are replaced: the pool of ``concurrent.futures`` fails
  every job it had in hand, and each is run once more on the new workers (jobs are pure functions
  of the request's bytes); a job whose second run fails too is answered 503 with ``Retry-After``.
  The log gets one line per restart.

When the server stops, :meth:`Pool.drain` answers every job in hand, and every new one, 503
``server is shutting down`` at once; :meth:`Pool.close` then stops the workers.
:class:`ThreadPool` keeps the jobs in the server's process (``Limits(pool="threads")``: tests that
patch the library in-process).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from typing import Any, TypeVar

from . import jobs
from .jobs import Context, Job, Outcome
from .tokens import Sealer
from .validate import Limits, RequestError

__all__ = ["SHUTTING_DOWN", "Pool", "ProcessPool", "ThreadPool", "make_pool"]

log = logging.getLogger("cpsolve.web")
T = TypeVar("T")

#: The answer to the requests in flight when the server stops.
SHUTTING_DOWN = "server is shutting down"
#: Seconds a 503 (busy, a worker lost) asks the client to wait before trying again.
RETRY_AFTER = 2
#: How much lower the workers' priority is than the server's (``os.nice``).
WORKER_NICE = 5


class Pool:
    """The bound on jobs in hand and the stop, common to both kinds (see the module)."""

    kind = ""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.workers = limits.workers
        self.capacity = limits.workers + limits.queue
        self.in_hand = 0   # touched only on the event loop's thread
        self.served = 0
        self.refused = 0
        self.restarts = 0
        self.draining = False
        self._stop: asyncio.Future[None] | None = None  # done when draining (made on the loop)

    def stopping(self) -> asyncio.Future[None]:
        if self._stop is None:
            self._stop = asyncio.get_running_loop().create_future()
            if self.draining:
                self._stop.set_result(None)
        return self._stop

    def admit(self) -> None:
        """A new job may be taken in hand (else 503 at once)."""
        if self.draining:
            raise shutting_down()
        if self.in_hand >= self.capacity:
            self.refused += 1
            raise RequestError(f"busy: {self.in_hand} jobs in hand; try again shortly", 503,
                               retry_after=RETRY_AFTER)

    def drain(self) -> None:
        """On the event loop: the server is stopping."""
        self.draining = True
        if self._stop is not None and not self._stop.done():
            self._stop.set_result(None)

    async def start(self) -> None:
        """Ready to take jobs (the workers started and warmed)."""

    def close(self) -> None:
        raise NotImplementedError

    def pids(self) -> list[int]:
        """The worker processes (none for threads)."""
        return []

    async def job(self, job: Job, args: tuple[Any, ...], pause: bool) -> Outcome:
        """``jobs.execute`` of ``job`` on ``args`` in a worker."""
        raise NotImplementedError

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, within the bound on jobs in hand."""
        self.admit()
        self.in_hand += 1
        try:
            return await self._run(fn, args)
        finally:
            self.in_hand -= 1
            self.served += 1

    async def _run(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        """``fn(*args)`` in a worker (the job taken in hand by :meth:`run`)."""
        raise NotImplementedError


def shutting_down() -> RequestError:
    return RequestError(SHUTTING_DOWN, 503, close=True)


def make_pool(limits: Limits, secret: bytes | str) -> Pool:
    if limits.pool == "threads":
        return ThreadPool(limits, Context(limits, Sealer(secret)))
    return ProcessPool(limits, secret)


# ------------------------------------------------------------------------------ threads

class ThreadPool(Pool):
    """Threads of the server's process. :meth:`close` leaves the threads still running to end at
    their time limit (they cannot be stopped), their answers dropped."""

    kind = "threads"

    def __init__(self, limits: Limits, ctx: Context) -> None:
        super().__init__(limits)
        self.ctx = ctx
        self.executor = ThreadPoolExecutor(max_workers=limits.workers, thread_name_prefix="cpsolve-analysis")

    async def job(self, job: Job, args: tuple[Any, ...], pause: bool) -> Outcome:
        return await self.run(jobs.execute, self.ctx, job, args, pause)

    async def _run(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        stop = self.stopping()
        work = self.executor.submit(fn, *args)
        job = asyncio.wrap_future(work)
        try:
            await asyncio.wait((job, stop), return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the request is gone: its answer is dropped
            job.cancel()
            raise
        if not job.done():
            job.cancel()  # a cancelled future drops the thread's answer when it comes
            raise shutting_down()
        return job.result()

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


# ------------------------------------------------------------------------------ processes

class ProcessPool(Pool):
    """Worker processes (see the module)."""

    kind = "processes"

    def __init__(self, limits: Limits, secret: bytes | str) -> None:
        super().__init__(limits)
        self.secret = secret
        self.hard_limit = limits.max_time_limit + limits.overrun
        self._executor: ProcessPoolExecutor | None = None
        self._procs: list[Any] = []   # the current workers (multiprocessing.Process)
        self._generation = 0          # which executor; a restart makes the next one
        self._ready: asyncio.Future[list[Any]] | None = None
        self._slots: asyncio.Semaphore | None = None
        self._closed = False

    def pids(self) -> list[int]:
        return [p.pid for p in self._procs if p.pid is not None]

    async def start(self) -> None:
        self._slots = asyncio.Semaphore(self.workers)
        self.stopping()
        self._spawn()
        assert self._ready is not None
        for got in await self._ready:
            if isinstance(got, BaseException):
                raise RuntimeError(f"the analysis workers did not start: {got!r}") from got

    def _spawn(self) -> None:
        """A new executor with ``workers`` processes, started now (warmed in the background)."""
        ctx = multiprocessing.get_context("spawn")
        barrier = ctx.Barrier(self.workers)
        executor = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_worker_start,
                                       initargs=(dataclasses.asdict(self.limits), self.secret, barrier, WORKER_NICE))
        with _signals_blocked():  # the workers start with SIGINT blocked, until they ignore it
            # one job per worker, each waiting at the barrier for the others: every process is
            # started (a process is spawned per job submitted while none is idle) and warmed
            pings = [executor.submit(_worker_ready) for _ in range(self.workers)]
        self._executor = executor
        self._procs = list(getattr(executor, "_processes", {}).values())
        self._generation += 1
        self._ready = asyncio.gather(*(asyncio.wrap_future(p) for p in pings), return_exceptions=True)

    async def job(self, job: Job, args: tuple[Any, ...], pause: bool) -> Outcome:
        return await self.run(_worker_execute, job, args, pause)

    async def _run(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        await self._acquire()
        slot = [True]  # the place is this job's to give back (see _attempts: a cancelled job's worker keeps it)
        try:
            return await self._attempts(fn, args, slot)
        finally:
            if slot[0]:
                assert self._slots is not None
                self._slots.release()

    async def _acquire(self) -> None:
        """One of the ``workers`` places (waiting on the loop, not in the executor's queue)."""
        slots, stop = self._slots, self.stopping()
        if slots is None:
            raise RuntimeError("the pool was not started (ProcessPool.start)")
        if not slots.locked():
            await slots.acquire()
            return
        waiter = asyncio.ensure_future(slots.acquire())
        try:
            await asyncio.wait((waiter, stop), return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the request is gone (its client left): it never runs
            if waiter.done() and not waiter.cancelled():
                slots.release()
            else:
                waiter.cancel()
            raise
        if not waiter.done():
            waiter.cancel()
            raise shutting_down()
        if stop.done():
            slots.release()
            raise shutting_down()

    async def _attempts(self, fn: Callable[..., T], args: tuple[Any, ...], slot: list[bool]) -> T:
        stop = self.stopping()
        for attempt in (1, 2):
            if self.draining or self._executor is None:
                raise shutting_down()
            executor, generation, ready = self._executor, self._generation, self._ready
            if ready is not None and not ready.done():  # new workers starting: their start is not the job's time
                await asyncio.wait((ready, stop), return_when=asyncio.FIRST_COMPLETED)
                if stop.done():
                    raise shutting_down()
                if generation != self._generation:
                    continue
            try:
                future = executor.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError):  # broken before this job: the restart is due
                self._restart(generation, "an analysis worker stopped")
                continue
            job = asyncio.wrap_future(future)
            try:
                await asyncio.wait((job, stop), timeout=self.hard_limit, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:  # the request is gone: a job not started never starts; a
                if not future.cancel():     # running one keeps its worker, and so its place, to its end
                    slot[0] = False
                    future.add_done_callback(self._give_back(asyncio.get_running_loop()))
                job.cancel()
                raise
            if job.done():
                if job.cancelled():  # by a pool's shutdown before it started (not this job's doing)
                    if self.draining:
                        raise shutting_down()
                    continue
                try:
                    return job.result()
                except BrokenProcessPool:
                    if self.draining:
                        raise shutting_down() from None
                    self._restart(generation, "an analysis worker stopped")
                    if attempt == 2:
                        raise RequestError("the analysis worker stopped while on this request (twice); try again "
                                           "shortly", 503, retry_after=RETRY_AFTER) from None
                    continue
            job.cancel()
            if stop.done():
                raise shutting_down()
            self._restart(generation, f"a job ran {self.hard_limit:g} s (--max-time-limit + --overrun)", kill=True)
            raise RequestError(f"the job ran over this server's limit of {self.hard_limit:g} s and was stopped",
                               503, retry_after=RETRY_AFTER)
        raise RequestError("the analysis workers could not be restarted; try again shortly", 503,
                           retry_after=RETRY_AFTER)

    def _give_back(self, loop: asyncio.AbstractEventLoop) -> Callable[[Future[Any]], None]:
        """A callback (in the executor's thread) giving a place back on the loop."""
        def done(_: Future[Any]) -> None:
            if self._slots is not None:
                with contextlib.suppress(RuntimeError):  # the loop has closed: nothing waits
                    loop.call_soon_threadsafe(self._slots.release)
        return done

    def _restart(self, generation: int, why: str, *, kill: bool = False) -> None:
        """The workers of ``generation`` are gone (or, with ``kill``, are to be stopped): new ones.
        Once per generation (every job of a broken pool comes here)."""
        if generation != self._generation or self._closed:
            return
        old, procs = self._executor, self._procs
        if kill:
            for p in procs:
                with contextlib.suppress(OSError, ValueError):
                    p.kill()
        if old is not None:
            old.shutdown(wait=False)  # its jobs not yet started fail as broken, and run again
        gone = [f"pid {p.pid} exit {p.exitcode}" for p in procs if p.exitcode is not None]
        self.restarts += 1
        log.warning("cpsolve serve: %s (%s); %d new worker(s) started", why, ", ".join(gone) or "stopped",
                    self.workers)
        if not self.draining:
            self._spawn()  # its warm-up runs before the jobs sent to it (gathered, never raises)

    def close(self) -> None:
        """Stop the workers (after :meth:`drain`: no one waits for their answers)."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        for p in self._procs:
            with contextlib.suppress(OSError, ValueError):
                p.terminate()
        for p in self._procs:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                p.join(2)
                if p.exitcode is None:
                    p.kill()
                    p.join(2)


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """SIGINT and SIGTERM blocked in this thread while inside: a process spawned here inherits the
    mask, so a Ctrl-C during its start waits until it ignores SIGINT (:func:`_worker_start`)."""
    sigs = {signal.SIGINT, signal.SIGTERM}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


# ------------------------------------------------------------------------------ in the workers

_CTX: Context | None = None
_BARRIER: Any = None


def _worker_start(limits: dict[str, Any], secret: bytes | str, barrier: Any, nice: int) -> None:
    """A worker's start: SIGINT ignored (the server stops its workers), a lower priority, its
    context, and a few small jobs so that the first request finds everything loaded."""
    global _CTX, _BARRIER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="parent watch", daemon=True).start()
    _CTX = Context(Limits(**limits), Sealer(secret))
    _BARRIER = barrier
    _warm(_CTX)


#: How often a worker looks whether its server is still alive (seconds).
PARENT_POLL = 0.5


def _watch_parent(parent: int) -> None:
    """End this worker once its server is gone. A server killed outright (SIGKILL, the OOM killer)
    never stops its workers, and the executor's queue never tells them either (every process holds
    both ends of its pipe), so without this they lived on, about 250 MB each, for ever. The parent's
    pid is polled rather than Linux's PR_SET_PDEATHSIG, which fires when the *thread* that spawned
    the worker ends, and the pool spawns replacements from whichever thread notices a dead worker."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


def _warm(ctx: Context) -> None:
    board = "mines: 3\n1 1 1 .\n. . 2 .\n. . . .\n"
    for job, args in ((jobs.analyze, (b'{"board": "%s"}' % board.replace("\n", "\\n").encode(), "application/json")),
                      (jobs.move, (b'{"board": "%s"}' % board.replace("\n", "\\n").encode(),)),
                      (jobs.check, (b'{"board": "%s", "row": 1, "col": 0}' % board.replace("\n", "\\n").encode(),)),
                      (jobs.new_game, (b'{"seed": 1}',))):
        jobs.execute(ctx, job, args, False)


def _worker_ready() -> int:
    if _BARRIER is not None:
        _BARRIER.wait(timeout=300)
    return os.getpid()


def _worker_execute(job: Job, args: tuple[Any, ...], pause: bool) -> Outcome:
    if _CTX is None:
        raise RuntimeError("not a worker of the server's pool")
    return jobs.execute(_CTX, job, args, pause)
