"""``cpsolve check``, ``compare`` and ``encode``: exit statuses, reasons, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cpsolve.verify.compare_paths as crosscheck_mod
from cpsolve.cli import main
from cpsolve.verify import BruteResult
from tests.support.paths import BOARDS

HEADLINE = str(BOARDS / "headline.txt")


def run(argv: list[str], capsys) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("engine", ["cp-sat", "sat", "sat:cadical195"])
def test_check_verdicts(engine: str, capsys) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = run(["check", HEADLINE, "1,2", "--engine", engine], capsys)
    assert status == 1 and "proved MINE" in out
    assert "forced by 2 clues: 0,1 2,3" in out and "mine total (1) was needed" in out and "minimal" in out
    status, out, _ = run(["check", HEADLINE, "0,0", "--engine", engine], capsys)
    assert status == 0 and "proved SAFE" in out and "forced by 1 clue: 2,3" in out


def test_check_undecided_and_json(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    board = tmp_path / "b.txt"
    board.write_text("mines: 1\n. 1 . 1 .\n. . . . .\n")
    status, out, _ = run(["check", str(board), "1,2"], capsys)
    assert status == 3 and "NOT DECIDED" in out
    status, out, _ = run(["check", str(board), "0,2", "--json"], capsys)
    doc = json.loads(out)
    assert status == 3 and doc["verdict"] == "undecided" and doc["cell"] == [0, 2]
    # the far cell: forced safe by one clue (its mine) and the total (only one mine)
    status, out, _ = run(["check", str(board), "1,0", "--json"], capsys)
    doc = json.loads(out)
    assert status == 0 and doc["verdict"] == "safe" and doc["uses_total"] is True
    assert doc["clues"] in ([[0, 1]], [[0, 3]]) and doc["minimal"] is True


def test_check_clues_alone(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    board = tmp_path / "b.txt"
    board.write_text("mines: 3\n0 1 .\n. . .\n. . .\n")
    status, out, _ = run(["check", str(board), "1,0"], capsys)
    assert status == 0 and "forced by 1 clue: 0,0" in out and "the mine total was not needed" in out
    board.write_text("1 . 1\n")
    status, out, _ = run(["check", str(board), "0,1"], capsys)
    assert status == 1 and "no mine total given" in out


def test_check_bad_input(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    for cell, msg in (("0,1", "is revealed"), ("3,0", "off the board"), ("9,9", "off the board")):
        status, out, err = run(["check", HEADLINE, cell], capsys)
        assert status == 2 and msg in err and len(err.strip().splitlines()) == 1 and not out
    status, _, err = run(["check", str(tmp_path / "missing.txt"), "0,0"], capsys)
    assert status == 2 and "no such file" in err
    flagged = tmp_path / "f.txt"
    flagged.write_text("F 1\n. .\n")
    status, _, err = run(["check", str(flagged), "0,0"], capsys)
    assert status == 2 and "flagged" in err
    status, out, _ = run(["check", str(flagged), "0,0", "--ignore-flags"], capsys)
    assert status == 3
    status, _, err = run(["check", HEADLINE, "x"], capsys)
    assert status == 2 and "not a cell" in err


def test_check_inconsistent(capsys) -> None:  # type: ignore[no-untyped-def]
    board = str(BOARDS / "regress" / "inconsistent-total.txt")
    status, out, err = run(["check", board, "0,1"], capsys)
    assert status == 2 and "0,0 0,3 and the mine total" in err and "minimal" in err and not out
    status, out, _ = run(["check", board, "0,1", "--json"], capsys)
    doc = json.loads(out)
    assert status == 2 and doc["status"] == "inconsistent"
    assert doc["conflict"] == [[0, 0], [0, 3]] and doc["conflict_uses_total"] is True


def test_solve_json_conflict_is_minimal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    board = tmp_path / "b.txt"
    # the 1 at 0,0 is irrelevant: the 2 at 0,2 and the 0 at 1,2 conflict on their own
    board.write_text("mines: 3\n1 . 2\n. . 0\n")
    status, out, _ = run(["solve", "--json", str(board)], capsys)
    doc = json.loads(out)
    assert status == 1 and doc["status"] == "inconsistent"
    assert doc["conflict"] == [[0, 2], [1, 2]] and doc["conflict_uses_total"] is False


def test_compare_boards_agree(capsys) -> None:  # type: ignore[no-untyped-def]
    boards = [HEADLINE, str(BOARDS / "expert-midgame.txt")] + \
        [str(p) for p in sorted((BOARDS / "regress").glob("*.txt"))]
    status, out, _ = run(["compare", *boards], capsys)
    assert status == 0, out
    assert "DISAGREE" not in out and f"{len(boards)} boards: {len(boards)} agree" in out
    assert "brute" in out and "counter" in out and "sat:minicard" in out and "cp-sat" in out


def test_compare_generated(capsys) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = run(["compare", "--generate", "12", "--difficulty", "beginner", "--seed", "3",
                          "--json"], capsys)
    doc = json.loads(out.strip().splitlines()[-1])
    assert status == 0 and doc["boards"] == 12 and doc["agree"] == 12 and doc["wrong_certainties"] == 0
    assert doc["forced_cells"] > 0 and doc["methods"]["brute"]["boards"] > 0


def test_compare_reports_a_disagreement(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A method that is wrong (here: brute force made to claim a free cell is safe) gives exit 1."""
    real = crosscheck_mod.brute_force

    def lying(board, **kw):  # type: ignore[no-untyped-def]
        r = real(board, **kw)
        probs = dict(r.probability)
        free = [c for c, p in probs.items() if p not in (0, 1)]
        if free:
            probs[free[0]] = type(probs[free[0]])(0)
        return BruteResult(r.z, probs)

    monkeypatch.setattr(crosscheck_mod, "brute_force", lying)
    board = str(BOARDS / "regress" / "fifty-fifty.txt")
    status, out, _ = run(["compare", board], capsys)
    assert status == 1 and "DISAGREE" in out and "brute safe" in out


def test_compare_bad_input(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.txt"
    bad.write_text("1 9\n")
    status, _, err = run(["compare", str(bad)], capsys)
    assert status == 2 and "above 8" in err
    status, _, err = run(["compare"], capsys)
    assert status == 2 and "nothing to compare" in err
    status, _, err = run(["compare", HEADLINE, "--engines", "kissat"], capsys)
    assert status == 2 and "unknown proof engine" in err


@pytest.mark.parametrize("fmt", ["dimacs", "opb"])
def test_encode(fmt: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = run(["encode", HEADLINE, "--format", fmt], capsys)
    assert status == 0
    if fmt == "dimacs":
        assert "p cnf" in out and "c p show 1 2 3 4 5 6 7 8 9 10 0" in out
    else:
        assert "#variable= 10" in out and "= 1 ;" in out
    dest = tmp_path / "out"
    status, out, _ = run(["encode", HEADLINE, "--format", fmt, "-o", str(dest)], capsys)
    assert status == 0 and not out and dest.read_text().startswith("c" if fmt == "dimacs" else "*")
    status, _, err = run(["encode", str(tmp_path / "none.txt")], capsys)
    assert status == 2 and "no such file" in err
