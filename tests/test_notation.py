"""The text notation: it round-trips every record, reads lenient card forms, and
names the line of a mistake."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac.record import RecordError, dumps, notation, read_any, replay, to_record
from tysiac.record.notation import read, write

from .randomgames import VARIANTS, random_game


def _docstring_example() -> str:
    """The example of the notation module's docstring (the indented block after
    ``::``), so that the documented example is the one these tests replay."""
    block = notation.__doc__.split("::\n\n", 1)[1].split("\n\nMoves:", 1)[0]
    return textwrap.dedent(block) + "\n"


EXAMPLE = _docstring_example()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10**9))
def test_text_notation_round_trips(name: str, seed: int) -> None:
    game = random_game(VARIANTS[name], seed, deals=3)
    record = to_record(game, [f"P{i}" for i in range(game.n)], {"site": "test"})
    text = write(record)
    again = read(text)
    assert dumps(again) == dumps(record)
    assert write(again) == text


def test_a_written_example_reads_and_replays() -> None:
    record = read(EXAMPLE)
    assert record.rules.bombs_per_player == 0 and record.players[2] == "Celina"
    result = replay(record)
    assert result.error is None
    game = result.game
    # Ania led the Q♥ announcing the marriage: 100 points, hearts are trump.
    assert game.meld_points[0] == 100 and game.trump == 0
    # Celina, void in hearts, must trump... no trump of hers: TD is a discard.
    assert game.tricks[0] == (0, (2, 0, 10), 0)


def test_lenient_cards_and_json_detection() -> None:
    polish = EXAMPLE.replace("QH+", "D♥+").replace("9H", "9♥")
    assert dumps(read_any(polish)) == dumps(read(EXAMPLE))
    assert dumps(read_any(dumps(read(EXAMPLE)))) == dumps(read(EXAMPLE))


@pytest.mark.parametrize("broken, where", [
    (EXAMPLE.replace("0:QH+", "0:ZZ"), "line 11"),
    (EXAMPLE.replace("hands: AH", "hands: XX"), "line 7"),
    (EXAMPLE.replace("[Rules pl-3 bombs_per_player=0]", "[Rules pl-9]"), "preset"),
    (EXAMPLE.replace("1:110", "110"), "line 9"),
])
def test_mistakes_name_their_line(broken: str, where: str) -> None:
    with pytest.raises(RecordError) as e:
        read(broken)
    assert e.value.rule == "bad_record"
    assert where in e.value.message("en")
