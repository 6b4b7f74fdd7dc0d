"""Run the CLI in-process and read its one-line errors (shared by the CLI test modules)."""

from __future__ import annotations

from cpsolve.cli import main


def run(argv, capsys):
    """Exit status, standard output and standard error of ``cpsolve ARGV``."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def one_line(err: str) -> str:
    """The single line of an error message (bad input is answered in exactly one line, no traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]
