"""verify-ng and generate --no-guess (spec section 7), against an independent no-guess check."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.cli import main
from cpsolve.layout import Layout, read_layout
from cpsolve.simulate.noguess import banned_cells, generate, generate_many, play_proved
from tests.support.noguess_oracle import no_guess
from tests.support.paths import DATA


def test_won_and_total_needed(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "total-needed.txt")
    assert main(["verify-ng", path, "--first-cell", "1,0"]) == 0
    assert "won by proved moves alone" in capsys.readouterr().out
    assert main(["verify-ng", path, "--first-cell", "1,0", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["won"] and doc["total_needed"] and doc["steps"] == len(doc["step_details"]) >= 1
    first = doc["step_details"][0]
    # step 1: the clue (1 among 5) and the total (1) make the three cells off the clue safe; two of
    # them show 0 and open the rest
    assert first == {"proved": 3, "proved_safe": 3, "proved_mine": 0, "total_needed": True,
                     "uses_total": 3, "revealed": 7}
    assert sum(s["revealed"] for s in doc["step_details"]) == 9 - 1 - 1  # all safe cells but the first


def test_needs_guess_prints_position(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "needs-guess.txt")
    assert main(["verify-ng", path, "--first-cell", "0,0"]) == 1
    out = capsys.readouterr().out
    assert "NEEDS A GUESS after 0 steps" in out and "1/3" in out  # each covered cell: 1/3
    assert main(["verify-ng", path, "--first-cell", "0,0", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert not doc["won"] and doc["steps"] == 0
    assert doc["position"] == "mines: 1\n1 .\n. .\n"
    assert [c["fraction"] for c in doc["analysis"]["cells"]] == ["1/3", "1/3", "1/3"]
    assert doc["crosscheck"] == {"exact_zero_unrevealed": []}


@st.composite
def small_layouts(draw: st.DrawFn) -> tuple[Layout, tuple[int, int]]:
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(2, 6))
    first = draw(st.integers(0, rows * cols - 1))
    others = [i for i in range(rows * cols) if i != first]
    mines = draw(st.sets(st.sampled_from(others), max_size=len(others)))
    return Layout(rows, cols, frozenset(mines)), divmod(first, cols)


@given(small_layouts())
@settings(max_examples=300, deadline=None)
def test_verify_agrees_with_independent_check(case: tuple[Layout, tuple[int, int]]) -> None:
    layout, first = case
    res = play_proved(layout, first)
    assert res.won == no_guess(layout.rows, layout.cols, layout.mines, first)
    # cross-check: where proofs run out, no covered cell has exact probability 0
    assert res.unrevealed_zero == []
    if not res.won:
        assert res.analysis is not None and res.analysis.exact and not res.analysis.proved_safe


@pytest.mark.parametrize("rule", ["safe", "opening"])
def test_quick_play_same_verdict(rule: str) -> None:
    rng = random.Random(7)
    for _ in range(30):
        first = (rng.randrange(9), rng.randrange(9))
        allowed = [i for i in range(81) if i not in banned_cells(9, 9, first[0] * 9 + first[1], rule)]
        layout = Layout(9, 9, frozenset(rng.sample(allowed, 10)))
        full = play_proved(layout, first, first_click=rule)
        assert play_proved(layout, first, first_click=rule, quick=True).won == full.won
        assert full.won == no_guess(9, 9, layout.mines, first)


@pytest.mark.parametrize("difficulty,count", [((9, 9, 10), 30), ((16, 16, 40), 8), ((16, 30, 99), 3),
                                               ((9, 9, 22), 10)])
@pytest.mark.parametrize("rule", ["safe", "opening"])
def test_generated_layouts_pass_both_checks(difficulty: tuple[int, int, int], count: int, rule: str) -> None:
    rows, cols, mines = difficulty
    first = (3, 3) if rule == "opening" else (0, 0)
    made = generate_many(rows, cols, mines, count=count, seed=11, first_click=rule, first_cell=first)
    repaired = 0
    for g in made:
        layout = g.layout
        assert (layout.rows, layout.cols, layout.mine_count) == difficulty
        assert not layout.mines & banned_cells(rows, cols, first[0] * cols + first[1], rule)
        res = play_proved(layout, first, first_click=rule)
        assert res.won, layout.to_text()
        if rows * cols <= 256:  # the independent check (frontier enumeration) on Beginner/Intermediate
            assert no_guess(rows, cols, layout.mines, first), layout.to_text()
        repaired += g.repairs > 0
    # the repair path ran (random layouts from a corner are rarely no-guess as laid); at most a
    # quarter of the cells mines, the first stuck layouts (4,096 cells of them) are dropped before
    # any repair, so on 9x9 and 16x16 only a denser board reaches it
    if rule == "safe" and (4 * mines > rows * cols or rows * cols > 256):
        assert repaired > 0


def test_same_seed_same_layouts() -> None:
    a = generate_many(16, 16, 40, count=3, seed=5, first_click="opening", first_cell=(3, 3))
    b = generate_many(16, 16, 40, count=3, seed=5, first_click="opening", first_cell=(3, 3))
    c = generate_many(16, 16, 40, count=3, seed=6, first_click="opening", first_cell=(3, 3))
    assert [g.layout for g in a] == [g.layout for g in b]
    assert [g.layout for g in a] != [g.layout for g in c]
    assert len({g.layout for g in a}) == 3


def test_generate_rejects_impossible() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        generate(3, 3, 1, first_cell=(1, 1), first_click="opening", rng=random.Random(0))


def test_cli_generate_json_and_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--no-guess", "--difficulty", "beginner", "--first-click", "opening", "--first-cell", "3,3",
            "--count", "3",
            "--seed", "2", "--json"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    docs = [json.loads(x) for x in lines]
    assert [d["index"] for d in docs] == [0, 1, 2]
    for d in docs:
        assert {"rows": 9, "cols": 9, "mines": 10, "first_cell": [3, 3], "first_click": "opening",
                "seed": 2}.items() <= d.items()
        assert len(d["layout"]) == 9 and sum(row.count("*") for row in d["layout"]) == 10
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines() == lines  # same seed, same layouts
    out = tmp_path / "out"
    for fmt in ("text", "mbf"):
        assert main(argv[:-1] + ["--out", str(out), "--format", fmt]) == 0
    capsys.readouterr()
    for i, d in enumerate(docs):
        for ext in (".txt", ".mbf"):
            path = out / f"layout-2-{i}{ext}"
            assert read_layout(path).rows_text() == d["layout"]
            assert main(["verify-ng", str(path), "--first-cell", "3,3", "--first-click", "opening"]) == 0


def test_cli_generate_text_is_a_layout_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--no-guess", "--difficulty", "6x5x6", "--count", "1", "--seed", "1"]) == 0
    path = tmp_path / "g.txt"
    path.write_text(capsys.readouterr().out)
    assert read_layout(path).mine_count == 6
    assert main(["verify-ng", str(path), "--first-cell", "0,0"]) == 0


@pytest.mark.parametrize("argv,message", [
    (["--difficulty", "3x3x9"], "leave no safe cell"),
    (["--difficulty", "3x3x7"], "no no-guess layout of 3x3 with 7 mines"),  # impossible: bounded, exit 2
    (["--difficulty", "3x3x1", "--first-click", "opening", "--first-cell", "1,1"], "do not fit"),
    (["--difficulty", "beginner", "--first-cell", "9,0"], "off the board (9 rows x 9 columns)"),
    (["--difficulty", "beginner", "--first-cell", "-1,0"], "off the board (9 rows x 9 columns)"),
    (["--difficulty", "300x2x1", "--format", "mbf", "--out", "x"], "MBF holds at most"),
])
def test_cli_generate_bad_usage(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--no-guess", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_ms_toollib_no_guess_layouts_pass_verify() -> None:
    """ms-toollib's laymine_solvable accepts a layout when its solver wins without the mine total;
    proofs with the total are at least as strong, so verify-ng must win every one of them."""
    ms = pytest.importorskip("ms_toollib")
    for rows, cols, mines in ((9, 9, 10), (16, 16, 40), (16, 30, 99)):
        for _ in range(3):
            board, ok = ms.laymine_solvable(rows, cols, mines, 3, 3, 100_000)
            assert ok
            assert play_proved(Layout.from_matrix(board), (3, 3), first_click="opening").won


def _play_by_raw_backbone(layout: Layout, first: tuple[int, int]) -> bool:
    """A second check for boards too large for enumeration: play by the backbone of the board's raw
    clues and total computed by the SAT engine alone (cpsolve.proof.prove_board: no simplification,
    no deductions, no counts, none of the quick path's rules)."""
    from cpsolve.board import COVERED, MINE, Board
    from cpsolve.proof import prove_board

    rows, cols = layout.rows, layout.cols
    nums = layout.numbers()
    view = [COVERED] * (rows * cols)
    stack = [first[0] * cols + first[1]]
    while True:
        while stack:
            i = stack.pop()
            if view[i] != COVERED:
                continue
            assert nums[i] >= 0
            view[i] = nums[i]
            if nums[i] == 0:
                r, c = divmod(i, cols)
                stack.extend(rr * cols + cc for rr in range(max(0, r - 1), min(rows, r + 2))
                             for cc in range(max(0, c - 1), min(cols, c + 2)))
        if sum(1 for i, v in enumerate(view) if v == COVERED and nums[i] >= 0) == 0:
            return True
        res = prove_board(Board(rows, cols, tuple(view), layout.mine_count), engine="sat")
        assert res.status == "ok"
        safe = [cell for cell, cert in res.certainties.items() if not cert.mine]
        for cell, cert in res.certainties.items():
            if cert.mine:
                view[cell] = MINE
        if not safe:
            return False
        stack.extend(safe)


@pytest.mark.parametrize("rule,first", [("opening", (3, 3)), ("safe", (0, 0))])
def test_generated_expert_layouts_pass_raw_backbone_play(rule: str, first: tuple[int, int]) -> None:
    for g in generate_many(16, 30, 99, count=2, seed=21, first_click=rule, first_cell=first):
        assert _play_by_raw_backbone(g.layout, first)
    # and the check can fail: a random Expert layout from a corner almost always needs a guess
    rng = random.Random(3)
    layout = Layout(16, 30, frozenset(rng.sample(range(1, 480), 99)))
    assert not _play_by_raw_backbone(layout, (0, 0)) and not play_proved(layout, (0, 0)).won
