"""``cpsolve serve``: the web page and the HTTP API on 127.0.0.1 (``--host``, ``--port``)."""

from __future__ import annotations

import argparse
import socket
import sys

from . import EXIT_OK, CliError
from .args import positive_float, whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="the web page (play and analyse) and the HTTP API",
                       description="Serve the web page and the HTTP API of docs/http-api.md until stopped "
                       "(Ctrl-C). Exit 2 on bad usage or when the address cannot be used.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=lambda t: whole_number(t, 0), default=8000,
                   help="port (default 8000; 0 picks a free one)")
    p.add_argument("--workers", type=lambda t: whole_number(t, 1), default=2,
                   help="analyses run at once (threads; default 2)")
    p.add_argument("--queue", type=lambda t: whole_number(t, 0), default=256,
                   help="analyses that may wait beyond those; more get 503 (default 256)")
    p.add_argument("--time-limit", type=positive_float, default=2.0, metavar="SECONDS",
                   help="default proof time per analysis (a request may ask for up to --max-time-limit)")
    p.add_argument("--max-time-limit", type=positive_float, default=5.0, metavar="SECONDS",
                   help="cap on a request's time_limit (default 5)")
    p.set_defaults(run=run)


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
                    max_time_limit=args.max_time_limit)
    app = create_app(limits)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"cpsolve serve: open http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    print("cpsolve serve: stopped", file=sys.stderr, flush=True)
    return EXIT_OK
