"""A picture where a command takes a board file (``solve``, ``check``, ``compare``, ``encode``).

:func:`cpsolve.cli.read_board` sends a board here when its file name ends in one of
:data:`~cpsolve.picture.IMAGE_SUFFIXES`, or when its bytes begin as a picture does (a screenshot
saved as ``board.txt``, or piped to standard input). The reading (:func:`cpsolve.read_image`) gives
the board; a picture that holds none, and a reading with unsure cells, become a
:class:`~cpsolve.board.BoardError` naming the file, so that every command treats them as any other
bad board file: one line on standard error, exit 2 (``solve`` and ``compare`` go on to their next
board). ``--accept-unsure`` (:func:`.args.add_accept_unsure_option`) takes an unsure reading
anyway, its unsure cells covered, and says so on standard error.

The image libraries load only when a picture is met: the front of :mod:`cpsolve.picture` loads none.
"""

from __future__ import annotations

import sys

from ..board import Board, BoardError
from ..picture import NoBoardFound, is_image_name, read_image
from ..plaintext import display_name

__all__ = ["board_from_picture", "is_image_name", "looks_like_image"]

#: Unsure cells named in a refusal, at most (the rest counted): the line stays one line.
NAMED_CELLS = 12

#: The first bytes of each picture format :func:`cpsolve.read_image` decodes.
_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")
#: The sizes of a BMP's info header (BITMAPCOREHEADER .. BITMAPV5HEADER).
_BMP_HEADERS = (12, 16, 40, 52, 56, 64, 108, 124)


def looks_like_image(data: bytes) -> bool:
    """Whether ``data`` begins as a PNG, JPEG, GIF, WebP or BMP file does. No board text does: the
    first three begin with bytes that are not UTF-8 or with ``GIF8``, WebP's ``RIFF`` is followed by
    ``WEBP``, and BMP's ``BM`` is checked with its reserved zero bytes and its header's size."""
    if data.startswith(_MAGIC):
        return True
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return True
    return (data[:2] == b"BM" and len(data) >= 18 and data[6:10] == b"\0\0\0\0"
            and int.from_bytes(data[14:18], "little") in _BMP_HEADERS)


def board_from_picture(source: str | bytes, name: str, accept_unsure: bool = False) -> Board:
    """The board read from the picture at the path ``source`` (or its bytes), ``name`` in messages.

    Raises :class:`BoardError` (one line, ``name: what``) when the picture holds no board, and when
    some cells were read unsurely unless ``accept_unsure``: then those cells are covered in the
    board (as :class:`~cpsolve.picture.Reading` makes it) and standard error names them.
    """
    label = display_name(name)
    try:
        reading = read_image(source, name=name)
    except NoBoardFound as exc:
        raise BoardError(_without_name(str(exc), label), name) from None
    if reading.unsure:
        cells = _cells(reading.unsure)
        n = len(reading.unsure)
        which = f"{n} cell{'s' if n != 1 else ''} ({cells})"
        if not accept_unsure:
            raise BoardError(f"the picture's board was read unsurely at {which}; 'cpsolve read' shows the "
                             "reading, --accept-unsure takes those cells as covered", name)
        print(f"cpsolve: {label}: {which} read unsurely, taken as covered (--accept-unsure)", file=sys.stderr)
    return reading.board


def _cells(cells: tuple[tuple[int, int], ...]) -> str:
    shown = " ".join(f"{r},{c}" for r, c in cells[:NAMED_CELLS])
    more = len(cells) - NAMED_CELLS
    return shown + (f" and {more} more" if more > 0 else "")


def _without_name(message: str, label: str) -> str:
    """A NoBoardFound message (``label: what``) without its leading name (BoardError adds it back)."""
    prefix = f"{label}: "
    return message[len(prefix):] if message.startswith(prefix) else message
