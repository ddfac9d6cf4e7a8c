"""A whole deal over the real WebSocket API: a guest, two bots, the server."""

from __future__ import annotations

import json
import random

from websockets.sync.client import connect

from .helpers import Browser, play_until


def test_a_guest_plays_a_deal_against_two_bots(server):
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table()
    seat = b.seat(table).open()
    assert seat.recv()["type"] == "welcome"
    st = seat.recv()
    assert st["type"] == "state" and st["table"]["status"] == "open" and st["you"] == 0
    seq = seat.send("ready", ready=True)
    assert seat.answer(seq)["type"] == "ack"
    play_until([seat], lambda s: s["view"] and s["view"]["deal_number"] >= 1, random.Random(1))
    st = seat.state
    assert st["view"]["phase"] in ("deal", "game_over")
    review = st["review"]
    assert sum(len(h) for h in review["hands"]) + sum(len(m) for m in review["musiks"]) == 24
    assert len(st["view"]["sheet"]) == 1


def test_the_lobby_updates_live(server):
    with connect(server.base.replace("http", "ws") + "/ws/lobby") as lobby:
        first = json.loads(lobby.recv(5))
        assert first == {"type": "lobby", "tables": []}
        b = Browser(server.base)
        b.guest("Zosia")
        table = b.new_table(seat1="human", seat2="basic")
        update = json.loads(lobby.recv(5))
        [row] = update["tables"]
        assert row["id"] == table and row["status"] == "open"
        assert [s["taken"] for s in row["seats"]] == [True, False, True]
        private = b.new_table(private="1")
        later = json.loads(lobby.recv(5))
        assert private not in [t["id"] for t in later["tables"]]     # by link only


def test_hints_when_the_table_allows_them(server):
    b = Browser(server.base)
    b.guest("Zosia")
    for hints, expect in (("on", "hint"), ("off", "error")):
        table = b.new_table(hints=hints)
        seat = b.seat(table).open()
        seat.wait_state(lambda m: True)
        seat.answer(seat.send("ready", ready=True))
        seat.wait_state(lambda m: m["view"] is not None and m["view"]["to_move"] == m["you"]
                        and m["table"]["waiting"]["seat"] == m["you"])
        seat.raw('{"type": "hint"}')
        reply = seat.until(lambda m: m["type"] in ("hint", "error"), timeout=60)
        assert reply["type"] == expect, reply
        if expect == "hint":
            legal = seat.state["view"]["legal"]
            assert reply["advice"] and reply["advice"][0]["action"] in legal
            assert reply["advice"][0]["text"]
        seat.close()


def test_the_analysis_of_a_settled_deal(server):
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table()
    seat = b.seat(table).open()
    seat.wait_state(lambda m: True)
    seat.raw('{"type": "analysis"}')              # no deal settled yet
    refused = seat.until(lambda m: m["type"] == "error", timeout=10)
    assert refused["code"] == "no_analysis" and refused["seq"] is None
    seat.answer(seat.send("ready", ready=True))
    play_until([seat], lambda s: s["view"] and s["view"]["deal_number"] >= 1, random.Random(1))
    watcher = Browser(server.base).seat(table).open()
    watcher.wait_state(lambda m: True)
    seat.raw('{"type": "analysis"}')
    watcher.raw('{"type": "analysis"}')            # asked while it is worked out: one job
    got = [s.until(lambda m: m["type"] == "analysis", timeout=120) for s in (seat, watcher)]
    assert got[0] == got[1] and got[0]["deal"] == 1
    a = got[0]["analysis"]
    sheet = seat.state["view"]["sheet"][0]
    assert (a["declarer"], a["contract"], a["made"]) == (sheet["declarer"], sheet["contract"],
                                                         sheet["made"])
    assert len(a["tricks"]) == (0 if sheet["bomb"] else 8)
    assert len(a["play"]) == (0 if sheet["bomb"] else 24)
    assert got[0]["totals"]["deals"] == 1
    assert [p["name"] for p in got[0]["totals"]["players"]][0] == "Zosia"
    seat.raw('{"type": "analysis"}')              # the second time from the cache
    assert seat.until(lambda m: m["type"] == "analysis", timeout=10) == got[0]
