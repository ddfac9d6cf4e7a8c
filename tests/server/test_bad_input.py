"""Bad input over the WebSocket: each gets a clear error for that client and changes
nothing, and the server goes on serving the others."""

from __future__ import annotations

import contextlib
import json
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from tysiac.rules import Rules
from tysiac.server.protocol import MAX_MESSAGE, read_client, table_event
from tysiac.server.table import Settings, Table, TableError

from .conftest import fast_config
from .helpers import Browser, Seat, ServerThread, choose


def started(server: ServerThread) -> tuple[Browser, Seat, str]:
    """A guest at a 3-player table with two bots, the game begun, the guest's seat
    connected and its first states read."""
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table(seat1="basic", seat2="basic")
    seat = b.seat(table).open()
    seat.wait_state(lambda m: True)
    seat.answer(seat.send("ready", ready=True))
    seat.wait_state(lambda m: m["table"]["status"] == "playing")
    return b, seat, table


def my_turn(m: dict) -> bool:
    return bool(m["view"]) and m["view"]["to_move"] == m["you"] \
        and m["table"]["waiting"]["seat"] == m["you"]


def wait_my_turn(seat: Seat) -> dict:
    return seat.wait_state(my_turn)


def legal_move(seat: Seat) -> int:
    """Send a legal move of the seat's turn; its sequence number."""
    move = choose(wait_my_turn(seat), random.Random(0))
    assert move is not None
    return seat.send(move[0], **move[1])


def errors_for(seat: Seat, n: int = 1) -> list[dict]:
    return [seat.until(lambda m: m["type"] == "error") for _ in range(n)]


def test_malformed_messages_get_errors_and_the_connection_goes_on(server):
    _, seat, _ = started(server)
    st0 = wait_my_turn(seat)
    for raw in ("{", "[]", "null", '{"type": 5}', '{"type": "dance"}',
                '{"type": "act", "action": {"bid": 120}}',               # no seq
                '{"type": "act", "seq": "7", "action": {"pass": true}}',
                '{"type": "act", "seq": -1, "action": {"pass": true}}',
                json.dumps({"type": "act", "seq": 1, "action": "x" * (MAX_MESSAGE + 1)}),
                "[" * 1500, b"\x00\xff\xfe", '{"type": "act", "seq": 9, "action": {"p": 1}}'):
        seat.raw(raw)
        err = seat.until(lambda m: m["type"] == "error")
        assert err["code"] in ("bad_message", "bad_seq", "too_large", "bad_action")
        assert err["message"] and "Traceback" not in err["message"]
    assert seat.state["version"] == st0["version"]
    seq = legal_move(seat)                                  # still served
    reply = seat.answer(seq)
    assert reply["type"] == "ack", reply


def test_out_of_turn_stale_and_repeated_intents(server):
    b, seat, table = started(server)
    move = choose(wait_my_turn(seat), random.Random(0))
    assert move is not None
    seq = seat.send(move[0], **move[1])
    ack = seat.answer(seq)
    assert ack["type"] == "ack"
    again = seat.send(move[0], seq=seq, **move[1])       # a retry after a reconnect
    assert seat.answer(again) == {"type": "ack", "seq": seq, "version": ack["version"]}
    old = seat.send("act", seq=seq - 1, action={"pass": True})
    assert seat.answer(old)["code"] == "stale_seq"
    st = seat.state_at(ack["version"])
    if st["view"]["to_move"] != st["you"] and st["table"]["status"] == "playing":
        err = seat.answer(seat.send("act", action={"pass": True}))
        assert err["type"] == "error" and err["code"] in ("not_your_turn", "wrong_phase")


def test_a_client_cannot_act_for_another_seat_or_as_the_host(server):
    b = Browser(server.base)
    b.guest("Host")
    table = b.new_table(seat1="human", seat2="basic")
    intruder = Browser(server.base)
    intruder.guest("Intruz")
    seat = intruder.seat(table).open()
    seat.wait_state(lambda m: True)
    for fields in ({"type": "kick", "seat": 0}, {"type": "seat", "seat": 2, "bot": None},
                   {"type": "ready", "ready": True}, {"type": "leave"}):
        kind = fields.pop("type")
        err = seat.answer(seat.send(kind, **fields))
        assert err["code"] in ("not_host", "not_seated"), err
    err = seat.answer(seat.send("act", action={"pass": True}))
    assert err["code"] == "not_started"
    _, player, _ = started(server)
    st = wait_my_turn(player)
    other = (st["you"] + 1) % 3
    err = player.answer(player.send("act", action={"p": other, "pass": True}))
    assert err["code"] == "bad_message"                  # no naming another seat
    assert player.state["version"] == st["version"]


def test_a_forged_session_cookie_is_nobody(server):
    b = Browser(server.base)
    b.guest("Zosia")
    table = b.new_table()
    forged = Browser(server.base)
    forged.cookies["tysiac_session"] = b.cookies["tysiac_session"][:-4] + "AAAA"
    seat = forged.seat(table).open()
    welcome = seat.until(lambda m: m["type"] == "welcome")
    assert welcome["user"] is None and welcome["seat"] is None
    err = seat.answer(seat.send("sit", seat=1))
    assert err["code"] == "not_logged_in"
    status, path, _ = forged.request("/me/games")
    assert path == "/guest"                                 # not logged in there either


def test_a_flood_is_cut_off_and_the_others_play_on(sqlite_url):
    with ServerThread(fast_config(sqlite_url, client_rate=5.0)) as server:
        _, seat, _ = started(server)
        other_b, other, _ = started(server)
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                seat.raw(json.dumps({"type": "ping"}))
        with pytest.raises(ConnectionClosed):               # cut off after its warnings
            for _ in range(1000):
                seat.recv(5)
        codes = [m.get("code") for m in seat.received]
        assert "flood" in codes and codes.count("flood") < 10     # warned, not answered
        st0 = wait_my_turn(other)                           # the other table is served
        assert other.answer(legal_move(other))["type"] == "ack"
        assert st0["version"] < other.state_at(st0["version"] + 1)["version"]


def test_an_oversized_frame_closes_only_that_connection(server):
    _, seat, _ = started(server)
    _, other, _ = started(server)
    seat.raw("x" * 100_000)
    with pytest.raises(ConnectionClosed):                   # closed by the server
        for _ in range(50):
            seat.recv(2)
    assert other.answer(legal_move(other))["type"] == "ack"


# --- generated input ---------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=20)
_keys = st.sampled_from(["type", "seq", "action", "seat", "bot", "ready", "client",
                         "version", "lang"])
_types = st.sampled_from(["hello", "ping", "act", "seen", "next", "sit", "leave", "ready",
                          "kick", "seat", "hint", "lang", "x"])
_messages = st.one_of(
    st.text(max_size=200), st.binary(max_size=200),
    st.builds(lambda t, rest: json.dumps({"type": t, **rest}), _types,
              st.dictionaries(_keys, _json, max_size=4)),
)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(_messages, st.lists(_messages, max_size=3))
def test_any_message_is_read_or_refused_and_a_table_stays_whole(text, more):
    """Any bytes read as a client message or a clear refusal; any event made of them
    is applied whole or refused whole."""
    t = Table.open("t", Settings(Rules.preset("pl-3")), 1, 1, "Host",
                   [None, "basic", "basic"], 0.0)
    t.apply({"t": "ready", "user": 1}, 0)
    for raw in (text, *more):
        try:
            msg = read_client(raw)
        except TableError as e:
            assert e.code in ("bad_message", "bad_seq", "too_large") and e.message("pl")
            continue
        if msg.seq is None:
            continue
        before = (t.version, list(t.game.hands), t.game.phase, t.status)
        try:
            t.apply(table_event(msg, random.choice([1, 2]), "c", "Name"), 1.0)
        except TableError as e:
            assert e.message("en") and e.message("pl")
            assert (t.version, list(t.game.hands), t.game.phase, t.status) == before


def test_random_messages_over_the_wire_never_stop_the_server(server):
    rng = random.Random(7)
    _, seat, _ = started(server)
    _, other, _ = started(server)
    with contextlib.suppress(ConnectionClosed):    # a spammer may be cut off
        for _ in range(300):
            kind = rng.choice(["act", "seen", "next", "kick", "sit", "ready", "hint", "x",
                               "ping"])
            body = {"type": kind, "seq": rng.choice([1, 2, 10**6, -3, "a", None]),
                    rng.choice(["action", "seat", "bot"]): rng.choice(
                        [None, 1, -1, 10**30, "QH", {"bid": rng.randrange(-3000, 3000)},
                         {"play": "".join(rng.choices(string.ascii_letters, k=2))},
                         {"give": {"9": "AS"}}, [1, 2]])}
            seat.raw(json.dumps(body))
            seat.drain(0.001)
    assert other.answer(legal_move(other))["type"] == "ack"


def test_an_account_s_tabs_share_one_limit(sqlite_url):
    """Three tabs of one account, each within its own burst, together over the
    account's: the account's limit answers."""
    with ServerThread(fast_config(sqlite_url, client_rate=5.0)) as server:
        b, first, table = started(server)       # a tab: burst 15; the account: 30
        tabs = [first] + [b.seat(table).open() for _ in range(2)]
        for t in tabs[1:]:
            t.wait_state(lambda m: True)
        for t in tabs:
            for _ in range(12):
                t.raw(json.dumps({"type": "ping"}))
        codes = [m.get("code") for t in tabs for m in t.drain(0.5)]
        assert codes.count("flood") >= 1
