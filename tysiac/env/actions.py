"""The environment's Discrete action space and the engine's action ints.

One layout for every rule set, so that one agent can train on all of them:

==============  =====  ==========================================
index           count  engine action
==============  =====  ==========================================
0 .. 23         24     play card ``c``
24 .. 31        8      lead the Q or K of suit ``s`` announcing the marriage
32 .. 55        24     give card ``c`` (3 and 4 players)
56 .. 79        24     discard card ``c`` (2 players)
80              1      pass
81              1      bomb
82              1      ask for a redeal (the acting seat)
83, 84          2      take musik 0 or 1 (2 players)
85 .. 144       60     bid 105, 110, ..., 400 (multiples of 5)
145 .. 205      61     declare 100, 105, ..., 400
==============  =====  ==========================================

With ``bid_step=10`` only the multiples of 10 are ever legal; the mask says so.
"""

from __future__ import annotations

from ..cards import KING, QUEEN
from ..engine import actions as A

_MELD, _GIVE, _DISCARD = 24, 32, 56
_PASS, _BOMB, _REDEAL, _MUSIK = 80, 81, 82, 83
_BID, _DECLARE = 85, 145
STEP = 5
SIZE = _DECLARE + (A.MAX_POINTS - 100) // STEP + 1


def to_index(action: int) -> int:
    """The index of an engine action."""
    kind = A.kind(action)
    if kind == "play":
        c = A.card_of(action)
        if A.is_meld(action):
            return _MELD + 2 * (c // 6) + (c % 6 == KING)
        return c
    if kind == "give":
        return _GIVE + A.card_of(action)
    if kind == "discard":
        return _DISCARD + A.card_of(action)
    if kind == "pass":
        return _PASS
    if kind == "bomb":
        return _BOMB
    if kind == "redeal":
        return _REDEAL
    if kind == "choose_musik":
        return _MUSIK + A.value_of(action)
    if kind == "bid":
        return _BID + (A.value_of(action) - 100 - STEP) // STEP
    return _DECLARE + (A.value_of(action) - 100) // STEP


def to_action(index: int, seat: int) -> int:
    """The engine action of an index, for the acting ``seat`` (a redeal names it)."""
    if not 0 <= index < SIZE:
        raise ValueError(f"action index {index} is outside 0..{SIZE - 1}")
    if index < _MELD:
        return index
    if index < _GIVE:
        suit, king = divmod(index - _MELD, 2)
        return A.play(6 * suit + (KING if king else QUEEN), meld=True)
    if index < _DISCARD:
        return A.give(index - _GIVE)
    if index < _PASS:
        return A.discard(index - _DISCARD)
    if index == _PASS:
        return A.PASS
    if index == _BOMB:
        return A.BOMB
    if index == _REDEAL:
        return A.redeal(seat)
    if index < _BID:
        return A.choose_musik(index - _MUSIK)
    if index < _DECLARE:
        return A.bid(100 + STEP * (index - _BID + 1))
    return A.declare(100 + STEP * (index - _DECLARE))
