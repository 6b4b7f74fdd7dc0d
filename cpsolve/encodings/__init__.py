"""Encodings of a position for solvers: cardinality systems, CNF (pysat.card), OPB and DIMACS text.

Imports pysat only when a clause encoding is built, and never ortools: the CP-SAT backend builds its
linear model itself from a :class:`CardSystem`, whose constraints already are the linear (in)equalities it needs.
"""

from .cnf import DEFAULT_ENCODING, ENCODINGS, Cnf, card_clauses, read_dimacs, to_cnf, to_dimacs
from .export import encode_board_text
from .opb import read_opb, to_opb
from .system import Card, CardSystem, board_system, raw_model, system_from_clues, system_from_model

__all__ = ["DEFAULT_ENCODING", "ENCODINGS", "Card", "CardSystem", "Cnf", "board_system", "card_clauses",
           "encode_board_text", "raw_model", "read_dimacs", "read_opb", "system_from_clues", "system_from_model",
           "to_cnf", "to_dimacs", "to_opb"]
