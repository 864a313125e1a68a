"""truco-learn: learn Brazilian Truco with an exact engine and a coach that explains itself."""

from .errors import (ConfigError, IllegalActionError, InvalidDealError, InvalidNotationError,
                     ScenarioError, TrucoError)

__version__ = "0.1.0"
__all__ = ["ConfigError", "IllegalActionError", "InvalidDealError", "InvalidNotationError",
           "ScenarioError", "TrucoError", "__version__"]
