"""Issue 43 item 2: an impossible board is explained in the board's own counts, once, on standard
error, with its clues written alike by ``solve`` and ``check``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cpsolve import InconsistentBoard, analyze, parse_board
from cpsolve.constraints import Clue
from cpsolve.proof.conflict_reason import conflict_reason
from tests.support.cli_run import one_line, run

#: The issue's two boards and the reasons a player can check by counting (hand-made).
CASES = [
    ("1 . 1\n. . .\n1 . 3\n", "2,0 2,2", "clue 2,2 needs 3 mines and has only 1 covered cell away from clue 2,0, "
     "so at least 2 of the 2 covered cells they share are mines; clue 2,0 needs only 1"),
    ("mines: 5\n1 . .\n. . .\n", "0,0 and the mine total", "clue 0,0 takes 1 of the 5 mines the total leaves; "
     "the other 4 do not fit in the 2 covered cells away from it"),
    ("mines: 1\n1 . . 1\n", "0,0 0,3 and the mine total", "the clues at 0,0 0,3 need 2 mines on cells none of "
     "them share but the mine total leaves only 1"),
    ("1 F\nF .\n", "0,0", "clue 0,0 shows 1 but touches 2 flags or known mines"),
]


@pytest.mark.parametrize("text,where,reason", CASES)
def test_solve_and_check_say_the_same_once_on_standard_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             text: str, where: str, reason: str) -> None:
    board = tmp_path / "b.txt"
    board.write_text(text)
    expected = (f"cpsolve: {board}: inconsistent board: no placement satisfies the clues at {where} "
                f"(a minimal conflicting set): {reason}")
    status, out, err = run(["solve", str(board)], capsys)
    assert status == 1 and out == ""  # the message once, on standard error
    assert one_line(err) == expected
    covered = next((r, c) for r, line in enumerate(text.splitlines()[text.startswith("mines") :])
                   for c, ch in enumerate(line.split()) if ch == ".")
    status, out, err = run(["check", str(board), f"{covered[0]},{covered[1]}"], capsys)
    assert status == 2 and out == "" and one_line(err) == expected


def test_several_boards_keep_the_place_of_an_impossible_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(CASES[0][0])
    good = tmp_path / "good.txt"
    good.write_text("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n")
    status, out, err = run(["solve", str(bad), str(good)], capsys)
    assert status == 1
    assert out.startswith(f"== {bad}: INCONSISTENT (see standard error) ==\n\n== {good} ==\n")
    assert "needs only 1" in one_line(err) and "needs only 1" not in out


def _clue(row: int, col: int, number: int, need: int, cells: set[int]) -> Clue:
    return Clue(row * 10 + col, row, col, number, need, frozenset(cells))


def test_reasons_of_each_shape() -> None:
    # one clue: more mines than covered neighbours (with and without flags around it)
    assert conflict_reason([_clue(1, 2, 3, 3, {1, 2})], False, 9, None) == \
        "clue 1,2 needs 3 mines but only 2 covered cells touch it"
    assert conflict_reason([_clue(1, 2, 3, 2, {1})], False, 9, None) == \
        "clue 1,2 needs 2 more mines (it shows 3, less 1 flag or known mine) but only 1 covered cell touches it"
    assert conflict_reason([_clue(0, 0, 2, 2, set())], False, 9, None) == \
        "clue 0,0 needs 2 mines but no covered cell touches it"
    # the total alone
    assert conflict_reason([], True, 3, 4) == "the mine total leaves 4 mines for only 3 covered cells"
    assert conflict_reason([], True, 3, -1) == "the flags and known mines are more than the mine total by 1"
    # a clue and the total: too few mines left for it
    assert conflict_reason([_clue(0, 0, 2, 2, {1, 2, 3})], True, 5, 1) == \
        "clue 0,0 needs 2 mines but the mine total leaves only 1"
    # no counting reason: three clues that conflict only together, overlapping clues with the total
    three = [_clue(0, 0, 1, 1, {1, 2}), _clue(0, 3, 1, 1, {2, 3}), _clue(0, 5, 1, 1, {1, 3})]
    assert conflict_reason(three, False, 9, None) == ""
    assert conflict_reason(three[:2], True, 3, 3) == ""


def test_random_impossible_boards_never_give_a_negative_count() -> None:
    """Random small boards, many impossible: every message is free of negative counts, and every
    minimal conflict of one clue, or of two clues without the total, has a reason (the two shapes
    are complete: a pair of clues each possible alone conflicts only by one of them putting more
    mines on their shared cells than the other allows)."""
    rng = random.Random(43)
    seen = {"one": 0, "two": 0, "other": 0}
    for _ in range(400):
        rows, cols = rng.randint(1, 4), rng.randint(2, 4)
        grid = [[rng.choice(".....12345F") for _ in range(cols)] for _ in range(rows)]
        total = rng.choice([None, rng.randint(0, rows * cols)])
        text = (f"mines: {total}\n" if total is not None else "") + "\n".join(" ".join(r) for r in grid) + "\n"
        try:
            board = parse_board(text)
            analyze(board, time_limit=5)
        except InconsistentBoard as exc:
            assert not re.search(r"(?<![\w,])-\d", str(exc)), str(exc)
            if exc.minimal and (len(exc.conflict) == 1 or (len(exc.conflict) == 2 and not exc.uses_total)):
                assert exc.reason, str(exc)
                seen["one" if len(exc.conflict) == 1 else "two"] += 1
            else:
                seen["other"] += 1
        except ValueError:  # a board the parser refuses (a clue over its neighbours, a total that does not fit)
            continue
    assert seen["one"] and seen["two"], seen
