"""The store of score sheets: groups, their members (accounts that may keep their
sheets) and players (the names at their table), sheets and every change of a sheet.
Plain functions of a connection, as :mod:`.store`'s, run by :meth:`Store.read` and
:meth:`Store.write`; each write is one transaction, so nothing is stored half.

A sheet's deals are RECORD.md's score-sheet deals as JSON; every change raises the
sheet's ``version`` only if it was made from the current one (two phones at one
table cannot overwrite each other), and keeps the deals before it for undo.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from . import schema as S


@dataclass(frozen=True, slots=True)
class GroupRow:
    id: int
    name: str
    invite: str
    rules: dict[str, Any]          # the house rules, as a record's "rules"
    created: float


@dataclass(frozen=True, slots=True)
class PlayerRow:
    id: int
    group_id: int
    name: str
    user_id: int | None


@dataclass(frozen=True, slots=True)
class SheetRow:
    id: int
    group_id: int
    rules: dict[str, Any]
    seats: list[dict[str, Any]]    # [{"player": id, "name": …}] in seat order
    first_dealer: int
    start_scores: list[int] | None
    deals: list[dict[str, Any]]
    version: int
    status: str                    # playing | finished
    summary: dict[str, Any]        # scores, winner, deals
    created: float
    updated: float

    @property
    def names(self) -> list[str]:
        return [str(s["name"]) for s in self.seats]


@dataclass(frozen=True, slots=True)
class ChangeRow:
    version: int
    kind: str                      # add | edit | delete
    deal: int | None
    before: list[dict[str, Any]]
    at: float


@dataclass(frozen=True, slots=True)
class OnlineGame:
    """A finished online game: its record and the account at each seat."""

    table_id: str
    when: float
    record: str
    users: list[int | None]


def _group(r: Any) -> GroupRow:
    return GroupRow(r.id, r.name, r.invite, json.loads(r.rules), r.created)


def _sheet(r: Any) -> SheetRow:
    return SheetRow(r.id, r.group_id, json.loads(r.rules), json.loads(r.seats), r.first_dealer,
                    json.loads(r.start_scores) if r.start_scores else None,
                    json.loads(r.deals), r.version, r.status, json.loads(r.summary),
                    r.created, r.updated)


# --- groups --------------------------------------------------------------------------

def q_create_group(c: Connection, name: str, rules: dict[str, Any], at: float,
                   user_id: int | None) -> GroupRow:
    """A new group (its first member ``user_id``, if any) with a fresh invite."""
    invite = secrets.token_urlsafe(16)
    r = c.execute(S.groups.insert().values(name=name, invite=invite, rules=json.dumps(rules),
                                           created=at))
    key = r.inserted_primary_key
    assert key is not None
    gid = int(key[0])
    if user_id is not None:
        q_join(c, gid, user_id, at)
    return GroupRow(gid, name, invite, rules, at)


def q_group(c: Connection, group_id: int) -> GroupRow | None:
    r = c.execute(sa.select(S.groups).where(S.groups.c.id == group_id)).first()
    return _group(r) if r else None


def q_group_by_invite(c: Connection, invite: str) -> GroupRow | None:
    r = c.execute(sa.select(S.groups).where(S.groups.c.invite == invite)).first()
    return _group(r) if r else None


def q_groups(c: Connection, user_id: int | None) -> list[GroupRow]:
    """The groups of an account, or every group (``None``: the command line)."""
    q = sa.select(S.groups).order_by(S.groups.c.created)
    if user_id is not None:
        q = q.join(S.group_members, S.group_members.c.group_id == S.groups.c.id).where(
            S.group_members.c.user_id == user_id)
    return [_group(r) for r in c.execute(q).all()]


def q_is_member(c: Connection, group_id: int, user_id: int) -> bool:
    return c.execute(sa.select(S.group_members.c.user_id).where(
        S.group_members.c.group_id == group_id,
        S.group_members.c.user_id == user_id)).first() is not None


def q_join(c: Connection, group_id: int, user_id: int, at: float) -> None:
    if not q_is_member(c, group_id, user_id):
        c.execute(S.group_members.insert().values(group_id=group_id, user_id=user_id,
                                                  joined=at))


def q_members(c: Connection, group_id: int) -> list[tuple[int, str]]:
    """The accounts of a group: (user id, name)."""
    return [(r.id, r.name) for r in c.execute(sa.select(S.users.c.id, S.users.c.name).join(
        S.group_members, S.group_members.c.user_id == S.users.c.id).where(
        S.group_members.c.group_id == group_id).order_by(S.group_members.c.joined)).all()]


def q_set_rules(c: Connection, group_id: int, rules: dict[str, Any]) -> None:
    c.execute(S.groups.update().where(S.groups.c.id == group_id).values(
        rules=json.dumps(rules)))


def q_players(c: Connection, group_id: int) -> list[PlayerRow]:
    return [PlayerRow(r.id, r.group_id, r.name, r.user_id) for r in c.execute(
        sa.select(S.group_players).where(S.group_players.c.group_id == group_id).order_by(
            S.group_players.c.id)).all()]


def q_link_player(c: Connection, group_id: int, player_id: int, user_id: int | None) -> bool:
    """Mark a player as an account (whose online games then count as the player's),
    or unmark it; one player per account in a group. False: no such player."""
    if user_id is not None:
        c.execute(S.group_players.update().where(
            S.group_players.c.group_id == group_id,
            S.group_players.c.user_id == user_id).values(user_id=None))
    r = c.execute(S.group_players.update().where(
        S.group_players.c.group_id == group_id,
        S.group_players.c.id == player_id).values(user_id=user_id))
    return r.rowcount == 1


def _players_for(c: Connection, group_id: int, names: Sequence[str]) -> list[int]:
    """The ids of the group's players of these names, new ones added."""
    known = {p.name: p.id for p in q_players(c, group_id)}
    ids = []
    for name in names:
        if name not in known:
            r = c.execute(S.group_players.insert().values(group_id=group_id, name=name))
            key = r.inserted_primary_key
            assert key is not None
            known[name] = int(key[0])
        ids.append(known[name])
    return ids


# --- sheets --------------------------------------------------------------------------

def q_create_sheet(c: Connection, group_id: int, names: Sequence[str], rules: dict[str, Any],
                   first_dealer: int, deals: list[dict[str, Any]],
                   start_scores: Sequence[int] | None, status: str, summary: dict[str, Any],
                   at: float, house_rules: bool = True) -> int:
    """A new sheet of the group, its players added to the group if new; its rules
    become the group's house rules (``house_rules``)."""
    ids = _players_for(c, group_id, names)
    seats = [{"player": i, "name": n} for i, n in zip(ids, names, strict=True)]
    r = c.execute(S.sheets.insert().values(
        group_id=group_id, rules=json.dumps(rules), seats=json.dumps(seats),
        first_dealer=first_dealer,
        start_scores=json.dumps(list(start_scores)) if start_scores is not None else None,
        deals=json.dumps(deals), version=0, status=status, summary=json.dumps(summary),
        created=at, updated=at))
    key = r.inserted_primary_key
    assert key is not None
    if house_rules:
        q_set_rules(c, group_id, rules)
    return int(key[0])


def q_sheet(c: Connection, sheet_id: int) -> SheetRow | None:
    r = c.execute(sa.select(S.sheets).where(S.sheets.c.id == sheet_id)).first()
    return _sheet(r) if r else None


def q_sheets(c: Connection, group_id: int | None, limit: int = 500) -> list[SheetRow]:
    """A group's sheets (every sheet: None), newest first."""
    q = sa.select(S.sheets).order_by(S.sheets.c.created.desc(), S.sheets.c.id.desc())
    if group_id is not None:
        q = q.where(S.sheets.c.group_id == group_id)
    return [_sheet(r) for r in c.execute(q.limit(limit)).all()]


def q_change_sheet(c: Connection, sheet_id: int, version: int, deals: list[dict[str, Any]],
                   status: str, summary: dict[str, Any], kind: str, deal: int | None,
                   before: list[dict[str, Any]], user_id: int | None, at: float) -> bool:
    """Store a change made from ``version`` (and what it changed, for undo). False:
    the sheet changed meanwhile and nothing is stored."""
    r = c.execute(S.sheets.update().where(S.sheets.c.id == sheet_id,
                                          S.sheets.c.version == version).values(
        deals=json.dumps(deals), version=version + 1, status=status,
        summary=json.dumps(summary), updated=at))
    if r.rowcount != 1:
        return False
    c.execute(S.sheet_changes.insert().values(
        sheet_id=sheet_id, version=version + 1, kind=kind, deal=deal,
        before=json.dumps(before), user_id=user_id, at=at))
    return True


def q_last_change(c: Connection, sheet_id: int) -> ChangeRow | None:
    r = c.execute(sa.select(S.sheet_changes).where(
        S.sheet_changes.c.sheet_id == sheet_id).order_by(
        S.sheet_changes.c.version.desc()).limit(1)).first()
    return ChangeRow(r.version, r.kind, r.deal, json.loads(r.before), r.at) if r else None


def q_undo(c: Connection, sheet_id: int, version: int, change: int, status: str,
           summary: dict[str, Any], at: float) -> bool:
    """Undo the change ``change`` (the last one): its deals before it come back
    and it is forgotten. False: the sheet changed meanwhile."""
    r = c.execute(sa.select(S.sheet_changes.c.before).where(
        S.sheet_changes.c.sheet_id == sheet_id, S.sheet_changes.c.version == change)).first()
    if r is None:
        return False
    u = c.execute(S.sheets.update().where(S.sheets.c.id == sheet_id,
                                          S.sheets.c.version == version).values(
        deals=r.before, version=version + 1, status=status, summary=json.dumps(summary),
        updated=at))
    if u.rowcount != 1:
        return False
    c.execute(S.sheet_changes.delete().where(S.sheet_changes.c.sheet_id == sheet_id,
                                             S.sheet_changes.c.version == change))
    return True


# --- online games --------------------------------------------------------------------------

def q_online_games(c: Connection, user_ids: Sequence[int]) -> list[OnlineGame]:
    """The finished online games at which any of these accounts sat."""
    if not user_ids:
        return []
    ids = sa.select(S.players.c.table_id).where(S.players.c.user_id.in_(list(user_ids)))
    rows = c.execute(sa.select(S.tables.c.id, S.tables.c.updated, S.tables.c.record).where(
        S.tables.c.id.in_(ids), S.tables.c.status == "finished",
        S.tables.c.record.is_not(None))).all()
    seats: dict[str, dict[int, int | None]] = {}
    for p in c.execute(sa.select(S.players).where(
            S.players.c.table_id.in_([r.id for r in rows]))).all():
        seats.setdefault(p.table_id, {})[p.seat] = p.user_id
    out = []
    for r in rows:
        by_seat = seats.get(r.id, {})
        users = [by_seat.get(i) for i in range(max(by_seat, default=-1) + 1)]
        out.append(OnlineGame(r.id, r.updated, r.record, users))
    return out
