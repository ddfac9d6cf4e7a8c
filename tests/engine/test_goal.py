"""RULES.md section 7 with goal 500: what the table does not set follows the
goal, and a barrier, defender_max or barrel at or over the goal is an error."""

from __future__ import annotations

import json

import pytest

from tysiac import Rules
from tysiac.record import RecordError, read_record
from tysiac.rules import RulesError


@pytest.mark.parametrize(("preset", "overrides", "barrier", "defender_max"), [
    ("pl-3", {}, 400, None),                                  # 800 → 400
    ("pl-3", {"barrier": 900}, 450, None),                    # a table's 900 → 450
    ("house-3", {}, 400, 490),                                # defender_max 990 → 490
    ("pl-4", {"defender_max": 990}, 400, 490),
])
def test_what_the_table_does_not_set_follows_the_goal(
        preset: str, overrides: dict[str, int], barrier: int, defender_max: int | None) -> None:
    rules = Rules.preset(preset, **overrides).with_options(goal=500)
    assert (rules.goal, rules.barrier, rules.defender_max) == (500, barrier, defender_max)
    if not overrides:                  # a record's rules object: the preset's values follow
        assert Rules.from_dict({"preset": preset, "goal": 500}) == rules


def test_what_the_table_sets_itself_stays() -> None:
    rules = Rules.preset("house-3", goal=500, barrier=300, defender_max=450)
    assert (rules.barrier, rules.defender_max) == (300, 450)


@pytest.mark.parametrize(("options", "fragment"), [
    ({"goal": 500, "barrier": 500}, "barrier (500) must be below goal (500)"),
    ({"goal": 500, "defender_max": 990}, "defender_max (990) must be below goal (500)"),
    ({"preset": "barrel-3", "goal": 500}, "barrel.at (880) must be below goal (500)"),
    ({"barrier": 1000}, "barrier (1000) must be below goal (1000)"),
])
def test_a_limit_at_or_over_the_goal_is_a_bad_record(options: dict[str, object],
                                                     fragment: str) -> None:
    rules = {"preset": "pl-3"} | options
    with pytest.raises(RulesError):
        Rules.from_dict(rules)
    record = json.dumps({"rules": rules, "players": ["A", "B", "C"], "first_dealer": 0})
    with pytest.raises(RecordError) as e:
        read_record(record)
    assert e.value.rule == "bad_record" and fragment in e.value.message("en")
    assert "musi być mniejsze niż goal" in e.value.message("pl")
