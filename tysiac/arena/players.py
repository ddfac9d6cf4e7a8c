"""Who may sit at an arena table: the bot levels, and the arena-only ``cheat`` and
``musik-seer``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..bots import LEVELS
from ..engine import Game
from ..engine.views import View

#: Players selectable in the arena only: name -> (module, class).
ARENA_ONLY = {"cheat": ("tysiac.bots.cheat", "CheatBot"),
              "musik-seer": ("tysiac.bots.cheat", "MusikSeer")}


class ArenaError(ValueError):
    """A bad arena request (unknown bot, wrong number of bots) or a bot that broke
    the rules; the message says which, in Polish and English."""

    def __init__(self, pl: str, en: str) -> None:
        super().__init__(pl, en)     # both in args, so it survives a worker process
        self.pl, self.en = pl, en

    def __str__(self) -> str:
        return self.en

    def message(self, lang: str = "en") -> str:
        return self.pl if lang == "pl" else self.en


def factory(name: str) -> Callable[[int | None], Any]:
    """The constructor of a named player (taking a seed)."""
    if name in LEVELS:
        return LEVELS[name]
    module, cls = ARENA_ONLY[name]
    try:
        return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
    except (ImportError, AttributeError):
        raise ArenaError(f"gracz {name!r} jest niedostępny (brak {module}.{cls})",
                         f"the {name!r} player is not available ({module}.{cls} is "
                         "missing)") from None


def resolve_levels(text: str, players: int) -> tuple[str, ...]:
    """``"strong,basic,basic"`` -> the level per seat, checked against the table."""
    names = tuple(part.strip().lower() for part in text.split(","))
    known = list(LEVELS) + list(ARENA_ONLY)
    for name in names:
        if name not in known:
            raise ArenaError(f"nieznany bot {name!r}; boty: {', '.join(LEVELS)}; "
                             f"tylko na arenie: {', '.join(ARENA_ONLY)}",
                             f"unknown bot {name!r}; bots: {', '.join(LEVELS)}; "
                             f"arena only: {', '.join(ARENA_ONLY)}")
    if len(names) != players:
        raise ArenaError(f"przy tym stole gra {players} graczy, a --bots podaje {len(names)}",
                         f"this table has {players} players; --bots names {len(names)}")
    for name in set(names):
        factory(name)       # fails early if an arena-only player is missing
    return names


def sees_all(bot: Any) -> bool:
    """Whether a player is given the full game (``choose_full``), not a view."""
    return bool(getattr(bot, "sees_all", False))


def ask(bot: Any, game: Game, view: View | None = None) -> int:
    """The action of the player to move in ``game``: chosen from its seat's view
    (``view``, if already made), or, for a player that sees all, from a copy of the
    game (so it cannot change the game itself)."""
    if sees_all(bot):
        return int(bot.choose_full(game.copy()))
    return int(bot.choose(game.view(game.to_move) if view is None else view))
