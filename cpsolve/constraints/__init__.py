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

Rooms: :mod:`.clues` (clue extraction), :mod:`.simplify` (the simplifier), :mod:`.components`
(component splitting) and :mod:`.model` (:func:`build_model` putting them together).
"""

from __future__ import annotations

from .clues import TOTAL, Clue, Inconsistent, board_clues
from .components import Component, Constraint, Group, UnionFind, split_components
from .model import Model, build_model
from .simplify import Fact, Simplifier

__all__ = ["TOTAL", "Clue", "Component", "Constraint", "Fact", "Group", "Inconsistent", "Model", "Simplifier",
           "UnionFind", "board_clues", "build_model", "split_components"]
