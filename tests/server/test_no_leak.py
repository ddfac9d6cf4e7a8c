"""No message ever holds a card its receiver may not know.

Whole games of every table form are played over the WebSocket API with every
seat a person and a spectator watching; every message each of them receives is
kept. Afterwards the stored event log is replayed and, at every version, what
each seat may know is worked out from the game itself (its own cards, the cards
played, a revealed musik, what it gave or was given, settled deals) — not from
the views the server sends. Every card in every message must be in that set.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from tysiac.bots import make_bot
from tysiac.cards import card_str, cards_of
from tysiac.engine.phases import BID, DEAL, EXCHANGE, GAME_OVER
from tysiac.engine.results import DealLog
from tysiac.rules import Rules
from tysiac.server.bots import action_payload
from tysiac.server.table import Settings, Table
from tysiac.storage import Store

from .conftest import fast_config
from .helpers import Browser, Seat, ServerThread

CARD = re.compile(r"^[9JQKTA][HDCS]\+?$")

FORMS = [("pl-3", {}), ("pl-2", {}), ("pl-2", {"two_player_layout": "9+2x3"}),
         ("pl-4", {}), ("dobierany", {})]


def cards_in(msg: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(msg, str):
        if CARD.match(msg):
            out.add(msg.rstrip("+"))
    elif isinstance(msg, dict):
        for v in msg.values():
            out |= cards_in(v)
    elif isinstance(msg, list):
        for v in msg:
            out |= cards_in(v)
    return out


def knowledge(t: Table, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator) may know of the table now."""
    g = t.game
    if g is None:
        return set()
    known: set[int] = set()
    for entry in g.log[:-1] if g.phase not in (DEAL, GAME_OVER) else g.log:
        if isinstance(entry, DealLog):          # a settled deal is public in full
            for mask in (*entry.hands, *entry.musiks):
                known.update(cards_of(mask))
            known.update(entry.stock)
    if g.phase not in (DEAL, GAME_OVER):
        log = g.log[-1]
        assert isinstance(log, DealLog)
        for _, cards, _ in g.tricks:
            known.update(cards)
        known.update(g.trick)
        musik = log.musiks[g.musik_choice] if g.two and g.musik_choice >= 0 else \
            (log.musiks[0] if not g.two and g.declarer >= 0 and g.phase != BID else 0)
        if seat is not None:
            known.update(cards_of(log.hands[seat]))
            known.update(cards_of(g.hands[seat]))
            known.update(c for s, c in g.drawn if s == seat)
            known.update(c for r, c in g.given if r == seat)
            if seat == g.declarer:
                known.update(cards_of(musik))
                known.update(c for _, c in g.given)
                known.update(cards_of(g.discards))
        if g.musik_revealed:
            known.update(cards_of(musik))
    return {card_str(c) for c in known}


def drive(server: ServerThread, table_id: str, seats: list[Seat]) -> None:
    """Play the game to its end: each seat acts through its own WebSocket, choosing
    as the basic bot would (the driver may look at the game; the messages are
    what is checked)."""
    host = server.node.hosts[table_id]
    bots = [make_bot("basic", i) for i in range(len(seats))]
    for _ in range(20000):
        for s in seats:
            s.drain(0.001)
        t = host.table
        if t.status != "playing":
            return
        w = t.waiting()
        if w.gate:
            s = seats[min(w.gate_seats)]
            s.answer(s.send(w.gate))
            continue
        if w.seat is None:
            continue
        g = t.game.copy()
        seat, receivers, steps = w.seat, g.receivers, []
        while True:
            a = bots[seat].choose(g.view(seat))
            steps.append(a)
            g.apply(a)
            if g.phase != EXCHANGE or len(steps) > 3 or seat != g.to_move:
                break
        s = seats[seat]
        reply = s.answer(s.send("act", action=action_payload(steps, receivers)))
        assert reply["type"] == "ack", reply
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("preset,options", FORMS, ids=lambda v: str(v))
def test_no_message_holds_a_card_its_receiver_may_not_know(sqlite_url, preset, options):
    with ServerThread(fast_config(sqlite_url)) as server:
        n = Rules.preset(preset).players
        people = [Browser(server.base) for _ in range(n)]
        for i, b in enumerate(people):
            b.guest(f"Gracz{i}")
        extra = "\n".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}"
                          for k, v in options.items())
        table_id = people[0].new_table(players=str(n), preset=preset, goal="500", options=extra,
                                       **{f"seat{i}": "human" for i in range(1, 4)})
        seats = [p.seat(table_id).open() for p in people]
        for s in seats:
            s.drain(0.2)
        for i, s in enumerate(seats[1:], start=1):
            s.answer(s.send("sit", seat=i))
        watcher = Browser(server.base).seat(table_id).open()
        for s in seats:
            s.answer(s.send("ready", ready=True))
        drive(server, table_id, seats)
        for s in (*seats, watcher):
            s.drain(0.3)
        store: Store = server.node.store
        events = asyncio.run_coroutine_threadsafe(store.events(table_id), server.node.loop
                                                  ).result(10)
        row = asyncio.run_coroutine_threadsafe(store.table(table_id), server.node.loop
                                               ).result(10)
    assert row.status == "finished"
    table = Table.restore(row.id, Settings.from_json(row.settings), row.seed, row.host,
                          row.seats, row.created)
    known: list[list[set[str]]] = [[knowledge(table, s) for s in [*range(n), None]]]
    for ev, at in events:
        table.apply(ev, at)
        known.append([knowledge(table, s) for s in [*range(n), None]])
    checked = 0
    for who, s in [*enumerate(seats), (n, watcher)]:
        states = [m for m in s.received if m["type"] == "state"]
        assert states and states[-1]["version"] == len(events)
        for m in states:
            seen = cards_in(m)
            allowed = known[m["version"]][who]
            assert seen <= allowed, (who, m["version"], sorted(seen - allowed), json.dumps(m))
            checked += len(seen)
    assert checked > 1000          # the messages did carry cards
