"""A slash written with a space beside it ("Mines: 15 / 99", jfxmines; Tatham's "Marked: 0 / 10"):
the numbers either side and the slash one fraction (:func:`.glyphs.fractions` with ``spaced``)."""

from __future__ import annotations

from collections.abc import Callable

Box = tuple[int, int, int, int]


def spaced_slashes(ws: list[list[Box]], near: float, is_slash: Callable[[Box], bool]) -> list[list[Box]]:
    """``ws`` (words of glyph boxes x, y, w, h, left to right) with each word joined to the one before
    it where a slash (``is_slash``) ends that one or begins this one, and it lies no further than
    ``near`` (pixels) from it: a space each side of a slash, or on one side only (a font's spacing
    puts "10/" and "20" apart as words, or "7" and "/40")."""
    out: list[list[Box]] = []
    for word in ws:
        if out:
            before = out[-1][-1]
            if word[0][0] - (before[0] + before[2]) <= near and (is_slash(before) or is_slash(word[0])):
                out[-1] = out[-1] + word
                continue
        out.append(word)
    return out
