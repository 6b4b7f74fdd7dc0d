"""Any picture in, an RGB array out, or :class:`NoBoardFound` with one line saying why.

Pillow decodes (PNG, JPEG, BMP, GIF, WebP, ...). Its own errors are many types (OSError,
SyntaxError, ValueError, struct.error, DecompressionBombError, ...); every one of them becomes
:class:`NoBoardFound`. The size is checked from the header before any pixel is decoded, so a
decompression bomb is refused without being unpacked; an animated picture gives its first frame;
transparency is laid over white (a screenshot has none; an exported board may).
"""

from __future__ import annotations

import io
import os
import warnings
from typing import Any

import numpy as np
from PIL import Image, ImageFile

from ..plaintext import display_name
from .reading import NoBoardFound

#: The most pixels a picture may have: a 8K screenshot is 33 MP; larger is refused unread.
MAX_PIXELS = 40_000_000
#: The most bytes read from a file (a compressed picture of MAX_PIXELS is far smaller).
MAX_BYTES = 64 * 1024 * 1024
#: The smallest picture that can hold a board of 2x2 cells of 8 px with a border.
MIN_SIDE = 16


def load_rgb(source: str | os.PathLike[str] | bytes | Any, name: str) -> np.ndarray:
    """The picture as a C-contiguous ``uint8`` array of shape (height, width, 3), RGB."""
    if isinstance(source, Image.Image):
        return _to_rgb(source, name)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        try:
            with open(source, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        except OSError as exc:
            raise NoBoardFound(f"{name}: cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise NoBoardFound(f"{name}: not read: over {MAX_BYTES // (1024 * 1024)} MB")
    if not data:
        raise NoBoardFound(f"{name}: not an image: the input is empty")
    try:
        with warnings.catch_warnings():
            # Pillow's warnings on a broken file ("Corrupt EXIF data", ...) are not printed: the
            # command's answer is one line (the picture is refused or read as it is)
            warnings.simplefilter("ignore")
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            _check_size(image, name)
            return _to_rgb(image, name)
    except NoBoardFound:
        raise
    except Image.UnidentifiedImageError:
        raise NoBoardFound(f"{name}: not an image (not a PNG, JPEG, BMP, GIF or WebP picture)") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise NoBoardFound(f"{name}: refused: the picture is larger than {MAX_PIXELS:,} pixels") from None
    except MemoryError:
        raise NoBoardFound(f"{name}: refused: the picture is too large to decode") from None
    except Exception as exc:  # noqa: BLE001 - Pillow's decoders raise many types for a broken file
        what = " ".join(str(exc).split())[:120] or type(exc).__name__
        raise NoBoardFound(f"{name}: not a readable image ({what})") from None


def _check_size(image: Image.Image, name: str) -> None:
    w, h = image.size
    if w * h > MAX_PIXELS:
        raise NoBoardFound(f"{name}: refused: the picture has {w}x{h} pixels, more than {MAX_PIXELS:,}")
    if min(w, h) < MIN_SIDE:
        raise NoBoardFound(f"{name}: no board found: the picture is only {w}x{h} pixels")


def _to_rgb(image: Image.Image, name: str) -> np.ndarray:
    _check_size(image, name)
    if getattr(image, "n_frames", 1) > 1:
        image.seek(0)  # an animation: its first frame
    # Pillow decodes lazily; a truncated file fails here, not at open (and is refused, not padded)
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    image.load()
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    # (an RGB picture as it is: convert() would copy every pixel once more)
    rgb = np.asarray(image if image.mode == "RGB" else image.convert("RGB"), dtype=np.uint8)
    if rgb.ndim != 3 or rgb.shape[2] != 3:
        raise NoBoardFound(f"{name}: not a readable image (unexpected pixel layout)")
    return np.ascontiguousarray(rgb)


def source_name(source: object, name: str | None) -> str:
    """The name of a source for messages: ``name``, else a path as given, else ``<image>``."""
    if name is not None:
        return display_name(name)
    if isinstance(source, (str, os.PathLike)):
        return display_name(os.fspath(source)) if isinstance(os.fspath(source), str) else "<image>"
    return "<image>"
