"""Tricks: the follow duties, the winner of a trick, marriages (RULES.md section 5).

Everything here works on card masks and is shared by the game state, the views
and the bots' solvers, so the duties are written once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ABOVE, KING, QUEEN, SUIT_MASK, partner, rank_of
from .errors import IllegalAction

NO_TRUMP = -1


def follow_mask(
    hand: int, lead_suit: int, win_card: int, trump: int,
    must_beat: bool = True, must_trump: bool = True, must_overtrump: bool = True,
) -> int:
    """The cards of ``hand`` that may follow a trick led in ``lead_suit`` and won so
    far by ``win_card``, with ``trump`` the current trump suit (or ``NO_TRUMP``).

    1. Follow the led suit if you can.
    2. Following, beat the winning card if you can — unless the led suit is not
       trump and a trump already wins: then any card of the led suit.
    3. Void in the led suit and a trump exists: play a trump; if a trump is in the
       trick, beat it if you can, else a lower trump.
    4. Otherwise any card.
    """
    same = hand & SUIT_MASK[lead_suit]
    if same:
        if must_beat and win_card // 6 == lead_suit:
            higher = same & ABOVE[win_card]
            if higher:
                return higher
        return same
    if trump >= 0 and must_trump:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if must_overtrump and win_card // 6 == trump:
                higher = trumps & ABOVE[win_card]
                if higher:
                    return higher
            return trumps
    return hand


def beats(card: int, win_card: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``win_card``: a higher card of the same
    suit, or a trump over a non-trump. A card of another suit never wins."""
    if card // 6 == win_card // 6:
        return card > win_card
    return card // 6 == trump


def trick_winner(trick: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """(seat, card) winning a trick so far, from its (seat, card) plays in order."""
    seat, win = trick[0]
    for s, c in trick[1:]:
        if beats(c, win, trump):
            seat, win = s, c
    return seat, win


def check_follow(
    seat: int, card: int, hand: int, lead_suit: int, win_card: int, trump: int,
    must_beat: bool, must_trump: bool, must_overtrump: bool,
) -> None:
    """Raise the duty that playing ``card`` breaks, naming a card that keeps it."""
    legal = follow_mask(hand, lead_suit, win_card, trump, must_beat, must_trump, must_overtrump)
    if legal >> card & 1:
        return
    example = _some(legal)
    if hand & SUIT_MASK[lead_suit]:
        if card // 6 != lead_suit:
            raise IllegalAction("must_follow", seat=seat, card=example, suit=lead_suit)
        raise IllegalAction("must_beat", seat=seat, card=example, target=win_card)
    if card // 6 != trump:
        raise IllegalAction("must_trump", seat=seat, card=example, suit=lead_suit)
    raise IllegalAction("must_overtrump", seat=seat, card=example, target=win_card)


def check_meld(seat: int, card: int, hand: int, leading: bool, first_trick_ban: bool) -> None:
    """Raise why announcing a marriage with ``card`` is not allowed, if it is not."""
    if not leading:
        raise IllegalAction("meld_not_allowed", "lead", seat=seat)
    if rank_of(card) not in (QUEEN, KING):
        raise IllegalAction("meld_not_allowed", "rank", seat=seat, card=card)
    if not hand >> partner(card) & 1:
        raise IllegalAction("meld_not_allowed", "partner", seat=seat, card=card)
    if first_trick_ban:
        raise IllegalAction("meld_not_allowed", "first_trick", seat=seat)


def _some(m: int) -> int:
    """The lowest card of a mask: the example a message names."""
    return (m & -m).bit_length() - 1
