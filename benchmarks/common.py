"""Helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def pct(xs: Sequence[float], q: float) -> float:
    """The q-quantile of ``xs`` (nearest rank, no interpolation)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def add_game_args(ap: argparse.ArgumentParser, games: int, seed: int) -> None:
    """The options naming a run of generated games: board, first-click rule, number and seed."""
    ap.add_argument("--difficulty", default="expert", help="beginner, intermediate, expert or WxHxM")
    ap.add_argument("--first-click", default="safe", choices=("safe", "opening"))
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=seed)
