"""The analysis of deals built by hand (tests/analysis/deals.py), against values
worked out by hand: a forced line, a marriage that changes trump, a 2-player deal
with leftover cards, a 4-player deal."""

from __future__ import annotations

import pytest

from tysiac.analysis import CardReview, DealAnalysis, analyse_deal
from tysiac.cards import HEARTS, SPADES, parse_card
from tysiac.engine import actions as A

from .deals import FORCED, FOUR, LEFTOVER, TRUMP_CHANGE, TRUMP_CHANGE_MADE, game_of


def card(text: str) -> int:
    return parse_card(text)


def analysed(text: str) -> DealAnalysis:
    return analyse_deal(game_of(text), 0)


def review_of(a: DealAnalysis, trick: int, seat: int) -> CardReview:
    """The review of ``seat``'s card in trick ``trick`` (from 1)."""
    return next(c for c in a.play if c.trick == trick - 1 and c.seat == seat)


def test_a_forced_line_takes_everything_and_loses_nothing() -> None:
    a = analysed(FORCED)
    c = a.cards
    assert c.played is not None
    assert (c.played.points, c.by_trump, c.makeable) == (120, ((None, 120),), True)
    assert c.best.points == 120 and c.best_by_trump == ((None, 120),)
    assert c.played.cards == (card("9H"), card("9D")) and c.played.receivers == (1, 2)
    assert a.start_result == 100 and a.exchange_loss == 0
    assert len(a.play) == 24
    assert all(r.dd_loss == 0 for r in a.play)
    assert all(r.after is None or r.after == (True, 100) for r in a.play)
    assert not any(r.marked for r in a.play)
    forced = [r for r in a.play if r.choices == 1]
    assert forced and all(r.verdict == "forced" for r in forced)
    # Celina's only heart in trick 1, Bartek's only diamond left in trick 4.
    assert review_of(a, 1, 2).verdict == "forced" and review_of(a, 4, 1).verdict == "forced"
    rows = {b.seat: b for b in a.bidding}
    assert (rows[0].worth, rows[0].verdict, rows[0].loss) == (120, "left_points", 20)
    assert rows[0].obligatory and rows[0].bid is None
    for s in (1, 2):
        assert rows[s].worth is None and rows[s].best.points <= 76
        assert (rows[s].verdict, rows[s].loss) == ("right", 0)
    assert [(x.play, x.play_dd, x.bidding, x.exchange) for x in a.losses] == [
        (0, 0, 20, 0), (0, 0, 0, 0), (0, 0, 0, 0)]


def test_a_marriage_that_changes_trump() -> None:
    a = analysed(TRUMP_CHANGE_MADE)
    game = game_of(TRUMP_CHANGE_MADE)
    assert game.results[0].melds[0] == (HEARTS, SPADES)
    c = a.cards
    assert c.played is not None and c.played.points == 260 and c.makeable
    assert dict(c.by_trump) == {HEARTS: 260, SPADES: 260, None: 260}
    assert a.start_result == 260
    assert all(r.dd_loss == 0 for r in a.play)
    # Trick 5 announces spades: the trump changes from hearts, and nothing is lost.
    lead = review_of(a, 5, 0)
    assert lead.action == A.play(card("KS"), meld=True) and lead.dd_loss == 0
    assert card("KS") + A.MELD in lead.dd_best and card("QS") + A.MELD in lead.dd_best
    assert {b.seat: (b.worth, b.verdict) for b in a.bidding}[0] == (260, "right")


def test_a_card_that_throws_away_a_makeable_contract_is_marked() -> None:
    a = analysed(TRUMP_CHANGE)
    assert not a.made and a.start_result == 260
    lead = review_of(a, 5, 0)
    assert lead.action == card("KS") and lead.declarer_side
    assert lead.after == (False, -260) and lead.after_best == (True, 260)
    assert lead.dd_loss == 520 and lead.contract_lost
    assert set(lead.dd_best) == {card("KS") + A.MELD, card("QS") + A.MELD,
                                 card("AS"), card("TS")}
    # Holding her own marriage, Ania knew: the loss is the same in every world.
    assert lead.verdict == "mistake" and lead.marked
    assert lead.sd_loss == 520 and lead.noise == 0
    assert [r for r in a.play if r.dd_loss] == [lead]
    assert a.losses[0].play == 520 and a.losses[0].play_dd == 520


def test_two_players_leftover_cards_go_to_the_last_trick() -> None:
    a = analysed(LEFTOVER)
    c = a.cards
    assert c.played is not None
    assert (c.played.musik, set(c.played.cards)) == (0, {card("JS"), card("KS")})
    assert c.played.points == 109 and c.by_trump == ((None, 109),) and c.makeable
    assert c.best.points == 109                    # her discards were the best
    assert a.start_result == 100 - 11
    ania = a.bidding[0]
    assert (ania.worth, ania.verdict, ania.loss) == (100, "right", 0)
    assert ania.by_musik[0].points == 109 and ania.by_musik[0].musik == 0
    # Trick 9: K♣ keeps 9♠ for the last trick, which gives Bartek 11 + 19.
    k = review_of(a, 9, 0)
    assert k.action == card("KC") and k.dd_best == (card("9S"),)
    assert k.after == (False, -100 - 30) and k.after_best == (True, 89)
    assert k.dd_loss == 219 and k.contract_lost and k.marked
    assert [r for r in a.play if r.dd_loss] == [k]
    assert review_of(a, 10, 1).verdict == "forced"
    assert a.tricks[-1][2] == 1 and game_of(LEFTOVER).results[0].points == (90, 30)


def test_four_players_the_sitting_out_seat_is_not_analysed() -> None:
    a = analysed(FOUR)
    assert a.sitting_out == 3
    c = a.cards
    assert c.played is not None and c.played.points == 120 and c.makeable
    assert a.start_result == 100
    assert {b.seat for b in a.bidding} == {0, 1, 2}
    assert {r.seat for r in a.play} == {0, 1, 2}
    assert all(r.dd_loss == 0 for r in a.play)
    rows = {b.seat: b for b in a.bidding}
    assert (rows[0].worth, rows[0].loss) == (120, 20)
    for s in (1, 2):
        assert rows[s].worth is None and rows[s].best.points <= 87
    assert a.losses[3].play == a.losses[3].bidding == a.losses[3].play_dd == 0


@pytest.mark.parametrize("text", [FORCED, TRUMP_CHANGE, LEFTOVER, FOUR])
def test_the_analysis_is_repeatable(text: str) -> None:
    assert analysed(text) == analysed(text)
