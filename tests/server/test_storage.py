"""The store on SQLite and on PostgreSQL: accounts, sessions, the fenced event log,
and a whole server game rebuilt from storage."""

from __future__ import annotations

import asyncio
import random

import pytest
import sqlalchemy as sa

from tysiac.storage import Fenced, Store

from .conftest import fast_config
from .helpers import Browser, ServerThread, play_until

#: A projection of a table as the host writes it.
P = {"status": "open", "summary": {}, "deadline": None}


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_accounts_sessions_and_claims(db_url):
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            guest = await s.create_user("Zosia", 1.0)
            assert guest.guest and (await s.user(guest.id)) == guest
            await s.create_session("h" * 64, guest.id, "csrf", 1.0, 100.0)
            assert (await s.session("h" * 64, 50.0)) == (guest, "csrf")
            assert await s.session("h" * 64, 100.0) is None          # expired
            other = await s.create_user("Ola", 2.0, "ola", "hash")
            assert not await s.claim(guest.id, "ola", "Zosia", "x")  # the login is taken
            assert await s.claim(guest.id, "zosia", "Zosia", "pw")
            assert (await s.user_by_login("zosia")).id == guest.id   # same user: same games
            with pytest.raises(sa.exc.IntegrityError):
                await s.create_user("Ola 2", 3.0, "ola", "hash")
            await s.delete_session("h" * 64)
            assert await s.session("h" * 64, 50.0) is None
            assert other.login == "ola"
        finally:
            await s.close()
    run(go())


def test_only_the_newest_owner_writes_and_versions_follow(db_url):
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            u = await s.create_user("Host", 0.0)
            await s.create_table("t1", u.id, {}, 1, [{"user": u.id}, {}, {}], 0.0, {}, False)
            old = await s.take_fence("t1")
            await s.append("t1", old, 1, {"t": "ready"}, 1.0, P)
            new = await s.take_fence("t1")                       # another node took over
            assert new > old
            with pytest.raises(Fenced):
                await s.append("t1", old, 2, {"t": "x"}, 2.0, P)
            with pytest.raises(Fenced):
                await s.append("t1", new, 3, {"t": "gap"}, 2.0, P)   # version 2 is next
            await s.append("t1", new, 2, {"t": "y"}, 2.0, {**P, "status": "playing"})
            # Two writers racing for the same version: exactly one wins.
            results = await asyncio.gather(
                s.append("t1", new, 3, {"t": "a"}, 3.0, {**P, "status": "playing"}),
                s.append("t1", new, 3, {"t": "b"}, 3.0, {**P, "status": "playing"}),
                return_exceptions=True)
            assert sorted(type(r).__name__ for r in results) == ["Fenced", "NoneType"]
            events = await s.events("t1")
            assert [e["t"] for e, _ in events][:2] == ["ready", "y"] and len(events) == 3
            row = await s.table("t1")
            assert row.version == 3 and row.status == "playing"
            assert await s.active_tables() == ["t1"]
        finally:
            await s.close()
    run(go())


def test_appends_of_many_tables_committed_together_keep_their_fences(db_url):
    """Appends asked for at once go in one batch (on PostgreSQL in one statement):
    each is stored or refused as it would be alone."""
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            u = await s.create_user("Host", 0.0)
            fences = {}
            for i in range(6):
                await s.create_table(f"m{i}", u.id, {}, 1, [{}], 0.0, {}, False)
                fences[f"m{i}"] = await s.take_fence(f"m{i}")
            await s.take_fence("m1")                             # m1 went to another node
            done = await asyncio.gather(
                *(s.append(t, f, 1, {"t": t}, 1.0, {**P, "status": "playing"})
                  for t, f in fences.items()),
                s.append("m2", fences["m2"], 1, {"t": "again"}, 1.0, P),   # a race on m2
                s.append("m3", fences["m3"], 3, {"t": "gap"}, 1.0, P),
                return_exceptions=True)
            assert [type(r).__name__ for r in done] == \
                ["NoneType", "Fenced"] + ["NoneType"] * 4 + ["Fenced", "Fenced"]
            for t in fences:
                row, events = await s.table(t), await s.events(t)
                stored = t != "m1"
                assert (row.version, row.status) == ((1, "playing") if stored else (0, "open"))
                assert [e for e, _ in events] == ([{"t": t}] if stored else [])
        finally:
            await s.close()
    run(go())


def test_a_server_game_is_stored_and_rebuilt_the_same(db_url):
    with ServerThread(fast_config(db_url)) as server:
        b = Browser(server.base)
        b.guest("Zosia")
        table = b.new_table()
        seat = b.seat(table).open()
        seat.wait_state(lambda m: True)
        seat.answer(seat.send("ready", ready=True))
        play_until([seat], lambda s: s["view"] and s["view"]["deal_number"] >= 2,
                   random.Random(2))
        live = server.node.hosts[table].table
        loop = server.node.hosts[table].task.get_loop()
        rebuilt = asyncio.run_coroutine_threadsafe(server.node.load(table), loop).result(20)
    assert rebuilt.version == live.version
    assert rebuilt.game.scores == live.game.scores
    assert rebuilt.game.log[-1].hands == live.game.log[-1].hands
