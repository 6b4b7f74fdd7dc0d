"""Skins: what the cells of a Minesweeper look like, as the reader needs to know it.

A :class:`Skin` names the digit colours and how far a covered cell stands out (its bevel). The
default, :data:`CLASSIC`, is the convention most games follow (winmine and its descendants):
raised grey covered cells, flat revealed cells, 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal,
7 black, 8 grey. docs/pictures.md says how to add a skin.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Skin:
    name: str
    #: digit -> RGB of its strokes
    digits: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: luminance difference (top/left minus bottom/right) above which a cell is raised (covered)
    bevel: float = 25.0


CLASSIC = Skin("classic", {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128), 5: (128, 0, 0),
                           6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)})

SKINS = (CLASSIC,)
