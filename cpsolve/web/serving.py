"""uvicorn's HTTP/1.1 protocol (h11) with a timeout on the request head, for ``cpsolve serve``.

uvicorn times out idle kept-alive connections, but any byte received cancels that timer: a client
that sends its request line and headers a byte at a time (slow-loris) held its connection for as
long as it trickled. Here a connection whose next request head is not complete within
``head_timeout`` seconds (of the connection, or of the previous answer) is closed. The body has its
own deadline in the app (``Limits.body_timeout``, answered 408). No answer is possible before a
request's head: HTTP/1.1 (and h11) send a response only to a request.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import LIMITS_ENV


def _timeout() -> float:
    """The body timeout handed to this process (``cpsolve serve --processes N``), else 10 s."""
    raw = os.environ.get(LIMITS_ENV)
    return float(json.loads(raw).get("body_timeout", 10.0)) if raw else 10.0


class HeadTimedH11Protocol(H11Protocol):
    """H11Protocol, closing a connection whose request head is late (see the module)."""

    head_timeout: float = _timeout()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._waiting_after: Any = None
        self._arm()

    def _arm(self) -> None:
        """Wait for the head of a request after the current cycle (None: the first)."""
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._waiting_after = self.cycle
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_late)

    def _head_late(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self._head_timer is not None and self.cycle is not self._waiting_after:  # a new request's head
            self._head_timer.cancel()
            self._head_timer = None

    def on_response_complete(self) -> None:
        self._arm()  # the next request's head (a pipelined one is read by the call below)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)
