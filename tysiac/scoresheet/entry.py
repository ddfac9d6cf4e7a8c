"""A deal of a score sheet from the fields of a form (the web page, the command
line, a CSV row): what each field holds, checked for its kind, with the last
seat's card points filled in as 120 minus the rest. Whether the deal fits the
rules is the engine's question (:func:`.settled.change`); here only the fields.

Field names: ``declarer`` (a seat), ``contract``, ``bid``, ``bomb``, ``cards0``…
``cards3``, ``melds0``… (suits, several values), ``tricks0``… (asked for with
``zero_penalty``, read whenever given), ``musik`` (4 players: card codes). An error is keyed by its
field, or by ``cards``/``melds``/``tricks`` for the whole group.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import SUIT_CODES, CardError, card_str, parse_card, parse_suit, suit_str
from ..engine.dealing import seating
from ..engine.sheet import SheetDeal
from ..rules import Rules
from .errors import SheetError

#: Longest value of a field that is read (longer: refused with a message).
MAX_FIELD_CHARS = 40
#: Words that tick a checkbox (``bomb``), in a form, a CSV cell or a command line.
YES = ("1", "on", "true", "yes", "tak", "x", "bomb", "bomba", "b")
NO = ("", "0", "off", "false", "no", "nie", "-")

_NUMBER = re.compile(r"[0-9]{1,4}")
Fields = Mapping[str, Sequence[str]]
Texts = tuple[str, str]


@dataclass(frozen=True, slots=True)
class DealForm:
    """The form of one deal: who deals it, who plays, what the rules ask for."""

    rules: Rules
    names: tuple[str, ...]
    number: int                  # 1, 2, …
    dealer: int
    playing: tuple[int, ...]     # clockwise from the dealer's left
    sitting_out: int | None

    @classmethod
    def of(cls, rules: Rules, names: Sequence[str], number: int, dealer: int) -> DealForm:
        order, _, out = seating(rules, dealer)
        return cls(rules, tuple(names), number, dealer, order, out)

    @property
    def draw_game(self) -> bool:
        return self.rules.draw_game

    @property
    def bombs(self) -> bool:
        """Whether the form offers a bomb."""
        return not self.draw_game and self.rules.bombs_per_player != 0

    @property
    def tricks(self) -> bool:
        """Whether the form asks for tricks: only ``zero_penalty`` needs them."""
        return self.rules.zero_penalty is not None

    @property
    def musik(self) -> bool:
        """4 players: the musik's cards, for the sitting-out seat's bonus."""
        return self.sitting_out is not None

    @property
    def auto_fill(self) -> bool:
        """Whether the last seat's card points are 120 minus the rest: not with 2
        players whose leftover cards count for nobody (their total is less)."""
        r = self.rules
        return not (r.players == 2 and not r.draw_game and r.leftover_cards == "nobody")

    @property
    def obligatory(self) -> int | None:
        return None if self.draw_game else self.playing[0]


@dataclass(slots=True)
class Entry:
    """What a form gave: the deal (None if a field is wrong), the errors by field
    (Polish, English), and the values to show again, the filled-in ones included."""

    deal: SheetDeal | None
    errors: dict[str, Texts]
    declarer: str = ""
    contract: str = ""
    bid: str = ""
    bomb: bool = False
    cards: list[str] = field(default_factory=list)
    auto: int | None = None              # the seat whose card points were filled in
    melds: list[list[str]] = field(default_factory=list)
    tricks: list[str] = field(default_factory=list)
    musik: list[str] = field(default_factory=list)

    def error(self, key: str, lang: str) -> str:
        texts = self.errors.get(key)
        return "" if texts is None else texts[0 if lang == "pl" else 1]


def _one(fields: Fields, key: str) -> str:
    values = fields.get(key) or ()
    return str(values[-1]) if values else ""


def read_entry(form: DealForm, fields: Fields) -> Entry:
    """Read a deal from ``fields``. Never raises: every fault is an error of its field."""
    n = form.rules.players
    names = form.names
    errors: dict[str, Texts] = {}
    e = Entry(None, errors, cards=[""] * n, melds=[[] for _ in range(n)], tricks=[""] * n)

    def number(key: str, high: int, what: Texts) -> int | None:
        text = _one(fields, key).strip()
        if not text:
            return None
        if len(text) > MAX_FIELD_CHARS or not _NUMBER.fullmatch(text) or int(text) > high:
            errors[key] = (f"{what[0]}: to nie jest liczba od 0 do {high}",
                           f"{what[1]}: not a number from 0 to {high}")
            return None
        return int(text)

    bomb_text = _one(fields, "bomb").strip().lower()
    e.bomb = bomb_text in YES
    if bomb_text not in YES + NO:
        errors["bomb"] = ("Bomba: zaznacz albo zostaw puste", "Bomb: tick it or leave it empty")

    declarer = contract = bid = None
    if not form.draw_game:
        e.declarer = _one(fields, "declarer").strip()[:MAX_FIELD_CHARS]
        if not e.declarer:
            errors["declarer"] = ("Wybierz, kto grał", "Choose who played (the declarer)")
        elif e.declarer.isascii() and e.declarer.isdigit() and int(e.declarer) < n:
            declarer = int(e.declarer)
            if declarer not in form.playing:
                errors["declarer"] = (f"{names[declarer]} pauzuje w tym rozdaniu",
                                      f"{names[declarer]} sits this deal out")
        else:
            errors["declarer"] = ("Wybierz jednego z graczy", "Choose one of the players")
        e.contract = _one(fields, "contract").strip()[:MAX_FIELD_CHARS]
        e.bid = _one(fields, "bid").strip()[:MAX_FIELD_CHARS]
        contract = number("contract", 9999, ("Kontrakt", "Contract"))
        bid = number("bid", 9999, ("Licytacja", "Bid"))
        if not e.bomb and contract is None and "contract" not in errors:
            errors["contract"] = ("Wpisz kontrakt, np. 120", "Enter the contract, e.g. 120")

    cards = _cards(form, fields, e, errors)
    melds = _melds(form, fields, e, errors)
    given = any(_one(fields, f"tricks{seat}").strip() for seat in range(n))
    tricks = _tricks(form, fields, e, errors) if form.tricks or given else None
    musik = _musik(form, fields, e, errors) if form.musik else ()

    if errors:
        return e
    if form.draw_game:
        e.deal = SheetDeal(None, cards=cards, melds=melds, tricks=tricks)
    elif e.bomb:
        e.deal = SheetDeal(declarer, bid=bid, bomb=True, musik=musik)
    else:
        e.deal = SheetDeal(declarer, contract, bid, False, cards, melds, tricks, musik)
    return e


def _cards(form: DealForm, fields: Fields, e: Entry, errors: dict[str, Texts]
           ) -> tuple[int, ...]:
    """Card points per seat; the one seat left empty gets 120 minus the rest."""
    n = form.rules.players
    values: list[int | None] = [0] * n
    blank = []
    for seat in form.playing:
        key = f"cards{seat}"
        e.cards[seat] = _one(fields, key).strip()[:MAX_FIELD_CHARS]
        name = form.names[seat]
        text = e.cards[seat]
        if not text:
            blank.append(seat)
            values[seat] = None
        elif not _NUMBER.fullmatch(text) or int(text) > 120:
            errors[key] = (f"{name}: punkty z kart to liczba od 0 do 120",
                           f"{name}: card points are a number from 0 to 120")
        else:
            values[seat] = int(text)
    if e.bomb or any(k.startswith("cards") for k in errors):
        return ()
    if len(blank) == 1 and form.auto_fill:
        seat = blank[0]
        rest = sum(v or 0 for v in values)
        if rest > 120:
            errors["cards"] = (f"Punkty z kart pozostałych graczy sumują się do {rest}: "
                               "więcej niż 120",
                               f"the other players' card points add up to {rest}: "
                               "more than 120")
            return ()
        values[seat] = 120 - rest
        e.cards[seat] = str(120 - rest)
        e.auto = seat
    elif blank:
        missing = ", ".join(form.names[s] for s in blank)
        if form.auto_fill and len(blank) == len(form.playing):
            errors["cards"] = ("Wpisz punkty z kart wszystkich oprócz jednego (jego policzę "
                               "sam: 120 minus reszta)",
                               "Enter the card points of all but one (that one is worked out: "
                               "120 minus the rest)")
        elif form.auto_fill:
            errors["cards"] = (f"Wpisz punkty z kart: {missing} (ostatniego policzę sam: "
                               "120 minus reszta)",
                               f"Enter the card points of {missing} (the last one is "
                               "worked out: 120 minus the rest)")
        else:
            errors["cards"] = (f"Wpisz punkty z kart: {missing} (karty, które zostały, nie "
                               "liczą się nikomu, więc sumy nie zgaduję)",
                               f"Enter the card points of {missing} (the leftover cards count "
                               "for nobody, so the total is not guessed)")
        return ()
    return tuple(v or 0 for v in values)


def _melds(form: DealForm, fields: Fields, e: Entry, errors: dict[str, Texts]
           ) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for seat in range(form.rules.players):
        key = f"melds{seat}"
        suits: list[int] = []
        for raw in fields.get(key) or ():
            for text in _split(str(raw)[:MAX_FIELD_CHARS], letters=True):
                try:
                    suit = parse_suit(text)
                except CardError:
                    errors[key] = (f"{form.names[seat]}: meldunek to kolor: "
                                   f"{', '.join(SUIT_CODES)} albo ♥ ♦ ♣ ♠",
                                   f"{form.names[seat]}: a marriage is a suit: "
                                   f"{', '.join(SUIT_CODES)} or ♥ ♦ ♣ ♠")
                    continue
                if suit in suits:
                    errors[key] = (f"{form.names[seat]}: ten sam meldunek dwa razy",
                                   f"{form.names[seat]}: the same marriage twice")
                else:
                    suits.append(suit)
        e.melds[seat] = [suit_str(s) for s in suits]
        out.append(tuple(suits))
    return tuple(out) if any(out) else ((),) * form.rules.players


def _tricks(form: DealForm, fields: Fields, e: Entry, errors: dict[str, Texts]
            ) -> tuple[int, ...] | None:
    """Tricks per seat, or None (all empty: the card points tell who took none);
    the one seat left empty gets the rest."""
    total = form.rules.tricks_per_deal
    n = form.rules.players
    values: list[int | None] = [0] * n
    blank = []
    for seat in form.playing:
        key = f"tricks{seat}"
        e.tricks[seat] = text = _one(fields, key).strip()[:MAX_FIELD_CHARS]
        if not text:
            blank.append(seat)
            values[seat] = None
        elif not _NUMBER.fullmatch(text) or int(text) > total:
            errors[key] = (f"{form.names[seat]}: lewy to liczba od 0 do {total}",
                           f"{form.names[seat]}: tricks are a number from 0 to {total}")
        else:
            values[seat] = int(text)
    if e.bomb or len(blank) == len(form.playing) or any(k.startswith("tricks") for k in errors):
        return None
    if len(blank) == 1:
        rest = sum(v or 0 for v in values)
        if rest > total:
            errors["tricks"] = (f"Lew jest {total}, a wpisane sumują się do {rest}",
                                f"there are {total} tricks, yet these add up to {rest}")
            return None
        values[blank[0]] = total - rest
        e.tricks[blank[0]] = str(total - rest)
    elif blank:
        errors["tricks"] = ("Wpisz lewy wszystkich (albo żadnego)",
                            "Enter everybody's tricks (or nobody's)")
        return None
    return tuple(v or 0 for v in values)


def _musik(form: DealForm, fields: Fields, e: Entry, errors: dict[str, Texts]
           ) -> tuple[int, ...]:
    cards: list[int] = []
    for raw in fields.get("musik") or ():
        for text in _split(str(raw)[:3 * MAX_FIELD_CHARS], letters=False):
            try:
                cards.append(parse_card(text))
            except CardError:
                errors["musik"] = (f"Musik: {text[:10]!r} to nie karta (np. AS, 10H, D♥)",
                                   f"Musik: {text[:10]!r} is not a card (e.g. AS, 10H, Q♥)")
    e.musik = [card_str(c) for c in cards]
    if cards and (len(cards) != 3 or len(set(cards)) != 3) and "musik" not in errors:
        errors["musik"] = ("Musik to 3 różne karty (albo nic)",
                           "The musik is 3 different cards (or none)")
    return tuple(cards)


def _split(text: str, letters: bool) -> list[str]:
    """Items of a field: separated by spaces or commas; suits may also be written
    together (``HC``, ``♥♣``)."""
    items = [x for x in re.split(r"[\s,;]+", text) if x]
    if letters:
        return [ch for item in items for ch in item]
    return items


def fields_of(deal: SheetDeal, players: int) -> dict[str, list[str]]:
    """A deal as the fields of its form (to correct it)."""
    out: dict[str, list[str]] = {"bomb": ["1" if deal.bomb else ""]}
    if deal.declarer is not None:
        out["declarer"] = [str(deal.declarer)]
    if deal.contract is not None:
        out["contract"] = [str(deal.contract)]
    if deal.bid is not None:
        out["bid"] = [str(deal.bid)]
    for seat in range(players):
        if deal.cards:
            out[f"cards{seat}"] = [str(deal.cards[seat])]
        if deal.melds:
            out[f"melds{seat}"] = [suit_str(s) for s in deal.melds[seat]]
        if deal.tricks is not None:
            out[f"tricks{seat}"] = [str(deal.tricks[seat])]
    if deal.musik:
        out["musik"] = [card_str(c) for c in deal.musik]
    return out


def fields_from_pairs(pairs: Mapping[str, str], names: Sequence[str]) -> dict[str, list[str]]:
    """The fields of a deal written as a record's sheet deal is (the command line, a
    CSV row): ``declarer=Ania`` (a name or a seat from 0), ``contract=120``,
    ``bid=110``, ``bomb``, ``cards=30,76,`` (seat order; one left empty is worked
    out), ``melds=,C,`` (suits per seat), ``tricks=2,5,1``, ``musik=AS KH QH``.
    :class:`SheetError` for an unknown field or more values than players."""
    out: dict[str, list[str]] = {}
    for key, value in pairs.items():
        if key == "declarer":
            seat = next((i for i, name in enumerate(names)
                         if name.casefold() == value.strip().casefold()), None)
            out["declarer"] = [str(seat) if seat is not None else value]
        elif key in ("contract", "bid", "bomb", "musik"):
            out[key] = [value]
        elif key in ("cards", "melds", "tricks"):
            items = value.split(",")
            if len(items) > len(names):
                raise SheetError(f"{key}: {len(items)} wartości, a graczy jest {len(names)}",
                                 f"{key}: {len(items)} values for {len(names)} players",
                                 field=key)
            for seat, item in enumerate(items):
                out[f"{key}{seat}"] = [item]
        else:
            raise SheetError(f"nieznane pole {key[:20]!r}; pola: declarer, contract, bid, "
                             "bomb, cards, melds, tricks, musik",
                             f"unknown field {key[:20]!r}; fields: declarer, contract, bid, "
                             "bomb, cards, melds, tricks, musik", field=key)
    return out
