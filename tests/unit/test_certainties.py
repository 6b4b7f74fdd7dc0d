"""Certainties.cells(), the set a timed-out proof subtracts from the unknown cells, against the
per-cell definition (``cell in certs``) over random sequences of the map's operations."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.proof.certainty import Certainties

N = 12
ops = st.lists(st.tuples(st.sampled_from(["pending", "read", "delete", "set"]), st.integers(0, N - 1)),
               max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, N - 1)), ops)
def test_cells_is_the_membership_of_every_cell(facts, steps):
    certs = Certainties(4, lambda sources: (), {c: (c % 2 == 0, frozenset()) for c in facts}, "deduction")
    for op, cell in steps:
        if op == "pending":
            certs.add_pending(cell, True, "cp-sat", frozenset(), False)
        elif op == "read" and cell in certs:
            certs[cell]  # made from its fact or pending entry: it moves layer
        elif op == "delete" and cell in certs:
            del certs[cell]
        elif op == "set" and cell in certs:
            certs[cell] = certs[cell]
        assert certs.cells() == {c for c in range(N) if c in certs}
        assert len(certs.cells()) == len(certs)
