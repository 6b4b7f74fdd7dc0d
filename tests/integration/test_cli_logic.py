"""``cpsolve generate --no-guess --logic`` and ``verify-ng``'s logic level, against the brute-force
classifier (tests/support/logic_oracle.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve.cli import main
from cpsolve.layout import parse_layout
from cpsolve.simulate.logic import LEVELS, parse_range
from tests.support import logic_oracle


@pytest.mark.parametrize("spec", ["single", "pair", "chain", "total", "pair..", "..pair", "pair..chain"])
def test_generate_logic_in_range(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    want = parse_range(spec)
    assert main(["generate", "--no-guess", "--difficulty", "9x8x14", "--first-click", "opening", "--count", "3",
                 "--seed", "5", "--logic", spec, "--json", "--time-limit", "30"]) == 0
    for line in capsys.readouterr().out.splitlines():
        doc = json.loads(line)
        layout = parse_layout("\n".join(doc["layout"]))
        level, moves = logic_oracle.classify(layout.rows, layout.cols, layout.mines, tuple(doc["first_cell"]))
        assert doc["logic"] == level and level in want
        assert doc["logic_moves"] == moves and doc["logic_tried"] >= 1
        assert sum(doc["logic_steps"].values()) >= (1 if sum(moves.values()) else 0)


def test_generate_json_has_the_level_without_logic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--no-guess", "--difficulty", "8x8x10", "--count", "2", "--json"]) == 0
    for line in capsys.readouterr().out.splitlines():
        doc = json.loads(line)
        layout = parse_layout("\n".join(doc["layout"]))
        assert "logic_tried" not in doc
        assert (doc["logic"], doc["logic_moves"]) == logic_oracle.classify(layout.rows, layout.cols, layout.mines,
                                                                           (0, 0))


def test_generate_text_names_the_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--no-guess", "--difficulty", "beginner", "--logic", "pair", "--seed", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(", no-guess, logic pair")


def test_same_seed_same_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--no-guess", "--difficulty", "beginner", "--logic", "chain..", "--count", "2", "--seed", "9"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("argv,message", [
    (["--no-guess", "--logic", "hard"], "logic level 'hard': 'hard' is not a level (single, pair, chain, total;"),
    (["--no-guess", "--logic", "total..single"], "total is harder than single"),
    (["--no-guess", "--logic", ".."], "give a level"),
    (["--no-guess", "--logic", "x" * 200], "...(200 characters)"),
    (["--logic", "pair"], "--logic needs --no-guess"),
    # no layout in range within the limit: how far it got, by level
    (["--no-guess", "--difficulty", "16x16x40", "--logic", "chain", "--time-limit", "0.001"],
     "with 40 mines and hardest step exactly chain (--logic chain) found within --time-limit 0.001 s: "),
    (["--no-guess", "--difficulty", "30x16x170", "--logic", "single", "--time-limit", "1"],
     "by hardest step: single 0, harder than single "),
])
def test_bad_logic_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_verify_ng_reports_the_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pair.txt"
    path.write_text("....\n..*.\n....\n")  # docs/layouts.md's pair example
    assert main(["verify-ng", str(path), "--first-cell", "0,0"]) == 0
    out = capsys.readouterr().out
    assert "logic level pair (cells proved at each level: single 4, pair 2, chain 0, total 0)" in out
    assert main(["verify-ng", str(path), "--first-cell", "0,0", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["logic"] == "pair" and doc["logic_moves"] == {"single": 4, "pair": 2, "chain": 0, "total": 0}
    guess = tmp_path / "guess.txt"
    guess.write_text("*.\n..\n")
    assert main(["verify-ng", str(guess), "--first-cell", "1,1", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["logic"] is None
    assert set(LEVELS) == set(doc["logic_steps"])


def test_benchmark_rows() -> None:
    """benchmarks/logic_levels.py on one small row: the shares add up to 100% and every level's
    request is made."""
    from tests.support.bench_modules import load

    bench = load("logic_levels")
    row = bench.levels_row("9x9x10", 20, 1).strip("| ").split(" | ")
    assert row[:2] == ["9x9x10", "20"] and row[7] == "0"  # nothing left unsure
    assert abs(sum(float(x.rstrip("%")) for x in row[2:6]) - 100) < 0.5
    req = bench.requests_row("9x9x10", 1, 1, 10.0).strip("| ").split(" | ")
    assert req[0] == "9x9x10" and [req[k] for k in (1, 4, 7, 10)] == ["1/1"] * 4
