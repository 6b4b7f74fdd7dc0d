"""The proof subsystem: the only place certainties are made."""

from .certainty import Certainty

__all__ = ["Certainty"]
