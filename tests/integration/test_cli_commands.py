"""Command defects of issue 10: bad options are one line and exit 2, loops end, Ctrl-C is honoured."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support.cli_run import one_line, run
from tests.support.paths import BOARDS


def test_play_unknown_engine_is_bad_usage(capsys):
    status, out, err = run(["play", "--games", "1", "--engine", "bogus"], capsys)
    assert status == 2
    assert "bogus" in one_line(err)


def test_play_records_into_missing_directory(tmp_path, capsys):
    status, out, err = run(["play", "--games", "1", "--difficulty", "beginner",
                            "--records", str(tmp_path / "no" / "such" / "r.jsonl")], capsys)
    assert status == 2
    assert "No such file or directory" in one_line(err)


def test_play_records_onto_a_directory(tmp_path, capsys):
    status, out, err = run(["play", "--games", "1", "--difficulty", "beginner", "--records", str(tmp_path)],
                           capsys)
    assert status == 2
    assert "is a directory" in one_line(err)


def test_play_jobs_capped(capsys):
    status, out, err = run(["play", "--games", "1", "--jobs", "100000"], capsys)
    assert status == 2
    assert "limit" in one_line(err)


def test_play_records_in_game_order(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    status, out, err = run(["play", "--games", "4", "--difficulty", "5x5x3", "--records", str(path),
                            "--json"], capsys)
    assert status == 0, err
    assert [json.loads(ln)["index"] for ln in path.read_text().splitlines()] == [0, 1, 2, 3]


@pytest.mark.parametrize("difficulty", ["1x1x0", "2x1x1", "3x3x0", "1x2x1"])
def test_compare_generate_ends_when_every_game_is_won_at_once(difficulty, capsys):
    # before: an endless loop (every game ends on its first click, so no position ever comes)
    signal.signal(signal.SIGALRM, lambda *a: (_ for _ in ()).throw(TimeoutError()))
    signal.alarm(20)
    try:
        status, out, err = run(["compare", "--generate", "3", "--difficulty", difficulty], capsys)
    finally:
        signal.alarm(0)
    assert status == 0
    assert out.startswith("note: 0 of 3 positions generated")
    assert "\n0 boards" in out and err == ""


def test_compare_generate_negative_rejected(capsys):
    status, out, err = run(["compare", "--generate", "-1"], capsys)
    assert status == 2
    assert "at least 0" in one_line(err)


@pytest.mark.parametrize("cell", ["-1,0", "0,-1", "-3,-4", "99,0"])
def test_check_negative_or_large_cell_is_off_the_board(cell, capsys):
    status, out, err = run(["check", str(BOARDS / "headline.txt"), cell], capsys)
    assert status == 2
    assert f"cell {cell} is off the board" in one_line(err)


@pytest.mark.parametrize("cell", ["1", "a,b", "1,2,3", "\u0661,0", "9" * 5000 + ",0"])
def test_check_malformed_cell(cell, capsys):
    status, out, err = run(["check", str(BOARDS / "headline.txt"), cell], capsys)
    assert status == 2
    assert "is not a cell" in one_line(err)


def test_play_first_cell_negative(capsys):
    status, out, err = run(["play", "--games", "1", "--first-cell", "-1,0"], capsys)
    assert status == 2
    assert "off the" in one_line(err)


@pytest.mark.parametrize("command", [["play", "--games", "1"], ["generate", "--count", "1"]])
def test_game_commands_check_the_board_alike(command, capsys):
    """play and generate read --difficulty and --first-cell through one function: one message each."""
    status, out, err = run([*command, "--difficulty", "beginner", "--first-cell", "9,0"], capsys)
    assert status == 2 and out == ""
    assert one_line(err) == "cpsolve: --first-cell 9,0 is off the board (9 rows x 9 columns)"
    status, out, err = run([*command, "--difficulty", "3x3x9"], capsys)
    assert status == 2 and out == ""
    assert one_line(err) == "cpsolve: difficulty '3x3x9': 9 mines leave no safe cell on 3x3"


def _sigint_default() -> None:
    """Give a child process Ctrl-C's default action. A shell starts background jobs with SIGINT
    ignored (POSIX), and Python then installs no KeyboardInterrupt handler: a test run from such a
    job (``.ci/run &``) would test nothing but that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_keyboard_interrupt_survives_analyze():
    # CP-SAT installs its own SIGINT handler at its first solve unless told not to: the signal then
    # kills the process instead of raising KeyboardInterrupt. The headline board needs solver calls.
    code = (
        "import os, signal, time, cpsolve\n"
        f"b = cpsolve.parse_board(open({str(BOARDS / 'headline.txt')!r}).read())\n"
        "r = cpsolve.analyze(b)\n"
        "from cpsolve.proof import prove_board\n"
        "p = prove_board(b)  # the engine alone: always solver calls (analyze settles this board by propagation)\n"
        "assert p.stats.solver_calls > 0, p.stats\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=_sigint_default)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "KeyboardInterrupt"


def test_play_ctrl_c_exits_130_and_keeps_the_records(tmp_path):
    records = tmp_path / "r.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "play", "--difficulty", "beginner", "--games",
                             "100000", "--jobs", "1", "--records", str(records), "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_sigint_default)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if records.exists() and records.read_text().count("\n") >= 2:
                break
            time.sleep(0.1)
        else:
            pytest.fail("no game finished in 60 s")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    text = records.read_text()
    assert text.endswith("\n")
    lines = text.splitlines()
    assert [json.loads(ln)["index"] for ln in lines] == list(range(len(lines)))


@pytest.mark.parametrize("text, cell, message", [
    ("mines: 1\n1 .\n. .\n", "0,0", "cell 0,0 is revealed (a 1), not a covered cell"),
    ("mines: 1\n1 *\n. .\n", "0,1", "cell 0,1 is a known mine ('*'), nothing to prove"),
    ("mines: 1\n1 .\nF .\n", "1,0",
     "cell 1,0 is flagged and counted as a mine; use --ignore-flags to check it"),
])
def test_check_refuses_a_cell_with_nothing_to_prove(tmp_path, capsys, text, cell, message):
    path = tmp_path / "b.txt"
    path.write_text(text)
    status, _, err = run(["check", str(path), cell], capsys)
    assert status == 2
    assert one_line(err) == f"cpsolve: {path}: {message}"


def test_nothing_to_prove_in_the_library_and_a_flag_checked_when_flags_are_ignored():
    from cpsolve import parse_board
    board = parse_board("mines: 1\n1 .\nF .\n")
    assert board.nothing_to_prove(0, 0) == "cell 0,0 is revealed (a 1), not a covered cell"
    assert board.nothing_to_prove(1, 0) == "cell 1,0 is flagged and counted as a mine"
    assert board.nothing_to_prove(1, 0, trust_flags=False) is None
    assert board.nothing_to_prove(0, 1) is None
