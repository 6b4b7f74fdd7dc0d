"""The native core imports as cpsolve._core and carries the package's version (Cargo.toml and pyproject.toml agree)."""

from importlib.metadata import version

from cpsolve import _core


def test_core_is_built_from_this_source() -> None:
    assert _core.core_version() == version("cpsolve")
