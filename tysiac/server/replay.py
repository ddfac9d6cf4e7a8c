"""A closed game move by move: frames for the replay page, every card public.

Built from the game's RECORD.md record (what the site keeps of a closed table),
so the replay shows exactly what the record says.
"""

from __future__ import annotations

from typing import Any

from ..cards import POINTS, card_str, sorted_for_display, suit_str
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER
from ..record import FullDeal, apply_record_action, loads
from ..record.json_io import action_json
from ..record.replay import new_game


def _frame(g: Game, deal: int, action: dict[str, Any] | None) -> dict[str, Any]:
    trick_seats, s = [], g.leader
    for _ in g.trick:
        trick_seats.append(s)
        s = g.nxt[s]
    return {
        "deal": deal, "action": action, "phase": g.phase_name,
        "hands": [[card_str(c) for c in sorted_for_display(h)] for h in g.hands],
        "trick": [[p, card_str(c)] for p, c in zip(trick_seats, g.trick, strict=True)],
        "last": ([[p, card_str(c)] for p, c in _seats(g, g.tricks[-1])]
                 if g.tricks and not g.trick else None),
        "trump": suit_str(g.trump) if g.trump >= 0 else None,
        "declarer": g.declarer if g.declarer >= 0 else None, "bid": g.bid,
        "contract": g.contract or None, "points": _deal_points(g),
        "scores": list(g.scores), "tricks_won": list(g.won),
    }


def _seats(g: Game, trick: tuple[int, tuple[int, ...], int]) -> list[tuple[int, int]]:
    leader, cards, _ = trick
    out, s = [], leader
    for c in cards:
        out.append((s, c))
        s = g.nxt[s]
    return out


def _deal_points(g: Game) -> list[int]:
    pts = [0] * g.n
    for _, cards, w in g.tricks:
        pts[w] += sum(POINTS[c] for c in cards)
    return [pts[s] + g.meld_points[s] for s in range(g.n)]


def replay_deal_frames(record_text: str) -> dict[str, Any]:
    """``{"players": [...], "deals": [[frame, ...], ...]}`` of a stored record."""
    rec = loads(record_text)
    g = new_game(rec)
    deals: list[list[dict[str, Any]]] = []
    for i, deal in enumerate(rec.deals):
        if g.phase != DEAL or not isinstance(deal, FullDeal):
            break
        g.deal(deal.hands, deal.musik, deal.stock)
        frames = [_frame(g, i, None)]
        for a in deal.actions:
            apply_record_action(g, a)
            frames.append(_frame(g, i, action_json(a)))
            if g.phase in (DEAL, GAME_OVER):
                break
        deals.append(frames)
    return {"players": rec.players, "deals": deals}
