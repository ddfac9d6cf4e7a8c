"""One server process: the tables it owns, the connections it holds, the lobby.

A node drives a table when it holds the table's lease on the bus and its fence in
the store (:mod:`tysiac.server.bus`, :mod:`tysiac.storage.store`); it rebuilds the
table by replaying its stored events, so a node that takes a table over — after a
restart, a crash of another node or a hand-over — goes on at the same move, its
clocks included. A connection may come to any node: where the owner is elsewhere,
this node relays (its intents go to the owner's channel, and the owner sends each
of this node's connections the text for its own seat on this node's channel).
:meth:`Node.deliver` hands each connection, here or elsewhere, its own seat's text.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..storage import Store, User
from . import metrics
from .auth import Bucket, RateLimit
from .bots import BotPool
from .bus import LEASE_MS, Bus, LocalBus, RedisBus
from .collector import keep_collector_calm
from .host import Intent, Join, Outgoing, Part, TableHost, dump, item_from, item_json
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
    redis_url: str | None = None    # several nodes: their bus and leases (None: one node)
    redis_prefix: str = "tysiac:"   # keys and channels of this site in Redis
    json_logs: bool = False         # log JSON lines (what tysiac serve does)
    lease_ms: int = LEASE_MS        # how long a table's lease lasts unless renewed

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
            "redis_url": env.get("REDIS_URL") or None,
            "redis_prefix": env.get("TYSIAC_REDIS_PREFIX", "tysiac:"),
            "json_logs": env.get("TYSIAC_JSON_LOGS") == "1",
            "lease_ms": int(env.get("TYSIAC_LEASE_MS", LEASE_MS)),
        }
        return cls(**(values | overrides))


class Conn:
    """A WebSocket of this node: its own send queue, so one slow reader stalls
    nobody. Its id names the node (``node.conn``), so an owner elsewhere can answer
    it."""

    def __init__(self, node_id: str, user: User | None, lang: str) -> None:
        self.id = f"{node_id}.{secrets.token_hex(6)}"
        self.user = user
        self.lang = lang
        self.table: str | None = None
        self.client = ""                  # the tab's id, once it said hello
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
    def __init__(self, config: Config, store: Store, bots: BotPool,
                 bus: Bus | None = None, node_id: str | None = None) -> None:
        self.id = node_id or secrets.token_hex(4)
        self.config = config
        self.store = store
        self.bots = bots
        self.bus: Bus = bus if bus is not None else LocalBus(self.id)
        self.hosts: dict[str, TableHost] = {}          # the tables this node drives
        self.relayed: set[str] = set()                 # tables driven elsewhere, relayed here
        self.conns: dict[str, Conn] = {}
        self.by_table: dict[str, set[str]] = {}
        self.lobby_conns: set[str] = set()
        self.lease_until: dict[str, float] = {}        # table -> our lease surely holds until
        self._lobby_pending = False
        self._lobby_news = False                       # a change here to tell the others
        self._lobby: tuple[float, list[dict[str, Any]]] | None = None
        self._loading: dict[str, asyncio.Future[TableHost | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.loop: asyncio.AbstractEventLoop | None = None     # set by start()
        self.login_limit = RateLimit(limit=5, window=300)      # failed logins
        self._accounts: dict[int, Bucket] = {}                 # user -> their bucket
        self.renewing = True                 # False: a network split, as the tests make one
        metrics.TABLES.set_function(lambda: sum(h.fence is not None for h in self.hosts.values()))
        metrics.RELAYED.set_function(lambda: len(self.relayed))
        metrics.CONNECTIONS.set_function(lambda: len(self.conns))

    @classmethod
    async def create(cls, config: Config) -> Node:
        store = await Store.open(config.database_url)
        node_id = secrets.token_hex(4)
        bus: Bus = RedisBus(config.redis_url, node_id, config.redis_prefix, config.lease_ms) \
            if config.redis_url else LocalBus(node_id)
        return cls(config, store, BotPool(config.bot_processes), bus, node_id)

    @property
    def ready(self) -> bool:
        return self.loop is not None and (not isinstance(self.bus, RedisBus)
                                          or self.bus.connected.is_set())

    async def start(self) -> None:
        """Join the site: the bus, then every table still open or in play that no
        node drives (after a restart: at the same move, timers included)."""
        self.loop = asyncio.get_running_loop()
        self._tasks.append(asyncio.create_task(keep_collector_calm(), name="collector"))
        await self.bus.start(self._on_bus, self._rejoin_all)
        if self.bus.distributed:
            await self.bus.heartbeat()
            self._tasks += [asyncio.create_task(self._renew_loop(), name="leases"),
                            asyncio.create_task(self._janitor(), name="janitor")]
        await self._adopt_unowned()

    async def stop(self) -> None:
        """Leave the site: hand every table over (its lease released, its watchers
        told to go elsewhere), then close."""
        for task in self._tasks:
            task.cancel()
        for table_id in list(self.hosts):
            await self.hand_over(table_id)
        for conn in list(self.conns.values()):
            conn.close()
        self.bots.close()
        await self.bus.stop()
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
        await self.attach(table_id)
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

    async def attach(self, table_id: str) -> bool:
        """Make sure a table is served here: driven by this node if nobody drives it,
        else relayed from its owner. False: no such table."""
        if table_id not in self.hosts and table_id not in self.relayed:
            await self._take_once(table_id)
        return table_id in self.hosts or table_id in self.relayed

    async def _take_once(self, table_id: str) -> None:
        """:meth:`_take`, one at a time for a table: a caller meanwhile waits for
        the one under way (two at once would both drive and relay it)."""
        pending = self._loading.get(table_id)
        if pending is not None:
            await pending
            return
        future: asyncio.Future[TableHost | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            future.set_result(await self._take(table_id))
        except BaseException as e:
            future.set_exception(e)
            future.exception()      # retrieved: no "never retrieved" warning
            raise
        finally:
            del self._loading[table_id]

    async def _take(self, table_id: str) -> TableHost | None:
        """Drive the table if its lease can be had; else relay it (None either way
        when there is no such table)."""
        row = await self.store.table(table_id)
        if row is None:
            return None
        closed = row.status in (FINISHED, ABANDONED)
        if not closed and not await self.bus.acquire(table_id):
            await self._relay(table_id)
            return None
        started = time.monotonic()
        table = await self.load(table_id)
        if table is None:
            return None
        fence = None if closed else await self.store.take_fence(table_id)
        host = TableHost(self, table, fence)
        self.hosts[table_id] = host
        if fence is not None:
            self.lease_until[table_id] = started + self.bus.lease_ms / 1000 * 0.9
            await self.bus.subscribe(self.bus.channel("in", table_id))
            if fence > 1:                     # another holder wrote it before
                metrics.TAKEOVERS.inc()
            if table_id in self.relayed:      # this node's watchers join here
                self.relayed.discard(table_id)
                await self.bus.unsubscribe(self.bus.channel("t", table_id))
            # Watchers on other nodes join the new owner.
            self.bus.publish(self.bus.channel("t", table_id), dump({"k": "owner"}))
        host.start()
        for conn_id in self.by_table.get(table_id, ()):
            conn = self.conns.get(conn_id)
            if conn is not None and conn.client:
                host.put(Join(conn.id, conn.user.id if conn.user else None, conn.client,
                              conn.lang))
        return host

    async def _relay(self, table_id: str) -> None:
        if table_id not in self.relayed:
            self.relayed.add(table_id)
            await self.bus.subscribe(self.bus.channel("t", table_id))

    def owns(self, table_id: str) -> bool:
        """Whether this node may still write the table (its lease surely holds)."""
        if not self.bus.distributed:
            return table_id in self.hosts
        return time.monotonic() < self.lease_until.get(table_id, 0.0)

    def lose(self, table_id: str, host: TableHost) -> None:
        """The table is no longer ours: stop driving it and send its watchers here
        elsewhere (they reconnect, to whichever node drives it now)."""
        if self.hosts.get(table_id) is host:
            del self.hosts[table_id]
        self.lease_until.pop(table_id, None)
        metrics.LEASES_LOST.inc()
        asyncio.create_task(host.stop())
        asyncio.create_task(self.bus.unsubscribe(self.bus.channel("in", table_id)))
        self._send_away(table_id)

    async def hand_over(self, table_id: str) -> None:
        """Give a table up on purpose (shutting down): release the lease at once so
        another node takes it without waiting for it to lapse."""
        host = self.hosts.pop(table_id, None)
        if host is None:
            return
        await host.stop()
        if host.fence is not None:
            self.lease_until.pop(table_id, None)
            await self.bus.release(table_id)
            self.bus.publish(self.bus.channel("t", table_id), dump({"k": "released"}))
        self._send_away(table_id)

    def _send_away(self, table_id: str) -> None:
        text = dump({"type": "error", "seq": None, "code": "moved",
                     "message": "moved: reconnect"})
        for conn_id in list(self.by_table.get(table_id, ())):
            conn = self.conns.get(conn_id)
            if conn is not None:
                conn.push(text)
                conn.close()

    async def _adopt_unowned(self, limit: int | None = None) -> None:
        """Drive the active tables nobody drives (a node that died held them)."""
        active = [t for t in await self.store.active_tables() if t not in self.hosts]
        owners = await self.bus.owners(active)
        free = [t for t, o in zip(active, owners, strict=True) if o is None]
        random.shuffle(free)                  # nodes starting together share the work
        for table_id in free[:limit]:
            if table_id in self.hosts:        # taken here meanwhile (a watcher came)
                continue
            try:
                await self._take_once(table_id)
            except Exception:
                log.exception("table %s could not be rebuilt", table_id,
                              extra={"table": table_id})

    async def _renew_loop(self) -> None:
        """Renew this node's leases a few times per lease; a table whose lease could
        not be renewed for a whole lease is given up (it may be driven elsewhere)."""
        while True:
            await asyncio.sleep(self.bus.lease_ms / 1000 / 3)
            if not self.renewing:
                continue                     # a simulated split: the leases lapse
            started = time.monotonic()
            tables = [t for t, h in self.hosts.items() if h.fence is not None]
            try:
                lost = await self.bus.renew(tables)
                await self.bus.heartbeat()
            except Exception as e:
                log.warning("leases could not be renewed: %s", e)
                lost = set()
            else:
                for t in tables:
                    if t not in lost:
                        self.lease_until[t] = started + self.bus.lease_ms / 1000 * 0.9
            for t in tables:
                host = self.hosts.get(t)
                if host is not None and (t in lost or not self.owns(t)):
                    log.warning("lease lost", extra={"table": t})
                    self.lose(t, host)

    async def _janitor(self) -> None:
        """Every few seconds: take over the relayed tables whose owner is gone, and
        now and then any active table nobody drives; forget watchers of dead nodes."""
        rounds = 0
        while True:
            await asyncio.sleep(1.0 + random.random())
            rounds += 1
            try:
                relayed = sorted(self.relayed)
                for t, owner in zip(relayed, await self.bus.owners(relayed), strict=True):
                    if owner is None:
                        await self._unrelay_and_take(t)
                if rounds % 3 == 0:
                    await self._adopt_unowned(limit=100)
                    await self._forget_dead_watchers()
            except Exception as e:
                log.warning("janitor: %s", e)

    async def _unrelay_and_take(self, table_id: str) -> None:
        """Take over a relayed table whose owner is gone. Where another node was
        quicker, go on relaying it, still subscribed to its news (its new owner
        announces itself there, and this node's watchers then join it)."""
        self.relayed.add(table_id)           # _take moves it from relayed to owned
        if table_id not in self.hosts:
            await self._take_once(table_id)

    async def _forget_dead_watchers(self) -> None:
        for host in list(self.hosts.values()):
            nodes = sorted({c.split(".")[0] for c in host.conns} - {self.id})
            alive = await self.bus.alive(nodes)
            for conn_id in list(host.conns):
                if conn_id.split(".")[0] not in alive and not self.is_local(conn_id):
                    host.put(Part(conn_id))

    # --- the bus -----------------------------------------------------------------------

    def _rejoin(self, table_id: str) -> None:
        """This node's watchers of a table driven elsewhere join its owner (again)."""
        for conn_id in self.by_table.get(table_id, ()):
            conn = self.conns.get(conn_id)
            if conn is not None and conn.client and table_id not in self.hosts:
                self.submit(table_id, Join(conn.id, conn.user.id if conn.user else None,
                                           conn.client, conn.lang))

    def _rejoin_all(self) -> None:
        """Back on the bus after losing it: owners may have changed unheard."""
        for table_id in list(self.relayed):
            self._rejoin(table_id)

    def _on_bus(self, channel: str, text: str) -> None:
        kind, _, name = channel[len(getattr(self.bus, "prefix", "")):].partition(":")
        if kind == "in":                      # an intent for a table driven here
            host = self.hosts.get(name)
            if host is not None:
                host.put(item_from(text))
        elif kind == "t":                     # from a table driven elsewhere
            msg = json.loads(text)
            if msg.get("k") == "owner":       # a new owner: join it
                self._rejoin(name)
            elif msg.get("k") == "released" and name in self.relayed:
                asyncio.create_task(self._unrelay_and_take(name))
        elif kind == "n":                     # "conn text": for one of this node's connections
            conn_id, _, text = text.partition(" ")
            self._push(conn_id, text)
        elif kind == "lobby":
            self._lobby = None
            self._schedule_lobby()

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

    def account_bucket(self, user: int) -> Bucket:
        """The messages one account may send through all its connections to this
        node: twice a connection's rate (a player with two tabs open)."""
        bucket = self._accounts.get(user)
        if bucket is None:
            if len(self._accounts) > 50_000:
                self._accounts.clear()
            rate = 2 * self.config.client_rate
            bucket = self._accounts[user] = Bucket(rate, 3 * rate)
        return bucket

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
                    self._unwatched(conn.table)
        conn.close()

    def _unwatched(self, table_id: str) -> None:
        """Nobody here watches the table any more: stop relaying it; a closed table's
        host (it only answered who joined) goes too."""
        if table_id in self.relayed:
            self.relayed.discard(table_id)
            asyncio.create_task(self.bus.unsubscribe(self.bus.channel("t", table_id)))
        host = self.hosts.get(table_id)
        if host is not None and host.fence is None:
            del self.hosts[table_id]
            asyncio.create_task(host.stop())

    def watch(self, conn: Conn, table_id: str) -> None:
        conn.table = table_id
        self.by_table.setdefault(table_id, set()).add(conn.id)

    def submit(self, table_id: str, item: Join | Part | Intent) -> bool:
        """Hand a connection's item to the table's owner: here, or on its channel."""
        host = self.hosts.get(table_id)
        if host is not None:
            host.put(item)
            return True
        if table_id in self.relayed:
            self.bus.publish(self.bus.channel("in", table_id), item_json(item))
            return True
        return False

    def is_local(self, conn_id: str) -> bool:
        return conn_id.startswith(self.id + ".")

    def deliver(self, out: Outgoing, remote: Iterable[tuple[str, int | None]] = ()) -> None:
        """One version's texts: to this node's watchers of the table, and to the
        ``remote`` ones (connection, user) of other nodes, each only its own seat's
        text, sent to its node (which thus never holds the other seats' texts)."""
        for conn_id in self.by_table.get(out.table_id, ()):
            conn = self.conns.get(conn_id)
            if conn is not None:
                text = out.text_for(conn.user.id if conn.user else None)
                if text is not None:
                    conn.push(text)
        for conn_id, user in remote:
            text = out.text_for(user)
            if text is not None:
                self.send(conn_id, text)

    def send(self, conn_id: str, text: str) -> None:
        """A message for one connection, wherever it is (elsewhere: ``conn text``
        on its node's channel; a connection id holds no space)."""
        if self.is_local(conn_id):
            self._push(conn_id, text)
        else:
            node = conn_id.split(".")[0]
            self.bus.publish(self.bus.channel("n", node), f"{conn_id} {text}")

    def _push(self, conn_id: str, text: str) -> None:
        conn = self.conns.get(conn_id)
        if conn is not None:
            conn.push(text)

    # --- the lobby -----------------------------------------------------------------------

    def lobby_changed(self) -> None:
        """Push the lobby to its watchers, here and (through the bus) on every node,
        at most a few times a second."""
        self._lobby = None
        self._lobby_news = self.bus.distributed
        self._schedule_lobby()

    def _schedule_lobby(self) -> None:
        if self._lobby_pending:
            return
        self._lobby_pending = True
        asyncio.get_running_loop().call_later(0.3, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_pending = False
        if self._lobby_news:          # the other nodes hear of this node's changes
            self._lobby_news = False
            self.bus.publish(self.bus.channel("lobby"), "changed")
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
