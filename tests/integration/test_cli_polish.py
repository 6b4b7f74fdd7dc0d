"""Issue 43's command-line defects: each test failed before its fix (items 4, 5, 6, 8, 9, 11, 12)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cpsolve.cli import COMMANDS, EXIT_BAD_INPUT, main
from tests.support.cli_run import one_line, run
from tests.support.paths import DATA, ROOT

#: A write that failed (docs/exit-codes.md).
EXIT_IO = 74
HEADLINE = ROOT / "examples" / "headline.txt"
EXPERT = ROOT / "examples" / "expert-midgame.txt"

#: A count of 1 with a plural noun: what item 9 found ("after 1 steps", "1 boards", "1 mines left").
ONE_PLURAL = re.compile(r"(?<![\d.,/])1 (mines|cells|steps|boards|layouts|flags|variables|positions|components)\b")


def _cli(*argv: str, stdin: str | None = None, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cpsolve", *argv], capture_output=stdout is None,
                          stdout=stdout, stderr=subprocess.PIPE if stdout is not None else None,
                          text=True, input=stdin, timeout=120, cwd=ROOT)


# item 12 ------------------------------------------------------------------------------------------

def test_a_missing_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([], capsys)
    assert status == EXIT_BAD_INPUT and out == ""
    assert "a command is required" in one_line(err)


def test_dir_of_the_package_shows_only_its_names() -> None:
    import cpsolve

    names = dir(cpsolve)
    assert not {"Any", "importlib", "TYPE_CHECKING", "annotations", "_EXPORTS"} & set(names)
    assert set(cpsolve.__all__) <= set(names) and "__version__" in names


def test_serve_time_limit_help_gives_its_default(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["serve", "--help"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.strip().startswith("--time-limit"))
    assert "default 2)" in line


def test_compare_verbose_lists_the_forced_cells(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = run(["compare", "--engines", "sat", str(HEADLINE)], capsys)
    loud = run(["compare", "--engines", "sat", "-v", str(HEADLINE)], capsys)
    assert quiet[0] == loud[0] == 0
    assert not [ln for ln in quiet[1].splitlines() if ln.startswith(("  forced mine:", "  forced safe:"))]
    # the headline board: 1,2 is the one mine (docs/board-format.md), the 12 other cells are safe
    assert "  forced mine: 1,2\n" in loud[1]
    assert "  forced safe: 0,0 0,2 0,3 0,4 1,0 1,1 1,3 1,4 2,0 2,1 2,2 2,4\n" in loud[1]


# item 5 -------------------------------------------------------------------------------------------

def test_generate_out_says_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["generate", "--difficulty", "beginner", "--count", "3", "--seed", "7",
                          "--out", str(tmp_path)], capsys)
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layout-7-0.txt", "layout-7-1.txt", "layout-7-2.txt"]
    assert out == f"wrote 3 layouts to {tmp_path}: layout-7-0.txt to layout-7-2.txt\n"


# item 8 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [c.replace("_", "-") for c in COMMANDS])
def test_help_fits_80_columns(command: str, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main([command, "--help"]) == 0
    wide = [ln for ln in capsys.readouterr().out.splitlines() if len(ln) > 80]
    assert not wide, wide


def test_verify_ng_needs_a_guess_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["verify-ng", str(DATA / "needs-guess.txt"), "--first-cell", "0,0"], capsys)
    assert status == 1 and "NEEDS A GUESS" in out
    assert max(map(len, out.splitlines())) <= 80, out


# items 4 and 8: replay ----------------------------------------------------------------------------

def test_replay_all_lists_the_unflags_within_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ms_toollib")
    status, out, _ = run(["replay", "--all", str(DATA / "replays" / "beg.avf")], capsys)
    assert status == 0
    assert max(map(len, out.splitlines())) <= 80, out
    # beg.avf: the player flags 1,1 six times and removes the flag between (events 3-13)
    kinds = [ln.split()[2] for ln in out.splitlines() if re.match(r"\s+\d+\s+\d+\.\d\d ", ln)]
    rows = [ln for ln in out.splitlines() if re.match(r"\s+\d+\s+\d+\.\d\d (un)?flag +1,1 ", ln)]
    assert [r.split()[2] for r in rows] == ["flag", "unflag"] * 5 + ["flag"]
    assert kinds.count("unflag") == 5
    # without --all the unflags are not listed (nothing to judge in them)
    run(["replay", str(DATA / "replays" / "beg.avf")], capsys)


# item 9 -------------------------------------------------------------------------------------------

def test_counts_of_one_are_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cpsolve.words import plural

    assert (plural(1, "step"), plural(0, "step"), plural(2, "step")) == ("1 step", "0 steps", "2 steps")
    texts = []
    one_cell = tmp_path / "one-cell.txt"   # 0,1 opens as a 1 and nothing is proved: 1 cell revealed
    one_cell.write_text("mines: 1\n*.\n..\n")
    texts += run(["verify-ng", str(one_cell), "--first-cell", "0,1"], capsys)[1:]
    texts += run(["compare", "--engines", "sat", str(HEADLINE)], capsys)[1:]
    texts += run(["encode", str(HEADLINE)], capsys)[1:]
    flags = tmp_path / "flags.txt"
    flags.write_text("mines: 1\nF F\n. 2\n")
    texts += run(["solve", str(flags)], capsys)[1:]
    over = tmp_path / "over.txt"
    over.write_text("mines: 2\n1 .\n1 1\n")
    texts += run(["solve", str(over)], capsys)[1:]
    texts += run(["play", "--difficulty", "3x3x1", "--games", "1", "--seed", "1"], capsys)[1:]
    texts += run(["generate", "--difficulty", "2x1x1", "--first-click", "opening"], capsys)[1:]
    joined = "\n".join(texts)
    assert "(1 cell revealed)" in joined and "1 board:" in joined and "total of 1 mine\n" in joined
    assert "2 mines do not fit in 1 covered cell" in joined
    assert not ONE_PLURAL.search(joined), ONE_PLURAL.findall(joined)


# item 11 ------------------------------------------------------------------------------------------

def test_sizes_are_width_x_height_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/usage.md's "5x3" (width x height), the WxHxM header, encode's header and the reprs agree."""
    import cpsolve
    from cpsolve.simulate import Game

    status, out, _ = run(["encode", str(HEADLINE)], capsys)
    assert status == 0 and "(5x3, mines 1)" in out.splitlines()[0]
    board = cpsolve.load(HEADLINE)
    assert (board.cols, board.rows) == (5, 3)
    with pytest.raises(ValueError, match="on 5x3 "):
        Game(3, 5, 15)
    big = cpsolve.parse_board("mines: 1\n" + ("." * 150 + "\n") * 2)  # a repr over 200 characters
    assert repr(big).startswith("<Board 150x2,")
    assert repr(cpsolve.analyze(board)).startswith("<Analysis 5x3,")


# item 6 -------------------------------------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["solve", str(EXPERT)], ["solve", "--json", str(EXPERT)],
                                  ["check", str(EXPERT), "4,21"], ["encode", str(EXPERT)]])
def test_a_failed_write_is_one_line_and_exit_74(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "cpsolve", *argv], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == EXIT_IO, proc.stderr
    assert one_line(proc.stderr) == "cpsolve: input/output error (No space left on device)"


def test_a_failed_file_write_is_exit_74(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = str(tmp_path / "no-such-dir" / "x.svg")
    status, _, err = run(["solve", str(HEADLINE), "--svg", target], capsys)
    assert status == EXIT_IO and one_line(err).startswith(f"cpsolve: {target}: cannot write the SVG (")


@pytest.mark.parametrize("argv", [["solve", str(EXPERT)], ["solve", "--wide", str(EXPERT)],
                                  ["encode", str(EXPERT)], ["generate", "--count", "200"]])
def test_a_closed_pipe_is_quiet(argv: list[str]) -> None:
    """``| head -1``: the reader takes a line and goes; no traceback, no message, exit 0."""
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0 and err == b""


# item 10 ------------------------------------------------------------------------------------------

def test_play_gives_a_key_to_its_kinds_of_guess(capsys: pytest.CaptureFixture[str]) -> None:
    from cpsolve.play.strategy import GUESS_KINDS

    status, out, _ = run(["play", "--difficulty", "expert", "--games", "4", "--seed", "1"], capsys)
    assert status == 0
    counted = {w.rstrip(",") for ln in out.splitlines() if ln.startswith(("  guesses", "  games lost on", " " * 24))
               for w in ln.split() if w.rstrip(",") in GUESS_KINDS}
    assert counted  # 4 Expert games guess
    key = out.split("  kinds of guess:\n", 1)[1].splitlines()
    keyed = {ln.split()[0] for ln in key if ln.startswith("    ") and ln.split()[0] in GUESS_KINDS}
    assert counted <= keyed
    assert max(map(len, out.splitlines())) <= 80


def test_demo_and_the_legend_give_their_marks_a_key(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["demo", "headline"], capsys)
    assert status == 0 and "    ?" in out and "\n?: " in out
    status, out, _ = run(["solve", "--no-color", str(EXPERT)], capsys)
    assert ".s/.m probability exactly 0/1, not proved in the time limit" in out


def test_the_summary_says_to_open_proved_safe_cells_rather_than_guess(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    status, out, _ = run(["solve", str(EXPERT)], capsys)
    assert status == 0
    assert "next: open the 5 proved-safe cells; no guess is needed" in out and "best guess:" not in out
    blank = tmp_path / "blank.txt"  # nothing proved: a guess is named, with its probability
    blank.write_text("mines: 4\n. . . .\n. . . .\n. . . .\n. . . .\n")
    status, out, _ = run(["solve", str(blank)], capsys)
    assert "best guess: " in out and "(mine probability 1/4 = 0.2500)" in out and "next: open" not in out


def test_a_closed_standard_output_is_one_line_and_exit_74() -> None:
    """``cpsolve solve B >&-``: Python starts with no standard output (sys.stdout None)."""
    proc = subprocess.run(f"{sys.executable} -m cpsolve solve {EXPERT} >&-", shell=True, capture_output=False,
                          stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == EXIT_IO
    assert one_line(proc.stderr) == "cpsolve: input/output error (standard output is closed)"
