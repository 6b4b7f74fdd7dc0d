"""A command registers (and imports) only itself: the start of check and solve is not paid in every
other command's imports. ``--help`` and an unknown command still see every command."""

import subprocess
import sys

from cpsolve.cli import COMMANDS, build_parser, command_of
from tests.support.paths import EXAMPLES

HEADLINE = str(EXAMPLES / "headline.txt")

PROBE = """
import sys
from cpsolve.cli import main
status = main(sys.argv[1:])
print(status, " ".join(sorted(m for m in sys.modules if m.startswith("cpsolve."))))
"""


def _modules(*argv: str) -> tuple[int, set[str]]:
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True).stdout
    status, _, names = out.strip().splitlines()[-1].partition(" ")
    return int(status), set(names.split())


def test_check_imports_no_other_command() -> None:
    status, modules = _modules("check", HEADLINE, "0,0")
    assert status == 0  # 0,0 of the headline board is proved safe
    assert "cpsolve.cli.check" in modules
    for other in ("serve", "play", "replay", "generate", "compare", "solve"):
        assert f"cpsolve.cli.{other}" not in modules
    assert "cpsolve.web" not in modules and "cpsolve.play" not in modules


def test_command_of() -> None:
    assert command_of(["solve", "x.txt"]) == "solve"
    assert command_of(["verify-ng", "x"]) == "verify_ng"
    assert command_of(["verify_ng", "x"]) is None  # not a command's name: argparse lists every command
    assert command_of(["--help"]) is None
    assert command_of(["nonsense"]) is None


def test_help_lists_every_command() -> None:
    help_text = build_parser().format_help()
    for name in COMMANDS:
        assert name.replace("_", "-") in help_text


def test_import_cpsolve_is_lazy_and_complete() -> None:
    probe = ("import sys, cpsolve; before = 'cpsolve.analysis' in sys.modules; "
             "names = [getattr(cpsolve, n) for n in cpsolve.__all__]; "
             "print(before, 'cpsolve.analysis' in sys.modules, len(names))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    import cpsolve
    assert out == ["False", "True", str(len(cpsolve.__all__))]
    assert cpsolve.analyze.__module__ == "cpsolve.analysis"
    assert sorted(cpsolve.__all__) == sorted(cpsolve._EXPORTS)
