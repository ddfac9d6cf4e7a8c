"""Bots: players that see only their seat's view. Levels are found by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, RandomBot, position_rng
from .basic import BasicBot
from .cheat import CheatBot
from .expert import ExpertBot
from .strong import StrongBot

#: Bot levels by name: a factory taking a seed.
LEVELS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}
# The cheat player (it sees every card) is no level: the arena alone uses it.


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of the named level. Raises ``ValueError`` naming the levels."""
    try:
        factory = LEVELS[level.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return factory(seed)


__all__ = ["LEVELS", "BasicBot", "Bot", "CheatBot", "ExpertBot", "RandomBot", "StrongBot",
           "make_bot", "position_rng"]
