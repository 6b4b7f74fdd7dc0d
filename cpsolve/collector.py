"""Pausing the cyclic garbage collector while a huge board is analysed or written out."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Boards with at least this many cells are analysed with the cyclic garbage collector paused.
GC_PAUSE_CELLS = 10_000
_gc_lock = threading.Lock()
_gc_pauses = 0  # analyses running with the collector paused (threads, nested analyses)
_gc_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused (and restored as it was when the last pause ends).

    A large board's model is hundreds of thousands of small frozensets, tuples and dicts, none
    in a reference cycle (reference counting frees them), but every few hundred allocations the
    collector walks the young ones and now and then all of them: over half of a 1000x1000
    board's model building. Counted under a lock, so that overlapping pauses (threads of the web
    server, nested analyses) re-enable the collector only when the last one ends."""
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if not _gc_pauses:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if not _gc_pauses and _gc_was_enabled:
                gc.enable()
