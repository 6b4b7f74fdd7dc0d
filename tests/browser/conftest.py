"""Fixtures shared by the test modules: ``server`` (``cpsolve serve`` on a free port) and
``browser`` (Playwright driving Debian's chromium; its own browser download does not work on these
machines), both module-scoped (a module gets its own), and ``page`` (a desktop-sized page of that
browser whose console must stay free of errors)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.support.paths import ROOT

CHROMIUM = os.environ.get("CPSOLVE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen([sys.executable, "-m", "cpsolve", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        m = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
        assert m, f"no address printed: {line!r} {proc.stderr.read() if proc.poll() is not None else ''}"
        yield m.group(1)
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    p = watched(browser.new_page(viewport={"width": 1280, "height": 800}))
    yield p
    assert not p.errors, p.errors
    p.close()


def watched(page):
    """``page`` with its console errors and uncaught exceptions collected in ``page.errors``."""
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page
