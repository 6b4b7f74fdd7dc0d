"""Fuzzing the picture inputs (issue 39): random, corrupt, truncated, huge (dimension bombs), tiny,
animated and non-image inputs, and real drawn boards, given to ``cpsolve read``, ``cpsolve solve``
(by an image suffix, by sniffing a ``.txt``, on standard input; with and without
``--accept-unsure``) and ``POST /api/read``.

The rules (docs/exit-codes.md, docs/http-api.md):

* ``read``: exit 0 (sure), 3 (unsure: ``?`` in the board) or 2 with exactly one line
  ``cpsolve: ...``; ``solve``: 0, or 2 with one line (no board, or an unsure reading refused);
  1 (an inconsistent board) only for board text, never for a picture: a reading is checked against
  the rules before it is returned;
* ``/api/read``: 200 with the reading's document, 400 or 413 with one line of JSON; never a 500, nor
  a 503 (a worker stopped for running too long is a hang);
* never a traceback (an exception out of ``main``, exit 70), never a case over its time (a hang);
* a clean drawn board read back: every cell not marked unsure is the cell drawn (a wrong claim
  otherwise).

:func:`run_many` tallies them in a :class:`tests.support.fuzz.Tally`.
"""

from __future__ import annotations

import io
import json
import random
import struct
import tempfile
import traceback
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from . import fuzz
from .picture_render import desktop, random_position, render_board

#: The kinds of input, and how often each is drawn.
KINDS = {"random": 12, "corrupt": 14, "truncated": 14, "huge": 8, "tiny": 10, "animated": 10, "non-image": 12,
         "picture": 20}
FORMATS = ["PNG", "JPEG", "BMP", "GIF", "WEBP"]
SUFFIX = {"PNG": ".png", "JPEG": ".jpg", "BMP": ".bmp", "GIF": ".gif", "WEBP": ".webp"}
MAGIC = [b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a", b"BM", b"RIFF\x00\x10\x00\x00WEBPVP8 "]


@dataclass
class Input:
    data: bytes
    kind: str
    what: str                                  # how it was made, for the report
    suffix: str = ".png"                        # the name the CLI gets (an image suffix, or .txt)
    cells: list[list[str]] | None = None       # a clean drawn board: the cells drawn (the oracle)

    def describe(self) -> str:
        return f"{self.kind} ({self.what}), {len(self.data)} bytes {self.data[:40]!r}"


# ---- pictures ------------------------------------------------------------------------------------

def save(img: np.ndarray | Image.Image, fmt: str, rng: random.Random, **kw: Any) -> bytes:
    pil = img if isinstance(img, Image.Image) else Image.fromarray(img)
    out = io.BytesIO()
    if fmt == "JPEG":
        kw.setdefault("quality", rng.choice([70, 85, 95]))
    if fmt == "JPEG" and pil.mode not in ("RGB", "L"):
        pil = pil.convert("RGB")
    pil.save(out, fmt, **kw)
    return out.getvalue()


def drawn_board(rng: random.Random) -> tuple[np.ndarray, list[list[str]]]:
    """A real position of a random game, drawn (the classic skin), sometimes on a desktop."""
    rows, cols = rng.randint(3, 16), rng.randint(3, 30)
    mines = rng.randint(1, max(1, rows * cols // 5))
    cells, counter = random_position(rows, cols, mines, rng.randrange(10 ** 6), opened=rng.choice([0.3, 0.6]))
    img = render_board(cells, rng.choice([16, 20, 24, 32]), counter=counter if rng.random() < 0.5 else None)
    if rng.random() < 0.3 and img.shape[0] < 700 and img.shape[1] < 1100:
        img = desktop(img, 1280, 800, seed=rng.randrange(1000))[0]
    return img, cells


def other_picture(rng: random.Random, w: int | None = None, h: int | None = None) -> np.ndarray:
    """Noise, a solid colour, a gradient, lines (a grid of empty cells) or blocks."""
    w = w or rng.randint(16, 600)
    h = h or rng.randint(16, 400)
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    k = rng.randrange(5)
    if k == 0:
        return nrng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = [rng.randrange(256) for _ in range(3)]
    if k == 2:
        img[:] = np.linspace(0, 255, w, dtype=np.uint8)[None, :, None]
    elif k == 3:
        step = rng.randint(4, 40)
        img[::step, :] = 0
        img[:, ::step] = 0
    elif k == 4:
        for _ in range(rng.randint(1, 30)):
            x, y = rng.randrange(w), rng.randrange(h)
            img[y:y + rng.randint(1, 80), x:x + rng.randint(1, 80)] = [rng.randrange(256) for _ in range(3)]
    return img


def any_picture(rng: random.Random) -> tuple[bytes, str, list[list[str]] | None]:
    """A well-formed picture: (bytes, format, the cells drawn, or None where there is no board or the
    reader promises nothing: GIF's palette and lossy WebP change colours; issue 39 asks for PNG and
    JPEG down to quality 70, which :func:`save` keeps to; WebP here is lossless)."""
    fmt = rng.choice(FORMATS)
    if rng.random() < 0.6:
        img, cells = drawn_board(rng)
        if fmt == "WEBP":
            return save(img, fmt, rng, lossless=True), fmt, cells
        return save(img, fmt, rng), fmt, cells if fmt != "GIF" else None
    return save(other_picture(rng), fmt, rng), fmt, None


# ---- the kinds ------------------------------------------------------------------------------------

def random_input(rng: random.Random) -> Input:
    n = rng.choice([0, 1, 7, 64, 1000, rng.randrange(20_000)])
    data = rng.randbytes(n)
    if rng.random() < 0.6:
        data = rng.choice(MAGIC) + data  # past the sniffing, into a decoder
    return Input(data, "random", f"{n} random bytes", rng.choice([*SUFFIX.values(), ".txt"]))


def corrupt_input(rng: random.Random) -> Input:
    data, fmt, _ = any_picture(rng)
    raw = bytearray(data)
    how = rng.randrange(3)
    if how == 0:      # bytes flipped
        for _ in range(rng.randint(1, 20)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
    elif how == 1:    # a stretch overwritten
        at = rng.randrange(len(raw))
        raw[at:at + rng.randint(1, 500)] = rng.randbytes(rng.randint(1, 500))
    else:             # the header's bytes flipped
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(min(len(raw), 64))] ^= 1 << rng.randrange(8)
    return Input(bytes(raw), "corrupt", f"{fmt}, {['flipped', 'overwritten', 'header'][how]}",
                 rng.choice([SUFFIX[fmt], ".txt"]))


def truncated_input(rng: random.Random) -> Input:
    data, fmt, _ = any_picture(rng)
    cut = rng.choice([8, 16, 33, len(data) // 2, len(data) - 1, rng.randrange(len(data))])
    return Input(data[:cut], "truncated", f"{fmt} cut at {cut} of {len(data)}", rng.choice([SUFFIX[fmt], ".txt"]))


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_bomb(w: int, h: int) -> bytes:
    """A PNG whose header says ``w`` x ``h`` (a few rows of data only: a dimension bomb)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * min(1 << 20, 3 * w + 1), 9)
    return b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + _png_chunk(b"IDAT", idat) + _png_chunk(b"IEND", b"")


def huge_input(rng: random.Random) -> Input:
    k = rng.randrange(6)
    small = other_picture(rng, 32, 32)
    if k == 0:
        w, h = rng.choice([(100_000, 100_000), (2 ** 31 - 1, 1), (1, 2 ** 31 - 1), (50_000, 40_000), (7000, 6000)])
        return Input(png_bomb(w, h), "huge", f"PNG header {w}x{h}")
    if k == 1:   # GIF: the screen and the image descriptor say 65535 x 65535
        raw = bytearray(save(small, "GIF", rng))
        raw[6:10] = struct.pack("<HH", 65535, 65535)
        at = raw.find(b",", 10)
        if at > 0:
            raw[at + 5:at + 9] = struct.pack("<HH", 65535, 65535)
        return Input(bytes(raw), "huge", "GIF 65535x65535", ".gif")
    if k == 2:   # BMP: width and height in the info header
        raw = bytearray(save(small, "BMP", rng))
        w, h = rng.choice([(100_000, 100_000), (-1, 1), (2 ** 31 - 1, 2 ** 31 - 1), (30_000, -30_000)])
        raw[18:26] = struct.pack("<ii", w, h)
        return Input(bytes(raw), "huge", f"BMP {w}x{h}", ".bmp")
    if k == 3:   # JPEG: the frame header's size
        raw = bytearray(save(small, "JPEG", rng))
        at = raw.find(b"\xff\xc0")
        raw[at + 5:at + 9] = struct.pack(">HH", 65500, 65500)
        return Input(bytes(raw), "huge", "JPEG 65500x65500", ".jpg")
    if k == 4:   # WebP (lossy): the frame's 14-bit size
        raw = bytearray(save(small, "WEBP", rng, lossless=False))
        at = raw.find(b"\x9d\x01\x2a")
        if at > 0:
            raw[at + 3:at + 7] = struct.pack("<HH", 16383, 16383)
        return Input(bytes(raw), "huge", "WebP 16383x16383", ".webp")
    if rng.random() < 0.5:  # a grid of many cells: lines every 8-30 px over up to 36 megapixels
        n, step = rng.choice([(1000, 10), (1600, 16), (2000, 8), (2000, 20), (3000, 30), (6000, 12)])
        img = np.full((n, n, 3), rng.randrange(100, 256), np.uint8)
        img[::step, :] = 0
        img[:, ::step] = 0
        return Input(save(img, "PNG", rng), "huge", f"PNG {n}x{n} of grid lines every {step} px")
    # a real large picture, under the pixel cap: a solid colour or a few blocks, 10-36 megapixels
    w, h = rng.choice([(4000, 3000), (6000, 6000), (8000, 1250), (3840, 2160)])
    img = np.empty((h, w, 3), np.uint8)
    img[:] = [rng.randrange(256) for _ in range(3)]
    for _ in range(rng.randint(0, 5)):
        x, y = rng.randrange(w), rng.randrange(h)
        img[y:y + rng.randint(10, 900), x:x + rng.randint(10, 900)] = [rng.randrange(256) for _ in range(3)]
    fmt = rng.choice(["PNG", "GIF", "WEBP"])
    return Input(save(img, fmt, rng) if fmt != "PNG" else save(img, fmt, rng, compress_level=1), "huge",
                 f"{fmt} {w}x{h} blocks", SUFFIX[fmt])


def tiny_input(rng: random.Random) -> Input:
    w, h = rng.choice([(1, 1), (1, 50), (50, 1), (2, 2), (8, 8), (15, 15), (16, 16), (17, 17), (8, 40), (40, 12)])
    fmt = rng.choice(FORMATS)
    return Input(save(other_picture(rng, w, h), fmt, rng), "tiny", f"{fmt} {w}x{h}", SUFFIX[fmt])


def animated_input(rng: random.Random) -> Input:
    fmt = rng.choice(["GIF", "WEBP", "PNG"])  # PNG: APNG
    board = drawn_board(rng)[0] if rng.random() < 0.6 else other_picture(rng)
    h, w = board.shape[:2]
    frames = [board] + [other_picture(rng, w, h) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        rng.shuffle(frames)
    pil = [Image.fromarray(f) for f in frames]
    data = save(pil[0], fmt, rng, save_all=True, append_images=pil[1:], duration=100, loop=0)
    return Input(data, "animated", f"{fmt}, {len(frames)} frames", SUFFIX[fmt])


def non_image_input(rng: random.Random) -> Input:
    k = rng.randrange(9)
    if k == 0:
        bc = fuzz.board_case(rng)
        return Input(bc.data, "non-image", f"board text ({bc.kind})", rng.choice([".png", ".txt"]))
    samples = [
        b'{"board": ". 1\\n. ."}', b"<!doctype html><html><body><img src=x></body></html>",
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", b"PK\x03\x04" + rng.randbytes(200),
        b"\x7fELF\x02\x01\x01" + rng.randbytes(100), b"II*\x00" + rng.randbytes(300),
        b"<svg xmlns='http://www.w3.org/2000/svg'><rect width='9' height='9'/></svg>",
        "mines: 3\n. 1 .\n".encode("utf-16"), b"", b" \n\t\n", b"\x00" * rng.randint(1, 5000),
        b"\x00\x00\x01\x00\x01\x00\x10\x10" + rng.randbytes(100),  # an icon's header
    ]
    data = rng.choice(samples)
    return Input(data, "non-image", f"{data[:12]!r}", rng.choice([*SUFFIX.values(), ".txt"]))


def picture_input(rng: random.Random) -> Input:
    data, fmt, cells = any_picture(rng)
    return Input(data, "picture", f"{fmt}, {'a drawn board' if cells else 'no board'}",
                 rng.choice([SUFFIX[fmt], SUFFIX[fmt].upper(), ".txt"]), cells)


MAKERS = {"random": random_input, "corrupt": corrupt_input, "truncated": truncated_input, "huge": huge_input,
          "tiny": tiny_input, "animated": animated_input, "non-image": non_image_input, "picture": picture_input}


def make_input(rng: random.Random) -> Input:
    kind = rng.choices(list(KINDS), weights=list(KINDS.values()))[0]
    return MAKERS[kind](rng)


# ---- the targets ---------------------------------------------------------------------------------

def _count(tally: fuzz.Tally, key: str) -> None:
    tally.by_status[key] = tally.by_status.get(key, 0) + 1


def _case(inp: Input, argv: list[str], files: dict[str, bytes], stdin: bytes | None = None) -> fuzz.Case:
    return fuzz.Case(argv, files, {}, stdin, kind=f"{inp.kind}: {inp.what}")


def _is_picture_input(inp: Input, name: str) -> bool:
    from cpsolve.cli.pictures import is_image_name, looks_like_image

    return is_image_name(name) or looks_like_image(inp.data)


def check_read(inp: Input, case: fuzz.Case, status: int, out: str, err: str, tally: fuzz.Tally) -> None:
    _count(tally, f"read {status}")
    if status == 2:
        _one_line(case, err, tally)
        return
    if status not in (0, 3) or "Traceback" in err:
        tally.bad(case, f"read: exit {status}\n{err[-2000:]}")
        return
    if "--json" in case.argv:
        doc = json.loads(out)
        lines = [x.split() for x in doc["board"].splitlines() if x.strip() and not x.startswith("mines")]
    else:
        lines = [x.split() for x in out.splitlines() if x.strip() and not x.startswith("mines")]
    if (status == 3) != any("?" in row for row in lines):
        tally.bad(case, f"read: exit {status} with the board\n{out[:2000]}")
    if inp.cells is not None:
        check_cells(case, lines, inp.cells, tally)


def check_cells(case: fuzz.Case, got: list[list[str]], drawn: list[list[str]], tally: fuzz.Tally) -> None:
    """A clean drawn board read back: its shape, and every cell not unsure (``?``) as drawn."""
    if len(got) != len(drawn) or any(len(a) != len(b) for a, b in zip(got, drawn)):
        tally.wrong(case, f"a {len(drawn[0])}x{len(drawn)} board read as {len(got[0]) if got else 0}x{len(got)}")
        return
    wrong = [(r, c, v, want) for r, (row, line) in enumerate(zip(got, drawn))
             for c, (v, want) in enumerate(zip(row, line)) if v != "?" and v != want]
    if wrong:
        tally.wrong(case, f"cells read wrong, not marked unsure (row, col, read, drawn): {wrong[:10]}")


def check_solve(inp: Input, case: fuzz.Case, name: str, status: int, out: str, err: str, tally: fuzz.Tally) -> None:
    _count(tally, f"solve {status}")
    if status == 2:
        _one_line(case, err, tally)
        return
    if status == 1 and _is_picture_input(inp, name):
        tally.wrong(case, f"solve: a board read from a picture called inconsistent\n{err[-1000:]}")
        return
    if status not in (0, 1) or "Traceback" in err:
        tally.bad(case, f"solve: exit {status}\n{err[-2000:]}")


def _one_line(case: fuzz.Case, err: str, tally: fuzz.Tally) -> None:
    lines = err.splitlines()
    if len(lines) != 1 or not lines[0].startswith("cpsolve: ") or "Traceback" in err or "internal error" in err:
        tally.bad(case, f"exit 2 with {len(lines)} lines on standard error:\n{err[-2000:]}")


def run_cli_target(inp: Input, rng: random.Random, tally: fuzz.Tally, workdir: Path, seconds: float) -> None:
    """``read`` and ``solve`` of the input, in-process."""
    name = "in" + inp.suffix
    targets: list[tuple[str, fuzz.Case]] = [("read", _case(inp, ["read", name], {name: inp.data}))]
    if rng.random() < 0.3:
        targets.append(("read", _case(inp, ["read", "-", "--json"], {}, inp.data)))
    argv = ["solve", name] if rng.random() < 0.8 else ["solve", "-"]
    argv += [x for x in ("--accept-unsure", "--json") if rng.random() < 0.5]
    stdin = inp.data if "-" in argv else None
    targets.append(("solve", _case(inp, argv, {} if stdin is not None else {name: inp.data}, stdin)))
    for what, case in targets:
        try:
            with fuzz._time_limit(seconds):
                status, out, err = fuzz.run_cli(case, workdir, show_warnings=True)
        except fuzz.Hang:
            tally.hangs += 1
            tally.fail("hang", case, fuzz._over(seconds))
            continue
        except Exception:  # noqa: BLE001 - a traceback is what we count
            tally.tracebacks += 1
            tally.fail("traceback", case, traceback.format_exc()[-3000:])
            continue
        if status == 70:
            tally.tracebacks += 1
            tally.fail("internal error", case, err[-2000:])
            continue
        if what == "read":
            check_read(inp, case, status, out, err, tally)
        else:
            check_solve(inp, case, "-" if stdin is not None else name, status, out, err, tally)


def run_http_target(inp: Input, client: Any, tally: fuzz.Tally) -> None:
    """``POST /api/read`` of the input: 200 (the reading), 400 or 413 with one line of JSON."""
    case = fuzz.Case(["POST /api/read"], {}, {}, None, kind=f"{inp.kind}: {inp.what}")
    try:
        r = client.post("/api/read", content=inp.data, headers={"content-type": "application/octet-stream"})
    except Exception:  # noqa: BLE001
        tally.tracebacks += 1
        tally.fail("traceback (client)", case, traceback.format_exc()[-3000:])
        return
    _count(tally, f"http {r.status_code}")
    if r.status_code == 503:
        tally.hangs += 1
        tally.fail("HTTP 503 (a worker stopped or busy)", case, r.text[:500])
        return
    if r.status_code not in (200, 400, 413):
        tally.tracebacks += 1
        tally.fail(f"HTTP {r.status_code}", case, r.text[:500])
        return
    doc = r.json()
    if r.status_code != 200:
        if set(doc) != {"error"} or "\n" in doc["error"] or "Traceback" in doc["error"]:
            tally.bad(case, r.text[:500])
        return
    if not {"board", "unsure", "sure", "rows", "cols", "cells"} <= set(doc) or doc["sure"] != (not doc["unsure"]):
        tally.bad(case, r.text[:500])
        return
    if inp.cells is not None:
        unsure = {tuple(x) for x in doc["unsure"]}
        got = [["?" if (r_, c) in unsure else v for c, v in enumerate(row)] for r_, row in enumerate(doc["cells"])]
        check_cells(case, got, inp.cells, tally)


def run_one(rng: random.Random, tally: fuzz.Tally, workdir: Path, client: Any, seconds: float = 60.0) -> Input:
    """One input, to ``read``, ``solve`` and (``client`` given) ``/api/read``."""
    tally.inputs += 1
    try:
        inp = make_input(rng)
    except Exception:  # noqa: BLE001 - a bug of the generator is a failure too
        tally.tracebacks += 1
        tally.fail("generator", fuzz.Case([], {}, {}), traceback.format_exc()[-3000:])
        return Input(b"", "generator", "failed")
    tally.by_kind[inp.kind] = tally.by_kind.get(inp.kind, 0) + 1
    run_cli_target(inp, rng, tally, workdir, seconds)
    if client is not None:
        run_http_target(inp, client, tally)
    return inp


def run_many(n: int, seed: int, client: Any, *, progress: bool = False, seconds: float = 60.0) -> fuzz.Tally:
    tally = fuzz.Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(n):
            run_one(random.Random(f"picture:{seed}:{k}"), tally, Path(tmp), client, seconds)
            if progress and k and not k % 100:
                print(f"  ... {k}: {tally.line()}", flush=True)
    return tally
