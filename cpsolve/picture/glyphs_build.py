"""Builds the digit and word templates the plain-digit counters are read with (glyphs.py) into the
data file shipped in the package (:data:`cpsolve.picture.glyphdata.DATA`), from the fonts found on
this machine. Reading never scans fonts: a picture reads the same on every machine, whatever fonts
its user has; only this build step needs them.

    python -m cpsolve.picture.glyphs_build [--font-dir DIR ...] [--out PATH]

The fonts of :data:`FONT_NAMES` must all be found (under :data:`FONT_DIRS` and each
``--font-dir``). On Debian: ``apt-get install fonts-dejavu-core fonts-liberation`` (or ``apt-get
download`` them and ``dpkg-deb -x`` each into a folder given as ``--font-dir``). The file records
Pillow's and FreeType's versions: another FreeType may smooth a pixel otherwise
(test_picture_glyph_data.py compares a fresh build with the shipped file only where they are the
same).

What is stored, per font (glyphdata.py reads it back):

- the height in pixels of its "0" at every size from 1 to :data:`TOP_SIZE` points (which sizes draw
  digits ``h`` pixels high, as glyphs.py picks them);
- each character of :data:`CHARS` rendered as glyphs.py draws it (``draw_char``) at every size whose
  digits are at most :data:`EXACT_HEIGHT` px high, the rendering's inked pixels and where they lie,
  and at the largest size used (digits 120 px high), from which the sizes between are scaled down;
- each word of :func:`words` (the labels of textcounter.LEFT_LABELS) as glyphs.py writes it, cropped
  to its ink, at every size whose digits are at most :data:`EXACT_WORD_HEIGHT` px high, from the
  largest of which larger sizes are scaled up.

The sizes stored exactly cover every counter and label of the tuning pictures (digits 4-42 px
high, labels 9-38); larger ones are scaled (hinting matters less the larger a glyph; every size
kept would take some 30 MB, most of it words). A word scaled from another size matches the word
drawn at its own only some 0.8 (its letters fall on other pixels), against textcounter.WORD_MIN
0.7: words are kept at every size up to where labels are, not scaled down from a larger one.
Rendered bitmaps are data derived from the fonts, under the fonts' licences (see data/README.md).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

#: where fonts are looked for (the first file found of each name)
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".fonts")
#: the fonts digits are matched against: those the counters were tuned and tested with. Cantarell
#: and Roboto (regular, bold/medium), listed here before but never installed where the counters
#: were measured, are left out: with their digits too, tests/pictures/test_picture_textcounter.py
#: reads a DejaVu "88" at 20 px (touching) as nothing. Counters drawn in them are read wrong with
#: their digits or without (Roboto Medium's "16/40" at 11 px as 6/40, Cantarell's "71" as 7,
#: Roboto's "12345" as a number: that test's counters drawn in them too; not fixed)
FONT_NAMES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf")
#: the Debian packages that hold them
FONT_PACKAGES = ("fonts-dejavu-core", "fonts-liberation")
#: the characters glyphs.py classifies
CHARS = "0123456789/"
#: digit heights glyphs.py reads (glyphs.classify and word_score refuse others)
MIN_HEIGHT, MAX_HEIGHT = 4, 120
#: sizes (points) whose "0" heights are stored: beyond the largest that draws MAX_HEIGHT px digits
TOP_SIZE = 200
#: characters are stored exactly at the sizes that draw digits up to this high, words up to this
#: (the tuning pictures' counters: digits 4-42 px high, labels 9-38)
EXACT_HEIGHT = 48
EXACT_WORD_HEIGHT = 40


def font_files(extra: Iterable[Path] = ()) -> tuple[Path, ...]:
    """The font files of :data:`FONT_NAMES` found (the first of each name, under ``extra`` and then
    :data:`FONT_DIRS`), in that order."""
    found: dict[str, Path] = {}
    for folder in (*extra, *FONT_DIRS):
        if not folder.is_dir():
            continue
        for name in FONT_NAMES:
            if name not in found:
                hit = next(iter(sorted(folder.rglob(name))), None)
                if hit is not None:
                    found[name] = hit
    return tuple(found[n] for n in FONT_NAMES if n in found)


def words() -> tuple[str, ...]:
    """Every word textcounter's labels are matched as (capitalised, lower and upper case; the last
    of a label with a colon or without)."""
    from .textcounter import LEFT_LABELS

    out: dict[str, None] = {}
    for label in LEFT_LABELS:
        for i, word in enumerate(label):
            for form in (word.capitalize(), word, word.upper()):
                for end in ((":", "") if i == len(label) - 1 else ("",)):
                    out[form + end] = None
    return tuple(out)


def draw_char(font: object, ch: str, size: int) -> np.ndarray:
    """``ch`` as glyphs.py matches it: white on black at (10, 5) of a square of 2 * size + 20 px."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (2 * size + 20, 2 * size + 20), 0)
    ImageDraw.Draw(image).text((10, 5), ch, fill=255, font=font)  # type: ignore[arg-type]
    return np.asarray(image, np.uint8)


def draw_word(font: object, text: str) -> np.ndarray:
    """``text`` written as glyphs.py matches it, cropped to its ink (over 0.25 of white)."""
    from PIL import Image, ImageDraw

    left, top, right, bottom = font.getbbox(text)  # type: ignore[attr-defined]
    image = Image.new("L", (right - left + 10, bottom - top + 10), 0)
    ImageDraw.Draw(image).text((5 - left, 5 - top), text, fill=255, font=font)  # type: ignore[arg-type]
    ink = np.asarray(image, np.uint8)
    ys, xs = np.nonzero(ink.astype(np.float32) / 255.0 > 0.25)
    return ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def ink_height(ink: np.ndarray) -> int:
    ys = np.nonzero((ink.astype(np.float32) / 255.0 > 0.25).any(axis=1))[0]
    return int(ys.max() - ys.min() + 1) if len(ys) else 0


def sizes_at(zero_heights: np.ndarray, height: int) -> list[int]:
    """The sizes whose digits are ``height`` px high, give or take one (``zero_heights[s]``: the
    height of the font's "0" at size s): those near the size that scales its "0" at 100 points to
    ``height``."""
    size = max(4, round(100 * height / max(1, int(zero_heights[100]))))
    return [s for s in (size - 1, size, size + 1) if abs(int(zero_heights[s]) - height) <= 1]


def build(paths: Sequence[Path]) -> dict[str, np.ndarray]:
    """The arrays of the data file, rendered from the font files ``paths`` (in FONT_NAMES' order)."""
    import PIL
    from PIL import ImageFont, features

    texts = words()
    zero = np.zeros((len(paths), TOP_SIZE + 1), np.int16)
    char_rows: list[list[int]] = []
    word_rows: list[list[int]] = []
    blobs: list[np.ndarray] = []
    offset = 0

    def keep(pixels: np.ndarray) -> int:
        nonlocal offset
        start = offset
        blobs.append(pixels.ravel())
        offset += pixels.size
        return start

    for f, path in enumerate(paths):
        fonts = {s: ImageFont.truetype(str(path), s) for s in range(1, TOP_SIZE + 1)}
        for s, font in fonts.items():
            zero[f, s] = ink_height(draw_char(font, "0", s))
        used = {h: sizes_at(zero[f], h) for h in range(MIN_HEIGHT, MAX_HEIGHT + 1)}
        largest = max(s for ss in used.values() for s in ss)
        exact = sorted({s for h, ss in used.items() if h <= EXACT_HEIGHT for s in ss} | {largest})
        for s in exact:
            for c, ch in enumerate(CHARS):
                ink = draw_char(fonts[s], ch, s)
                ys, xs = np.nonzero(ink)
                y, x = int(ys.min()), int(xs.min())
                part = ink[y:ys.max() + 1, x:xs.max() + 1]
                char_rows.append([f, s, c, y, x, part.shape[0], part.shape[1], keep(part)])
        exact_words = sorted({s for h, ss in used.items() if h <= EXACT_WORD_HEIGHT for s in ss})
        for s in exact_words:
            for t, text in enumerate(texts):
                part = draw_word(fonts[s], text)
                word_rows.append([f, s, t, 0, 0, part.shape[0], part.shape[1], keep(part)])
    return {
        "fonts": np.array([p.name for p in paths]),
        "chars": np.array(list(CHARS)),
        "words": np.array(texts),
        "zero_heights": zero,
        "char_index": np.array(char_rows, np.int64),
        "word_index": np.array(word_rows, np.int64),
        "pixels": np.concatenate(blobs),
        "versions": np.array([PIL.__version__, str(features.version("freetype2"))]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    from .glyphdata import DATA

    parser = argparse.ArgumentParser(prog="python -m cpsolve.picture.glyphs_build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--font-dir", type=Path, action="append", default=[], help="another folder of fonts")
    parser.add_argument("--out", type=Path, default=DATA, help=f"the data file (default {DATA})")
    args = parser.parse_args(argv)
    paths = font_files(args.font_dir)
    missing = sorted(set(FONT_NAMES) - {p.name for p in paths})
    if missing:
        print(f"fonts not found: {', '.join(missing)} (Debian: {' '.join(FONT_PACKAGES)})", file=sys.stderr)
        return 2
    arrays = build(paths)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **arrays)  # type: ignore[arg-type]
    print(f"{args.out}: {args.out.stat().st_size} bytes, {len(arrays['char_index'])} glyphs, "
          f"{len(arrays['word_index'])} words, from {', '.join(str(p) for p in paths)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
