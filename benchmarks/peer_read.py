"""cpsolve's picture reader beside the peer issue 39 names: ms-toollib's ``obr_board`` (the reader
behind Metasweeper's Ctrl+Space), on the same real screenshots.

    python benchmarks/peer_read.py --peer-model params.onnx            # both sets
    python benchmarks/peer_read.py --peer-model params.onnx --limit 20 # the first 20 of each

``obr_board`` needs its network's weights, ``params.onnx``, in the working directory, and the
wheel on PyPI (ms-toollib 1.5.20) does not ship them: without the file it aborts the interpreter
(a Rust panic, "Opening params.onnx", written to ./crash.log). They are in the peer's repository
(github.com/eee555/ms_toollib, MIT, ``base/params.onnx``, 21,668 bytes at 2f7b3eb); they are not
copied into this repository. Give their path with ``--peer-model``.

For each picture the peer runs in a child process of its own (``obr_board`` is native code: a
picture it cannot read may abort the whole interpreter, which must not end the benchmark), with
the picture's RGBA pixels as its documentation gives them (``obr_board(data, height, width)``).
Its board is compared with the hand transcription the way it reads: 0-8 revealed, 10 covered, and
flags, mines and question marks counted as covered (its documentation says it reads them so).
cpsolve's reading, in this process, is judged as ``test_picture_screens`` judges it: exact (every
cell and the mine total), or not exact; wrong where a cell it stands by differs.

First both read the drawn 1920x1080 Expert screenshot of ``bench_read.py`` ``--speed-runs`` times,
interleaved (the peer, then cpsolve, each run): the median, p90 and p99 of each, their ratio, and
whether each read the drawn board. Then, per set, it prints how many pictures each reader read
exactly, read wrong, or refused / failed, and the peer's failures by kind (aborted the process,
returned its error board ``[[200]]``, timed out), then each reader's median time per picture where
both returned a board (the peer's time measured inside its child, around the call alone). Nothing
here is a timed assertion.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SETS = (("tuning", ROOT / "tests/data/screens"), ("held out", ROOT / "tests/data/screens-heldout"))
SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp"}
#: the child's program: prints the peer's board as rows of numbers, then its time in ms
CHILD = """
import sys, time
import numpy as np
from PIL import Image
import ms_toollib
im = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(np.uint32)
h, w = im.shape[:2]
data = np.concatenate((im, np.full((h, w, 1), 255, np.uint32)), 2).reshape(-1).tolist()
start = time.perf_counter()
board = ms_toollib.obr_board(data, h, w)
took = (time.perf_counter() - start) * 1000
for row in board:
    print(" ".join(str(v) for v in row))
print(f"ms {took:.3f}")
"""
#: how the transcription's cells read for the peer: revealed numbers as they are, all else covered
PEER_VALUE = {str(d): d for d in range(9)}


@dataclass
class PeerResult:
    kind: str  # "board", "error board", "aborted", "timeout", "failed"
    board: list[list[int]] | None = None
    ms: float | None = None


def run_peer(picture: Path, model_dir: Path, timeout: float) -> PeerResult:
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(picture.resolve())], capture_output=True,
                              text=True, timeout=timeout, cwd=model_dir)
    except subprocess.TimeoutExpired:
        return PeerResult("timeout")
    if done.returncode < 0 or done.returncode == 134:
        return PeerResult("aborted")
    if done.returncode != 0:
        return PeerResult("failed")
    lines = done.stdout.strip().splitlines()
    ms = float(lines[-1].split()[1])
    board = [[int(v) for v in line.split()] for line in lines[:-1]]
    if board == [[200]]:
        return PeerResult("error board", ms=ms)
    return PeerResult("board", board, ms)


def want_cells(picture: Path) -> list[str]:
    return [line.strip() for line in picture.with_suffix(".cells").read_text().splitlines() if line.strip()]


def peer_exact(board: list[list[int]], want: list[str]) -> bool:
    if len(board) != len(want) or any(len(row) != len(w) for row, w in zip(board, want)):
        return False
    return all(v == PEER_VALUE.get(c, 10) for row, w in zip(board, want) for v, c in zip(row, w))


def ours(picture: Path, want: list[str]) -> tuple[str, float]:
    """cpsolve's verdict ('exact', 'not exact', 'wrong', 'refused') and its time in ms."""
    import cpsolve
    from cpsolve.picture import NoBoardFound

    start = time.perf_counter()
    try:
        reading = cpsolve.read_image(picture)
    except NoBoardFound:
        return "refused", (time.perf_counter() - start) * 1000
    ms = (time.perf_counter() - start) * 1000
    board = reading.board
    if (board.rows, board.cols) != (len(want), len(want[0])):
        return "wrong", ms
    unsure = set(reading.unsure)
    cols = len(want[0])
    for i, cell in enumerate(reading.cells):
        r, c = divmod(i, cols)
        if (r, c) not in unsure and cell.value != want[r][c]:
            return "wrong", ms
    want_total = cpsolve.load(str(picture.with_suffix(".txt"))).mines
    if board.mines is not None and board.mines != want_total:
        return "wrong", ms
    exact = not unsure and board.mines == want_total
    return ("exact" if exact else "not exact"), ms


def speed(work: Path, runs: int, timeout: float) -> None:
    """Both readers on bench_read.py's drawn 1920x1080 Expert screenshot, interleaved run by run."""
    from bench_read import drawn_screenshot, percentile  # beside this file (python puts its folder on sys.path)

    from cpsolve import read_image

    data, cells = drawn_screenshot()
    shot = work / "bench.png"
    shot.write_bytes(data)
    want = ["".join(row) for row in cells]
    read_image(data)  # warm-up: imports, the solver's first call
    ours_ms: list[float] = []
    peer_ms: list[float] = []
    peer_kinds: dict[str, int] = {}
    ours_right = True
    for _ in range(runs):
        peer = run_peer(shot, work, timeout)
        kind = peer.kind if peer.board is None else ("board, exact" if peer_exact(peer.board, want) else "board, wrong")
        peer_kinds[kind] = peer_kinds.get(kind, 0) + 1
        if peer.ms is not None:
            peer_ms.append(peer.ms)
        start = time.perf_counter()
        reading = read_image(data)
        ours_ms.append((time.perf_counter() - start) * 1000)
        ours_right &= not reading.unsure and [c.value for c in reading.cells] == [v for row in want for v in row]
    print(f"drawn 1920x1080 Expert screenshot, {runs} runs interleaved:")
    print(f"  cpsolve: median {statistics.median(ours_ms):.1f} ms, p90 {percentile(ours_ms, 90):.1f}, "
          f"p99 {percentile(ours_ms, 99):.1f} (PNG decoding included); read exactly every run: {ours_right}")
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(peer_kinds.items()))
    if peer_ms:
        print(f"  peer: median {statistics.median(peer_ms):.1f} ms, p90 {percentile(peer_ms, 90):.1f}, "
              f"p99 {percentile(peer_ms, 99):.1f} (its call on decoded pixels); ratio of medians, cpsolve / peer "
              f"{statistics.median(ours_ms) / statistics.median(peer_ms):.2f}; returned: {kinds}")
    else:
        print(f"  peer: no timing; returned: {kinds}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="read only the first N pictures of each set")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds the peer may take a picture")
    ap.add_argument("--speed-runs", type=int, default=15, help="reads of the drawn screenshot by each")
    ap.add_argument("--peer-model", type=Path, required=True,
                    help="the peer's params.onnx (base/params.onnx in github.com/eee555/ms_toollib)")
    args = ap.parse_args()
    import ms_toollib  # noqa: F401  (fail here, not in every child, where the peer is missing)

    if not args.peer_model.is_file():
        print(f"{args.peer_model}: no such file (the peer's weights, params.onnx)", file=sys.stderr)
        return 2
    # the peer opens "params.onnx" in its working directory (and writes crash.log there)
    work = Path(tempfile.mkdtemp(prefix="peer-read-"))
    shutil.copyfile(args.peer_model, work / "params.onnx")

    speed(work, args.speed_runs, args.timeout)
    for name, folder in SETS:
        pictures = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
        if args.limit:
            pictures = pictures[:args.limit]
        peer_kinds: dict[str, int] = {}
        peer_exacts = peer_wrong = 0
        ours_kinds: dict[str, int] = {}
        both_ms: list[tuple[float, float]] = []
        for picture in pictures:
            want = want_cells(picture)
            peer = run_peer(picture, work, args.timeout)  # interleaved: the peer, then cpsolve, picture by picture
            verdict, our_ms = ours(picture, want)
            peer_kinds[peer.kind] = peer_kinds.get(peer.kind, 0) + 1
            ours_kinds[verdict] = ours_kinds.get(verdict, 0) + 1
            if peer.board is not None:
                exact = peer_exact(peer.board, want)
                peer_exacts += exact
                peer_wrong += not exact
                if peer.ms is not None and verdict != "refused":
                    both_ms.append((our_ms, peer.ms))
        print(f"{name}: {len(pictures)} pictures")
        print(f"  cpsolve: {ours_kinds.get('exact', 0)} exact, {ours_kinds.get('not exact', 0)} not exact "
              f"(cells unsure or no mine total), {ours_kinds.get('refused', 0)} refused, "
              f"{ours_kinds.get('wrong', 0)} wrong")
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(peer_kinds.items()))
        print(f"  ms-toollib obr_board: {peer_exacts} exact (flags and mines as covered, its convention), "
              f"{peer_wrong} wrong (a board with a cell, or its size, not the picture's: it marks nothing "
              f"unsure); returned: {kinds}")
        if both_ms:
            ours_t = [a for a, _ in both_ms]
            peer_t = [b for _, b in both_ms]
            print(f"  where both returned a board ({len(both_ms)}): median cpsolve {statistics.median(ours_t):.1f} "
                  f"ms (decoding the file included), peer {statistics.median(peer_t):.1f} ms (its call alone, "
                  f"on decoded pixels); ratio {statistics.median(ours_t) / statistics.median(peer_t):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
