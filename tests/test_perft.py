"""Perft for the card play: the number of move sequences a few plies deep, counted
with the engine and with an oracle written here from RULES.md section 5. Any
difference in legality, marriages, trump changes or trick winners shows up as a
different count (as perft files do for chess move generators)."""

from __future__ import annotations

import random
import zlib

import pytest

from tysiac import Game, Rules
from tysiac.engine import PLAY
from tysiac.rules import Rules as R

from .randomgames import VARIANTS

Q, K = 2, 3


def oracle_moves(rules: R, hand: set[int], trick: list[int], trump: int,
                 tricks_done: int) -> list[tuple[int, bool]]:
    if not trick:
        moves = [(c, False) for c in sorted(hand)]
        if rules.meld_first_trick or tricks_done:
            moves += [(c, True) for c in sorted(hand)
                      if c % 6 in (Q, K) and (c ^ 1) in hand]
        return moves
    lead = trick[0] // 6
    win = trick[0]
    for c in trick[1:]:
        if (c // 6 == win // 6 and c > win) or (c // 6 == trump != win // 6):
            win = c
    same = {c for c in hand if c // 6 == lead}
    if same:
        higher = {c for c in same if win // 6 == lead and c > win}
        allowed = higher if rules.must_beat and higher else same
    else:
        trumps = {c for c in hand if c // 6 == trump}
        if rules.must_trump and trumps:
            higher = {c for c in trumps if win // 6 == trump and c > win}
            allowed = higher if rules.must_overtrump and higher else trumps
        else:
            allowed = hand
    return [(c, False) for c in sorted(allowed)]


def oracle_perft(rules: R, hands: dict[int, set[int]], order: list[int], seat: int,
                 trick: list[int], leader: int, trump: int, tricks_done: int,
                 depth: int) -> int:
    if depth == 0 or not hands[seat]:
        return 1
    total = 0
    for card, meld in oracle_moves(rules, hands[seat], trick, trump, tricks_done):
        new_hands = {s: set(h) for s, h in hands.items()}
        new_hands[seat].discard(card)
        new_trump = card // 6 if meld else trump
        new_trick = trick + [card]
        if len(new_trick) == len(order):
            win_i = 0
            for i, c in enumerate(new_trick[1:], 1):
                w = new_trick[win_i]
                if (c // 6 == w // 6 and c > w) or (c // 6 == new_trump != w // 6):
                    win_i = i
            winner = order[(order.index(leader) + win_i) % len(order)]
            total += oracle_perft(rules, new_hands, order, winner, [], winner, new_trump,
                                  tricks_done + 1, depth - 1)
        else:
            nxt = order[(order.index(seat) + 1) % len(order)]
            total += oracle_perft(rules, new_hands, order, nxt, new_trick, leader, new_trump,
                                  tricks_done, depth - 1)
    return total


def engine_perft(game: Game, depth: int) -> int:
    if depth == 0 or game.phase != PLAY:
        return 1
    total = 0
    for a in game.legal_actions():
        child = game.copy()
        child.apply(a)
        total += engine_perft(child, depth - 1)
    return total


def play_positions(rules: Rules, seed: int, count: int) -> list[Game]:
    """Positions in the play phase of random deals (at its start and later)."""
    rnd = random.Random(seed)
    out: list[Game] = []
    game = Game(rules, seed=seed)
    while len(out) < count:
        if game.phase_name == "game_over":
            game = Game(rules, seed=rnd.randrange(10**6))
        game.deal()
        while game.phase_name not in ("deal", "game_over"):
            if game.phase == PLAY and not game.stock and rnd.random() < 0.12:
                out.append(game.copy())
            game.apply(rnd.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize("name", ["pl-3", "pl-2", "pl-2-classic", "pl-4", "house-3",
                                  "pl-3 loose duties", "pl-2 9+2x3 nobody", "dobierany"])
def test_engine_and_oracle_count_the_same_move_trees(name: str) -> None:
    rules = VARIANTS[name]
    depth = 5 if rules.playing_seats == 3 else 4
    for game in play_positions(rules, seed=zlib.crc32(name.encode()) % 1000, count=6):
        order = list(game.order)
        hands = {s: {c for c in range(24) if game.hands[s] >> c & 1} for s in order}
        leader = game.leader if game.trick else game.to_move
        expected = oracle_perft(rules, hands, order, game.to_move, list(game.trick),
                                leader, game.trump, game.tricks_done, depth)
        assert engine_perft(game, depth) == expected, (name, game.tricks_done)
