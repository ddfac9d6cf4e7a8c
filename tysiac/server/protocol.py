"""The WebSocket protocol (docs/PROTOCOL.md): reading what clients send, and the
JSON of what each seat may see.

Reading is total: any text gets a :class:`ClientMessage` or a
:class:`~tysiac.server.table.TableError` saying what is wrong. Writing builds a
seat's message from that seat's :class:`~tysiac.engine.views.View` only, so a
message can hold no card the seat may not know.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import POINTS, card_str, cards_of, sorted_for_display, suit_str
from ..engine import actions as A
from ..engine.game import Game
from ..engine.results import DealResult
from ..engine.review import replay_deal, settle_notes
from ..engine.views import View
from .table import BOT_LEVELS, Settings, Table, TableError

PROTOCOL_VERSION = 1
#: The largest client message read, in bytes (the largest legal one is ~100).
MAX_MESSAGE = 2048
_CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: Client message types and the fields each carries besides ``type`` and ``seq``.
CLIENT_TYPES = {
    "hello": (), "ping": (), "act": ("action",), "seen": (), "next": (), "sit": ("seat",),
    "leave": (), "ready": ("ready",), "kick": ("seat",), "seat": ("seat", "bot"),
    "hint": (), "lang": ("lang",), "sync": (), "analysis": (),
}
#: Types that change the table, so carry a sequence number.
NUMBERED = frozenset(CLIENT_TYPES) - {"hello", "ping", "hint", "lang", "sync", "analysis"}


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    seq: int | None
    fields: dict[str, Any]


def _error(code: str, pl: str, en: str) -> TableError:
    return TableError(code, pl, en)


def read_client(text: str | bytes) -> ClientMessage:
    """One client message; :class:`TableError` ``bad_message`` if it is none."""
    if len(text) > MAX_MESSAGE:
        raise _error("too_large", f"wiadomość jest za długa (ponad {MAX_MESSAGE} bajtów)",
                     f"the message is too long (over {MAX_MESSAGE} bytes)")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _error("bad_message", "wiadomość to nie jest JSON",
                     "the message is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise _error("bad_message", "wiadomość to obiekt z polem \"type\"",
                     "a message is an object with a \"type\"")
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise _error("bad_message", f"nieznany typ wiadomości {kind[:20]!r}",
                     f"unknown message type {kind[:20]!r}")
    seq = data.get("seq")
    if kind in NUMBERED and (type(seq) is not int or not 0 < seq < 2**53):
        raise _error("bad_seq", "wiadomość potrzebuje numeru \"seq\" (liczba od 1)",
                     "the message needs a \"seq\" number (from 1)")
    fields = {k: data.get(k) for k in CLIENT_TYPES[kind]}
    if kind == "hello":
        client, version = data.get("client"), data.get("version", 0)
        if not isinstance(client, str) or not _CLIENT_ID.fullmatch(client):
            raise _error("bad_message", "\"client\": identyfikator karty przeglądarki "
                         "(1-32 litery, cyfry, _ lub -)",
                         "\"client\": the browser tab's id (1-32 letters, digits, _ or -)")
        if type(version) is not int or version < 0:
            raise _error("bad_message", "\"version\" to liczba od 0",
                         "\"version\" is a number from 0")
        fields = {"client": client, "version": version}
    return ClientMessage(kind, seq if kind in NUMBERED else None, fields)


def table_event(msg: ClientMessage, user: int, client: str, name: str) -> dict[str, Any]:
    """The table event a numbered client message asks for (``name``: the user's,
    for taking a seat)."""
    ev: dict[str, Any] = {"t": msg.type, "user": user, "client": client, "seq": msg.seq}
    if msg.type == "act":
        ev["a"] = msg.fields["action"]
    else:
        ev.update(msg.fields)
    if msg.type == "sit":
        ev["name"] = name
    return ev


# --- what a seat sees ---------------------------------------------------------

def _cards(cards: Sequence[int]) -> list[str]:
    return [card_str(c) for c in cards]


def view_json(v: View, sheet: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A seat's view as JSON: cards as record codes, suits as letters. ``sheet``: the
    score sheet's rows if already built (they are the same for every seat)."""
    out: dict[str, Any] = {
        "seat": v.seat, "phase": v.phase, "to_move": v.to_move, "dealer": v.dealer,
        "sitting_out": v.sitting_out, "scores": list(v.scores), "bombs": list(v.bombs),
        "zeros": list(v.zeros), "barrel": list(v.barrel), "deal_number": v.deal_number,
        "hand": _cards(sorted_for_display(sum(1 << c for c in v.hand))),
        "hand_sizes": list(v.hand_sizes), "obligatory": v.obligatory,
        "bids": [list(b) for b in v.bids], "bid": v.bid, "bidder": v.bidder,
        "declarer": v.declarer, "contract": v.contract, "musik_choice": v.musik_choice,
        "musik": _cards(v.musik) if v.musik is not None else None,
        "musik_revealed": v.musik_revealed,
        "given": [[r, card_str(c)] for r, c in v.given], "discards": _cards(v.discards),
        "drawn": _cards(v.drawn), "stock_size": v.stock_size,
        "trump": suit_str(v.trump) if v.trump is not None else None,
        "trick": [[s, card_str(c)] for s, c in v.trick],
        "tricks": [[leader, _cards(cards), winner] for leader, cards, winner in v.tricks],
        "melds": [[s, suit_str(x)] for s, x in v.melds],
        "points": list(v.points), "tricks_won": list(v.tricks_won),
        "legal": [A.to_json(a) for a in v.legal],
        "sheet": sheet if sheet is not None else [sheet_row(r) for r in v.results],
        "winner": v.winner,
    }
    if v.seat is not None and v.phase == "bid":
        out["cap"] = v.cap
    return out


def sheet_row(r: DealResult) -> dict[str, Any]:
    """A settled deal as one row of the score sheet."""
    return {
        "dealer": r.dealer, "declarer": r.declarer, "bid": r.bid, "contract": r.contract,
        "bomb": r.bomb, "made": r.made, "points": list(r.points), "cards": list(r.cards),
        "melds": [[suit_str(x) for x in m] for m in r.melds], "tricks": list(r.tricks),
        "delta": list(r.delta), "scores": list(r.scores), "sitting_out": r.sitting_out,
    }


def deal_review(game: Game, index: int = -1) -> dict[str, Any] | None:
    """"Pokaż karty" of a settled deal, public in full once it is settled: the dealt
    hands, the musik(s), the bidding, gives and discards, every trick, the points
    taken and why scores were written otherwise (barrier, barrel, penalties)."""
    if not game.results:
        return None
    r = game.results[index]
    log = r.log
    if log is None:
        return None
    g = replay_deal(game.rules, log)
    tricks = []
    for leader, cards, winner in g.tricks:
        seats, s = [], leader
        for _ in cards:
            seats.append(s)
            s = g.nxt[s]
        tricks.append({"plays": [[p, card_str(c)] for p, c in zip(seats, cards, strict=True)],
                       "winner": winner, "points": sum(POINTS[c] for c in cards)})
    meld_leads = [card_str(A.card_of(a)) for a in log.actions
                  if A.kind(a) == "play" and A.is_meld(a)]
    return {
        "number": (index % len(game.results)) + 1, "dealer": log.dealer,
        "hands": [_cards(sorted_for_display(h)) for h in log.hands],
        "musiks": [_cards(sorted_for_display(m)) for m in log.musiks],
        "musik_choice": g.musik_choice if g.musik_choice >= 0 else None,
        "stock": _cards(log.stock),
        "bids": [list(b) for b in g.bids], "obligatory": g.obligatory if g.bids else None,
        "given": [[to, card_str(c)] for to, c in g.given],
        "discards": _cards(cards_of(g.discards)),
        "tricks": tricks, "meld_leads": meld_leads,
        "result": sheet_row(r),
        "notes": [{"seat": s, "what": what, "n": n} for s, what, n in settle_notes(game, r)],
    }


def public_event(ev: Mapping[str, Any], actor: int | None, seat: int | None,
                 ) -> dict[str, Any] | None:
    """The event that made a version, as ``seat`` may know it: which seat it was
    about (``actor``) and what happened; a give or a discard only by its kind,
    except to the declarer who made it."""
    kind = ev.get("t")
    if kind not in ("act", "seen", "next", "sit", "leave", "kick", "seat", "ready"):
        return None
    out: dict[str, Any] = {"t": kind, "seat": actor}
    for key in ("auto", "ready", "bot"):
        if key in ev:
            out[key] = ev[key]
    if kind == "act":
        a = dict(ev.get("a") or {})
        if ("give" in a or "discard" in a) and (actor is None or actor != seat):
            a = {k: True for k in a if k in ("give", "discard")}
        out["a"] = a
    return out


def settings_json(s: Settings) -> dict[str, Any]:
    """A table's settings as its page shows them (the same for its whole life)."""
    r = s.rules
    return {"rules": r.to_dict(), "players": r.players, "goal": r.goal,
            "barrier": r.barrier, "discard": r.musik_size, "move_seconds": s.move_seconds,
            "hints": s.hints, "private": s.private, "bombs": r.bombs_per_player != 0}


def table_json(t: Table, present: Sequence[bool],
               settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """The public part of a table: settings, seats, whose wait it is."""
    w = t.waiting()
    return {
        "id": t.id, "status": t.status, "version": t.version,
        "settings": settings if settings is not None else settings_json(t.settings),
        "seats": [{"name": seat.name, "bot": seat.bot, "human": seat.human,
                   "taken": not seat.free, "ready": seat.ready,
                   "host": seat.user == t.host and seat.user is not None,
                   "present": present[i] if i < len(present) else False}
                  for i, seat in enumerate(t.seats)],
        "waiting": None if w is None else {
            "seat": w.seat, "gate": w.gate, "gate_seats": sorted(w.gate_seats)},
        "deadline": t.deadline(),
        "levels": list(BOT_LEVELS),
    }
