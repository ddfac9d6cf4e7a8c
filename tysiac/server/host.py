"""The owner of one running table: an asyncio task with an inbox, so that every
change to the table happens in one place, one at a time, without locks.

An intent goes: the seat and the sequence number are checked → the table applies
the event (the engine's checked door inside) → **the event is stored** → every
connection gets what its seat may see, and the sender its answer. Nothing is sent
before it is stored. Bots think in worker processes and their answers come back
through the same inbox; so do the clock's wake-ups, which carry the version they
were set for and are ignored once the table has moved on.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..analysis import DealAnalysis, game_totals
from ..analysis.report import deal_json, totals_json
from ..engine.review import settled_logs
from ..record import dumps
from ..storage import Fenced, Store
from . import metrics
from .protocol import (
    PROTOCOL_VERSION,
    ClientMessage,
    deal_review,
    public_event,
    settings_json,
    sheet_row,
    table_event,
    table_json,
    view_json,
)
from .table import ABANDONED, FINISHED, OPEN, PLAYING, TIMEOUT_LEVEL, Table, TableError

if TYPE_CHECKING:
    from .node import Node

log = logging.getLogger("tysiac.server")


@dataclass(frozen=True, slots=True)
class Join:
    conn: str
    user: int | None
    client: str
    lang: str


@dataclass(frozen=True, slots=True)
class Part:
    conn: str


@dataclass(frozen=True, slots=True)
class Intent:
    conn: str
    user: int | None
    client: str
    lang: str
    msg: ClientMessage
    name: str = ""            # the user's name, for taking a seat


@dataclass(frozen=True, slots=True)
class ServerEvent:
    """An event the server makes itself (a bot's move, a timeout), valid only at
    ``version``."""

    version: int
    event: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Wake:
    version: int


Item = Join | Part | Intent | ServerEvent | Wake


def item_json(item: Join | Part | Intent) -> str:
    """An item from a connection, as it travels to the table's owner on another node."""
    if isinstance(item, Join):
        return dump({"k": "join", "conn": item.conn, "user": item.user,
                     "client": item.client, "lang": item.lang})
    if isinstance(item, Part):
        return dump({"k": "part", "conn": item.conn})
    m = item.msg
    return dump({"k": "intent", "conn": item.conn, "user": item.user, "client": item.client,
                 "lang": item.lang, "name": item.name,
                 "msg": {"type": m.type, "seq": m.seq, "fields": m.fields}})


def item_from(text: str) -> Join | Part | Intent:
    """:func:`item_json` read back (from another node of this site: trusted)."""
    d = json.loads(text)
    if d["k"] == "join":
        return Join(d["conn"], d["user"], d["client"], d["lang"])
    if d["k"] == "part":
        return Part(d["conn"])
    m = d["msg"]
    return Intent(d["conn"], d["user"], d["client"], d["lang"],
                  ClientMessage(m["type"], m["seq"], m["fields"]), d["name"])


@dataclass(slots=True)
class Outgoing:
    """One version's messages for a table: a text per seat (None: spectators) and
    which seat each user has, so any node can hand each connection its own."""

    table_id: str
    texts: dict[int | None, str]
    users: dict[int, int] = field(default_factory=dict)

    def text_for(self, user: int | None) -> str | None:
        """What a connection of ``user`` gets: its seat's text, else the spectators'."""
        seat = self.users.get(user) if user is not None else None
        return (self.texts.get(seat) if seat is not None else None) or self.texts.get(None)


def dump(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


class TableHost:
    """Drives one table. ``fence`` is the store's token for this owner; ``None`` for
    a closed table, which only answers who joins."""

    def __init__(self, node: Node, table: Table, fence: int | None) -> None:
        self.node = node
        self.table = table
        self.fence = fence
        self.inbox: asyncio.Queue[Item] = asyncio.Queue()
        self.conns: dict[str, int | None] = {}       # connection -> user (None: anonymous)
        self.last_event: dict[str, Any] | None = None
        self.last_actor: int | None = None
        self._review: tuple[int, dict[str, Any] | None] = (-1, None)
        self._sheet: list[dict[str, Any]] = []
        self._settings = settings_json(table.settings)
        self._timer: asyncio.TimerHandle | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._abandon: asyncio.TimerHandle | None = None
        self._hints: set[str] = set()                  # connections waiting for a hint
        #: Analyses of settled deals by deal number, and who waits for one begun.
        self._analyses: dict[int, DealAnalysis] = {}
        self._analysing: dict[int, dict[str, str]] = {}   # number -> {conn: lang}
        self.task: asyncio.Task[None] | None = None
        self.lost = False                              # a newer owner took the table
        self.log = logging.LoggerAdapter(log, {"table": table.id})

    @property
    def store(self) -> Store:
        return self.node.store

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table {self.table.id}")
        if self.fence is not None:
            self._schedule()
            self._watch_presence()

    async def stop(self) -> None:
        for handle in (self._timer, self._abandon):
            if handle:
                handle.cancel()
        for task in (self._bot_task, self.task):
            if task and not task.done():
                task.cancel()
        if self.task:
            await asyncio.gather(self.task, return_exceptions=True)

    def put(self, item: Item) -> None:
        self.inbox.put_nowait(item)

    async def _run(self) -> None:
        while True:
            item = await self.inbox.get()
            try:
                await self._handle(item)
            except Exception:     # one bad item must not stop the table
                self.log.exception("%r failed", item)

    # --- the inbox ----------------------------------------------------------------

    async def _handle(self, item: Item) -> None:
        if isinstance(item, Join):
            self.conns[item.conn] = item.user
            t = self.table
            self._send(item.conn, {
                "type": "welcome", "v": PROTOCOL_VERSION, "table": t.id,
                "seat": t.seat_of(item.user), "user": item.user,
                "last_seq": t.last_seq(item.user, item.client) if item.user else 0})
            self._send(item.conn, self._state_for(t.seat_of(item.user)))
            self._presence_changed()
        elif isinstance(item, Part):
            self.conns.pop(item.conn, None)
            self._hints.discard(item.conn)
            self._presence_changed()
        elif isinstance(item, Intent):
            started = time.perf_counter()
            await self._intent(item)
            metrics.INTENT_SECONDS.observe(time.perf_counter() - started)
        elif isinstance(item, ServerEvent):
            if item.version == self.table.version and self.fence is not None:
                await self._commit(item.event)
        elif item.version == self.table.version:
            await self._wake()

    async def _intent(self, it: Intent) -> None:
        msg, t = it.msg, self.table
        if it.conn not in self.conns:
            # A watcher this owner never heard join (it joined the table's previous
            # owner, or its join was lost on the bus): it is one now, and gets the state.
            self.conns[it.conn] = it.user
            self._send(it.conn, self._state_for(t.seat_of(it.user)))
            self._presence_changed()
        elif msg.type == "sync":
            self._send(it.conn, self._state_for(t.seat_of(it.user)))
        if msg.type == "ping":
            self._send(it.conn, {"type": "pong"})
            return
        if msg.type == "hint":
            self._start_hint(it)
            return
        if msg.type == "analysis":
            self._start_analysis(it)
            return
        if msg.type in ("hello", "lang", "sync"):
            return
        assert msg.seq is not None
        if self.fence is None:
            self._error(it, msg.seq, TableError("table_closed", "ten stół jest już zamknięty",
                                                "this table is closed"))
            return
        if it.user is None:
            self._error(it, msg.seq, TableError(
                "not_logged_in", "najpierw wejdź jako gość albo zaloguj się",
                "come in as a guest or log in first"))
            return
        try:
            done = t.check_seq(it.user, it.client, msg.seq)
        except TableError as e:
            self._error(it, msg.seq, e)
            return
        if done is not None:          # a retry of an intent already applied
            self._send(it.conn, {"type": "ack", "seq": msg.seq, "version": done})
            return
        try:
            await self._commit(table_event(msg, it.user, it.client, it.name))
        except TableError as e:
            self._error(it, msg.seq, e)
            return
        if self.fence is not None:
            self._send(it.conn, {"type": "ack", "seq": msg.seq, "version": t.version})

    async def _commit(self, event: dict[str, Any]) -> None:
        """Apply, store, then tell everyone. :class:`TableError`: nothing happened."""
        t = self.table
        before = (t.status, [s.user for s in t.seats], t.game.deal_number if t.game else -1)
        at = time.time()
        t.apply(event, at)
        projection = self.node.projection(t)
        seats_now = [s.user for s in t.seats]
        if t.status in (FINISHED, ABANDONED):
            projection["record"] = dumps(t.record()) + "\n"
        try:
            assert self.fence is not None
            if not self.node.owns(t.id):          # the lease lapsed: another node may drive
                raise Fenced(t.id)
            await self.store.append(t.id, self.fence, t.version, event, at, projection,
                                    seats_now if seats_now != before[1] else None)
        except Fenced:
            self.log.warning("taken over by another node (or its lease lapsed): stopping")
            self.lost = True
            self.fence = None
            self.node.lose(t.id, self)
            raise TableError("moved", "stół przeszedł na inny serwer: połącz się ponownie",
                             "the table moved to another server: reconnect") from None
        except Exception:
            self.log.exception("could not store version %d", t.version)
            await self._reload()
            raise TableError("server_error", "serwer nie zapisał ruchu: spróbuj jeszcze raz",
                             "the server could not store the move: try again") from None
        self.last_event, self.last_actor = event, t.actor
        metrics.EVENTS.labels(str(event.get("t"))).inc()
        self._broadcast()
        after = (t.status, seats_now, t.game.deal_number if t.game else -1)
        if after != before:
            self.node.lobby_changed()
        if t.status in (FINISHED, ABANDONED):
            self._cancel_timers()
        else:
            self._schedule()

    async def _reload(self) -> None:
        """After a failed write: the table as stored (the memory copy went ahead)."""
        table = await self.node.load(self.table.id)
        if table is not None:
            self.table = table

    # --- what each seat is sent ----------------------------------------------------

    def _state_for(self, seat: int | None, shared: dict[str, Any] | None = None,
                   ) -> dict[str, Any]:
        """What ``seat`` is sent now; ``shared``: the parts every seat gets alike,
        built once for a broadcast."""
        t = self.table
        g = t.game
        common = shared if shared is not None else self._shared()
        view = view_json(g.view(seat), common["sheet"]) if g is not None else None
        msg: dict[str, Any] = {
            "type": "state", "version": t.version, "you": seat, "table": common["table"],
            "view": view,
            "event": public_event(self.last_event, self.last_actor, seat)
            if self.last_event else None,
            "now": common["now"],
        }
        if common["review"] is not None:
            msg["review"] = common["review"]
        return msg

    def _shared(self) -> dict[str, Any]:
        t, g = self.table, self.table.game
        between = g is not None and g.phase_name in ("deal", "game_over") and g.results
        if g is not None and len(self._sheet) != len(g.results):    # a deal was settled
            self._sheet = [sheet_row(r) for r in g.results]
        return {"table": table_json(t, self._present(), self._settings), "now": time.time(),
                "sheet": self._sheet, "review": self._deal_review() if between else None}

    def _deal_review(self) -> dict[str, Any] | None:
        g = self.table.game
        assert g is not None
        if self._review[0] != g.deal_number:      # once per settled deal
            self._review = (g.deal_number, deal_review(g))
        return self._review[1]

    def _broadcast(self) -> None:
        t = self.table
        users = {s.user: i for i, s in enumerate(t.seats) if s.user is not None}
        watching = set(self.conns.values())
        shared = self._shared()
        texts: dict[int | None, str] = {}
        for i, s in enumerate(t.seats):
            if s.user is not None and s.user in watching:
                texts[i] = dump(self._state_for(i, shared))
        if any(u is None or u not in users for u in watching):
            texts[None] = dump(self._state_for(None, shared))
        remote = [(c, u) for c, u in self.conns.items() if not self.node.is_local(c)]
        self.node.deliver(Outgoing(t.id, texts, users), remote)

    def _send(self, conn: str, msg: dict[str, Any]) -> None:
        self.node.send(conn, dump(msg))

    def _error(self, it: Intent, seq: int | None, e: TableError) -> None:
        self._send(it.conn, {"type": "error", "seq": seq, "code": e.code,
                             "message": e.message(it.lang)})

    def _present(self) -> list[bool]:
        users = set(self.conns.values())
        return [s.user is not None and s.user in users for s in self.table.seats]

    def _presence_changed(self) -> None:
        self._watch_presence()
        if self.conns:
            self._broadcast()

    # --- bots, clocks, absence ------------------------------------------------------

    def _schedule(self) -> None:
        """After every change: start the bot whose turn it is, set the clock."""
        self._cancel_timers(abandon=False)
        t = self.table
        w = t.waiting()
        if w is None or self.fence is None:
            return
        cfg = self.node.config
        level = t.seats[w.seat].bot if w.seat is not None else None
        if w.seat is not None and level is not None:
            g = t.game
            pause = cfg.bot_delay
            if g is not None and g.tricks and not g.trick:
                pause += cfg.trick_pause          # let people see the trick just taken
            self._start_bot(w.seat, level, t.seed + 1 + w.seat, pause)
        deadline = t.deadline()
        if deadline is not None:
            self._set_timer(deadline)

    def _set_timer(self, at: float) -> None:
        loop = asyncio.get_running_loop()
        version = self.table.version
        self._timer = loop.call_at(loop.time() + max(0.0, at - time.time()),
                                   self.put, Wake(version))

    def _start_bot(self, seat: int, level: str, seed: int, pause: float,
                   auto: bool = False) -> None:
        version = self.table.version
        game = self.table.game
        assert game is not None
        snapshot = game.copy()

        async def think() -> None:
            if pause > 0:
                await asyncio.sleep(pause)
            payload = await self.node.bots.turn(snapshot, seat, level, seed)
            event: dict[str, Any] = {"t": "act", "seat": seat, "a": payload}
            if auto:
                event["auto"] = True
            self.put(ServerEvent(version, event))

        self._bot_task = asyncio.create_task(think())
        self._bot_task.add_done_callback(_log_failure)

    async def _wake(self) -> None:
        t = self.table
        w = t.waiting()
        deadline = t.deadline()
        if w is None or deadline is None or time.time() < deadline - 0.05:
            return
        if w.gate == "next":
            await self._commit({"t": "next", "auto": True})
        elif w.gate == "seen" and any(t.seats[s].human for s in w.gate_seats):
            await self._commit({"t": "seen", "auto": True})
        elif w.seat is not None and t.seats[w.seat].human:
            # Time ran out: a bot makes the move, marked in the record.
            self._start_bot(w.seat, TIMEOUT_LEVEL, t.seed + 100 + w.seat, 0, auto=True)

    def _watch_presence(self) -> None:
        """A table whose humans all left is closed after a while."""
        t = self.table
        if self.fence is None or t.status not in (OPEN, PLAYING):
            return
        humans = {s.user for s in t.seats if s.user is not None}
        here = humans & set(self.conns.values())
        if here:
            if self._abandon:
                self._abandon.cancel()
                self._abandon = None
        elif self._abandon is None:
            loop = asyncio.get_running_loop()
            self._abandon = loop.call_later(self.node.config.abandon_after, self._abandoned)

    def _abandoned(self) -> None:
        self._abandon = None
        self.put(ServerEvent(self.table.version, {"t": "abandon"}))

    def _cancel_timers(self, abandon: bool = True) -> None:
        if self._timer:
            self._timer.cancel()
            self._timer = None
        if self._bot_task and not self._bot_task.done():
            self._bot_task.cancel()
        if abandon and self._abandon:
            self._abandon.cancel()
            self._abandon = None

    # --- hints ------------------------------------------------------------------------

    def _start_hint(self, it: Intent) -> None:
        t = self.table
        seat = t.seat_of(it.user)
        g = t.game
        if not t.settings.hints or g is None or seat is None or g.to_move != seat \
                or t.status != PLAYING:
            reason = TableError("no_hint", "podpowiedzi są przy tym stole wyłączone",
                                "hints are off at this table") if not t.settings.hints \
                else TableError("no_hint", "podpowiedź jest na twój ruch",
                                "a hint is for your own move")
            self._error(it, None, reason)
            return
        if it.conn in self._hints:
            return
        self._hints.add(it.conn)
        view, version = g.view(seat), t.version

        async def think() -> None:
            try:
                advice = await self.node.bots.hint(view, it.lang)
            finally:
                self._hints.discard(it.conn)
            self._send(it.conn, {"type": "hint", "version": version, "advice": advice})

        asyncio.create_task(think()).add_done_callback(_log_failure)


    # --- the analysis of a deal ------------------------------------------------------

    def _start_analysis(self, it: Intent) -> None:
        """The analysis of the deal just settled, worked out once in a worker and sent
        to everyone who asked (it is public: a settled deal is)."""
        t = self.table
        g = t.game
        if g is None or not g.results or g.phase_name not in ("deal", "game_over"):
            self._error(it, None, TableError(
                "no_analysis", "analiza rozdania jest po jego rozliczeniu, do następnego",
                "a deal's analysis comes once it is settled, until the next one"))
            return
        if g.rules.draw_game:
            self._error(it, None, TableError(
                "no_analysis", "tysiąc dobierany nie ma kontraktu ani licytacji: analiza go "
                "nie obejmuje", "the draw game has no contract and no bidding: the analysis "
                "does not cover it"))
            return
        number = g.deal_number
        if number in self._analyses:
            self._send_analysis(it.conn, number)
            return
        if number in self._analysing:
            self._analysing[number][it.conn] = it.lang
            return
        self._analysing[number] = {it.conn: it.lang}
        record, index = dumps(t.record()), settled_logs(g)[-1]

        async def think() -> None:
            try:
                result = await self.node.bots.analyse(record, index)
            finally:
                waiting = self._analysing.pop(number, {})
            if isinstance(result, tuple):
                error = TableError("no_analysis", result[1], result[2])
                for conn, lang in waiting.items():
                    self._send(conn, {"type": "error", "seq": None, "code": error.code,
                                      "message": error.message(lang)})
                return
            self._analyses[number] = result
            for conn in waiting:
                if conn in self.conns:
                    self._send_analysis(conn, number)

        asyncio.create_task(think()).add_done_callback(_log_failure)

    def _send_analysis(self, conn: str, number: int) -> None:
        done = [self._analyses[n] for n in sorted(self._analyses)]
        names = [s.name or "" for s in self.table.seats]
        self._send(conn, {
            "type": "analysis", "deal": number, "analysis": deal_json(self._analyses[number]),
            "totals": totals_json(game_totals(done, len(names)), names, len(done))})


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


