"""Score-sheet deals: a deal given by its results, for games played with real cards
(RECORD.md, "Score sheet"). Checked for consistency, then settled like any deal."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import MARRIAGE_VALUES
from ..rules import Rules
from .actions import MAX_POINTS
from .errors import IllegalAction
from .scoring import Outcome


@dataclass(frozen=True, slots=True)
class SheetDeal:
    """One row of a score sheet. ``cards``: card points per seat (2 players:
    leftover included); ``melds``: suits announced per seat; ``tricks``: tricks
    per seat, optional (without it a seat with 0 card points took no trick);
    ``musik``: the musik's cards (4 players, for the sitting-out bonus)."""

    declarer: int | None
    contract: int | None = None
    bid: int | None = None
    bomb: bool = False
    cards: tuple[int, ...] = ()
    melds: tuple[tuple[int, ...], ...] = ()
    tricks: tuple[int, ...] | None = None
    musik: tuple[int, ...] = ()


def _bad(field: str, pl: str, en: str) -> IllegalAction:
    """``field``: the sheet deal's field at fault (``cards``, ``melds``…), for a
    form to show the message next to it."""
    return IllegalAction("bad_sheet", detail=(pl, en), field=field)


def sheet_outcome(rules: Rules, sheet: SheetDeal, playing: tuple[int, ...],
                  sitting_out: int | None, bombs: tuple[int, ...]) -> Outcome:
    """Check a sheet deal against the rules and turn it into an :class:`Outcome`."""
    n = rules.players
    d = sheet.declarer
    if rules.draw_game:
        if d is not None or sheet.bomb or sheet.contract is not None or sheet.bid is not None:
            raise _bad("declarer", "W tysiącu dobieranym nie ma grającego, licytacji, "
                       "kontraktu ani bomby: zapis rozdania to tylko cards i melds",
                       "the draw game has no declarer, bid, contract or bomb: its score-sheet "
                       "deal has only cards and melds")
    elif d not in playing:
        raise _bad("declarer", f"Grający musi być jednym z grających miejsc {list(playing)}",
                   f"the declarer must be one of the playing seats {list(playing)}")
    step = rules.bid_step
    if sheet.bid is not None and (sheet.bid < 100 or sheet.bid % step or sheet.bid > MAX_POINTS):
        raise _bad("bid", f"Licytacja {sheet.bid} nie jest możliwa",
                   f"{sheet.bid} is not a possible bid")
    musik = 0
    for c in sheet.musik:
        musik |= 1 << c
    if sheet.musik and (len(sheet.musik) != 3 or musik.bit_count() != 3 or n != 4):
        raise _bad("musik", "Musik w zapisie to 3 różne karty, tylko we czworo",
                   "a sheet's musik is 3 distinct cards, for 4 players only")
    if sheet.bomb:
        assert d is not None
        _check_sheet_bomb(rules, sheet, d, bombs)
        return Outcome(d, None, True, (0,) * n, (0,) * n, playing, sitting_out, musik)

    if not rules.draw_game:
        c = sheet.contract or 0
        if c % step or not 100 <= c <= MAX_POINTS:
            raise _bad("contract",
                       f"Kontrakt musi być wielokrotnością {step} od 100 do {MAX_POINTS}",
                       f"the contract must be a multiple of {step} from 100 to {MAX_POINTS}")
        if sheet.bid is not None and c < sheet.bid:
            raise _bad("contract", f"Kontrakt {c} jest niższy niż licytacja {sheet.bid}",
                       f"the contract {c} is below the bid {sheet.bid}")
    if len(sheet.cards) != n:
        raise _bad("cards", f"Potrzeba {n} liczb punktów z kart (po jednej na miejsce), "
                   f"jest {len(sheet.cards)}",
                   f"cards needs {n} card-point counts (one per seat), not {len(sheet.cards)}")
    for seat, x in enumerate(sheet.cards):
        if not 0 <= x <= 120:
            raise _bad("cards", f"cards[{seat}] = {x}: punkty z kart to od 0 do 120",
                       f"cards[{seat}] is {x}: card points run from 0 to 120")
    if sitting_out is not None and sheet.cards[sitting_out]:
        raise _bad("cards", "Pauzujący nie bierze lew", "the sitting-out seat takes no tricks")
    total = sum(sheet.cards)
    leftover_lost = rules.players == 2 and rules.leftover_cards == "nobody" and not rules.draw_game
    if total != 120 and not (leftover_lost and total < 120):
        raise _bad("cards", f"Punkty z kart sumują się do {total}, a nie do 120",
                   f"card points add up to {total}, not 120")
    melds = sheet.melds or ((),) * n
    if len(melds) != n:
        raise _bad("melds", f"Potrzeba {n} list meldunków", f"melds needs {n} lists")
    announced = [s for m in melds for s in m]
    if len(set(announced)) != len(announced):
        raise _bad("melds", "Każdy kolor można zameldować raz", "each suit can be announced once")
    if sitting_out is not None and melds[sitting_out]:
        raise _bad("melds", "Pauzujący nie melduje", "the sitting-out seat announces nothing")
    tricks = sheet.tricks
    if tricks is not None:
        if len(tricks) != n or any(t < 0 for t in tricks) or sum(tricks) != rules.tricks_per_deal:
            raise _bad("tricks", f"Lewy muszą sumować się do {rules.tricks_per_deal}",
                       f"tricks must add up to {rules.tricks_per_deal}")
        if any(t == 0 and x > 0 for t, x in zip(tricks, sheet.cards, strict=True)):
            raise _bad("tricks", "Punkty z kart bez wziętej lewy",
                       "card points without a trick taken")
        # Each marriage is announced leading a trick: only the declarer leads one
        # without having taken a trick (the first).
        for seat, (t, m) in enumerate(zip(tricks, melds, strict=True)):
            if len(m) > t + (seat == d):
                raise _bad("melds",
                           "Meldunek bez wyjścia: meldować można tylko wychodząc do lewy",
                           "a marriage without a lead: marriages are announced leading a trick")
    else:
        tricks = tuple(1 if x > 0 else 0 for x in sheet.cards)
    points = tuple(x + sum(MARRIAGE_VALUES[s] for s in m)
                   for x, m in zip(sheet.cards, melds, strict=True))
    return Outcome(d, sheet.contract if not rules.draw_game else None, False, points,
                   tuple(tricks), playing, sitting_out, musik)


def _check_sheet_bomb(rules: Rules, sheet: SheetDeal, d: int, bombs: tuple[int, ...]) -> None:
    limit = rules.bombs_per_player
    if limit == 0:
        raise IllegalAction("bomb_not_allowed", seat=d)
    if limit is not None and bombs[d] >= limit:
        raise IllegalAction("bomb_not_allowed", "used", seat=d, count=limit)
    if rules.bomb_only_unraised_100 and (sheet.bid or 100) != 100:
        raise IllegalAction("bomb_not_allowed", "unraised", seat=d)
