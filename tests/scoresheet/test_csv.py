"""Sheets as CSV: written and read back the same, read from a spreadsheet's own
variants, and any malformed file refused with the line and the column at fault."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac.record import to_record
from tysiac.rules import Rules
from tysiac.scoresheet import Sheet, SheetError, settle_sheet
from tysiac.scoresheet.csv_io import MAX_CSV_BYTES, read_csv, write_csv

from ..randomgames import VARIANTS, random_game
from .keeper import Keeper


def family_game() -> Keeper:
    k = Keeper("house-3")
    k.add(declarer=1, contract=120, cards="30,80,", melds=",C,")
    k.add(declarer=2, bid=100, bomb=1)
    k.add(declarer=0, contract=110, cards=",10,0")
    return k


def test_a_sheet_written_and_read_back_is_the_same() -> None:
    k = family_game()
    text = write_csv(k.settled)
    assert text.splitlines()[:3] == [
        "# tysiac-sheet/1", "# rules: house-3",
        "deal,dealer,declarer,bid,contract,bomb,cards:Ania,cards:Bartek,cards:Celina,"
        "melds:Ania,melds:Bartek,melds:Celina,score:Ania,score:Bartek,score:Celina"]
    assert text.splitlines()[3] == "1,Ania,Bartek,,120,,30,80,10,,C,,30,120,10"
    again = read_csv(text)
    assert (again.rules, again.players, again.first_dealer, again.deals) == (
        k.sheet.rules, k.sheet.players, k.sheet.first_dealer, k.sheet.deals)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_table_form_round_trips(variant: str) -> None:
    game = random_game(VARIANTS[variant], 7, 40, play_bias=0.7)
    sheet, _ = Sheet.from_record(to_record(game, ["Ania", "Bartek", "Celina", "Darek"][
        :game.n]))
    again = read_csv(write_csv(settle_sheet(sheet)).encode())
    assert again.deals == sheet.deals and again.rules == sheet.rules


def test_a_name_that_looks_like_a_formula_is_not_one_in_a_spreadsheet() -> None:
    k = Keeper("pl-3", names=("=SUM(A1)", "+48", "Celina"))
    k.add(declarer=0, contract=100, cards="100,10,")
    text = write_csv(k.settled)
    assert "\n1,'=SUM(A1),'=SUM(A1),,100," in text
    assert read_csv(text).deals == k.sheet.deals


def test_a_polish_spreadsheet_with_semicolons_and_polish_column_names() -> None:
    text = ("\ufeffrozdanie;rozdaje;grający;kontrakt;bomba;karty:Ania;karty:Bartek;"
            "karty:Celina;meldunki:Bartek;wynik:Ania;wynik:Bartek;wynik:Celina\r\n"
            "1;Ania;Bartek;120;;30;80;;♣;30;120;10\r\n"
            "2;Bartek;Celina;;tak;;;;;90;180;10\r\n")
    sheet = read_csv(text.encode(), default=Rules.preset("house-3"))
    assert sheet.rules.preset_name == "house-3" and sheet.first_dealer == 0
    assert sheet.deals[0].cards == (30, 80, 10) and sheet.deals[1].bomb
    assert settle_sheet(sheet).scores == (90, 180, 10)


def test_without_rules_the_default_for_the_number_of_players() -> None:
    text = "dealer,declarer,contract,cards:Ola,cards:Piotr\nOla,Piotr,100,40,\n"
    assert read_csv(text).rules == Rules.preset("pl-2")
    assert read_csv(text, default=Rules.preset("house-3")).rules == Rules.preset("pl-2")


GOOD = ("# rules: pl-3\ndeal,dealer,declarer,contract,cards:A,cards:B,cards:C,score:A,"
        "score:B,score:C\n1,A,B,120,30,80,10,30,-120,10\n")


def test_the_good_file_reads() -> None:
    sheet = read_csv(GOOD)
    assert sheet.players == ["A", "B", "C"] and sheet.deals[0].cards == (30, 80, 10)


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "nagłówka"),
    ("# only a comment\n", None, "nagłówka"),
    ("dealer,declarer,cards:A,cards:B\n", 2, "żadnego rozdania"),
    ("deal,who,declarer\n1,A,B\n", 1, "nieznana kolumna"),
    ("dealer,declarer,cards:A,cards:A\nA,A,1,2\n", 1, "dwa razy"),
    ("dealer,declarer,cards:A\nA,A,1\n", 1, "2 do 4 graczy"),
    ("dealer,declarer,size:A,cards:B\nA,A,1,2\n", 1, "nieznana kolumna gracza"),
    ("dealer,declarer,cards:" + "x" * 30 + ",cards:B\n", 1, "od 1 do 20"),
    ("# rules: pl-9\n" + GOOD.split("\n", 1)[1], 1, "zasady"),
    ("# rules: pl-2\n" + GOOD.split("\n", 1)[1], 1, "2 graczy"),
    (GOOD.replace("1,A,B,", "1,,B,"), 3, "rozdawał"),
    (GOOD.replace("1,A,B,", "1,Zenek,B,"), 3, "Zenek"),
    (GOOD + "2,C,A,100,60,20,40,,,\n", 4, "rozdaje B"),
    (GOOD.replace("120,30,80,10,30", "12x,30,80,10,30"), 3, "liczba"),
    (GOOD.replace("30,80,10,30", "30,80,20,30"), 3, "130"),
    (GOOD.replace("30,-120,10\n", "30,130,10\n"), 3, "według zasad -120"),
    (GOOD.replace("30,-120,10\n", "30,1x0,10\n"), 3, "wynik"),
    (GOOD.replace("30,-120,10\n", "30,-120,10,7\n"), 3, "pól"),
    (GOOD.replace("1,A,B,120", '1,"A,B,120'), None, "CSV"),
    (GOOD + "x" * 3000 + "\n", 4, "najwyżej 2000"),
])
def test_a_malformed_csv_is_refused_with_its_line(text: str, line: int | None,
                                                  words: str) -> None:
    with pytest.raises(SheetError) as e:
        read_csv(text.encode())
    pl, en = e.value.texts
    assert words in pl, pl
    if line is not None:
        assert pl.startswith(f"wiersz {line}") and en.startswith(f"line {line}")


def test_an_oversized_or_binary_file_is_refused_before_it_is_read() -> None:
    with pytest.raises(SheetError) as e:
        read_csv(b"a" * (MAX_CSV_BYTES + 1))
    assert str(MAX_CSV_BYTES) in e.value.message("en")
    for data in (b"\xff\xfe\x00d", GOOD.encode() + b"\x00"):
        with pytest.raises(SheetError):
            read_csv(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400),
    st.builds(lambda at, junk: GOOD[:at] + junk + GOOD[at:],
              st.integers(0, len(GOOD)), st.text(max_size=12)),
))
def test_any_bytes_are_a_sheet_or_a_clear_refusal(data: bytes | str) -> None:
    try:
        sheet = read_csv(data)
    except SheetError as e:
        assert e.message("pl") and e.message("en")
    else:
        assert settle_sheet(sheet).error is None
