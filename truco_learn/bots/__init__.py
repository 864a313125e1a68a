"""Bots: they decide from an observation only. ``make_bot(name, level, seed)`` builds one."""

from .base import Bot, Decision, RandomBot, legal_from_observation

__all__ = ["Bot", "Decision", "RandomBot", "legal_from_observation", "make_bot", "BOT_NAMES"]

BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "coach", "bluffer", "anti-random", "tight",
                              "loose", "reraiser", "caller", "sampler")


def make_bot(name: str, level: str = "normal", seed: int = 0) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``coach``, ``bluffer``: a loose, aggressive
    rule-of-thumb player, ``anti-random``: the exact best reply to ``random``, a yardstick; ``tight``, ``loose``,
    ``reraiser``, ``caller``, ``sampler``: the yardstick panel of :mod:`.yardsticks`);
    ``level`` (``beginner``, ``easy``, ``normal``, ``strong``) sets the coach's sample count
    and its habits (:mod:`.levels`). Raise
    ConfigError for an unknown name or level.

    >>> make_bot("coach", "easy", seed=2).name, make_bot("heuristic").name
    ('coach', 'heuristic')
    """
    from ..errors import ConfigError
    from .coach import LEVELS
    from .heuristic import BLUFFER, HeuristicBot

    if level not in LEVELS:
        raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if name == "random":
        return RandomBot(seed=seed)
    if name == "heuristic":
        return HeuristicBot(seed=seed)
    if name == "bluffer":
        return HeuristicBot(seed=seed, style=BLUFFER, name="bluffer")
    if name == "coach":
        from .levels import LevelCoach

        return LevelCoach(level, seed=seed)
    if name == "anti-random":
        from .antirandom import AntiRandomBot

        return AntiRandomBot(seed=seed)
    from .yardsticks import YARDSTICKS, make_yardstick

    if name in YARDSTICKS:
        return make_yardstick(name, seed)
    raise ConfigError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
