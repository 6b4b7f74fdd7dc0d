"""The simplifier's facts. The simplifier itself runs in the native core (``native/src/model/simplify.rs``).

Its rules, solution-preserving and applied to a fixpoint: a constraint needing 0 mines, or as many as
it has cells, fixes them; a constraint inside another is subtracted from it; two overlapping
constraints whose difference is forced fix it. Each derived fact keeps the clues it used (a sparse
bitset of clue ids in the core, a frozenset here). The steps go in a stated order, so the fixed cells,
the constraints left and the first contradiction met (with the sources that start the conflict's
explanation) follow from the clues alone: constraints are numbered as they are stored (one stored
again gets a new number), cells are fixed in ascending order, a fixed cell's constraints are revisited
in storing order, a constraint is compared with its neighbours in storing order, and both work lists
are stacks.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple


class Fact(NamedTuple):
    """A cell fixed by simplification, with the clue ids (and maybe TOTAL) it follows from."""

    mine: bool
    sources: frozenset[int]


#: A fact's ``mine`` (True counts 1 in a sum).
mine_of = itemgetter(0)
