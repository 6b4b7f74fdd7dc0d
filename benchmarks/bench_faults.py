"""``cpsolve serve`` under faults: does it degrade politely?

    python benchmarks/bench_faults.py

Starts ``cpsolve serve --port 0`` in its own process (its standard error to a log file) and, while a
prober asks ``/api/health`` every 20 ms over fresh connections, runs one scenario after the other:

* ``baseline``: nothing else;
* ``slow-loris``: 50 uploads announcing 10,000 bytes and sending one byte a second; after the
  scenario, how many the server still holds open;
* ``disconnect``: 200 uploads cut off half-way (the client closes);
* ``oversized``: 20 bodies of 5 MB (Content-Length over the cap), and then a second request on the
  same connection (kept alive after a 413, or closed?);
* ``lying``: 20 bodies shorter than their Content-Length (then closed) and 20 longer;
* ``burst``: 8 concurrent 1 MB boards (999 x 1000 covered cells, over the cell cap);
* ``ctrl-c``: 4 analyses of 200x200 boards in flight, then SIGINT to the server.

Prints per scenario: /api/health p50/p99/max (ms) and how many probes failed, the answers by status,
answers that are not JSON, and the lines of the server's log the scenario added (tracebacks apart).
Targets of the issue: health p99 <= 50 ms throughout; every answer JSON with its status; no
traceback in the log for a client's fault.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


class Probe:
    """``/api/health`` every ``every`` seconds; latencies in ms, failures counted."""

    def __init__(self, port: int, every: float = 0.02) -> None:
        self.port, self.every = port, every
        self.ms: list[float] = []
        self.failed = 0
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            t0 = time.perf_counter()
            try:
                status, _, _ = await _request(self.port, "GET", "/api/health", timeout=5.0)
                if status != 200:
                    self.failed += 1
                else:
                    self.ms.append((time.perf_counter() - t0) * 1e3)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                self.failed += 1
            await asyncio.sleep(self.every)

    def start(self) -> None:
        self.ms, self.failed = [], 0
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> tuple[float, float, float, int]:
        assert self.task is not None
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        ms = sorted(self.ms)
        return percentile(ms, 50), percentile(ms, 99), ms[-1] if ms else 0.0, self.failed


class Answers:
    def __init__(self) -> None:
        self.by_status: dict[str, int] = {}
        self.not_json = 0

    def add(self, status: int | str, data: bytes = b"") -> None:
        self.by_status[str(status)] = self.by_status.get(str(status), 0) + 1
        if isinstance(status, int):
            try:
                json.loads(data)
            except ValueError:
                self.not_json += 1


async def slow_loris(port: int, answers: Answers, n: int = 50, seconds: float = 5.0) -> str:
    conns = []
    for _ in range(n):
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Content-Length: 10000\r\n\r\n")
        conns.append((reader, writer))
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _, w in conns:
            if not w.is_closing():
                w.write(b".")
                try:
                    await w.drain()
                except OSError:
                    w.close()
        await asyncio.sleep(1.0)
    held = 0
    for r, w in conns:
        try:
            status, _, data = await asyncio.wait_for(_response(r), 0.2)
            answers.add(status, data)
        except TimeoutError:
            held += 1
            answers.add("no answer (held open)")
        except (OSError, asyncio.IncompleteReadError):
            answers.add("closed without answer")
        w.close()
    return f"{held} of {n} still held after {seconds:g} s"


async def disconnect(port: int, answers: Answers, n: int = 200) -> str:
    body = json.dumps({"board": ". " * 2000 + "\n"}).encode()
    for _ in range(n):
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(f"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body[: len(body) // 2])
        await writer.drain()
        writer.close()
        answers.add("client closed")
    return ""


async def oversized(port: int, answers: Answers, n: int = 20) -> str:
    body = b"." * 5_000_000
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
            closes = b"connection: close" in head.lower()
            if not closes:  # the next request on the same connection
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
    return f"{reused} reused after the 413"


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


async def burst(port: int, answers: Answers, n: int = 8) -> str:
    body = json.dumps({"board": "mines: 10\n" + ("." * 1000 + "\n") * 999}).encode()
    got = await asyncio.gather(*(_request(port, "POST", "/api/analyze", body) for _ in range(n)),
                               return_exceptions=True)
    for g in got:
        if isinstance(g, BaseException):
            answers.add(f"error {type(g).__name__}")
        else:
            answers.add(g[0], g[2])
    return f"{len(body) / 1e6:.1f} MB each"


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


async def ctrl_c(port: int, answers: Answers, proc: subprocess.Popen[bytes]) -> str:
    bodies = [json.dumps({"board": _board_200(s), "options": {"time_limit": 8}}).encode() for s in range(4)]
    tasks = [asyncio.create_task(_request(port, "POST", "/api/analyze", b, timeout=20)) for b in bodies]
    await asyncio.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    for t in tasks:
        try:
            status, _, data = await t
            answers.add(status, data)
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
            answers.add(f"no answer ({type(exc).__name__})")
    try:
        code = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = proc.wait()
    return f"server exit status {code}"


async def run(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    print(f"{'scenario':<12} {'health p50':>10} {'p99':>7} {'max':>7} {'failed':>6}  {'log lines':>9} "
          f"{'tracebacks':>10}  answers", flush=True)
    scenarios = [("baseline", None), ("slow-loris", slow_loris), ("disconnect", disconnect),
                 ("oversized", oversized), ("lying", lying), ("burst", burst), ("ctrl-c", None)]
    probe = Probe(port)
    for name, fn in scenarios:
        before = log.read_text(errors="replace")
        answers = Answers()
        probe.start()
        note = ""
        if name == "baseline":
            await asyncio.sleep(3.0)
        elif name == "ctrl-c":
            note = await ctrl_c(port, answers, proc)
        else:
            assert fn is not None
            note = await fn(port, answers)
            await asyncio.sleep(0.5)
        p50, p99, mx, failed = await probe.stop()
        added = log.read_text(errors="replace")[len(before):]
        lines = added.count("\n")
        tracebacks = added.count("Traceback")
        print(f"{name:<12} {p50:>10.1f} {p99:>7.1f} {mx:>7.1f} {failed:>6}  {lines:>9} {tracebacks:>10}  "
              f"{dict(sorted(answers.by_status.items()))}" + (f", {answers.not_json} not JSON" if answers.not_json
                                                                else "") + (f"; {note}" if note else ""),
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    log = Path(tempfile.mkdtemp(prefix="cpsolve-faults-")) / "serve.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", "--workers",
                                 str(args.workers)], stdout=subprocess.PIPE, stderr=err, cwd=ROOT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline().decode()
            m = re.search(r":(\d+)/", line)
            assert m, line
            asyncio.run(run(int(m.group(1)), proc, log))
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    print(f"server log: {log} ({log.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
