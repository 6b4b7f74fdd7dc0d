"""``cpsolve serve`` under a client's faults, over real sockets (uvicorn in its own process):

- an upload cut off half-way leaves nothing in the log (no "internal error", no traceback);
- a body that trickles in is answered 408 after ``--body-timeout`` seconds, and the connection closed;
  a request head that trickles in has its connection closed after as long;
- a 413 closes the connection (``Connection: close``), so no next request is sent on a connection
  whose unread body would be taken for it;
- Ctrl-C with analyses in flight answers each 503 ``server is shutting down`` (JSON), prints no
  traceback and exits 130, also when the terminal sends it to the whole process group (the
  workers too), and leaves no worker process;
- analyses run in worker processes: a worker killed mid-analysis is replaced and the request is
  still answered; with every worker and queue place taken the answer is 503 JSON with Retry-After;
- a body announced over the cap is answered 413 before a byte of it is sent.

The latency of ``/api/health`` under these faults is measured by ``benchmarks/bench_faults.py``.
"""

from __future__ import annotations

import json
import os
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


def serve(tmp: Path, *args: str, session: bool = False) -> Served:
    log = tmp / "serve.log"
    err = open(log, "wb")  # noqa: SIM115 - the child writes it as long as it runs
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=err, start_new_session=session)
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
    return health_doc(port)[0]


def health_doc(port: int) -> tuple[int, dict]:
    with connect(port) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        status, _, body = answer(sock)
        return status, json.loads(body)


def post(port: int, path: str, body: bytes, out: list, timeout: float = 60) -> None:
    """POST ``body`` and append the answer (or the exception) to ``out``."""
    try:
        with connect(port) as sock:
            sock.settimeout(timeout)
            sock.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n%s" % (path.encode(), len(body), body))
            out.append(answer(sock))
    except BaseException as exc:  # noqa: BLE001 - recorded, asserted by the caller
        out.append(exc)


def wait_in_hand(port: int, n: int, seconds: float = 30) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        doc = health_doc(port)[1]
        if doc["analyses_in_hand"] >= n or time.monotonic() > deadline:
            return doc
        time.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def assert_shutting_down(answers: list) -> None:
    """Each of the three clients in flight at Ctrl-C got the JSON 503 of a server shutting down."""
    assert len(answers) == 3
    for a in answers:
        assert not isinstance(a, BaseException), a
        status, headers, body = a
        assert headers["content-type"] == "application/json"
        assert (status, json.loads(body)) == (503, {"error": "server is shutting down"})


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


def test_a_body_announced_over_the_cap_is_answered_before_it_is_sent(tmp_path: Path) -> None:
    """413 at once on the Content-Length (the body was read, and dropped, up to 8 times the cap
    first: the answer waited for it, or for --body-timeout); the connection then lingers a moment
    for what the client still sends, and is closed."""
    s = serve(tmp_path, "--body-timeout", "30")
    try:
        with connect(s.port) as sock:
            sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                         b"Content-Length: 5000000\r\n\r\n" + b"." * 1000)
            status, headers, body = answer(sock)  # within the socket's 10 s, well before 30
            assert status == 413 and headers["connection"] == "close"
            assert json.loads(body) == {"error": "body of 5000000 bytes is over the limit of 1000000 bytes"}
            sock.sendall(b"." * 100_000)  # still sending: read and dropped, no reset
            assert closed_by_server(sock)
        # and the whole body sent before reading: the answer, not a reset
        with connect(s.port) as sock:
            sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                         b"Content-Length: 5000000\r\n\r\n" + b"." * 5_000_000)
            assert answer(sock)[0] == 413
            assert closed_by_server(sock)
        assert health(s.port) == 200
        assert "Traceback" not in s.log_text()
    finally:
        stop(s)


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
        assert_shutting_down(answers)
        log = s.log_text()
        assert "Traceback" not in log and "CancelledError" not in log and "500" not in log, log
        assert "cpsolve serve: stopped (Ctrl-C)" in log
        assert len(log.splitlines()) <= 3 + 2 * int(processes), log  # a few short lines
    finally:
        stop(s)


def test_a_worker_killed_mid_analysis_is_replaced_and_the_request_answered(tmp_path: Path) -> None:
    s = serve(tmp_path, "--workers", "1", "--max-time-limit", "30")
    try:
        status, doc = health_doc(s.port)
        assert doc["pool"] == "processes" and len(doc["worker_pids"]) == 1
        worker = doc["worker_pids"][0]
        assert worker != doc["pid"] and alive(worker)
        body = json.dumps({"board": board_200(7), "options": {"time_limit": 3}}).encode()
        out: list = []
        client = threading.Thread(target=post, args=(s.port, "/api/analyze", body, out))
        client.start()
        assert wait_in_hand(s.port, 1)["analyses_in_hand"] == 1
        time.sleep(0.3)
        os.kill(worker, signal.SIGKILL)
        client.join(90)
        assert len(out) == 1 and not isinstance(out[0], BaseException), out
        status, headers, answer_body = out[0]
        assert status == 200 and json.loads(answer_body)["rows"] == 200  # run again on the new worker
        doc = health_doc(s.port)[1]
        assert doc["worker_restarts"] == 1 and worker not in doc["worker_pids"] and len(doc["worker_pids"]) == 1
        log = s.log_text()
        assert "Traceback" not in log and "an analysis worker stopped" in log, log
    finally:
        stop(s)


def test_the_workers_end_when_the_server_is_killed_outright(tmp_path: Path) -> None:
    """SIGKILL (or the OOM killer) gives the server no chance to stop its workers: they notice their
    parent is gone and exit (before, each lived on for ever, holding its memory)."""
    s = serve(tmp_path, "--workers", "2")
    status, doc = health_doc(s.port)
    workers = doc["worker_pids"]
    assert status == 200 and len(workers) == 2 and all(alive(w) for w in workers)
    stop(s)  # SIGKILL
    deadline = time.monotonic() + 20
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(w) for w in workers), [w for w in workers if alive(w)]


def one_analysis_in_hand(port: int, seed: int) -> bytes:
    """A client's analysis of ``board_200(seed)`` (time limit 20 s) posted from a thread of its own
    (its answer unread), once the server has it in hand; its body."""
    body = json.dumps({"board": board_200(seed), "options": {"time_limit": 20}}).encode()
    threading.Thread(target=post, args=(port, "/api/analyze", body, []), daemon=True).start()
    assert wait_in_hand(port, 1)["analyses_in_hand"] == 1
    return body


def test_every_place_taken_is_answered_503_json_with_retry_after(tmp_path: Path) -> None:
    s = serve(tmp_path, "--workers", "1", "--queue", "0", "--max-time-limit", "30")
    try:
        one_analysis_in_hand(s.port, 8)
        got: list = []
        post(s.port, "/api/analyze", json.dumps({"board": "1 .\n. .\n"}).encode(), got)
        status, headers, answer_body = got[0]
        assert status == 503 and headers["retry-after"] == "2" and headers["content-type"] == "application/json"
        assert json.loads(answer_body)["error"].startswith("busy: 1 jobs in hand")
        assert health(s.port) == 200  # the event loop answers while the worker is busy
    finally:
        stop(s)


def test_a_request_whose_client_left_is_dropped_before_it_runs(tmp_path: Path) -> None:
    s = serve(tmp_path, "--workers", "1", "--max-time-limit", "30")
    try:
        body = one_analysis_in_hand(s.port, 9)
        with connect(s.port) as sock:  # a second one, waiting for the worker; then its client leaves
            sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            assert wait_in_hand(s.port, 2)["analyses_in_hand"] == 2
        deadline = time.monotonic() + 10
        while health_doc(s.port)[1]["analyses_in_hand"] != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert health_doc(s.port)[1]["analyses_in_hand"] == 1  # dropped while the first one runs
        assert "Traceback" not in s.log_text()
    finally:
        stop(s)


def test_ctrl_c_from_a_terminal_reaches_the_workers_too_and_nothing_is_printed(tmp_path: Path) -> None:
    """A terminal's Ctrl-C is sent to the whole process group: the workers ignore it (a
    KeyboardInterrupt traceback each, before), the server answers and stops them."""
    s = serve(tmp_path, "--workers", "2", "--max-time-limit", "30", session=True)
    try:
        workers = health_doc(s.port)[1]["worker_pids"]
        assert len(workers) == 2 and all(alive(w) for w in workers)
        out: list = []
        bodies = [json.dumps({"board": board_200(k), "options": {"time_limit": 30}}).encode() for k in range(3)]
        clients = [threading.Thread(target=post, args=(s.port, "/api/analyze", b, out)) for b in bodies]
        for c in clients:
            c.start()
        wait_in_hand(s.port, 3)
        time.sleep(0.3)
        os.killpg(s.proc.pid, signal.SIGINT)
        for c in clients:
            c.join(40)
        assert s.proc.wait(20) == 130
        assert_shutting_down(out)
        time.sleep(0.2)
        assert not any(alive(w) for w in workers)
        log = s.log_text()
        assert "Traceback" not in log and "KeyboardInterrupt" not in log, log
        assert len(log.splitlines()) <= 3, log
    finally:
        stop(s)
