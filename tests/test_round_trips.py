"""JSON → text → JSON and text → JSON → text are the identity on every valid
record of every preset: whole games, games stopped mid-deal, score sheets (with
and without tricks), sheets and full deals mixed, start scores and extras."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac.arbiter import judge
from tysiac.record import GameRecord, dumps, notation, read_record, to_record

from .fuzzing import _midway, sheet_of
from .randomgames import VARIANTS, random_game


@st.composite
def valid_records(draw: st.DrawFn) -> GameRecord:
    rules = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    seed = draw(st.integers(0, 10**9))
    names = [draw(st.text(min_size=0, max_size=8)) for _ in range(rules.players)]
    extra = draw(st.sampled_from(({}, {"site": "test", "n": [1, 2.5, None]},
                                  {"note": "a]\n[b\u2028"})))
    shape = draw(st.sampled_from(("whole", "midway", "sheet", "mixed")))
    if shape == "midway":
        return to_record(_midway(rules, seed), names, extra)
    whole = to_record(random_game(rules, seed, deals=draw(st.integers(1, 3)), play_bias=0.5),
                      names, extra)
    if shape == "whole":
        return whole
    sheet = sheet_of(whole, seed)
    if shape == "sheet":
        return GameRecord(rules, names, whole.first_dealer, sheet.deals, None, extra)
    return GameRecord(rules, names, whole.first_dealer, sheet.deals[:1] + whole.deals[1:],
                      None, extra)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=valid_records())
def test_both_forms_round_trip_on_valid_records(record: GameRecord) -> None:
    assert judge(record)[1] == 0, judge(record, "en")[0]["error"]
    as_json = dumps(record)
    as_text = notation.write(record)
    # JSON → text → JSON
    assert dumps(read_record(notation.write(read_record(as_json)))) == as_json
    # text → JSON → text
    assert notation.write(read_record(dumps(read_record(as_text)))) == as_text
    assert read_record(as_text) == record == read_record(as_json.encode("utf-8"))


@settings(max_examples=30, deadline=None)
@given(scores=st.lists(st.integers(-2000, 999), min_size=3, max_size=3))
def test_start_scores_round_trip(scores: list[int]) -> None:
    game = random_game(VARIANTS["pl-3"], 1, deals=1)
    record = to_record(game, ["A", "B", "C"])
    record.start_scores = tuple(scores)
    text = notation.write(record)
    assert notation.write(read_record(dumps(read_record(text)))) == text
    assert read_record(text).start_scores == tuple(scores)
