"""The play harness: referee bookkeeping, determinism, the JSON document, planted wrong certainties,
and the look-ahead engine against brute force."""

from __future__ import annotations

import io
import itertools
import json
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.analysis import Analysis, analyze
from cpsolve.board import COVERED, Board
from cpsolve.cli import main
from cpsolve.options import AnalysisOptions
from cpsolve.play import RunConfig, Strategy, game_seed, play_game, run, wilson
from cpsolve.play.endgame import EndgameSearch, enumerate_placements
from cpsolve.play.lookahead import Lookahead
from cpsolve.play.runner import TIMING_KEYS
from cpsolve.proof.certainty import certify
from cpsolve.simulate import Game, oracle_positions

SPEC_KEYS = {"games", "wins", "positions", "estimated_positions", "certainties", "wrong_certainties",
             "median_ms", "p99_ms", "max_ms"}


def assert_optimal_first_move(state, x: int, max_placements: int) -> None:  # type: ignore[no-untyped-def]
    """Opening ``x`` first is an optimal move of the whole position, by the exact game-tree search."""
    placements = enumerate_placements(state, max_placements)
    assert placements is not None
    search = EndgameSearch(state, placements, 10**7)
    assert search.move_value(x) == search.value()  # exact: no tolerance


def brute_force(board: Board) -> list[frozenset[int]]:
    """Every mine placement consistent with the clues and the total (small boards only)."""
    unknown = [i for i, v in enumerate(board.cells) if v == COVERED]
    assert board.mines is not None and len(unknown) <= 20
    clues = list(board.iter_clues())
    out = []
    for combo in itertools.combinations(unknown, board.mines):
        s = frozenset(combo)
        if all(sum(1 for j in board.neighbours(i) if j in s) == k for i, k in clues):
            out.append(s)
    return out


# --- the look-ahead engine -------------------------------------------------------------------------

def test_engine_outcomes_match_brute_force() -> None:
    engine = Lookahead()
    checked = 0
    for pos in oracle_positions("5x4x4", 40, seed=11, per_game=3):
        board = pos.board
        sols = brute_force(board)
        state = engine.solve(board)
        assert state.z == len(sols)
        for i, p in state.prob.items():
            assert p == pytest.approx(sum(i in s for s in sols) / len(sols), abs=1e-12)
            assert state.tally_of(i) == sum(i in s for s in sols)  # read a cell at a time, exact
        for i in state.prob:
            if state.fixed.get(i):
                continue
            outs = engine.outcomes(state, i)
            for v in range(9):
                expect = [s for s in sols if i not in s
                          and sum(1 for j in board.neighbours(i) if j in s) == v]
                if not expect:
                    assert v not in outs
                    continue
                hyp = outs[v]
                assert hyp.z == len(expect)
                for j, q in hyp.prob.items():
                    assert q == pytest.approx(sum(j in s for s in expect) / len(expect), abs=1e-12)
                checked += 1
    assert checked > 100


# --- the referee ------------------------------------------------------------------------------------

def small_config(**kw: object) -> RunConfig:
    base = dict(rows=9, cols=9, mines=10, games=8, seed=7, first_click="safe", difficulty="beginner")
    base.update(kw)
    return RunConfig(**base)  # type: ignore[arg-type]


def strip_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


def test_same_seed_same_games() -> None:
    a, ra = run(small_config())
    b, rb = run(small_config())
    assert strip_timing(a) == strip_timing(b)
    assert [(r.index, r.seed, r.won, r.revealed) for r in ra] == [(r.index, r.seed, r.won, r.revealed)
                                                                   for r in rb]
    c, _ = run(small_config(seed=8))
    assert c["games_digest"] != a["games_digest"]


def test_jobs_two_plays_the_same_games() -> None:
    one, r1 = run(small_config(games=6), jobs=1)
    two, r2 = run(small_config(games=6), jobs=2)
    assert strip_timing(one) == strip_timing(two)
    assert [r.index for r in r2] == list(range(6))


def test_game_seed_depends_on_seed_and_index_only() -> None:
    assert game_seed(1, 2) == game_seed(1, 2)
    assert len({game_seed(s, i) for s in range(5) for i in range(50)}) == 250


class Recorder(Strategy):
    """The default strategy, logging every cell it asks the referee to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[tuple[int, int]] = []

    def choose(self, board, analysis):  # type: ignore[no-untyped-def]
        move = super().choose(board, analysis)
        self.opened.extend(move.cells)
        return move


@pytest.mark.parametrize("rule", ["safe", "opening"])
def test_win_and_loss_bookkeeping_against_the_layout(rule: str) -> None:
    rows, cols, mines = 8, 8, 12
    wins = losses = 0
    for index in range(12):
        strat = Recorder()
        rec = play_game(rows, cols, mines, first_click=rule, seed=3, index=index, strategy=strat,
                        options=AnalysisOptions(prove=False))
        # an independent game with the same seed and first click has the same hidden layout
        first = strat.first_cell(rows, cols, mines, rule)
        twin = Game(rows, cols, mines, seed=game_seed(3, index), first_click=rule)
        twin.reveal(*first)
        layout = set(twin.layout())
        assert first[0] * cols + first[1] not in layout
        if rule == "opening":
            assert not layout & set(twin.board().neighbours(first[0] * cols + first[1]))
        hit = [rc for rc in strat.opened if rc[0] * cols + rc[1] in layout]
        if rec.won:
            wins += 1
            assert not hit and rec.revealed == rec.safe_cells == rows * cols - mines
        else:
            losses += 1
            # the game ends at the first mine opened, and it is the last cell asked for before the end
            assert len(hit) == 1 and rec.revealed < rec.safe_cells
        assert rec.positions == len(rec.ms) and rec.positions >= 1
    assert wins and losses  # both branches ran


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    lo, hi = wilson(1, 1000)
    assert lo < 0.001 < hi < 0.01


# --- certainties: counted and checked ---------------------------------------------------------------

def certify_exact_zeros(board: Board, **kw: object) -> Analysis:
    """A stand-in solver that certifies every exact-0 cell as safe (true claims)."""
    a = analyze(board, prove=False)
    cells = [replace(c, proof=certify((c.row, c.col), False, "test", (), True))
             if c.probability.fraction == 0 else c for c in a.cells]
    return replace(a, cells=cells)


def certify_everything_safe(board: Board, **kw: object) -> Analysis:
    """A broken solver: it claims every covered cell is proved safe (wrong wherever a mine is)."""
    a = analyze(board, prove=False)
    return replace(a, cells=[replace(c, proof=certify((c.row, c.col), False, "broken", (), True))
                             for c in a.cells])


def test_true_certainties_are_counted_and_not_wrong() -> None:
    summary, records = run(small_config(analyzer=certify_exact_zeros))
    assert summary["certainties"] > 0 and summary["wrong_certainties"] == 0
    # every certainty of a position is one cell: recount from the records
    assert summary["certainties"] == sum(r.certainties for r in records)


def test_planted_wrong_certainty_is_caught() -> None:
    summary, _ = run(small_config(analyzer=certify_everything_safe, games=3))
    assert summary["wrong_certainties"] > 0
    assert summary["wrong"] and summary["wrong"][0]["claimed"] == "safe"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def test_cli_exits_1_on_a_planted_wrong_certainty(monkeypatch: pytest.MonkeyPatch) -> None:
    import cpsolve.cli.play as cli_play
    monkeypatch.setattr(cli_play, "solver", lambda: certify_everything_safe)
    rc, out, err = run_cli("play", "--difficulty", "beginner", "--games", "2", "--json")
    assert rc == 1
    doc = json.loads(out)
    assert doc["wrong_certainties"] > 0
    assert "WRONG CERTAINTY" in err


def test_cli_json_keys_and_exit_0() -> None:
    rc, out, err = run_cli("play", "--difficulty", "6x5x4", "--games", "4", "--seed", "2", "--json",
                           "--first-click", "opening", "--no-progress")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc.keys() >= SPEC_KEYS
    assert doc["games"] == 4 and 0 <= doc["wins"] <= 4
    assert (doc["rows"], doc["cols"], doc["mines"]) == (5, 6, 4)
    lo, hi = doc["win_rate_ci95"]
    assert lo <= doc["win_rate"] <= hi
    assert doc["positions"] >= 1 and doc["median_ms"] <= doc["p99_ms"] <= doc["max_ms"]
    assert err == ""  # no progress bar when standard error is not a terminal


def test_games_per_cpu_second_adds_up_the_records() -> None:
    """The summary's CPU figures are the sum of the games' own CPU times (records carry them, and a
    record written before them, with none, is left out of the rate rather than counted as free)."""
    from cpsolve.play import records as game_records
    from cpsolve.play.runner import summarize
    config = small_config(games=6)
    summary, recs = run(config)
    assert all(r.cpu_ms > 0 for r in recs)
    total = sum(r.cpu_ms for r in recs) / 1e3
    assert summary["cpu_seconds"] == pytest.approx(total)
    assert summary["games_per_cpu_second"] == pytest.approx(6 / total)
    back = [game_records.from_json(game_records.to_json(r, "x")) for r in recs]
    assert [r.cpu_ms for r in back] == pytest.approx([r.cpu_ms for r in recs], abs=1e-3)
    old = [replace(r, cpu_ms=0.0) if r.index < 2 else r for r in back]  # as read from older records
    again = summarize(config, old, wall=1.0, jobs=1)
    rest = sum(r.cpu_ms for r in old) / 1e3
    assert again["games_per_cpu_second"] == pytest.approx(4 / rest)


def test_cli_table_and_bad_input() -> None:
    rc, out, _ = run_cli("play", "--difficulty", "beginner", "--games", "2")
    assert rc == 0 and "wins" in out and "certainties wrong" in out
    rc, _, err = run_cli("play", "--difficulty", "huge", "--games", "2")
    assert rc == 2 and err.count("\n") == 1 and "unknown difficulty" in err
    rc, _, err = run_cli("play", "--difficulty", "beginner", "--first-cell", "9,0")
    assert rc == 2 and "off the board (9 rows x 9 columns)" in err
    rc, _, err = run_cli("play", "--games", "0")
    assert rc == 2 and "at least 1" in err


def test_default_first_cells() -> None:
    s = Strategy()
    assert s.first_cell(16, 30, 99, "opening") == (3, 3)
    assert s.first_cell(16, 30, 99, "safe") == (0, 0)
    assert s.first_cell(4, 4, 2, "opening") == (1, 1)
    # the reference solvers open beginner and intermediate at (2,2)
    assert s.first_cell(9, 9, 10, "opening") == (2, 2)
    assert s.first_cell(16, 16, 40, "opening") == (2, 2)
    assert s.first_cell(16, 16, 40, "safe") == (0, 0)


def test_exact_fractions_used_for_guesses() -> None:
    """The basic guess is the lowest exact probability (ties: fewest covered neighbours)."""
    board = Board(3, 5, (COVERED, 1, COVERED, COVERED, COVERED) + (COVERED,) * 5
                  + (COVERED, COVERED, COVERED, 1, COVERED), 1)
    a = analyze(board, prove=False)
    assert a.cell(1, 2).probability.fraction == Fraction(1)
    move = Strategy(name="basic").choose(board, a)
    assert not move.guess and (1, 2) not in move.cells


# --- the endgame search -----------------------------------------------------------------------------

def naive_win(board: Board, sols: list[frozenset[int]], memo: dict) -> float:
    """Optimal chance to win by plain recursion: max over every undecided cell, no shortcuts."""
    key = frozenset(sols)
    if key in memo:
        return memo[key]
    cells = [i for i, v in enumerate(board.cells) if v == COVERED]
    best = None
    for x in cells:
        mine = sum(1 for s in sols if x in s)
        if mine == len(sols) or (mine == 0 and len({_number(board, x, s) for s in sols}) == 1):
            continue  # decided: a mine, or safe with nothing to tell
        parts: dict[int, list[frozenset[int]]] = {}
        for s in sols:
            if x not in s:
                parts.setdefault(_number(board, x, s), []).append(s)
        val = sum(len(p) * naive_win(board, p, memo) for p in parts.values()) / len(sols)
        best = val if best is None else max(best, val)
    if best is None:
        undecided = [x for x in cells if 0 < sum(1 for s in sols if x in s) < len(sols)]
        best = 0.0 if undecided else 1.0
    memo[key] = best
    return best


def _number(board: Board, x: int, s: frozenset[int]) -> int:
    return sum(1 for j in board.neighbours(x) if j in s)


def test_endgame_search_is_optimal_against_naive_recursion() -> None:
    from cpsolve.play.endgame import endgame_move, enumerate_placements
    engine = Lookahead()
    checked = 0
    positions = [*oracle_positions("4x4x4", 40, seed=5, per_game=4),
                 *oracle_positions("5x4x5", 40, seed=6, per_game=4)]
    for pos in positions:
        board = pos.board
        sols = brute_force(board)
        if len(sols) > 60:
            continue
        state = engine.solve(board)
        placements = enumerate_placements(state, 1000)
        assert placements is not None and len(placements) == len(sols)
        # placements cover the unfixed cells; with the fixed mines they are exactly the brute-force list
        fixed_mines = frozenset(i for i, m in state.fixed.items() if m)
        assert {p | fixed_mines for p in placements} == set(sols)
        got = endgame_move(state, 1000, 10**6)
        expect = naive_win(board, sols, {})
        if got is None:  # nothing left to decide: the game is won by opening the safe cells
            assert expect == 1.0
            assert all(p == 1.0 or p == 0.0 for p in state.prob.values())
            continue
        cell, val = got
        assert val == pytest.approx(expect, abs=1e-12)
        # the chosen cell achieves it: its own value by the naive recursion
        parts: dict[int, list[frozenset[int]]] = {}
        for s in sols:
            if cell not in s:
                parts.setdefault(_number(board, cell, s), []).append(s)
        own = sum(len(p) * naive_win(board, p, {}) for p in parts.values()) / len(sols)
        assert own == pytest.approx(expect, abs=1e-12)
        checked += 1
    assert checked >= 20


def _naive_move_value(board: Board, sols: list[frozenset[int]], x: int) -> float:
    parts: dict[int, list[frozenset[int]]] = {}
    for s in sols:
        if x not in s:
            parts.setdefault(_number(board, x, s), []).append(s)
    return sum(len(p) * naive_win(board, p, {}) for p in parts.values()) / len(sols)


def test_partial_search_proves_only_true_values() -> None:
    """A search cut short by its budget: its finished first moves have their exact values, the rest
    are bounded above, and a move it calls better than another is better (naive recursion as oracle)."""
    from cpsolve.play.endgame import SearchBudgetExceeded
    from tests.support.bench_modules import load
    PartialSearch = load("endgame_gain").PartialSearch  # lives with the benchmark that measures it
    engine = Lookahead()
    exact = bounds = overrides = 0
    positions = [*oracle_positions("5x4x5", 60, seed=31, per_game=3),
                 *oracle_positions("6x4x6", 60, seed=32, per_game=3)]
    for pos in positions:
        board = pos.board
        if sum(1 for v in board.cells if v == COVERED) > 20:
            continue
        sols = brute_force(board)
        if not 8 <= len(sols) <= 80:
            continue
        state = engine.solve(board)
        placements = enumerate_placements(state, 1000)
        assert placements is not None
        whole = EndgameSearch(state, placements, 10**7)
        whole.best_move()
        for budget in (whole.nodes // 4, whole.nodes // 2, 3 * whole.nodes // 4):
            search = EndgameSearch(state, placements, budget)
            try:
                search.best_move()
                continue
            except SearchBudgetExceeded:
                got = PartialSearch.of(search)
            truth = {x: _naive_move_value(board, sols, x) for x in got.safety if 0 < got.safety[x] < 1}
            for x, (val, done) in got.values.items():
                if done:
                    assert val == pytest.approx(truth[x], abs=1e-12)
                    exact += 1
                else:
                    assert val >= truth[x] - 1e-12
                    bounds += 1
            for x in truth:
                assert got.safety[x] >= truth[x] - 1e-12
                better = got.better_than(x)
                if better is not None:
                    assert better[1] == pytest.approx(truth[better[0]], abs=1e-12)
                    assert truth[better[0]] > truth[x]
                    overrides += 1
    # every kind of result was met
    assert exact >= 20 and bounds >= 5 and overrides >= 20


def test_forced_fifty_fifty_detection() -> None:
    from cpsolve.board import parse_board
    from cpsolve.play.strategy import forced_fifty_fifty
    engine = Lookahead()
    forced = engine.solve(parse_board("mines: 1\n. .\n1 1\n"))
    assert forced_fifty_fifty(forced) == (0, 1)
    # a safe covered neighbour of the pair can still tell them apart: not forced
    open_ = engine.solve(parse_board("mines: 1\n. . .\n1 1 .\n"))
    assert open_.prob[2] == 0.0 and forced_fifty_fifty(open_) is None
    # the player takes the forced pair at once, and says so
    board = parse_board("mines: 1\n. .\n1 1\n")
    move = Strategy().choose(board, analyze(board))
    assert move.guess and move.reason == "fifty-fifty" and move.cells == ((0, 0),)


def test_free_guesses_are_optimal_first_moves() -> None:
    """Whenever the player calls a cell a free guess, opening it first is an optimal move."""
    from cpsolve.play.strategy import free_guess
    engine = Lookahead()
    found = 0
    positions = [*oracle_positions("5x4x6", 150, seed=21, per_game=5),
                 *oracle_positions("6x3x5", 150, seed=22, per_game=5)]
    for pos in positions:
        state = engine.solve(pos.board)
        x = free_guess(engine, state)
        if x is None:
            continue
        assert_optimal_first_move(state, x, 5000)
        assert 0 < state.prob[x] < 1
        found += 1
    assert found >= 5


def test_strategies_take_their_paths() -> None:
    """Each strategy's guessing path actually runs (and the unknown name is refused)."""
    basic, _ = run(small_config(games=20, strategy_options={"name": "basic"}))
    assert set(basic["moves"]) <= {"proved", "exact-zero", "lowest"} and basic["moves"]["lowest"] > 0
    best, _ = run(small_config(games=20, strategy_options={"name": "best", "isolated": 0, "secondary": False}))
    assert best["moves"].get("endgame", 0) > 0
    with pytest.raises(ValueError):
        Strategy(name="clever")


def test_dead_cells_are_put_off() -> None:
    from cpsolve.board import parse_board
    # (0,0) is the least likely mine, but if it is safe it must show 1 (the 1 at (0,1) needs one mine
    # among (0,0), (1,0), (1,1)): a dead cell. The player opens the lowest living cell instead.
    board = parse_board("mines: 7\n. 1 1 . . . .\n. . 2 . . . .\n. 3 . . . . .\n1 . . . . . .\n")
    engine = Lookahead()
    state = engine.solve(board)
    und = {i: p for i, p in state.prob.items() if 0 < p < 1}
    assert min(und, key=lambda i: (und[i], i)) == 0 and set(engine.outcomes(state, 0)) == {1}
    move = Strategy(free_guesses=False, secondary=False).choose(board, analyze(board))
    assert move.reason == "lowest-living"
    (r, c), = move.cells
    assert len(engine.outcomes(state, r * 7 + c)) > 1
    assert Strategy(name="basic").choose(board, analyze(board)).cells == ((0, 0),)


def test_estimated_positions_are_counted_and_never_certain() -> None:
    """With a tiny exact limit the analysis estimates: those positions are counted, and the
    certainties claimed on them (from the proof engine alone) are still all right."""
    rc, out, err = run_cli("play", "--difficulty", "intermediate", "--games", "4", "--seed", "3",
                           "--exact-limit", "2", "--json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["exact_limit"] == 2
    assert 0 < doc["estimated_positions"] <= doc["positions"]
    assert doc["certainties"] > 0 and doc["wrong_certainties"] == 0 and doc["wrong_exact"] == 0


def test_progress_bar_goes_to_stderr_when_asked() -> None:
    rc, out, err = run_cli("play", "--difficulty", "beginner", "--games", "3", "--json", "--progress")
    assert rc == 0
    json.loads(out)  # standard output stays one JSON document
    assert "0/3" in err and "game" in err  # later refreshes depend on timing


def test_endgame_search_stops_at_the_deadline() -> None:
    """The core reads the analysis deadline (cpsolve.budget) every 1,024 nodes: under a deadline
    already passed the search stops at node 1,024 with SearchBudgetExceeded ("past the deadline"), and
    endgame_move degrades to None (the player guesses by its heuristic); under a generous one it finds
    the move it finds without any deadline."""
    from cpsolve.budget import Deadline, within
    from cpsolve.play.endgame import SearchBudgetExceeded, endgame_move

    engine = Lookahead()
    stopped = 0
    for pos in oracle_positions("8x8x10", 40, seed=3, per_game=4):
        state = engine.solve(pos.board)
        if not 500 <= state.z <= 3000:
            continue
        free = EndgameSearch.of(state, 3000, 10**7)
        assert free is not None
        expect = free.best_move()
        if free.nodes <= 1024:
            continue
        search = EndgameSearch.of(state, 3000, 10**7)
        assert search is not None
        with within(Deadline.after(0.0)):
            with pytest.raises(SearchBudgetExceeded, match="deadline"):
                search.best_move()
            assert endgame_move(state, 3000, 10**7) is None
        assert search.nodes == 1024
        with within(Deadline.after(60.0)):
            assert endgame_move(state, 3000, 10**7) == expect
        # the node budget still says it is the budget
        small = EndgameSearch.of(state, 3000, 100)
        assert small is not None
        with pytest.raises(SearchBudgetExceeded, match="more than 100 positions"):
            small.best_move()
        stopped += 1
    assert stopped >= 2


def test_referee_catches_a_wrong_claim_read_off_the_proofs() -> None:
    """The referee's check on the fast path (the proofs' verdicts and the exact 0/1 cells by index,
    compared with the layout in C): one flipped claim of a real analysis is one wrong certainty,
    one flipped exact 0/1 one wrong exact; unflipped, none."""
    from cpsolve.play.referee import GameRecord, check_certainties

    game = Game(16, 30, 99, seed=game_seed(5, 0), first_click="opening")
    game.reveal(3, 3)
    for flip in (False, True):
        a = analyze(game.board())
        verdicts = dict(a.proved_verdicts())
        certain = list(a.certain_cells())
        assert verdicts and certain
        if flip:
            cell = min(verdicts)
            verdicts[cell] = not verdicts[cell]
            k = len(certain) // 2
            certain[k] = (certain[k][0], not certain[k][1])
        a._verdicts, a._certain, a._certain_map = verdicts, certain, dict(certain)
        rec = GameRecord(index=0, seed=0, won=False)
        check_certainties(a, game, rec, 1)
        assert rec.certainties == len(verdicts)
        assert (rec.wrong_certainties, rec.wrong_exact, len(rec.wrong)) == ((1, 1, 1) if flip else (0, 0, 0))
        if flip:
            assert rec.wrong[0]["cell"] == list(divmod(min(verdicts), game.cols))


def test_game_board_codes_kept_cell_by_cell_equal_the_board_s_own() -> None:
    """The game keeps its view's code bytes as cells open (Board.with_codes); they equal what a
    board makes of its cells (code_bytes), and a game whose view was replaced makes them anew."""
    from cpsolve.board import Board, code_bytes

    for first_click, seed in (("opening", 3), ("safe", 4)):
        game = Game(16, 30, 99, seed=game_seed(seed, 0), first_click=first_click)
        game.reveal(3, 3)
        for _ in range(30):
            if game.over:
                break
            board = game.board()
            plain = Board(board.rows, board.cols, board.cells, board.mines, "<plain>")
            assert board.codes == code_bytes(board.cells) == plain.codes
            assert (board.flags, board.known_mines, board.remaining_mines()) == (0, 0, 99)
            covered = [i for i, v in enumerate(board.cells) if v < 0]
            safe = [i for i in covered if not game.is_mine(*divmod(i, game.cols))]
            game.reveal(*divmod(safe[len(safe) // 2], game.cols))
    game = Game(9, 9, 10, seed=1)
    game.reveal(0, 0)
    game.view = list(game.view)  # replaced, as a restored web game's
    game.reveal(*divmod(next(i for i, v in enumerate(game.view) if v < 0 and not game.is_mine(*divmod(i, 9))), 9))
    board = game.board()
    assert board.codes == code_bytes(game.view) and board.remaining_mines() == 10


def test_lookahead_counts_the_analysis_model_as_its_own() -> None:
    """Lookahead.solve given an analysis' model (Analysis.model) counts the position it builds
    itself: the same placements, probabilities, tallies, components and off-frontier cells."""
    from cpsolve.simulate.positions import played_positions

    engine = Lookahead()
    checked = 0
    for difficulty, n in (("expert", 30), ("beginner", 40)):
        for pos in played_positions(difficulty, n, seed=3):
            a = analyze(pos.board)
            assert a.model is not None
            got, want = engine.solve(pos.board, a.model), engine.solve(pos.board)
            assert got.z == want.z and got.prob == want.prob and got.tally == want.tally
            assert got.comps == want.comps and got.outside == want.outside and got.fixed == want.fixed
            assert [c.counts for c in got.counts] == [c.counts for c in want.counts]
            assert got.remaining == want.remaining
            checked += 1
    assert checked == 70


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_reveal_all_is_reveal_cell_by_cell(rows: int, cols: int, data: st.DataObject) -> None:
    """A move's cells opened by one ``reveal_all`` leave the game as ``reveal`` one by one does
    (cells already open passed over, stopping at the first mine): the same view, codes, safe cells
    left, loss and mine hit, and the same error for a cell off the board or a game already won."""
    mines = data.draw(st.integers(0, rows * cols - 1))
    seed = data.draw(st.integers(0, 2**32))
    cell = st.tuples(st.integers(-1, rows), st.integers(-1, cols))
    first = data.draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    moves = data.draw(st.lists(st.lists(cell, max_size=8), max_size=5))
    batch, single = (Game(rows, cols, mines, seed=seed) for _ in range(2))
    batch.reveal(*first)
    single.reveal(*first)
    for cells in moves:
        if batch.over:
            break
        want: object = None
        try:
            for r, c in cells:
                if 0 <= r < rows and 0 <= c < cols and single.view[r * cols + c] != COVERED:
                    continue
                if not single.reveal(r, c):
                    want = (r, c)
                    break
        except (ValueError, RuntimeError) as exc:
            want = type(exc)
        try:
            got: object = batch.reveal_all(cells)
        except (ValueError, RuntimeError) as exc:
            got = type(exc)
        assert got == want
        assert batch.view == single.view and bytes(batch._codes) == bytes(single._codes)
        assert (batch.covered_safe, batch.lost) == (single.covered_safe, single.lost)
