"""examples/analysis.ipynb runs, top to bottom, in a real Jupyter kernel (nbclient and ipykernel, the
test extras), and shows the analysis as the heat map: the SVG it displays is byte for byte what
``cpsolve solve BOARD --svg`` writes for the same board. The notebook is kept without outputs, so a
diff of it is a diff of its code."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cpsolve.cli import main
from tests.support.paths import EXAMPLES

NOTEBOOK = EXAMPLES / "analysis.ipynb"


def test_the_notebook_is_kept_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code, "the notebook has no code"
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, \
            f"outputs kept in {NOTEBOOK.name}: clear them before committing ({cell.source[:40]!r})"


def test_the_notebook_runs_and_shows_the_heat_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # the kernel is this test's own Python (with this checkout's cpsolve), under a name of its own, so
    # that no "python3" kernel installed elsewhere on the machine is picked instead
    spec = tmp_path / "jupyter" / "kernels" / "cpsolve-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "cpsolve test", "language": "python"}), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    # run where Jupyter would run it, beside the board files; an error in any cell raises here
    NotebookClient(nb, timeout=120, kernel_name="cpsolve-test",
                   resources={"metadata": {"path": str(EXAMPLES)}}).execute()

    shown = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
             if out.output_type in ("execute_result", "display_data") and "image/svg+xml" in out.data]
    assert len(shown) == 2, "the analyses should display as SVG (Analysis._repr_svg_)"

    # the oracle: the command line's own --svg of the same board, run from the same folder
    monkeypatch.chdir(EXAMPLES)  # the SVG's title names the board as given
    out = tmp_path / "heat.svg"
    assert main(["solve", "expert-midgame.txt", "--svg", str(out)]) == 0
    capsys.readouterr()
    assert shown[0].data["image/svg+xml"] == out.read_text(encoding="utf-8")
    assert "<svg" in shown[1].data["image/svg+xml"] and "headline.txt" in shown[1].data["image/svg+xml"]

    printed = "".join(out.text for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
                      if out.output_type == "stream" and out.name == "stdout")
    # the story board, checked by hand (cpsolve demo headline): 1,2 a certain mine, the other 12
    # covered cells proved safe
    assert "1 [(1, 2)] 12\n" in printed
    # the mid-game: exact, and the 76 proved mines README's grid of the same board marks M
    assert "exact: True\n" in printed and "proved mines: 76\n" in printed
