"""Helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py`` and
``python benchmarks/experiments/NAME.py``). Quantiles: :func:`cpsolve.play.runner.percentile`."""

from __future__ import annotations

import argparse


def add_game_args(ap: argparse.ArgumentParser, games: int, seed: int) -> None:
    """The options naming a run of generated games: board, first-click rule, number and seed."""
    ap.add_argument("--difficulty", default="expert", help="beginner, intermediate, expert or WxHxM")
    ap.add_argument("--first-click", default="safe", choices=("safe", "opening"))
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=seed)


def add_position_args(ap: argparse.ArgumentParser, positions: int, seed: int = 1, difficulty: str = "expert",
                      repeat: int | None = None) -> None:
    """The options naming a set of positions to time: how many, of which difficulty, from which seed,
    and (``repeat`` given) the best of how many runs each."""
    ap.add_argument("--positions", type=int, default=positions)
    ap.add_argument("--difficulty", default=difficulty, help="beginner, intermediate, expert or WxHxM")
    ap.add_argument("--seed", type=int, default=seed)
    if repeat is not None:
        ap.add_argument("--repeat", type=int, default=repeat, help="best of this many runs per position")
