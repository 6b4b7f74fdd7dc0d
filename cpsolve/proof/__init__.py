"""The proof subsystem: the only place certainties are made.

Backends (OR-Tools CP-SAT, python-sat solvers) are imported lazily through a registry, so importing
this package never imports ortools.
"""

from .backends import DEFAULT_SAT, ProofStatus, engine_names, resolve
from .certainty import Certainty
from .explain import Explanation, Reason, explain_cell, minimal_conflict
from .prover import ProofResult, ProofStats, prove_board, prove_model

__all__ = ["DEFAULT_SAT", "Certainty", "Explanation", "ProofResult", "ProofStats", "ProofStatus", "Reason",
           "engine_names", "explain_cell", "minimal_conflict", "prove_board", "prove_model", "resolve"]
