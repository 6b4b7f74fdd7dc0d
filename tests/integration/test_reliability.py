"""Issue 27: the player and the command line on the positions and options that broke them.

Each test here failed before its fix (the issue's item number is in its name).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cpsolve import analyze, parse_board
from cpsolve.cli import EXIT_INTERNAL, main
from cpsolve.play import guess
from cpsolve.play.guess import Evaluator
from cpsolve.play.lookahead import Lookahead
from cpsolve.play.strategy import Strategy
from tests.support.oracle import brute_force


def _grid(rows: int, cols: int, mines: int, clues: dict[tuple[int, int], int]) -> str:
    g = [["."] * cols for _ in range(rows)]
    for (r, c), v in clues.items():
        g[r][c] = str(v)
    return f"mines: {mines}\n" + "\n".join(" ".join(row) for row in g) + "\n"


def test_item3_every_covered_cell_a_mine_has_no_move_and_no_guess():
    """Every covered cell is a mine (a won game): no move, no best guess; it was max() of nothing."""
    board = parse_board("mines: 1\n1 .\n1 1\n")
    a = analyze(board)
    assert a.best_guess is None
    assert json.loads(a.to_json_text())["best_guess"] is None
    assert a.to_json()["best_guess"] is None
    move = Strategy().choose(board, a)
    assert move.cells == () and not move.guess
    state = Lookahead().solve(board)
    assert Evaluator(Lookahead(), state).candidates() == []   # was ValueError: max() arg is an empty sequence


def test_item1_decided_by_the_count_but_not_by_the_analysis_opens_a_counted_safe_cell():
    """The analysis cut short (exact_limit 0, tiny time limit) leaves cells the look-ahead decides:
    the player opens one with no mine in any placement (a guess by label), not max() of nothing."""
    board = parse_board("mines: 2\n1 . . .\n. . 1 .\n")
    truth = brute_force(board)
    assert truth is not None
    move = Strategy().smart_guess(board)
    assert move is not None and move.reason == "counted-safe" and move.guess
    (r, c), = move.cells
    assert truth[r * board.cols + c] == 0


def test_item1_play_with_no_exact_count_and_a_tiny_time_limit_does_not_crash():
    """The issue's command on beginner (game 21 of seed 777 reached a position decided by counting)."""
    status = main(["play", "--difficulty", "beginner", "--games", "22", "--seed", "777", "--exact-limit", "0",
                   "--time-limit", "0.001", "--jobs", "1", "--no-progress", "--json"])
    assert status == 0


@pytest.mark.parametrize("rows,cols,mines,clue", [(40, 40, 300, (20, 20)), (2000, 1, 400, (0, 0)),
                                                   (1, 2000, 400, (0, 0))])
def test_item2_huge_counts_do_not_overflow_floats(rows, cols, mines, clue):
    """On a 40x40 board with one clue (or a 2000-cell row) the placements number thousands of digits:
    the evaluator's weights were float(huge int) (OverflowError). The move is a covered, unproved cell."""
    board = parse_board(_grid(rows, cols, mines, {clue: 1}))
    a = analyze(board)
    move = Strategy().choose(board, a)
    assert move.guess and len(move.cells) == 1
    (r, c), = move.cells
    cell = a.cell(r, c)
    assert cell.proof is None
    state = Lookahead().solve(board)
    assert state.z > 10 ** 309   # the case of the issue: no float holds it


def test_item2_mine_tally_is_exact():
    board = parse_board(_grid(6, 6, 8, {(0, 0): 1, (3, 3): 2}))
    state = Lookahead().solve(board)
    ev = Evaluator(Lookahead(), state)
    for i, p in state.prob.items():
        assert Fraction(ev.mine_tally(i), state.z) == Fraction(p).limit_denominator(state.z)


def test_candidates_are_capped_on_boards_larger_than_expert():
    """A 2000-cell row had every cell a candidate (each evaluation the size of the board: 8-17 s a
    move); the cap keeps the safest WORK / cells and none on boards up to Expert."""
    assert guess.WORK // (16 * 30) >= 16 * 30
    board = parse_board(_grid(1, 2000, 5, {(0, 0): 1}))
    ev = Evaluator(Lookahead(), Lookahead().solve(board))
    assert len(ev.candidates()) == guess.WORK // 2000


def test_item1_internal_error_is_one_line_and_never_status_1(monkeypatch, capsys):
    """``play`` exit 1 means a wrong certainty: a bug in the solver exits EXIT_INTERNAL with one line."""
    from cpsolve.cli import play

    def broken(*args, **kwargs):
        raise ValueError("max() arg is an empty sequence")

    monkeypatch.setattr(play, "solver", lambda: broken)
    monkeypatch.delenv("CPSOLVE_TRACEBACK", raising=False)
    status = main(["play", "--difficulty", "beginner", "--games", "1", "--no-progress"])
    err = capsys.readouterr().err
    assert status == EXIT_INTERNAL != 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error" in err and "ValueError: max() arg is an empty sequence" in err


def test_item4_ctrl_c_on_play_with_two_jobs_prints_no_worker_traceback(tmp_path):
    """Ctrl-C goes to the whole process group (the terminal's way): the pool workers printed their
    own KeyboardInterrupt tracebacks in about 3 runs of 10. Interrupted at several moments after the
    records file is opened (just before the pool starts): while the spawned workers still import, and
    while games are played."""
    import os
    import signal
    import subprocess
    import sys
    import time

    for k, wait in enumerate((0.0, 0.3, 1.0, 3.0)):
        records = tmp_path / f"r{k}.jsonl"
        proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "play", "--difficulty", "beginner", "--games",
                                 "100000", "--jobs", "2", "--records", str(records), "--no-progress"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            deadline = time.monotonic() + 60
            while not records.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(wait)
            os.killpg(proc.pid, signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
        assert proc.returncode == 130, (wait, err[-2000:])
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, (wait, err[-2000:])


def test_item11_every_option_and_argument_of_every_command_has_help_and_no_stray_percent(capsys):
    """``play --help`` printed ``95%% Wilson``; ``--no-progress`` and ``demo``'s NAME had no help."""
    import argparse

    from cpsolve.cli import COMMANDS, build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert len(sub.choices) == len(COMMANDS)
    for name, p in sub.choices.items():
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, (name, action.option_strings or action.dest)
        text = p.format_help()
        assert "%%" not in text, name
    assert "headline" in sub.choices["demo"].format_help().split("positional arguments")[1]


def test_best_guess_tie_break_counts_the_whole_board_at_once_with_the_same_answer():
    """A 1000x1000 board cut short at the model (every cell at one density) spent 20 s on its best
    guess, counting covered neighbours cell by cell for 520,000 ties; the one-pass count gives the
    same cell as the rule written out (fewest covered neighbours, then row-major)."""
    import random

    from cpsolve.board import COVERED, Board
    from cpsolve.neighbourhood import neighbours
    from cpsolve.probability import Estimate
    from cpsolve.result import CellResult, safest_cell

    for seed in range(20):
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 40), rng.randint(1, 40)
        cells = [COVERED if rng.random() < 0.7 else rng.randint(0, 3) for _ in range(rows * cols)]
        board = Board(rows, cols, tuple(cells), None)
        covered = [i for i, v in enumerate(cells) if v == COVERED]
        if not covered:
            continue
        same = Estimate(0.2)
        pool = [CellResult(i // cols, i % cols, same) for i in covered]
        want = min(covered, key=lambda i: (sum(1 for j in neighbours(rows, cols, i) if cells[j] == COVERED), i))
        assert safest_cell(pool, board) == divmod(want, cols)


def _scattered_board(rows: int, cols: int, mines: int, share: float, seed: int):  # type: ignore[no-untyped-def]
    """A random ``share`` of the safe cells of a random layout revealed (the hard case for counting)."""
    import random

    from cpsolve.neighbourhood import neighbours

    rng = random.Random(seed)
    layout = set(rng.sample(range(rows * cols), mines))
    g = [["."] * cols for _ in range(rows)]
    for i in range(rows * cols):
        if i not in layout and rng.random() < share:
            g[i // cols][i % cols] = str(sum(1 for j in neighbours(rows, cols, i) if j in layout))
    return parse_board(f"mines: {mines}\n" + "\n".join(" ".join(r) for r in g) + "\n"), layout


def test_item12_summary_lines_fit_80_columns():
    """'proved mine: 76 (... +64)' was 81 columns: the cell lists are cut to fit."""
    from cpsolve.render.terminal import render_summary

    board, _ = _scattered_board(30, 60, 360, 0.6, 3)
    a = analyze(board)
    assert len(a.proved_mine) > 20 and len(a.proved_safe) > 20
    lines = render_summary(a).splitlines()
    assert max(len(line) for line in lines) <= 80, lines
    assert any(line.startswith("proved mine:") and "... +" in line for line in lines)


def test_item10_summary_names_the_time_limit_when_it_cut_the_counting_short():
    """The CLI blamed 'some component too large' when the time limit was the cause."""
    from cpsolve.render.terminal import render_summary

    board, _ = _scattered_board(200, 200, 8000, 0.3, 5)
    a = analyze(board, time_limit=0.05)
    assert not a.exact and set(a.stats.budget) - {"proofs"}
    text = render_summary(a)
    assert "the time limit cut short" in text and "too large" not in text
    small = analyze(parse_board(_grid(6, 6, 8, {(0, 0): 1, (3, 3): 2})), exact_limit=1)
    assert not small.exact and "too large" in render_summary(small)


def test_item12_demo_and_play_tables_fit_80_columns(capsys):
    """'cpsolve demo headline' was 91 columns wide and play's guesses line wrapped at 80."""
    from cpsolve.cli.play import render_table

    assert main(["demo", "headline"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80 and "1/17" in out
    assert main(["play", "--difficulty", "beginner", "--games", "3", "--seed", "1", "--no-progress", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    kinds = ["endgame", "fifty-fifty", "free", "pseudo", "secondary", "lowest-living", "counted-safe", "isolated"]
    summary["moves"] = {k: 1000 + n for n, k in enumerate(kinds)}
    summary["losses"] = {k: 100 + n for n, k in enumerate(kinds)}
    text = render_table(summary)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    assert all(f"{k} {1000 + n}" in text and f"{k} {100 + n}" in text for n, k in enumerate(kinds))


def test_item9_ignore_flags_accepts_more_flags_than_the_total(tmp_path, capsys):
    """``--ignore-flags`` (``trust_flags=False``, HTTP ``ignore_flags``) refused a board with more
    flags than the total (``1:8: 3 flags and 0 known mines exceed the total``): flags it ignores are
    covered cells, so only known mines count against the total. With flags trusted the board is
    still bad input, at the total's line and column."""
    from starlette.testclient import TestClient

    from cpsolve.verify.brute import brute_force as verify_brute
    from cpsolve.web import create_app

    text = "mines: 1\nF F F\n. 1 .\n"
    path = tmp_path / "ign.txt"
    path.write_text(text)
    assert main(["solve", str(path), "--ignore-flags", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    board = parse_board(text)
    truth = brute_force(board, trust_flags=False)
    assert truth is not None and len(doc["cells"]) == 5
    assert {(c["row"], c["col"]): Fraction(c["fraction"]) for c in doc["cells"]} == \
        {divmod(i, 3): p for i, p in truth.items()}
    assert main(["solve", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert err.strip() == f"cpsolve: {path}:1:8: 3 flags and 0 known mines exceed the total of 1 mine"
    assert json.loads(out)["status"] == "error"
    assert main(["check", str(path), "0,0", "--ignore-flags"]) == 3  # not decided, not refused
    assert main(["encode", str(path), "--format", "opb", "--ignore-flags", "-o", str(tmp_path / "x.opb")]) == 0
    assert main(["encode", str(path), "--format", "opb", "-o", str(tmp_path / "y.opb")]) == 2
    capsys.readouterr()
    # the library: parse, then the option decides
    a = analyze(board, trust_flags=False)
    assert {(c.row, c.col): c.probability.fraction for c in a.cells} == {divmod(i, 3): p for i, p in truth.items()}
    assert verify_brute(board, trust_flags=False).probability == truth
    with pytest.raises(ValueError, match="3 flags and 0 known mines exceed"):
        analyze(board)
    # known mines over the total stay bad input whatever the option (at parse time)
    with pytest.raises(ValueError, match=r"^<board>:1:8: 2 known mines exceed the total of 1 mine$"):
        parse_board("mines: 1\n* * F\n. 2 .\n")
    with TestClient(create_app()) as client:
        r = client.post("/api/analyze", json={"board": text, "options": {"ignore_flags": True}})
        assert r.status_code == 200 and len(r.json()["cells"]) == 5
        r = client.post("/api/analyze", json={"board": text})
        assert r.status_code == 400
        assert r.json() == {"error": "1:8: 3 flags and 0 known mines exceed the total of 1 mine"}
        r = client.post("/api/check", json={"board": text, "row": 0, "col": 0, "options": {"ignore_flags": True}})
        assert r.status_code == 200
        r = client.post("/api/move", json={"board": text, "options": {"ignore_flags": True}})
        assert r.status_code == 200 and r.json()["cells"]
        # impossible with the flags ignored: the inconsistent document, its remaining without the flags
        bad = "mines: 1\nF F F F\n1 . . 1\n"
        r = client.post("/api/analyze", json={"board": bad, "options": {"ignore_flags": True}})
        assert r.status_code == 200 and r.json()["status"] == "inconsistent" and r.json()["remaining"] == 1
    path.write_text(bad)
    assert main(["solve", str(path), "--ignore-flags", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["remaining"] == 1


def test_item9_ignored_flags_over_the_total_equal_brute_force():
    """Small random boards with misplaced flags, more of them than the total: every exact
    probability with ``trust_flags=False`` equals brute force (both oracles), proofs agree."""
    import random

    from cpsolve.board import COVERED, FLAG, Board
    from cpsolve.neighbourhood import neighbours
    from cpsolve.verify.brute import brute_force as verify_brute

    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 4), rng.randint(2, 5)
        n = rows * cols
        mines = set(rng.sample(range(n), rng.randint(0, max(0, n // 4))))
        cells = [COVERED] * n
        for i in range(n):
            if i not in mines and rng.random() < 0.5:
                cells[i] = sum(1 for j in neighbours(rows, cols, i) if j in mines)
        covered = [i for i in range(n) if cells[i] == COVERED]
        if len(covered) < len(mines) + 1:
            continue
        for i in rng.sample(covered, len(mines) + 1):  # more flags than mines, some misplaced
            cells[i] = FLAG
        board = parse_board(Board(rows, cols, tuple(cells), len(mines)).to_text())  # the parser refused these
        truth = brute_force(board, trust_flags=False)
        assert truth is not None  # the layout is a placement
        a = analyze(board, trust_flags=False)
        got = {c.row * cols + c.col: c for c in a.cells}
        assert set(got) == set(truth)
        for i, p in truth.items():
            assert got[i].probability.fraction == p, (seed, i)
            if got[i].proof is not None:
                assert int(got[i].proof.mine) == p, (seed, i)
        assert verify_brute(board, trust_flags=False).probability == truth
        checked += 1
    assert checked > 60


def _widths(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_item12_solve_wide_fits_the_terminal_width(capsys, monkeypatch):
    """``solve --wide`` was about 154 columns whatever the terminal: it now reads the width
    (``COLUMNS``, else the terminal, else 80) and prints the grid in bands of columns that fit, every
    cell once, in the same five-character codes as one band."""
    import re

    board = "tests/boards/expert-midgame.txt"

    def cells(text: str) -> dict[tuple[int, int], str]:
        """(row, col) -> code, read back from the bands (each band: a header of column numbers)."""
        got: dict[tuple[int, int], str] = {}
        cols: list[int] = []
        for line in text.split("legend:")[0].splitlines():
            if not line.strip():
                continue
            if line.startswith(" " * 4):  # a band's header
                cols = [int(x) for x in line.split()]
                continue
            r = int(line[:3])
            body = line[4:]
            for k, c in enumerate(cols):
                got[(r, c)] = body[5 * k:5 * k + 5].strip()
        return got

    monkeypatch.setenv("COLUMNS", "200")
    assert main(["solve", "--wide", board]) == 0
    one = capsys.readouterr().out
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["solve", "--wide", board]) == 0
    banded = capsys.readouterr().out
    assert _widths(one) > 150 and _widths(banded) <= 80
    assert len(re.findall(r"^ {8}0 {4}1", banded, re.M)) == 1 and len(cells(banded)) == 16 * 30
    assert cells(banded) == cells(one)
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["solve", "--wide", board]) == 0
    narrow = capsys.readouterr().out
    assert _widths(narrow.split("legend:")[0]) <= 40 and cells(narrow) == cells(one)


def test_item12_every_report_fits_80_columns(capsys, monkeypatch):
    """At COLUMNS=80: demo headline, solve (compact, --wide, and the summary of an estimated board
    with a time limit), check's undecided verdict, compare's report, play's table."""
    monkeypatch.setenv("COLUMNS", "80")
    board = "tests/boards/expert-midgame.txt"
    runs = [["demo", "headline"], ["solve", board], ["solve", "--wide", board], ["check", board, "0,20"],
            ["compare", board], ["play", "--difficulty", "beginner", "--games", "3", "--seed", "1", "--no-progress"]]
    for argv in runs:
        main(argv)
        out, err = capsys.readouterr()
        assert out and _widths(out) <= 80, (argv, out)
    big, _ = _scattered_board(200, 200, 8000, 0.3, 5)
    from cpsolve.render.terminal import render_summary

    a = analyze(big, time_limit=0.05)
    text = render_summary(a)
    assert "ESTIMATES (the time limit cut short" in text and _widths(text) <= 80, text


def test_item10_estimates_name_their_cause_from_the_budget_account():
    """Estimated for the exact limit alone, for the combination's budget alone, or cut by the time
    limit: each summary names that cause (the time limit's from stats.budget)."""
    from cpsolve.render.terminal import render_summary

    small = parse_board(_grid(6, 6, 8, {(0, 0): 1, (3, 3): 2}))
    over = analyze(small, exact_limit=1)
    assert over.stats.budget == [] and over.stats.estimated_components
    assert "components too large to count exactly" in render_summary(over)
    assert "time limit" not in render_summary(over).split("proofs")[0]


def test_encode_refuses_a_dimacs_total_too_large_to_build(tmp_path, capsys):
    """The soak of the big cases: ``encode --format dimacs`` on a 1000x1000 board with 200,000 mines
    built pysat's totalizer for the mine total until the machine ran out of memory (18 GB, the OOM
    killer). A cardinality constraint whose clause bound is over the limit is refused in one line
    (exit 2) before any clause is built, naming --format opb, which writes it."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    from cpsolve.cli.encode import MAX_CLAUSES, clause_bound

    for n, k in ((600, 100), (800, 390), (1500, 10)):
        for enc in ("kmtotalizer", "seqcounter", "totalizer"):
            got = len(CardEnc.atmost(list(range(1, n + 1)), k, vpool=IDPool(start_from=n + 1),
                                     encoding=getattr(EncType, enc)).clauses)
            assert got <= clause_bound(n, 0, k, enc), (n, k, enc)
    board, _ = _scattered_board(300, 300, 18000, 0.3, 7)
    path = tmp_path / "big.txt"
    path.write_text(board.to_text())
    assert main(["encode", str(path), "--format", "dimacs", "-o", str(tmp_path / "x.cnf")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "over the limit" in err and "--format opb" in err, err
    assert main(["encode", str(path), "--format", "opb", "-o", str(tmp_path / "x.opb")]) == 0
    assert main(["encode", "tests/boards/expert-midgame.txt", "-o", str(tmp_path / "e.cnf")]) == 0
    assert clause_bound(700_000, -500_000, 200_000, "kmtotalizer") > MAX_CLAUSES
