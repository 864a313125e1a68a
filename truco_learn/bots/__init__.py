"""Bots: they decide from an observation only. ``make_bot(name, level, seed)`` builds one."""

from .base import Bot, Decision, RandomBot, legal_from_observation

__all__ = ["Bot", "Decision", "RandomBot", "legal_from_observation", "make_bot", "BOT_NAMES"]

BOT_NAMES: tuple[str, ...] = ("random",)


def make_bot(name: str, level: str = "normal", seed: int = 0) -> Bot:
    """A bot by name (``random``, ...); raise ConfigError for an unknown name."""
    from ..errors import ConfigError

    if name == "random":
        return RandomBot(seed=seed)
    raise ConfigError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
