"""What nodes say to each other, and who owns which table.

A :class:`Bus` has two halves:

* messages — ``publish(channel, text)`` and ``subscribe(channel)``: to a table's owner
  (its intents), from it (a new owner, a hand-over), to one node (a text for one of
  its connections: answers and each version's state), and the lobby's "something
  changed". Redis pub/sub is fire-and-forget: what it drops, the versions and the
  clients' retries cover. ``publish`` only queues: one sender sends what is queued,
  in order, in pipelines (a message per task would take a connection each, and a
  busy node would run out), and what waits for one channel goes as one Redis
  message, a text a line (a text is one line: JSON text never holds a raw newline),
  so a busy node's deliveries to another cost one message, not one per connection;
* leases — ``acquire(table)``: one node drives a table at a time; the owner renews its
  leases every few seconds and a lease not renewed lapses, so another node can take
  the table over. The lease only decides who should write; the store's fence makes
  sure nobody else can.

:class:`LocalBus` is one node alone (no ``REDIS_URL``): every lease is its own and no
message has anywhere to go. :class:`RedisBus` is the same over Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Iterable

log = logging.getLogger("tysiac.server")

#: A lease lasts this long unless renewed (milliseconds, ``TYSIAC_LEASE_MS``); the
#: owner renews it every third of it, and stops writing when it has not managed to
#: for nine tenths of one.
LEASE_MS = 6000
#: Messages waiting for the sender at most (beyond, the oldest are dropped, as Redis
#: would drop them for a subscriber that cannot keep up), and at most per pipeline.
OUTBOX = 100_000
PIPELINE = 500
#: Connections to Redis per node: the subscriber, the sender, leases and reads; a
#: caller waits for a free one rather than failing.
MAX_CONNECTIONS = 16
Handler = Callable[[str, str], None]


class LocalBus:
    """One node alone: it owns every table; there is nobody to tell anything."""

    distributed = False

    def __init__(self, node_id: str, lease_ms: int = LEASE_MS) -> None:
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.owned: set[str] = set()

    async def start(self, on_message: Handler, on_reconnect: Callable[[], None]) -> None:
        return

    async def stop(self) -> None:
        return

    def publish(self, channel: str, text: str) -> None:
        return

    async def subscribe(self, channel: str) -> None:
        return

    async def unsubscribe(self, channel: str) -> None:
        return

    async def acquire(self, table: str) -> bool:
        self.owned.add(table)
        return True

    async def renew(self, tables: Iterable[str]) -> set[str]:
        return set()

    async def release(self, table: str) -> None:
        self.owned.discard(table)

    async def owners(self, tables: list[str]) -> list[str | None]:
        return [self.node_id if t in self.owned else None for t in tables]

    async def heartbeat(self) -> None:
        return

    async def alive(self, nodes: list[str]) -> set[str]:
        return set(nodes)

    def channel(self, kind: str, name: str = "") -> str:
        return f"{kind}:{name}"


# Renew or release a lease only where it is still ours (a lease that lapsed and was
# taken by another node stays theirs). Every lease of a node is renewed in one call:
# a thousand commands packed and parsed in Python stalled the event loop.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) ~= ARGV[1] or redis.call('pexpire', key, ARGV[2]) == 0 then
    lost[#lost + 1] = i
  end
end
return lost
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class RedisBus:
    """Messages over Redis pub/sub, leases as Redis keys (``SET NX PX``)."""

    distributed = True

    def __init__(self, url: str, node_id: str, prefix: str = "tysiac:",
                 lease_ms: int = LEASE_MS) -> None:
        import redis.asyncio as aioredis

        self.node_id = node_id
        self.lease_ms = lease_ms
        self.prefix = prefix
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=MAX_CONNECTIONS, timeout=10, decode_responses=True,
            socket_connect_timeout=2, socket_timeout=5, health_check_interval=10)
        self.redis = aioredis.Redis(connection_pool=pool)
        self.channels: set[str] = {self.channel("n", node_id), self.channel("lobby")}
        self._pubsub: object | None = None
        self._task: asyncio.Task[None] | None = None
        self._outbox: deque[tuple[str, str]] = deque(maxlen=OUTBOX)
        self._wake = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None
        self._closing = False
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.on_message: Handler = lambda channel, text: None
        self.on_reconnect: Callable[[], None] = lambda: None
        self.connected = asyncio.Event()

    def channel(self, kind: str, name: str = "") -> str:
        return f"{self.prefix}{kind}:{name}"

    def _lease(self, table: str) -> str:
        return f"{self.prefix}lease:{table}"

    async def start(self, on_message: Handler, on_reconnect: Callable[[], None]) -> None:
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self._task = asyncio.create_task(self._listen(), name="redis pub/sub")
        self._sender = asyncio.create_task(self._send_loop(), name="redis sender")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), 10)

    async def stop(self) -> None:
        """Send what is queued (a hand-over's last words), then close. Waits are
        bounded: a task that swallowed its cancellation (redis-py may, inside a
        command) cannot hold the shutdown."""
        self._closing = True
        self._wake.set()
        if self._sender is not None:
            await asyncio.wait([self._sender], timeout=5)
        tasks = [t for t in (self._sender, self._task) if t is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=2)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _listen(self) -> None:
        """Subscribe to every wanted channel and pass the messages on; after a lost
        connection (Redis restarted), connect and subscribe again."""
        from redis.exceptions import RedisError

        lost_connection = False
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(*self.channels)
                self._pubsub = pubsub
                if lost_connection:        # what was said meanwhile is gone: catch up
                    self.on_reconnect()
                self.connected.set()
                while True:
                    msg = await pubsub.get_message(timeout=1.0)
                    if msg is not None and msg.get("type") == "message":
                        self._dispatch(msg["channel"], msg["data"])
            except (RedisError, OSError) as e:
                self._pubsub = None
                self.connected.clear()
                lost_connection = True
                log.warning("bus: %s; reconnecting", e)
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _dispatch(self, channel: str, data: str) -> None:
        # split("\n"), not splitlines(): a text may hold a raw U+2028 and the like.
        for text in data.split("\n"):
            try:
                self.on_message(channel, text)
            except Exception:
                log.exception("bus: a message on %s failed", channel)

    def publish(self, channel: str, text: str) -> None:
        """Queue a text (one line) for the sender (fire-and-forget, like pub/sub
        itself)."""
        self._outbox.append((channel, text))
        self._wake.set()

    async def _send_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._send_queued()
            if self._closing:
                return

    async def _send_queued(self) -> None:
        """Everything queued, a pipeline at a time, the texts for one channel
        joined into one message (so in order for each channel, which is all Redis
        promises a subscriber of several publishers anyway)."""
        from redis.exceptions import RedisError

        while self._outbox:
            batch: dict[str, list[str]] = {}
            for _ in range(min(PIPELINE, len(self._outbox))):
                channel, text = self._outbox.popleft()
                batch.setdefault(channel, []).append(text)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, texts in batch.items():
                        pipe.publish(channel, "\n".join(texts))
                    await pipe.execute()
            except (RedisError, OSError) as e:
                log.warning("bus: %d messages not published: %s",
                            sum(map(len, batch.values())), e)

    async def subscribe(self, channel: str) -> None:
        self.channels.add(channel)
        await self._tell("subscribe", channel)

    async def unsubscribe(self, channel: str) -> None:
        self.channels.discard(channel)
        await self._tell("unsubscribe", channel)

    async def _tell(self, verb: str, channel: str) -> None:
        from redis.exceptions import RedisError

        pubsub = self._pubsub
        if pubsub is not None:         # else the reconnect subscribes to self.channels
            with contextlib.suppress(RedisError, OSError):
                await getattr(pubsub, verb)(channel)

    async def acquire(self, table: str) -> bool:
        return bool(await self.redis.set(self._lease(table), self.node_id, nx=True,
                                         px=self.lease_ms))

    async def renew(self, tables: Iterable[str]) -> set[str]:
        """The tables whose lease is no longer ours (raises if Redis cannot be asked)."""
        names = list(tables)
        if not names:
            return set()
        lost = await self._renew(keys=[self._lease(t) for t in names],
                                 args=[self.node_id, self.lease_ms])
        return {names[i - 1] for i in lost}

    async def release(self, table: str) -> None:
        from redis.exceptions import RedisError

        with contextlib.suppress(RedisError, OSError):
            await self._release(keys=[self._lease(table)], args=[self.node_id])

    async def owners(self, tables: list[str]) -> list[str | None]:
        if not tables:
            return []
        values = await self.redis.mget([self._lease(t) for t in tables])
        return [v if isinstance(v, str) else None for v in values]

    async def heartbeat(self) -> None:
        await self.redis.set(f"{self.prefix}node:{self.node_id}", "1", px=self.lease_ms)

    async def alive(self, nodes: list[str]) -> set[str]:
        if not nodes:
            return set()
        values = await self.redis.mget([f"{self.prefix}node:{n}" for n in nodes])
        return {n for n, v in zip(nodes, values, strict=True) if v}


Bus = LocalBus | RedisBus
