"""``cpsolve serve`` as a command: prints the address it listens on, stops cleanly on Ctrl-C (SIGINT),
and refuses an address it cannot use with one line and exit status 2."""

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
        assert proc.wait(10) == 0
        assert time.monotonic() - t0 < 5
        err = proc.stderr.read()
        assert "Traceback" not in err and "stopped" in err
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
