"""Actions in text: RECORD.md's canonical ``next.legal`` forms, reading them back,
and the UI words (Polish by default, English available)."""

from __future__ import annotations

import pytest

from tysiac.engine import actions as A

from .helpers import cards


def card(text: str) -> int:
    return cards(text)[0]


@pytest.mark.parametrize(("action", "text"), [
    (A.bid(120), 120), (A.declare(140), 140), (A.PASS, "pass"), (A.BOMB, "bomb"),
    (A.choose_musik(0), 0), (A.choose_musik(1), 1),
    (A.play(card("9H")), "9H"), (A.play(card("QH"), meld=True), "QH+"),
    (A.play(card("TS")), "TS"), (A.give(card("JD")), "JD"), (A.discard(card("AC")), "AC"),
])
def test_canonical_forms_of_record_md(action: int, text: int | str) -> None:
    assert A.to_json(action) == text


@pytest.mark.parametrize(("text", "phase", "discards", "action"), [
    ("120", "bid", False, A.bid(120)),
    ("140", "declare", False, A.declare(140)),
    ("1", "choose_musik", False, A.choose_musik(1)),
    ("pass", "bid", False, A.PASS), ("pas", "bid", False, A.PASS),
    ("bomba", "declare", False, A.BOMB),
    ("QH+", "play", False, A.play(card("QH"), meld=True)),
    ("D♥", "play", False, A.play(card("QH"))),
    ("10♠", "exchange", False, A.give(card("TS"))),
    ("10♠", "exchange", True, A.discard(card("TS"))),
])
def test_parse_reads_the_forms_back(text: str, phase: str, discards: bool, action: int) -> None:
    assert A.parse(text, phase, discards) == action


def test_parse_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        A.parse("XX", "play")


@pytest.mark.parametrize(("action", "pl", "en"), [
    (A.play(card("QH"), meld=True), "D♥ + meldunek", "Q♥ + marriage"),
    (A.bid(110), "licytuj 110", "bid 110"),
    (A.PASS, "pas", "pass"),
    (A.BOMB, "bomba", "bomb"),
    (A.give(card("JS")), "oddaj W♠", "give J♠"),
    (A.discard(card("TD")), "odłóż 10♦", "discard 10♦"),
])
def test_describe_in_polish_by_default_and_english(action: int, pl: str, en: str) -> None:
    assert A.describe(action) == pl
    assert A.describe(action, "en") == en


def test_kind_and_value() -> None:
    assert [A.kind(a) for a in (A.play(3), A.play(3, True), A.give(3), A.discard(3),
                                A.PASS, A.BOMB, A.redeal(2), A.choose_musik(1),
                                A.bid(100), A.declare(100))] == [
        "play", "play", "give", "discard", "pass", "bomb", "redeal", "choose_musik",
        "bid", "declare"]
    assert A.value_of(A.redeal(2)) == 2
    assert A.card_of(A.play(card("KS"), meld=True)) == card("KS")
    assert A.is_meld(A.play(card("KS"), meld=True)) and not A.is_meld(A.play(card("KS")))
