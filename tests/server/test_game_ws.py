"""A whole deal over the real WebSocket API: a guest, two bots, the server."""

from __future__ import annotations

import random

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
