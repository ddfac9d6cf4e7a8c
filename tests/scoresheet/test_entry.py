"""The deal form: what each field takes, the last card points filled in, a plain
message next to the wrong field with everything entered kept — and no input, however
wrong, that gets past it unexplained."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tysiac.rules import Rules
from tysiac.scoresheet import DealForm, Sheet, SheetError, read_entry
from tysiac.scoresheet.entry import fields_from_pairs, fields_of
from tysiac.scoresheet.settled import change

from .keeper import Keeper

NAMES = ["Ania", "Bartek", "Celina"]


def form(preset: str = "pl-3", dealer: int = 0, names: list[str] = NAMES, **options: object
         ) -> DealForm:
    return DealForm.of(Rules.preset(preset, **options), names, 1, dealer)


def entry(f: DealForm, **fields: str | list[str]):  # type: ignore[no-untyped-def]
    return read_entry(f, {k: v if isinstance(v, list) else [v] for k, v in fields.items()})


def test_the_last_empty_card_points_are_120_minus_the_rest() -> None:
    e = entry(form(), declarer="1", contract="120", cards0="23", cards1="", cards2="5")
    assert e.deal is not None and e.deal.cards == (23, 92, 5)
    assert e.auto == 1 and e.cards == ["23", "92", "5"]


def test_two_empty_card_points_are_asked_for_by_name() -> None:
    e = entry(form(), declarer="1", contract="120", cards0="23")
    assert e.deal is None
    assert "Bartek" in e.error("cards", "pl") and "Celina" in e.error("cards", "en")


def test_card_points_over_120_together_are_refused_before_filling_in() -> None:
    e = entry(form(), declarer="1", contract="120", cards0="80", cards1="60")
    assert e.deal is None and "140" in e.error("cards", "pl")


def test_two_players_fill_in_the_leftover_only_where_it_goes_with_the_last_trick() -> None:
    names = ["Ola", "Piotr"]
    e = entry(form("pl-2", names=names), declarer="1", contract="100", cards0="40")
    assert e.deal is not None and e.deal.cards == (40, 80)
    nobody = form("pl-2", names=names, leftover_cards="nobody")
    e = entry(nobody, declarer="1", contract="100", cards0="40")
    assert e.deal is None and "nikomu" in e.error("cards", "pl")


def test_four_players_the_sitting_out_seat_has_no_fields() -> None:
    f = form("pl-4", names=["A", "B", "C", "D"], dealer=2)
    assert f.sitting_out == 2 and f.playing == (3, 0, 1) and f.musik
    e = entry(f, declarer="2", contract="100", cards0="50", cards1="50")
    assert e.deal is None and "pauzuje" in e.error("declarer", "pl")
    e = entry(f, declarer="3", contract="100", cards0="50", cards1="50", cards2="99",
              musik="AS AH 9C")
    assert e.deal is not None and e.deal.cards == (50, 50, 0, 20)
    assert e.musik == ["AS", "AH", "9C"]


@pytest.mark.parametrize(("fields", "key", "words"), [
    ({"contract": "120"}, "declarer", "grał"),
    ({"declarer": "7", "contract": "120"}, "declarer", "jednego"),
    ({"declarer": "Ania", "contract": "120"}, "declarer", "jednego"),
    ({"declarer": "1"}, "contract", "kontrakt"),
    ({"declarer": "1", "contract": "sto"}, "contract", "liczba"),
    ({"declarer": "1", "contract": "-120"}, "contract", "liczba"),
    ({"declarer": "1", "contract": "12000"}, "contract", "liczba"),
    ({"declarer": "1", "contract": "120", "bid": "1e2"}, "bid", "liczba"),
    ({"declarer": "1", "contract": "120", "cards0": "x"}, "cards0", "Ania"),
    ({"declarer": "1", "contract": "120", "cards0": "121"}, "cards0", "od 0 do 120"),
    ({"declarer": "1", "contract": "120", "cards0": "٣٠"}, "cards0", "liczba"),
    ({"declarer": "1", "contract": "120", "melds1": ["C", "C"]}, "melds1", "dwa razy"),
    ({"declarer": "1", "contract": "120", "melds1": "X"}, "melds1", "kolor"),
    ({"declarer": "1", "contract": "120", "bomb": "maybe"}, "bomb", "Bomba"),
])
def test_each_wrong_field_has_its_message_and_keeps_what_was_typed(
        fields: dict[str, str | list[str]], key: str, words: str) -> None:
    e = entry(form(), **{"cards0": "30", "cards1": "70", **fields})
    assert e.deal is None and words in e.error(key, "pl"), e.errors
    assert e.error(key, "en") and e.error(key, "en") != e.error(key, "pl")
    assert e.cards[0] == (fields.get("cards0") or "30")[:40]
    if "contract" in fields:
        assert e.contract == fields["contract"]


@pytest.mark.parametrize(("fields", "key", "words"), [
    ({"declarer": "1", "contract": "125", "cards": "30,76,14"}, "contract", "wielokrotnością"),
    ({"declarer": "1", "contract": "110", "bid": "120", "cards": "30,76,14"}, "contract",
     "niższy niż licytacja"),
    ({"declarer": "1", "contract": "120", "cards": "30,76,24"}, "cards", "130"),
    ({"declarer": "1", "contract": "120", "cards": "30,76,14", "melds": "C,C,"}, "melds",
     "raz"),
    ({"declarer": "1", "contract": "120", "bid": "105", "cards": "30,76,14"}, "bid", "105"),
])
def test_what_only_the_rules_refuse_is_said_next_to_its_field(
        fields: dict[str, str], key: str, words: str) -> None:
    """The form reads the values; the engine judges them, naming the field."""
    sheet = Sheet(Rules.preset("pl-3"), NAMES, 0)
    e = read_entry(form(), fields_from_pairs(fields, NAMES))
    assert e.deal is not None
    with pytest.raises(SheetError) as err:
        change(sheet, [e.deal], 0)
    assert err.value.field == key and words in err.value.message("pl"), err.value.texts


def test_a_bomb_needs_no_contract_nor_card_points() -> None:
    e = entry(form(), declarer="2", bomb="on", cards0="12")
    assert e.deal is not None and e.deal.bomb and e.deal.cards == ()
    assert e.cards[0] == "12"               # kept for the page, should the bomb be unticked


def test_tricks_are_asked_only_with_a_zero_penalty() -> None:
    assert not form().tricks
    f = form("barrel-3")
    assert f.tricks
    e = entry(f, declarer="1", contract="100", cards0="0", cards1="100", tricks0="1",
              tricks1="5")
    assert e.deal is not None and e.deal.tricks == (1, 5, 2)
    e = entry(f, declarer="1", contract="100", cards0="0", cards1="100", tricks0="1")
    assert e.deal is None and e.error("tricks", "en")
    e = entry(f, declarer="1", contract="100", cards0="0", cards1="100", tricks0="9")
    assert e.deal is None and "od 0 do 8" in e.error("tricks0", "pl")


def test_a_deal_read_back_from_its_fields_is_the_same_deal() -> None:
    k = Keeper("pl-4", names=("A", "B", "C", "D"))
    k.add(declarer=2, contract=120, cards=",30,90,", melds=",,H,", musik="AS KH QH")
    k.add(declarer=3, bid=100, bomb=1, musik="9S 9H 9D")
    for i, deal in enumerate(k.sheet.deals):
        again = read_entry(k.form(i), fields_of(deal, 4))
        assert again.deal == deal


def test_the_command_line_form_of_fields() -> None:
    fields = fields_from_pairs({"declarer": "celina", "cards": "1,2,", "melds": ",♥♣,"}, NAMES)
    assert fields["declarer"] == ["2"] and fields["cards2"] == [""]
    assert read_entry(form(), {**fields, "contract": ["100"]}).melds[1] == ["H", "C"]
    with pytest.raises(SheetError):
        fields_from_pairs({"cards": "1,2,3,4"}, NAMES)
    with pytest.raises(SheetError) as e:
        fields_from_pairs({"kontrakt": "100"}, NAMES)
    assert "kontrakt" in e.value.message("pl")


# --- generated input -------------------------------------------------------------------------

FIELD_NAMES = ["declarer", "contract", "bid", "bomb", "cards0", "cards1", "cards2", "cards3",
               "melds0", "melds1", "melds2", "melds3", "tricks0", "tricks1", "tricks2", "musik"]
KNOWN_ERRORS = set(FIELD_NAMES) | {"cards", "melds", "tricks"}
SHEET_FIELDS = {"declarer", "contract", "bid", "bomb", "cards", "melds", "tricks", "musik", None}

texts = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", "0", "100", "120", "130", "-5", "1e3", "٣", "H", "C", "HH", "♥",
                     "AS AH 9C", "AS AS AS", "on", "tak", "999999999", " 40 ", "\x00"]),
    st.integers(-50, 500).map(str),
)


@settings(max_examples=400, deadline=None)
@given(preset=st.sampled_from(["pl-3", "pl-2", "pl-4", "dobierany", "barrel-3", "house-3"]),
       dealer=st.integers(0, 3),
       fields=st.dictionaries(st.sampled_from(FIELD_NAMES), st.lists(texts, max_size=3)))
def test_any_input_is_a_deal_or_a_message_next_to_a_field(
        preset: str, dealer: int, fields: dict[str, list[str]]) -> None:
    rules = Rules.preset(preset)
    names = ["Ania", "Bartek", "Celina", "Darek"][:rules.players]
    f = DealForm.of(rules, names, 1, dealer % rules.players)
    e = read_entry(f, fields)
    assert set(e.errors) <= KNOWN_ERRORS
    for pl, en in e.errors.values():
        assert pl and en and "Traceback" not in pl + en
    if e.deal is None:
        assert e.errors
        return
    sheet = Sheet(rules, names, dealer % rules.players)
    try:
        settled = change(sheet, [e.deal], 0)
    except SheetError as err:
        assert err.field in SHEET_FIELDS and err.message("pl") and err.message("en")
    else:
        assert len(settled.deals) == 1 and sum(settled.deals[0].result.cards) <= 120
