"""docs/PROTOCOL.md's examples are what the server sends: every JSON example parses,
and the `state` example's view is the real view of a game rebuilt from its cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tysiac.cards import parse_card
from tysiac.engine import Game
from tysiac.engine import actions as A
from tysiac.rules import Rules
from tysiac.server.protocol import public_event, settings_json, table_json, view_json
from tysiac.server.table import BOT_LEVELS, Settings, Table

DOC = Path(__file__).parents[2] / "docs" / "PROTOCOL.md"


def doc_examples() -> list[dict[str, Any]]:
    """Every JSON value in the doc's ```json blocks, in order."""
    found = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        i = 0
        while (i := _skip_space(block, i)) < len(block):
            value, i = decoder.raw_decode(block, i)
            found.append(value)
    return found


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def state_example() -> dict[str, Any]:
    states = [m for m in doc_examples() if m.get("type") == "state"]
    assert len(states) == 1
    return states[0]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_every_json_example_parses_and_names_its_type() -> None:
    examples = doc_examples()
    assert len(examples) >= 15
    assert all(isinstance(m, dict) and isinstance(m.get("type"), str) for m in examples)


def test_the_state_examples_view_is_a_real_view() -> None:
    doc = state_example()
    # The example's deal: Zosia (seat 0) holds the hand below and takes the musik at
    # the obligatory 100; the others' cards are any that fit the trick shown.
    game = Game(Rules.from_dict(doc["table"]["settings"]["rules"]), seed=1, first_dealer=2)
    game.deal([cards("AH TH KH QH AC JS 9S"), cards("9H JD AD AS QS KS JC"),
               cards("JH TD QD KD QC 9C TC")], [cards("9D KC TS")])
    for a in (A.PASS, A.PASS, A.GIVE + parse_card("9D"), A.GIVE + parse_card("TS"),
              A.DECLARE + 120, A.MELD + parse_card("QH"), parse_card("9H"),
              parse_card("JH")):
        game.play(a)
    assert doc["view"] == view_json(game.view(0))
    # The last event is what made this version: Celina's J♥ closing the trick.
    assert doc["event"] == public_event({"t": "act", "a": {"play": "JH"}}, 2, 0)


def test_the_state_examples_table_has_the_real_fields() -> None:
    doc = state_example()["table"]
    rules = Rules.from_dict(doc["settings"]["rules"])
    settings = Settings(rules, doc["settings"]["move_seconds"], doc["settings"]["hints"],
                        doc["settings"]["private"])
    assert doc["settings"] == settings_json(settings)
    table = Table.open("t", settings, 1, 1, "Zosia", [None, "basic", "strong"], 0.0)
    real = table_json(table, [True, False, False])
    assert doc.keys() == real.keys()
    assert [s.keys() for s in doc["seats"]] == [s.keys() for s in real["seats"]]
    assert doc["levels"] == list(BOT_LEVELS)
