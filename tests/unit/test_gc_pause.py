"""The analysis of a large board pauses the cyclic garbage collector and always restores it as the
caller had it (also when the analysis raises, and when analyses overlap in threads)."""

from __future__ import annotations

import gc
import threading

import pytest

from cpsolve import InconsistentBoard, analyze, parse_board
from cpsolve import analysis as analysis_module
from cpsolve.board import Board

ROWS, COLS = 100, 100  # 10,000 cells: the pause applies (GC_PAUSE_CELLS)


def _board(mines: int, clue: int = 0) -> Board:
    text = f"mines: {mines}\n" + "\n".join(" ".join("." for _ in range(COLS)) for _ in range(ROWS - 1))
    return parse_board(text + "\n" + f"{clue} " + " ".join("." for _ in range(COLS - 1)) + "\n")


def test_collector_paused_during_and_restored_after() -> None:
    assert ROWS * COLS >= analysis_module.GC_PAUSE_CELLS
    seen = []
    original = analysis_module._analyze_now

    def spy(board, opts):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return original(board, opts)

    mp = pytest.MonkeyPatch()
    mp.setattr(analysis_module, "_analyze_now", spy)
    try:
        was = gc.isenabled()
        gc.enable()
        analyze(_board(100))
        assert seen == [False] and gc.isenabled()
        gc.disable()  # a caller that turned it off keeps it off
        analyze(_board(100))
        assert seen == [False, False] and not gc.isenabled()
        gc.enable()
        with pytest.raises(InconsistentBoard):
            analyze(_board(ROWS * COLS - 1))  # every covered cell a mine, next to a revealed 0
        assert gc.isenabled()
    finally:
        mp.undo()
        if was:
            gc.enable()
        else:
            gc.disable()


def test_overlapping_pauses_restore_once() -> None:
    gc.enable()
    inside = threading.Barrier(2)
    during: list[bool] = []

    def work() -> None:
        with analysis_module.gc_paused():
            inside.wait()  # both threads are inside their pause here
            during.append(gc.isenabled())
            inside.wait()  # neither has left before both looked

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert during == [False, False] and gc.isenabled()
