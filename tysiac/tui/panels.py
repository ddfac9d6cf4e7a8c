"""The full-screen game's panels as styled text, from the human's view alone:
the status line, the table (bidding, musik, the trick), the scores beside it."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from ..cards import MARRIAGE_VALUES, SUIT_SYMBOLS, card_display, mask_of, sorted_for_display
from ..engine import actions as A
from ..engine.views import View
from .texts import tr

RED_SUITS = (0, 1)          # hearts and diamonds are printed red


def card_content(c: int, lang: str, extra: str = "") -> Content:
    style = "bold red" if c // 6 in RED_SUITS else "bold"
    return Content.styled(card_display(c, lang), f"{style} {extra}".strip())


def cards_content(cs: Sequence[int], lang: str) -> Content:
    if not cs:
        return Content("—")
    parts: list[Content | str] = []
    for i, c in enumerate(sorted_for_display(mask_of(cs))):
        if i:
            parts.append(" ")
        parts.append(card_content(c, lang))
    return Content.assemble(*parts)


def suit_content(suit: int) -> Content:
    return Content.styled(SUIT_SYMBOLS[suit], "bold red" if suit in RED_SUITS else "bold")


def status_line(view: View, lang: str, names: Sequence[str]) -> Content:
    """Tysiąc pl-3 · rozdanie 2 · rozdaje Ania · atut ♥"""
    settled = view.phase in ("deal", "game_over") and bool(view.results)
    number = view.deal_number + (0 if settled else 1)
    dealer = view.results[-1].dealer if settled else view.dealer
    head = tr("title", lang, preset=view.rules.preset_name, n=max(number, 1),
              dealer=names[dealer])
    if view.phase != "play":
        return Content(head)
    if view.trump is None:
        return Content(head + tr("no_trump", lang))
    return Content.assemble(head, tr("trump", lang, suit=""), suit_content(view.trump))


def table_content(view: View, names: Sequence[str], lang: str, height: int = 15) -> Content:
    """The middle of the table: the bidding, then the musik and the contract, then the
    trick being played and the last one taken."""
    lines: list[Content] = []
    if view.phase == "bid" or (view.declarer is None and view.obligatory is not None):
        lines.append(Content(tr("bidding", lang, moves="")))
        if view.obligatory is not None:
            lines.append(Content("  " + tr("obligatory", lang, name=names[view.obligatory])))
        for seat, bid in view.bids:
            lines.append(Content(f"  {names[seat]} {bid}" if bid
                                 else "  " + tr("passes", lang, name=names[seat])))
        return Content("\n").join(lines[-height:])
    if view.declarer is not None:
        d = names[view.declarer]
        if view.obligatory is not None:
            lines.append(Content(tr("bidding", lang, moves=_bids_text(view, names, lang))))
        if view.contract is not None:
            lines.append(Content(tr("contract", lang, name=d, contract=view.contract)))
        else:
            lines.append(Content(tr("declarer", lang, name=d, bid=view.bid)))
        if view.musik is not None:
            lines.append(Content.assemble(tr("musik", lang, cards=""),
                                          cards_content(view.musik, lang)))
        elif view.players != 2 or view.musik_choice is not None:
            lines.append(Content(tr("musik_hidden", lang)))
        for receiver, c in view.given:
            if receiver == view.seat:
                lines.append(Content.assemble(tr("given_to_me", lang, card=""),
                                              card_content(c, lang)))
        if view.seat == view.declarer and view.given:
            gifts = [Content.assemble(card_content(c, lang), f" → {names[r]}")
                     for r, c in view.given]
            lines.append(Content.assemble(tr("my_gifts", lang, gifts=""),
                                          Content(", ").join(gifts)))
        if view.discards:
            lines.append(Content.assemble(tr("my_discards", lang, cards=""),
                                          cards_content(view.discards, lang)))
    if view.phase == "play" or view.tricks:
        if lines:
            lines.append(Content(""))
        lines += _trick_lines(view, names, lang)
    if view.melds:
        melds = [Content.assemble(f"{names[s]} ", suit_content(suit), str(MARRIAGE_VALUES[suit]))
                 for s, suit in view.melds]
        lines.append(Content.assemble(tr("melds_line", lang, melds=""),
                                      Content(", ").join(melds)))
    if view.stock_size or view.drawn:
        lines.append(Content(tr("stock", lang, n=view.stock_size)))
    if view.drawn:
        lines.append(Content.assemble(tr("drawn", lang), card_content(view.drawn[-1], lang)))
    return Content("\n").join(lines[:height])


def _bids_text(view: View, names: Sequence[str], lang: str) -> str:
    moves = [tr("obligatory_short", lang, name=names[view.obligatory or 0])]
    moves += [f"{names[s]} {b}" if b else tr("passes", lang, name=names[s])
              for s, b in view.bids]
    return ", ".join(moves)


def _trick_lines(view: View, names: Sequence[str], lang: str) -> list[Content]:
    if view.phase == "play" and view.tricks and not view.trick:
        return _taken_trick_lines(view, names, lang)
    lines = []
    if view.phase == "play":
        lines.append(Content(tr("trick_no", lang, n=len(view.tricks) + 1)))
        played = dict(view.trick)
        winner = _winning_seat(view)
        order = _order_from(view, view.trick[0][0] if view.trick else view.to_move)
        width = max(len(names[s]) for s in order) + 2
        for seat in order:
            name = f"  {names[seat]:<{width}}"
            if seat in played:
                marks = []
                if view.trick and seat == view.trick[0][0]:
                    marks.append(tr("leads", lang))
                if seat == winner and len(view.trick) > 1:
                    marks.append("★ " + tr("wins", lang))
                lines.append(Content.assemble(name, *_card_cell(played[seat], lang),
                                              "  " + ", ".join(marks) if marks else ""))
            elif seat == view.to_move:
                mine = seat == view.seat
                lines.append(Content.assemble(name, Content.styled(
                    "▶ " + (tr("your_card", lang) if mine else "…"), "bold" if mine else "dim")))
            else:
                lines.append(Content(name + "·"))
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        seats = _order_from(view, leader)
        plays = Content(", ").join(
            Content.assemble(f"{names[s]} ", card_content(c, lang))
            for s, c in zip(seats, cards, strict=False))
        lines.append(Content(""))
        lines.append(Content.assemble(tr("last_trick", lang), " ", plays,
                                      f" → {names[winner]}"))
    return lines


def _taken_trick_lines(view: View, names: Sequence[str], lang: str) -> list[Content]:
    """The trick just taken stays on the table, who played what and who took it, until
    the next trick is led; below it, who leads."""
    leader, cards, winner = view.tricks[-1]
    seats = _order_from(view, leader)
    width = max(len(names[s]) for s in seats) + 2
    lines = [Content(tr("trick_taken", lang, n=len(view.tricks), name=names[winner]))]
    for seat, c in zip(seats, cards, strict=False):
        marks = ([tr("leads", lang)] if seat == leader else []) + (
            ["★ " + tr("wins", lang)] if seat == winner else [])
        lines.append(Content.assemble(f"  {names[seat]:<{width}}", *_card_cell(c, lang),
                                      "  " + ", ".join(marks) if marks else ""))
    lines.append(Content(""))
    n = len(view.tricks) + 1
    if view.to_move is not None and view.to_move == view.seat:
        lines.append(Content.styled("▶ " + tr("next_trick_you", lang, n=n), "bold"))
    elif view.to_move is not None:
        lines.append(Content(tr("next_trick", lang, n=n, name=names[view.to_move])))
    return lines


def _card_cell(c: int, lang: str) -> tuple[Content, str]:
    """A card in a column three wide (``10♦``, ``K♦ ``), so the marks after it align."""
    return card_content(c, lang), " " * (3 - len(card_display(c, lang)))


def _order_from(view: View, first: int | None) -> list[int]:
    """The playing seats clockwise from ``first``."""
    n = view.players
    seats = [s for s in range(n) if s != view.sitting_out]
    if first is None or first not in seats:
        return seats
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _winning_seat(view: View) -> int | None:
    """Who wins the trick on the table so far (the highest trump, else the highest
    card of the led suit)."""
    if not view.trick:
        return None
    best_seat, best = view.trick[0]
    for seat, c in view.trick[1:]:
        if c // 6 == best // 6 and c > best or c // 6 == view.trump and best // 6 != view.trump:
            best_seat, best = seat, c
    return best_seat


def side_content(view: View, names: Sequence[str], lang: str) -> Content:
    """Scores and marks: the dealer, the declarer, the barrier, the barrel, bombs; the
    points of the deal in progress."""
    r = view.rules
    lines = [Content.styled(tr("scores", lang), "bold underline")]
    width = max(len(n) for n in names)
    for s, name in enumerate(names):
        marks = []
        if s == view.dealer and view.phase not in ("deal", "game_over"):
            marks.append("R" if lang == "pl" else "D")
        if s == view.declarer:
            marks.append("★")
        if view.barrel[s]:
            marks.append(f"⊙{view.barrel[s]}")
        elif r.barrier is not None and view.scores[s] >= r.barrier:
            marks.append("▲")
        if s == view.sitting_out:
            marks.append("–")
        style = "bold" if s == view.to_move else ""
        text = f"{name:<{width}} {' '.join(marks):<4}{view.scores[s]:>6}"
        lines.append(Content.styled(("▶" if s == view.to_move else " ") + text, style))
    lines.append(Content(""))
    if r.barrel is not None:
        lines.append(Content(tr("goal_barrel", lang, goal=r.goal, at=r.barrel.at)))
    elif r.barrier is not None:
        lines.append(Content(tr("goal", lang, goal=r.goal, barrier=r.barrier)))
    else:
        lines.append(Content(tr("goal_only", lang, goal=r.goal)))
    lines.append(Content.styled(tr("legend", lang), "dim"))
    if view.phase == "play":
        lines.append(Content(""))
        lines.append(Content(tr("deal_points", lang)))
        for s, name in enumerate(names):
            if s != view.sitting_out:
                lines.append(Content(f" {name:<{width}} {view.points[s]:>4} "
                                     f"({view.tricks_won[s]})"))
    if A.BOMB in view.legal and view.seat is not None:      # how many bombs are left
        limit = r.bombs_per_player
        used = view.bombs[view.seat]
        lines.append(Content(tr("bombs_mark", lang, n=f"{used}/{'∞' if limit is None else limit}")))
    return Content("\n").join(lines)
