"""RULES.md section 7: the barrier and its modes, ``defender_max``, and the barrel
(beczka), over several score-sheet deals."""

from __future__ import annotations

from tysiac import Game, Rules

from .helpers import sheet, sheet_bomb


def game3(scores: list[int], **options: object) -> Game:
    """Dealer 2, so that the first deal's obligatory 100 is seat 0's."""
    preset = str(options.pop("preset", "pl-3"))
    return Game(Rules.preset(preset, **options), first_dealer=2, start_scores=scores)


# --- barrier ----------------------------------------------------------------------------

def test_start_of_deal_barrier_counts_only_the_score_at_the_start() -> None:
    game = game3([0, 780, 800])
    # Seat 1 starts below 800: 780 + 40 = 820 is written; seat 2 starts at 800: nothing.
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 40, 0)
    assert game.scores == (100, 820, 800)
    # Now seat 1 is over the barrier too.
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 0, 0)


def test_over_the_barrier_a_player_scores_as_declarer() -> None:
    game = game3([0, 820, 0])
    assert sheet(game, 1, 120, (10, 100, 10), melds="/H/") == (10, 120, 10)
    assert game.scores == (10, 940, 10)


def test_falling_below_the_barrier_after_a_failed_contract_lifts_it() -> None:
    game = game3([820, 0, 0])
    assert sheet(game, 0, 120, (60, 30, 30)) == (-120, 30, 30)
    assert game.scores == (700, 30, 30)
    assert sheet(game, 1, 100, (40, 60, 20), melds="/C/") == (40, 100, 20)


def test_barrier_cap_mode_cuts_a_defender_to_the_barrier() -> None:
    game = game3([0, 780, 800], barrier_mode="cap")
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 20, 0)
    assert game.scores == (100, 800, 800)


def test_tournament_preset_caps_at_the_barrier() -> None:
    game = game3([0, 780, 790], preset="tournament-3")
    sheet(game, 0, 100, (40, 40, 40), melds="C//")
    assert game.scores == (100, 800, 800)


def test_barrier_900_and_none() -> None:
    game = game3([0, 850, 900], barrier=900)
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 40, 0)
    game = game3([0, 850, 900], barrier=None)
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 40, 40)


def test_goal_500_barrier_400() -> None:
    game = game3([0, 380, 400], preset="online-3", goal=500)
    assert sheet(game, 0, 100, (40, 40, 40), melds="C//") == (100, 40, 0)


def test_four_players_sitting_out_bonus_stops_at_the_barrier() -> None:
    game = Game(Rules.preset("pl-4"), first_dealer=0, start_scores=[800, 0, 0, 0])
    assert sheet(game, 1, 100, (0, 100, 20, 0), musik="AH AD 9S") == (0, 100, 20, 0)
    # Seat 1 deals and sits out next, below the barrier: 790 + 100 = 890.
    game = Game(Rules.preset("pl-4"), first_dealer=0, start_scores=[790, 0, 0, 0])
    assert sheet(game, 1, 100, (0, 100, 20, 0), musik="AH AD 9S") == (100, 100, 20, 0)


def test_sitting_out_bonus_is_cut_in_cap_mode() -> None:
    game = Game(Rules.preset("pl-4", barrier_mode="cap"), first_dealer=0,
                start_scores=[780, 0, 0, 0])
    assert sheet(game, 1, 100, (0, 100, 20, 0), musik="AH AD 9S")[0] == 20


# --- defender_max -----------------------------------------------------------------------------

def test_defender_max_990_only_a_declarer_can_finish() -> None:
    game = game3([0, 960, 0], barrier=None, defender_max=990)
    assert sheet(game, 0, 100, (40, 60, 20), melds="C//") == (100, 30, 20)
    assert game.scores == (100, 990, 20) and not game.is_over
    assert sheet(game, 1, 100, (10, 100, 10), melds="/H/") == (10, 100, 10)
    assert game.is_over and game.winner == 1


def test_house_preset_barrier_and_defender_max() -> None:
    game = game3([0, 790, 0], preset="house-3")
    # 790 starts below the barrier: it would write 1040; defender_max cuts it to 990.
    assert sheet(game, 0, 100, (10, 90, 20), melds="/DH/") == (-100, 200, 20)
    assert game.scores == (-100, 990, 20) and not game.is_over


def test_defender_max_also_cuts_bomb_points() -> None:
    game = game3([0, 950, 0], barrier=None, defender_max=990)
    assert sheet_bomb(game, 0) == (0, 40, 60)


# --- barrel -----------------------------------------------------------------------------------

def test_barrel_landing_is_written_as_880_and_three_deals_follow() -> None:
    game = game3([800, 0, 0], preset="barrel-3")
    # 800 + 120 = 920 lands in [880, 1000): written as 880.
    assert sheet(game, 0, 120, (100, 10, 10), melds="H//") == (80, 10, 10)
    assert game.scores[0] == 880 and game.standing.barrel == (3, 0, 0)
    # On the barrel a defender adds nothing; the deals after the landing count.
    assert sheet(game, 1, 100, (30, 80, 10), melds="/C/") == (0, 100, 10)
    assert sheet(game, 2, 100, (30, 10, 80), melds="//C") == (0, 10, 100)
    assert game.standing.barrel == (1, 0, 0)
    # The third deal without a win: −120 and off the barrel.
    assert sheet(game, 1, 100, (30, 80, 10), melds="/C/") == (-120, 100, 10)
    assert game.scores[0] == 760 and game.standing.barrel == (0, 0, 0)
    # Off the barrel a defender adds again.
    assert sheet(game, 2, 100, (30, 10, 80), melds="//C")[0] == 30


def test_barrel_win_as_declarer_with_120() -> None:
    game = game3([880, 0, 0], preset="barrel-3")
    assert game.standing.barrel == (3, 0, 0)     # starts on the barrel
    sheet(game, 0, 120, (100, 10, 10), melds="H//")
    assert game.scores == (1000, 10, 10)
    assert game.is_over and game.winner == 0


def test_barrel_made_contract_below_the_goal_stays_at_880() -> None:
    game = game3([880, 0, 0], preset="barrel-3")
    assert sheet(game, 0, 110, (100, 10, 10), melds="H//") == (0, 10, 10)
    assert game.scores[0] == 880 and game.standing.barrel == (2, 0, 0)


def test_barrel_failed_contract_subtracts_it_and_drops_off() -> None:
    game = game3([880, 0, 0], preset="barrel-3")
    assert sheet(game, 0, 120, (60, 30, 30)) == (-120, 30, 30)
    assert game.scores[0] == 760 and game.standing.barrel == (0, 0, 0)
    assert sheet(game, 1, 100, (40, 60, 20), melds="/C/")[0] == 40


def test_several_players_on_the_barrel_at_once() -> None:
    game = game3([850, 860, 0], preset="barrel-3")
    assert sheet(game, 2, 100, (40, 30, 50), melds="//C") == (30, 20, 100)
    assert game.scores == (880, 880, 100)
    assert game.standing.barrel == (3, 3, 0)
    sheet(game, 2, 100, (20, 20, 80), melds="//C")
    sheet(game, 2, 100, (20, 20, 80), melds="//C")
    assert game.scores[:2] == (880, 880)
    assert sheet(game, 2, 100, (20, 20, 80), melds="//C")[:2] == (-120, -120)
    assert game.standing.barrel == (0, 0, 0)


def test_barrel_deals_are_counted_per_player() -> None:
    game = game3([850, 800, 0], preset="barrel-3")
    assert sheet(game, 2, 100, (40, 10, 70), melds="//C") == (30, 10, 100)    # seat 0 lands
    assert sheet(game, 2, 100, (10, 70, 40), melds="//H") == (0, 70, 100)     # seat 1 lands
    assert game.scores[:2] == (880, 880) and game.standing.barrel == (2, 3, 0)
    sheet(game, 2, 100, (10, 10, 100))
    assert sheet(game, 2, 100, (10, 10, 100)) == (-120, 0, 100)
    assert sheet(game, 2, 100, (10, 10, 100)) == (10, -120, 100)
    assert game.scores[:2] == (770, 760) and game.standing.barrel == (0, 0, 0)


def test_bombs_count_as_barrel_deals_and_give_a_barrel_sitter_nothing() -> None:
    game = game3([880, 0, 0], preset="barrel-3")
    assert sheet_bomb(game, 1) == (0, 0, 60)
    assert sheet_bomb(game, 2) == (0, 60, 0)
    assert game.standing.barrel == (1, 0, 0)
    assert sheet(game, 1, 100, (30, 80, 10), melds="/C/")[0] == -120


def test_starting_within_the_barrels_range() -> None:
    # RECORD.md: a player who starts within the range sits on the barrel with all
    # its deals ahead. The engine writes such a score as 880 at the first deal it
    # settles (the barrel's "written as at"); the start score itself is kept as given.
    game = game3([900, 0, 0], preset="barrel-3")
    assert game.standing.barrel == (3, 0, 0)
    assert sheet(game, 1, 100, (30, 80, 10), melds="/C/") == (-20, 100, 10)
    assert game.scores[0] == 880 and game.standing.barrel == (2, 0, 0)


def test_barrel_at_800() -> None:
    game = game3([760, 0, 0], preset="barrel-3", barrel={"at": 800, "deals": 3, "penalty": 120})
    assert sheet(game, 2, 100, (90, 10, 20), melds="//H") == (40, 10, 100)
    assert game.scores[0] == 800 and game.standing.barrel == (3, 0, 0)


def test_reaching_the_goal_straight_past_the_barrel_wins() -> None:
    game = game3([870, 0, 0], preset="barrel-3")
    sheet(game, 0, 130, (80, 20, 20), melds="H//")
    assert game.scores[0] == 1000 and game.winner == 0


def test_a_barrel_replaces_the_barrier() -> None:
    # "barrel ... replaces the barrier": a barrel added to a preset with a barrier
    # leaves no barrier — a defender at 850 still adds its points.
    game = game3([850, 0, 0], barrel={"at": 880, "deals": 3, "penalty": 120})
    assert game.rules.barrier is None
    assert sheet(game, 2, 100, (20, 10, 90), melds="//C") == (20, 10, 100)
    assert sheet(game, 2, 100, (20, 10, 90), melds="//C") == (10, 10, 100)  # 890 → 880
    assert game.standing.barrel == (3, 0, 0)


def test_cap_mode_does_not_cut_a_declarer() -> None:
    game = game3([780, 0, 0], preset="tournament-3")
    assert sheet(game, 0, 120, (100, 10, 10), melds="H//") == (120, 10, 10)
    assert game.scores[0] == 900
