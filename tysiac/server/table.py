"""One online table as a pure state machine: seats, readiness, the game and the
table's own waits (the musik seen by all, the next deal), rebuilt by replaying
its event log.

The server's owner of a table (:mod:`tysiac.server.host`) turns intents into
events, applies them here, stores them, then tells every seat what it may see.
Nothing here does I/O or reads a clock: every event carries the time it was
accepted, so replaying the stored log after a restart gives the same table,
its deadlines included.

Events (``t`` is the kind; ``user`` the account that asked, where one did):

==========  ==========================================================
``sit``     ``user`` takes the free human seat ``seat`` (before the start)
``leave``   ``user`` leaves their seat (before the start)
``kick``    the host frees ``seat`` (before the start)
``seat``    the host makes ``seat`` a bot of level ``bot``, or open (null)
``ready``   ``user`` is ready (``ready``: true/false); the game starts when
            every seat is taken and every human is ready
``act``     the game action ``a`` (RECORD.md action form, without ``p``) of
            ``seat``; ``auto``: made by the server when time ran out
``seen``    ``seat`` has seen the revealed musik; ``auto``: time ran out
``next``    ``seat`` is ready for the next deal; ``auto``: time ran out
``abandon`` every human left: the table is closed, the game kept
==========  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVELS
from ..engine import actions as A
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER, PLAY
from ..engine.results import DealLog
from ..record import GameRecord, RecordError, apply_record_action, read_action, to_record
from ..rules import Rules, RulesError

OPEN, PLAYING, FINISHED, ABANDONED = "open", "playing", "finished", "abandoned"

#: Bot names by seat, as in the terminal game.
BOT_NAMES = ("Ania", "Bartek", "Celina", "Darek")
#: The levels a seat may take: every bot level (the cheat player is none).
BOT_LEVELS = tuple(LEVELS)
#: Who moves for a player whose time ran out.
TIMEOUT_LEVEL = "basic"
#: Bounds of the time limit per move, in seconds.
MOVE_SECONDS = (10, 600)
#: How long the deal summary waits for everyone's "next" without a time limit.
SUMMARY_SECONDS = 60
NAME_LENGTH = (1, 20)


class TableError(Exception):
    """An intent the table refuses: a code for programs, a reason for people."""

    def __init__(self, code: str, pl: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.texts = (pl, en)

    def message(self, lang: str = "pl") -> str:
        return self.texts[0 if lang == "pl" else 1]


@dataclass(frozen=True, slots=True)
class Settings:
    """What the host chose when opening the table (seed 003's settings and more)."""

    rules: Rules
    move_seconds: int | None = None      # time limit per move; None: no limit
    hints: bool = False
    private: bool = False                # not listed in the lobby; the link still works

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "move_seconds": self.move_seconds,
                "hints": self.hints, "private": self.private}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from JSON; :class:`TableError` ``bad_settings`` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise _bad("ustawienia stołu to obiekt JSON", "table settings are a JSON object")
        try:
            rules = Rules.from_dict(data.get("rules") or {"preset": "online-3"})
        except (RulesError, TypeError, ValueError) as e:
            pl = e.message("pl") if isinstance(e, RulesError) else str(e)
            en = e.message("en") if isinstance(e, RulesError) else str(e)
            raise _bad(f"zasady: {pl}", f"rules: {en}") from None
        seconds = data.get("move_seconds")
        low, high = 1, MOVE_SECONDS[1]      # the form offers 10 s and more; tests use less
        if seconds is not None and (type(seconds) is not int or not low <= seconds <= high):
            raise _bad(f"czas na ruch: od {low} do {high} sekund albo bez limitu",
                       f"time per move: {low} to {high} seconds, or no limit")
        flags = {k: data.get(k, False) for k in ("hints", "private")}
        if not all(isinstance(v, bool) for v in flags.values()):
            raise _bad("hints i private to true albo false", "hints and private are true or false")
        return cls(rules, seconds, flags["hints"], flags["private"])


def _bad(pl: str, en: str) -> TableError:
    return TableError("bad_settings", pl, en)


@dataclass(slots=True)
class Seat:
    bot: str | None = None               # a bot's level; None: a human seat
    user: int | None = None              # the account sitting at a human seat
    name: str = ""
    ready: bool = False

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def free(self) -> bool:
        return self.bot is None and self.user is None

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "user": self.user, "name": self.name, "ready": self.ready}


@dataclass(frozen=True, slots=True)
class Waiting:
    """Whose input the table waits for, and since when (for clocks and bots)."""

    seat: int | None          # the engine's seat to move, if the play may go on
    gate: str | None          # "seen" (the musik) or "next" (the next deal)
    gate_seats: frozenset[int]
    since: float              # when this wait began

    def seats(self) -> frozenset[int]:
        return self.gate_seats | ({self.seat} if self.seat is not None else set())


@dataclass(slots=True)
class Table:
    """A table from its opening to its record. Mutate it only through :meth:`apply`."""

    id: str
    settings: Settings
    seed: int                                  # deals; never shown to a client
    host: int                                  # the account that opened the table
    seats: list[Seat]
    created: float
    status: str = OPEN
    version: int = 0                           # events applied
    game: Game | None = None
    seen_pending: set[int] = field(default_factory=set)
    next_pending: set[int] = field(default_factory=set)
    since: float = 0.0                         # when the current wait began
    # (user, client id) -> (last accepted seq, the version it made)
    clients: dict[str, tuple[int, int]] = field(default_factory=dict)
    # deal index -> indices of its record actions made by the server on a timeout
    auto: dict[int, list[int]] = field(default_factory=dict)
    # the record actions of the deal in progress, counted for ``auto``
    deal_actions: int = 0
    updated: float = 0.0
    actor: int | None = None                   # the seat the last event was about

    @classmethod
    def open(cls, table_id: str, settings: Settings, seed: int, host: int, host_name: str,
             bots: Iterable[str | None], created: float, host_seat: int = 0) -> Table:
        """A new table: ``bots`` gives each seat a level or None (a human seat); the
        host sits at ``host_seat``, which must be a human seat."""
        levels = list(bots)
        n = settings.rules.players
        if len(levels) != n:
            raise _bad(f"stół ma {n} miejsca", f"the table has {n} seats")
        if not 0 <= host_seat < n or levels[host_seat] is not None:
            raise _bad("gospodarz siada na miejscu dla człowieka",
                       "the host takes a seat for a human")
        seats = []
        for s, level in enumerate(levels):
            if level is not None and level not in BOT_LEVELS:
                raise _bad(f"nieznany poziom bota {level!r}", f"unknown bot level {level!r}")
            seats.append(Seat(bot=level, name=BOT_NAMES[s] if level else ""))
        table = cls(table_id, settings, seed, host, seats, created, since=created,
                    updated=created)
        table.seats[host_seat] = Seat(user=host, name=host_name)
        return table

    @classmethod
    def restore(cls, table_id: str, settings: Settings, seed: int, host: int,
                seats: Iterable[Mapping[str, Any]], created: float) -> Table:
        """The table as it was opened (``seats``: :meth:`Seat.to_json` of each), before
        its events are applied again."""
        return cls(table_id, settings, seed, host,
                   [Seat(s.get("bot"), s.get("user"), s.get("name", ""), s.get("ready", False))
                    for s in seats], created, since=created, updated=created)

    # --- reading ------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s.name or "—" for s in self.seats]

    def seat_of(self, user: int | None) -> int | None:
        if user is None:
            return None
        return next((i for i, s in enumerate(self.seats) if s.user == user), None)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def running(self) -> bool:
        return self.status == PLAYING

    def waiting(self) -> Waiting | None:
        """What the table waits for now; None when nothing can happen (an open
        table waits for people, a closed one for nobody)."""
        g = self.game
        if g is None or self.status != PLAYING:
            return None
        if self.next_pending:
            return Waiting(None, "next", frozenset(self.next_pending), self.since)
        gate = "seen" if self.seen_pending else None
        seat = g.to_move if g.to_move >= 0 else None
        if gate and g.phase == PLAY and not g.tricks and not g.trick:
            seat = None                        # the first lead waits for everyone
        return Waiting(seat, gate, frozenset(self.seen_pending), self.since)

    def deadline(self) -> float | None:
        """When the wait of a human runs out (None: no limit, or only bots to wait for)."""
        w = self.waiting()
        if w is None:
            return None
        if w.gate == "next":
            return w.since + (self.settings.move_seconds or SUMMARY_SECONDS)
        limit = self.settings.move_seconds
        if limit is None:
            return None
        humans = {s for s in w.seats() if self.seats[s].human}
        return w.since + limit if humans else None

    def check_seq(self, user: int, client: str, seq: int) -> int | None:
        """For an intent numbered ``seq``: None if it is new, the version it made if
        it was already applied (a retry), :class:`TableError` if it is older."""
        last = self.clients.get(f"{user}:{client}")
        if last is None or seq > last[0]:
            return None
        if seq == last[0]:
            return last[1]
        raise TableError("stale_seq", f"wiadomość {seq} jest starsza niż ostatnia ({last[0]})",
                         f"message {seq} is older than the last one ({last[0]})")

    def last_seq(self, user: int, client: str) -> int:
        return self.clients.get(f"{user}:{client}", (0, 0))[0]

    # --- changing -----------------------------------------------------------

    def apply(self, ev: Mapping[str, Any], at: float) -> None:
        """Check and apply one event accepted at time ``at``. On a :class:`TableError`
        nothing changes."""
        kind = ev.get("t")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise TableError("bad_message", f"nieznane zdarzenie {kind!r}",
                             f"unknown event {kind!r}")
        if self.status in (FINISHED, ABANDONED):
            raise TableError("table_closed", "ten stół jest już zamknięty", "this table is closed")
        self.actor = None
        handler(self, ev, at)
        self.version += 1
        self.updated = at
        user, client, seq = ev.get("user"), ev.get("client"), ev.get("seq")
        if isinstance(user, int) and isinstance(client, str) and isinstance(seq, int):
            self.clients[f"{user}:{client}"] = (seq, self.version)

    # Seating, before the start.

    def _sit(self, ev: Mapping[str, Any], at: float) -> None:
        self._must_be_open()
        user, s = ev.get("user"), ev.get("seat")
        if not isinstance(user, int):
            raise TableError("not_logged_in", "najpierw wejdź jako gość albo zaloguj się",
                             "come in as a guest or log in first")
        if self.seat_of(user) is not None:
            raise TableError("already_seated", "już siedzisz przy tym stole",
                             "you already have a seat at this table")
        seat = self._seat_arg(s)
        if not self.seats[seat].free:
            raise TableError("seat_taken", "to miejsce jest zajęte", "that seat is taken")
        name = ev.get("name")
        if not isinstance(name, str) or not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
            raise TableError("bad_name", "imię ma od 1 do 20 znaków",
                             "a name has 1 to 20 characters")
        self.seats[seat] = Seat(user=user, name=name)
        self.actor = seat

    def _leave(self, ev: Mapping[str, Any], at: float) -> None:
        self._must_be_open()
        seat = self._own_seat(ev)
        if self.seats[seat].user == self.host:
            raise TableError("host_stays", "gospodarz nie opuszcza swojego stołu przed startem",
                             "the host does not leave their own table before the start")
        self.seats[seat] = Seat()
        self._unready()

    def _kick(self, ev: Mapping[str, Any], at: float) -> None:
        self._must_be_open()
        self._must_be_host(ev)
        seat = self._seat_arg(ev.get("seat"))
        if self.seats[seat].user in (None, self.host):
            raise TableError("bad_seat", "na tym miejscu nie ma kogo usunąć",
                             "there is nobody to remove at that seat")
        self.seats[seat] = Seat()
        self._unready()

    def _seat(self, ev: Mapping[str, Any], at: float) -> None:
        self._must_be_open()
        self._must_be_host(ev)
        seat = self._seat_arg(ev.get("seat"))
        level = ev.get("bot")
        if level is not None and level not in BOT_LEVELS:
            raise TableError("bad_level", f"nieznany poziom bota {level!r}",
                             f"unknown bot level {level!r}")
        if self.seats[seat].user == self.host:
            raise TableError("bad_seat", "to miejsce gospodarza", "that is the host's seat")
        self.seats[seat] = Seat(bot=level, name=BOT_NAMES[seat] if level else "")
        self._unready()
        self._maybe_start(at)

    def _ready(self, ev: Mapping[str, Any], at: float) -> None:
        self._must_be_open()
        seat = self._own_seat(ev)
        ready = ev.get("ready", True)
        if not isinstance(ready, bool):
            raise TableError("bad_message", "ready to true albo false", "ready is true or false")
        self.seats[seat].ready = ready
        self._maybe_start(at)

    def _unready(self) -> None:
        # A table that changed is confirmed again by everyone.
        for s in self.seats:
            s.ready = False

    def _maybe_start(self, at: float) -> None:
        if any(s.free or (s.human and not s.ready) for s in self.seats):
            return
        if not self.humans:
            return
        self.status = PLAYING
        self.game = Game(self.settings.rules, seed=self.seed)
        self._deal(at)

    # The game.

    def _act(self, ev: Mapping[str, Any], at: float) -> None:
        g = self._game()
        seat = self._acting_seat(ev)
        payload = ev.get("a")
        if not isinstance(payload, Mapping) or "p" in payload:
            raise TableError("bad_message", "ruch to obiekt jak {\"bid\": 120}",
                             "an action is an object like {\"bid\": 120}")
        try:
            action = read_action({**payload, "p": seat}, g.rules.players)
        except RecordError as e:
            raise TableError("bad_action", e.message("pl"), e.message("en")) from None
        w = self.waiting()
        if self.next_pending:
            raise TableError("wrong_phase", "rozdanie jest rozliczone: czekamy na następne",
                             "the deal is settled: waiting for the next one")
        if w is not None and w.gate == "seen" and w.seat is None and action.kind == "play":
            raise TableError("musik_not_seen", "czekamy, aż wszyscy obejrzą musik",
                             "waiting until everybody has seen the musik")
        revealed = g.musik_revealed
        deal = len(g.log) - 1
        try:
            apply_record_action(g, action)
        except IllegalAction as e:
            raise TableError(e.rule, e.message("pl", self.names),
                             e.message("en", self.names)) from None
        if ev.get("auto") is True:
            self.auto.setdefault(deal, []).append(self.deal_actions)
        self.deal_actions += 1
        self.since = at
        if g.musik_revealed and not revealed and g.phase != DEAL:
            self.seen_pending = {s for s in self.humans
                                 if s != g.declarer and s != g.sitting_out}
        self._after_action(at)

    def _seen(self, ev: Mapping[str, Any], at: float) -> None:
        self._game()
        if ev.get("auto") is True:
            self.seen_pending.clear()
        else:
            seat = self._acting_seat(ev)
            if seat not in self.seen_pending:
                raise TableError("nothing_to_confirm", "nie ma czego potwierdzać",
                                 "there is nothing to confirm")
            self.seen_pending.discard(seat)
        if not self.seen_pending:
            self.since = at              # the declarer's clock starts again

    def _next(self, ev: Mapping[str, Any], at: float) -> None:
        self._game()
        if ev.get("auto") is True:
            self.next_pending.clear()
        else:
            seat = self._acting_seat(ev)
            if seat not in self.next_pending:
                raise TableError("nothing_to_confirm", "nie ma czego potwierdzać",
                                 "there is nothing to confirm")
            self.next_pending.discard(seat)
        if not self.next_pending:
            self._deal(at)

    def _abandon(self, ev: Mapping[str, Any], at: float) -> None:
        self.status = ABANDONED

    def _after_action(self, at: float) -> None:
        g = self._game()
        if g.phase == GAME_OVER:
            self.status = FINISHED
            self.seen_pending.clear()
        elif g.phase == DEAL:
            self.seen_pending.clear()
            log = g.log[-1]
            redeal = isinstance(log, DealLog) and bool(log.actions) \
                and A.kind(log.actions[-1]) == "redeal"
            self.next_pending = set() if redeal else set(self.humans)
            if not self.next_pending:
                self._deal(at)

    def _deal(self, at: float) -> None:
        g = self._game()
        g.deal()
        self.deal_actions = 0
        self.since = at

    # Checks shared by the handlers.

    def _game(self) -> Game:
        if self.game is None or self.status != PLAYING:
            raise TableError("not_started", "gra jeszcze się nie zaczęła",
                             "the game has not started yet")
        return self.game

    def _must_be_open(self) -> None:
        if self.status != OPEN:
            raise TableError("already_started", "gra już się zaczęła", "the game has started")

    def _must_be_host(self, ev: Mapping[str, Any]) -> None:
        if ev.get("user") != self.host:
            raise TableError("not_host", "tylko gospodarz stołu może to zrobić",
                             "only the table's host may do that")

    def _seat_arg(self, s: Any) -> int:
        if type(s) is not int or not 0 <= s < len(self.seats):
            raise TableError("bad_seat", f"miejsce od 0 do {len(self.seats) - 1}",
                             f"a seat from 0 to {len(self.seats) - 1}")
        self.actor = s
        return s

    def _own_seat(self, ev: Mapping[str, Any]) -> int:
        seat = self.seat_of(ev.get("user"))
        if seat is None:
            raise TableError("not_seated", "nie siedzisz przy tym stole",
                             "you have no seat at this table")
        self.actor = seat
        return seat

    def _acting_seat(self, ev: Mapping[str, Any]) -> int:
        """The seat an event acts for: the user's own seat, or (the server's events:
        bots and timeouts, which carry no user) the seat named."""
        if "user" in ev:
            return self._own_seat(ev)
        return self._seat_arg(ev.get("seat"))

    # --- the record -----------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far as a RECORD.md record: the table's settings and the moves
        the server made when a player's time ran out in ``extra``."""
        g = self.game or Game(self.settings.rules, seed=self.seed)
        rec = to_record(g, self.names, {"online": {
            "program": "tysiac serve", "id": self.id, "status": self.status,
            "move_seconds": self.settings.move_seconds,
            "bots": [s.bot for s in self.seats],
        }})
        for i, indices in self.auto.items():
            deal = rec.deals[i] if i < len(rec.deals) else None
            if deal is not None:
                deal.extra["auto"] = list(indices)
        return rec


_HANDLERS = {
    "sit": Table._sit, "leave": Table._leave, "kick": Table._kick, "seat": Table._seat,
    "ready": Table._ready, "act": Table._act, "seen": Table._seen, "next": Table._next,
    "abandon": Table._abandon,
}
