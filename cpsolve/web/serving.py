"""uvicorn's HTTP/1.1 protocol (h11) with a timeout on the request head and a lingering close,
for ``cpsolve serve``.

uvicorn times out idle kept-alive connections, but any byte received cancels that timer: a client
that sends its request line and headers a byte at a time (slow-loris) held its connection for as
long as it trickled. Here a connection whose next request head is not complete within
``head_timeout`` seconds (of the connection, or of the previous answer) is closed. The body has its
own deadline in the app (``Limits.body_timeout``, answered 408). No answer is possible before a
request's head: HTTP/1.1 (and h11) send a response only to a request.

An answer that closes the connection before the request's body was read (413: the app does not
read a body announced over the cap; 408) would otherwise close a socket with unread bytes: the
kernel then sends a reset, and a client still sending (most send the whole body before they read)
loses the answer. Here the connection lingers instead (as nginx's ``lingering_close``): the answer
is sent and the writing side shut (FIN), and what the client still sends is read and dropped below
h11 and the app (one ``recv`` per 256 KB, nothing parsed), until the client closes, or sends
nothing for ``LINGER_IDLE`` seconds, or ``linger_bytes`` have come, or ``LINGER_SECONDS`` passed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import limits_from_environment

#: A lingering connection is closed after this many seconds without data from the client ...
LINGER_IDLE = 1.0
#: ... and after this many seconds in all.
LINGER_SECONDS = 5.0
#: ... and after this many times the largest body cap of dropped bytes.
LINGER_FACTOR = 8


#: The limits handed to this process (``cpsolve serve --processes N``), read once at import.
_LIMITS = limits_from_environment()


class _LingeringTransport:
    """A connection's transport whose ``close`` lingers while the request's body is unread."""

    def __init__(self, transport: asyncio.Transport, protocol: HeadTimedH11Protocol) -> None:
        self._transport = transport
        self._protocol = protocol
        self.lingering = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def is_closing(self) -> bool:
        return self.lingering or self._transport.is_closing()

    def close(self) -> None:
        if self.lingering or self._transport.is_closing() or self._protocol.conn.their_state is not h11.SEND_BODY:
            self._transport.close()
            return
        self.lingering = True
        self._protocol.linger(self._transport)


class HeadTimedH11Protocol(H11Protocol):
    """H11Protocol, closing a connection whose request head is late, lingering when it closes one
    whose body is unread (see the module)."""

    head_timeout: float = _LIMITS.body_timeout
    linger_bytes: int = LINGER_FACTOR * _LIMITS.largest_body

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._lingering: _LingeringTransport = _LingeringTransport(transport, self)
        self._linger_timer: asyncio.TimerHandle | None = None
        super().connection_made(self._lingering)  # type: ignore[arg-type]
        self._head_timer: asyncio.TimerHandle | None = None
        self._waiting_after: Any = None
        self._arm()

    def linger(self, transport: asyncio.Transport) -> None:
        """The answer is written: shut the writing side, drop what comes (see the module)."""
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self._unset_keepalive_if_required()
        self._dropped = 0
        self._last = self.loop.time()
        self._linger_end = self._last + LINGER_SECONDS
        try:
            transport.write_eof()  # the FIN goes after the answer's bytes still buffered
            transport.resume_reading()  # flow control may have paused it (the app read nothing)
        except (OSError, RuntimeError):
            transport.close()
            return
        self._linger_timer = self.loop.call_later(LINGER_IDLE, self._linger_check)

    def _linger_check(self) -> None:
        now = self.loop.time()
        if now - self._last >= LINGER_IDLE or now >= self._linger_end:
            self._linger_timer = None
            self._transport_close()
        else:
            self._linger_timer = self.loop.call_later(min(self._last + LINGER_IDLE, self._linger_end) - now,
                                                      self._linger_check)

    def _transport_close(self) -> None:
        if self._linger_timer is not None:
            self._linger_timer.cancel()
            self._linger_timer = None
        self._lingering._transport.close()

    def data_received(self, data: bytes) -> None:
        if self._lingering.lingering:
            self._dropped += len(data)
            self._last = self.loop.time()
            if self._dropped > self.linger_bytes:
                self._transport_close()
            return
        super().data_received(data)

    def shutdown(self) -> None:
        if self._lingering.lingering:  # the server stops: no more waiting
            self._transport_close()
            return
        super().shutdown()

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
        if not self.transport.is_closing():
            self._arm()  # the next request's head (a pipelined one is read by the call below)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._linger_timer is not None:
            self._linger_timer.cancel()
            self._linger_timer = None
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)
