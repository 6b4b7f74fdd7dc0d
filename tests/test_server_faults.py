"""``cpsolve serve`` under a client's faults, over real sockets (uvicorn in its own process):

- an upload cut off half-way leaves nothing in the log (no "internal error", no traceback);
- a body that trickles in is answered 408 after ``--body-timeout`` seconds, and the connection closed;
  a request head that trickles in has its connection closed after as long;
- a 413 closes the connection (``Connection: close``), so no next request is sent on a connection
  whose unread body would be taken for it;
- Ctrl-C with analyses in flight answers each 503 ``server is shutting down`` (JSON), prints no
  traceback and exits 130.

The latency of ``/api/health`` under these faults is measured by ``benchmarks/bench_faults.py``.
"""

from __future__ import annotations

import json
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def serve(tmp: Path, *args: str) -> Served:
    log = tmp / "serve.log"
    err = open(log, "wb")  # noqa: SIM115 - the child writes it as long as it runs
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=err)
    err.close()
    assert proc.stdout is not None
    m = re.search(r":(\d+)/", proc.stdout.readline().decode())
    assert m, log.read_text()
    return Served(proc, int(m.group(1)), log)


def stop(s: Served) -> None:
    if s.proc.poll() is None:
        s.proc.kill()
        s.proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = serve(tmp_path_factory.mktemp("serve"), "--body-timeout", "1")
    yield s
    stop(s)


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One response: status, headers (lower-case names), body (by its Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before an answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
    while len(body) < int(headers.get("content-length", 0)):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def health(port: int) -> int:
    with connect(port) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        return answer(sock)[0]


def test_a_client_that_leaves_mid_upload_is_not_logged(server: Served) -> None:
    before = server.log_text()
    body = json.dumps({"board": ". " * 2000 + "\n"}).encode()
    for _ in range(20):
        with connect(server.port) as sock:
            sock.sendall(f"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:len(body) // 2])
    assert health(server.port) == 200  # and it has seen them all by now (one connection after another)
    time.sleep(0.3)
    added = server.log_text()[len(before):]
    assert "Traceback" not in added and "internal error" not in added and "ClientDisconnect" not in added, added


def test_a_trickling_body_is_cut_off_with_408_and_the_connection_closed(server: Served) -> None:
    before = server.log_text()
    with connect(server.port) as sock:
        sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Content-Length: 1000\r\n\r\n")
        t0 = time.monotonic()
        sock.settimeout(0.3)
        status = None
        while time.monotonic() - t0 < 8 and status is None:
            try:
                sock.sendall(b".")
            except OSError:
                break
            try:
                status, headers, body = answer(sock)
            except TimeoutError:
                continue
        assert status == 408, status
        assert 0.9 < time.monotonic() - t0 < 5
        assert headers["connection"] == "close" and headers["content-type"] == "application/json"
        assert json.loads(body) == {"error": "the body did not arrive within 1 s"}
        sock.settimeout(5)
        assert closed_by_server(sock)
    assert "Traceback" not in server.log_text()[len(before):]


@pytest.mark.parametrize("after_an_answer", [False, True])
def test_a_trickling_request_head_is_cut_off(server: Served, after_an_answer: bool) -> None:
    """Request line and headers a byte at a time (uvicorn's keep-alive timer stops at the first
    byte): the connection is closed ``--body-timeout`` seconds after it was made, or after the
    previous answer on it."""
    with connect(server.port) as sock:
        if after_an_answer:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer(sock)[0] == 200
        t0 = time.monotonic()
        sock.settimeout(0.2)
        closed = False
        for byte in b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n" * 10:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            if closed_by_server(sock):
                closed = True
                break
            if time.monotonic() - t0 > 8:
                break
        assert closed and 0.9 < time.monotonic() - t0 < 5
    assert health(server.port) == 200


def test_a_413_closes_the_connection(server: Served) -> None:
    # announced over the cap: answered before the body is read; the body sent is still drained, so
    # the answer is not lost to a reset
    with connect(server.port) as sock:
        sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Content-Length: 2000000\r\n\r\n" + b"." * 2_000_000)
        status, headers, body = answer(sock)
        assert status == 413 and headers["connection"] == "close"
        assert "over the limit of 1000000 bytes" in json.loads(body)["error"]
        assert closed_by_server(sock)
    # no Content-Length (chunked): over the cap while reading
    with connect(server.port) as sock:
        chunk = b"." * 100_000
        sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n" + (b"%x\r\n%s\r\n" % (len(chunk), chunk)) * 12
                     + b"0\r\n\r\n")
        status, headers, body = answer(sock)
        assert status == 413 and headers["connection"] == "close"
        assert closed_by_server(sock)
    assert health(server.port) == 200


def board_200(seed: int) -> str:
    """A 200x200 position (6,400 mines, about 30% of the safe cells open): seconds of proof."""
    rng = random.Random(seed)
    n = 200
    mines = set(rng.sample(range(n * n), 6400))
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            if r * n + c not in mines and rng.random() < 0.3:
                row.append(str(sum((rr * n + cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                                   if 0 <= rr < n and 0 <= cc < n)))
            else:
                row.append(".")
        rows.append(" ".join(row))
    return "mines: 6400\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize("processes", ["1", "2"])
def test_ctrl_c_answers_the_requests_in_flight_with_503_json(tmp_path: Path, processes: str) -> None:
    s = serve(tmp_path, "--workers", "2", "--max-time-limit", "30", "--processes", processes)
    try:
        bodies = [json.dumps({"board": board_200(k), "options": {"time_limit": 30}}).encode() for k in range(3)]
        answers: list[tuple[int, dict[str, str], bytes] | BaseException] = []

        def post(body: bytes) -> None:
            try:
                with connect(s.port) as sock:
                    sock.settimeout(40)
                    sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                    answers.append(answer(sock))
            except BaseException as exc:  # noqa: BLE001 - recorded, asserted below
                answers.append(exc)

        clients = [threading.Thread(target=post, args=(b,)) for b in bodies]
        for c in clients:
            c.start()
        # two analyses running, one waiting (workers 2): wait until the server has them in hand
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with connect(s.port) as sock:
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
                in_hand = json.loads(answer(sock)[2])["analyses_in_hand"]
            if in_hand >= (3 if processes == "1" else 1):
                break
            time.sleep(0.05)
        time.sleep(0.3)
        s.proc.send_signal(signal.SIGINT)
        for c in clients:
            c.join(40)
        assert s.proc.wait(20) == 130
        assert len(answers) == 3
        for a in answers:
            assert not isinstance(a, BaseException), a
            status, headers, body = a
            assert headers["content-type"] == "application/json"
            assert (status, json.loads(body)) == (503, {"error": "server is shutting down"})
        log = s.log_text()
        assert "Traceback" not in log and "CancelledError" not in log and "500" not in log, log
        assert "cpsolve serve: stopped (Ctrl-C)" in log
        assert len(log.splitlines()) <= 3 + 2 * int(processes), log  # a few short lines
    finally:
        stop(s)
