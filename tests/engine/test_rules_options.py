"""The rules object: every option id of RULES.md with its default, the presets of
section 8, preset plus overrides, and the error naming the option and its values."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tysiac import Rules, RulesError
from tysiac.rules import OPTION_IDS, PRESET_NAMES, parse_option

# The option ids and defaults as RULES.md writes them (pl-3 is the base preset).
DEFAULTS: dict[str, Any] = {
    "players": 3,
    "mode": "standard",
    "two_player_layout": "10+2x2",
    "sitting_out": "dealer",
    "bid_step": 10,
    "bid_jumps": True,
    "bid_cap": "melds_in_hand",
    "redeal_four_nines": False,
    "redeal_weak_hand_max": None,
    "musik_reveal": "always",
    "declare_cap": "melds_in_hand",
    "leftover_cards": "last_trick",
    "bomb_points": 60,
    "bombs_per_player": 1,
    "bomb_timing": "after_exchange",
    "bomb_only_unraised_100": False,
    "bomb_free_first": 0,
    "bomb_penalty": None,
    "meld_first_trick": True,
    "must_beat": True,
    "must_trump": True,
    "must_overtrump": True,
    "rounding": "half_up",
    "zero_penalty": None,
    "goal": 1000,
    "barrier": 800,
    "barrier_mode": "start_of_deal",
    "defender_max": None,
    "barrel": None,
}

# The values RULES.md lists for each option with a closed set of values.
CHOICES: dict[str, list[Any]] = {
    "players": [2, 3, 4],
    "mode": ["standard", "dobierany"],
    "two_player_layout": ["10+2x2", "9+2x3"],
    "sitting_out": ["dealer", "right_of_dealer", "opposite_dealer"],
    "bid_step": [10, 5],
    "bid_cap": ["melds_in_hand", "none"],
    "musik_reveal": ["always", "hidden_at_100", "from_130", "never"],
    "declare_cap": ["melds_in_hand", "none"],
    "leftover_cards": ["last_trick", "nobody"],
    "bomb_timing": ["before_exchange", "after_exchange"],
    "rounding": ["half_up", "half_down"],
    "goal": [1000, 500],
    "barrier_mode": ["start_of_deal", "cap"],
}

# Section 8: what each preset changes from pl-3.
PRESET_DIFFS: dict[str, dict[str, Any]] = {
    "pl-3": {},
    "pl-2": {"players": 2, "bomb_timing": "before_exchange", "bomb_only_unraised_100": True},
    "pl-2-classic": {"players": 2, "must_trump": False, "bombs_per_player": None,
                     "bomb_free_first": 1},
    "pl-4": {"players": 4, "bomb_points": 40},
    "online-3": {"bombs_per_player": 0},
    "online-2": {"players": 2, "bombs_per_player": 0},
    "house-3": {"meld_first_trick": False, "defender_max": 990},
    "tournament-3": {"meld_first_trick": False, "musik_reveal": "from_130",
                     "barrier_mode": "cap"},
    "barrel-3": {"barrel": {"at": 880, "deals": 3, "penalty": 120}, "barrier": None,
                 "zero_penalty": {"every": 3, "points": 120}},
}


def test_option_ids_are_exactly_those_of_rules_md() -> None:
    assert set(OPTION_IDS) == set(DEFAULTS)


def test_defaults_are_those_of_rules_md() -> None:
    assert Rules.preset("pl-3").options() == DEFAULTS
    assert Rules.preset().options() == DEFAULTS
    assert Rules.preset("pl-3") == Rules()


def test_every_preset_of_section_8_exists() -> None:
    assert set(PRESET_NAMES) == set(PRESET_DIFFS) | {"dobierany"}


@pytest.mark.parametrize("name", sorted(PRESET_DIFFS))
def test_preset_differs_from_pl3_exactly_as_section_8_says(name: str) -> None:
    options = Rules.preset(name).options()
    differs = {k: v for k, v in options.items() if v != DEFAULTS[k]}
    assert differs == PRESET_DIFFS[name]


def test_dobierany_preset_is_the_two_player_draw_game() -> None:
    rules = Rules.preset("dobierany")
    assert (rules.players, rules.mode, rules.draw_game) == (2, "dobierany", True)
    # No bidding and no barrier in the draw game; the preset may spell that out as
    # option values, but nothing else may differ from pl-3.
    differs = {k for k, v in rules.options().items() if v != DEFAULTS[k]}
    assert differs <= {"players", "mode", "bombs_per_player", "barrier"}


@pytest.mark.parametrize(("name", "players", "hand", "musik", "musiks", "tricks"), [
    ("pl-3", 3, 7, 3, 1, 8),
    ("pl-2", 2, 10, 2, 2, 10),
    ("pl-4", 4, 7, 3, 1, 8),
    ("dobierany", 2, 6, 0, 0, 12),
])
def test_table_form_facts(name: str, players: int, hand: int, musik: int, musiks: int,
                          tricks: int) -> None:
    r = Rules.preset(name)
    assert (r.players, r.hand_size, r.musik_size, r.musik_count, r.tricks_per_deal) == (
        players, hand, musik, musiks, tricks)
    assert r.playing_seats == min(players, 3)


def test_nine_card_two_player_layout() -> None:
    r = Rules.preset("pl-2", two_player_layout="9+2x3")
    assert (r.hand_size, r.musik_size, r.musik_count, r.tricks_per_deal) == (9, 3, 2, 9)


def test_rules_are_frozen() -> None:
    rules = Rules.preset("pl-3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.goal = 500  # type: ignore[misc]


def test_preset_plus_overrides() -> None:
    rules = Rules.preset("pl-2", bombs_per_player=0, rounding="half_down")
    assert rules.bombs_per_player == 0
    assert rules.rounding == "half_down"
    # The rest of the preset stays.
    assert rules.bomb_timing == "before_exchange"
    assert rules.players == 2


def test_preset_names_are_read_case_insensitively() -> None:
    assert Rules.preset(" PL-4 ") == Rules.preset("pl-4")


def test_structured_options_from_json() -> None:
    rules = Rules.preset("pl-3", barrel={"at": 800, "deals": 3, "penalty": 120},
                         bomb_penalty={"every": 3, "points": 120}, barrier=None)
    assert rules.options()["barrel"] == {"at": 800, "deals": 3, "penalty": 120}
    assert rules.options()["bomb_penalty"] == {"every": 3, "points": 120}


def test_from_dict_is_a_records_rules_object() -> None:
    rules = Rules.from_dict({"preset": "pl-3", "bombs_per_player": 0})
    assert rules == Rules.preset("pl-3", bombs_per_player=0)
    assert Rules.from_dict({}) == Rules.preset("pl-3")


@pytest.mark.parametrize("name", sorted(PRESET_NAMES))
def test_to_dict_round_trips(name: str) -> None:
    rules = Rules.preset(name, rounding="half_down")
    data = rules.to_dict()
    assert data == {"preset": name, "rounding": "half_down"}
    assert Rules.from_dict(data) == rules


def test_goal_500_brings_barrier_400() -> None:
    # "goal: 1000 or 500 with barrier 800 / 400" (online presets, section 7).
    assert Rules.preset("online-2", goal=500).barrier == 400
    assert Rules.preset("online-3", goal=500).barrier == 400
    assert Rules.preset("online-3", goal=500, barrier=None).barrier is None
    assert Rules.preset("online-3").with_options(goal=500).barrier == 400


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_every_listed_value_is_accepted(option: str) -> None:
    for value in CHOICES[option]:
        extra = {"players": 2} if option == "mode" and value == "dobierany" else {}
        if option == "goal" and value == 500:
            extra = {"barrier": 400}
        assert getattr(Rules.preset("pl-3", **{option: value}, **extra), option) == value


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_a_bad_value_names_the_option_and_the_allowed_values(option: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("pl-3", **{option: "nonsense"})
    text = str(err.value)
    assert repr(option) in text or option in text
    assert "nonsense" in text
    for value in CHOICES[option]:
        assert str(value) in text


@pytest.mark.parametrize(("option", "value"), [
    ("bid_jumps", 1), ("must_trump", "yes"), ("players", True), ("bid_step", 7),
    ("bombs_per_player", -1), ("bomb_free_first", None), ("barrier", 805),
    ("zero_penalty", {"every": 0, "points": 120}), ("zero_penalty", {"every": 3}),
    ("barrel", {"at": 880, "deals": 0, "penalty": 120}), ("redeal_weak_hand_max", "ten"),
])
def test_wrong_types_and_ranges_are_refused_naming_the_option(option: str, value: Any) -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("pl-3", **{option: value})
    assert option in str(err.value)
    assert "allowed" in str(err.value)


def test_unknown_option_and_preset_are_named() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("pl-3", ace_marriage=True)
    assert "ace_marriage" in str(err.value)
    with pytest.raises(RulesError) as err:
        Rules.preset("pl-5")
    assert "pl-5" in str(err.value)
    assert "pl-3" in str(err.value)     # the message lists the presets


def test_inconsistent_options_are_refused() -> None:
    with pytest.raises(RulesError, match="dobierany"):
        Rules.preset("pl-3", mode="dobierany")
    with pytest.raises(RulesError, match="barrier"):
        Rules.preset("pl-3", barrier=1000)
    # The barrel replaces the barrier (section 7): not both.
    with pytest.raises(RulesError, match="barrier"):
        Rules.preset("barrel-3", barrier=800)
    with pytest.raises(RulesError, match="barrier"):
        Rules.preset("barrel-3").with_options(barrier=800)


def test_a_barrel_override_takes_the_barriers_place() -> None:
    barrel = {"at": 800, "deals": 3, "penalty": 120}
    assert Rules.preset("pl-3", barrel=barrel).barrier is None
    assert Rules.preset("pl-3").with_options(barrel=barrel).barrier is None
    rules = Rules.preset("pl-3", barrel=barrel)
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(("text", "option", "value"), [
    ("bombs_per_player=0", "bombs_per_player", 0),
    ("bombs_per_player=null", "bombs_per_player", None),
    ("musik_reveal=never", "musik_reveal", "never"),
    ("must_trump=false", "must_trump", False),
    ('zero_penalty={"every": 3, "points": 120}', "zero_penalty", (3, 120)),
])
def test_parse_option_for_command_lines(text: str, option: str, value: Any) -> None:
    name, parsed = parse_option(text)
    assert name == option
    if isinstance(value, tuple):
        assert (parsed.every, parsed.points) == value
    else:
        assert parsed == value


def test_parse_option_errors() -> None:
    with pytest.raises(RulesError):
        parse_option("bombs_per_player")
    with pytest.raises(RulesError, match="bid_step"):
        parse_option("bid_step=3")
