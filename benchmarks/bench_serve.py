"""Load run of ``cpsolve serve``: many concurrent clients posting held-out Expert positions.

    python benchmarks/bench_serve.py --clients 200 --requests 10 --positions 400

Starts ``cpsolve serve --port 0`` in its own process, warms it up, reads its resident memory, then
``--clients`` clients (asyncio, one keep-alive HTTP/1.1 connection each, all connected before the
clock starts) each post ``--requests`` positions to ``/api/analyze`` back to back. Prints requests/s,
latency quantiles (p50/p90/p99/max, ms), errors (any answer that is not a 200 with ``status: "ok"``,
a 503 counted apart), and the server's memory before, after the load and after a second identical
round (growth between the rounds would be a leak). A sample of answers is compared with
``cpsolve.analyze`` on the same boards.

Positions: every position of Expert games played by a simple player from seed 9001 (no test or
other benchmark uses that seed), taken evenly through the games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cpsolve import analyze  # noqa: E402
from cpsolve.options import AnalysisOptions  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.simulate import played_positions  # noqa: E402
from cpsolve.web.documents import analysis_document  # noqa: E402


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def post(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, body: bytes
               ) -> tuple[int, bytes]:
    writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: " + host.encode() + b"\r\n"
                 b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    m = re.search(rb"(?i)content-length:\s*(\d+)", head)
    assert m, head
    data = await reader.readexactly(int(m.group(1)))
    return status, data


async def load(port: int, bodies: list[bytes], clients: int, per_client: int) -> dict:
    host = f"127.0.0.1:{port}"
    conns = [await asyncio.open_connection("127.0.0.1", port) for _ in range(clients)]
    lat: list[float] = []
    errors = busy = 0
    samples: list[tuple[int, bytes]] = []
    start = asyncio.Event()

    async def client(ci: int) -> None:
        nonlocal errors, busy
        reader, writer = conns[ci]
        await start.wait()
        for k in range(per_client):
            idx = (ci * per_client + k) % len(bodies)
            t0 = time.perf_counter()
            try:
                status, data = await post(reader, writer, host, bodies[idx])
            except (OSError, asyncio.IncompleteReadError, AssertionError):
                errors += 1
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            lat.append((time.perf_counter() - t0) * 1e3)
            if status == 503:
                busy += 1
            elif status != 200 or json.loads(data)["status"] != "ok":
                errors += 1
            elif k == 0 and ci % 25 == 0:
                samples.append((idx, data))

    tasks = [asyncio.create_task(client(i)) for i in range(clients)]
    await asyncio.sleep(0.1)
    t0 = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    for _, writer in conns:
        writer.close()
    return {"wall": wall, "lat": lat, "errors": errors, "busy": busy, "samples": samples}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=10, help="requests per client per round")
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=9001)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()

    played = list(played_positions("expert", args.positions * 4, args.seed))
    positions = played[::4][:args.positions]
    boards = [p.board for p in positions]
    bodies = [json.dumps({"board": b.to_text()}).encode() for b in boards]
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", "--workers",
                             str(args.workers)], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parent.parent, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        m = re.search(r":(\d+)/", line)
        assert m, line
        port = int(m.group(1))
        asyncio.run(load(port, bodies, 4, 5))  # warm-up: imports, first analyses
        mem0 = rss_mb(proc.pid)
        # the same work without HTTP and without concurrency, in this process, for scale
        direct = []
        for b in boards[:100]:
            t0 = time.perf_counter()
            analysis_document(b, AnalysisOptions(time_limit=2.0))
            direct.append((time.perf_counter() - t0) * 1e3)
        serial = asyncio.run(load(port, bodies[:100], 1, 100))
        rounds = []
        mems = []
        for _ in range(2):
            rounds.append(asyncio.run(load(port, bodies, args.clients, args.requests)))
            mems.append(rss_mb(proc.pid))
        # a sample of answers equals the library on the same boards
        mismatches = 0
        checked = 0
        for r in rounds:
            for idx, data in r["samples"]:
                doc = json.loads(data)
                want = analyze(boards[idx], time_limit=10.0).to_json()
                got = {k: v for k, v in doc.items() if k not in ("undecided", "time_limit", "ms")}
                checked += 1
                mismatches += got != want
    finally:
        proc.terminate()
        proc.wait(10)
    n_games = positions[-1].game + 1
    print(f"cpsolve serve load: {args.clients} concurrent clients x {args.requests} requests x 2 rounds, "
          f"{len(boards)} held-out Expert positions from {n_games} played games (seed {args.seed}), "
          f"{args.workers} analysis workers, client and server on the same 2-core machine")
    print("| round | requests | requests/s | p50 ms | p90 ms | p99 ms | max ms | errors | 503 | server RSS MB after |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for i, (r, mem) in enumerate(zip(rounds, mems), 1):
        lat = r["lat"]
        print(f"| {i} | {len(lat)} | {len(lat) / r['wall']:.0f} | {percentile(lat, 50):.0f} | "
              f"{percentile(lat, 90):.0f} | "
              f"{percentile(lat, 99):.0f} | {max(lat):.0f} | {r['errors']} | {r['busy']} | {mem:.0f} |")
    sl = serial["lat"]
    print(f"for scale: one client, one request at a time: {len(sl) / serial['wall']:.0f} requests/s, p50 "
          f"{percentile(sl, 50):.1f} ms, p99 {percentile(sl, 99):.1f} ms; the analysis alone (no HTTP, in the client's "
          f"process): p50 {percentile(direct, 50):.1f} ms, p99 {percentile(direct, 99):.1f} ms")
    print(f"server RSS before the load (after warm-up): {mem0:.0f} MB; after round 1: {mems[0]:.0f} MB; "
          f"after round 2: {mems[1]:.0f} MB (growth between rounds {mems[1] - mems[0]:+.1f} MB)")
    print(f"answers compared with cpsolve.analyze: {checked}, different: {mismatches}")


if __name__ == "__main__":
    main()
