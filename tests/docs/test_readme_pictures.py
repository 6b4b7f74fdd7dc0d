"""README's pictures are what README's commands make (issue 43 item 7: docs/expert-midgame.svg was
stale). Each test runs the command README names, from the repository's root as README does, and
compares; when one fails, rerun that command (it is in the message) and commit its output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cpsolve.cli import main
from tests.support.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_heat_map_is_what_readmes_command_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    command = "cpsolve solve examples/expert-midgame.txt --svg docs/expert-midgame.svg"
    assert f"`{command}`" in README  # the command README gives for the picture
    monkeypatch.chdir(ROOT)  # the SVG's title names the board as given
    out = tmp_path / "expert-midgame.svg"
    assert main(["solve", "examples/expert-midgame.txt", "--svg", str(out)]) == 0
    capsys.readouterr()
    assert out.read_text(encoding="utf-8") == (ROOT / "docs" / "expert-midgame.svg").read_text(encoding="utf-8"), \
        f"docs/expert-midgame.svg is stale: run {command}"


def test_the_plain_grid_in_readme_is_what_the_command_prints(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    head = "`cpsolve solve examples/expert-midgame.txt` (plain, as in a pipe):\n\n```\n"
    assert head in README
    shown = README.split(head, 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert main(["solve", "--no-color", "examples/expert-midgame.txt"]) == 0
    printed = capsys.readouterr().out
    grid = printed[:printed.index("mines: ")]  # the grid and its legend, as README shows them
    assert shown == grid, "README's grid is stale: run cpsolve solve examples/expert-midgame.txt"
    assert re.search(r"^legend: ", shown, re.M)
