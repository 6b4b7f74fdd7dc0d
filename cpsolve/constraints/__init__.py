"""The constraint model of a position: clues as "exactly k mines among these cells".

:func:`build_model` turns a :class:`~cpsolve.board.Board` into a :class:`Model`:

* every clue becomes ``Clue(need, cells)`` after subtracting its flagged and known mines;
* the model is simplified by solution-preserving rules (a constraint needing 0 mines, or as many as it
  has cells, fixes them; a constraint inside another is subtracted from it; two overlapping constraints
  whose difference is forced fix it). Each derived fact records the clues it used (``sources``).
  A fixed cell here is a fact *of the model*, used by the counter to shrink its work; it is not a
  certainty shown to the user. Only :mod:`cpsolve.proof` turns facts into certainties;
* cells touching the same set of constraints form a :class:`Group`; groups linked by constraints
  form independent :class:`Component`\\ s; covered cells touching no clue form the ``outside`` group.

The counter, the estimator and the prover all read this model; none of them changes it.

The scan, the simplifier and the splitting run in the native core (``native/src/model/``), called
with plain data; the modules here turn what it returns into Python values: :mod:`.clues` (clues),
:mod:`.simplify` (facts, and the rules' order), :mod:`.components` (components and groups) and
:mod:`.model` (:func:`build_model`; clues and constraints are made only when first read).
"""

from __future__ import annotations

from .clues import TOTAL, Clue, Inconsistent, board_clues
from .components import Component, Constraint, Group, UnionFind, split_components
from .model import Model, build_model
from .simplify import Fact

__all__ = ["TOTAL", "Clue", "Component", "Constraint", "Fact", "Group", "Inconsistent", "Model",
           "UnionFind", "board_clues", "build_model", "split_components"]
