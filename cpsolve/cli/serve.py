"""``cpsolve serve``: the web page and the HTTP API on 127.0.0.1 (``--host``, ``--port``)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import EXIT_OK, CliError
from .args import positive_float, whole_number

#: The exit status after Ctrl-C (docs/exit-codes.md: 130, interrupted); a SIGTERM is a stop (0).
EXIT_INTERRUPTED = 130
#: An analysis' time limit when a request gives none (seconds).
DEFAULT_TIME_LIMIT = 2.0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="the web page (play and analyse) and the HTTP API",
                       description="Serve the web page and the HTTP API of docs/http-api.md until stopped "
                       "(Ctrl-C: exit 130, the requests in flight answered 503; SIGTERM: exit 0). Exit 2 on "
                       "bad usage or when the address cannot be used.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=lambda t: whole_number(t, 0), default=8000,
                   help="port (default 8000; 0 picks a free one)")
    p.add_argument("--workers", type=lambda t: whole_number(t, 1), default=2,
                   help="analyses and game moves run at once, each in a worker process of its own (default 2)")
    p.add_argument("--queue", type=lambda t: whole_number(t, 0), default=256,
                   help="jobs that may wait beyond those; more get 503 with Retry-After (default 256)")
    p.add_argument("--time-limit", type=positive_float, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help="default time limit per analysis, in seconds (a request may ask for up to "
                   f"--max-time-limit; default {DEFAULT_TIME_LIMIT:g})")
    p.add_argument("--max-time-limit", type=positive_float, default=5.0, metavar="SECONDS",
                   help="cap on a request's time_limit (default 5)")
    p.add_argument("--overrun", type=positive_float, default=30.0, metavar="SECONDS",
                   help="a job still running this long past --max-time-limit has its worker stopped and "
                   "replaced, and is answered 503 (default 30)")
    p.add_argument("--body-timeout", type=positive_float, default=10.0, metavar="SECONDS",
                   help="seconds a request's head, and then its body, may take to arrive; a slower body is "
                   "answered 408 and its connection closed, a slower head closes the connection (default 10)")
    p.add_argument("--processes", type=lambda t: whole_number(t, 1), default=1,
                   help="server processes on the one port (default 1); games carry their state sealed, so "
                   "any process continues any game")
    p.add_argument("--secret-file", type=Path, metavar="FILE",
                   help="the key material of game tokens (at least 16 bytes); servers with the same secret "
                   "continue each other's games. Else $CPSOLVE_SECRET, else a random one at each start")
    p.set_defaults(run=run)


def server_secret(path: Path | None) -> tuple[str | bytes, str]:
    """The secret of the game tokens and where it came from (a short, file or empty one: exit 2)."""
    from ..web.tokens import MIN_SECRET, SECRET_ENV, new_secret

    if path is not None:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CliError(f"{path}: cannot read the secret file: {exc.strerror or exc}") from None
        raw = raw.strip()
        if len(raw) < MIN_SECRET:
            raise CliError(f"{path}: the secret has {len(raw)} bytes; at least {MIN_SECRET} are needed")
        return raw, f"secret from {path}"
    env = os.environ.get(SECRET_ENV)
    if env is not None:
        if len(env.encode()) < MIN_SECRET:
            raise CliError(f"${SECRET_ENV} has {len(env.encode())} bytes; at least {MIN_SECRET} are needed")
        return env, f"secret from ${SECRET_ENV}"
    return new_secret(), "a new secret (games end when this server stops; see --secret-file)"


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening (a bad address is one line: exit 2)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets whose proto says TCP, and an
    # accepted connection inherits the listener's. With proto 0, Nagle held each response's second
    # write until the client's delayed ACK: every request after the first on a kept-alive
    # connection took about 40 ms more (measured 42-58 ms against 0.2-5 ms with it set).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as exc:
        sock.close()
        msg = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CliError(f"cannot listen on {host}:{port}: {msg}") from None
    sock.listen(2048)  # accept connections from now on (they wait in the backlog until uvicorn runs)
    return sock


def run(args: argparse.Namespace) -> int:
    if args.port > 65535:
        raise CliError(f"--port {args.port} is not a port (0-65535)")
    import uvicorn

    from ..web import Limits, create_app

    sock = listening_socket(args.host, args.port)
    port = sock.getsockname()[1]
    limits = Limits(workers=args.workers, queue=args.queue, time_limit=min(args.time_limit, args.max_time_limit),
                    max_time_limit=args.max_time_limit, body_timeout=args.body_timeout, overrun=args.overrun)
    try:
        secret, origin = server_secret(args.secret_file)
    except CliError:
        sock.close()
        raise
    host = f"[{args.host}]" if ":" in args.host else args.host
    # a game's id is its sealed state, in the path: room for the largest game's token in the
    # request line (h11's default of 16 KiB holds about a 120x120 game)
    common = dict(log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3,
                  h11_max_incomplete_event_size=256 * 1024)
    stops: list[int] = []  # the signals that stopped the server
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    if args.processes > 1:
        from uvicorn.supervisors import Multiprocess

        from ..web.app import LIMITS_ENV
        from ..web.tokens import SECRET_ENV

        # each process is spawned and builds its app from these (the secret never on a command line)
        os.environ[SECRET_ENV] = secret.decode() if isinstance(secret, bytes) else secret
        os.environ[LIMITS_ENV] = json.dumps(dataclasses.asdict(limits))
        # each process reads its head timeout from LIMITS_ENV when it imports the protocol
        config = uvicorn.Config("cpsolve.web.app:app_from_environment", factory=True, workers=args.processes,
                                http="cpsolve.web.serving:HeadTimedH11Protocol", **common)  # type: ignore[arg-type]
        supervisor = Multiprocess(config, sockets=[sock])
        for sig in saved:  # the supervisor's own handlers (set just now) stop the processes; note which
            theirs = signal.getsignal(sig)
            assert callable(theirs)
            signal.signal(sig, _noting(stops, theirs))
        runner = supervisor.run
    else:
        app = create_app(limits, secret)
        from ..web.serving import LINGER_FACTOR, HeadTimedH11Protocol

        protocol = type("HeadTimedH11Protocol", (HeadTimedH11Protocol,),
                        {"head_timeout": limits.body_timeout, "linger_bytes": LINGER_FACTOR * limits.largest_body})
        config = uvicorn.Config(app, http=protocol, **common)  # type: ignore[arg-type]
        server = uvicorn.Server(config)
        runner = lambda: server.run(sockets=[sock])  # noqa: E731
        # until uvicorn has its own handlers in place, a stop signal tells the server to stop as
        # soon as it has started; uvicorn puts these back once it has stopped and raises the signal
        # that stopped it again, which lands here too
        for sig in saved:
            signal.signal(sig, _noting(stops, lambda signum, frame: setattr(server, "should_exit", True)))
    print(f"cpsolve serve: open http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    print(f"cpsolve serve: {args.processes} process(es); {origin}", file=sys.stderr, flush=True)
    try:
        runner()
    finally:
        sock.close()
        for sig, before in saved.items():
            signal.signal(sig, before)
    interrupted = signal.SIGINT in stops
    print(f"cpsolve serve: stopped{' (Ctrl-C)' if interrupted else ''}", file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _noting(stops: list[int], then: Callable[[int, Any], Any]) -> Callable[[int, Any], None]:
    """A signal handler that notes the signal, then calls ``then``."""
    def handler(signum: int, frame: Any) -> None:
        stops.append(signum)
        then(signum, frame)
    return handler
