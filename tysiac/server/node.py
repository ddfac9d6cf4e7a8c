"""One server process: the tables it owns, the connections it holds, the lobby.

A node owns a table by holding its fence in the store (see
:mod:`tysiac.storage.store`); it rebuilds the table by replaying its stored events,
so a restarted node goes on at the same move, its clocks included. Messages for
a table go through :meth:`Node.deliver`, which hands each connection of this node
the text for its own seat.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..storage import Store, User
from .auth import RateLimit
from .bots import BotPool
from .host import Item, Outgoing, TableHost, dump
from .table import ABANDONED, FINISHED, Settings, Table

log = logging.getLogger("tysiac.server")

#: How many messages may wait for a slow connection before it is dropped (the
#: client reconnects and gets a fresh snapshot; the game never waits for it).
SEND_QUEUE = 64
#: The lobby is read again at least this often (seconds), changes or not.
LOBBY_TTL = 5.0


@dataclass(frozen=True, slots=True)
class Config:
    """The server's settings; :meth:`from_env` reads ``TYSIAC_*`` variables."""

    database_url: str | None = None
    bot_delay: float = 0.8          # seconds a bot waits before moving, so people follow
    trick_pause: float = 1.2        # and more after a trick is taken
    abandon_after: float = 600.0    # seconds without any human before a table closes
    bot_processes: int | None = None
    secure_cookies: bool | None = None   # None: Secure over https and on loopback
    client_rate: float = 8.0        # messages a second a connection may send (bursts of 3x)

    @classmethod
    def from_env(cls, **overrides: Any) -> Config:
        env = os.environ

        def number(key: str, default: float) -> float:
            return float(env.get(key, default))

        procs = env.get("TYSIAC_BOT_PROCESSES")
        secure = env.get("TYSIAC_SECURE_COOKIES")
        values: dict[str, Any] = {
            "database_url": env.get("DATABASE_URL"),
            "bot_delay": number("TYSIAC_BOT_DELAY", 0.8),
            "trick_pause": number("TYSIAC_TRICK_PAUSE", 1.2),
            "abandon_after": number("TYSIAC_ABANDON_AFTER", 600),
            "bot_processes": int(procs) if procs else None,
            "secure_cookies": None if secure is None else secure == "1",
            "client_rate": number("TYSIAC_CLIENT_RATE", 8.0),
        }
        return cls(**(values | overrides))


class Conn:
    """A WebSocket of this node: its own send queue, so one slow reader stalls
    nobody."""

    def __init__(self, user: User | None, lang: str) -> None:
        self.id = secrets.token_hex(8)
        self.user = user
        self.lang = lang
        self.table: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False

    def push(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(drop=True)

    def close(self, drop: bool = False) -> None:
        """Stop after what is queued; ``drop``: at once (a reader too slow)."""
        if self.closed:
            return
        self.closed = True
        if drop or self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)


class Node:
    def __init__(self, config: Config, store: Store, bots: BotPool) -> None:
        self.config = config
        self.store = store
        self.bots = bots
        self.hosts: dict[str, TableHost] = {}
        self.conns: dict[str, Conn] = {}
        self.by_table: dict[str, set[str]] = {}
        self.lobby_conns: set[str] = set()
        self._lobby_pending = False
        self._lobby: tuple[float, list[dict[str, Any]]] | None = None
        self._loading: dict[str, asyncio.Future[TableHost | None]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None     # set by start()
        self.login_limit = RateLimit(limit=5, window=300)      # failed logins

    @classmethod
    async def create(cls, config: Config) -> Node:
        store = await Store.open(config.database_url)
        return cls(config, store, BotPool(config.bot_processes))

    async def start(self) -> None:
        """Take over every table still open or in play (after a restart: at the same
        move, timers included)."""
        self.loop = asyncio.get_running_loop()
        for table_id in await self.store.active_tables():
            try:
                await self.host_for(table_id)
            except Exception:
                log.exception("table %s could not be rebuilt", table_id)

    async def stop(self) -> None:
        for conn in list(self.conns.values()):
            conn.close()
        await asyncio.gather(*(h.stop() for h in self.hosts.values()))
        self.hosts.clear()
        self.bots.close()
        await self.store.close()

    # --- tables ---------------------------------------------------------------------

    async def open_table(self, settings: Settings, user: User, bots: Iterable[str | None],
                         host_seat: int = 0) -> str:
        """A new table with ``user`` as its host; its id (the invite link's)."""
        table_id = secrets.token_urlsafe(9)
        table = Table.open(table_id, settings, secrets.randbelow(2**62), user.id, user.name,
                           bots, time.time(), host_seat)
        await self.store.create_table(
            table_id, user.id, settings.to_json(), table.seed,
            [s.to_json() for s in table.seats], table.created, self.projection(table)["summary"],
            settings.private)
        await self.host_for(table_id)
        self.lobby_changed()
        return table_id

    async def load(self, table_id: str) -> Table | None:
        """A table rebuilt from the store by replaying its events."""
        row = await self.store.table(table_id)
        if row is None:
            return None
        table = Table.restore(row.id, Settings.from_json(row.settings), row.seed, row.host,
                              row.seats, row.created)
        for event, at in await self.store.events(table_id):
            table.apply(event, at)
        if table.version != row.version:
            raise RuntimeError(f"table {table_id}: {table.version} events, {row.version} stored")
        return table

    async def host_for(self, table_id: str) -> TableHost | None:
        """The host of a table on this node, loading it if needed (a closed table
        gets a host that only answers who joins)."""
        host = self.hosts.get(table_id)
        if host is not None:
            return host
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[TableHost | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self.load(table_id)
            host = None
            if table is not None:
                closed = table.status in (FINISHED, ABANDONED)
                fence = None if closed else await self.store.take_fence(table_id)
                host = TableHost(self, table, fence)
                self.hosts[table_id] = host
                host.start()
            future.set_result(host)
            return host
        except BaseException as e:
            future.set_exception(e)
            future.exception()      # retrieved: no "never retrieved" warning
            raise
        finally:
            del self._loading[table_id]

    def forget(self, table_id: str, host: TableHost) -> None:
        if self.hosts.get(table_id) is host:
            del self.hosts[table_id]

    def projection(self, t: Table) -> dict[str, Any]:
        """What the lobby and the game lists read of a table."""
        g = t.game
        r = t.settings.rules
        return {
            "status": t.status, "deadline": t.deadline(),
            "summary": {
                "preset": r.preset_name, "players": r.players, "goal": r.goal,
                "move_seconds": t.settings.move_seconds, "bombs": r.bombs_per_player != 0,
                "hints": t.settings.hints,
                "seats": [{"name": s.name, "bot": s.bot, "taken": not s.free}
                          for s in t.seats],
                "scores": list(g.scores) if g else None,
                "deals": g.deal_number if g else 0,
                "winner": g.winner if g else None,
            },
        }

    # --- connections ---------------------------------------------------------------------

    def add_conn(self, conn: Conn) -> None:
        self.conns[conn.id] = conn

    def drop_conn(self, conn: Conn) -> None:
        self.conns.pop(conn.id, None)
        self.lobby_conns.discard(conn.id)
        if conn.table is not None:
            watchers = self.by_table.get(conn.table)
            if watchers is not None:
                watchers.discard(conn.id)
                if not watchers:
                    del self.by_table[conn.table]
        conn.close()

    def watch(self, conn: Conn, table_id: str) -> None:
        conn.table = table_id
        self.by_table.setdefault(table_id, set()).add(conn.id)

    def submit(self, table_id: str, item: Item) -> bool:
        host = self.hosts.get(table_id)
        if host is None:
            return False
        host.put(item)
        return True

    def deliver(self, out: Outgoing) -> None:
        for conn_id in self.by_table.get(out.table_id, ()):
            conn = self.conns.get(conn_id)
            if conn is None:
                continue
            seat = out.users.get(conn.user.id) if conn.user else None
            text = out.texts.get(seat) if seat is not None else None
            text = text or out.texts.get(None)
            if text is not None:
                conn.push(text)

    def send(self, conn_id: str, text: str) -> None:
        conn = self.conns.get(conn_id)
        if conn is not None:
            conn.push(text)

    # --- the lobby -----------------------------------------------------------------------

    def lobby_changed(self) -> None:
        """Push the lobby to its watchers, at most a few times a second."""
        self._lobby = None
        if self._lobby_pending:
            return
        self._lobby_pending = True
        asyncio.get_running_loop().call_later(0.3, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_pending = False
        if self.lobby_conns:
            asyncio.create_task(self._send_lobby())

    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby's tables, read again only after a change (pages and pushes share
        one copy; the lobby's cost does not grow with its visitors)."""
        if self._lobby is None or time.monotonic() - self._lobby[0] > LOBBY_TTL:
            tables = [{"id": r.id, "status": r.status, **r.summary}
                      for r in await self.store.lobby()]
            self._lobby = (time.monotonic(), tables)
        return self._lobby[1]

    async def _send_lobby(self) -> None:
        text = dump({"type": "lobby", "tables": await self.lobby()})
        for conn_id in list(self.lobby_conns):
            self.send(conn_id, text)
