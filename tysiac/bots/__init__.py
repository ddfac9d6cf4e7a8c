"""Bots: players that see only their seat's view. Levels are found by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, RandomBot, position_rng
from .basic import BasicBot

#: Bot levels by name: a factory taking a seed.
LEVELS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of the named level. Raises ``ValueError`` naming the levels."""
    try:
        factory = LEVELS[level.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return factory(seed)


__all__ = ["LEVELS", "BasicBot", "Bot", "RandomBot", "make_bot", "position_rng"]
