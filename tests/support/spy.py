"""A spy on a function the code under test calls: it runs as before, and each result is kept (for a
test to check that a rule ran, and what it said)."""

from __future__ import annotations

from typing import Any

import pytest


def spy_on(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[Any]:
    """``owner.name`` replaced for the test by a wrapper that calls it and keeps its result; returns
    the list of results, in the order of the calls (empty until it is called)."""
    seen: list[Any] = []
    real = getattr(owner, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        out = real(*args, **kwargs)
        seen.append(out)
        return out

    monkeypatch.setattr(owner, name, spy)
    return seen
