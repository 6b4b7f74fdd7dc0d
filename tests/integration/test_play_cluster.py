"""Cluster play (Dask distributed) and resuming a run from its records."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cpsolve.cli import main
from cpsolve.play import cluster
from cpsolve.play.runner import TIMING_KEYS
from tests.support import bench_modules
from tests.support.paths import ROOT


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def played(*argv: str) -> dict:
    rc, out, err = run_cli("play", "--difficulty", "beginner", "--seed", "4", "--json", "--no-progress", *argv)
    assert rc == 0, err
    return json.loads(out)


def same_games(a: dict, b: dict) -> None:
    assert a["games_digest"] == b["games_digest"]
    assert {k: v for k, v in a.items() if k not in TIMING_KEYS} == {k: v for k, v in b.items()
                                                                      if k not in TIMING_KEYS}


def untimed(line: str) -> dict:
    return {k: v for k, v in json.loads(line).items() if k not in ("ms", "strategy_ms", "cpu_ms")}


def test_batches_are_bounded() -> None:
    assert cluster.batch_size(10, 2) == 1
    assert cluster.batch_size(10_000_000, 1000) == 200
    assert cluster.batch_size(1600, 2) == 100


def test_local_two_worker_cluster_plays_the_jobs_games_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    recs = tmp_path / "games.jsonl"
    on_cluster = played("--games", "24", "--cluster", "local", "--jobs", "2", "--records", str(recs))
    assert on_cluster["cluster"] == "local" and on_cluster["jobs"] == 2
    alone = played("--games", "24")
    same_games(on_cluster, alone)
    lines = recs.read_text().splitlines()
    assert [json.loads(x)["index"] for x in lines] == list(range(24))  # in game order

    # an interrupted run: 10 games written, the 11th cut short; resuming plays only the other 14
    recs.write_text("\n".join(lines[:10]) + "\n" + lines[10][:25])
    calls: list[int] = []
    import cpsolve.play.runner as runner
    original = runner.play_one

    def counting(index: int, config: object = None) -> object:
        calls.append(index)
        return original(index, config)  # type: ignore[arg-type]

    runner.play_one = counting  # type: ignore[assignment]
    try:
        resumed = played("--games", "24", "--records", str(recs))
    finally:
        runner.play_one = original  # type: ignore[assignment]
    assert sorted(calls) == list(range(10, 24))
    same_games(resumed, alone)
    # the file ends up as the uninterrupted run's (but for the times)
    assert list(map(untimed, recs.read_text().splitlines())) == list(map(untimed, lines))
    # extending the run to 30 games plays 6 more, the same as a fresh 30-game run
    same_games(played("--games", "30", "--records", str(recs)), played("--games", "30"))


def test_records_of_another_run_are_refused(tmp_path: Path) -> None:
    recs = tmp_path / "games.jsonl"
    played("--games", "3", "--records", str(recs))
    rc, _, err = run_cli("play", "--difficulty", "beginner", "--seed", "5", "--games", "3", "--records", str(recs))
    assert rc == 2 and err.count("\n") == 1 and "another run" in err
    recs.write_text("not json\n{}\n")
    rc, _, err = run_cli("play", "--difficulty", "beginner", "--games", "3", "--records", str(recs))
    assert rc == 2 and "games.jsonl:1: not a JSON game record" in err


def test_missing_dask_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    real = builtins.__import__

    def no_dask(name: str, *args: object, **kw: object) -> object:
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(name)
        return real(name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_dask)
    rc, _, err = run_cli("play", "--difficulty", "beginner", "--games", "2", "--cluster", "local")
    assert rc == 2 and err.count("\n") == 1 and "cpsolve[cluster]" in err


def test_winrate_tables_share_records_with_the_cli(tmp_path: Path) -> None:
    """benchmarks/experiments/winrate.py --records keeps the CLI's records format and run key: a table run reads
    back the games `cpsolve play --records` played (and plays only those beyond), same games."""
    winrate = bench_modules.load("winrate")
    out = tmp_path / "tables"
    summary, wins = winrate.play("beginner", "safe", 8, 4, 1, {"name": "best"}, records=str(out))
    (path,) = out.iterdir()
    assert len(path.read_text().splitlines()) == 8
    cli = played("--games", "12", "--first-click", "safe", "--records", str(path))  # resumes: 4 more
    same_games(cli, played("--games", "12", "--first-click", "safe"))
    import cpsolve.play.runner as runner
    original = runner.play_one
    runner.play_one = None  # type: ignore[assignment]  # nothing may be played: all 12 are recorded
    try:
        again, wins12 = winrate.play("beginner", "safe", 12, 4, 1, {"name": "best"}, records=str(out))
    finally:
        runner.play_one = original  # type: ignore[assignment]
    assert again["games_digest"] == cli["games_digest"] and wins12[:8] == wins
    assert sum(wins12) == cli["wins"]


def _bench(name: str) -> Any:
    return bench_modules.load(name)


def _forked_pairs() -> Any:
    return _bench("forked_pairs")


def test_forked_pairs_give_the_results_of_separate_runs() -> None:
    """benchmarks/experiments/forked_pairs.py plays two strategies on one game until their moves differ, then
    forks: each strategy's result must be what it gets playing the game alone (and some games must
    fork, or the test shows nothing)."""
    forked = _forked_pairs()
    from cpsolve.play.referee import play_game
    from cpsolve.play.strategy import Strategy

    a, b = Strategy(name="basic"), Strategy(name="best")
    forks = 0
    for i in range(40):
        doc = forked.play_forked(9, 9, 10, "safe", 5, i, a, b)
        forks += doc["fork"] >= 0
        assert doc["wrong_certainties"] == 0
        for key, strat in (("a", a), ("b", b)):
            assert play_game(9, 9, 10, first_click="safe", seed=5, index=i, strategy=strat).won == doc[key], (i, key)
    assert forks >= 5


def test_forked_pairs_settle_stops_only_games_both_would_play_alike() -> None:
    """With --settle R and a B that plays as A on every board with more than R revealed cells (here:
    it guesses the centre cell instead on boards with at most 4), a game not parted by then is
    stopped as a tie: played separately, A and B must then play the same game (same moves, same
    result); a parted game keeps its exact results (and both kinds must occur)."""
    forked = _forked_pairs()
    from cpsolve.board import COVERED
    from cpsolve.play.referee import play_game
    from cpsolve.play.strategy import Move, Strategy

    class Early(Strategy):
        def choose(self, board, analysis):  # type: ignore[no-untyped-def]
            move = super().choose(board, analysis)
            if move.guess and sum(1 for v in board.cells if v >= 0) <= 4 and board.at(8, 15) == COVERED:
                return Move(((8, 15),), True, "centre")
            return move

    a, b = Strategy(), Early()
    forks = settled = 0
    for i in range(12):
        doc = forked.play_forked(16, 30, 99, "safe", 3, i, a, b, settle=4)
        alone = {key: forked.trace(play_game(16, 30, 99, first_click="safe", seed=3, index=i, strategy=s))
                 for key, s in (("a", a), ("b", b))}
        if doc["settled"]:  # the same game for both, move by move
            settled += 1
            assert doc["fork"] < 0 and alone["a"] == alone["b"], i
        else:
            forks += doc["fork"] >= 0
            assert (doc["a"], doc["b"]) == (alone["a"][0], alone["b"][0]), i
    assert forks >= 2 and settled >= 5


def test_forked_pairs_finish_measures_the_settled_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """--settle 1 --finish: the settled games are played once more to their end, and every result
    must equal the strategy played alone (--check); the win rates are printed. (B is A under another
    label: the strategies never part, every game not over by then is settled past 1 revealed cell.)"""
    forked = _forked_pairs()
    out = tmp_path / "pairs.jsonl"
    monkeypatch.setattr("sys.argv", ["forked_pairs.py", "--difficulty", "expert", "--games", "12", "--seed", "1203",
                                     "--b", "name=best,label=b", "--settle", "1", "--finish",
                                     "--check", "12", "--out", str(out)])
    assert forked.main() == 0
    got = capsys.readouterr()
    assert "checked: the first 12 games" in got.err
    assert "not measured" not in got.out and "A (name=best) " in got.out
    docs = [json.loads(line) for line in out.read_text().splitlines()]
    finished = {json.loads(line)["index"] for line in Path(str(out) + ".finished.jsonl").read_text().splitlines()}
    assert finished == {d["index"] for d in docs if d["settled"]} and 6 <= len(finished) <= 11
    assert all(d["fork"] < 0 for d in docs)
    # resumed with two processes after a --finish cut short (its last line lost, the one before
    # half written): that game is played again, the same figures, and the run ends
    fin = Path(str(out) + ".finished.jsonl")
    lines = fin.read_text().splitlines(keepends=True)
    fin.write_text("".join(lines[:-2]) + lines[-2][:10])
    import sys

    argv = [*sys.argv, "--jobs", "2"]
    monkeypatch.setattr("sys.argv", argv)
    assert forked.main() == 0
    assert capsys.readouterr().out == got.out
    assert sorted(fin.read_text().splitlines()) == sorted(line.rstrip("\n") for line in lines)


def test_peer_hill_pairs_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The layouts handed to Hill's solver are those cpsolve's referee plays (first cell, and with an
    opening its neighbours, mine-free; the game's own mines), and compare pairs by index with
    hand-counted results; records of another seed are refused."""
    import argparse

    from cpsolve.play.referee import game_seed
    from cpsolve.simulate import Game

    hill = _bench("peer_hill")
    lines = hill.layout_lines("intermediate", "opening", 5, [3, 7])
    assert lines[0] == "16 16 40 2 2"
    for line in lines[1:]:
        index, *mines = map(int, line.split())
        assert len(mines) == 40 and not {17, 18, 19, 33, 34, 35, 49, 50, 51} & set(mines)
        replay = Game(16, 16, 40, seed=game_seed(5, index), first_click="opening")
        replay.reveal(2, 2)  # as play_game lays game index of seed 5
        assert replay.layout() == sorted(mines)
    ns = argparse.Namespace(hill="", seed=9, arm="", difficulty="intermediate", first_click="opening",
                            strategy="name=best")
    run = hill.ours_run(ns)
    ours = tmp_path / "ours.jsonl"
    ours.write_text("".join(json.dumps({"run": run, "index": i, "seed": game_seed(9, i), "won": w}) + "\n"
                            for i, w in enumerate([True, True, False, False, True])))
    theirs = tmp_path / "hill.txt"
    theirs.write_text(hill.header("intermediate", "opening", 9) + "\n0 1 2\n1 0 3\n2 1 1\n3 0 4\n4 error looping\n")
    ns.ours, ns.hill = str(ours), str(theirs)
    assert hill.cmd_compare(ns) == 0
    out = capsys.readouterr().out
    assert "games 4 " in out and "cpsolve only 1, by Hill only 1" in out
    # games of another seed, board, first click or strategy are refused, on either side
    for change in ({"seed": 10}, {"difficulty": "expert"}, {"first_click": "safe"}, {"strategy": "name=basic"}):
        with pytest.raises(SystemExit):
            hill.cmd_compare(argparse.Namespace(**{**vars(ns), **change}))
    with pytest.raises(SystemExit, match="hill.txt:1: holds the games difficulty=intermediate "
                                         "first_click=opening seed=9, not"):
        hill.read_hill(str(theirs), argparse.Namespace(difficulty="intermediate", first_click="opening", seed=8))
    # a forked_pairs run: one arm's results, settled games from its --finish file (unfinished: left out)
    pairs = tmp_path / "pairs.jsonl"
    key = _forked_pairs().run_id("intermediate", "opening", 9, {"name": "best"}, {"name": "basic"})
    pairs.write_text("".join(json.dumps({"run": key, "index": i, "seed": game_seed(9, i), "a": a, "b": b,
                                         "settled": st}) + "\n"
                             for i, (a, b, st) in enumerate([(True, False, False), (False, False, True),
                                                             (False, True, False), (False, False, True)])))
    Path(str(pairs) + ".finished.jsonl").write_text(json.dumps({"index": 1, "won": True}) + "\n")
    assert hill.read_ours(str(pairs), 9, "a") == {0: True, 1: True, 2: False}
    assert hill.read_ours(str(pairs), 9, "b") == {0: False, 1: True, 2: True}
    assert hill.read_ours(str(pairs), 9, "a", ns) == {0: True, 1: True, 2: False}
    with pytest.raises(SystemExit, match="pairs.jsonl:1: a run of intermediate opening, not expert opening"):
        hill.read_ours(str(pairs), 9, "a", argparse.Namespace(**{**vars(ns), "difficulty": "expert"}))


def test_losses_tallies_records_by_losing_guess(tmp_path: Path) -> None:
    """benchmarks/experiments/losses.py on a hand-written records file (hand-checked tallies; a cut-short last
    line skipped, a bad line refused with file:line) and on a real run's records (its losses are the
    run's losses, each at a guess the game made)."""
    losses = _bench("losses")
    lines = [
        {"index": 0, "won": True, "guesses": 3, "revealed": 71, "moves": {"proved": 9, "secondary": 3}},
        {"index": 1, "won": False, "guesses": 1, "revealed": 4, "loss_reason": "secondary", "loss_risk": 0.25,
         "moves": {"proved": 1, "secondary": 1}},
        {"index": 2, "won": False, "guesses": 1, "revealed": 9, "loss_reason": "secondary", "loss_risk": 0.75},
        {"index": 3, "won": False, "guesses": 7, "revealed": 60, "loss_reason": "fifty-fifty", "loss_risk": 0.5},
        {"index": 4, "won": True, "guesses": 0, "revealed": 71},
    ]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in lines) + '{"index": 5, "wo', encoding="utf-8")
    t = losses.read(str(path), early=5, last=6)
    assert (t.games, t.won, t.early, t.guesses_won) == (5, 2, 1, 3)
    assert dict(t.at_guess) == {1: 2, 6: 1} and t.risk_at_guess == {1: 1.0, 6: 0.5}
    assert dict(t.by_reason) == {"secondary": 2, "fifty-fifty": 1}
    text = losses.report("r", t, 5, 6)
    assert "lost at guess   1:  40.00% of games (mean risk of that guess 0.500)" in text
    assert "lost at guess  6+:  20.00%" in text and "won 40.00%" in text
    assert dict(t.moves) == {"proved": 10, "secondary": 4}
    assert "moves per game by kind: proved 2.000, secondary 0.800" in text
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(lines[0]) + "\nnot json\n" + json.dumps(lines[1]) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"bad\.jsonl:2: not a JSON game record"):
        losses.read(str(bad), early=10, last=6)

    winrate = _bench("winrate")
    summary, wins = winrate.play("beginner", "safe", 40, 7, 1, {"name": "best"}, records=str(tmp_path / "run"))
    (records,) = (tmp_path / "run").glob("*.jsonl")
    t = losses.read(str(records), early=10, last=99)
    assert t.games == 40 and t.won == sum(wins) == summary["wins"]
    assert sum(t.at_guess.values()) == 40 - t.won > 0
    assert all(k >= 1 for k in t.at_guess)  # a game is lost only by a guess
    # one move per analysed position: the kinds add up to the records' own position counts
    positions = sum(json.loads(line)["positions"] for line in records.read_text(encoding="utf-8").splitlines())
    assert sum(t.moves.values()) == positions > 40 and t.moves["proved"] > 0


def test_bench_play_alternates_arms_on_the_same_games() -> None:
    """benchmarks/bench_play.py runs each arm's ``cpsolve play --json`` per round, reads the same
    games (one digest, the one ``cpsolve play`` gives in process) and prints a ratio per arm."""
    import subprocess
    import sys

    root = ROOT
    if not (root / ".venv" / "bin" / "cpsolve").exists():
        pytest.skip("the arm is this checkout's .venv (tests/run makes it)")
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_play.py"), "--arm", str(root),
                          "--arm", str(root), "--difficulty", "beginner", "--games", "6", "--rounds", "2",
                          "--jobs", "1", "--strategy", "basic"], capture_output=True, text=True, check=True).stdout
    rc, doc, err = run_cli("play", "--difficulty", "beginner", "--games", "6", "--seed", "1", "--strategy",
                           "basic", "--json", "--no-progress")
    assert rc == 0, err
    assert f"games_digest: {json.loads(doc)['games_digest']}\n" in out  # one digest, the games played here
    assert "runs with a wrong claim: 0\n" in out
    rows = [line for line in out.splitlines() if line.startswith(("1 ", "2 "))]
    assert len(rows) == 4 and all(str(root) in r for r in rows)  # two arms x two rounds
    # the summary: each arm against the first, ratios per round (the first arm's own are 1.00x)
    assert sum(line.startswith(str(root)) and line.endswith("1.00x, 1.00x") for line in out.splitlines()) >= 1
