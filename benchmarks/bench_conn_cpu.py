"""The server's own CPU per connection: what a flood of connections costs ``cpsolve serve``'s loop.

    python benchmarks/bench_conn_cpu.py [--connections 600] [--rounds 3]

Starts ``cpsolve serve --port 0``, then per round: the server process's CPU (utime + stime from
/proc) over 2 idle seconds, over N uploads cut off half-way (bench_faults.py's ``disconnect``), and
over N ``/api/health`` requests on fresh connections, each less the idle rate. Prints the CPU per
connection. Against bench_faults.py's health p99: when the p99 under a flood is many times the CPU
the loop spends on the whole flood, the probe waited for a core, not for the loop. Linux only.
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
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_faults import HOST, Answers, disconnect  # noqa: E402  (the faulty client's own uploads)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--connections", type=int, default=600)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        found = re.search(r"open (http://\S+:(\d+)/)", proc.stdout.readline())
        if not found:
            raise SystemExit("bench_conn_cpu: the server printed no address")
        url, port = found.group(1), int(found.group(2))
        tick = os.sysconf("SC_CLK_TCK")

        def cpu() -> float:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick

        for _ in range(5):  # warm: the app, its routes, the pool's first answer
            urllib.request.urlopen(url + "api/health").read()
        half = json.dumps({"board": ". " * 2000 + "\n"}).encode()

        async def health(n: int) -> None:
            for _ in range(n):
                r, w = await asyncio.open_connection(HOST, port)
                w.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                await w.drain()
                await r.read()
                w.close()

        n = args.connections
        print(f"server CPU per connection (ms), {n} connections a round; load average {os.getloadavg()[0]:.1f}")
        for k in range(args.rounds):
            c0 = cpu()
            time.sleep(2)
            idle = cpu() - c0
            c0 = cpu()
            asyncio.run(disconnect(port, Answers(), half, n))
            time.sleep(2)
            cuts = cpu() - c0 - idle
            c0 = cpu()
            asyncio.run(health(n))
            time.sleep(2)
            probes = cpu() - c0 - idle
            print(f"round {k + 1}: idle {1000 * idle:.0f} ms in 2 s; cut upload {1000 * cuts / n:.2f}; "
                  f"/api/health {1000 * probes / n:.2f}")
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
