"""README is for users (issue 44): at most 150 lines, no commit hashes (history lives in git and in
docs/measurements.md), and every relative link or picture in it resolves in a fresh clone: to a file
git tracks (docs/api/ is built, not kept, so it cannot be linked) and, for `file.md#anchor`, to a
heading of that file. The pages of docs/ are held to the same links."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.support.paths import ROOT

README = ROOT / "README.md"
LINKED = [README, ROOT / "docs" / "usage.md"]  # the pages that give the API reference's command
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# [text](target), ![alt](target), [name]: target, and HTML src/href
INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HTML = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")
# a commit named in full or abbreviated: 7 to 40 hex digits with at least one digit and one letter
HASH = re.compile(r"(?<![0-9A-Za-z])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![0-9A-Za-z])")


def tracked() -> set[str] | None:
    """The files a fresh clone has (None outside a git checkout: then files on disk are taken)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return set(out.decode().split("\0")) - {""}


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|__|\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    body = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)  # a '# comment' in a code block is no heading
    for match in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", body, re.M):
        base = slug(match.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(markdown: str) -> list[str]:
    body = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    body = re.sub(r"`[^`\n]*`", "", body)  # code spans are text, not links
    return INLINE.findall(body) + REFERENCE.findall(body) + HTML.findall(body)


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines (at most 150): move detail to docs/"


def test_readme_names_no_commit() -> None:
    found = [(n, m.group()) for n, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1)
             for m in HASH.finditer(line)]
    assert not found, f"README.md names commits (line, text): {found}; the history belongs in docs/"


def test_the_hash_rule_can_fail() -> None:
    assert HASH.findall("main 28cab3b's code, 9547ed5, a7e253b252268205; 1366x768, 692,180,169, cafe") == \
        ["28cab3b", "9547ed5", "a7e253b252268205"]


def test_the_link_rules_can_fail() -> None:
    assert links("[a](docs/x.md#y) ![b](p.png) `[c](no.md)`\n```\n[d](no.md)\n```\n[e]: ref.md\n<img src=\"i.png\">") \
        == ["docs/x.md#y", "p.png", "ref.md", "i.png"]
    assert anchors("# Playing games: `cpsolve play`\n## Win rates\n## Win rates\n```\n# not\n```\n") == \
        {"playing-games-cpsolve-play", "win-rates", "win-rates-1"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves_in_a_fresh_clone(page: Path) -> None:
    files = tracked()
    broken = []
    targets = links(page.read_text(encoding="utf-8"))
    assert targets or page not in LINKED, f"no links found in {page.name}: the parser is broken"
    for target in targets:
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:: not this repository's
            continue
        path, _, anchor = unquote(target).partition("#")
        resolved = (page.parent / path).resolve() if path else page
        rel = resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else None
        if rel is None:
            broken.append(f"{target}: outside the repository")
            continue
        exists = (rel in files or any(f.startswith(rel + "/") for f in files)) if files is not None \
            else resolved.exists()
        if not exists:
            broken.append(f"{target}: {rel} is not in a fresh clone")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved.read_text(encoding="utf-8")):
            broken.append(f"{target}: no heading #{anchor} in {rel}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def pdoc_modules(text: str) -> list[str]:
    """The modules of the first `pdoc -o docs/api ...` command in a page or script (continuations joined)."""
    command = re.search(r"pdoc -o docs/api ((?:[^\n#]*\\\n)*[^\n#]*)", text)
    assert command, "no pdoc command"
    return command.group(1).replace("\\\n", " ").split()


def test_readme_builds_the_api_reference_as_tests_run_does() -> None:
    """README gives the command for the reference instead of a link into the unkept docs/api/; it must
    document the modules tests/run documents."""
    built = pdoc_modules((ROOT / "tests" / "run").read_text(encoding="utf-8"))
    assert "cpsolve" in built and len(built) > 5
    for page in LINKED:
        assert pdoc_modules(page.read_text(encoding="utf-8")) == built, \
            f"{page.name}'s pdoc command differs from tests/run's"


def test_the_library_example_says_what_it_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """README's Python block runs from the repository's root, and where a line's comment starts with a
    value (`# Fraction(1, 1): ...`, `# ([(1, 2)], (0, 0))`) the line gives that value."""
    from fractions import Fraction

    block = re.search(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    assert block, "README has no library example"
    monkeypatch.chdir(ROOT)
    scope: dict[str, object] = {}
    checked = 0
    for line in block.group(1).splitlines():
        code, _, comment = line.partition("  #")
        try:
            expression = compile(code.strip(), "README", "eval")
        except SyntaxError:
            exec(code, scope)  # a statement: import, assignment
            continue
        value = eval(expression, scope)
        try:
            said = eval(comment.strip().split(": ")[0], {"Fraction": Fraction})
        except (SyntaxError, NameError):
            continue  # the comment is words, not a value
        assert value == said, f"README: {code.strip()} gives {value!r}, not {said!r}"
        checked += 1
    assert checked >= 2
