"""The ``cpsolve`` command: a thin layer over the library.

Each subcommand lives in its own module with ``register(subparsers)``; the library raises domain
errors (:class:`~cpsolve.BoardError`, :class:`~cpsolve.InconsistentBoard`) and the commands turn
them into one line on standard error and a documented exit status.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import sys
import traceback
from collections.abc import Sequence

from ..board import Board, BoardError, parse_board, parse_board_bytes, read_input
from ..errors import CpsolveError, InconsistentBoard

#: Modules under cpsolve.cli that provide subcommands, in the order of ``--help``.
COMMANDS = ["solve", "check", "read", "compare", "encode", "demo", "play", "generate", "verify_ng", "replay",
            "serve"]

EXIT_OK = 0
EXIT_INCONSISTENT = 1
EXIT_BAD_INPUT = 2
#: An exception cpsolve did not mean to raise (a bug): one line, and a status no command gives
#: another meaning (``play``'s 1 is "a certainty was wrong"; an internal failure must not look like
#: one). 70 is sysexits' EX_SOFTWARE. ``CPSOLVE_TRACEBACK=1`` lets the traceback through instead.
EXIT_INTERNAL = 70
#: A write that failed (standard output or a file: a full disk, a closed descriptor): one line, the
#: system's reason. 74 is sysexits' EX_IOERR. A reader that stops early (``| head``) is not one: exit 0,
#: nothing printed.
EXIT_IO = 74


def write_failed(path: str, exc: OSError, what: str = "") -> CliError:
    """The error of a file that cannot be written (exit :data:`EXIT_IO`), ``path`` as given."""
    return CliError(f"{path}: cannot write{' ' + what if what else ''} ({exc.strerror or exc})", EXIT_IO)


class CliError(CpsolveError):
    """A usage or input problem: printed as one line, exit status ``status``."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def read_board(path: str, *, accept_unsure: bool = False) -> Board:
    """Read and parse a board file (``-`` is standard input). Raises BoardError with file:line:col.

    The one door of every command's board: a picture (a name ending in one of
    :data:`~cpsolve.picture.IMAGE_SUFFIXES`, or bytes that begin as a picture's) is read by
    :func:`cpsolve.read_image` instead (:mod:`.pictures`: no board in it, or a reading with unsure
    cells unless ``accept_unsure``, is a BoardError naming the file).
    """
    from . import pictures  # no image library: those load only for a picture

    if path == "-":
        # bytes, like files: the locale's text decoding must not decide (or crash on) what is UTF-8
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # replaced by a text stream (tests, embedding)
            return parse_board(sys.stdin.read(), "<stdin>")
        data = stream.read()
        if pictures.looks_like_image(data):
            return pictures.board_from_picture(data, "<stdin>", accept_unsure)
        return parse_board_bytes(data, "<stdin>")
    if pictures.is_image_name(path):
        return pictures.board_from_picture(path, path, accept_unsure)
    data = read_input(path)
    if pictures.looks_like_image(data):
        return pictures.board_from_picture(data, path, accept_unsure)
    return parse_board_bytes(data, path)


def off_board(cell: tuple[int, int], rows: int, cols: int) -> bool:
    return not (0 <= cell[0] < rows and 0 <= cell[1] < cols)


#: A command-line word that is a cell with a negative row (``-1,0``): a value, not an option.
_NEGATIVE_CELL = re.compile(r"^-[0-9]+,\s*-?[0-9]+$")


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # argparse reads a word starting with '-' as an option unless it looks like a negative
        # number; cells such as -1,0 are values too (then "off the board", not "arguments required")
        self._negative_number_matcher = re.compile(
            self._negative_number_matcher.pattern + "|" + _NEGATIVE_CELL.pattern)

    def error(self, message: str) -> None:  # type: ignore[override]
        # one line, exit status 2 (argparse's own convention too)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``cpsolve`` parser; with ``command`` (a known command's name) only that command is registered.

    A command's module imports what it runs (the analysis, the renderers, the web server, ...), so
    registering every command costs each run the imports of all of them; the start of ``check`` and
    ``solve`` is dominated by imports. ``--help`` and an unknown command register them all.
    """
    parser = _Parser(prog="cpsolve", description="Minesweeper analysis: proved certainties and exact "
                     "mine probabilities.")
    parser.add_argument("--version", action="version", version="cpsolve " + _version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        if command is None or name == command:
            importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def command_of(argv: Sequence[str]) -> str | None:
    """The module name of the command that ``argv`` runs, or None (no command word, or an unknown one)."""
    for word in argv:
        if word.startswith("-"):  # the top level's own options (--help, --version) come before the command
            continue
        name = word.replace("-", "_")
        return name if name in COMMANDS and "_" not in word else None
    return None


def _version() -> str:
    """The version the Rust core was built as (Cargo.toml, the same as pyproject.toml's: tests/unit/test_core.py)."""
    from .. import _core
    return _core.core_version()


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None:  # started with standard output closed (>&-): every command writes there
        print("cpsolve: input/output error (standard output is closed)", file=sys.stderr)
        return EXIT_IO
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(command_of(words))
    if not words:  # a missing command is a usage error (issue 43 item 12), named in one line
        print("cpsolve: error: a command is required (cpsolve --help lists them)", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # usage errors (status 2) and --help/--version (status 0)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    # The modules loaded by now live as long as the process: move them out of the cyclic garbage
    # collector's generations so that its full collections stop scanning them.
    gc.freeze()
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # here, not at exit: a failed write is answered like the others
    except BrokenPipeError:  # the reader stopped early (| head -1): not an error, nothing to say
        _discard_stdout()
        return EXIT_OK
    except CliError as exc:
        print(f"cpsolve: {exc}", file=sys.stderr)
        return exc.status
    except BoardError as exc:
        print(f"cpsolve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InconsistentBoard as exc:  # commands with their own contract (check) catch it first
        print(f"cpsolve: {exc}", file=sys.stderr)
        return EXIT_INCONSISTENT
    except CpsolveError as exc:  # any other domain error: one line, never a traceback
        print(f"cpsolve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a write that failed (/dev/full, a closed descriptor): not a bug
        if os.environ.get("CPSOLVE_TRACEBACK"):
            raise
        _discard_stdout()
        # the system's reason, without the core's " (os error 28)" (its errors carry it in strerror)
        reason = re.sub(r" \(os error \d+\)$", "", exc.strerror or str(exc))
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"cpsolve: {where}input/output error ({reason})", file=sys.stderr)
        return EXIT_IO
    except Exception as exc:  # noqa: BLE001 - the edge: a bug is one line and EXIT_INTERNAL, never a traceback
        if os.environ.get("CPSOLVE_TRACEBACK"):
            raise
        print(f"cpsolve: {internal_error(exc)}", file=sys.stderr)
        return EXIT_INTERNAL
    return status


def _discard_stdout() -> None:
    """Point standard output at /dev/null: what is still buffered for it can no longer be written,
    and the interpreter's flush at exit must not fail again (a second message, exit 120)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a stream without a descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def internal_error(exc: BaseException) -> str:
    """One line for an exception cpsolve did not mean to raise: what, and where it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    if frames:
        f = frames[-1]
        path = f.filename
        k = path.rfind("cpsolve" + os.sep)
        where = f" at {path[k:] if k >= 0 else os.path.basename(path)}:{f.lineno}"
    what = " ".join(str(exc).split())[:300]
    return (f"internal error (a bug in cpsolve {_version()}; please report it): "
            f"{type(exc).__name__}{': ' + what if what else ''}{where}")


if __name__ == "__main__":
    sys.exit(main())
