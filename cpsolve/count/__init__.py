"""Exact counting: configuration counts per component, combined through the mine total.

:mod:`.plan` orders a component's groups for a dynamic programme, :mod:`.dp` counts one component,
:mod:`.combine` combines counts through the mine total (or a density) and :mod:`.marginals` puts
them together into a whole model's exact per-cell probabilities (:func:`count_board`).
"""

from .combine import combine_cost, convolve, total_weights
from .dp import BudgetExceeded, ComponentCount, count_component, group_mines
from .marginals import (
    TERMS_PER_STATE,
    ExactModel,
    ModelCount,
    WholeCount,
    cell_marginals,
    count_board,
    density_marginals,
    distribution_marginals,
    feasibility_hints,
    float_ratio,
)

__all__ = ["TERMS_PER_STATE", "BudgetExceeded", "ComponentCount", "ExactModel", "ModelCount",
           "WholeCount", "cell_marginals", "combine_cost", "convolve",
           "count_component", "count_board", "density_marginals", "distribution_marginals",
           "feasibility_hints", "float_ratio", "group_mines", "total_weights"]
