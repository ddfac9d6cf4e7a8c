"""Keeping score sheets in the site's store: what the web pages and ``tysiac sheet``
both do — open a sheet, add, correct or delete a deal, undo, import, and gather a
group's games for statistics. Every change is settled by the engine before it is
stored, and stored in one transaction, or not at all.

(This module needs the storage: the rest of :mod:`tysiac.scoresheet` does not.)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..engine.sheet import SheetDeal
from ..record import RecordError, read_record
from ..record.fields import record_from_data
from ..record.json_io import sheet_json
from ..record.model import SheetRow as RecordSheetRow
from ..rules import Rules
from ..storage import Store
from ..storage import sheets as Q
from .errors import SheetError
from .model import Sheet
from .settled import SettledSheet, change, settle_sheet
from .stats import PlayedGame, Stats, played_game, statistics

#: A player's name at the table: as long as the online tables allow.
NAME_LENGTH = (1, 20)
GROUP_NAME_LENGTH = (1, 60)


@dataclass(slots=True)
class Kept:
    """A stored sheet, read back and settled."""

    row: Q.SheetRow
    settled: SettledSheet

    @property
    def sheet(self) -> Sheet:
        return self.settled.sheet

    @property
    def id(self) -> int:
        return self.row.id


class Stale(SheetError):
    """The sheet changed (another phone) since the change was made: nothing stored."""

    def __init__(self) -> None:
        super().__init__("Ktoś w międzyczasie zmienił tę tabelę. Sprawdź wyniki i wyślij "
                         "jeszcze raz: to, co wpisano, zostało w formularzu.",
                         "Somebody changed this sheet meanwhile. Check the totals and send "
                         "again: what you entered is still in the form.")


def sheet_of(row: Q.SheetRow, deals: list[dict[str, Any]] | None = None) -> Sheet:
    """A stored sheet (with other ``deals``) as a :class:`Sheet`, read by the record
    reader."""
    record = record_from_data({"rules": row.rules, "players": row.names,
                               "first_dealer": row.first_dealer,
                               "deals": row.deals if deals is None else deals,
                               "start_scores": row.start_scores})
    rows = [d.sheet for d in record.deals if isinstance(d, RecordSheetRow)]
    return Sheet(record.rules, record.players, record.first_dealer, rows, record.start_scores)


def deals_json(sheet: Sheet) -> list[dict[str, Any]]:
    return [sheet_json(d) for d in sheet.deals]


def summary(settled: SettledSheet) -> dict[str, Any]:
    """What lists of sheets show without settling them again."""
    rules = settled.sheet.rules
    return {"scores": list(settled.scores), "winner": settled.winner,
            "deals": len(settled.deals), "preset": rules.preset_name, "goal": rules.goal}


def status(settled: SettledSheet) -> str:
    return "finished" if settled.finished else "playing"


async def open_sheet(store: Store, sheet_id: int) -> Kept | None:
    row = await store.read(Q.q_sheet, sheet_id)
    if row is None:
        return None
    return Kept(row, settle_sheet(sheet_of(row)))


def check_names(names: list[str], rules: Rules) -> list[str]:
    """The players' names, tidied; :class:`SheetError` (field ``players``) if they
    do not fit the rules."""
    tidy = [" ".join(n.split()) for n in names]
    tidy = [n for n in tidy if n]
    if len(tidy) != rules.players:
        raise SheetError(f"Te zasady są dla {rules.players} graczy: wpisz {rules.players} "
                         f"imiona (jest {len(tidy)})",
                         f"These rules are for {rules.players} players: enter "
                         f"{rules.players} names (not {len(tidy)})", field="players")
    if any(not NAME_LENGTH[0] <= len(n) <= NAME_LENGTH[1] for n in tidy):
        raise SheetError("Imię ma od 1 do 20 znaków", "A name has 1 to 20 characters",
                         field="players")
    if len({n.casefold() for n in tidy}) != len(tidy):
        raise SheetError("Każdy gracz potrzebuje innego imienia",
                         "Every player needs a name of their own", field="players")
    return tidy


async def new_sheet(store: Store, group_id: int, names: list[str], rules: Rules,
                    first_dealer: int, start_scores: tuple[int, ...] | None = None,
                    deals: list[SheetDeal] | None = None, house_rules: bool = True) -> int:
    """A new sheet (or an imported one, with its ``deals``) of a group; the id.
    :class:`SheetError` if the names or the deals do not fit the rules."""
    names = check_names(names, rules)
    if not 0 <= first_dealer < rules.players:
        raise SheetError("Wybierz, kto rozdaje pierwszy", "Choose who deals first",
                         field="first_dealer")
    sheet = Sheet(rules, names, first_dealer, list(deals or []), start_scores)
    settled = settle_sheet(sheet)
    if settled.error is not None:
        e = settled.error
        where = (f"rozdanie {e.deal + 1}: ", f"deal {e.deal + 1}: ") if e.deal is not None \
            else ("", "")
        raise SheetError(where[0] + e.texts[0], where[1] + e.texts[1], e.deal, e.field)
    return await store.write(Q.q_create_sheet, group_id, names, rules.to_dict(), first_dealer,
                             deals_json(sheet), start_scores, status(settled),
                             summary(settled), time.time(), house_rules)


async def _store(store: Store, kept: Kept, settled: SettledSheet, kind: str, deal: int | None,
                 user_id: int | None) -> Kept:
    ok = await store.write(Q.q_change_sheet, kept.id, kept.row.version, deals_json(settled.sheet),
                           status(settled), summary(settled), kind, deal, kept.row.deals,
                           user_id, time.time())
    if not ok:
        raise Stale()
    fresh = await open_sheet(store, kept.id)
    assert fresh is not None
    return fresh


async def add_deal(store: Store, kept: Kept, deal: SheetDeal, user_id: int | None) -> Kept:
    """The sheet with ``deal`` after its last; :class:`SheetError` if the rules refuse
    it (the field named), :class:`Stale` if the sheet changed meanwhile."""
    if kept.settled.finished:
        raise SheetError("Partia jest już zakończona", "The game is over")
    deals = [*kept.sheet.deals, deal]
    return await _store(store, kept, change(kept.sheet, deals, len(deals) - 1), "add",
                        len(deals) - 1, user_id)


async def edit_deal(store: Store, kept: Kept, at: int, deal: SheetDeal,
                    user_id: int | None) -> Kept:
    """The sheet with deal ``at`` corrected and every later deal settled again."""
    deals = list(kept.sheet.deals)
    deals[at] = deal
    return await _store(store, kept, change(kept.sheet, deals, at), "edit", at, user_id)


async def delete_last(store: Store, kept: Kept, user_id: int | None) -> Kept:
    deals = kept.sheet.deals[:-1]
    settled = settle_sheet(kept.sheet.with_deals(deals))
    return await _store(store, kept, settled, "delete", len(deals), user_id)


async def last_change(store: Store, kept: Kept) -> Q.ChangeRow | None:
    return await store.read(Q.q_last_change, kept.id)


async def undo(store: Store, kept: Kept) -> Kept:
    """The sheet as it was before its last change. :class:`SheetError` if there is
    nothing to undo, :class:`Stale` if it changed meanwhile."""
    last = await last_change(store, kept)
    if last is None:
        raise SheetError("Nie ma czego cofnąć", "There is nothing to undo")
    settled = settle_sheet(sheet_of(kept.row, last.before))
    ok = await store.write(Q.q_undo, kept.id, kept.row.version, last.version, status(settled),
                           summary(settled), time.time())
    if not ok:
        raise Stale()
    fresh = await open_sheet(store, kept.id)
    assert fresh is not None
    return fresh


# --- statistics ----------------------------------------------------------------------------

async def group_games(store: Store, group_id: int) -> tuple[dict[str, str], list[PlayedGame]]:
    """A group's players (identity -> name) and its games: its sheets, and the finished
    online games of its players who are accounts (marked online)."""
    players = await store.read(Q.q_players, group_id)
    names = {f"p{p.id}": p.name for p in players}
    games = []
    for row in await store.read(Q.q_sheets, group_id):
        sheet = sheet_of(row)
        who = tuple(f"p{s['player']}" for s in row.seats)
        games.append(played_game(sheet.record(), f"sheet:{row.id}", row.created, False, who))
    linked = {p.user_id: f"p{p.id}" for p in players if p.user_id is not None}
    for g in await store.read(Q.q_online_games, list(linked)):
        try:
            record = read_record(g.record)
        except RecordError:
            continue                       # a closed table's record is valid by making
        seats = [linked.get(u) if u is not None else None for u in g.users]
        seats = (seats + [None] * record.rules.players)[:record.rules.players]
        games.append(played_game(record, f"table:{g.table_id}", g.when, True, seats))
    return names, games


async def group_stats(store: Store, group_id: int) -> tuple[Stats, list[PlayedGame]]:
    names, games = await group_games(store, group_id)
    return statistics(games, names), games
