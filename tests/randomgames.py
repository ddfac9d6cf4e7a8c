"""Random legal games for the property tests, and an independent accounting of
what each seat may know (written from RULES.md, not from the engine's views)."""

from __future__ import annotations

import random

from tysiac import Game, Rules
from tysiac.cards import cards_of
from tysiac.engine import DEAL, GAME_OVER
from tysiac.engine import actions as A

# Every preset, and variants that exercise the options presets leave at default.
VARIANTS: dict[str, Rules] = {name: Rules.preset(name) for name in (
    "pl-3", "pl-2", "pl-2-classic", "pl-4", "dobierany", "online-3", "online-2",
    "house-3", "tournament-3", "barrel-3")}
VARIANTS |= {
    "pl-2 9+2x3 nobody": Rules.preset(
        "pl-2", two_player_layout="9+2x3", leftover_cards="nobody"),
    "pl-3 step5 nojumps": Rules.preset("pl-3", bid_step=5, bid_jumps=False),
    "pl-3 uncapped": Rules.preset(
        "pl-3", bid_cap="none", declare_cap="none", musik_reveal="hidden_at_100"),
    "pl-3 loose duties": Rules.preset(
        "pl-3", must_beat=False, must_trump=False, must_overtrump=False, rounding="half_down"),
    "pl-3 redeals bombs": Rules.preset(
        "pl-3", redeal_four_nines=True, redeal_weak_hand_max=20, bombs_per_player=None,
        bomb_timing="before_exchange", bomb_penalty={"every": 3, "points": 120},
        bomb_free_first=1),
    "pl-4 right": Rules.preset("pl-4", sitting_out="right_of_dealer", goal=500),
    "pl-4 opposite": Rules.preset("pl-4", sitting_out="opposite_dealer", defender_max=990),
    "tournament zero": Rules.preset("tournament-3", zero_penalty={"every": 3, "points": 120}),
}


def random_game(rules: Rules, seed: int, deals: int, *, play_bias: float = 0.0) -> Game:
    """A game of up to ``deals`` deals with uniformly random legal actions (with
    ``play_bias``, bids and declarations lean low so that contracts get made)."""
    rnd = random.Random(seed)
    game = Game(rules, seed=seed)
    for _ in range(deals):
        if game.phase == GAME_OVER:
            break
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            legal = game.legal_actions()
            if play_bias and rnd.random() < play_bias:
                legal = tuple(a for a in legal if A.kind(a) != "bid") or legal
                legal = legal[:1] if A.kind(legal[0]) == "declare" else legal
            game.apply(rnd.choice(legal))
    return game


def random_positions(rules: Rules, seed: int, count: int) -> list[Game]:
    """Copies of games at random moments inside deals."""
    rnd = random.Random(seed)
    out: list[Game] = []
    game = Game(rules, seed=seed)
    while len(out) < count:
        if game.phase == GAME_OVER:
            game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            if rnd.random() < 0.15:
                out.append(game.copy())
            game.apply(rnd.choice(game.legal_actions()))
    return out[:count]


def knowable(game: Game, seat: int) -> int:
    """The cards ``seat`` may know in the deal in progress, from the log alone: its
    dealt hand and draws, every card played, what it received, and the musik it
    took or saw revealed; the declarer also its gives and discards."""
    log = game.log[-1]
    known = log.hands[seat]                               # type: ignore[union-attr]
    declarer = game.declarer if game.phase_name not in ("bid",) else -1
    for _, cards, _ in game.tricks:
        for c in cards:
            known |= 1 << c
    for c in game.trick:
        known |= 1 << c
    for s, c in game.drawn:
        if s == seat:
            known |= 1 << c
    for r, c in game.given:
        if r == seat:
            known |= 1 << c
    if declarer >= 0:
        taken = game.musiks[0] if not game.two else (
            game.musiks[game.musik_choice] if game.musik_choice >= 0 else 0)
        if seat == declarer or game.musik_revealed:
            known |= taken
    return known


def view_cards(game: Game, seat: int) -> int:
    """Every card that appears in ``seat``'s view of the deal in progress."""
    v = game.view(seat)
    m = 0
    for c in v.hand + (v.musik or ()) + v.discards + v.drawn:
        m |= 1 << c
    for _, c in v.given + v.trick:
        m |= 1 << c
    for _, cards, _ in v.tricks:
        for c in cards:
            m |= 1 << c
    return m


def all_cards_once(game: Game) -> bool:
    """The 24 cards are each in exactly one place: a hand, a musik not yet taken,
    the stock, a trick taken or on the table, or the declarer's discards."""
    places = list(game.hands) + [game.discards]
    if game.two:
        places += [m for i, m in enumerate(game.musiks) if i != game.musik_choice]
    elif game.musiks and (game.declarer < 0 or game.phase_name == "bid"):
        places += game.musiks
    places += [1 << c for c in game.stock]
    places += [1 << c for c in game.trick]
    places += [1 << c for _, cards, _ in game.tricks for c in cards]
    total = 0
    for m in places:
        if total & m:
            return False
        total |= m
    return total == (1 << 24) - 1 and sum(len(cards_of(m)) for m in places) == 24
