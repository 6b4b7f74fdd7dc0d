"""Exact counting: configuration counts per component, combined through the mine total."""

from .combine import combine_cost, convolve, density_weights, total_weights
from .dp import BudgetExceeded, ComponentCount, count_component, group_mines

__all__ = ["BudgetExceeded", "ComponentCount", "combine_cost", "convolve", "count_component", "density_weights",
           "group_mines", "total_weights"]
