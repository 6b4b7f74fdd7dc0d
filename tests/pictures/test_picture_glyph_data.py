"""The plain-digit counters' templates ship with the package (cpsolve/picture/data/glyphs.npz, read
by glyphdata.py, built by glyphs_build.py): counters read the same with no font installed, and the
shipped file is what a fresh build from the fonts gives."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cpsolve
from cpsolve.picture import glyphs, textcounter
from cpsolve.picture.grid import Grid
from tests.pictures.test_picture_labelled_counter import FONTS as LABEL_FONTS
from tests.pictures.test_picture_labelled_counter import MINES, _with_text
from tests.pictures.test_picture_textcounter import READ, gnome_band, google_picture
from tests.support.picture_render import encode, random_position

SCREENS = Path(__file__).parents[1] / "data" / "screens"


def _clear_caches() -> None:
    for name in ("glyphs", "glyphdata"):
        try:
            module = importlib.import_module(f"cpsolve.picture.{name}")
        except ImportError:
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@contextmanager
def no_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No font can be opened and no font folder is searched (as on a machine without fonts)."""
    from PIL import ImageFont

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no fonts on this machine")

    monkeypatch.setattr(ImageFont, "truetype", refuse)
    for name in ("glyphs", "glyphs_build"):
        try:
            module = importlib.import_module(f"cpsolve.picture.{name}")
        except ImportError:
            continue
        monkeypatch.setattr(module, "FONT_DIRS", (), raising=False)
    _clear_caches()
    try:
        yield
    finally:
        monkeypatch.undo()
        _clear_caches()


def _shipped_file_used() -> bool:
    """Whether the templates were read from the shipped file (no such file before it was)."""
    try:
        from cpsolve.picture import glyphdata
    except ImportError:
        return False
    return glyphdata._data.cache_info().currsize == 1


# ------------------------------------------------------------------------ reading with no font

@pytest.mark.parametrize("name", ["gnome2-mid-8x8", "gnome3-mid-16x16", "kmines-mid-9x9", "win7blue-mid-9x9",
                                  "google-browser-new-14x18", "javaswing-ru-lost-16x16", "kwantton-won-16x30",
                                  "tkinter-lost-16x30"])
def test_a_tuning_pictures_counter_is_read_with_no_font(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of the tuning pictures' kinds of plain-digit counter (a fraction, KMines' 4 px digits, a
    labelled "Mines left:", Google's touching digits, ...) gives its mine total with no font."""
    want = cpsolve.parse_board((SCREENS / f"{name}.txt").read_text()).mines
    assert want is not None
    with no_fonts(monkeypatch):
        reading = cpsolve.read_image(SCREENS / f"{name}.png")
        used = _shipped_file_used()
    assert reading.board.mines == want
    assert used


def _drawn_number(text: str, font: int, height: int, gap: int) -> tuple[np.ndarray, Grid]:
    """Google's bar (a red flag, a white number beside it) above a grid, the number's digits drawn
    from the shipped file's bitmaps of ``font`` (digits ``height`` px high), ``gap`` px apart."""
    from cpsolve.picture import glyphdata

    (_, size), = [fs for fs in glyphdata.sizes_at(height) if fs[0] == font][:1]
    inks = [glyphdata.char(font, ch, size) for ch in text]
    cols = [np.nonzero(ink.any(axis=0))[0] for ink in inks]
    width = sum(int(c[-1] - c[0] + 1) for c in cols) + gap * (len(text) - 1)
    number = np.zeros((inks[0].shape[0], width), np.float32)
    x = 0
    for ink, c in zip(inks, cols):
        w = int(c[-1] - c[0] + 1)
        number[:, x:x + w] = np.maximum(number[:, x:x + w], ink[:, c[0]:c[-1] + 1])
        x += w + gap
    rows = np.nonzero(number.any(axis=1))[0]
    number = number[rows[0]:rows[-1] + 1]
    p = max(2 * height, 16)
    rgb = np.zeros((10 * p, 10 * p + 20 + width, 3), np.float32)
    rgb[:] = (74, 117, 44)  # Google's dark green
    rgb[p // 2:p // 2 + height, 3 * p:3 * p + height] = (230, 60, 30)  # the flag
    y, x0 = p // 2, 3 * p + height + max(2, height // 3)
    area = rgb[y:y + number.shape[0], x0:x0 + width]
    area[:] = area * (1 - number[..., None]) + 255.0 * number[..., None]
    grid = Grid(x0=10.0, y0=2.0 * p, pitch_x=float(p), pitch_y=float(p), cols=10, rows=8)
    return np.rint(rgb).astype(np.uint8), grid


@pytest.mark.parametrize("height", [10, 14, 18, 26, 40, 60, 80])
def test_digits_drawn_from_the_shipped_bitmaps_are_read_with_no_font(height: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Numbers drawn from the shipped digits of each font (sizes kept and, from 60 px, scaled ones),
    a pixel apart per 8 of height, on Google's bar are read back with no font on the machine."""
    from cpsolve.picture import glyphdata

    rng = np.random.default_rng(height)
    with no_fonts(monkeypatch):
        for font in range(len(glyphdata.fonts())):
            for text in (str(int(v)) for v in rng.integers(1, 100, 4)):
                rgb, grid = _drawn_number(text, font, height, gap=max(1, height // 8))
                assert textcounter.read_google_left(rgb, grid) == int(text), (text, font)
        assert _shipped_file_used()


@pytest.mark.skipif(not READ, reason="no DejaVu Sans here to draw with (fonts-dejavu-core)")
@pytest.mark.parametrize("size", [11, 16, 22])
def test_counters_drawn_with_a_font_are_read_where_it_is_not_installed(size: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """GNOME's fraction, Google's number and a labelled "Mines left:" drawn in DejaVu Sans here,
    read with no font."""
    band = glyphs.dark_ink(gnome_band("Flags: 16/40", size, READ[0]))
    rgb, grid = google_picture("40", 2 * size, READ[0])
    cells, counter = random_position(10, 12, MINES, seed=size, state="playing")
    labelled = encode(_with_text(cells, 2 * size, [f"Mines left: {counter}", "Time: 0.434"], LABEL_FONTS[0]))
    with no_fonts(monkeypatch):
        assert glyphs.read_fraction(band) == (16, 40)
        assert textcounter.read_google_left(rgb, grid) == 40
        assert cpsolve.read_image(labelled).mine_counter == counter
        assert _shipped_file_used()


# ---------------------------------------------------------------------- the file is the build

def test_the_shipped_file_holds_every_font_character_and_word() -> None:
    from cpsolve.picture import glyphdata, glyphs_build

    with np.load(glyphdata.DATA) as f:
        assert tuple(f["fonts"].tolist()) == glyphs_build.FONT_NAMES
        assert "".join(f["chars"].tolist()) == glyphs_build.CHARS
        assert tuple(f["words"].tolist()) == glyphs_build.words()
    for height in range(glyphs_build.MIN_HEIGHT, glyphs_build.MAX_HEIGHT + 1):
        assert {font for font, _ in glyphdata.sizes_at(height)} == set(range(len(glyphs_build.FONT_NAMES))), height
    # every word textcounter matches is there (a word missing would score nothing)
    assert all(glyphdata.word(0, w, 20) is not None for w in glyphs_build.words())


def _entries(arrays: dict[str, np.ndarray], font: int) -> dict[tuple[str, int, int], np.ndarray]:
    out = {}
    for kind in ("char", "word"):
        for f, s, c, y, x, h, w, at in arrays[f"{kind}_index"].tolist():
            if f == font:
                out[kind, s, c] = np.concatenate([[y, x, h, w], arrays["pixels"][at:at + h * w]])
    return out


def test_the_shipped_file_is_a_fresh_build_from_the_fonts_found() -> None:
    """Each font installed here, rendered afresh, gives exactly what the file holds for it (with the
    Pillow and FreeType the file was built with: another FreeType may smooth a pixel otherwise)."""
    import PIL
    from PIL import features

    from cpsolve.picture import glyphdata, glyphs_build

    paths = glyphs_build.font_files()
    if not paths:
        pytest.skip("none of the fonts is installed here")
    with np.load(glyphdata.DATA) as f:
        shipped = {k: f[k] for k in f.files}
    if shipped["versions"].tolist() != [PIL.__version__, str(features.version("freetype2"))]:
        pytest.skip(f"built with Pillow, FreeType {shipped['versions'].tolist()}")
    names = shipped["fonts"].tolist()
    for path in paths:
        fresh = glyphs_build.build([path])
        i = names.index(path.name)
        assert np.array_equal(fresh["zero_heights"][0], shipped["zero_heights"][i]), path.name
        got, want = _entries(fresh, 0), _entries(shipped, i)
        assert got.keys() == want.keys(), path.name
        assert all(np.array_equal(got[k], want[k]) for k in got), path.name
