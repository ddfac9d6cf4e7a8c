"""Time and absence: a move whose time runs out is made by a bot and marked so in
the record; a reloaded page gets its seat back; a table everybody left closes and
its game is kept."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tysiac.record import dumps, loads
from tysiac.rules import Rules
from tysiac.server.auth import token_hash
from tysiac.server.table import Settings

from .conftest import fast_config
from .helpers import Browser, ServerThread


def on_loop(server: ServerThread, coro: Any) -> Any:
    loop = server.node.loop
    return asyncio.run_coroutine_threadsafe(coro, loop).result(20)


def quick_table(server: ServerThread, b: Browser, move_seconds: int) -> str:
    """A table with a time limit shorter than the form allows (seconds, for tests)."""
    store = server.node.store
    user, _ = on_loop(server, store.session(token_hash(b.cookies["tysiac_session"]),
                                            time.time()))
    settings = Settings(Rules.preset("online-3"), move_seconds=move_seconds)
    return str(on_loop(server, server.node.open_table(settings, user, [None, "basic", "basic"])))


def test_a_move_whose_time_ran_out_is_made_by_a_bot_and_marked(server):
    b = Browser(server.base)
    b.guest("Śpioch")
    table = quick_table(server, b, 1)
    seat = b.seat(table).open()
    seat.wait_state(lambda m: True)
    seat.answer(seat.send("ready", ready=True))
    # The player never moves: the bots move for them, and the deal summary waits for
    # nobody longer than the limit.
    st = seat.wait_state(lambda m: m["event"] is not None and m["event"].get("auto") is True
                         and m["event"]["t"] == "act" and m["event"]["seat"] == 0, timeout=30)
    assert st["event"]["seat"] == 0
    seat.wait_state(lambda m: m["view"]["deal_number"] >= 1 and m["view"]["phase"] == "bid",
                    timeout=90)
    host = server.node.hosts[table]
    rec = loads(dumps(host.table.record()))
    auto = rec.deals[0].extra["auto"]
    mine = [j for j, a in enumerate(rec.deals[0].actions) if a.p == 0]
    assert auto and set(auto) <= set(mine)                # only the sleeper's moves


def test_a_reload_gets_the_seat_back(server):
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table(seat1="basic", seat2="basic")
    first = b.seat(table).open()
    first.wait_state(lambda m: True)
    first.answer(first.send("ready", ready=True))
    st = first.wait_state(lambda m: m["table"]["status"] == "playing")
    first.close()                          # the page reloads: a new tab id, same cookies
    again = b.seat(table).open()
    welcome = again.until(lambda m: m["type"] == "welcome")
    assert welcome["seat"] == 0
    st2 = again.wait_state(lambda m: m["version"] >= st["version"])
    assert st2["you"] == 0 and st2["view"]["hand"]
    assert st2["table"]["seats"][0]["present"] is True


def test_a_table_everybody_left_is_closed_and_kept(sqlite_url):
    with ServerThread(fast_config(sqlite_url, abandon_after=0.5)) as server:
        b = Browser(server.base)
        b.guest("Zosia")
        table = b.new_table(seat1="basic", seat2="basic")
        seat = b.seat(table).open()
        seat.wait_state(lambda m: True)
        seat.answer(seat.send("ready", ready=True))
        seat.wait_state(lambda m: m["table"]["status"] == "playing")
        seat.close()
        deadline = time.time() + 10
        while time.time() < deadline:
            row = on_loop(server, server.node.store.table(table))
            if row.status == "abandoned":
                break
            time.sleep(0.1)
        assert row.status == "abandoned" and row.record
        status, _, body = b.request(f"/t/{table}/record.json")
        assert status == 200 and loads(body).extra["online"]["status"] == "abandoned"
