"""What travels between nodes: an owner sends each connection on another node only its
own seat's text, and the texts queued for one channel go as one Redis message, a text
a line, and arrive one by one."""

from __future__ import annotations

import asyncio
import secrets
from types import SimpleNamespace

import redis

from tysiac.server.bus import LocalBus, RedisBus
from tysiac.server.host import Outgoing
from tysiac.server.node import Config, Conn, Node
from tysiac.storage.store import User

from .conftest import REDIS, redis_or_skip


class Recorder(LocalBus):
    """A bus that keeps what is published."""

    def __init__(self, node_id: str) -> None:
        super().__init__(node_id)
        self.sent: list[tuple[str, str]] = []

    def publish(self, channel: str, text: str) -> None:
        self.sent.append((channel, text))


def node(node_id: str) -> Node:
    return Node(Config(), None, None, Recorder(node_id), node_id)  # type: ignore[arg-type]


def test_a_seat_on_another_node_gets_its_own_text_and_no_other():
    owner, relay = node("a"), node("b")
    seat0, seat1, spectator = (User(u, None, f"U{u}", None) for u in (10, 11, 12))
    conns = [Conn("b", seat0, "pl"), Conn("b", seat1, "pl"), Conn("b", spectator, "pl"),
             Conn("b", None, "pl")]
    for c in conns:
        relay.add_conn(c)
    texts: dict[int | None, str] = {0: '{"you":0}', 1: '{"you":1}', 2: '{"you":2}',
                                    None: '{"you":null}'}
    owner.deliver(Outgoing("T", texts, {10: 0, 11: 1, 13: 2}),
                  [(c.id, c.user.id if c.user else None) for c in conns])
    sent = owner.bus.sent  # type: ignore[attr-defined]
    assert {ch for ch, _ in sent} == {"n:b"}
    # The owner sent no seat's text that no connection there may see.
    assert '{"you":2}' not in "".join(t for _, t in sent)
    for channel, text in sent:
        relay._on_bus(channel, text)
    got = [c.queue.get_nowait() for c in conns]
    assert got == ['{"you":0}', '{"you":1}', '{"you":null}', '{"you":null}']
    assert all(c.queue.empty() for c in conns)


def test_texts_for_one_channel_go_as_one_message_and_arrive_one_by_one():
    redis_or_skip(REDIS)
    prefix = f"test{secrets.token_hex(4)}:"
    # A raw U+2028 is no line break here; an escaped newline stays inside its text.
    texts = ['{"a":1}', '{"b":"x\u2028y"}', '{"c":"line\\nline"}', "b.1 {}"]

    async def run() -> tuple[list[tuple[str, str]], list[str]]:
        sender = RedisBus(REDIS, "s", prefix)
        receiver = RedisBus(REDIS, "r", prefix)
        got: list[tuple[str, str]] = []
        done = asyncio.Event()

        def on_message(channel: str, text: str) -> None:
            got.append((channel, text))
            if len(got) == len(texts):
                done.set()

        watcher = redis.asyncio.Redis.from_url(REDIS, decode_responses=True).pubsub()
        await watcher.subscribe(receiver.channel("n", "r"))
        await receiver.start(on_message, lambda: None)
        await sender.start(lambda c, t: None, lambda: None)
        try:
            for text in texts:                  # queued in one go: one message
                sender.publish(receiver.channel("n", "r"), text)
            await asyncio.wait_for(done.wait(), 10)
            raw: list[str] = []
            deadline = asyncio.get_running_loop().time() + 1.0
            while asyncio.get_running_loop().time() < deadline:
                m = await watcher.get_message(ignore_subscribe_messages=True, timeout=0.1)
                if m is not None:
                    raw.append(m["data"])
            return got, raw
        finally:
            await watcher.aclose()
            await sender.stop()
            await receiver.stop()

    got, raw = asyncio.run(run())
    assert got == [(f"{prefix}n:r", t) for t in texts]
    assert raw == ["\n".join(texts)]


def test_one_renewal_keeps_the_leases_still_ours_and_names_the_others():
    redis_or_skip(REDIS)
    prefix = f"test{secrets.token_hex(4)}:"

    async def run() -> tuple[set[str], set[str], list[int]]:
        a = RedisBus(REDIS, "a", prefix, lease_ms=5000)
        b = RedisBus(REDIS, "b", prefix, lease_ms=5000)
        try:
            names = [f"T{i}" for i in range(300)]
            for t in names:
                assert await a.acquire(t)
            await a.release("T7")                      # lapsed and taken by another node
            assert await b.acquire("T7")
            await a.redis.delete(a._lease("T42"))      # lapsed, nobody took it
            await a.redis.pexpire(a._lease("T0"), 50)  # about to lapse: renewed in time
            lost = await a.renew(names)
            lost_b = await b.renew(["T7", "T0"])
            ttls = [await a.redis.pttl(a._lease(t)) for t in ("T0", "T299")]
            owner = await a.owners(["T7", "T42"])
            assert owner == ["b", None]               # a renewal takes nothing
            return lost, lost_b, ttls
        finally:
            await a.redis.delete(*[a._lease(f"T{i}") for i in range(300)])
            await a.redis.aclose()
            await b.redis.aclose()

    lost, lost_b, ttls = asyncio.run(run())
    assert lost == {"T7", "T42"}
    assert lost_b == {"T0"}
    assert all(4000 < t <= 5000 for t in ttls)


class Contended(Recorder):
    """Another node wins every lease; the bus keeps what this node listens to."""

    def __init__(self, node_id: str) -> None:
        super().__init__(node_id)
        self.listening: set[str] = set()

    async def acquire(self, table: str) -> bool:
        return False

    async def subscribe(self, channel: str) -> None:
        self.listening.add(channel)

    async def unsubscribe(self, channel: str) -> None:
        self.listening.discard(channel)


class OneTable:
    """A store that holds one table in play."""

    async def table(self, table_id: str) -> SimpleNamespace:
        return SimpleNamespace(status="playing")


def test_a_node_that_loses_the_race_for_a_table_still_hears_its_new_owner():
    """The owner went, this node tried to take the table over and another node was
    quicker: it goes on relaying the table and still hears its news (a new owner,
    a hand-over), so its watchers join whoever drives it now."""
    bus = Contended("b")
    relay = Node(Config(), OneTable(), None, bus, "b")  # type: ignore[arg-type]

    async def run() -> None:
        await relay._relay("T")
        await relay._unrelay_and_take("T")    # as the janitor does on seeing no owner
        # A hand-over ("released") sends every relaying node to take the table at once.
        await relay._unrelay_and_take("T")

    asyncio.run(run())
    assert "T" in relay.relayed and "T" not in relay.hosts
    assert bus.listening == {bus.channel("t", "T")}
