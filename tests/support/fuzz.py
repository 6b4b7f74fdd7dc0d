"""Structured fuzzing: generators for boards, headers, encodings, line ends, arguments and
coordinates, and a runner that drives ``parse_board``, ``analyze`` and every subcommand in-process.

A case is drawn from a ``random.Random`` (so hypothesis can drive it through ``st.randoms`` and
the soak run through plain seeds) and checked against the rules of issue 10:

* bad input: exit 2 and exactly one line on standard error; for a board file that is read, that
  line is ``cpsolve: FILE:LINE:COL: message`` with LINE and COL inside the text;
* a well-formed board with no placement: exit 1 and a named conflict that an independent solver
  shows has no placement (:mod:`tests.support.unsat_check`);
* a consistent board: exit 0, the JSON rules of the spec, and on small boards every exact fraction
  and every proof equal to brute force (:mod:`tests.support.oracle`);
* never an exception out of ``main`` (a traceback), never a case over its time (a hang).

:class:`Tally` counts inputs tried, tracebacks, hangs and wrong claims.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import sys
import tempfile
import traceback
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from cpsolve import BoardError, InconsistentBoard, analyze, parse_board
from cpsolve.board import COVERED, FLAG, MINE, Board, parse_board_bytes
from cpsolve.cli import main
from cpsolve.neighbourhood import neighbours

from .oracle import brute_force

#: Characters a malformed board may carry: non-ASCII digits, separators, controls, letters.
ODD_CHARS = ["\u0663", "\uff13", "\u00b2", "\u09e9", "9", "x", "#", ":", "\t", "\f", "\v", "\x00", "\x1b",
             "\u2028", "\u2029", "\x85", "\ufeff", "\u00e9", "\U0001f4a3", "-", "F", "*", "H", "?", "mines"]
LINE_ENDS = ["\n", "\r\n", "\r"]
#: Brute force only below this many unknown cells (2^n placements).
BRUTE_MAX = 12
_POSITION = re.compile(r"^cpsolve: (?P<file>.*):(?P<line>\d+):(?P<col>\d+): (?P<msg>.+)$")


class Hang(BaseException):  # not an Exception: main() turns those into exit 70
    pass


@dataclass
class Tally:
    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    wrong_claims: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_status: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str, case: Case, detail: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(f"{what}: {case.describe()}\n{detail}")

    def wrong(self, case: Case, detail: str) -> None:
        """A wrong claim: a certainty, probability or verdict that the layout contradicts."""
        self.wrong_claims += 1
        self.fail("wrong claim", case, detail)

    def bad(self, case: Case, detail: str) -> None:
        """A broken rule that is not a claim (message shape, exit status): counted as a traceback-class
        failure of the interface."""
        self.tracebacks += 1
        self.fail("interface", case, detail)

    def line(self) -> str:
        return (f"inputs tried {self.inputs}, tracebacks {self.tracebacks}, hangs {self.hangs}, "
                f"wrong claims {self.wrong_claims}")


# ---- boards -----------------------------------------------------------------------------------

@dataclass
class Layout:
    rows: int
    cols: int
    mines: frozenset[int]


def layout(rng: random.Random, max_cells: int = 42) -> Layout:
    rows = rng.randint(1, 7)
    cols = rng.randint(1, max(1, min(9, max_cells // rows)))
    n = rows * cols
    k = rng.randint(0, max(0, n - 1)) if rng.random() < 0.3 else rng.randint(0, max(0, n // 4))
    return Layout(rows, cols, frozenset(rng.sample(range(n), k)))


def reveal(rng: random.Random, lay: Layout) -> list[int]:
    """A position of the layout: some safe cells revealed, some mines flagged or shown."""
    n = lay.rows * lay.cols
    frac = rng.choice([0.0, 0.2, 0.5, 0.8, 1.0])
    cells = [COVERED] * n
    for i in range(n):
        if i in lay.mines:
            roll = rng.random()
            cells[i] = FLAG if roll < 0.1 else MINE if roll < 0.15 else COVERED
        elif rng.random() < frac:
            cells[i] = sum(1 for j in neighbours(lay.rows, lay.cols, i) if j in lay.mines)
    return cells


def spoil(rng: random.Random, cells: list[int]) -> None:
    """A wrong clue or a wrong flag: the board may become impossible (or malformed)."""
    i = rng.randrange(len(cells))
    if cells[i] >= 0:
        cells[i] = rng.randint(0, 8)
    elif cells[i] == COVERED:
        cells[i] = FLAG


_CODE = {COVERED: ".", FLAG: "F", MINE: "*"}


def render(rng: random.Random, rows: int, cols: int, cells: list[int], mines: int | None) -> str:
    """The board as text in one of the accepted shapes: spaces or not, covered as . H ?, headers
    ``mines: N`` or ``WxHxM`` or none, comments, one line-end style, maybe a BOM."""
    sep = rng.choice(["", " ", "  ", "\t"])
    covered = rng.choice([".", ".", "H", "?"])
    lines: list[str] = []
    if rng.random() < 0.3:
        lines.append("# " + rng.choice(["a comment", "caf\u00e9 \u2028 sep", "tab\there", "form\ffeed"]))
    if mines is not None:
        comment = rng.choice(["", "", "", " # total", "#c", "  # caf\u00e9"])  # a header may end in a comment
        if rng.random() < 0.5:
            lines.append(rng.choice(["mines: ", "Mines:", "  mines :  "]) + str(mines) + comment)
        else:
            lines.append(f"{cols}x{rows}x{mines}" + comment)
    for r in range(rows):
        row = cells[r * cols:(r + 1) * cols]
        text = sep.join(str(v) if v >= 0 else (covered if v == COVERED else _CODE[v]) for v in row)
        lines.append(text + rng.choice(["", "", " ", "\t"]))
        if rng.random() < 0.05:
            lines.append(rng.choice(["", "# mid", "   "]))
    end = rng.choice(LINE_ENDS)
    text = end.join(lines) + (end if rng.random() < 0.8 else "")
    if rng.random() < 0.1:
        text = "\ufeff" + text
    return text


def malform(rng: random.Random, text: str) -> str:
    """One structural fault: an odd character, a ragged row, a clue of 9, a huge or non-ASCII
    number, a header twice or after the grid, nothing at all."""
    kind = rng.randrange(9)
    lines = text.split("\n")
    if kind == 0 and text:
        k = rng.randrange(len(text) + 1)
        return text[:k] + rng.choice(ODD_CHARS) + text[k:]
    if kind == 1:
        k = rng.randrange(len(lines))
        lines[k] += rng.choice([".", "1", " . .", "F*"])
        return "\n".join(lines)
    if kind == 2:
        return "mines: " + rng.choice(["9" * rng.randint(16, 6000), "\u0663", "1e3", "-1", "", "0x10",
                                       "\uff11\uff10", "2\u00b2"]) + "\n" + text
    if kind == 3:
        return rng.choice(["9" * 5000, "3", "\uff13", "0"]) + "x3x" + rng.choice(["1", "9" * 400]) + "\n" + text
    if kind == 4:
        return text + "\nmines: 1\n"
    if kind == 5:
        return rng.choice(["", "\n", "# only a comment\n", "\ufeff", "\r\n\r\n", "mines: 3\n"])
    if kind == 6:
        return "mines: 1\nmines: 1\n" + text
    if kind == 7:
        return text.replace(".", "9", 1) if "." in text else text + "9"
    return text + "\n" + "." * rng.randint(1, 5)


def encode(rng: random.Random, text: str) -> bytes:
    """UTF-8 mostly; sometimes a byte that is not UTF-8 somewhere, or Latin-1."""
    data = text.encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.05:
        k = rng.randrange(len(data) + 1)
        return data[:k] + rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x80"]) + data[k:]
    if roll < 0.07:
        return text.encode("latin-1", "replace")
    return data


@dataclass
class BoardCase:
    data: bytes
    text: str | None          # the text before encoding (None when the bytes are not UTF-8)
    layout: Layout | None     # the layout the position came from, when it is honest
    kind: str


def board_case(rng: random.Random) -> BoardCase:
    lay = layout(rng)
    cells = reveal(rng, lay)
    total: int | None = len(lay.mines) if rng.random() < 0.7 else None
    honest = True
    roll = rng.random()
    if roll < 0.15:
        spoil(rng, cells)
        honest = False
    elif roll < 0.25 and total is not None:
        total = max(0, total + rng.choice([-2, -1, 1, 2]))
        honest = False
    text = render(rng, lay.rows, lay.cols, cells, total)
    kind = "board" if honest else "spoiled"
    if rng.random() < 0.2:
        text = malform(rng, text)
        kind, honest = "malformed", False
    data = encode(rng, text)
    try:
        text_back: str | None = data.decode("utf-8")
    except UnicodeDecodeError:
        text_back, kind, honest = None, "not-utf8", False
    return BoardCase(data, text_back, lay if honest and text_back == text else None, kind)


# ---- arguments --------------------------------------------------------------------------------

def number_arg(rng: random.Random) -> str:
    return rng.choice(["0", "1", "3", "-1", "0.5", "1e-9", "nan", "inf", "-inf", "1/5", "", "abc", "\u0663",
                       "9" * rng.randint(1, 5000), "none", "100000", "2.5", "0.05"])


def cell_arg(rng: random.Random, rows: int, cols: int) -> str:
    roll = rng.random()
    if roll < 0.6:
        return f"{rng.randrange(rows)},{rng.randrange(cols)}"
    return rng.choice([f"{rows},{0}", "-1,0", "0,-1", "-3,-4", "1", "a,b", "1,2,3", "\u0661,0", ",", "",
                       "9" * 300 + ",0", " 0 , 0 ", "0,0,", "+1,1", "1.0,1"])


def name(rng: random.Random, k: int) -> str:
    return rng.choice([f"b{k}.txt", f"b{k} sp.txt", f"b{k}\nnl.txt", f"b{k}\u00e9.txt", f"b{k}\x1b.txt",
                       f"b{k}.mine", f"b{k}\u2028.txt"])


@dataclass
class Case:
    argv: list[str]
    files: dict[str, bytes]
    boards: dict[str, BoardCase]   # file name -> board case (for the oracle)
    stdin: bytes | None = None
    kind: str = ""

    def describe(self) -> str:
        files = {k: v[:200] for k, v in self.files.items()}
        return f"{self.kind} argv={self.argv!r} files={files!r} stdin={(self.stdin or b'')[:200]!r}"


def cli_case(rng: random.Random) -> Case:
    cmd = rng.choices(["solve", "check", "compare", "encode", "play", "demo", "generate", "verify-ng", "odd"],
                      weights=[40, 20, 6, 8, 3, 1, 3, 3, 2])[0]
    bc = board_case(rng)
    fname = name(rng, 0)
    files = {fname: bc.data}
    boards = {fname: bc}
    stdin = None
    path = fname
    if rng.random() < 0.1:
        path, stdin, files, boards = "-", bc.data, {}, {"-": bc}
    elif rng.random() < 0.03:
        path = rng.choice(["missing.txt", ".", "/", "/dev/null"])
        boards = {}
    argv: list[str]
    if cmd == "solve":
        argv = ["solve", path]
        if rng.random() < 0.7:
            argv.append("--json")
        elif rng.random() < 0.5:
            argv.append("--wide")
        for opt in ("--exact-limit", "--time-limit", "--density", "--engine"):
            if rng.random() < 0.12:
                argv += [opt, rng.choice(["sat", "cp-sat", "bogus"]) if opt == "--engine" else number_arg(rng)]
        if rng.random() < 0.1:
            argv.append("--ignore-flags")
    elif cmd == "check":
        lay = bc.layout
        rows, cols = (lay.rows, lay.cols) if lay else (3, 3)
        argv = ["check", path, cell_arg(rng, rows, cols)]
        if rng.random() < 0.6:
            argv.append("--json")
        if rng.random() < 0.1:
            argv += ["--time-limit", number_arg(rng)]
    elif cmd == "compare":
        argv = ["compare", path]
        if rng.random() < 0.1:
            argv += ["--generate", rng.choice(["1", "-1", "0", "x", "2"]), "--difficulty",
                     rng.choice(["1x1x0", "2x1x1", "3x3x0", "4x4x3", "bogus", "\uff13x3x1", "0x0x0"])]
    elif cmd == "encode":
        argv = ["encode", path, "--format", rng.choice(["dimacs", "opb"])]
    elif cmd == "play":
        argv = ["play", "--games", rng.choice(["1", "2", "0", "-1", "x"]), "--difficulty",
                rng.choice(["3x3x1", "4x4x2", "5x4x3", "1x1x0", "2x1x1", "bogus", "9" * 50 + "x3x1", "3x3x9"]),
                "--no-progress", "--json"]
        if rng.random() < 0.2:
            argv += ["--first-cell", cell_arg(rng, 3, 3)]
        if rng.random() < 0.1:
            argv += ["--engine", rng.choice(["bogus", "sat"])]
        if rng.random() < 0.1:
            argv += ["--jobs", rng.choice(["0", "100000", "-2"])]
        boards, files, stdin = {}, {}, None
    elif cmd == "demo":
        argv = ["demo"] + rng.choice([["headline"], [], ["bogus"]])
        boards, files, stdin = {}, {}, None
    elif cmd == "generate":
        argv = ["generate", "--difficulty", rng.choice(["4x4x2", "5x5x3", "bogus", "1x1x0", "3x3x8"]),
                "--count", rng.choice(["1", "0", "-1", "x"]), "--seed", rng.choice(["0", "1", "-5", "x"]),
                "--no-guess"] + (["--json"] if rng.random() < 0.5 else [])
        boards, files, stdin = {}, {}, None
    elif cmd == "verify-ng":
        lay = bc.layout or layout(rng)
        text = "\n".join("".join("*" if r * lay.cols + c in lay.mines else "." for c in range(lay.cols))
                         for r in range(lay.rows)) + "\n"
        if rng.random() < 0.3:
            text = malform(rng, text)
        files = {fname: encode(rng, text)}
        boards = {}
        argv = ["verify-ng", fname, "--first-cell", cell_arg(rng, lay.rows, lay.cols)]
    else:
        # serve only with options it refuses (exit 2 before it would listen): a valid one would not return
        argv = rng.choice([[], ["bogus"], ["solve"], ["check", path], ["--version"], ["solve", "--bogus", path],
                           ["-1,0"], ["check", "-1,0"], ["serve", "--port", "-1"], ["serve", "--workers", "0"],
                           ["serve", "--time-limit", rng.choice(["nan", "0", "-1", "x"])], ["serve", "--bogus"],
                           ["serve", "--processes", "9" * 30]])
    return Case(argv, files, boards, stdin, cmd)


# ---- the runner -------------------------------------------------------------------------------

#: A case is a hang after this many times its ``seconds`` of wall clock, whatever its CPU time.
WALL_FACTOR = 5


def _over(seconds: float) -> str:
    return f"over {seconds:g} s of CPU or {seconds * WALL_FACTOR:g} s of wall clock"


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` after ``seconds`` of the process's CPU time (ITIMER_PROF), or after
    WALL_FACTOR times that of wall clock (a case blocked without computing). CPU time, not wall:
    a soak run at a low priority on a loaded machine is starved, and a 14 s game of a 2000-cell row
    took over 120 s of wall clock there (seed 112, case 1796, while a 2000x2000 bench ran)."""
    def boom(signum: int, frame: object) -> None:
        raise Hang()
    old_alarm = signal.signal(signal.SIGALRM, boom)
    old_prof = signal.signal(signal.SIGPROF, boom)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, seconds * WALL_FACTOR)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGALRM, old_alarm)
        signal.signal(signal.SIGPROF, old_prof)


def run_cli(case: Case, workdir: Path, *, show_warnings: bool = False) -> tuple[int, str, str]:
    """``main(argv)`` in-process in ``workdir``, with files written there and stdin as bytes.

    ``show_warnings``: print warnings on standard error, as from a shell (pytest would collect them
    instead), so that a library's warning beside a one-line refusal is seen."""
    for fname, data in case.files.items():
        (workdir / fname).write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    old_stdin, old_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.TextIOWrapper(io.BytesIO(case.stdin or b""), encoding="utf-8")
    os.chdir(workdir)
    old_columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(COLUMNS)  # the width the text reports must fit (check_cli)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
            if show_warnings:
                warnings.simplefilter("default")
                warnings.showwarning = _show_warning
            status = main(case.argv)
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
        if old_columns is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old_columns
        for fname in case.files:
            with contextlib.suppress(OSError):
                (workdir / fname).unlink()
    return status, out.getvalue(), err.getvalue()


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


#: The terminal width run_cli sets (COLUMNS): ``solve``'s summary, and its ``--wide`` grid, fit it.
COLUMNS = 80


def check_cli(case: Case, status: int, out: str, err: str, tally: Tally) -> None:
    def wrong(detail: str) -> None:
        tally.wrong(case, detail)

    def bad(detail: str) -> None:
        tally.bad(case, detail)

    tally.by_status[str(status)] = tally.by_status.get(str(status), 0) + 1
    if "Traceback" in err:
        bad(err[-2000:])
        return
    cmd = case.argv[0] if case.argv else ""
    allowed = {"solve": {0, 1, 2}, "check": {0, 1, 2, 3}, "compare": {0, 2}, "encode": {0, 2},
               "play": {0, 2}, "demo": {0, 2}, "generate": {0, 2}, "verify-ng": {0, 1, 2}}.get(cmd, {0, 2})
    if status not in allowed:
        if cmd in ("compare", "play") and status == 1:
            wrong(f"status 1 (a disagreement or a wrong certainty)\n{out[-1500:]}\n{err[-1500:]}")
        else:
            bad(f"status {status}\n{err[-1500:]}")
        return
    if status == 2:
        lines = err.splitlines()
        if len(lines) != 1 and not (cmd == "solve" and len(lines) >= 1):
            bad(f"exit 2 with {len(lines)} lines on stderr:\n{err[-1500:]}")
            return
        for line in lines:
            m = _POSITION.match(line)
            path = case.argv[1] if len(case.argv) > 1 else ""
            bc = case.boards.get(path)
            if bc is not None and bc.text is not None and m and not _inside(bc.text, int(m["line"]), int(m["col"])):
                bad(f"position {m['line']}:{m['col']} outside the text\n{line}")
            if "\n" in line or "\r" in line:
                bad(f"an error line with a line break: {line!r}")
    if cmd == "solve" and "--json" in case.argv and status in (0, 1):
        path = case.argv[1]
        bc = case.boards.get(path)
        try:
            doc = json.loads(out.splitlines()[0])
        except (ValueError, IndexError) as exc:
            bad(f"no JSON document: {exc}\n{out[:500]}")
            return
        _check_document(case, doc, bc, "--ignore-flags" in case.argv, wrong, bad)
    if cmd == "solve" and "--json" not in case.argv and status == 0 and "legend:" in out:
        # the summary (from the legend on) always fits; the wide grid too (bands of columns)
        lines = out.splitlines()
        start = 0 if "--wide" in case.argv else next(k for k, x in enumerate(lines) if x.startswith("legend:"))
        long = [x for x in lines[start:] if len(x) > COLUMNS]
        tally.by_kind["widths checked"] = tally.by_kind.get("widths checked", 0) + 1
        if long:
            bad(f"{len(long)} line(s) over {COLUMNS} columns: {long[0][:300]!r}")
    if cmd == "check" and status in (0, 1, 3):
        bc = case.boards.get(case.argv[1])
        if bc is not None and "--ignore-flags" not in case.argv:
            _check_verdict(case, status, bc, wrong)


def _inside(text: str, line: int, col: int) -> bool:
    from cpsolve.plaintext import split_lines

    if text.startswith("\ufeff"):
        text = text[1:]
    lines = split_lines(text)
    return 1 <= line <= len(lines) and 1 <= col <= len(lines[line - 1]) + 1


def _board_of(bc: BoardCase) -> Board | None:
    try:
        return parse_board_bytes(bc.data)
    except BoardError:
        return None


def _check_document(case: Case, doc: dict, bc: BoardCase | None, ignore_flags: bool, wrong, bad) -> None:  # type: ignore[no-untyped-def,type-arg]
    keys = {"rows", "cols", "mines", "remaining", "status", "exact", "cells", "proved_safe", "proved_mine",
            "best_guess", "safest"}
    if not keys <= set(doc):
        bad(f"keys missing: {keys - set(doc)}")
        return
    board = _board_of(bc) if bc is not None else None
    if board is None:
        return
    small = sum(1 for v in board.cells if v == COVERED or (ignore_flags and v == FLAG)) <= BRUTE_MAX
    truth = brute_force(board, trust_flags=not ignore_flags, density=_density(case)) if small else "skip"
    if doc["status"] == "inconsistent":
        if truth not in ("skip", None):
            wrong("reported inconsistent; brute force finds placements")
            return
        from .unsat_check import conflict_is_unsat

        if not conflict_is_unsat(board, [tuple(c) for c in doc["conflict"]], doc["conflict_uses_total"],
                                 trust_flags=not ignore_flags):
            wrong(f"named conflict {doc['conflict']} (total {doc['conflict_uses_total']}) has a placement")
        if doc["cells"] or doc["proved_safe"] or doc["proved_mine"] or doc["exact"] or doc["best_guess"] \
                or doc["safest"]:
            bad("inconsistent document with cells, proofs, exact or a best guess")
        return
    if truth is None:
        wrong("reported consistent; brute force finds no placement")
        return
    for c in doc["cells"]:
        i = c["row"] * board.cols + c["col"]
        if (c["basis"] == "exact" and truth != "skip" and "--density" not in case.argv
                and Fraction(c["fraction"]) != truth[i]):  # type: ignore[index]
            wrong(f"cell {c['row']},{c['col']}: {c['fraction']} but brute force {truth[i]}")  # type: ignore[index]
        if c["proof"] is not None and truth != "skip":
            p = truth[i]  # type: ignore[index]
            if p != (1 if c["proof"] == "mine" else 0):
                wrong(f"cell {c['row']},{c['col']} proved {c['proof']} but brute force gives {p}")
    if doc["exact"] and doc["remaining"] is not None \
            and sum(Fraction(c["fraction"]) for c in doc["cells"]) != doc["remaining"]:
        wrong("exact fractions do not sum to the remaining mines")


def _density(case: Case) -> Fraction:
    if "--density" in case.argv:
        try:
            return Fraction(case.argv[case.argv.index("--density") + 1])
        except (ValueError, ZeroDivisionError, IndexError):
            pass
    return Fraction(1, 5)


def _check_verdict(case: Case, status: int, bc: BoardCase, wrong) -> None:  # type: ignore[no-untyped-def]
    board = _board_of(bc)
    if board is None or sum(1 for v in board.cells if v == COVERED) > BRUTE_MAX:
        return
    try:
        r, c = (int(x) for x in case.argv[2].split(","))
    except ValueError:
        return
    truth = brute_force(board)
    if truth is None:
        return
    p = truth.get(r * board.cols + c)
    if status == 0 and p != 0:
        wrong(f"check says {r},{c} safe; brute force {p}")
    if status == 1 and p != 1:
        wrong(f"check says {r},{c} a mine; brute force {p}")
    if status == 3 and p in (0, 1) and "--time-limit" not in case.argv:
        wrong(f"check says {r},{c} undecided; brute force {p}")


def api_case(rng: random.Random, tally: Tally) -> None:
    """parse_board and analyze directly: only BoardError / InconsistentBoard, and on small boards
    every exact fraction and proof equal to brute force."""
    bc = board_case(rng)
    case = Case(["<api>"], {"board": bc.data}, {"board": bc}, kind="api-" + bc.kind)
    try:
        board = parse_board_bytes(bc.data, "fuzz")
    except BoardError as exc:
        s = str(exc)
        if "\n" in s or "\r" in s or not s.startswith("fuzz"):
            tally.tracebacks += 1
            tally.fail("interface", case, s)
        return
    if bc.text is not None and rng.random() < 0.2:
        parse_board(bc.text)  # the text path too
    kw = {"time_limit": rng.choice([10.0, 10.0, 0.5, 1e-3])}
    try:
        res = analyze(board, **kw)  # type: ignore[arg-type]
    except BoardError as exc:
        # the one bad input the analysis finds: trusted flags over the total (its option decides)
        s = str(exc)
        if "\n" in s or not s.startswith("fuzz") or board.mines is None or \
                board.flags + board.known_mines <= board.mines:
            tally.tracebacks += 1
            tally.fail("interface", case, s)
        return
    except InconsistentBoard as exc:
        truth = brute_force(board) if sum(1 for v in board.cells if v == COVERED) <= BRUTE_MAX else "skip"
        if truth not in ("skip", None):
            tally.wrong_claims += 1
            tally.fail("wrong claim", case, f"inconsistent, brute force disagrees: {exc}")
        return
    if sum(1 for v in board.cells if v == COVERED) > BRUTE_MAX:
        for c in res.cells:
            if c.proof is not None and bc.layout is not None \
                    and c.proof.mine != ((c.row * board.cols + c.col) in bc.layout.mines):
                tally.wrong_claims += 1
                tally.fail("wrong claim", case, f"proof at {c.row},{c.col} contradicts the layout")
        return
    truth = brute_force(board)
    if truth is None:
        tally.wrong_claims += 1
        tally.fail("wrong claim", case, "analysed as consistent; brute force finds no placement")
        return
    for c in res.cells:
        p = truth[c.row * board.cols + c.col]
        if c.probability.basis == "exact" and c.probability.fraction != p:
            tally.wrong_claims += 1
            tally.fail("wrong claim", case, f"{c.row},{c.col}: {c.probability.fraction} vs brute force {p}")
        if c.proof is not None and p != int(c.proof.mine):
            tally.wrong_claims += 1
            tally.fail("wrong claim", case, f"{c.row},{c.col} proved {c.proof.verdict}, brute force {p}")


def run_one(rng: random.Random, tally: Tally, workdir: Path, *, api_share: float = 0.3,
            seconds: float = 60.0) -> None:
    """Draw one case from ``rng``, run it, and record the outcome in ``tally``."""
    tally.inputs += 1
    is_api = rng.random() < api_share
    case: Case | None = None
    try:
        with _time_limit(seconds):
            if is_api:
                tally.by_kind["api"] = tally.by_kind.get("api", 0) + 1
                api_case(rng, tally)
            else:
                case = cli_case(rng)
                tally.by_kind[case.kind] = tally.by_kind.get(case.kind, 0) + 1
                status, out, err = run_cli(case, workdir)
                check_cli(case, status, out, err, tally)
    except Hang:
        tally.hangs += 1
        tally.fail("hang", case or Case(["<api>"], {}, {}), _over(seconds))
    except Exception:  # noqa: BLE001 - a traceback is what we count
        tally.tracebacks += 1
        tally.fail("traceback", case or Case(["<api>"], {}, {}), traceback.format_exc()[-3000:])


def run_many(n: int, seed: int, *, progress: bool = False, sized_share: float = 0.0,
             big: bool | float = False) -> Tally:
    """``n`` cases from plain seeds; a share ``sized_share`` of them sized (:func:`run_sized`, with
    1000x1000 boards and 2000-cell games in a share ``big`` of those: True is all, False none; the
    draw has a stream of its own, so the cases of a seed are the same whatever the share)."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(n):
            rng = random.Random(f"{seed}:{k}")
            if rng.random() < sized_share:
                share = float(big)
                run_sized(rng, tally, Path(tmp), big=share >= 1 or random.Random(f"big:{seed}:{k}").random() < share)
            else:
                run_one(rng, tally, Path(tmp))
            if progress and k and not k % 500:
                print(f"  ... {k}: {tally.line()}", flush=True)
    return tally


# ---- issue 27: option combinations and board sizes beyond Expert ----------------------------------
#
# Honest positions of layouts from 1x1 to 2000x1, 1x2000, 40x40, 100x100 and 1000x1000 (blank,
# scattered, half-played; 0, 1, all-but-one or all mines, or a density), through every command and
# the HTTP API, under combinations of exact_limit, time_limit, ignore_flags, density, engine,
# first-click rule and strategy. An honest position has placements, so the oracle is the layout: a
# proof, a check verdict or a move not labelled a guess must agree with it; exit 1 (inconsistent)
# is a wrong claim; a blank board's exact probabilities are mines / cells; exact fractions add up
# to the mines left; on at most BRUTE_MAX unknown cells everything equals brute force.

#: (rows, cols) and weight; ``big`` adds 1000x1000 (sampled sparingly).
SHAPES = [((1, 1), 4), ((1, 2), 3), ((2, 1), 3), ((1, 3), 2), ((3, 3), 3), ((4, 5), 4), ((1, 50), 2),
          ((50, 1), 2), ((2000, 1), 1), ((1, 2000), 1), ((40, 40), 2), ((100, 100), 1)]
BIG_SHAPE = (1000, 1000)
EXACT_LIMITS = ["0", "1", None]
TIME_LIMITS = ["0.001", "0.05", None]
ENGINES = ["cp-sat", "sat", None]


@dataclass
class SizedCase:
    lay: Layout
    cells: list[int]          # the position shown to the solver (flags only on mines, or misplaced
    state: str                # with ignore_flags): blank, scattered or half-played
    misplaced_flags: bool = False

    @property
    def unknown(self) -> int:
        return sum(1 for v in self.cells if v in (COVERED, FLAG))


def sized_layout(rng: random.Random, big: bool = False) -> Layout:
    shapes = SHAPES + ([(BIG_SHAPE, 1)] if big else [])
    rows, cols = rng.choices([s for s, _ in shapes], weights=[w for _, w in shapes])[0]
    n = rows * cols
    k = rng.choice([0, 1, max(0, n - 1), n, n // 10, n // 5, n // 5])
    return Layout(rows, cols, frozenset(rng.sample(range(n), k)))


def _flood(lay: Layout, cells: list[int], start: int, counts: list[int]) -> int:
    """Open ``start`` as the game would (a 0 opens its neighbours); the number of cells opened."""
    todo = [start]
    opened = 0
    while todo:
        i = todo.pop()
        if cells[i] >= 0:
            continue
        cells[i] = counts[i]
        opened += 1
        if counts[i] == 0:
            todo.extend(j for j in neighbours(lay.rows, lay.cols, i) if cells[j] < 0)
    return opened


def sized_position(rng: random.Random, lay: Layout, state: str | None = None) -> SizedCase:
    n = lay.rows * lay.cols
    cells = [COVERED] * n
    mines = lay.mines
    state = state or rng.choice(["blank", "scattered", "half-played"])
    if state != "blank" and len(mines) < n:
        counts = [0] * n
        for m in mines:
            for j in neighbours(lay.rows, lay.cols, m):
                counts[j] += 1
        safe = [i for i, k in enumerate(counts) if i not in mines] if len(mines) * 2 < n else \
            sorted(set(range(n)) - mines)
        if state == "scattered":
            for i in rng.sample(safe, max(1, int(len(safe) * rng.choice([0.05, 0.3, 0.6])))):
                cells[i] = counts[i]
        else:
            target, opened = len(safe) // 2, 0
            for _ in range(60):
                opened += _flood(lay, cells, rng.choice(safe), counts)
                if opened >= target:
                    break
    misplaced = False
    if mines and rng.random() < 0.3:  # flag some known mines
        for m in rng.sample(sorted(mines), max(1, len(mines) // 10)):
            cells[m] = FLAG
    if rng.random() < 0.1:  # misplaced flags: only with --ignore-flags
        covered = [i for i, v in enumerate(cells) if v == COVERED]
        for i in rng.sample(covered, min(len(covered), 3)):
            cells[i] = FLAG
        misplaced = True
    return SizedCase(lay, cells, state, misplaced)


def _plain(rows: int, cols: int, cells: list[int], mines: int | None) -> str:
    head = f"mines: {mines}\n" if mines is not None else ""
    return head + "".join("".join(str(v) if v >= 0 else _CODE[v] for v in cells[r * cols:(r + 1) * cols]) + "\n"
                          for r in range(rows))


def sized_text(rng: random.Random, sc: SizedCase, total: bool) -> str:
    mines = len(sc.lay.mines) if total else None
    if sc.lay.rows * sc.lay.cols > 10_000:
        return _plain(sc.lay.rows, sc.lay.cols, sc.cells, mines)  # render()'s variety costs seconds here
    return render(rng, sc.lay.rows, sc.lay.cols, sc.cells, mines)


def _options(rng: random.Random, sc: SizedCase) -> dict[str, str | None]:
    """One combination of the analysis options (None: the default)."""
    return {"exact_limit": rng.choice(EXACT_LIMITS), "time_limit": rng.choice(TIME_LIMITS),
            "engine": rng.choice(ENGINES), "density": rng.choice([None, None, "1/3", "0.05"]),
            "ignore_flags": "1" if sc.misplaced_flags or rng.random() < 0.2 else None}


def _argv_options(opts: dict[str, str | None], keys: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for k in keys:
        v = opts.get(k)
        if v is None:
            continue
        flag = "--" + k.replace("_", "-")
        out += [flag] if k == "ignore_flags" else [flag, v]
    return out


SIZED_COMMANDS = ["solve", "check", "compare", "encode", "play", "generate", "verify-ng", "replay"]
SIZED_WEIGHTS = [40, 20, 4, 6, 10, 4, 4, 2]
#: The games of 2000 cells ``big`` adds to ``play``'s difficulties.
BIG_GAMES = ("2000x1x40", "1x2000x40")


def big_cli_case(rng: random.Random, game: bool = False) -> tuple[Case, SizedCase | None]:
    """A sized case that is big: a 1000x1000 board through solve, check or encode, or (``game``) a
    play of a 2000-cell game (the soak of the big cases alone; the mix draws them a few dozen times per
    100,000). The other draws are skipped by peeking at the command and shape first."""
    shapes = SHAPES + [(BIG_SHAPE, 1)]
    while True:
        peek = random.Random()
        peek.setstate(rng.getstate())
        cmd = peek.choices(SIZED_COMMANDS, weights=SIZED_WEIGHTS)[0]
        shape = peek.choices([sh for sh, _ in shapes], weights=[w for _, w in shapes])[0]
        if not game and cmd in ("solve", "check", "encode") and shape == BIG_SHAPE:
            return sized_cli_case(rng, True)
        if game and cmd == "play" and shape != BIG_SHAPE:
            case, sc = sized_cli_case(rng, True)
            if any(g in case.argv for g in BIG_GAMES):
                return case, sc
            continue
        rng.random()  # the next draw


def sized_cli_case(rng: random.Random, big: bool = False) -> tuple[Case, SizedCase | None]:
    cmd = rng.choices(SIZED_COMMANDS, weights=SIZED_WEIGHTS)[0]
    lay = sized_layout(rng, big)
    if cmd in ("compare", "verify-ng") and lay.rows * lay.cols > 1600:
        lay = sized_layout(rng, False)
        if lay.rows * lay.cols > 1600:
            lay = layout(rng)
    sc = sized_position(rng, lay)
    total = rng.random() < 0.85
    data = sized_text(rng, sc, total).encode()
    fname = "sized.txt"
    opts = _options(rng, sc)
    files = {fname: data}
    boards = {fname: BoardCase(data, data.decode(), lay, "sized")}
    if cmd == "solve":
        # the text report (a grid, maybe --wide, and its summary) on a share of the boards up to 100x100
        text_out = lay.rows * lay.cols <= 10_000 and rng.random() < 0.15
        argv = ["solve", fname, *(rng.choice([[], ["--wide"]]) if text_out else ["--json"]),
                *_argv_options(opts, ("exact_limit", "time_limit", "engine", "density", "ignore_flags"))]
    elif cmd == "check":
        covered = [i for i, v in enumerate(sc.cells) if v == COVERED or (v == FLAG and opts["ignore_flags"])]
        cell = rng.choice(covered) if covered and rng.random() < 0.95 else rng.randrange(lay.rows * lay.cols)
        argv = ["check", fname, f"{cell // lay.cols},{cell % lay.cols}", "--json",
                *_argv_options(opts, ("time_limit", "engine", "ignore_flags"))]
    elif cmd == "compare":
        argv = ["compare", fname, *_argv_options(opts, ("time_limit", "engine", "ignore_flags", "density"))]
    elif cmd == "encode":
        argv = ["encode", fname, "--format", rng.choice(["dimacs", "opb"]), "-o", "out.cnf",
                *_argv_options(opts, ("ignore_flags",))]
    elif cmd == "verify-ng":
        text = "\n".join("".join("*" if r * lay.cols + c in lay.mines else "." for c in range(lay.cols))
                         for r in range(lay.rows)) + "\n"
        files = {fname: text.encode()}
        cell = rng.randrange(lay.rows * lay.cols)
        argv = ["verify-ng", fname, "--first-cell", f"{cell // lay.cols},{cell % lay.cols}"]
        boards = {}
    elif cmd == "replay":
        files = {"game.avf": rng.choice([b"", b"\x00" * 40, data[:200], bytes(rng.randrange(256) for _ in range(300))])}
        argv, boards = ["replay", "game.avf"], {}
    else:
        dims = rng.choice(["1x1x0", "2x1x1", "5x1x2", "1x30x3", "3x3x8", "9x9x10", "8x8x63", "40x40x320"]
                          + (list(BIG_GAMES) if big else []) if cmd == "play" else
                          ["1x1x0", "2x1x1", "4x4x2", "5x5x3", "9x9x10", "30x1x3", "3x3x8"])
        if cmd == "play":
            argv = ["play", "--games", rng.choice(["1", "2"]), "--difficulty", dims, "--seed", str(rng.randrange(1000)),
                    "--first-click", rng.choice(["safe", "opening"]), "--strategy", rng.choice(["basic", "best"]),
                    "--no-progress", "--json", *_argv_options(opts, ("exact_limit", "time_limit", "engine"))]
        else:
            argv = ["generate", "--difficulty", dims, "--count", "1", "--seed", str(rng.randrange(1000)),
                    "--first-click", rng.choice(["safe", "opening"]), "--json"] + \
                (["--no-guess"] if rng.random() < 0.5 else [])
        files, boards = {}, {}
    return Case(argv, files, boards, None, "sized-" + cmd), (sc if boards else None)


def check_sized(case: Case, sc: SizedCase | None, status: int, out: str, err: str, tally: Tally) -> None:
    """The rules above for one sized case (its ``check_cli`` checks ran first)."""
    def wrong(detail: str) -> None:
        tally.wrong(case, detail)

    def bad(detail: str) -> None:
        tally.bad(case, detail)

    cmd = case.argv[0]
    if sc is None:
        # two documented refusals (one line, exit 2): mines that do not fit, and a no-guess search that
        # found no layout within its tries (30x1 with 3 mines from an opening, say: docs/reliability.md)
        # and no-guess boards too narrow or with no mine (issue 40's bad requests: one line, exit 2)
        refused = status == 2 and ("do not fit" in err or ("--no-guess" in case.argv and (
            "no no-guess layout" in err or "a no-guess board needs" in err)))
        if cmd in ("play", "generate", "encode") and status != 0 and not refused:
            bad(f"status {status} on a valid run\n{err[-1500:]}")
        return
    ignore = "--ignore-flags" in case.argv
    if status == 1 and cmd == "solve":
        wrong(f"an honest position called inconsistent\n{err[-800:]}")
        return
    if status == 2:
        if cmd == "check":
            r, c = (int(x) for x in case.argv[2].split(","))
            v = sc.cells[r * sc.lay.cols + c]
            if v != COVERED and not (v == FLAG and ignore):
                return  # a revealed or flagged cell: nothing to prove (one line, checked above)
        if cmd == "encode" and "--format" in case.argv and case.argv[case.argv.index("--format") + 1] == "dimacs" \
                and "over the limit of" in err:
            return  # a cardinality encoding too large to build (one line, exit 2: docs/reliability.md)
        if not (sc.misplaced_flags and not ignore):
            bad(f"an honest position refused\n{err[-800:]}")
        return
    mines = sc.lay.mines
    cols = sc.lay.cols
    if cmd == "check" and status in (0, 1):
        r, c = (int(x) for x in case.argv[2].split(","))
        if (status == 1) != (r * cols + c in mines):
            wrong(f"check says {r},{c} {'mine' if status == 1 else 'safe'}; the layout disagrees")
    if cmd != "solve" or status != 0 or "--json" not in case.argv:
        return
    try:
        doc = json.loads(out.splitlines()[0])
    except (ValueError, IndexError) as exc:
        bad(f"no JSON document: {exc}\n{out[:300]}")
        return
    for c in doc["cells"]:
        i = c["row"] * cols + c["col"]
        if c["proof"] is not None and (c["proof"] == "mine") != (i in mines):
            wrong(f"cell {c['row']},{c['col']} proved {c['proof']}; the layout disagrees")
    for key in ("best_guess", "safest"):
        if doc.get(key) is not None:
            r, c = doc[key]
            if any(x["row"] == r and x["col"] == c and x["proof"] == "mine" for x in doc["cells"]):
                wrong(f"{key} {r},{c} is a proved mine")
    blank = all(v in (COVERED, FLAG) for v in sc.cells) and (ignore or FLAG not in sc.cells)
    if blank and doc["exact"] and doc["mines"] is not None:
        expect = Fraction(len(mines), len(sc.cells))
        for c in doc["cells"][:50]:
            if Fraction(c["fraction"]) != expect:
                wrong(f"blank board: {c['fraction']} at {c['row']},{c['col']}, expected {expect}")
                break


def run_sized(rng: random.Random, tally: Tally, workdir: Path, *, big: bool = False, seconds: float = 120.0,
              only_big: bool = False) -> None:
    """Draw one sized CLI case (a big one: :func:`big_cli_case`) and run it through ``check_cli``
    and :func:`check_sized`."""
    tally.inputs += 1
    case: Case | None = None
    try:
        with _time_limit(seconds):
            case, sc = big_cli_case(rng, rng.random() < 0.5) if only_big else sized_cli_case(rng, big)
            tally.by_kind[case.kind] = tally.by_kind.get(case.kind, 0) + 1
            status, out, err = run_cli(case, workdir)
            check_cli(case, status, out, err, tally)
            check_sized(case, sc, status, out, err, tally)
    except Hang:
        tally.hangs += 1
        tally.fail("hang", case or Case(["<sized>"], {}, {}), _over(seconds))
    except Exception:  # noqa: BLE001 - a traceback is what we count
        tally.tracebacks += 1
        tally.fail("traceback", case or Case(["<sized>"], {}, {}), traceback.format_exc()[-3000:])


def sized_http(rng: random.Random, big: bool = False) -> tuple[str, dict[str, object], SizedCase]:
    """A request of /api/analyze, /api/check or /api/move on a sized honest position, with options."""
    lay = sized_layout(rng, big)
    sc = sized_position(rng, lay)
    text = sized_text(rng, sc, rng.random() < 0.85)
    raw = _options(rng, sc)
    options: dict[str, object] = {}
    for k, v in raw.items():
        if v is not None:
            options[k] = (True if k == "ignore_flags" else v if k in ("engine", "density")
                          else int(v) if k == "exact_limit" else float(v))
    path = rng.choice(["/api/analyze", "/api/check", "/api/move", "/api/move"])
    doc: dict[str, object] = {"board": text, "options": options}
    if path == "/api/check":
        options.pop("exact_limit", None)
        options.pop("density", None)
        covered = [i for i, v in enumerate(sc.cells) if v == COVERED] or [0]
        cell = rng.choice(covered)
        doc["row"], doc["col"] = divmod(cell, lay.cols)
    elif path == "/api/move":
        doc["first_click"] = rng.choice(["safe", "opening"])
    return path, doc, sc


def check_sized_http(path: str, doc: dict[str, object], sc: SizedCase, status: int, body: object,
                     tally: Tally) -> None:
    """Never a 500; a one-line JSON error; an honest position refused only for its size (413) or a
    busy server (503); proofs, verdicts and moves not labelled guesses agree with the layout."""
    case = Case([path, repr({k: v for k, v in doc.items() if k != "board"})[:300]],
                {"board": str(doc["board"])[:300].encode()}, {}, kind="http-sized")
    tally.by_status[str(status)] = tally.by_status.get(str(status), 0) + 1
    options = doc.get("options")
    ignore = isinstance(options, dict) and bool(options.get("ignore_flags"))

    def wrong(detail: str) -> None:
        tally.wrong_claims += 1
        tally.fail("wrong claim", case, detail)

    if status not in (200, 400, 413, 503):
        tally.tracebacks += 1
        tally.fail(f"HTTP {status}", case, str(body)[:800])
        return
    if status != 200:
        err = body.get("error") if isinstance(body, dict) else None
        if not isinstance(err, str) or "\n" in err or set(body) != {"error"}:  # type: ignore[arg-type]
            tally.tracebacks += 1
            tally.fail("error body", case, str(body)[:800])
        elif status == 400 and path == "/api/check" and \
                sc.cells[int(doc["row"]) * sc.lay.cols + int(doc["col"])] != COVERED:  # type: ignore[call-overload]
            pass  # a cell with nothing to prove (a flag, or no covered cell on the board)
        elif status == 400 and not (sc.misplaced_flags and not ignore):
            tally.tracebacks += 1
            tally.fail("an honest position refused", case, err)
        return
    assert isinstance(body, dict)
    mines, cols = sc.lay.mines, sc.lay.cols
    if body.get("status") == "inconsistent":
        wrong("an honest position called inconsistent")
        return
    if path == "/api/analyze":
        for c in body["cells"]:
            if c["proof"] is not None and (c["proof"] == "mine") != (c["row"] * cols + c["col"] in mines):
                wrong(f"cell {c['row']},{c['col']} proved {c['proof']}; the layout disagrees")
    elif path == "/api/check":
        i = int(doc["row"]) * cols + int(doc["col"])  # type: ignore[call-overload]
        if body["verdict"] in ("safe", "mine") and (body["verdict"] == "mine") != (i in mines):
            wrong(f"check says {body['verdict']}; the layout disagrees")
    else:
        for r, c in body["cells"]:
            i = r * cols + c
            if not 0 <= i < len(sc.cells) or sc.cells[i] >= 0:
                wrong(f"move {r},{c} is not a covered cell")
            elif not body["guess"] and i in mines:
                wrong(f"move {r},{c} ({body['reason']}) not labelled a guess, and a mine")
