"""``cpsolve serve`` under faults: does it degrade politely?

    python benchmarks/bench_faults.py

Starts ``cpsolve serve --port 0`` in its own process (its standard error to a log file), waits
for its first answer (its workers started and warmed; the time is printed; at most ``--start-timeout``
seconds, and not past its exit: either ends the run with one line naming its log) and, while a prober in
a process of its own asks ``/api/health`` every 20 ms over fresh connections, runs one scenario
after the other (every body is made before its scenario starts, so the client's own work
does not count):

* ``baseline``: nothing else;
* ``slow-loris``: 50 uploads announcing 10,000 bytes and sending one byte a second, for 2 s longer
  than the server's body timeout (10 s); how many are answered (408), how many still held open;
* ``slow-head``: 50 connections sending their request head one byte a second, as long;
* ``disconnect``: 200 uploads cut off half-way (the client closes);
* ``oversized``: 20 bodies of 5 MB (Content-Length over the cap), and then a second request on the
  same connection unless the answer closed it;
* ``lying``: 20 bodies shorter than their Content-Length (then half-closed) and 20 longer;
* ``burst``: 8 concurrent 1 MB boards (990 x 1000 covered cells: under the body cap, over the cell cap);
* ``analyses``: 4 concurrent analyses of 200x200 boards (time limit 2 s), the pool at work;
* ``ctrl-c``: 4 analyses of 200x200 boards in flight, then SIGINT to the server (health measured up
  to the signal; then the time until every client has its answer and until the server has exited).

Prints per scenario: /api/health p50/p90/p99/max (ms) and how many probes failed, the answers by status,
answers that are not JSON, and the lines of the server's log the scenario added (tracebacks apart).
Targets: health p99 <= 50 ms throughout; every answer JSON with its status; no traceback in the log
for a client's fault.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cpsolve.play.runner import percentile  # noqa: E402

HOST = "127.0.0.1"


async def _request(port: int, method: str, path: str, body: bytes = b"", *, timeout: float = 30.0
                   ) -> tuple[int, bytes, bytes]:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        await writer.drain()
        return await asyncio.wait_for(_response(reader), timeout)
    finally:
        writer.close()


async def _response(reader: asyncio.StreamReader) -> tuple[int, bytes, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    m = re.search(rb"(?i)content-length:\s*(\d+)", head)
    data = await reader.readexactly(int(m.group(1))) if m else await reader.read()
    return status, head, data


def _probe_main(port: int, every: float, conn: Any) -> None:
    """The prober's process: on "start", ``/api/health`` every ``every`` seconds over a fresh
    connection until "stop", then sends back (latencies in ms, failures); "quit" ends it."""
    import socket

    while conn.recv() == "start":
        ms: list[float] = []
        failed = 0
        while not conn.poll():
            t0 = time.perf_counter()
            try:
                with socket.create_connection((HOST, port), timeout=5) as sock:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    data = b""
                    while chunk := sock.recv(65536):
                        data += chunk
                if data.startswith(b"HTTP/1.1 200"):
                    ms.append((time.perf_counter() - t0) * 1e3)
                else:
                    failed += 1
            except OSError:
                failed += 1
            time.sleep(every)
        conn.recv()  # the "stop"
        conn.send((ms, failed))


class Probe:
    """``/api/health`` every ``every`` seconds from a process of its own; latencies in ms, failures counted."""

    def __init__(self, port: int, every: float = 0.02) -> None:
        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_probe_main, args=(port, every, child), daemon=True)
        self.proc.start()

    def start(self) -> None:
        self.conn.send("start")

    def stop(self) -> tuple[list[float], int]:
        self.conn.send("stop")
        ms, failed = self.conn.recv()
        return sorted(ms), failed

    def close(self) -> None:
        self.conn.send("quit")
        self.proc.join(5)


class Answers:
    def __init__(self) -> None:
        self.by_status: dict[str, int] = {}
        self.not_json = 0
        self.closes = 0  # answers with Connection: close

    def add(self, status: int | str, data: bytes = b"") -> None:
        self.by_status[str(status)] = self.by_status.get(str(status), 0) + 1
        if isinstance(status, int):
            try:
                json.loads(data)
            except ValueError:
                self.not_json += 1


async def slow_loris(port: int, answers: Answers, seconds: float, n: int = 50) -> str:
    conns = []
    for _ in range(n):
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Content-Length: 10000\r\n\r\n")
        conns.append((asyncio.create_task(_response(reader)), writer))  # an answer is read as it comes
    t0 = time.perf_counter()
    after: list[float] = []
    while time.perf_counter() - t0 < seconds:
        for task, w in conns:
            if task.done():
                if len(after) < sum(t.done() for t, _ in conns):
                    after.append(time.perf_counter() - t0)
                continue
            w.write(b".")
            with contextlib.suppress(OSError):
                await w.drain()
        await asyncio.sleep(1.0)
    held = 0
    for task, w in conns:
        try:
            status, head, data = await asyncio.wait_for(task, 0.2)
            answers.add(status, data)
            answers.closes += b"connection: close" in head.lower()
        except TimeoutError:
            held += 1
            answers.add("no answer (held open)")
        except (OSError, asyncio.IncompleteReadError):
            answers.add("closed without answer")
        w.close()
    when = f", answered {min(after):.0f}-{max(after):.0f} s after the head" if after else ""
    return (f"{held} of {n} still held after {seconds:g} s{when}; {answers.closes} answers closed the connection")


async def slow_head(port: int, answers: Answers, seconds: float, n: int = 50) -> str:
    """Request heads sent a byte a second: how many connections the server closed, how soon."""
    head = b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n" * 4
    conns = [await asyncio.open_connection(HOST, port) for _ in range(n)]
    t0 = time.perf_counter()
    closed: dict[int, float] = {}
    k = 0
    while time.perf_counter() - t0 < seconds:
        for i, (r, w) in enumerate(conns):
            if i in closed:
                continue
            if r.at_eof():
                closed[i] = time.perf_counter() - t0
                continue
            w.write(head[k % len(head):k % len(head) + 1])
            try:
                await w.drain()
            except OSError:
                closed[i] = time.perf_counter() - t0
        k += 1
        for r, _ in conns:  # notice a close (read gives EOF or a reset)
            with contextlib.suppress(TimeoutError, OSError):
                await asyncio.wait_for(r.read(1), 0.001)
        await asyncio.sleep(1.0)
    for i, (_, w) in enumerate(conns):
        answers.add("closed by the server" if i in closed else "still held")
        w.close()
    when = f", {min(closed.values()):.0f}-{max(closed.values()):.0f} s after the connection" if closed else ""
    return f"{len(closed)} of {n} closed within {seconds:g} s{when} (noticed at the client's next 1 s tick)"


async def disconnect(port: int, answers: Answers, body: bytes, n: int = 200) -> str:
    for _ in range(n):
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(f"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body[: len(body) // 2])
        await writer.drain()
        writer.close()
        answers.add("client closed")
    return ""


async def oversized(port: int, answers: Answers, body: bytes, n: int = 20) -> str:
    reused = 0
    for _ in range(n):
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write(f"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n".encode())
            await writer.drain()
            try:
                writer.write(body)
                await writer.drain()
            except OSError:
                pass
            status, head, data = await asyncio.wait_for(_response(reader), 10)
            answers.add(status, data)
            if b"connection: close" in head.lower():
                answers.closes += 1
            else:  # the next request on the same connection
                try:
                    writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
                    await writer.drain()
                    s2, _, d2 = await asyncio.wait_for(_response(reader), 5)
                    reused += s2 == 200
                except (TimeoutError, OSError, asyncio.IncompleteReadError):
                    answers.add("kept alive, then broken")
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
            answers.add(f"error {type(exc).__name__}")
        finally:
            writer.close()
    return f"{answers.closes} closed by the answer, {reused} reused after it"


async def lying(port: int, answers: Answers, n: int = 20) -> str:
    for k in range(2 * n):
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            if k < n:  # shorter than announced, then closed
                writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                             b"Content-Length: 1000\r\n\r\nmines: 1\n1 .\n")
                await writer.drain()
                writer.write_eof()
            else:  # longer than announced
                writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                             b"Content-Length: 10\r\n\r\nmines: 1\n1 .\n. .\n" + b"." * 1000)
                await writer.drain()
            status, _, data = await asyncio.wait_for(_response(reader), 10)
            answers.add(status, data)
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
            answers.add(f"no answer ({type(exc).__name__})")
        finally:
            writer.close()
    return ""


async def concurrent(port: int, answers: Answers, bodies: list[bytes], timeout: float = 60) -> None:
    got = await asyncio.gather(*(_request(port, "POST", "/api/analyze", b, timeout=timeout) for b in bodies),
                               return_exceptions=True)
    for g in got:
        if isinstance(g, BaseException):
            answers.add(f"error {type(g).__name__}")
        else:
            answers.add(g[0], g[2])


def _board_200(seed: int) -> str:
    import random

    rng = random.Random(seed)
    rows = cols = 200
    mines = set(rng.sample(range(rows * cols), 6400))
    g = []
    for r in range(rows):
        row = []
        for c in range(cols):
            i = r * cols + c
            if i not in mines and rng.random() < 0.3:
                row.append(str(sum((rr * cols + cc) in mines for rr in range(r - 1, r + 2)
                                   for cc in range(c - 1, c + 2) if 0 <= rr < rows and 0 <= cc < cols)))
            else:
                row.append(".")
        g.append(" ".join(row))
    return "mines: 6400\n" + "\n".join(g) + "\n"


async def ctrl_c(port: int, answers: Answers, proc: subprocess.Popen[bytes], probe: Probe,
                 bodies: list[bytes]) -> tuple[str, list[float], int]:
    tasks = [asyncio.create_task(_request(port, "POST", "/api/analyze", b, timeout=20)) for b in bodies]
    await asyncio.sleep(1.0)
    ms, failed = probe.stop()  # health up to the signal: then the server stops listening
    t0 = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    for t in tasks:
        try:
            status, _, data = await t
            answers.add(status, data)
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
            answers.add(f"no answer ({type(exc).__name__})")
    answered = time.perf_counter() - t0
    while proc.poll() is None and time.perf_counter() - t0 < 20:
        await asyncio.sleep(0.01)
    if proc.poll() is None:
        proc.kill()
    code = proc.wait()
    return (f"answered {answered:.2f} s after SIGINT, exit status {code} after {time.perf_counter() - t0:.2f} s",
            ms, failed)


def _still_starting(proc: subprocess.Popen[bytes], log: Path, t0: float, timeout: float) -> None:
    """SystemExit, naming the server's log, when it has exited or not answered within ``timeout`` s of ``t0``."""
    if proc.poll() is not None:
        raise SystemExit(f"bench_faults: the server exited (status {proc.returncode}) before it answered; "
                         f"its log: {log}")
    if time.perf_counter() - t0 > timeout:
        raise SystemExit(f"bench_faults: the server did not answer within {timeout:g} s (--start-timeout); "
                         f"its log: {log}")


def _address(proc: subprocess.Popen[bytes], log: Path, timeout: float) -> int:
    """The port of the server's first line (``open http://HOST:PORT/``), within ``timeout`` s."""
    assert proc.stdout is not None
    t0 = time.perf_counter()
    while not select.select([proc.stdout], [], [], 0.1)[0]:
        _still_starting(proc, log, t0, timeout)
    line = proc.stdout.readline().decode()
    m = re.search(r":(\d+)/", line)
    if m:
        return int(m.group(1))
    if not line:  # the end of its output: it exits
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
        _still_starting(proc, log, t0, timeout)
    raise SystemExit(f"bench_faults: the server's first line names no port: {line!r}; its log: {log}")


async def run(port: int, proc: subprocess.Popen[bytes], log: Path, body_timeout: float,
              only: list[str] | None = None, rounds: int = 1, client_nice: int = 0,
              start_timeout: float = 120.0) -> None:
    board_1mb = json.dumps({"board": "mines: 10\n" + ("." * 1000 + "\n") * 990}).encode()
    assert len(board_1mb) <= 1_000_000
    heavy = [json.dumps({"board": _board_200(s), "options": {"time_limit": 2}}).encode() for s in range(4)]
    half = json.dumps({"board": ". " * 2000 + "\n"}).encode()
    five_mb = b"." * 5_000_000
    slow = body_timeout + 2
    scenarios: list[tuple[str, Any]] = [
        ("baseline", lambda a: asyncio.sleep(3.0)),
        ("slow-loris", lambda a: slow_loris(port, a, slow)),
        ("slow-head", lambda a: slow_head(port, a, slow)),
        ("disconnect", lambda a: disconnect(port, a, half)),
        ("oversized", lambda a: oversized(port, a, five_mb)),
        ("lying", lambda a: lying(port, a)),
        ("burst", lambda a: concurrent(port, a, [board_1mb] * 8)),
        ("analyses", lambda a: concurrent(port, a, heavy)),
        ("ctrl-c", None)]
    t0 = time.perf_counter()
    while True:  # the server listens from the start; it answers once its workers are up and warmed
        try:
            status, _, _ = await _request(port, "GET", "/api/health", timeout=60)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            status = 0
        if status == 200:
            break
        _still_starting(proc, log, t0, start_timeout)
        await asyncio.sleep(0.05)
    print(f"(first /api/health answered {time.perf_counter() - t0:.2f} s after the server printed its address)",
          flush=True)
    print(f"{'scenario':<12} {'health p50':>10} {'p90':>7} {'p99':>7} {'max':>7} {'failed':>6}  {'log lines':>9} "
          f"{'tracebacks':>10}  answers", flush=True)
    probe = Probe(port)
    if client_nice:  # the faulty client below the server and the prober (as a remote one would be)
        os.nice(client_nice)
    try:
        for name, fn in scenarios:
            if only and name not in only:
                continue
            before = log.read_text(errors="replace")
            answers = Answers()
            probe.start()
            if fn is None:
                note, ms, failed = await ctrl_c(port, answers, proc, probe, heavy)
            else:
                for _ in range(1 if name.startswith("slow") else rounds):
                    note = await fn(answers) or ""
                await asyncio.sleep(0.5)
                ms, failed = probe.stop()
            added = log.read_text(errors="replace")[len(before):]
            lines = added.count("\n")
            tracebacks = added.count("Traceback")
            p50, p90, p99 = (percentile(ms, q) for q in (50, 90, 99))
            print(f"{name:<12} {p50:>10.1f} {p90:>7.1f} {p99:>7.1f} {ms[-1] if ms else 0:>7.1f} {failed:>6}  "
                  f"{lines:>9} {tracebacks:>10}  {dict(sorted(answers.by_status.items()))}"
                  + (f", {answers.not_json} not JSON" if answers.not_json else "") + (f"; {note}" if note else ""),
                  flush=True)
    finally:
        probe.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--body-timeout", type=float, default=10.0, help="the server's --body-timeout (default 10)")
    ap.add_argument("--only", nargs="*", metavar="SCENARIO", help="run only these scenarios (ctrl-c last)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run each scenario but slow-loris and ctrl-c this many times in one probe window "
                    "(more probes for the percentiles; default 1)")
    ap.add_argument("--client-nice", type=int, default=0, metavar="N",
                    help="run the faulty client N nice levels below the server and the prober (default 0: "
                    "the same priority; a remote client does not take the server's CPU)")
    ap.add_argument("--server-root", type=Path, default=ROOT, metavar="DIR",
                    help="run the server of this checkout (its cpsolve package; default this one), to compare "
                    "two versions with the same bench")
    ap.add_argument("--start-timeout", type=float, default=120.0, metavar="S",
                    help="give up (exit 1, naming the server's log) when the server has exited before it "
                    "answered /api/health, or has not printed its address or then answered within this many "
                    "seconds (default 120)")
    args = ap.parse_args()
    log = Path(tempfile.mkdtemp(prefix="cpsolve-faults-")) / "serve.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", "--workers",
                                 str(args.workers), "--body-timeout", str(args.body_timeout)],
                                stdout=subprocess.PIPE, stderr=err, cwd=args.server_root,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            port = _address(proc, log, args.start_timeout)
            asyncio.run(run(port, proc, log, args.body_timeout, args.only, args.rounds, args.client_nice,
                            args.start_timeout))
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    print(f"server log: {log} ({log.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
