"""Building exact positions from given cards and walking them through the public API.

Cards are written as in RECORD.md (``"QH TH 9S"``); a play may end in ``+`` to
announce a marriage (``"QH+"``). Every move here goes through the checked door
(``Game.play``), so a test position that breaks a rule fails loudly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from tysiac import Game, IllegalAction, Rules
from tysiac.cards import card_str, cards_of, parse_card
from tysiac.engine import actions as A
from tysiac.engine.sheet import SheetDeal

__all__ = [
    "A", "cards", "names", "rest", "dealt", "moves", "bids", "give", "discard",
    "declare", "tricks", "rule_of", "play_deal_3", "win_bidding", "exchange_any",
    "bomb_deal", "position", "sheet", "sheet_bomb",
]


def cards(text: str) -> list[int]:
    """``"QH TH"`` → the cards, in the order written."""
    return [parse_card(t) for t in text.split()]


def names(cards_or_mask: int | Iterable[int]) -> set[str]:
    """Canonical codes of a mask or of a sequence of cards, as a set."""
    seq = cards_of(cards_or_mask) if isinstance(cards_or_mask, int) else cards_or_mask
    return {card_str(c) for c in seq}


def rest(*texts: str) -> str:
    """The cards of the deck not named in ``texts`` (to complete a deal)."""
    used = {c for t in texts for c in cards(t)}
    return " ".join(card_str(c) for c in range(24) if c not in used)


def dealt(rules: Rules, dealer: int, hands: Sequence[str], musiks: Sequence[str] = (),
          stock: str = "", scores: Sequence[int] | None = None) -> Game:
    """A new game whose first deal is the given cards (an empty string for the
    sitting-out seat), with ``dealer`` dealing and optional start scores."""
    game = Game(rules, first_dealer=dealer, start_scores=scores)
    game.deal([cards(h) for h in hands], [cards(m) for m in musiks], cards(stock))
    return game


def _action(game: Game, move: str) -> int:
    move = move.strip()
    low = move.lower()
    if low == "pass":
        return A.PASS
    if low == "bomb":
        return A.BOMB
    if low.isdigit():
        n = int(low)
        return A.declare(n) if game.phase_name == "declare" else A.bid(n)
    if low.startswith("musik"):
        return A.choose_musik(int(low[5:]))
    meld = move.endswith("+")
    c = parse_card(move.rstrip("+"))
    if game.phase_name == "exchange":
        return A.discard(c) if game.rules.players == 2 else A.give(c)
    return A.play(c, meld)


def moves(game: Game, text: str) -> None:
    """Play a sequence of moves by whoever is to move, through the checked door:
    ``"110 pass 120 pass"``, ``"musik0"``, ``"9S JD"`` (gives/discards in the
    exchange), ``"140"`` (a declaration), ``"QH+ 9H JH"``, ``"bomb"``."""
    for move in text.split():
        game.play(_action(game, move))


def bids(game: Game, text: str) -> None:
    moves(game, text)


def give(game: Game, text: str) -> None:
    """The declarer gives the cards one at a time: first to the next seat clockwise."""
    for c in cards(text):
        game.play(A.give(c))


def discard(game: Game, text: str) -> None:
    for c in cards(text):
        game.play(A.discard(c))


def declare(game: Game, n: int) -> None:
    game.play(A.declare(n))


def tricks(game: Game, *trick_texts: str) -> None:
    """Play whole tricks, each written in play order: ``"QH+ 9H JH"``. Checks that
    each trick starts with the seat to move and ends the trick."""
    for text in trick_texts:
        done = game.tricks_done
        moves(game, text)
        assert game.tricks_done == done + 1 or game.phase_name in ("deal", "game_over"), text


def rule_of(game: Game, action: int, seat: int | None = None) -> str:
    """The RECORD.md rule id with which the checked door rejects ``action``; also
    checks that nothing was applied."""
    before = (game.phase, game.to_move, tuple(game.hands), len(game.actions), game.bid)
    with pytest.raises(IllegalAction) as err:
        game.play(action, seat)
    after = (game.phase, game.to_move, tuple(game.hands), len(game.actions), game.bid)
    assert after == before, "a rejected action changed the state"
    return err.value.rule


def play_deal_3(game: Game, bidding: str, gives: str, contract: int,
                *trick_texts: str) -> None:
    """A whole 3-player deal: bidding, the two gives, the declaration, the tricks."""
    moves(game, bidding)
    give(game, gives)
    declare(game, contract)
    tricks(game, *trick_texts)


def win_bidding(game: Game, seat: int) -> None:
    """Bid so that ``seat`` becomes declarer at the lowest bid it can: it raises once
    (unless it holds the unraised obligatory 100), every other seat passes."""
    while game.phase_name == "bid":
        if game.to_move == seat and game.bidder != seat:
            game.play(A.bid(game.bid + game.rules.bid_step))
        else:
            game.play(A.PASS)
    assert game.declarer == seat
    if game.phase_name == "choose_musik":
        game.play(A.choose_musik(0))


def exchange_any(game: Game) -> None:
    """The declarer gives or discards the first cards it holds."""
    while game.phase_name == "exchange":
        legal = [a for a in game.legal_actions() if a != A.BOMB]
        game.play(legal[0])


def bomb_deal(game: Game, seat: int) -> None:
    """Deal from the seed; ``seat`` wins the bidding and throws a bomb at the moment
    the rules allow."""
    game.deal()
    win_bidding(game, seat)
    if game.rules.bomb_timing == "after_exchange":
        exchange_any(game)
    game.play(A.BOMB)
    assert game.phase_name in ("deal", "game_over")


def position(a8: str, b8: str, c8: str, rules: Rules | None = None, contract: int = 100,
             scores: Sequence[int] | None = None, bidding: str = "pass pass") -> Game:
    """A 3-player deal ready for the first trick with these 8-card hands: dealer C
    (2); after ``bidding`` (by default B and C pass: A plays the obligatory 100) A
    (0) is declarer and declares ``contract``.
    A is dealt the first 7 of ``a8``; the musik holds the last card of each hand;
    A gives B's to B and C's to C."""
    ha, hb, hc = a8.split(), b8.split(), c8.split()
    assert len(ha) == len(hb) == len(hc) == 8
    game = dealt(rules or Rules.preset("pl-3"), 2,
                 [" ".join(ha[:7]), " ".join(hb[:7]), " ".join(hc[:7])],
                 [f"{ha[7]} {hb[7]} {hc[7]}"], scores=scores)
    moves(game, bidding)
    assert game.declarer == 0
    give(game, f"{hb[7]} {hc[7]}")
    declare(game, contract)
    assert game.phase_name == "play" and game.to_move == 0
    return game


def sheet(game: Game, declarer: int | None, contract: int | None, card_points: Sequence[int],
          melds: str = "", tricks: Sequence[int] | None = None, bid: int | None = None,
          musik: str = "") -> tuple[int, ...]:
    """Settle a score-sheet deal; return its delta. ``melds`` per seat separated by
    ``/``: ``"C//"`` = seat 0 announced ♣."""
    per_seat = melds.split("/") if melds else [""] * len(card_points)
    game.apply_sheet(SheetDeal(
        declarer=declarer, contract=contract, bid=bid, cards=tuple(card_points),
        melds=tuple(tuple("HDCS".index(x) for x in m) for m in per_seat),
        tricks=tuple(tricks) if tricks is not None else None,
        musik=tuple(cards(musik))))
    return game.results[-1].delta


def sheet_bomb(game: Game, declarer: int, bid: int = 100) -> tuple[int, ...]:
    game.apply_sheet(SheetDeal(declarer=declarer, bid=bid, bomb=True))
    return game.results[-1].delta
