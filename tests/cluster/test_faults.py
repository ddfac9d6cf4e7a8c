"""Several nodes, and what goes wrong between them: seats on different nodes, a node
killed mid-game, Redis restarted, PostgreSQL paused, a node cut off from renewing its
leases. Each test prints what it checked: games, events, zero lost, zero doubled."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
import urllib.request

import asyncpg

from tysiac.server.table import Settings, Table
from tysiac.storage import Store

from ..server.helpers import Browser
from ..server.test_no_leak import cards_in, knowledge
from .conftest import LEASE_MS
from .roaming import Roamer, check_log, play


def people(nodes, n: int = 2, form: dict[str, str] | None = None):
    """A table opened on node 0 for ``n`` people (the others bots), each person's
    browser on another node, all seated and ready."""
    browsers = [Browser(nodes[0].base) for _ in range(n)]
    for i, b in enumerate(browsers):
        b.guest(f"Gracz{i}")
    fields = {"seat1": "human" if n > 1 else "basic", "seat2": "human" if n > 2 else "basic"}
    table = browsers[0].new_table(**(fields | (form or {})))
    roamers = [Roamer(b, table, nodes) for b in browsers]
    for i, r in enumerate(roamers):
        seat = r.connect(at=i % len(nodes))
        if i:
            assert seat.answer(seat.send("sit", seat=i))["type"] == "ack"
    for r in roamers:
        assert r.seat.answer(r.seat.send("ready", ready=True))["type"] == "ack"
    return table, roamers


def report(name: str, figures: dict[str, int]) -> None:
    print(f"\n{name}: games 1, " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    assert figures["lost"] == 0 and figures["doubled"] == 0


def metric(node, name: str) -> float:
    text = urllib.request.urlopen(node.base + "/metrics", timeout=5).read().decode()
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith(name) and not line.startswith("#"))


def test_seats_on_different_nodes_play_and_see_only_their_own(cluster, pg_url):
    nodes = cluster(2)
    table, roamers = people(nodes, 3, {"seat2": "human"})
    watcher = Browser(nodes[1].base).seat(table).open()
    play(roamers, lambda s: s["view"] and s["view"]["deal_number"] >= 2, random.Random(1))
    for r in roamers:
        r.keep()
    watcher.drain(0.5)
    figures = check_log(pg_url, table, roamers)
    report("seats on two nodes", figures)
    assert {i for r in roamers for i, _ in r.received} == {0, 1}      # both nodes served
    # The no-leak check of the single node, with the seats spread over the nodes.
    async def read():
        s = await Store.open(pg_url)
        try:
            return await s.table(table), await s.events(table)
        finally:
            await s.close()

    row, events = asyncio.run(read())
    t = Table.restore(row.id, Settings.from_json(row.settings), row.seed, row.host,
                      row.seats, row.created)
    known = [[knowledge(t, s) for s in (0, 1, 2, None)]]
    for ev, at in events:
        t.apply(ev, at)
        known.append([knowledge(t, s) for s in (0, 1, 2, None)])
    checked = 0
    for who, msgs in [(i, [m for _, m in r.received]) for i, r in enumerate(roamers)] + \
            [(3, watcher.received)]:
        for m in msgs:
            if m["type"] == "state" and m["version"] < len(known):
                seen = cards_in(m)
                assert seen <= known[m["version"]][who], (who, m["version"])
                checked += len(seen)
    assert checked > 200


def test_a_killed_node_s_tables_go_on_elsewhere(cluster, pg_url):
    nodes = cluster(3)
    table, roamers = people(nodes, 2)
    rng = random.Random(2)
    play(roamers, lambda s: s["view"] and s["view"]["phase"] == "play", rng)
    owner = next(n for n in nodes if metric(n, "tysiac_tables_driven") >= 1)
    killed_at = time.time()
    owner.kill()                                          # kill -9, mid-deal
    play(roamers, lambda s: s["view"] and s["view"]["deal_number"] >= 2, rng, timeout=180)
    took = time.time() - killed_at
    figures = check_log(pg_url, table, roamers)
    figures["takeovers"] = int(sum(metric(n, "tysiac_lease_takeovers_total")
                                   for n in nodes if n.alive))
    report("a node killed", figures)
    assert figures["takeovers"] >= 1 and took < 120


def test_redis_restarted_mid_game(cluster, pg_url, private_redis):
    nodes = cluster(2, private_redis.url)
    table, roamers = people(nodes, 2)
    rng = random.Random(3)
    play(roamers, lambda s: s["view"] and s["view"]["phase"] == "play", rng)
    private_redis.stop()                                  # everything Redis knew is gone
    time.sleep(1)
    private_redis.start()
    play(roamers, lambda s: s["view"] and s["view"]["deal_number"] >= 2, rng, timeout=180)
    report("Redis restarted", check_log(pg_url, table, roamers))


def test_postgresql_paused_briefly(cluster, pg_url):
    nodes = cluster(2)
    table, roamers = people(nodes, 2)
    rng = random.Random(4)
    play(roamers, lambda s: s["view"] and s["view"]["phase"] == "play", rng)

    async def backends() -> list[int]:
        conn = await asyncpg.connect(pg_url)
        try:
            rows = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = "
                                    "current_database() AND pid <> pg_backend_pid()")
            return [r["pid"] for r in rows]
        finally:
            await conn.close()

    paused = asyncio.run(backends())
    assert paused
    for pid in paused:
        os.kill(pid, signal.SIGSTOP)                      # the database stops answering
    try:
        time.sleep(2)
    finally:
        for pid in paused:
            os.kill(pid, signal.SIGCONT)
    play(roamers, lambda s: s["view"] and s["view"]["deal_number"] >= 2, rng, timeout=180)
    report("PostgreSQL paused", check_log(pg_url, table, roamers))


def test_a_node_cut_off_from_its_leases_stops_writing(cluster, pg_url):
    nodes = cluster(2)
    table, roamers = people(nodes, 2)
    rng = random.Random(5)
    play(roamers, lambda s: s["view"] and s["view"]["phase"] == "play", rng)
    owner = next(n for n in nodes if metric(n, "tysiac_tables_driven") >= 1)
    other = next(n for n in nodes if n is not owner)
    owner.signal(signal.SIGUSR1)                          # it renews no lease any more
    cut = time.time()
    deadline = cut + 30
    while metric(other, "tysiac_tables_driven") < 1:      # the other node takes over
        assert time.time() < deadline, "no takeover"
        for r in roamers:
            r.act(rng)
        time.sleep(0.2)
    # From one lease after the cut on, whatever it is sent, it writes nothing.
    time.sleep(max(0.0, cut + int(LEASE_MS) / 1000 - time.time()))
    written = metric(owner, "tysiac_events_total")
    play(roamers, lambda s: s["view"] and s["view"]["deal_number"] >= 2, rng, timeout=180)
    figures = check_log(pg_url, table, roamers)
    figures["written by the cut-off node after its lease"] = int(
        metric(owner, "tysiac_events_total") - written)
    report("a node cut off", figures)
    assert figures["written by the cut-off node after its lease"] == 0
    assert metric(owner, "tysiac_tables_driven") == 0
    assert metric(owner, "tysiac_leases_lost_total") >= 1
