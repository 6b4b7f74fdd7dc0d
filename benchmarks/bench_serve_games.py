"""Load run of ``cpsolve serve``'s games: many clients creating and playing big games for a while.

    python benchmarks/bench_serve_games.py --clients 200 --seconds 60 --size 200x200x8000

Starts ``cpsolve serve --port 0`` in its own process and reads its resident memory, then
``--clients`` clients (asyncio, one keep-alive HTTP/1.1 connection each) for ``--seconds`` each
create a game, open up to ``--moves`` random covered cells of it one by one (each answer carries the
next sealed id), and at the end ask the game again with its last id: the board must be the one of the
last answer ("no game lost"), and asking with its first id must still answer (an earlier state).
Prints games, requests/s, latency quantiles, errors (any answer other than a 200, or a game whose
last board did not come back), and the server's memory before and after: the server keeps no game,
so it should stay flat however many games were played.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_serve import rss_mb  # noqa: E402

from cpsolve.play.runner import percentile  # noqa: E402


async def call(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str,
               body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else b""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    m = re.search(rb"(?i)content-length:\s*(\d+)", head)
    assert m, head
    return status, json.loads(await reader.readexactly(int(m.group(1))))


async def load(port: int, clients: int, seconds: float, size: str, moves: int, seed: int) -> dict:
    lat: list[float] = []
    out: dict[str, Any] = {"games": 0, "requests": 0, "errors": 0, "lost_games": 0, "busy": 0}

    async def timed(reader, writer, method, path, body=None):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        status, doc = await call(reader, writer, method, path, body)
        lat.append((time.perf_counter() - t0) * 1e3)
        out["requests"] += 1
        if status == 503:
            out["busy"] += 1
        elif status != 200:
            out["errors"] += 1
        return status, doc

    async def client(ci: int, deadline: float) -> None:
        rng = random.Random(seed * 1000 + ci)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while time.perf_counter() < deadline:
                status, doc = await timed(reader, writer, "POST", "/api/games", {"difficulty": size})
                if status != 200:
                    continue
                out["games"] += 1
                first, last = doc["id"], doc
                rows, cols = doc["rows"], doc["cols"]
                for _ in range(moves):
                    if last["state"] != "playing" or time.perf_counter() >= deadline:
                        break
                    r, c = rng.randrange(rows), rng.randrange(cols)
                    status, doc = await timed(reader, writer, "POST", f"/api/games/{last['id']}/reveal",
                                              {"row": r, "col": c})
                    if status == 200:
                        last = doc
                status, again = await timed(reader, writer, "GET", f"/api/games/{last['id']}")
                if status != 200 or again["board"] != last["board"]:
                    out["lost_games"] += 1
                status, _ = await timed(reader, writer, "GET", f"/api/games/{first}")
        finally:
            writer.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(client(i, t0 + seconds) for i in range(clients)))
    out["wall"] = time.perf_counter() - t0
    out["lat"] = lat
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--size", default="200x200x8000", help="the games' difficulty (default 200x200x8000)")
    ap.add_argument("--moves", type=int, default=5, help="reveals per game (fewer when it ends)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2, help="load rounds on one server (growth between them: a leak)")
    args = ap.parse_args()
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", "--workers",
                             str(args.workers)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        m = re.search(r":(\d+)/", line)
        if not m:
            sys.exit(f"no address from cpsolve serve: {line!r}")
        port = int(m.group(1))
        time.sleep(0.5)
        before = rss_mb(proc.pid)
        results, mems = [], []
        for k in range(args.rounds):
            results.append(asyncio.run(load(port, args.clients, args.seconds, args.size, args.moves, args.seed + k)))
            mems.append(rss_mb(proc.pid))
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"cpsolve serve games: {args.clients} clients for {args.seconds:g} s a round, {args.size} games, up to "
          f"{args.moves} reveals each, {args.workers} workers, client and server on the same machine")
    print("| round | games | requests | requests/s | p50 ms | p90 ms | p99 ms | max ms | errors | 503 | games lost "
          "| RSS MB after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for k, (res, mem) in enumerate(zip(results, mems, strict=True)):
        lat = res["lat"]
        print(f"| {k + 1} | {res['games']} | {res['requests']} | {res['requests'] / res['wall']:.0f} | "
              f"{percentile(lat, 50):.0f} | {percentile(lat, 90):.0f} | {percentile(lat, 99):.0f} | {max(lat):.0f} | "
              f"{res['errors']} | {res['busy']} | {res['lost_games']} | {mem:.0f} |")
    print(f"server RSS: {before:.0f} MB before the load; after each round: "
          + ", ".join(f"{m:.0f}" for m in mems) + f" MB ({mems[-1] - before:+.0f} MB in all, "
          f"{mems[-1] - mems[0]:+.0f} MB from the first round's end to the last's)")


if __name__ == "__main__":
    main()
