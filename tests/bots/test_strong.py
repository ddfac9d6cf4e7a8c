"""The strong bot and the cheat player (and the musik seer): legal play in every
table form, the same choice for the same view, the same results with and without
the C kernel, and sound play where the right action is plain."""

from __future__ import annotations

import functools
import operator
import random

import pytest

from tysiac import Game, Rules
from tysiac.arena.players import resolve_levels
from tysiac.bots import LEVELS, CheatBot, StrongBot, kernel, make_bot
from tysiac.bots.cheat import KnownMusikSampler, MusikSeer
from tysiac.bots.pimc import Context
from tysiac.engine import DEAL, GAME_OVER, PLAY
from tysiac.engine import actions as A

needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the C kernel is not built")

FORMS = {
    "pl-3": Rules.preset("pl-3"),
    "pl-2": Rules.preset("pl-2"),
    "pl-2-classic": Rules.preset("pl-2-classic"),
    "9+2x3": Rules.preset("pl-2", two_player_layout="9+2x3"),
    "pl-4": Rules.preset("pl-4"),
    "dobierany": Rules.preset("dobierany"),
    "tournament-3": Rules.preset("tournament-3"),
    "barrel-3": Rules.preset("barrel-3"),
}


def play_deal(game: Game, bots: list[StrongBot]) -> None:
    """The deal in progress to its end, every choice through the checked door."""
    while game.phase not in (DEAL, GAME_OVER):
        seat = game.to_move
        game.play(bots[seat].choose(game.view(seat)), seat)


@pytest.mark.parametrize("name", sorted(FORMS))
def test_strong_plays_whole_deals_legally(name: str) -> None:
    rules = FORMS[name]
    phases = set()
    for seed in range(2):
        game = Game(rules, seed=seed)
        game.deal()
        bots = [StrongBot(seed=s, worlds=2) for s in range(rules.players)]
        while game.phase not in (DEAL, GAME_OVER):
            seat = game.to_move
            view = game.view(seat)
            phases.add(view.phase)
            game.play(bots[seat].choose(view), seat)
        assert game.results
    assert "play" in phases or not rules.draw_game and "declare" in phases


def test_strong_is_a_level_and_cheat_is_not() -> None:
    assert isinstance(make_bot("strong", 1), StrongBot)
    assert "cheat" not in LEVELS
    assert CheatBot.sees_all


def views_of(rules: Rules, seed: int, count: int) -> list[Game]:
    """Games at random decision points (with a real choice) of random deals."""
    rnd = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER) and len(out) < count:
            if len(game.legal_actions()) > 1 and rnd.random() < 0.2:
                out.append(game.copy())
            game.apply(rnd.choice(game.legal_actions()))
    return out


def test_same_view_same_choice() -> None:
    for game in views_of(Rules.preset("pl-3"), 1, 8):
        view = game.view(game.to_move)
        again = game.copy().view(game.to_move)
        assert StrongBot(7, worlds=3).advise(view) == StrongBot(7, worlds=3).advise(again)


@needs_kernel
@pytest.mark.parametrize("name", ["pl-3", "pl-2", "dobierany", "pl-4"])
def test_kernel_and_pure_python_give_the_same_advice(name: str) -> None:
    for game in views_of(FORMS[name], 2, 8):
        view = game.view(game.to_move)
        c = StrongBot(3, worlds=2, backend="c").advise(view)
        py = StrongBot(3, worlds=2, backend="python").advise(view)
        assert c == py, (name, view.phase)


def test_time_budget_mode_still_decides() -> None:
    for game in views_of(Rules.preset("pl-3"), 3, 6):
        view = game.view(game.to_move)
        assert StrongBot(1, budget_ms=1).choose(view) in view.legal


def deal_with(hands: list[list[str]], musik: list[str], **options: object) -> Game:
    """A pl-3 deal with given cards; seat 2 deals, so seat 0 holds the obligatory
    100 and seat 1 bids first."""
    from tysiac.cards import parse_card

    game = Game(Rules.preset("pl-3", **options), first_dealer=2)
    game.deal([[parse_card(c) for c in h] for h in hands], [[parse_card(c) for c in musik]])
    return game


STRONG_HAND = ["KH", "QH", "AH", "TH", "AS", "AD", "AC"]
WEAK_HAND = ["9H", "JH", "9D", "JD", "9C", "JC", "9S"]
#: The other ten cards: seven without a marriage, and a musik.
REST = ["KD", "TD", "KC", "TC", "QS", "JS", "TS", "QD", "QC", "KS"]


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    game = deal_with([REST[:7], STRONG_HAND, WEAK_HAND], REST[7:])
    view = game.view(1)                                  # seat 1 bids first
    assert A.kind(StrongBot(1, worlds=6).choose(view)) == "bid"
    game = deal_with([REST[:7], WEAK_HAND, STRONG_HAND], REST[7:])
    assert StrongBot(1, worlds=6).choose(game.view(1)) == A.PASS


def test_a_hopeless_contract_is_bombed() -> None:
    # Seat 0 keeps the obligatory 100 with nines and jacks and a poor musik.
    game = deal_with([WEAK_HAND, STRONG_HAND, REST[:7]], REST[7:])
    game.play(A.PASS)
    game.play(A.PASS)
    bot = StrongBot(1, worlds=6)
    while game.phase_name == "exchange":
        game.play(bot.choose(game.view(0)))
    assert game.phase_name == "declare" and A.BOMB in game.legal_actions()
    assert bot.choose(game.view(0)) == A.BOMB


def test_the_declarer_announces_its_marriage_and_makes_the_contract() -> None:
    # Seat 1 bids on K♥ Q♥ with aces and tens and plays it through.
    game = deal_with([WEAK_HAND, STRONG_HAND, REST[:7]], REST[7:])
    bots = [StrongBot(s, worlds=6) for s in range(3)]
    play_deal(game, bots)
    result = game.results[-1]
    assert result.declarer == 1 and result.made
    assert 0 in result.melds[1]                          # the ♥ marriage


def test_a_defender_at_the_barrier_counts_for_nothing() -> None:
    game = Game(Rules.preset("pl-3"), seed=4, start_scores=[810, 0, 0])
    game.deal()
    ctx = Context.of(game.view(game.to_move))
    assert ctx.adds == (0, 1, 1)


@pytest.mark.parametrize("name", ["pl-3", "pl-2", "dobierany"])
def test_cheat_plays_legally_with_every_card_in_sight(name: str) -> None:
    game = Game(FORMS[name], seed=5)
    game.deal()
    cheat = CheatBot()
    while game.phase not in (DEAL, GAME_OVER):
        game.play(cheat.choose_full(game))
    assert game.results


def test_cheat_needs_the_game() -> None:
    game = Game(Rules.preset("pl-3"), seed=1)
    game.deal()
    with pytest.raises(TypeError):
        CheatBot().choose(game.view(game.to_move))


def test_cheat_is_an_upper_bound_in_a_solved_ending() -> None:
    """In the last tricks the cheat plays the double-dummy best: its side never does
    worse than with the strong bot on the same cards."""
    rules = Rules.preset("pl-3", bombs_per_player=0)
    rnd = random.Random(8)
    for _ in range(6):
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER) and not (
                game.phase == PLAY and game.tricks_done == 5):
            game.apply(rnd.choice(game.legal_actions()))
        if game.phase != PLAY:
            continue
        d = game.declarer
        ends = []
        for cheating in (True, False):
            g = game.copy()
            while g.phase == PLAY:
                seat = g.to_move
                if seat == d and cheating:
                    g.play(CheatBot().choose_full(g))
                else:
                    g.play(CheatBot().choose_full(g) if seat != d else
                           StrongBot(1, worlds=4).choose(g.view(seat)))
            r = g.results[-1]
            ends.append((r.made, -sum(r.points[s] for s in range(3) if s != d)))
        assert ends[0] >= ends[1]


@pytest.mark.parametrize("name", ["pl-3", "pl-2"])
def test_the_musik_seer_draws_only_the_others_hands(name: str) -> None:
    game = Game(FORMS[name], seed=6)
    game.deal()
    view = game.view(game.to_move)
    worlds = KnownMusikSampler(view, tuple(game.musiks)).sample(random.Random(2), 30)
    assert len(worlds) == 30
    others = [s for s in range(game.n) if s != view.seat]
    # With 2 players the musiks and the seat's hand leave the other's hand known.
    drawn = {tuple(w.hands[s] for s in others) for w in worlds}
    assert len(drawn) > 1 if len(others) > 1 else drawn == {(game.hands[others[0]],)}
    for w in worlds:
        assert w.musiks == tuple(game.musiks)
        assert w.hands[view.seat] == game.hands[view.seat]
        cards = [*w.hands, *w.musiks]
        assert sum(c.bit_count() for c in cards) == 24
        assert functools.reduce(operator.or_, cards) == (1 << 24) - 1
        assert [w.hands[s].bit_count() for s in others] == [game.hands[s].bit_count()
                                                            for s in others]


def test_the_musik_seer_plays_a_deal_legally_and_only_in_the_arena() -> None:
    assert "musik-seer" not in LEVELS
    assert resolve_levels("musik-seer,expert,expert", 3)[0] == "musik-seer"
    game = Game(FORMS["pl-3"], seed=5)
    game.deal()
    seer = MusikSeer(seed=1)
    while game.phase not in (DEAL, GAME_OVER):
        game.play(seer.choose_full(game.copy()))
    assert game.results
