"""Where a run's games were lost: by the guess that lost them, by the kind of move, by stage.

Reads game records (``cpsolve play --records`` / ``winrate.py --records`` files) and prints, per
file: the win rate; the games lost at their 1st, 2nd, ... guess (as a share of all games, with the
mean mine probability of that losing guess as the analysis gave it); the losses by the kind of move
that hit the mine (``secondary`` = the guess evaluator, ``fifty-fifty``, ``endgame``, ...); the
losses with at most ``--early`` safe cells revealed (the first guesses of a game); and the moves per
game of each kind, over all games (``secondary`` per game: the evaluator's decisions).

    python benchmarks/experiments/losses.py runs/expert-safe-seed1130-RUN.jsonl runs/expert-opening-seed1130-RUN.jsonl

A guess counts every move not backed by a proof or an exact 0 (the first click excluded), so a game
lost at its first guess was lost at the first position where no cell was safe.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Losses:
    """What one records file says about its losses."""

    games: int = 0
    won: int = 0
    early: int = 0                                             # lost with <= `early` cells revealed
    at_guess: Counter[int] = field(default_factory=Counter)   # losing guess number -> games
    risk_at_guess: dict[int, float] = field(default_factory=dict)  # summed risk of those guesses
    by_reason: Counter[str] = field(default_factory=Counter)
    guesses_won: int = 0                                       # guesses made in the games won
    moves: Counter[str] = field(default_factory=Counter)       # moves of each kind, all games


def read(path: str, early: int, last: int) -> Losses:
    """Tally ``path``'s games; guesses from ``last`` on are pooled as ``last``.

    Raises SystemExit with file:line for a line that is not a game record (a last line cut short by
    an interrupted run is skipped, as the runner does)."""
    out = Losses()
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            doc = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):  # no newline after it: cut short by an interrupted write
                continue
            raise SystemExit(f"{path}:{n}: not a JSON game record") from None
        if not isinstance(doc, dict) or "won" not in doc or "guesses" not in doc:
            raise SystemExit(f"{path}:{n}: not a game record")
        out.games += 1
        out.moves.update(doc.get("moves", {}))
        if doc["won"]:
            out.won += 1
            out.guesses_won += doc["guesses"]
            continue
        k = min(doc["guesses"], last)
        out.at_guess[k] += 1
        out.risk_at_guess[k] = out.risk_at_guess.get(k, 0.0) + doc.get("loss_risk", 0.0)
        out.by_reason[doc.get("loss_reason") or "unknown"] += 1
        if doc.get("revealed", 0) <= early:
            out.early += 1
    return out


def report(name: str, t: Losses, early: int, last: int) -> str:
    n, lost = t.games, t.games - t.won
    if not n:
        return f"{name}: no games"
    rows = [f"{name}: {n:,} games, won {100 * t.won / n:.2f}%, lost {lost:,}"]
    for k in sorted(t.at_guess):
        label = f"{k}+" if k == last else str(k)
        rows.append(f"  lost at guess {label:>3}: {100 * t.at_guess[k] / n:6.2f}% of games "
                    f"(mean risk of that guess {t.risk_at_guess[k] / t.at_guess[k]:.3f})")
    rows.append("  lost by move kind: " + ", ".join(f"{r} {100 * c / n:.2f}%" for r, c in t.by_reason.most_common()))
    if lost:
        rows.append(f"  lost with <= {early} cells revealed: {100 * t.early / n:.2f}% of games "
                    f"({100 * t.early / lost:.1f}% of losses)")
    if t.won:
        rows.append(f"  guesses per game won: {t.guesses_won / t.won:.2f}")
    if t.moves:
        rows.append("  moves per game by kind: " + ", ".join(f"{k} {c / n:.3f}" for k, c in t.moves.most_common()))
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="records files")
    ap.add_argument("--early", type=int, default=10, help="'early' losses: at most this many cells revealed")
    ap.add_argument("--last", type=int, default=6, help="pool the losing guesses from this number on")
    args = ap.parse_args(argv)
    if args.last < 1:
        ap.error("--last must be at least 1")
    for path in args.files:
        if not Path(path).is_file():
            print(f"{path}: no such file", file=sys.stderr)
            return 2
        print(report(Path(path).name, read(path, args.early, args.last), args.early, args.last))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
