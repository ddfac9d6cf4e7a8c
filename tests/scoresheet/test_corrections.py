"""Correcting an earlier deal settles every later deal again; a correction the rules
make impossible for a later deal is refused whole."""

from __future__ import annotations

import pytest

from tysiac.rules import Rules
from tysiac.scoresheet import SheetError, settle_sheet

from .keeper import Keeper


def test_a_corrected_deal_moves_every_later_total() -> None:
    k = Keeper("pl-3")
    k.add(declarer=1, contract=120, cards="30,80,", melds=",C,")     # 30 120 10
    k.add(declarer=2, contract=100, cards="20,0,")                   # 50 120 110
    k.add(declarer=0, contract=110, cards=",10,0")                   # 160 130 110
    assert k.scores == (160, 130, 110)
    k.edit(0, declarer=1, contract=120, cards="30,50,")              # Bartek failed: −120
    assert [d.result.scores for d in k.settled.deals] == [
        (30, -120, 40), (50, -120, 140), (160, -110, 140)]


def test_a_correction_that_lifts_the_barrier_lets_later_defender_points_count() -> None:
    k = Keeper("pl-3", first_dealer=2, start=[0, 790, 0])
    k.add(declarer=0, contract=100, cards="40,20,", melds="C,,")      # Bartek 810: on the barrier
    k.add(declarer=2, contract=100, cards="0,20,")                   # Bartek adds nothing
    assert k.scores[1] == 810 and (1, "barrier", 20) in set(k.settled.deals[1].notes)
    k.edit(0, declarer=0, contract=100, cards="60,0,", melds="C,,")  # he took no points after all
    assert k.scores[1] == 790 + 0 + 20
    assert not k.settled.deals[1].notes


def test_the_same_sheet_settled_afresh_gives_what_a_correction_gives() -> None:
    k = Keeper("barrel-3", first_dealer=2, start=[800, 0, 0])
    for cards in ("100,10,", "60,30,", "70,30,", "50,50,"):
        k.add(declarer=0, contract=100, cards=cards, melds="H,,")
    k.edit(1, declarer=1, contract=120, cards="30,60,", melds=",D,")
    again = settle_sheet(k.sheet)
    assert [d.result for d in again.deals] == [d.result for d in k.settled.deals]
    assert again.standing == k.settled.standing


def test_a_correction_that_breaks_a_later_deal_is_refused_and_nothing_changes() -> None:
    k = Keeper("pl-3")
    k.add(declarer=1, contract=100, cards="10,100,")
    k.add(declarer=2, contract=100, cards="10,10,")
    k.add(declarer=0, contract=100, cards=",10,10")
    k.add(declarer=1, bomb=1)                                        # Bartek's one bomb
    before = (list(k.sheet.deals), k.scores)
    with pytest.raises(SheetError) as e:
        k.edit(0, declarer=1, bomb=1)                                # then deal 4 is his second
    assert "rozdanie 4" in e.value.message("pl") and "deal 4" in e.value.message("en")
    assert (list(k.sheet.deals), k.scores) == before


def test_a_correction_that_ends_the_game_earlier_is_refused() -> None:
    k = Keeper(Rules.preset("pl-3"), first_dealer=2, start=[880, 0, 0])
    k.add(declarer=0, contract=100, cards="60,30,")                  # failed: 780
    k.add(declarer=1, contract=100, cards="10,100,")
    with pytest.raises(SheetError) as e:
        k.edit(0, declarer=0, contract=120, cards="120,0,")          # then it ends at deal 1
    assert "rozdanie 2" in e.value.message("pl")
    assert "over" in e.value.message("en")
