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
    #: digit -> its tile's colour, for skins whose digits are all drawn alike and whose tile's tint
    #: tells the number (then ``digits`` is empty)
    digit_tiles: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: whether its covered colour alone names the skin (a new game); False where another skin's
    #: greys could pass for it, and a revealed colour must be seen too
    named_alone: bool = True
    #: the shape (as in DIGIT_SHAPES) of its flag where that is drawn without red: a mark of this
    #: shape on a covered tile is a flag
    flag_shape: str = ""
    #: whether its revealed colours alone name the skin (with ``named_alone``); False where they are
    #: a near-white other skins' revealed tiles may share: its covered colour must be seen too
    revealed_alone: bool = True


CLASSIC = Skin("classic", {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128), 5: (128, 0, 0),
                           6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)})

#: Google's Minesweeper (the search page's game): a checkerboard of two greens covered, two tans
#: revealed, no bevel
GOOGLE = Skin("google", {1: (25, 118, 210), 2: (56, 142, 60), 3: (211, 47, 47), 4: (123, 31, 162),
                         5: (255, 143, 0), 6: (0, 151, 167), 7: (66, 66, 66), 8: (158, 158, 158)},
              # (each checkerboard pair and its mean: a group of both shades has the mean colour)
              covered=((170, 215, 81), (162, 209, 73), (166, 212, 77)),
              revealed=((229, 194, 159), (215, 184, 153), (222, 189, 156)))

#: cpsolve's own page and SVG (cpsolve/render/palette.py; tests/browser/test_picture_svg.py checks that these
#: are the palette's colours): flat tiles, a bluish grey covered, a light grey revealed; no green digit
CPSOLVE = Skin("cpsolve", {1: (0x1f, 0x4f, 0xd1), 2: (0x8a, 0x3f, 0xfc), 3: (0xc9, 0x2a, 0x2a), 4: (0x0d, 0x1a, 0x66),
                           5: (0x8a, 0x4b, 0x00), 6: (0x00, 0x72, 0x7a), 7: (0, 0, 0), 8: (0x6b, 0x6b, 0x6b)},
               covered=((0xa7, 0xb0, 0xba),), revealed=((0xe3, 0xe3, 0xe3),))

#: GNOME Mines 3.x and 40+ (its default theme): flat rounded tiles, grey covered, light grey 0s,
#: dark digits alike on a tile tinted by the number (gnome-mines data/themes/bgcolors/theme.css:
#: #DDFAC3 #ECEDBF #EDDAB4 #EDC38A #F7A1A2 #FEA785 #FF7D60 #FF323C), dark flags
_GNOME_TINTS = {1: (221, 250, 195), 2: (236, 237, 191), 3: (237, 218, 180), 4: (237, 195, 138),
                5: (247, 161, 162), 6: (254, 167, 133), 7: (255, 125, 96), 8: (255, 50, 60)}
GNOME = Skin("gnome", covered=((186, 189, 182),), revealed=((222, 222, 220), *_GNOME_TINTS.values()),
             digit_tiles=_GNOME_TINTS, named_alone=False,
             # the mean of the flags of tests/data/screens' gnome3-mid and gnome40-mid
             flag_shape="0962000009996300099999600999630009610000092000000920000008100000")

#: Microsoft Minesweeper (the Windows 8/10 Store app): glossy light-blue covered tiles (a face lighter
#: towards its middle, its most common colour this blue) each in a black outline on a dark page,
#: near-white revealed ones, its own digit colours (tests/data/screens' msminesweeper-new-9x9 and
#: ms-store-mid-30x16). No other skin's tile is this blue: it names the skin alone (a new game); its
#: revealed near-white (the most common colour of a face shaded lighter towards its middle) only
#: beside it.
MICROSOFT = Skin("microsoft", {1: (25, 188, 225), 2: (150, 180, 90), 3: (227, 87, 130), 4: (30, 87, 192),
                               5: (187, 41, 41)},
                 covered=((103, 182, 255),), revealed=((241, 241, 241),), revealed_alone=False)

SKINS = (CLASSIC, GOOGLE, CPSOLVE, GNOME, MICROSOFT)

#: What digits look like, per font: the mean glyph (cpsolve/picture/cells.py ``_glyphs``: the mark
#: scaled to 8 rows, width in proportion) of each digit, row by row, each grid cell's coverage 0-9.
#: "drawn" is tests/support/picture_render.py's (OpenCV's Hershey font); the others are the tuning
#: screenshots' games (tests/data/screens). Built by tests/pictures/test_picture_digits.py ``build_shapes``
#: (``python -m tests.pictures.test_picture_digits``); a font seen by no screenshot has no row, and where a
#: game showed no 5-8 those digits are known by the fonts that did.
DIGIT_SHAPES: dict[str, dict[int, str]] = {
    'drawn': {
        1: '0049810005999100065891000006910000069100000691000358964008999980',
        2: '0159951005956950055019700000594000069600007960000699643008999970',
        3: '0699995002469930000695000039960000147960021018800784697003999720',
        4: '0002891000079920005879200393492018715940399999931333795100003920',
        5: '0399994005944310069110000798981002423970032008800784597002999710',
        6: '0004920000397000018971000699995008811891197007910795597002899810',
        7: '0699996003447970000049300000780000049400000791000029500000592000',
        8: '0268861007833860077008700497794007955970185006810773388102899820',
    },
    'gnome1': {
        1: '0799900000599000000990000009900000099000000990000579975007999970',
        2: '0299992007777990000018900002796000179610018620000898777009999990',
        3: '0299920001778920000168100017961000155860000007900777799002999200',
    },
    'gnome2': {
        1: '0000770000599700001297000000970000009700000097000000970000009700',
        2: '0059950006922960078009700000295000029500006850000396221007999970',
        3: '0029970003943950037009500001890000016950037009500394395000299500',
        4: '0002990000099900006559000180590006626910079999700000590000005900',
    },
    'gnome2gray': {
        1: '0599900003299000000990000009900000099000000990000009900007999970',
        2: '0699962007205990010029900000599000039940003993000699500009999990',
        3: '0799982005105990000039800017982000026980000029900510599007999620',
        4: '0005992000299920006599200680992017109920297799811555996100009920',
    },
    'gnome3': {
        1: '0028800002999000004690000005900000059000000590000007910000999920',
        2: '0069860004956920001009200000491000029600002960000197000007999970',
        3: '0279960001657920000029200017950000178920000019500250695004999600',
        4: '0000960000059700002997000076770004908700099999700355883000007700',
    },
    'gnome40': {
        1: '0279500002595000000550000005500000055000000550000259952002999920',
        2: '0079950002557920000009500000790000029200002920000297550005999950',
        3: '0299950000557920000029200009950000057920000009500255595002999500',
        4: '0000770000079900002979000092590005907900059999500000792000005700',
        5: '0099990000955200009520000099970000002950000009500255792002999200',
    },
    'google': {
        1: '0004870000789700000077000000770000007700000077000000770000007700',
        2: '0179960005823930055009400000391000029400000950000195000005999970',
        3: '0069970001832810011008200003780000015920011006500183382000588600',
    },
    'haiku': {
        1: '0009900000099000000990000009900000099000000990000009900000099000',
        2: '0159720005999920079899600793996003759810001996100059997002999970',
        3: '0179971002999500017991000039910000169810002699200299992002999200',
    },
    # rbelohl's JavaFX jfxmines: DejaVu Sans Bold, small (a 1 with a flag and a foot, at small sizes
    # 0.85 like Windows 7's 3 and only 0.79 like any other font's 1)
    'jfxmines': {
        1: '0799970001269700000597000005970000059700000597000126981007999970',
        2: '0799997001226970000059700002783000377300018950000799621007999970',
        3: '0799970001226950000388100037970000357830000059700122695007999700',
        4: '0005997000589970007669700352597007657970079999700577897000005970',
    },
    'kmines': {
        1: '0049800006998000050880000008800000088000000880000008800004489540',
        2: '0169971007956960054008900000396000039810003981000296000008976660',
        3: '0069950006855860023007700001495000079700000039800640069107955980',
    },
    'winmine': {
        1: '0003930000399400039994000129940000099400000994000459974007999970',
        2: '3899998389855898441003990000489600489951389851009973222199999998',
        3: '9999997255555897000004990057799400577994000004994555589799999972',
        4: '0099399005971990099119906998899778888997000019900000199000001990',
    },
    'purplechecker': {
        1: '0000550000599500000055000000550000005500000055000000550000005500',
        2: '0299920000002700000027000000270000027000002700000270000002999920',
        3: '0099940000000900000009000009900000000900000009000000090000999000',
        4: '0000990000009900000909000090090000500900099999900000090000000900',
        5: '0099990000900000009000000099990000000900000009000000090000999000',
    },
    # (the same game's digits at cells of 32 px and more, averaged apart from its smaller ones, the row
    # above, hinted to straight strokes a pixel wide: test_picture_digits.BY_SIZE)
    'purplechecker@large': {
        1: '0012450000469500001095000000950000009500000095000000950000009500',
        2: '0067710000000700000007000000250000024000007500000560000005877730',
        3: '0047850000001710000005100013340000134710000005200010172001777500',
        4: '0000292000006920000549200058292001502920077789800000292000002920',
    },
    'win7': {
        1: '0368500002685000000550000005500000055000000550000147741004999940',
        2: '0189992000325940000029500000782000079300006940000499773004999940',
        3: '0389960002218810000078100037970000369810000049600332893004999600',
    },
    # raylib's own pixel font (DrawText with no font loaded: raylib-flat, raylib-slate-*): a 2 and a
    # 3 alike but for the lower left or right stroke, every digit in one colour in the slate game
    'raylib': {
        1: '0029910000059200000292000002920000029200000292000002920000019200',
        2: '0999998003444690000004900555569009868880094000000952221008999770',
        3: '0999999003444690000004900045569000568990000005900222249008999790',
    },
}
SKIN_BY_NAME = {skin.name: skin for skin in SKINS}


#: a colour within this (RGB distance) of one of a skin's tile colours is that tile colour
TILE_TOLERANCE = 8.0


def known_tile(colour: Sequence[float], tolerance: float = TILE_TOLERANCE, skins: Sequence[Skin] = SKINS
               ) -> tuple[str, bool] | None:
    """(skin name, covered) of a tile colour (R, G, B) one of ``skins`` (flat ones) uses, or None."""
    r, g, b = (float(v) for v in colour)
    for skin in skins:
        for covered, colours in ((True, skin.covered), (False, skin.revealed)):
            for c in colours:
                if ((r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2) ** 0.5 <= tolerance:
                    return skin.name, covered
    return None
