"""The wording of counts in messages: "1 cell", "2 cells" (issue 43 item 9: "after 1 steps").

    >>> plural(1, "mine"), plural(3, "mine"), plural(1, "guess", "guesses")
    ('1 mine', '3 mines', '1 guess')
"""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None, *, sep: str = "") -> str:
    """``n`` and ``word``, or ``many`` (default ``word + "s"``) when ``n`` is not 1. ``sep``: the
    thousands separator of the number ("," writes 1,000,000)."""
    number = f"{n:{sep}}" if sep else str(n)
    return f"{number} {word if n == 1 else many or word + 's'}"
