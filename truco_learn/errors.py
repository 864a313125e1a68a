"""The typed errors of truco-learn, all under :class:`ValueError`.

>>> issubclass(IllegalActionError, TrucoError) and issubclass(TrucoError, ValueError)
True
"""

from __future__ import annotations


class TrucoError(ValueError):
    """Base class of every error truco-learn raises on bad input."""


class InvalidNotationError(TrucoError):
    """A card or action string that does not parse."""


class IllegalActionError(TrucoError):
    """An action that is well formed but not legal in the current state."""


class ConfigError(TrucoError):
    """An unknown variant, an unknown option, or a bad option value."""


class InvalidDealError(TrucoError):
    """A deal that cannot be: duplicate cards, wrong hand sizes, a missing vira, a bad score."""


class ScenarioError(TrucoError):
    """A replay scenario file that is not valid (bad JSON, missing fields...)."""
