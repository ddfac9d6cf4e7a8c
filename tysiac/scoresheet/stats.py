"""Statistics over games — score sheets and finished online games alike, each read
from its settled results (seed 001: "who wins most, what you play most").

A game names its players by identity (``who``: a group's player, or None for a bot
or a stranger), so one person's sheets and online games add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine.results import DealResult
from ..engine.review import standings
from ..engine.scoring import Note
from ..record import GameRecord, replay
from ..rules import Rules


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game as statistics see it."""

    key: str                            # where it comes from: "sheet:12", "table:ab3f"
    when: float                         # when it was played (seconds since the epoch)
    online: bool
    rules: Rules
    names: tuple[str, ...]
    who: tuple[str | None, ...]         # a player's identity per seat
    results: tuple[DealResult, ...]
    notes: tuple[tuple[Note, ...], ...]
    winner: int | str | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.results[-1].scores if self.results else (0,) * len(self.names)

    def ahead(self, a: int, b: int) -> bool:
        """Whether seat ``a`` finished this game ahead of seat ``b``: it won, or
        neither of them won and it has more points."""
        if self.winner == a:
            return True
        if self.winner == b:
            return False
        return self.scores[a] > self.scores[b]


def played_game(record: GameRecord, key: str, when: float, online: bool,
                who: Sequence[str | None]) -> PlayedGame:
    """A record's game, settled by the engine (as far as the record is valid)."""
    game = replay(record).game
    notes = tuple(tuple(n) for _, n in standings(game))
    return PlayedGame(key, when, online, record.rules, tuple(record.players), tuple(who),
                      tuple(game.results), notes, game.winner)


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a player, for their results over time."""

    key: str
    when: float
    score: int
    won: bool
    finished: bool
    online: bool


@dataclass(slots=True)
class PlayerStats:
    who: str
    name: str
    games: int = 0
    finished: int = 0
    won: int = 0
    online: int = 0
    deals: int = 0
    points: int = 0                     # written points, all deals together
    bombs: int = 0
    zeros: int = 0
    barrel_falls: int = 0
    #: contract size -> [made, failed]
    contracts: dict[int, list[int]] = field(default_factory=dict)
    lines: list[GameLine] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.finished if self.finished else None

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def bid(self) -> int:
        """Contracts played (a bomb is none)."""
        return sum(m + f for m, f in self.contracts.values())

    @property
    def made(self) -> int:
        return sum(m for m, _ in self.contracts.values())

    @property
    def failed(self) -> int:
        return sum(f for _, f in self.contracts.values())

    @property
    def average_contract(self) -> float | None:
        total = sum(size * (m + f) for size, (m, f) in self.contracts.items())
        return total / self.bid if self.bid else None


@dataclass(slots=True)
class Stats:
    games: int = 0
    finished: int = 0
    online: int = 0
    deals: int = 0
    players: list[PlayerStats] = field(default_factory=list)
    #: (a, b) -> finished games where a finished ahead of b
    head_to_head: dict[tuple[str, str], int] = field(default_factory=dict)
    presets: Counter[str] = field(default_factory=Counter)
    options: Counter[str] = field(default_factory=Counter)
    #: contract size -> [made, failed], every player of the group together
    contracts: dict[int, list[int]] = field(default_factory=dict)

    def player(self, who: str) -> PlayerStats | None:
        return next((p for p in self.players if p.who == who), None)


def option_labels(rules: Rules) -> list[str]:
    """What a game's rules set beyond their preset: ``goal=500``, ``bombs_per_player=0``."""
    return [f"{k}={_short(v)}" for k, v in rules.to_dict().items() if k != "preset"]


def _short(v: object) -> str:
    if isinstance(v, dict):
        return ",".join(f"{k}:{x}" for k, x in v.items())
    return "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def statistics(games: Iterable[PlayedGame], names: dict[str, str]) -> Stats:
    """Statistics of the players ``names`` (identity -> name) over ``games``,
    oldest first; only those players are counted, each game once."""
    out = Stats()
    players = {w: PlayerStats(w, name) for w, name in names.items()}
    for g in sorted(games, key=lambda g: g.when):
        seats = {w: s for s, w in enumerate(g.who) if w in players}
        if not seats:
            continue
        out.games += 1
        out.finished += g.finished
        out.online += g.online
        out.deals += len(g.results)
        out.presets[g.rules.preset_name] += 1
        out.options.update(option_labels(g.rules))
        for w, seat in seats.items():
            _count(players[w], g, seat, out.contracts)
        if g.finished:
            for a, sa in seats.items():
                for b, sb in seats.items():
                    if a != b and g.ahead(sa, sb):
                        out.head_to_head[a, b] = out.head_to_head.get((a, b), 0) + 1
    out.players = sorted(players.values(), key=lambda p: (-p.won, -(p.win_rate or 0), p.name))
    return out


def _count(p: PlayerStats, g: PlayedGame, seat: int, group: dict[int, list[int]]) -> None:
    p.games += 1
    p.online += g.online
    if g.finished:
        p.finished += 1
        p.won += g.winner == seat
    p.lines.append(GameLine(g.key, g.when, g.scores[seat], g.winner == seat, g.finished,
                            g.online))
    for r, notes in zip(g.results, g.notes, strict=True):
        p.deals += 1
        p.points += r.delta[seat]
        if r.declarer == seat:
            if r.bomb:
                p.bombs += 1
            elif r.contract is not None:
                i = 0 if r.made else 1
                p.contracts.setdefault(r.contract, [0, 0])[i] += 1
                group.setdefault(r.contract, [0, 0])[i] += 1
        if not r.bomb and seat != r.sitting_out and r.tricks[seat] == 0:
            p.zeros += 1
        p.barrel_falls += sum(1 for s, what, _ in notes
                              if s == seat and what in ("barrel_off", "barrel_penalty"))
