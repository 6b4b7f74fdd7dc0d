"""What an analysis returns: one result per covered cell, the figures of the run, the result itself
(:class:`Analysis`, built lazily from what the analysis kept), the safest-cell rule and the JSON
document.

Probabilities are kept per group (:class:`~.groups.GroupProbabilities`) and certainties as the
proof subsystem returned them; per-cell objects are built only when read. The parts, each in its
own module (the lower ones never import the higher):

* :mod:`.cells`: :class:`CellResult`, its document entry (:func:`cell_entry`), :class:`CellPairs`
  and the shared values 0 and 1;
* :mod:`.groups`: the probabilities kept per group and what per-cell results are built from;
* :mod:`.safest`: the lowest-probability rule (:func:`safest_cell`, :func:`no_guess_reason`); the best
  guess is the strongest player's (:attr:`Analysis.best_guess`, :mod:`cpsolve.play.strategy`);
* :mod:`.document`: the JSON document's one writer (:func:`write_document`, :func:`document`,
  :func:`inconsistent_document`);
* :mod:`.analysis`: :class:`Analysis` and :class:`AnalysisStats`.
"""

from .analysis import Analysis, AnalysisStats
from .cells import ESTIMATE_ONE, ESTIMATE_ZERO, EXACT_ONE, EXACT_ZERO, CellPairs, CellResult, cell_entry
from .document import document, inconsistent_document, write_document
from .groups import explicit_values, group_probabilities
from .safest import no_guess_reason, safest_cell

__all__ = [
    "ESTIMATE_ONE", "ESTIMATE_ZERO", "EXACT_ONE", "EXACT_ZERO", "Analysis", "AnalysisStats", "CellPairs",
    "CellResult", "cell_entry", "document", "explicit_values", "group_probabilities", "inconsistent_document",
    "no_guess_reason", "safest_cell", "write_document",
]
