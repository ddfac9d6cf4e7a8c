"""The world sampler: every world agrees with the view (each constraint checked by
an oracle written here, the follow duties by the engine's own ``follow_mask`` on
the hands each seat held at the time), the true world always passes the checks,
worlds are uniform where they can be counted, and the sampler relaxes instead of
looping when its constraints fail."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from itertools import combinations

import pytest

from tysiac import Game, Rules
from tysiac.bots.sampling import DISCARDS, HAND, Sampler, Table, World
from tysiac.cards import ALL_CARDS, KINGS, QUEENS, SUIT_MASK, marriage_total, mask_of
from tysiac.engine import DEAL, GAME_OVER, PLAY
from tysiac.engine import actions as A
from tysiac.engine.tricks import follow_mask
from tysiac.engine.views import View

from ..randomgames import VARIANTS


def tricks_with_seats(view: View, table: Table) -> list[tuple[list[int], tuple[int, ...]]]:
    out = []
    for leader, cards in view.trick_history():
        seats = [leader]
        for _ in cards[1:]:
            seats.append(table.nxt(seats[-1]))
        out.append((seats, cards))
    return out


def violations(view: View, world: World, strict: bool) -> list[str]:
    """What in ``world`` contradicts ``view`` (``strict``: the marriage inferences
    of bids and declarations too)."""
    rules = view.rules
    table = Table.of(view)
    me = view.seat
    assert me is not None
    found = []
    tricks = tricks_with_seats(view, table)
    played = dict.fromkeys(table.seats, 0)
    for seats, cards in tricks:
        for s, c in zip(seats, cards, strict=True):
            played[s] |= 1 << c
    every = [c for h in world.hands for c in range(24) if h >> c & 1]
    every += [c for m in world.musiks for c in range(24) if m >> c & 1]
    every += [c for c in range(24) if world.leftover >> c & 1] + list(world.stock)
    every += [c for p in played.values() for c in range(24) if p >> c & 1]
    if sorted(every) != list(range(24)):
        found.append("the cards are not one deck")
    if world.hands[me] != mask_of(view.hand):
        found.append("own hand changed")
    for s in table.seats:
        if world.hands[s].bit_count() != view.hand_sizes[s]:
            found.append(f"seat {s} holds {world.hands[s].bit_count()} cards")
    # Every card played was legal with the hand its player held then.
    trump, pending = -1, set(view.melds)
    free = (24 - table_size(rules) * rules.hand_size) // 2 if rules.draw_game else 0
    held = {s: world.hands[s] | played[s] for s in table.seats}
    for j, (seats, cards) in enumerate(tricks):
        lead = cards[0]
        if lead % 6 in (2, 3) and (seats[0], lead // 6) in pending:
            pending.discard((seats[0], lead // 6))
            trump = lead // 6
            pair = SUIT_MASK[trump] & (KINGS | QUEENS)
            if held[seats[0]] & pair != pair and not rules.draw_game:
                found.append(f"seat {seats[0]} announced without the marriage")
        win = lead
        held[seats[0]] &= ~(1 << lead)
        for s, c in zip(seats[1:], cards[1:], strict=True):
            if j >= free:
                legal = follow_mask(held[s], lead // 6, win, trump, rules.must_beat,
                                    rules.must_trump, rules.must_overtrump)
                if not legal >> c & 1:
                    found.append(f"seat {s} could not have played card {c} in trick {j}")
            held[s] &= ~(1 << c)
            if (c > win) if c // 6 == win // 6 else c // 6 == trump:
                win = c
    # A revealed musik: a defender received one card, so holds at most one of it.
    if view.musik is not None and view.declarer not in (None, me) and rules.players != 2:
        musik = mask_of(view.musik)
        for s in table.seats:
            if s not in (me, view.declarer) and \
                    ((world.hands[s] | played[s]) & musik).bit_count() > 1:
                found.append(f"seat {s} holds two cards of the musik")
    if strict and view.phase == "bid" and rules.bid_cap == "melds_in_hand":
        for s, b in view.bids:
            if s != me and b > 120 and marriage_total(world.hands[s]) < b - 120:
                found.append(f"seat {s} bid {b} without the marriages")
    d = view.declarer
    if (strict and d is not None and d != me and view.contract is not None
            and rules.declare_cap == "melds_in_hand" and view.contract > max(view.bid, 120)
            and marriage_total(world.hands[d] | played[d]) < view.contract - 120):
        found.append("the declaration needs marriages the declarer does not hold")
    return found


def table_size(rules: Rules) -> int:
    return rules.playing_seats


def decision_views(rules: Rules, seed: int, count: int) -> list[tuple[View, Game]]:
    """Views of the seat to move at random moments of random games."""
    rnd = random.Random(seed)
    out: list[tuple[View, Game]] = []
    while len(out) < count:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER) and len(out) < count:
            if rnd.random() < 0.3:
                out.append((game.view(game.to_move), game.copy()))
            game.apply(rnd.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_world_agrees_with_the_view(name: str) -> None:
    phases: Counter[str] = Counter()
    seed = zlib.crc32(name.encode()) % 1000
    for i, (view, _) in enumerate(decision_views(VARIANTS[name], seed, 60)):
        sampler = Sampler(view)
        for world in sampler.sample(random.Random(i), 6):
            assert violations(view, world, strict=sampler.relaxed == 0) == [], \
                (name, view.phase, i)
        phases[view.phase] += 1
    assert "play" in phases


def test_a_defender_known_to_hold_a_musik_card_holds_no_other() -> None:
    # Seat 0 sees the revealed musik 0, 8, 19 go to seat 1; both other seats have
    # shown a void in the suit of card 8, so seat 2 holds it, and with it no more
    # of the musik (a defender receives one card).
    view, _ = decision_views(VARIANTS["pl-3 step5 nojumps"], 51, 60)[42]
    assert view.seat == 0 and view.musik == (0, 8, 19)
    sampler = Sampler(view)
    assert sampler.deductions.forced[2] == 1 << 8
    worlds = sampler.sample(random.Random(42), 30)
    assert sampler.relaxed == 0
    assert all(world.hands[2] & (1 << 0 | 1 << 19) == 0 for world in worlds)


def test_the_true_world_passes_every_check() -> None:
    """The whole-hand checks are necessary conditions: the real deal never fails."""
    for name in ("pl-3", "pl-2", "pl-4", "tournament-3", "pl-3 uncapped"):
        for view, game in decision_views(VARIANTS[name], 7, 120):
            sampler = Sampler(view)
            placed = {(HAND, s): game.hands[s] for s in range(game.n)}
            if game.two:
                placed[DISCARDS, 0] = game.discards
            for level in sampler.checks:
                assert all(check(placed) for check in level), (name, view.phase)


def test_a_void_and_the_revealed_musik_are_respected() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=0)
    game = Game(rules, first_dealer=2)
    hands = [[0, 1, 2, 3, 4, 6, 7], [12, 13, 14, 15, 16, 17, 18], [5, 8, 9, 10, 11, 19, 20]]
    game.deal(hands, [[21, 22, 23]])               # musik K♠ 10♠ A♠
    game.play(A.PASS)
    game.play(A.PASS)                              # seat 0 plays the obligatory 100
    game.play(A.give(21))                          # K♠ to seat 1
    game.play(A.give(22))                          # 10♠ to seat 2
    game.play(A.declare(100))
    game.play(4)                                   # 10♥ led
    game.play(12)                                  # seat 1 has no heart: 9♣
    view = game.view(2)
    worlds = Sampler(view).sample(random.Random(1), 60)
    for world in worlds:
        assert not world.hands[1] & SUIT_MASK[0]   # no heart
        assert (world.hands[1] & mask_of([21, 23])).bit_count() <= 1   # one card given
    # Seat 2 cannot tell whether seat 1 got the K♠: both happen.
    assert {world.hands[1] >> 21 & 1 for world in worlds} == {0, 1}


def test_worlds_are_uniform_where_they_can_be_counted() -> None:
    # No marriage inferences (no caps) and no revealed musik: every world that
    # passes the oracle is equally likely. Late in a deal they can be listed.
    rules = Rules.preset("pl-3", bid_cap="none", declare_cap="none", musik_reveal="never",
                         bombs_per_player=0)
    rnd = random.Random(11)
    tested = 0
    while tested < 3:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER) and not (
                game.phase == PLAY and game.tricks_done == 5 and not game.trick):
            game.apply(rnd.choice(game.legal_actions()))
        if game.phase != PLAY:
            continue
        view = game.view(game.to_move)
        table = Table.of(view)
        a, b = (s for s in table.seats if s != view.seat)
        pool = [c for c in range(24) if (game.hands[a] | game.hands[b]) >> c & 1]
        possible = []
        for mine in combinations(pool, view.hand_sizes[a]):
            ha = mask_of(mine)
            hands = [0] * 3
            hands[view.seat] = mask_of(view.hand)
            hands[a], hands[b] = ha, mask_of(pool) & ~ha
            if not violations(view, World(tuple(hands)), strict=True):
                possible.append((hands[a], hands[b]))
        if len(possible) < 3:
            continue
        tested += 1
        draws = 400 * len(possible)
        seen = Counter((w.hands[a], w.hands[b])
                       for w in Sampler(view).sample(random.Random(tested), draws))
        assert set(seen) == set(possible)
        for world in possible:
            assert abs(seen[world] - 400) < 100, (seen[world], len(possible))


def test_the_sampler_relaxes_rather_than_loops() -> None:
    view, _ = decision_views(VARIANTS["pl-3"], 5, 40)[-1]
    sampler = Sampler(view)
    sampler.checks = [[lambda placed: False], [lambda placed: False], []]
    worlds = sampler.sample(random.Random(0), 5)
    assert len(worlds) == 5 and sampler.relaxed == 2
    assert all(not violations(view, w, strict=False) for w in worlds)


def test_sampling_is_deterministic_given_the_generator() -> None:
    view, _ = decision_views(VARIANTS["pl-2"], 9, 30)[-1]
    first = Sampler(view).sample(random.Random(4), 8)
    again = Sampler(view).sample(random.Random(4), 8)
    assert first == again
    assert ALL_CARDS == (1 << 24) - 1
