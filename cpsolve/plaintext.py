"""Plain text as cpsolve reads it: whole numbers of ASCII digits only, lines ended by \\n, \\r\\n or
\\r only, a file name as one printable line, a long value clipped for a one-line message. Shared by
the board and layout parsers, the command line and the exports."""

from __future__ import annotations

import re

_NUMBER_RE = re.compile(r"[0-9]+")
# Only these end a line. str.splitlines also splits on form feed, vertical tab, U+2028 and others,
# which made every later line number wrong.
_LINE_END_RE = re.compile(r"\r\n|\r|\n")
#: Numbers in a board text longer than this (after leading zeros) are refused before int() sees
#: them: no board has that many cells, and Python refuses int() of thousands of digits anyway.
MAX_DIGITS = 15


def display_name(name: str) -> str:
    """A file name as one printable line, for messages and for comments embedded in exports.

    Bytes that were not UTF-8 (surrogate escapes from the file system) show as ``\\xNN``; control
    characters, line and paragraph separators and other unprintable characters as Python escapes.
    The result is valid UTF-8 with no line break, so it cannot split a one-line error or inject lines
    into a DIMACS/OPB file, and JSON that carries it never holds a lone surrogate.
    """
    if name.isprintable():
        return name
    out = []
    for ch in name:
        if "\udc80" <= ch <= "\udcff":
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(ascii(ch)[1:-1])
    return "".join(out)


def parse_number(text: str) -> int | None:
    """``text`` as a whole number if it is ASCII digits of sensible length, else None."""
    if not _NUMBER_RE.fullmatch(text):
        return None
    digits = text.lstrip("0")
    if len(digits) > MAX_DIGITS:
        return None
    return int(digits or "0")


def parse_signed(text: str) -> int | None:
    """:func:`parse_number` with an optional minus sign (and surrounding blanks)."""
    text = text.strip()
    if text.startswith("-"):
        n = parse_number(text[1:])
        return None if n is None else -n
    return parse_number(text)


def split_lines(text: str) -> list[str]:
    """Lines ended by ``\\n``, ``\\r\\n`` or ``\\r`` only (see :data:`_LINE_END_RE`)."""
    if "\r" not in text:  # the same lines; str.split is much faster than the regex (8 MB: 0.14 s)
        return text.split("\n")
    return _LINE_END_RE.split(text)


def clip(value: str, keep: int = 20) -> str:
    """A long value cut for a one-line message."""
    return value if len(value) <= keep else f"{value[:keep]}...({len(value)} characters)"
