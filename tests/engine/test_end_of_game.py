"""RULES.md section 7, the end: the game ends after the deal in which somebody
reaches the goal; among several the declarer wins, else the higher score; equal
scores draw. After the end nothing more may be played."""

from __future__ import annotations

import pytest

from tysiac import Game, IllegalAction, Rules
from tysiac.engine import CHANCE

from .helpers import A, position, rule_of, sheet, sheet_bomb, tricks


def game3(scores: list[int], **options: object) -> Game:
    return Game(Rules.preset("pl-3", **options), first_dealer=2, start_scores=scores)


def test_below_the_goal_the_game_goes_on() -> None:
    game = game3([880, 0, 0])
    sheet(game, 0, 110, (100, 10, 10), melds="H//")
    assert game.scores[0] == 990
    assert not game.is_over and game.winner is None and game.phase_name == "deal"


def test_the_declarer_reaching_the_goal_wins_not_exactly() -> None:
    game = game3([900, 0, 0])
    sheet(game, 0, 120, (100, 10, 10), melds="H//")
    assert game.scores == (1020, 10, 10)
    assert game.is_over and game.winner == 0
    assert game.phase_name == "game_over" and game.to_move == CHANCE
    assert game.legal_actions() == ()


def test_the_declarer_wins_among_several_even_with_a_lower_score() -> None:
    # Seed 000: "Jeśli do tysiąca dobije grający, wygrywa on, nawet gdy przeciwnik ma
    # więcej."
    game = game3([900, 980, 0], barrier=None)
    sheet(game, 0, 100, (60, 40, 20), melds="C//")
    assert game.scores == (1000, 1020, 20)
    assert game.winner == 0


def test_without_the_declarer_the_higher_score_wins() -> None:
    game = game3([0, 980, 975], barrier=None)
    sheet(game, 0, 120, (50, 30, 40))
    assert game.scores == (-120, 1010, 1015)
    assert game.winner == 2


def test_equal_scores_draw() -> None:
    game = game3([0, 980, 970], barrier=None)
    sheet(game, 0, 120, (50, 30, 40))
    assert game.scores == (-120, 1010, 1010)
    assert game.is_over and game.winner == "draw"


def test_a_defender_alone_over_the_goal_wins_where_nothing_stops_it() -> None:
    game = game3([0, 980, 0], barrier=None)
    sheet(game, 0, 100, (70, 30, 20), melds="S//")
    assert game.winner == 1


def test_bomb_points_can_end_the_game_without_a_barrier() -> None:
    game = game3([0, 950, 0], barrier=None)
    sheet_bomb(game, 0)
    assert game.scores == (0, 1010, 60) and game.winner == 1


def test_goal_500() -> None:
    game = Game(Rules.preset("online-3", goal=500), first_dealer=2, start_scores=[380, 0, 0])
    sheet(game, 0, 120, (100, 10, 10), melds="H//")
    assert game.scores[0] == 500 and game.winner == 0


def test_a_played_deal_ends_the_game() -> None:
    # The section 5 walk-through deal: A makes 100 from 900.
    game = position("QH KH 9H AD TD 9D AC TC", "AH AS TS KS QS JS 9S JD",
                    "JH TH KD QD KC QC JC 9C", scores=[900, 0, 0])
    tricks(game, "QH+ AH TH", "9S JH KH", "9D JD KD", "QC+ TC JS", "9H QS 9C",
           "QD AD KS", "AC TS JC", "TD AS KC")
    assert game.scores == (1000, 20, 90)
    assert game.is_over and game.winner == 0


def test_nothing_is_played_after_the_end() -> None:
    game = game3([900, 0, 0])
    sheet(game, 0, 120, (100, 10, 10), melds="H//")
    for seat in (0, 1, 2):
        assert rule_of(game, A.PASS, seat=seat) == "game_over"
    assert rule_of(game, A.bid(110)) == "game_over"
    with pytest.raises(IllegalAction) as err:
        game.deal()
    assert err.value.rule == "game_over"
    with pytest.raises(IllegalAction) as err:
        sheet(game, 1, 100, (10, 100, 10))
    assert err.value.rule == "game_over"
    assert err.value.message("pl") == "Partia jest już zakończona"
