"""The renderer (cpsolve.render): the compact terminal grid fits, colours follow the rule "green means
proved safe", NO_COLOR and non-terminal output carry no escape codes, and the SVG shows the same."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from cpsolve import analyze, parse_board
from cpsolve.cli import main
from cpsolve.render import palette, print_grid, render_grid, render_svg
from tests.support.paths import BOARDS

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SVG = "{http://www.w3.org/2000/svg}"


def expert():
    board = parse_board((BOARDS / "expert-midgame.txt").read_text())
    return board, analyze(board)


def is_green(hex_colour: str) -> bool:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return g > r + 30 and g > b + 10


def test_scale_has_no_green_and_proved_safe_is_green():
    assert is_green(palette.PROVED_SAFE)
    for i in range(101):
        assert not is_green(palette.probability_colour(i / 100)), i
    assert not any(is_green(c) for c in palette.NUMBER_COLOURS)
    rgbs = [palette._rgb(c) for c in palette.NUMBER_COLOURS]
    assert min(math.dist(a, b) for i, a in enumerate(rgbs) for b in rgbs[i + 1:]) >= 80  # 2 and 6 were 13 apart


@pytest.mark.parametrize("colour", [False, True])
def test_expert_compact_grid_fits_80_columns(colour):
    board, result = expert()
    text = render_grid(board, result, colour=colour)
    assert board.cols == 30
    for line in text.splitlines():
        assert len(ANSI.sub("", line)) <= 80, line
    assert ("\x1b[" in text) is colour
    assert "legend:" in text


def test_compact_codes_match_the_analysis():
    board, result = expert()
    lines = render_grid(board, result).splitlines()
    grid = lines[1:1 + board.rows]
    label = len(str(board.rows - 1)) + 1
    for cell in result.cells:
        code = grid[cell.row][label + 2 * cell.col: label + 2 * cell.col + 2]
        if (cell.row, cell.col) == result.best_guess:
            assert code == "[]"
        elif cell.proof is not None:
            assert code == (" M" if cell.proof.mine else " S")
        else:
            assert code == "." + str(min(9, int(cell.probability.value * 10)))
    # revealed numbers keep a leading space, so they never read as a probability
    assert grid[0][label:label + 4] == "   1"


def test_estimates_are_marked_and_never_proved_looking():
    board, _ = expert()
    result = analyze(board, exact_limit=4)
    assert not result.exact
    text = render_grid(board, result)
    assert "~" in text
    wide = render_grid(board, result, wide=True)
    assert "~" in wide and "%" in wide


def test_no_color_env_and_non_terminal(monkeypatch):
    board, result = expert()
    # a terminal with NO_COLOR: no colour codes (rich honours the variable)
    monkeypatch.setenv("NO_COLOR", "1")
    buf = io.StringIO()
    print_grid(board, result, console=Console(file=buf, force_terminal=True, width=200))
    out = buf.getvalue()
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-9]|10[0-7])[;m]", out), "colour code with NO_COLOR"
    monkeypatch.delenv("NO_COLOR")
    # not a terminal: no escape codes at all, the plain best-guess mark
    buf = io.StringIO()
    print_grid(board, result, console=Console(file=buf, width=200))
    assert "\x1b[" not in buf.getvalue() and "[]" in buf.getvalue()
    # a terminal: colours
    buf = io.StringIO()
    print_grid(board, result, console=Console(file=buf, force_terminal=True, color_system="truecolor", width=200))
    assert "\x1b[" in buf.getvalue()


def test_cli_wide_gives_percentages(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # wide enough for one band (the grid fits the terminal's width)
    assert main(["solve", "--wide", str(BOARDS / "expert-midgame.txt")]) == 0
    out = capsys.readouterr().out
    assert "28%" in out and max(len(x) for x in out.splitlines()) > 120
    assert main(["solve", str(BOARDS / "expert-midgame.txt")]) == 0
    out = capsys.readouterr().out
    assert "%" not in out.split("legend")[0] and max(len(x) for x in out.splitlines()[:17]) <= 80


def fills(svg_text: str) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(svg_text)
    out: dict[str, list[ET.Element]] = {}
    for g in root.iter(SVG + "g"):
        out.setdefault(g.get("class", ""), []).append(g)
    return out


def cell_of(g: ET.Element) -> tuple[int, int]:
    title = g.find(SVG + "title").text
    r, c = title.split(":")[0].split(",")
    return int(r), int(c)


def test_svg_green_only_on_proved_safe_and_best_outlined(tmp_path, capsys):
    out = tmp_path / "x.svg"
    assert main(["solve", str(BOARDS / "expert-midgame.txt"), "--svg", str(out)]) == 0
    board, result = expert()
    groups = fills(out.read_text())
    safe = set(result.proved_safe)
    seen_safe = set()
    for cls, gs in groups.items():
        for g in gs:
            fill = g.find(SVG + "rect").get("fill")
            if is_green(fill):
                assert cls.split()[0] == "proved_safe"
                seen_safe.add(cell_of(g))
    assert seen_safe == safe
    assert {cell_of(g) for g in groups.get("proved_mine", [])} == set(result.proved_mine)
    best = [g for cls, gs in groups.items() if "best" in cls.split() for g in gs]
    assert [cell_of(g) for g in best] == [result.best_guess]
    assert 'class="best-outline"' in out.read_text()
    # every exact cell's hover text carries its exact fraction
    exact = [g for g in groups.get("exact", [])]
    assert exact and all("basis: exact" in g.find(SVG + "title").text for g in exact)


def test_svg_estimates_hatched_never_green():
    board, _ = expert()
    result = analyze(board, exact_limit=4)
    groups = fills(render_svg(board, result))
    est = [g for cls, gs in groups.items() if cls.split()[0] == "estimate" for g in gs]
    assert est
    for g in est:
        rects = g.findall(SVG + "rect")
        assert not is_green(rects[0].get("fill"))
        assert any(r.get("fill") == "url(#hatch)" for r in rects)
        assert "estimate" in g.find(SVG + "title").text


def test_svg_for_several_boards_is_refused(capsys, tmp_path):
    p = str(BOARDS / "headline.txt")
    assert main(["solve", p, p, "--svg", str(tmp_path / "x.svg")]) == 2
    assert "exactly one board" in capsys.readouterr().err
