"""The command line (spec section 2/3): exit statuses, one-line errors, the JSON document's rules."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from cpsolve.cli import main
from tests.support.paths import BOARDS


def run(argv, capsys, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def check_document_rules(doc: dict) -> None:
    """The invariants of spec section 3, checked on any document."""
    assert doc["status"] == "ok"
    safe = {(c["row"], c["col"]) for c in doc["cells"] if c["proof"] == "safe"}
    mine = {(c["row"], c["col"]) for c in doc["cells"] if c["proof"] == "mine"}
    assert {tuple(x) for x in doc["proved_safe"]} == safe
    assert {tuple(x) for x in doc["proved_mine"]} == mine
    keys = [(c["row"], c["col"]) for c in doc["cells"]]
    assert keys == sorted(keys)  # row-major
    for c in doc["cells"]:
        assert c["basis"] in ("exact", "estimate")
        if c["basis"] == "exact":
            f = Fraction(c["fraction"])
            assert abs(float(f) - c["probability"]) < 1e-12
        else:
            assert c["fraction"] is None
        if c["proof"] == "safe":
            assert c["probability"] == 0
        if c["proof"] == "mine":
            assert c["probability"] == 1
    if doc["exact"]:
        assert all(c["basis"] == "exact" for c in doc["cells"])
        if doc["remaining"] is not None:
            assert sum(Fraction(c["fraction"]) for c in doc["cells"]) == doc["remaining"]
    else:
        assert all(c["basis"] == "estimate" for c in doc["cells"])


def test_solve_json_headline(capsys):
    status, out, err = run(["solve", "--json", str(BOARDS / "headline.txt")], capsys)
    assert status == 0, err
    doc = json.loads(out)
    check_document_rules(doc)
    assert (doc["rows"], doc["cols"], doc["mines"], doc["remaining"]) == (3, 5, 1, 1)
    cells = {(c["row"], c["col"]): c for c in doc["cells"]}
    assert len(cells) == 13
    assert cells[(1, 2)]["fraction"] == "1"
    assert all(c["fraction"] == "0" for k, c in cells.items() if k != (1, 2))
    assert doc["exact"] is True
    assert doc["best_guess"] != [1, 2]


def test_solve_several_boards_one_document_per_line(capsys):
    paths = [str(BOARDS / "headline.txt"), str(BOARDS / "expert-midgame.txt"), str(BOARDS / "expert-midgame.mine")]
    status, out, err = run(["solve", "--json", *paths], capsys)
    assert status == 0
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["rows"] for d in docs] == [3, 16, 16]
    for d in docs:
        check_document_rules(d)
    assert docs[1]["cells"] == docs[2]["cells"]


def test_solve_stdin(capsys, monkeypatch):
    status, out, _ = run(["solve", "--json", "-"], capsys, stdin="mines: 1\n1 .\n", monkeypatch=monkeypatch)
    assert status == 0
    doc = json.loads(out)
    assert doc["cells"][0]["fraction"] == "1"


def test_solve_text_grid(capsys):
    status, out, _ = run(["solve", "--no-color", str(BOARDS / "headline.txt")], capsys)
    assert status == 0
    assert "prior:" in out and "\x1b[" not in out
    # the proof engine marks the proved mine M (an unproved exact 1 would read 100%)
    assert "proved mine: 1 (1,2)" in out and "100%" not in out
    assert out.splitlines()[2].split()[3] == "M"


def test_no_total_says_which_prior(capsys, monkeypatch):
    status, out, _ = run(["solve", "--json", "--density", "1/4", "-"], capsys, stdin="1 .\n. .\n",
                         monkeypatch=monkeypatch)
    doc = json.loads(out)
    assert status == 0 and doc["mines"] is None and doc["remaining"] is None
    assert "density 1/4" in doc["prior"]
    check_document_rules(doc)


@pytest.mark.parametrize("text, fragment", [
    ("..\n...\n", ":2:1: ragged rows"),
    ("..\n.x\n", ":2:2: unknown character"),
    ("...\n.9.\n", ":2:2: clue 9 is above 8"),
    ("mines: 1\nFF\n..\n", ":1:8: 2 flags"),
])
def test_bad_input_one_line_exit_2(tmp_path, capsys, text, fragment):
    f = tmp_path / "b.txt"
    f.write_text(text)
    status, out, err = run(["solve", str(f)], capsys)
    assert status == 2
    assert err.count("\n") == 1 and str(f) + fragment in err
    assert "Traceback" not in err


def test_missing_file_exit_2(capsys):
    status, _, err = run(["solve", "/nonexistent/board.txt"], capsys)
    assert status == 2 and "no such file" in err and err.count("\n") == 1


def test_inconsistent_exit_1_names_clues(tmp_path, capsys):
    f = tmp_path / "b.txt"
    f.write_text("mines: 1\n1 . . 1\n")  # the two clues need two different mines; the total says 1
    status, out, err = run(["solve", "--json", str(f)], capsys)
    assert status == 1
    doc = json.loads(out)
    assert doc["status"] == "inconsistent"
    assert doc["conflict"] == [[0, 0], [0, 3]] and doc["conflict_uses_total"] is True
    assert err.count("\n") == 1 and "0,0" in err and "0,3" in err


def test_bad_options_exit_2(capsys):
    assert run(["solve", "--exact-limit", "x", "b"], capsys)[0] == 2
    assert run(["solve", "--density", "1.5", "b"], capsys)[0] == 2
    assert run(["bogus"], capsys)[0] == 2


def test_demo_headline(capsys):
    status, out, _ = run(["demo", "headline"], capsys)
    assert status == 0
    assert "0.0588" in out and "1/17" in out
    assert "certain mine" in out


def test_installed_console_script():
    # the entry point as a user runs it (the package must be installed, as README's commands do)
    proc = subprocess.run([sys.executable, "-m", "cpsolve", "solve", "--json", str(BOARDS / "headline.txt")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["remaining"] == 1


def test_estimated_board_json_rules(capsys):
    # the estimate path (every component over the limit): labels, no fractions, proofs still made,
    # and a proved cell shows its proved value, not a near-0 estimate
    status, out, _ = run(["solve", "--json", "--exact-limit", "0", str(BOARDS / "headline.txt")], capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["exact"] is False
    check_document_rules(doc)
    assert doc["proved_mine"] == [[1, 2]] and len(doc["proved_safe"]) == 12


def test_json_into_a_closed_pipe_exits_quietly(tmp_path):
    # the core writes the document to the descriptor: a reader that stops early (| head) is a
    # BrokenPipeError like print's, exit 0 and nothing on standard error, not an internal error
    board = tmp_path / "blank.txt"
    board.write_text("mines: 9000\n" + ("." * 300 + "\n") * 300)  # a 9 MB document
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "solve", "--json", str(board)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10) == b'{"rows": 3'
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b""
