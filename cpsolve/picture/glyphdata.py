"""The digit and word templates of the plain-digit counters, read from the data file shipped in the
package (data/glyphs.npz, built by glyphs_build.py from DejaVu Sans and Liberation Sans, regular and
bold), never from the fonts of the machine: a picture reads the same everywhere.

A character or word at a size the file holds is given back exactly as the font draws it; at a size
between (digits over glyphs_build.EXACT_HEIGHT px high, words over EXACT_WORD_HEIGHT) it is the
font's master rendering scaled to the size's digit height.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

#: the data file (glyphs_build.py writes it)
DATA = Path(__file__).with_name("data") / "glyphs.npz"
MIN_HEIGHT, MAX_HEIGHT = 4, 120


class _Data(NamedTuple):
    fonts: tuple[str, ...]
    zero_heights: np.ndarray
    #: (font, size, character) -> (top, left, pixels), and (font, size, word) -> pixels
    chars: dict[tuple[int, int, str], tuple[int, int, np.ndarray]]
    words: dict[tuple[int, int, str], np.ndarray]
    #: per font, the largest size stored of its characters and of its words
    char_master: tuple[int, ...]
    word_master: tuple[int, ...]


@lru_cache(maxsize=1)
def _data() -> _Data:
    with np.load(DATA) as f:
        pixels = f["pixels"]
        fonts, chars, words = (tuple(str(v) for v in f[k]) for k in ("fonts", "chars", "words"))
        zero = f["zero_heights"].astype(np.int64)
        char_index, word_index = f["char_index"], f["word_index"]
    glyph = {}
    for font, size, c, y, x, h, w, at in char_index.tolist():
        glyph[font, size, chars[c]] = (y, x, pixels[at:at + h * w].reshape(h, w))
    word = {}
    for font, size, t, _, _, h, w, at in word_index.tolist():
        word[font, size, words[t]] = pixels[at:at + h * w].reshape(h, w)
    return _Data(fonts, zero, glyph, word,
                 tuple(max(s for f, s, _ in glyph if f == i) for i in range(len(fonts))),
                 tuple(max(s for f, s, _ in word if f == i) for i in range(len(fonts))))


def fonts() -> tuple[str, ...]:
    """The file names of the fonts the templates were drawn with."""
    return _data().fonts


@lru_cache(maxsize=128)
def sizes_at(height: int) -> tuple[tuple[int, int], ...]:
    """(font, size) of each font at each size (points) whose digits are ``height`` pixels high,
    give or take one: the sizes near the one that scales its "0" at 100 points to ``height``."""
    if not MIN_HEIGHT - 1 <= height <= MAX_HEIGHT + 1:
        return ()
    zero = _data().zero_heights
    out = []
    for font in range(len(zero)):
        size = max(4, round(100 * height / max(1, int(zero[font, 100]))))
        out += [(font, s) for s in (size - 1, size, size + 1) if abs(int(zero[font, s]) - height) <= 1]
    return tuple(out)


def _scaled(pixels: np.ndarray, k: float) -> np.ndarray:
    h, w = pixels.shape
    size = (max(1, round(w * k)), max(1, round(h * k)))
    mode = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    return np.clip(np.rint(cv2.resize(pixels.astype(np.float32), size, interpolation=mode)), 0, 255).astype(np.uint8)


def char(font: int, ch: str, size: int) -> np.ndarray:
    """``ch`` drawn with the font at ``size``: white (1) on black at (10, 5) of a square of
    2 * size + 20 px, as glyphs_build.draw_char draws it (scaled from the master where not kept)."""
    data = _data()
    canvas = np.zeros((2 * size + 20, 2 * size + 20), np.uint8)
    kept = data.chars.get((font, size, ch))
    if kept is not None:
        y, x, pixels = kept
    else:
        master = data.char_master[font]
        y, x, pixels = data.chars[font, master, ch]
        k = float(data.zero_heights[font, size]) / float(data.zero_heights[font, master])
        y, x, pixels = round(5 + (y - 5) * k), round(10 + (x - 10) * k), _scaled(pixels, k)
        y, x = min(max(0, y), canvas.shape[0] - 1), min(max(0, x), canvas.shape[1] - 1)
        pixels = pixels[:canvas.shape[0] - y, :canvas.shape[1] - x]
    canvas[y:y + pixels.shape[0], x:x + pixels.shape[1]] = pixels
    return canvas.astype(np.float32) / 255.0


def word(font: int, text: str, size: int) -> np.ndarray | None:
    """``text`` written with the font at ``size``, cropped to its ink (0..1); None for a word the
    file does not hold."""
    data = _data()
    kept = data.words.get((font, size, text))
    if kept is None:
        master = data.word_master[font]
        pixels = data.words.get((font, master, text))
        if pixels is None:
            return None
        kept = _scaled(pixels, float(data.zero_heights[font, size]) / float(data.zero_heights[font, master]))
    return kept.astype(np.float32) / 255.0
