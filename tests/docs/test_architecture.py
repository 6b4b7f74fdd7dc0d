"""docs/architecture.md's table of rooms against the import-linter contracts and the code: the rows
follow the layers of pyproject.toml from the bottom up, and each row's imports are the rooms the
room's modules really import (TYPE_CHECKING imports aside), so the table cannot drift."""

from __future__ import annotations

import re
import tomllib

import grimp
import pytest

from tests.support.paths import ROOT


def contract_layers() -> list[str]:
    """The rooms of the layers contract, bottom first (an optional layer's parentheses dropped)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in config["contracts"] if c["id"] == "layers"]
    rooms: list[str] = []
    for layer in reversed(layers):
        rooms += [name.strip(" ()").removeprefix("cpsolve.") for name in layer.split("|")]
    return rooms


def table() -> dict[str, set[str]]:
    """room -> the rooms its row says it imports, in the table's order."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    rows: dict[str, set[str]] = {}
    for line in text.splitlines():
        m = re.match(r"\| `([\w.]+)` \| .* \| ([^|]+) \|$", line)
        if m:
            cell = re.sub(r"\([^)]*\)", "", m.group(2)).strip()
            rows[m.group(1)] = set() if cell == "nothing" else {x.strip() for x in cell.split(",")}
    return rows


def code_imports() -> dict[str, set[str]]:
    graph = grimp.build_graph("cpsolve", exclude_type_checking_imports=True, cache_dir=None)
    deps: dict[str, set[str]] = {}
    for module in graph.modules:
        room = module.split(".")[1] if "." in module else ""
        if not room:
            continue
        deps.setdefault(room, set())
        for imported in graph.find_modules_directly_imported_by(module):
            other = imported.split(".")[1] if "." in imported else ""
            if other and other != room:
                deps[room].add(other)
    return deps


def test_the_table_follows_the_layers() -> None:
    assert list(table()) == contract_layers()


@pytest.mark.parametrize("room", sorted(code_imports()))
def test_each_rooms_imports_are_in_the_table(room: str) -> None:
    assert sorted(table()[room]) == sorted(code_imports()[room]), f"docs/architecture.md's row of {room}"


def test_every_listed_import_lies_below_or_is_an_ignored_one() -> None:
    order = contract_layers()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    ignored = {tuple(x.removeprefix("cpsolve.").split(".")[0] for x in rule.split(" -> "))
               for c in config["contracts"] for rule in c.get("ignore_imports", [])}
    for room, imports in table().items():
        for other in imports:
            assert order.index(other) < order.index(room) or (room, other) in ignored, (room, other)


def root_imports() -> list[str]:
    """Each import of cpsolve/__init__.py itself (TYPE_CHECKING imports too) that takes anything but the
    Rust core from it, as 'module:line: text'. grimp cannot see the core (an extension module, no
    source), so it files ``from . import _core`` under the package; any other name taken from the
    package root is one of the names __init__ re-exports."""
    graph = grimp.build_graph("cpsolve", cache_dir=None)
    found = []
    for module in sorted(graph.modules - {"cpsolve"}):
        for detail in graph.get_import_details(importer=module, imported="cpsolve"):
            line = detail["line_contents"]
            m = re.fullmatch(r"from (\.+|cpsolve) import \(?([\w\s,]+?)\)?", line)
            names = [n.split(" as ")[0].strip() for n in m.group(2).split(",")] if m else [line]
            others = [n for n in names if n != "_core" and f"cpsolve.{n}" not in graph.modules]
            if others:
                found.append(f"{module}:{detail['line_number']}: {line}")
    return found


def test_no_module_imports_from_the_package_root() -> None:
    assert root_imports() == []
