"""Skins: what the cells of a Minesweeper look like, as the reader needs to know it.

A :class:`Skin` names the digit colours and how far a covered cell stands out (its bevel). The
default, :data:`CLASSIC`, is the convention most games follow (winmine and its descendants):
raised grey covered cells, flat revealed cells, 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal,
7 black, 8 grey. docs/pictures.md says how to add a skin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Skin:
    name: str
    #: digit -> RGB of its strokes
    digits: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: luminance difference (top/left minus bottom/right) above which a cell is raised (covered)
    bevel: float = 25.0
    #: tile colours of covered cells, for flat skins (a board of covered cells alone is then known)
    covered: tuple[tuple[int, int, int], ...] = ()
    #: tile colours of revealed cells, for flat skins
    revealed: tuple[tuple[int, int, int], ...] = ()


CLASSIC = Skin("classic", {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128), 5: (128, 0, 0),
                           6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)})

#: Google's Minesweeper (the search page's game): a checkerboard of two greens covered, two tans
#: revealed, no bevel
GOOGLE = Skin("google", {1: (25, 118, 210), 2: (56, 142, 60), 3: (211, 47, 47), 4: (123, 31, 162),
                         5: (255, 143, 0), 6: (0, 151, 167), 7: (66, 66, 66), 8: (158, 158, 158)},
              # (each checkerboard pair and its mean: a group of both shades has the mean colour)
              covered=((170, 215, 81), (162, 209, 73), (166, 212, 77)),
              revealed=((229, 194, 159), (215, 184, 153), (222, 189, 156)))

#: cpsolve's own page and SVG (cpsolve/render/palette.py; tests/test_picture_svg.py checks that these
#: are the palette's colours): flat tiles, a bluish grey covered, a light grey revealed; no green digit
CPSOLVE = Skin("cpsolve", {1: (0x1f, 0x4f, 0xd1), 2: (0x8a, 0x3f, 0xfc), 3: (0xc9, 0x2a, 0x2a), 4: (0x0d, 0x1a, 0x66),
                           5: (0x8a, 0x4b, 0x00), 6: (0x00, 0x72, 0x7a), 7: (0, 0, 0), 8: (0x6b, 0x6b, 0x6b)},
               covered=((0xa7, 0xb0, 0xba),), revealed=((0xe3, 0xe3, 0xe3),))

SKINS = (CLASSIC, GOOGLE, CPSOLVE)
SKIN_BY_NAME = {skin.name: skin for skin in SKINS}


def known_tile(colour: Sequence[float], tolerance: float = 8.0) -> tuple[str, bool] | None:
    """(skin name, covered) of a tile colour (R, G, B) some flat skin is known to use, or None."""
    r, g, b = (float(v) for v in colour)
    for skin in SKINS:
        for covered, colours in ((True, skin.covered), (False, skin.revealed)):
            for c in colours:
                if ((r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2) ** 0.5 <= tolerance:
                    return skin.name, covered
    return None
