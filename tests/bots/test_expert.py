"""The expert bot: its shipped value models, legal play in every table form, the
same choice for the same view, bidding that reads the hand, inference that
favours the worlds which explain a bid, and hints at ``--level expert``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tysiac import Game, Rules
from tysiac.bots import ExpertBot, make_bot, planning
from tysiac.bots.expert import EXCHANGE
from tysiac.bots.hint import explain, hint
from tysiac.bots.inference import Inference, evidence
from tysiac.bots.pimc import Context, play_values
from tysiac.bots.planning import PLAN_POOL, PLANS, candidate_plans, plan_exchange
from tysiac.bots.sampling import Sampler
from tysiac.bots.training import datagen
from tysiac.bots.valuemodel import (
    BIN,
    BINS,
    LAYOUTS,
    ValueModel,
    encode,
    load,
    path,
    reach_grid,
    reach_rows,
    write,
)
from tysiac.cards import mask_of
from tysiac.cli.main import main
from tysiac.engine import BID, DEAL, GAME_OVER
from tysiac.engine import actions as A
from tysiac.engine.views import View
from tysiac.record import dumps, to_record

from ..engine.helpers import cards

FORMS = {
    "pl-3": Rules.preset("pl-3"),
    "pl-2": Rules.preset("pl-2"),
    "9+2x3": Rules.preset("pl-2", two_player_layout="9+2x3"),
    "pl-2-classic": Rules.preset("pl-2-classic"),
    "pl-4": Rules.preset("pl-4"),
    "dobierany": Rules.preset("dobierany"),
    "house-3": Rules.preset("house-3"),
    "pl-3 step 5, no bombs": Rules.preset("pl-3", bid_step=5, bombs_per_player=0),
}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_value_models_meet_their_documented_validation_error(layout: str) -> None:
    """On a fixed sample of fresh simulated deals the model's error is what its
    training run measured (``info``), within the noise of a small sample."""
    model = load(layout)
    sample = datagen.generate(layout, 150, seed=424242, jobs=1)
    extra = [sample.extra[:, 0], sample.extra[:, 1]][:2 if layout == "3" else 1]
    p, defenders = model.nets["final"](encode("final", sample.final, extra, sample.flags))
    centres = np.arange(BINS) * BIN + (BIN - 1) / 2
    mae = float(np.abs(p @ centres - sample.points).mean())
    assert mae <= model.info["final.points_mae"] * 1.3 + 2
    assert float(np.abs(defenders - sample.defenders).mean()) \
        <= model.info["final.defenders_mae"] * 1.3 + 2
    p, _ = model.nets["pre"](encode("pre", sample.dealt, [], sample.flags))
    assert float(np.abs(p @ centres - sample.points).mean()) \
        <= model.info["pre.points_mae"] * 1.3 + 2


def test_the_chance_to_reach_a_level_reads_the_bins() -> None:
    p = np.zeros((2, BINS), np.float32)
    p[0, 20] = 1.0            # 100-104 points
    p[1, 30] = 1.0            # 150-154 points
    assert reach_rows(p, [100, 150]).tolist() == [1.0, 1.0]
    assert reach_rows(p, 155).tolist() == [0.0, 0.0]
    grid = reach_grid(p, [95, 102, 105, 160])
    assert grid[0].tolist() == pytest.approx([1.0, 0.6, 0.0, 0.0])
    assert grid[1].tolist() == pytest.approx([1.0, 1.0, 1.0, 0.0])


@pytest.mark.parametrize("name", sorted(FORMS))
def test_expert_plays_whole_deals_legally(name: str) -> None:
    rules = FORMS[name]
    for seed in range(2):
        game = Game(rules, seed=seed)
        game.deal()
        bots = [ExpertBot(seed=s, worlds=2) for s in range(rules.players)]
        while game.phase not in (DEAL, GAME_OVER):
            seat = game.to_move
            game.play(bots[seat].choose(game.view(seat)), seat)
        assert game.results


def positions(rules: Rules, seed: int, count: int) -> list[Game]:
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            if len(game.legal_actions()) > 1 and rnd.random() < 0.3:
                out.append(game.copy())
            game.apply(rnd.choice(game.legal_actions()))
    return out[:count]


@pytest.mark.parametrize("name", ["pl-3", "pl-2", "pl-4"])
def test_the_same_view_gets_the_same_answer(name: str) -> None:
    for game in positions(FORMS[name], 3, 6):
        view = game.view(game.to_move)
        first = ExpertBot(7, worlds=3).advise(view)
        assert ExpertBot(7, worlds=3).advise(view) == first
        assert first[0].action in view.legal


def bidding_view(hand: str, seed: int = 0) -> Game:
    """A pl-3 deal where seat 1 (left of the obligatory bidder) holds ``hand``."""
    rest = [c for c in range(24) if c not in cards(hand)]
    random.Random(seed).shuffle(rest)
    game = Game(Rules.preset("pl-3"), seed=seed, first_dealer=2)
    game.deal([rest[:7], cards(hand), rest[7:14]], [rest[14:17]])
    return game


def test_bidding_reads_the_hand() -> None:
    strong = bidding_view("KH QH AH TH KD QD AD")    # two marriages, aces, tens
    weak = bidding_view("9H JH 9D JD 9C JC 9S")
    assert strong.to_move == 1 and strong.phase == BID
    bot = make_bot("expert", 1)
    assert A.kind(bot.choose(strong.view(1))) == "bid"
    assert bot.choose(weak.view(1)) == A.PASS
    advice = bot.advise(strong.view(1))      # type: ignore[attr-defined]
    assert all(a.made is None or 0 <= a.made <= 1 for a in advice)


def test_values_reads_the_value_models_of_another_folder(tmp_path: Path) -> None:
    """``values=FOLDER`` plays with the models there (a retrained one, to compare with
    the shipped): models that foresee every hand making 395 points make a weak hand bid."""
    shipped = load("3")
    nets = {}
    for stage, net in shipped.nets.items():
        bias = np.full_like(net.biases[-1], -50.0)
        bias[BINS - 1] = 50.0                   # every hand: 395 points and more
        nets[stage] = replace(net, weights=net.weights[:-1] + (net.weights[-1] * 0,),
                              biases=net.biases[:-1] + (bias,))
    write(path("3", tmp_path), ValueModel("3", nets, shipped.info))
    view = bidding_view("9H JH 9D JD 9C JC 9S").view(1)
    assert make_bot("expert", 1).choose(view) == A.PASS
    assert A.kind(ExpertBot(1, values=str(tmp_path)).choose(view)) == "bid"
    # A missing model names its file and the command that writes it into that folder.
    with pytest.raises(FileNotFoundError, match=r"value-3\.npz is missing: run "
                       r"`python -m tysiac\.bots\.training --only value --out .*none`"):
        ExpertBot(1, values=str(tmp_path / "none")).choose(view)


def test_inference_favours_worlds_that_explain_a_bid() -> None:
    game = bidding_view("9H JH 9D JD 9C JC 9S", seed=3)
    game.apply(A.PASS)                        # seat 1 passes
    game.apply(A.bid(110))                    # seat 2 raises by choice
    view = game.view(0)
    assert evidence(view).bids == ((1, 110, 0), (2, 110, 1))
    model = load("3")
    worlds = Sampler(view).sample(random.Random(1), 300)
    weights = Inference(view, model, 5.0).weights(worlds)
    assert weights.mean() == pytest.approx(1.0, rel=1e-4)
    # The raiser's hand is worth more, on the model's count, in the weighted worlds.
    hands = np.array([w.hands[2] for w in worlds], dtype=np.int64)
    p, _ = model.points("pre", hands, [], np.array([[1.0, 1.0, 1.0]], np.float32))
    worth = p @ (np.arange(BINS) * BIN)
    assert float(weights @ worth) / len(worlds) > float(worth.mean()) + 3


def test_hint_at_expert_level_explains_in_both_languages() -> None:
    game = bidding_view("KH QH AH TH KD QD AD")
    view = game.view(1)
    advice = hint(view, level="expert", worlds=8)
    assert {a.action for a in advice} == set(view.legal)
    pl, en = explain(advice, view, "pl"), explain(advice, view, "en")
    assert pl.startswith(A.describe(advice[0].action, "pl") + ": ")
    assert "rozdań" in pl and "deals" in en
    with pytest.raises(ValueError):
        hint(view, level="random")


def test_cli_hint_level_expert_prints_a_legal_action(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = positions(FORMS["pl-3"], 5, 1)[0]
    view = game.view(game.to_move)
    path = tmp_path / "game.json"
    path.write_text(dumps(to_record(game, ["A", "B", "C"])), encoding="utf-8")
    assert main(["hint", str(path), "--level", "expert", "--json", "--lang", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == "expert"
    assert A.parse(str(data["advice"][0]["action"]), view.phase, view.players == 2) \
        in view.legal
    assert data["explanation"]
    assert main(["hint", str(path), "--level", "expert"]) == 0
    assert "Bot zagrałby" in capsys.readouterr().out


def test_a_hand_mask_round_trips_through_the_encoding() -> None:
    hand = mask_of(cards("KH QH AH TH KD QD AD"))
    x = encode("pre", np.array([hand], np.int64), [], np.array([[1, 1, 1]], np.float32))
    assert x[0, :24].tolist() == [float(hand >> c & 1) for c in range(24)]


def _exchange_view() -> View:
    """An exchange after the basic bots' bidding, where the plans differ in value."""
    game = Game(FORMS["pl-3"], seed=20)
    game.deal()
    bots = [make_bot("basic", 20) for _ in range(3)]
    while game.phase_name != "exchange":
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    return game.view(game.to_move)


def _gives(values: Iterable[int]) -> set[int]:
    return {a for a in values if A.kind(a) == "give"}


def test_the_exchange_weighs_more_candidate_gifts_than_strong() -> None:
    view = _exchange_view()
    hand = mask_of(view.hand)

    def first_cards(plans: int, extra: int) -> set[int]:
        return {A.GIVE + p.cards[0] for p in candidate_plans(hand, 2, plans, extra)}

    search = EXCHANGE["3"]
    assert search.halving is not None
    wide = _gives(a.action for a in ExpertBot(1).advise(view))
    assert wide <= first_cards(search.plans, search.extra)
    assert 1 <= len(wide) <= search.halving[1]
    strong = _gives(a.action for a in ExpertBot(1, exchange=False).advise(view))
    assert strong == first_cards(PLANS, PLAN_POOL)
    assert first_cards(PLANS, PLAN_POOL) < first_cards(search.plans, search.extra)


def test_halving_simulates_only_the_best_plans_in_the_later_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _exchange_view()
    ctx = Context.of(view, "auto")
    worlds = list(Sampler(view).sample(random.Random(3), 12))
    solves = 0
    real = planning.declarer_points

    def counted(*args: Any) -> tuple[int, int]:
        nonlocal solves
        solves += 1
        return real(*args)

    monkeypatch.setattr(planning, "declarer_points", counted)
    plain = plan_exchange(ctx, iter(worlds), 10, 4)
    assert solves == 12 * 10
    solves = 0
    halved = plan_exchange(ctx, iter(worlds), 10, 4, halving=(6, 3))
    assert solves == 6 * 10 + 6 * 3
    assert _gives(halved) < _gives(plain)       # the plans of some gifts stopped early
    early = plan_exchange(ctx, iter(worlds[:6]), 10, 4)
    assert max(early, key=lambda a: early[a][0]) in halved     # the leader goes on
    assert plan_exchange(ctx, iter(worlds), 10, 4, halving=(6, 10)) == plain


def test_a_selfish_defender_values_its_own_points_and_no_other_result() -> None:
    """``selfish``: over the same worlds each card keeps its chance of the contract;
    a defender's margins count its own share of the defenders' points, where the
    team's objective splits them evenly; the declarer's values do not change."""
    rng = random.Random(5)
    changed = 0
    games = [g for g in positions(Rules.preset("pl-3"), 8, 200)
             if g.phase_name == "play"][:24]
    for game in games:
        view = game.view(game.to_move)
        team = Context.of(view)
        worlds = Sampler(view).sample(rng, 4)
        plain, own = play_values(team, worlds), play_values(replace(team, selfish=True), worlds)
        assert {a: m for a, (_, m) in plain.items()} == {a: m for a, (_, m) in own.items()}
        if view.seat == view.declarer:
            assert own == plain
        changed += own != plain
    assert changed > 0


def test_the_fitted_contract_chance_declares_at_least_as_high_as_strongs() -> None:
    """``CURVE``: the chance to make a simulated contract is steeper than the strong
    bot's and centred further below the double-dummy count, so on the same worlds
    the bot declares as high as with the strong bot's curve or higher: in these
    positions never lower, and at least once higher."""
    declared: list[tuple[int, int]] = []
    for rules in (Rules.preset("pl-3"), Rules.preset("pl-3", bombs_per_player=0)):
        games = [g for g in positions(rules, 11, 600) if g.phase_name == "declare"][:16]
        for game in games:
            view = game.view(game.to_move)
            fitted, plain = ExpertBot(1).choose(view), ExpertBot(1, curve=False).choose(view)
            assert (fitted == A.BOMB) == (plain == A.BOMB)
            if fitted != A.BOMB:
                declared.append((A.value_of(fitted), A.value_of(plain)))
    assert declared and all(f >= p for f, p in declared)
    assert any(f > p for f, p in declared)
