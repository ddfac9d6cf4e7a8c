"""Score sheets in the store, on SQLite and on PostgreSQL: groups and their players,
sheets changed only from their current version, undo, finished online games in a
group's statistics, and the migration of a database made before sheets existed."""

from __future__ import annotations

import asyncio
import random

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import create_async_engine

from tysiac import Game
from tysiac.record import dumps, to_record
from tysiac.rules import Rules
from tysiac.scoresheet import SheetError
from tysiac.scoresheet import keeping as K
from tysiac.scoresheet.entry import DealForm, fields_from_pairs, read_entry
from tysiac.storage import Store
from tysiac.storage import sheets as Q
from tysiac.storage.store import MIGRATIONS

NAMES = ["Ania", "Bartek", "Celina"]


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def deal(kept: K.Kept, at: int | None = None, **pairs: str):  # type: ignore[no-untyped-def]
    settled = kept.settled
    if at is None:
        assert settled.next is not None
        form = DealForm.of(kept.sheet.rules, kept.sheet.players, settled.next.number,
                           settled.next.dealer)
    else:
        form = DealForm.of(kept.sheet.rules, kept.sheet.players, at + 1,
                           settled.deals[at].result.dealer)
    e = read_entry(form, fields_from_pairs(pairs, kept.sheet.players))
    assert e.deal is not None, e.errors
    return e.deal


def finished_game() -> Game:
    """A game played card by card to its end: from 900 each, the first contract made
    ends it."""
    for seed in range(100):
        rnd = random.Random(seed)
        game = Game(Rules.preset("online-3"), seed=seed, start_scores=(900, 900, 900))
        while not game.is_over and game.deal_number < 20:
            game.deal()
            while game.phase_name not in ("deal", "game_over"):
                legal = game.legal_actions()
                if game.phase_name in ("bid", "declare"):
                    legal = legal[:1]               # pass or the lowest contract
                game.apply(rnd.choice(legal))
        if game.is_over:
            return game
    raise AssertionError("no finished game")


def test_groups_members_and_players(db_url: str) -> None:
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            ania = await s.create_user("Ania", 1.0)
            ola = await s.create_user("Ola", 2.0)
            g = await s.write(Q.q_create_group, "Rodzina", {"preset": "pl-3"}, 1.0, ania.id)
            assert await s.read(Q.q_is_member, g.id, ania.id)
            assert not await s.read(Q.q_is_member, g.id, ola.id)
            assert (await s.read(Q.q_group_by_invite, g.invite)).id == g.id
            await s.write(Q.q_join, g.id, ola.id, 3.0)
            await s.write(Q.q_join, g.id, ola.id, 4.0)                 # twice: once a member
            assert await s.read(Q.q_members, g.id) == [(ania.id, "Ania"), (ola.id, "Ola")]
            assert [x.id for x in await s.read(Q.q_groups, ola.id)] == [g.id]
            other = await s.write(Q.q_create_group, "Klub", {"preset": "pl-4"}, 5.0, None)
            assert [x.id for x in await s.read(Q.q_groups, None)] == [g.id, other.id]
            sid = await K.new_sheet(s, g.id, NAMES, Rules.preset("house-3", goal=500), 0)
            # The players joined the group, the rules became its house rules.
            players = await s.read(Q.q_players, g.id)
            assert [p.name for p in players] == NAMES
            assert (await s.read(Q.q_group, g.id)).rules == {"preset": "house-3", "goal": 500,
                                                             "barrier": 400,
                                                             "defender_max": 490}
            await K.new_sheet(s, g.id, ["Celina", "Ania", "Darek"], Rules.preset("pl-3"), 2)
            assert [p.name for p in await s.read(Q.q_players, g.id)] == NAMES + ["Darek"]
            # One player per account: linking another moves the mark.
            assert await s.write(Q.q_link_player, g.id, players[0].id, ania.id)
            assert await s.write(Q.q_link_player, g.id, players[1].id, ania.id)
            assert [p.user_id for p in await s.read(Q.q_players, g.id)][:2] == [None, ania.id]
            assert not await s.write(Q.q_link_player, other.id, players[0].id, ania.id)
            kept = await K.open_sheet(s, sid)
            assert kept is not None and kept.sheet.players == NAMES and kept.row.version == 0
        finally:
            await s.close()
    run(go())


def test_changes_need_the_current_version_and_undo_walks_back(db_url: str) -> None:
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            g = await s.write(Q.q_create_group, "Rodzina", {"preset": "pl-3"}, 1.0, None)
            sid = await K.new_sheet(s, g.id, NAMES, Rules.preset("pl-3"), 0)
            kept = await K.open_sheet(s, sid)
            one = await K.add_deal(s, kept, deal(kept, declarer="1", contract="120",
                                                 cards="30,80,", melds=",C,"), None)
            two = await K.add_deal(s, one, deal(one, declarer="2", contract="100",
                                                cards="20,0,"), None)
            assert two.settled.scores == (50, 120, 110) and two.row.version == 2
            # A phone that still shows version 1 cannot overwrite deal 2.
            with pytest.raises(K.Stale):
                await K.add_deal(s, one, deal(one, declarer="2", contract="100",
                                              cards="0,0,"), None)
            assert (await K.open_sheet(s, sid)).row.deals == two.row.deals
            # A refused deal stores nothing.
            with pytest.raises(SheetError):
                await K.add_deal(s, two, deal(two, declarer="0", contract="100",
                                              cards="10,10,10"), None)
            fixed = await K.edit_deal(s, two, 0, deal(two, 0, declarer="1", contract="120",
                                                      cards="30,50,"), None)
            assert fixed.settled.scores == (50, -120, 140)
            assert fixed.row.summary == {"scores": [50, -120, 140], "winner": None,
                                         "deals": 2, "preset": "pl-3", "goal": 1000}
            gone = await K.delete_last(s, fixed, None)
            assert len(gone.sheet.deals) == 1
            with pytest.raises(K.Stale):
                await K.undo(s, two)                         # from an old version
            back = await K.undo(s, gone)                     # the deletion undone
            assert back.settled.scores == (50, -120, 140)
            back = await K.undo(s, back)                     # the correction undone
            assert back.settled.scores == (50, 120, 110)
            back = await K.undo(s, back)
            back = await K.undo(s, back)
            assert back.sheet.deals == [] and back.row.version == 8
            with pytest.raises(SheetError):
                await K.undo(s, back)
        finally:
            await s.close()
    run(go())


def test_a_finished_game_is_stored_finished(db_url: str) -> None:
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            g = await s.write(Q.q_create_group, "Rodzina", {"preset": "pl-3"}, 1.0, None)
            sid = await K.new_sheet(s, g.id, NAMES, Rules.preset("pl-3"), 2,
                                    start_scores=(900, 0, 0))
            kept = await K.open_sheet(s, sid)
            done = await K.add_deal(s, kept, deal(kept, declarer="0", contract="100",
                                                  cards="100,10,"), None)
            assert done.row.status == "finished" and done.row.summary["winner"] == 0
            with pytest.raises(SheetError):
                await K.add_deal(s, done, deal(kept, declarer="1", contract="100",
                                               cards="10,100,"), None)
            rows = await s.read(Q.q_sheets, g.id)
            assert [r.id for r in rows] == [sid]
        finally:
            await s.close()
    run(go())


def test_finished_online_games_of_linked_players_count_marked_online(db_url: str) -> None:
    async def go() -> None:
        s = await Store.open(db_url)
        try:
            ania = await s.create_user("Ania", 1.0)
            g = await s.write(Q.q_create_group, "Rodzina", {"preset": "pl-3"}, 1.0, ania.id)
            await K.new_sheet(s, g.id, NAMES, Rules.preset("pl-3"), 0)
            players = await s.read(Q.q_players, g.id)
            await s.write(Q.q_link_player, g.id, players[0].id, ania.id)
            game = finished_game()
            for tid, status in (("done", "finished"), ("left", "abandoned")):
                await s.create_table(tid, ania.id, {}, 1, [{"user": ania.id}, {}, {}], 1.0,
                                     {}, False)
                fence = await s.take_fence(tid)
                await s.append(tid, fence, 1, {"t": "x"}, 2.0,
                               {"status": status, "summary": {}, "deadline": None,
                                "record": dumps(to_record(game, ["Ania", "bot", "bot"]))})
            stats, games = await K.group_stats(s, g.id)
            online = [x for x in games if x.online]
            assert [x.key for x in online] == ["table:done"]
            assert online[0].who == (f"p{players[0].id}", None, None)
            ania_stats = stats.player(f"p{players[0].id}")
            assert ania_stats is not None
            assert (ania_stats.games, ania_stats.online, ania_stats.won) == (
                2, 1, int(game.winner == 0))
            assert stats.online == 1 and stats.games == 2
        finally:
            await s.close()
    run(go())


def test_a_database_of_the_first_schema_is_migrated_keeping_its_data(db_url: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))

    def upgrade_to_0001(conn: sa.Connection) -> None:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(sa.text("INSERT INTO users (name, created) VALUES ('Stara', 1.0)"))

    async def go() -> None:
        if db_url.startswith("sqlite"):
            engine = sa.create_engine(db_url)
            with engine.begin() as conn:
                upgrade_to_0001(conn)
            engine.dispose()
        else:
            aengine = create_async_engine(db_url.replace("postgresql://",
                                                         "postgresql+asyncpg://"))
            async with aengine.begin() as ac:
                await ac.run_sync(upgrade_to_0001)
            await aengine.dispose()
        s = await Store.open(db_url)                 # migrates to the newest schema
        try:
            user = await s.user(1)
            assert user is not None and user.name == "Stara"
            g = await s.write(Q.q_create_group, "Po migracji", {"preset": "pl-3"}, 1.0, 1)
            assert (await s.read(Q.q_group, g.id)).name == "Po migracji"
        finally:
            await s.close()
    run(go())
