"""A player whose browser reconnects to whichever node answers, as one behind a load
balancer does when a node goes away, resending an unanswered intent under its number."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed

from tysiac.arbiter import judge
from tysiac.server.table import Settings, Table
from tysiac.storage import Store

from ..server.helpers import Browser, Seat, ServerProcess, choose


@dataclass
class Roamer:
    browser: Browser
    table: str
    nodes: list[ServerProcess]
    at: int = 0                                        # which node it is connected to
    seat: Seat | None = None
    acked: dict[int, int] = field(default_factory=dict)   # seq -> the version it made
    received: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (node, msg)
    client: str = field(default_factory=lambda: f"r{random.randrange(10**9)}")
    reconnects: int = 0
    quiet_since: float = field(default_factory=time.time)

    def connect(self, at: int | None = None) -> Seat:
        """(Re)connect, to node ``at`` or the next one alive; keeps the tab's id."""
        old = self.seat
        if old is not None:
            with contextlib.suppress(Exception):
                old.close()
        for k in range(len(self.nodes) * 20):
            i = at if at is not None and k == 0 else (self.at + k) % len(self.nodes)
            node = self.nodes[i]
            if not node.alive:
                continue
            self.browser.base = node.base
            seat = self.browser.seat(self.table, self.client)
            seat.seq = old.seq if old is not None else 0
            try:
                seat.open()
                welcome = seat.until(lambda m: m["type"] == "welcome", 5)
                seat.wait_state(lambda m: True, 5)
            except (OSError, TimeoutError, ConnectionClosed):
                time.sleep(0.2)
                continue
            seat.seq = max(seat.seq, welcome["last_seq"])
            self.at, self.seat = i, seat
            self.reconnects += old is not None
            return seat
        raise RuntimeError("no node answers")

    def keep(self) -> None:
        assert self.seat is not None
        self.received += [(self.at, m) for m in self.seat.received]
        self.seat.received.clear()

    def act(self, rng: random.Random) -> bool:
        """Do this seat's move if it has one; True if it did. Reconnects when the
        node went away or handed the table on, and sends the same intent again."""
        seat = self.seat or self.connect()
        try:
            heard = seat.drain(0.01)
        except ConnectionClosed:
            seat, heard = self.connect(), [None]
        if heard:
            self.quiet_since = time.time()
        elif time.time() - self.quiet_since > 3:   # as the page does after a silence
            seat.raw('{"type": "sync"}')
            self.quiet_since = time.time()
        self.keep()
        st = seat.state
        if st is None:
            return False
        move = choose(st, rng)
        if move is None:
            return False
        seq = seat.seq + 1
        for _ in range(30):
            try:
                seat.send(move[0], seq=seq, **move[1])
                reply = seat.answer(seq, timeout=3)
            except (ConnectionClosed, TimeoutError, OSError):
                seat = self.connect()
                self.keep()
                continue
            self.keep()
            if reply["type"] == "ack":
                seat.seq = seq
                self.acked[seq] = reply["version"]
                self._catch_up(seat, reply["version"])
                return True
            if reply["code"] in ("moved", "server_error"):
                seat = self.connect()
                continue
            return False                # refused: the state moved on meanwhile
        raise RuntimeError(f"intent {seq} never answered")


    def _catch_up(self, seat: Seat, version: int) -> None:
        """As the page does: an answer named a version not seen yet — ask for it."""
        try:
            seat.state_at(version, timeout=1)
        except TimeoutError:
            seat.raw('{"type": "sync"}')
            with contextlib.suppress(TimeoutError):
                seat.state_at(version, timeout=3)


def play(roamers: list[Roamer], done: Any, rng: random.Random, timeout: float = 120,
         between: Any = None) -> None:
    """Everybody plays until ``done(state)`` holds for the first roamer's state;
    ``between()`` runs once every round (faults are injected there)."""
    deadline = time.time() + timeout
    while True:
        if time.time() > deadline:
            st = roamers[0].seat.state if roamers[0].seat else None
            raise TimeoutError(f"the game did not get there; at version "
                               f"{st and st['version']}")
        for r in roamers:
            r.act(rng)
        if between is not None:
            between()
        st = roamers[0].seat.state if roamers[0].seat else None
        if st is not None and done(st):
            return


def check_log(database_url: str, table_id: str, roamers: list[Roamer]) -> dict[str, int]:
    """Read the stored events back: nothing acknowledged is missing, nothing applied
    twice, the table replays whole and the arbiter finds its record valid. The
    figures checked."""
    async def read() -> tuple[Any, list[tuple[dict[str, Any], float]]]:
        store = await Store.open(database_url)
        try:
            return await store.table(table_id), await store.events(table_id)
        finally:
            await store.close()

    row, events = asyncio.run(read())
    # The game may go on (a bot's move) between the two reads: the row, read first,
    # names a version the events have reached; replay up to it.
    assert len(events) >= row.version
    by_intent: dict[tuple[Any, Any, Any], int] = {}
    doubled = 0
    for version, (ev, _) in enumerate(events, start=1):
        key = (ev.get("user"), ev.get("client"), ev.get("seq"))
        if key[2] is not None:
            doubled += key in by_intent
            by_intent[key] = version
    lost = 0
    acks = 0
    for r in roamers:
        user = next(m["user"] for _, m in r.received if m["type"] == "welcome")
        for seq, version in r.acked.items():
            acks += 1
            lost += by_intent.get((user, r.client, seq)) != version
    table = Table.restore(row.id, Settings.from_json(row.settings), row.seed, row.host,
                          row.seats, row.created)
    for ev, at in events[:row.version]:
        table.apply(ev, at)
    verdict, status = judge(table.record())
    assert status == 0, verdict
    assert table.version == row.version
    assert verdict["scores"] == list(table.game.scores)
    return {"events": len(events), "acknowledged": acks, "lost": lost, "doubled": doubled}
