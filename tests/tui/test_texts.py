"""The terminal game's texts: the hint names whose contract its chance is about, a range
of one value reads "only", and the help page matches the phase."""

from __future__ import annotations

import random

from tysiac.bots.hint import Advice
from tysiac.engine import actions as A
from tysiac.engine.game import Game
from tysiac.engine.phases import DEAL, GAME_OVER
from tysiac.rules import Rules
from tysiac.tui.texts import advice_text, bid_prompt, declare_prompt, help_lines

NAMES = ["Ty", "Ania", "Bartek"]


def bidding_after_the_obligatory_100() -> Game:
    """Ania (seat 1) holds the obligatory 100, Bartek passes: seat 0 to bid."""
    g = Game(Rules.preset("pl-3"), seed=1, first_dealer=0)
    g.deal()
    g.play(A.PASS, 2)
    assert g.to_move == 0
    return g


def test_the_chance_of_a_pass_is_the_highest_bidders_contract() -> None:
    v = bidding_after_the_obligatory_100().view(0)
    text = advice_text([Advice(A.PASS, 16.0, 0.22), Advice(A.bid(110), -5.0, 0.4)], v, NAMES,
                       "pl")
    assert text == "Rada (bilans pkt): pas +16, Ania ugra 100: szansa 22% · licytuj 110 -5"
    text = advice_text([Advice(A.bid(110), -5.0, 0.4)], v, NAMES, "en")
    assert text == "Advice (expected margin): bid 110 -5, you make 110: 40% chance"


def test_the_chance_in_card_play_is_the_declarers() -> None:
    rng = random.Random(4)
    for seed in range(200):
        g = Game(Rules.preset("pl-3", bombs_per_player=0), seed=seed)
        g.deal()
        while g.phase not in (DEAL, GAME_OVER) and not (g.phase_name == "play"
                                                         and g.to_move == 0):
            g.apply(rng.choice(g.legal_actions()))
        if g.phase_name == "play" and g.declarer == 2:
            break
    else:
        raise AssertionError("no deal where Bartek declares and seat 0 plays")
    v = g.view(0)
    text = advice_text([Advice(v.legal[0], 3.0, 0.7)], v, NAMES, "pl")
    assert text.endswith(f" +3, Bartek ugra {v.contract}: szansa 70%")


def test_a_range_of_one_value_says_only() -> None:
    assert bid_prompt(160, [160], 10, "pl") == ("Licytujesz: podbij albo pasuj (twój limit: "
                                                "160). Możesz: pas albo tylko 160.")
    assert bid_prompt(160, [160], 10, "en").endswith("Legal: pass or only 160.")
    assert bid_prompt(200, [120, 130, 200], 10, "pl").endswith("Możesz: pas, 120–200 co 10.")
    assert declare_prompt([160], "pl") == "Zadeklaruj kontrakt: tylko 160 (twój limit)."
    assert declare_prompt([160], "en") == "Declare your contract: only 160 (your cap)."
    assert declare_prompt([120, 130], "pl") == "Zadeklaruj kontrakt: od 120 do 130 (limit 130)."


def test_the_help_page_matches_the_phase() -> None:
    bid = "\n".join(help_lines("bid", "pl", undo=False, bomb=False))
    play = "\n".join(help_lines("play", "pl", undo=True, bomb=False))
    assert "↑ ↓  + −    wyżej / niżej: stawka na przycisku" in bid
    assert "między ręką a przyciskami" not in bid and "zagraj kartę" not in bid
    assert "↑ ↓         między ręką a przyciskami" in play and "stawka" not in play
    assert "cofnij swoją ostatnią kartę" in play and "cofnij" not in bid
    declare = "\n".join(help_lines("declare", "en", undo=False, bomb=True))
    assert "the contract on the button" in declare and "bomb (twice" in declare
    assert "bomb (twice" not in "\n".join(help_lines("declare", "en", undo=False, bomb=False))
    assert "next deal" in "\n".join(help_lines("between", "en", undo=False, bomb=False))
