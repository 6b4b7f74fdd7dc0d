"""The ``cpsolve`` command: a thin layer over the library.

Each subcommand lives in its own module with ``register(subparsers)``; the library raises domain
errors (:class:`~cpsolve.BoardError`, :class:`~cpsolve.InconsistentBoard`) and the commands turn
them into one line on standard error and a documented exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ..board import Board, BoardError, parse_board, parse_board_bytes

#: Modules under cpsolve.cli that provide subcommands, in the order of ``--help``.
COMMANDS = ["solve", "check", "compare", "encode", "demo", "play", "serve"]

EXIT_OK = 0
EXIT_INCONSISTENT = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A usage or input problem: printed as one line, exit status ``status``."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def read_board(path: str) -> Board:
    """Read and parse a board file (``-`` is standard input). Raises BoardError with file:line:col."""
    if path == "-":
        # bytes, like files: the locale's text decoding must not decide (or crash on) what is UTF-8
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # replaced by a text stream (tests, embedding)
            return parse_board(sys.stdin.read(), "<stdin>")
        return parse_board_bytes(stream.read(), "<stdin>")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise BoardError("no such file", path) from None
    except IsADirectoryError:
        raise BoardError("is a directory, not a board file", path) from None
    except OSError as exc:
        raise BoardError(exc.strerror or "cannot be read", path) from None
    return parse_board_bytes(data, path)


def parse_cell(text: str) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a cell ROW,COL (0-based)") from None
    if r < 0 or c < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: rows and columns are 0-based and non-negative")
    return r, c


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # one line, exit status 2 (argparse's own convention too)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cpsolve", description="Minesweeper analysis: proved certainties and exact "
                     "mine probabilities.")
    parser.add_argument("--version", action="version", version="cpsolve " + _version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue  # command not built yet
            raise
        module.register(sub)
    return parser


def _version() -> str:
    from .. import __version__
    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # usage errors (status 2) and --help/--version (status 0)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    try:
        status: int = args.run(args)
    except CliError as exc:
        print(f"cpsolve: {exc}", file=sys.stderr)
        return exc.status
    except BoardError as exc:
        print(f"cpsolve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    return status


if __name__ == "__main__":
    sys.exit(main())
