"""``cpsolve serve`` as a command: prints the address it listens on, stops cleanly on Ctrl-C (SIGINT,
exit 130) and on SIGTERM (exit 0), and refuses an address it cannot use with one line and exit
status 2."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from cpsolve.cli import main


def test_serve_prints_address_answers_and_stops_on_ctrl_c():
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        m = re.match(r"cpsolve serve: open (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C stops\)$", line.strip())
        assert m, line
        with urllib.request.urlopen(m.group(1) + "api/health", timeout=10) as res:
            assert res.status == 200 and b'"status":"ok"' in res.read()
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(10) == 130  # interrupted (docs/exit-codes.md)
        assert time.monotonic() - t0 < 5
        err = proc.stderr.read()
        assert "Traceback" not in err and "stopped (Ctrl-C)" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_stops_on_sigterm_with_status_0():
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert "open http://" in proc.stdout.readline()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
        err = proc.stderr.read()
        assert "Traceback" not in err and "cpsolve serve: stopped\n" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_refuses_a_busy_port_and_a_bad_one(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err
    assert main(["serve", "--port", "70000"]) == 2
    assert "not a port" in capsys.readouterr().err
    assert main(["serve", "--port", "x"]) == 2


def test_connections_have_tcp_nodelay():
    """The server's connections send without Nagle's delay: asyncio turns TCP_NODELAY on only for
    sockets whose proto says TCP, and accepted ones inherit the listener's (with proto 0 every
    request after the first on a kept-alive connection waited ~40 ms for a delayed ACK)."""
    import asyncio

    from cpsolve.cli.serve import listening_socket

    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    seen: list[int] = []

    async def go() -> None:
        def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            s = writer.get_extra_info("socket")
            seen.append(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(on_connect, sock=sock)
        async with server:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            for _ in range(100):
                if seen:
                    break
                await asyncio.sleep(0.01)
            w.close()

    asyncio.run(go())
    assert seen and seen[0] != 0
