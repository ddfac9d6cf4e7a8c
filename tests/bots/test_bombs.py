"""What keeping a bomb is worth (tysiac.bots.bombs): more the longer the game still
lasts, less for a second bomb, nothing without a limit; the expert bot's bomb is
valued with it, and make train-bots writes the file it reads."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tysiac import Game, Rules
from tysiac.bots import ExpertBot, bombs, evaluation, planning
from tysiac.bots.pimc import Context
from tysiac.bots.training import __main__ as training
from tysiac.bots.training import bombs as fitbombs
from tysiac.bots.valuemodel import LAYOUTS
from tysiac.engine import DECLARE
from tysiac.engine import actions as A


def context(rules: Rules, scores: tuple[int, ...] | None = None,
            thrown: tuple[int, ...] | None = None) -> Context:
    game = Game(rules, seed=3, start_scores=scores)
    if thrown is not None:
        game.standing = replace(game.standing, bombs=thrown)
    game.deal()
    return Context.of(game.view(game.to_move))


def test_a_bomb_kept_is_worth_more_the_longer_the_game_lasts() -> None:
    rules = Rules.preset("pl-3")
    worth = [bombs.keep_value(context(rules, (lead, 0, 0))) for lead in (0, 400, 800, 990)]
    assert all(w is not None for w in worth)
    assert worth == sorted(worth, reverse=True) and worth[0] > worth[-1]   # type: ignore[type-var]
    # Never more than the most a bomb can save: its margin less the worst hand's.
    data = json.loads((bombs.WEIGHTS / bombs.FILE).read_text())["margins"]["3"]
    worst = min(data["unraised"] + data["raised"])
    assert worth[0] < -60 - worst                                           # type: ignore[operator]


def test_one_deal_left_is_worth_the_expected_saving_of_that_deal() -> None:
    data = json.loads((bombs.WEIGHTS / bombs.FILE).read_text())["margins"]["3"]
    margins = data["unraised"] + data["raised"]
    # The seat declares in a third of the deals, each sample as likely as another.
    saving = sum(max(0.0, -60 - m) for m in margins) / len(margins) / 3
    kept = bombs._kept("3", False, 3, 1, (-60.0,))
    assert kept == (0.0, pytest.approx(saving))


def test_no_worth_without_a_limit_and_none_once_thrown() -> None:
    assert bombs.keep_value(context(Rules.preset("pl-3", bombs_per_player=None))) is None
    assert bombs.keep_value(context(Rules.preset("pl-3"), thrown=(1, 1, 1))) == 0.0


def test_a_second_bomb_is_worth_less_than_the_first() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=2)
    two = bombs.keep_value(context(rules, thrown=(0, 0, 0)))
    one = bombs.keep_value(context(rules, thrown=(1, 1, 1)))
    assert two is not None and one is not None and 0 < two < one


def test_a_table_that_bombs_only_an_unraised_100_keeps_it_for_less() -> None:
    only = bombs._kept("2x10", True, 2, 12, (-60.0,))
    any_contract = bombs._kept("2x10", False, 2, 12, (-60.0,))
    assert 0 < only[1] < any_contract[1]


def test_the_expert_bot_values_its_bomb_less_what_keeping_it_is_worth() -> None:
    rules = Rules.preset("pl-3")
    game = Game(rules, seed=11)
    game.deal()
    bot = ExpertBot(seed=1)
    while game.phase != DECLARE:
        view = game.view(game.to_move)
        game.play(view.legal[0] if len(view.legal) == 1 else bot.choose(view), game.to_move)
    view = game.view(game.to_move)
    assert A.BOMB in view.legal
    ctx = Context.of(view)
    kept = bombs.keep_value(ctx)
    assert kept is not None and kept > planning.BOMB_RESERVE
    raw = planning.bomb_margin(replace(ctx, reserve=0.0), ctx.me)
    advice = bot.advise(view)
    values = {a.action: a.expected for a in advice}
    assert values[A.BOMB] == pytest.approx(raw - kept, abs=0.01)
    # No contract is played after a bomb: no chance made is shown for it.
    assert [a.made for a in advice if a.action == A.BOMB] == [None]
    fixed = {a.action: a.expected for a in ExpertBot(seed=1, reserve="fixed").advise(view)}
    assert fixed[A.BOMB] == pytest.approx(raw - planning.BOMB_RESERVE, abs=0.01)
    with pytest.raises(ValueError, match="game or fixed"):
        ExpertBot(seed=1, reserve="none")


def test_train_bots_writes_the_file_the_bot_reads(tmp_path: Path) -> None:
    assert training.main(["--quick", "--jobs", "1", "--out", str(tmp_path),
                          "--only", "bombs"]) == 0
    made = json.loads((tmp_path / bombs.FILE).read_text())
    shipped = json.loads((bombs.WEIGHTS / bombs.FILE).read_text())
    assert set(made) == set(shipped)
    assert set(made["margins"]) == set(shipped["margins"]) == set(LAYOUTS)
    assert set(made["deals_left"]) == set(shipped["deals_left"]) == {"2", "3", "4"}
    for layout in LAYOUTS:
        rows = made["margins"][layout]
        assert len(rows["unraised"]) + len(rows["raised"]) == 3
        assert rows["unraised"] == sorted(rows["unraised"])
    # Games end: fewer deals are left when the leader is nearer the goal.
    assert all(slope > 0 for _, slope in made["deals_left"].values())
    # The same seed makes the same file, whatever the number of processes.
    assert fitbombs.fit(3, 10, 1000, jobs=2, counts=evaluation.WEIGHTS_FILE) == made
