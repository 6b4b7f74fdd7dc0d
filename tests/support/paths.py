"""Where the tests find the repository's files, wherever in tests/ a test module sits."""

from __future__ import annotations

from pathlib import Path

#: the repository's root (README's commands run from here)
ROOT = Path(__file__).resolve().parents[2]
#: the boards the tests read (tests/boards/) and the other stored inputs (tests/data/)
BOARDS = ROOT / "tests" / "boards"
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT / "examples"
BENCHMARKS = ROOT / "benchmarks"
