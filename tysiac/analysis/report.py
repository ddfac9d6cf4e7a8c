"""The analysis as JSON (documented with an example in docs/ANALYSIS.md): cards in
RECORD.md's canonical form (``QH``; a marriage lead ``QH+``), suits as letters,
seats as indices, deals numbered from 1."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..cards import card_str, suit_str
from ..engine import actions as A
from .model import CardReview, Cards, DealAnalysis, Exchange, SeatBidding, SeatLoss

FORMAT = "tysiac-analysis/1"


def exchange_json(e: Exchange | None, contract: int | None = None) -> dict[str, Any] | None:
    """``{"give": {"1": "9S", "2": "JD"}, "points": 132}`` or, with 2 players,
    ``{"musik": 0, "discard": ["9S", "JD"], "points": 132}``; with ``contract``,
    whether it is made."""
    if e is None:
        return None
    out: dict[str, Any]
    if e.receivers:
        out = {"give": {str(r): card_str(c) for r, c in zip(e.receivers, e.cards, strict=True)}}
    else:
        out = {"musik": e.musik, "discard": [card_str(c) for c in e.cards]}
    out["points"] = e.points
    if contract is not None:
        out["makeable"] = e.points >= contract
    return out


def trumps_json(rows: Sequence[tuple[int | None, int]], contract: int) -> list[dict[str, Any]]:
    return [{"trump": None if s is None else suit_str(s), "points": p, "makeable": p >= contract}
            for s, p in rows]


def cards_json(c: Cards) -> dict[str, Any]:
    return {
        "contract": c.contract,
        "played": exchange_json(c.played, c.contract),
        "by_trump": trumps_json(c.by_trump, c.contract),
        "best": exchange_json(c.best, c.contract),
        "best_by_trump": trumps_json(c.best_by_trump, c.contract),
        "searched": c.searched,
    }


def bidding_json(b: SeatBidding) -> dict[str, Any]:
    return {
        "seat": b.seat, "bid": b.bid, "obligatory": b.obligatory, "contract": b.contract,
        "worth": b.worth,
        "best": exchange_json(b.best), "by_musik": [exchange_json(e) for e in b.by_musik],
        "verdict": b.verdict, "loss": b.loss,
    }


def card_json(c: CardReview) -> dict[str, Any]:
    dd = None
    if c.after is not None and c.after_best is not None:
        dd = {"loss": c.dd_loss, "best": [A.to_json(a) for a in c.dd_best],
              "made": c.after[0], "made_best": c.after_best[0],
              "result": c.after[1], "result_best": c.after_best[1]}
    sd = None if c.sd_loss is None or c.sd_best is None else {
        "loss": c.sd_loss, "noise": c.noise, "best": A.to_json(c.sd_best), "worlds": c.worlds}
    return {
        "trick": c.trick + 1, "seat": c.seat, "card": A.to_json(c.action),
        "side": "declarer" if c.declarer_side else "defenders", "choices": c.choices,
        "verdict": c.verdict, "dd": dd, "sd": sd,
    }


def loss_json(loss: SeatLoss) -> dict[str, Any]:
    return {"seat": loss.seat, "play": round(float(loss.play), 1), "play_dd": loss.play_dd,
            "bidding": loss.bidding, "exchange": loss.exchange}


def deal_json(a: DealAnalysis) -> dict[str, Any]:
    """One deal's analysis."""
    return {
        "deal": a.number, "dealer": a.dealer, "declarer": a.declarer,
        "sitting_out": a.sitting_out, "bid": a.bid, "contract": a.contract,
        "bomb": a.contract is None, "made": a.made, "points": list(a.points),
        "start_result": a.start_result,
        "cards": cards_json(a.cards),
        "bidding": [bidding_json(b) for b in a.bidding],
        "exchange_loss": a.exchange_loss,
        "tricks": [{"leader": leader, "cards": [card_str(c) for c in cards], "winner": winner}
                   for leader, cards, winner in a.tricks],
        "play": [card_json(c) for c in a.play],
        "losses": [loss_json(x) for x in a.losses],
    }


def totals_json(totals: Sequence[SeatLoss], names: Sequence[str],
                analysed: int) -> dict[str, Any]:
    """Per player, the points lost over the ``analysed`` deals of a game."""
    return {"deals": analysed,
            "players": [loss_json(t) | {"name": names[t.seat]} for t in totals]}


def dumps(value: Any, ascii: bool = False, indent: str = "") -> str:
    """JSON laid out for reading and diffing: an object key by key where it holds
    lists of objects (or is long), each object of a list on one line."""
    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=ascii)

    inner = indent + "  "
    if isinstance(value, dict) and (any(_objects(v) for v in value.values())
                                    or any(isinstance(v, dict) and v for v in value.values())
                                    and len(one(value)) > 90):
        items = [f"{inner}{one(k)}: {dumps(v, ascii, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if _objects(value):
        items = [inner + (dumps(v, ascii, inner) if any(map(_objects, v.values())) else one(v))
                 for v in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return one(value)


def _objects(value: Any) -> bool:
    """A non-empty list of objects."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


__all__ = ["FORMAT", "deal_json", "dumps", "totals_json"]
