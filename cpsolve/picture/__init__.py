"""A board from a picture: ``read_image(source)`` finds the grid of a Minesweeper screenshot, reads
every cell, checks the reading against the rules of the game and returns a :class:`Reading`
(docs/pictures.md).

This package's front loads no image library: the command line and the web layer can test a file
name against :data:`IMAGE_SUFFIXES` and name the types for free; the first :func:`read_image` loads
numpy, OpenCV and Pillow (the ``image`` extra).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .reading import CellReading, ImageSupportMissing, NoBoardFound, Reading

if TYPE_CHECKING:
    from PIL.Image import Image

#: the modules of the ``image`` extra (pyproject.toml): one missing means no picture can be read here
IMAGE_LIBRARIES = frozenset({"cv2", "numpy", "PIL"})
#: File name endings read as pictures (lower case; compare ``name.lower().endswith(IMAGE_SUFFIXES)``).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp")

__all__ = ["IMAGE_SUFFIXES", "IMAGE_LIBRARIES", "CellReading", "ImageSupportMissing", "NoBoardFound", "Reading",
           "is_image_name", "read_image"]


def is_image_name(name: str | os.PathLike[str]) -> bool:
    """Whether a file name ends in one of :data:`IMAGE_SUFFIXES` (any case)."""
    return os.fspath(name).lower().endswith(IMAGE_SUFFIXES)


def read_image(source: str | os.PathLike[str] | bytes | Image, *, name: str | None = None) -> Reading:
    """Read the Minesweeper board in a picture: a file path, the file's bytes or a PIL image.

    ``name`` names the source in messages (default: the path, or ``<image>``). Raises
    :class:`NoBoardFound` (one line) when the input is not a readable image or holds no board;
    never returns a made-up board: cells it cannot read surely are listed in ``Reading.unsure``.
    """
    try:
        from .reader import read  # numpy, OpenCV, Pillow: loaded on first use
    except ImportError as exc:
        if exc.name not in IMAGE_LIBRARIES:
            raise  # a bug of ours, not a missing extra
        label = name or (os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<image>")
        raise ImageSupportMissing(f"{label}: reading pictures needs the image libraries (OpenCV, numpy, "
                                  f"Pillow; {exc.name} is missing): pip install 'cpsolve[image]'") from None
    return read(source, name=name)
