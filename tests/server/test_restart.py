"""Kill the server mid-game (SIGKILL, no clean shutdown), start it again on the same
database: every acknowledged move is there, the game goes on at the same move with
the same clock, and the finished record is valid."""

from __future__ import annotations

import random
import urllib.request

from tysiac.arbiter import judge
from tysiac.record import loads

from .helpers import Browser, ServerProcess, choose, play_until


def test_a_killed_server_restarts_at_the_same_move(db_url):
    server = ServerProcess(db_url).start()
    try:
        b = Browser(server.base)
        b.guest("Zosia")
        table = b.new_table(move="60", seat1="basic", seat2="basic")
        seat = b.seat(table).open()
        seat.wait_state(lambda m: True)
        seat.answer(seat.send("ready", ready=True))
        rng = random.Random(4)
        acked = 0
        # Play into the first deal's tricks, remembering the last acknowledged version.
        def mid_deal(m: dict) -> bool:    # our move in the third trick or later
            w = m["table"]["waiting"]
            return m["view"]["phase"] == "play" and len(m["view"]["tricks"]) >= 2 \
                and w is not None and w["seat"] == m["you"]

        while True:
            st = seat.wait_state(lambda m: choose(m, rng) is not None)
            if mid_deal(st):
                break
            move = choose(st, rng)
            assert move is not None
            reply = seat.answer(seat.send(move[0], **move[1]))
            assert reply["type"] == "ack"
            acked = max(acked, reply["version"])
        before = seat.state
        seat.close()
        server.kill()

        server.start()                     # the same database, a fresh process
        again = b.seat(table, client=seat.client).open()
        welcome = again.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0 and welcome["last_seq"] == seat.seq
        st = again.wait_state(lambda m: True)
        assert st["version"] >= acked                                 # nothing lost
        assert st["version"] == before["version"]                     # nothing added
        assert st["view"]["hand"] == before["view"]["hand"]
        assert st["view"]["tricks"] == before["view"]["tricks"]
        assert st["table"]["deadline"] == before["table"]["deadline"]  # the same clock
        play_until([again], lambda s: s["view"]["deal_number"] >= 1, rng)
        st = again.state
        assert st["view"]["sheet"][0]["scores"] == st["view"]["scores"] or \
            st["view"]["deal_number"] > 1
    finally:
        server.stop()


def test_the_record_of_a_finished_game_downloads_and_judges_valid(server):
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table(goal="500", seat1="basic", seat2="basic")
    seat = b.seat(table).open()
    seat.wait_state(lambda m: True)
    status, _, body = b.request(f"/t/{table}/record.json")
    assert status == 409                                 # not while the game is on
    seat.answer(seat.send("ready", ready=True))
    play_until([seat], lambda s: s["table"]["status"] == "finished", random.Random(9),
               timeout=240)
    status, _, body = b.request(f"/t/{table}/record.json")
    assert status == 200
    verdict, code = judge(loads(body))
    assert code == 0 and verdict["finished"]
    assert verdict["scores"] == seat.state["view"]["scores"]
    status, _, page = b.request(f"/t/{table}/replay")
    assert status == 200 and "frames" in page
    status, _, games = b.request("/me/games")
    assert table in games
    urllib.request.urlopen(server.base + "/healthz").read()
