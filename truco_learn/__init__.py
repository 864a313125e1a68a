"""truco-learn: learn Brazilian Truco with an exact engine and a coach that explains itself."""

from .errors import (ConfigError, IllegalActionError, InvalidDealError, InvalidNotationError,
                     ScenarioError, TrucoError)

__version__ = "0.1.0"
__all__ = ["ConfigError", "IllegalActionError", "InvalidDealError", "InvalidNotationError",
           "ScenarioError", "TrucoError", "__version__"]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """The ``truco_learn`` Jupyter server extension: the tables API on the app's server."""
    return [{"module": "truco_learn.tables.server"}]
