"""The arbiter accepts every generated game and rejects every single illegal action
injected into one, with the rule id RECORD.md names. The expected rule id comes
from the mutation made and from oracles written here from RULES.md."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac.arbiter import judge_text
from tysiac.cards import card_str
from tysiac.engine import GAME_OVER, Game, IllegalAction
from tysiac.record import dumps, loads, to_record
from tysiac.record.replay import apply_record_action

from .randomgames import VARIANTS, random_game

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted(VARIANTS)


def _record(name: str, seed: int) -> dict[str, Any]:
    game = random_game(VARIANTS[name], seed, deals=3)
    players = [f"P{i}" for i in range(game.n)]
    return json.loads(dumps(to_record(game, players)))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**9))
def test_every_generated_game_is_valid(name: str, seed: int) -> None:
    data = _record(name, seed)
    verdict, status, _ = judge_text(json.dumps(data))
    assert status == 0 and verdict["valid"], verdict["error"]
    assert len(verdict["deals"]) == sum(
        1 for d in data["deals"] if not d["actions"] or "redeal" not in d["actions"][-1])


def _position(data: dict[str, Any], deal: int, action: int) -> Game:
    """The game just before ``deals[deal].actions[action]``."""
    truncated = copy.deepcopy(data)
    truncated["deals"] = truncated["deals"][:deal + 1]
    truncated["deals"][deal]["actions"] = truncated["deals"][deal]["actions"][:action]
    from tysiac.record import replay
    result = replay(loads(json.dumps(truncated)))
    assert result.error is None
    return result.game


def _winning(trick: list[int], trump: int) -> int:
    win = trick[0]
    for c in trick[1:]:
        if c // 6 == win // 6:
            if c > win:
                win = c
        elif c // 6 == trump:
            win = c
    return win


def _follow_rule(game: Game, card: int) -> str | None:
    """Which duty of RULES.md section 5 playing ``card`` breaks (None: none)."""
    r = game.rules
    hand = [c for c in range(24) if game.hands[game.to_move] >> c & 1]
    if not game.trick or game.stock:
        return None
    lead = game.trick[0] // 6
    win = _winning(list(game.trick), game.trump)
    same = [c for c in hand if c // 6 == lead]
    if same:
        if card // 6 != lead:
            return "must_follow"
        higher = [c for c in same if c // 6 == win // 6 and c > win]
        if r.must_beat and higher and card not in higher:
            return "must_beat"
        return None
    trumps = [c for c in hand if game.trump >= 0 and c // 6 == game.trump]
    if r.must_trump and trumps:
        if card // 6 != game.trump:
            return "must_trump"
        higher = [c for c in trumps if win // 6 == game.trump and c > win]
        if r.must_overtrump and higher and card not in higher:
            return "must_overtrump"
    return None


def _mutations(game: Game, action: dict[str, Any], rnd: random.Random) -> list[
        tuple[dict[str, Any], str]]:
    """Illegal replacements for ``action`` with the rule each must be rejected by."""
    p = action["p"]
    out: list[tuple[dict[str, Any], str]] = []
    if "redeal" not in action:
        other = rnd.choice([s for s in range(game.n) if s != p])
        out.append(({**action, "p": other}, "not_your_turn"))
    hand = [c for c in range(24) if game.hands[p] >> c & 1]
    absent = [c for c in range(24) if c not in hand]
    if "play" in action:
        out.append(({"p": p, "play": card_str(rnd.choice(absent))}, "card_not_in_hand"))
        for c in hand:
            rule = _follow_rule(game, c)
            if rule:
                out.append(({"p": p, "play": card_str(c)}, rule))
        nine = [c for c in hand if c % 6 == 0]
        if nine and not game.trick:
            out.append(({"p": p, "play": card_str(nine[0]), "meld": True}, "meld_not_allowed"))
        out.append(({"p": p, "bid": 500}, "wrong_phase"))
    if "bid" in action or "pass" in action:
        step = game.rules.bid_step
        out.append(({"p": p, "bid": game.bid}, "bid_too_low"))
        if step == 10:
            out.append(({"p": p, "bid": game.bid + 15}, "bid_step"))
        cap = 120 + sum((100, 80, 60, 40)[s] for s in range(4)
                        if game.hands[p] >> (6 * s + 2) & 3 == 3)
        if game.rules.bid_cap == "melds_in_hand" and cap + step > game.bid + step \
                and game.rules.bid_jumps:
            out.append(({"p": p, "bid": cap + step}, "bid_over_cap"))
        out.append(({"p": p, "play": card_str(hand[0])}, "wrong_phase"))
    if "declare" in action:
        step = game.rules.bid_step
        if game.bid - step >= 0:
            out.append(({"p": p, "declare": game.bid - step}, "declare_too_low"))
        cap = max(game.bid, 120 + sum((100, 80, 60, 40)[s] for s in range(4)
                                      if game.hands[p] >> (6 * s + 2) & 3 == 3))
        if game.rules.declare_cap == "melds_in_hand":
            out.append(({"p": p, "declare": cap + step}, "declare_over_cap"))
        if game.rules.bombs_per_player == 0:
            out.append(({"p": p, "bomb": True}, "bomb_not_allowed"))
    if "give" in action:
        seats = list(action["give"])
        out.append(({"p": p, "give": {seats[0]: card_str(hand[0]), seats[1]: card_str(hand[0])}},
                    "bad_give"))
        out.append(({"p": p, "give": {seats[0]: card_str(absent[0]),
                                      seats[1]: action["give"][seats[1]]}}, "card_not_in_hand"))
    if "discard" in action:
        out.append(({"p": p, "discard": [card_str(hand[0])]}, "bad_discard"))
    return out


@SETTINGS
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**9))
def test_every_injected_illegal_action_is_rejected_with_its_rule(name: str, seed: int) -> None:
    data = _record(name, seed)
    rnd = random.Random(seed)
    spots = [(i, j) for i, d in enumerate(data["deals"]) for j in range(len(d["actions"]))]
    for i, j in rnd.sample(spots, min(4, len(spots))):
        game = _position(data, i, j)
        for bad, rule in _mutations(game, data["deals"][i]["actions"][j], rnd):
            mutated = copy.deepcopy(data)
            mutated["deals"][i]["actions"][j] = bad
            verdict, status, _ = judge_text(json.dumps(mutated))
            assert status == 1, (bad, verdict["error"])
            error = verdict["error"]
            assert (error["deal"], error["action"], error["rule"]) == (i, j, rule), (bad, error)
            assert error["message"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_an_action_after_the_game_ended_is_game_over(seed: int) -> None:
    game = random_game(VARIANTS["dobierany"], seed, deals=60)
    if game.phase != GAME_OVER:
        return
    data = json.loads(dumps(to_record(game, ["A", "B"])))
    data["deals"].append(copy.deepcopy(data["deals"][-1]))
    verdict, status, _ = judge_text(json.dumps(data))
    assert status == 1 and verdict["error"]["rule"] == "game_over"
    assert verdict["error"]["deal"] == len(data["deals"]) - 1


def test_apply_record_action_applies_nothing_on_error() -> None:
    data = _record("pl-3", 5)
    record = loads(json.dumps(data))
    game = Game(record.rules, first_dealer=record.first_dealer)
    deal = record.deals[0]
    game.deal(deal.hands, deal.musik, deal.stock)  # type: ignore[union-attr]
    before = game.copy()
    bad = loads(json.dumps({**data, "deals": [{**data["deals"][0], "actions": [
        {"p": game.to_move, "bid": 105}]}]})).deals[0].actions[0]  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as e:
        apply_record_action(game, bad)
    assert e.value.rule == "bid_step"
    assert game.actions == before.actions and game.bid == before.bid
