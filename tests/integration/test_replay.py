"""cpsolve replay: recorded games (ms-toollib's own test files) against the analysis."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from cpsolve.cli import main

ms = pytest.importorskip("ms_toollib")

from cpsolve.replay import ReplayError, analyze_replay, read_replay  # noqa: E402
from tests.support.paths import DATA  # noqa: E402

REPLAYS = DATA / "replays"
GOOD = ["cus8x11.avf", "beg.avf", "beg.evf", "rmv2_24px.rmv", "preflags16.rmv", "exp.mvf"]


@pytest.fixture(scope="module")
def reports() -> dict:
    return {name: analyze_replay(read_replay(REPLAYS / name)) for name in GOOD}


@pytest.mark.parametrize("name", GOOD)
def test_mapping_agrees_with_board_events(reports: dict, name: str) -> None:
    rep = reports[name]
    assert rep.mapping_checked > 0 and rep.mapping_agreed == rep.mapping_checked
    assert all(a.kind != "unmapped" for a in rep.actions)


def test_pixel_sizes_differ() -> None:
    # 16-, 20- and 24-pixel cells: the mapping uses each file's own cell size
    assert {read_replay(REPLAYS / n).pix_size for n in ("cus8x11.avf", "beg.evf", "rmv2_24px.rmv")} == {16, 20, 24}


def test_replays_replay_the_real_layout(reports: dict) -> None:
    # the last board of a won game, with the layout's mines, is consistent: every opened cell was safe
    for name in GOOD:
        rep = reports[name]
        assert rep.replay.completed
        assert not any(a.hit_mine for a in rep.actions)


def test_probabilities_are_exact_and_first_click_free(reports: dict) -> None:
    for rep in reports.values():
        first = [a for a in rep.actions if a.kind == "first"]
        assert len(first) == 1 and first[0].survival == 1
        s = Fraction(1)
        for a in rep.actions:
            assert isinstance(a.survival, Fraction)
            s *= a.survival
            if a.kind in ("open", "chord") and not a.guess:
                assert a.probability == 0 and a.proved
            if a.guess:
                assert a.probability is not None and 0 < a.probability < 1
                assert a.best is not None and a.best <= a.probability
                assert a.needless == (a.proved_safe_available > 0)
                assert (a.best == 0) == a.needless
        assert rep.survival == s and rep.exact


def test_hand_checked_figures(reports: dict) -> None:
    beg = reports["beg.avf"]
    guesses = [(a.index, a.cell, a.probability, a.needless) for a in beg.actions if a.guess]
    # the second click: the first opened a lone 1 at 0,0 with three covered neighbours
    assert guesses[0] == (1, (1, 0), Fraction(1, 3), False)
    assert beg.survival == Fraction(20, 73)
    rmv = reports["rmv2_24px.rmv"]
    assert [(a.cell, a.probability, a.needless) for a in rmv.actions if a.guess] == [((6, 7), Fraction(1, 2), True)]
    pre = reports["preflags16.rmv"]
    early = [a for a in pre.actions if a.kind == "flag" and a.index < 9]
    assert len(early) == 9 and all(not a.proved for a in early)  # flags before the first click prove nothing


def test_needless_guesses_cover_ms_toollib(reports: dict) -> None:
    """Every needless guess ms-toollib's own analysis finds (its solver ignores the mine total), we find."""
    video = ms.MvfVideo(str(REPLAYS / "exp.mvf"))
    video.parse()
    video.analyse()
    video.analyse_for_features(["needless_guess"])
    theirs = set()
    for e in video.events:
        if "needless_guess" in e.comments:
            m = e.event.unwrap_mouse()
            theirs.add((m.y // video.pix_size, m.x // video.pix_size))
    ours = {a.cell for a in reports["exp.mvf"].actions if a.needless}
    assert theirs and theirs <= ours


def test_cli_table_json_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(REPLAYS / "beg.avf")
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert "NEEDLESS GUESS (2 proved safe)" in out and "20/73" in out and "38 of 38 board events agree" in out
    svg = tmp_path / "r.svg"
    assert main(["replay", path, "--json", "--svg", str(svg)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["needless_guesses"] == 2 and doc["summary"]["survival_fraction"] == "20/73"
    assert doc["mapping"] == {"rule": "row = y // pix_size, col = x // pix_size", "checked": 38, "agreed": 38}
    assert svg.read_text().startswith("<svg") and "event 2" in svg.read_text()


@pytest.mark.parametrize("name,message", [
    ("not-a-replay.avf", "not a replay ms-toollib can read as AVF"),
    ("truncated.avf", "not a replay ms-toollib can read as AVF"),
    ("none.avf", "no such file"),
    ("README.md", "not a replay: the suffix must be one of"),
])
def test_bad_replays_one_line_exit_2(name: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ReplayError):
        read_replay(REPLAYS / name)
    assert main(["replay", str(REPLAYS / name)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


def test_layout_read_as_replay_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "layout.mvf"
    path.write_bytes(bytes([3, 2, 0, 1, 0, 0]))  # an MBF layout with a replay's suffix
    assert main(["replay", str(path)]) == 2
    assert "not a replay" in capsys.readouterr().err


def test_recorded_loss_written_through_ms_toollib(tmp_path: Path) -> None:
    """A game recorded with ms-toollib's own recorder (BaseVideo) and saved as EVF: 3 rows, 2 columns,
    one mine at 1,1. After the first click at 0,0 (a 1) the mine total proves row 2 safe, so the
    clicks at 0,1 (1/3) and 1,1 (1/2, the mine) are needless guesses; survival 2/3 * 1/2 = 1/3."""
    import time

    video = ms.BaseVideo([[1, 1], [1, -1], [1, 1]], 16)
    for r, c in ((0, 0), (0, 1), (1, 1)):
        pos = (r * 16 + 8, c * 16 + 8)  # BaseVideo.step's pixel order; the replay's own events decide
        video.step("lc", pos)
        time.sleep(0.002)
        video.step("lr", pos)
    video.generate_evf_v4_raw_data()
    video.save_to_evf_file(str(tmp_path / "loss"))
    deadline = time.time() + 10
    while not list(tmp_path.glob("*.evf")) and time.time() < deadline:  # written in the background
        time.sleep(0.05)
    path = next(tmp_path.glob("*.evf"))
    time.sleep(0.2)
    rep = analyze_replay(read_replay(path))
    assert rep.mapping_agreed == rep.mapping_checked == 3
    assert [(a.kind, a.cell, a.probability, a.needless, a.hit_mine) for a in rep.actions] == [
        ("first", (0, 0), None, False, False),
        ("open", (0, 1), Fraction(1, 3), True, False),
        ("open", (1, 1), Fraction(1, 2), True, True),
    ]
    s = rep.summary()
    assert s["survival_fraction"] == "1/3" and s["hit_mine"] and not s["won"] and s["needless_guesses"] == 2
