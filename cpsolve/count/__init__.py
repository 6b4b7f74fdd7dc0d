"""Exact counting: configuration counts per component, combined through the mine total.

:mod:`.plan` orders a component's groups for a dynamic programme, :mod:`.dp` counts one component,
:mod:`.combine` combines counts through the mine total (or a density) and :mod:`.marginals` puts
them together into a whole model's exact per-cell probabilities (:func:`count_model`).
"""

from .combine import combine_cost, convolve, total_weights
from .dp import BudgetExceeded, ComponentCount, count_component, group_mines
from .marginals import (
    TERMS_PER_STATE,
    ExactModel,
    ModelCount,
    TotalCombination,
    WholeCount,
    cell_marginals,
    combination_cost,
    combine_total,
    count_model,
    count_whole,
    density_marginals,
    distribution_marginals,
    feasibility_hints,
    float_ratio,
    group_values,
    total_marginals,
)

__all__ = ["TERMS_PER_STATE", "BudgetExceeded", "ComponentCount", "ExactModel", "ModelCount", "TotalCombination",
           "WholeCount", "cell_marginals", "combination_cost", "combine_cost", "combine_total", "convolve",
           "count_component", "count_model", "count_whole", "density_marginals", "distribution_marginals",
           "feasibility_hints", "float_ratio", "group_mines", "group_values", "total_marginals", "total_weights"]
