"""make train-bots: the data generation is deterministic per seed, the networks learn,
the basic bot's counts and the win chance are fitted, and the files it writes are
the files the bots read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tysiac import Rules
from tysiac.bots import evaluation, valuemodel, winprob
from tysiac.bots.training import __main__ as training
from tysiac.bots.training import basicfit, datagen, mlp, selfplay
from tysiac.bots.training import winprob as winfit


@pytest.mark.parametrize("layout", valuemodel.LAYOUTS)
def test_samples_are_the_same_for_a_seed_and_add_up(layout: str) -> None:
    a = datagen.generate(layout, 30, seed=5, jobs=1)
    b = datagen.generate(layout, 30, seed=5, jobs=1)
    assert len(a) == 30
    assert (a.final == b.final).all() and (a.points == b.points).all()
    size, msize, k = datagen.SHAPES[layout]
    for dealt, final, extra in zip(a.dealt.tolist(), a.final.tolist(), a.extra.tolist(),
                                   strict=True):
        assert dealt.bit_count() == size
        assert final.bit_count() == size + msize - (msize if k == 2 else 2)
        assert not final & extra[0] and not final & extra[1]
    assert (a.points >= 0).all() and (a.points <= 400).all()
    if layout == "3":        # every card point is taken, by one side or the other
        assert ((a.points + a.defenders) >= 120).all()


def test_the_network_learns_the_points(tmp_path: Path) -> None:
    s = datagen.generate("2x9", 1500, seed=3, jobs=1)
    x = valuemodel.encode("final", s.final, [s.extra[:, 0]], s.flags)
    short = mlp.train(x, s.points, s.defenders, (32,), epochs=1, seed=1)
    longer = mlp.train(x, s.points, s.defenders, (32,), epochs=8, seed=1)
    assert longer.figures["points_mae"] < short.figures["points_mae"]
    p, _ = longer.network(x[:5])
    assert np.allclose(p.sum(axis=1), 1.0, atol=1e-4)
    # A network written and read back gives the same answers.
    model = valuemodel.ValueModel("2x9", {"final": longer.network, "pre": short.network},
                                  longer.figures)
    path = valuemodel.path("2x9", tmp_path)
    valuemodel.write(path, model)
    back = valuemodel.read(path)
    assert np.allclose(back.nets["final"](x[:5])[0], p)
    assert back.info["points_mae"] == pytest.approx(longer.figures["points_mae"])


def test_basic_counts_and_win_chance_are_fitted(tmp_path: Path) -> None:
    assert training.main(["--quick", "--jobs", "1", "--out", str(tmp_path),
                          "--only", "basic", "--only", "winprob"]) == 0
    basic = json.loads((tmp_path / "basic.json").read_text())
    assert tuple(basic["features"]) == evaluation.FEATURES
    for layout in ("3", "2x10", "2x9"):
        for stage in ("pre", "final"):
            fit = basic["layouts"][layout][stage]
            assert len(fit["weights"]) == len(evaluation.FEATURES) and fit["spread"] > 0
    table = json.loads((tmp_path / "winprob.json").read_text())
    assert set(table["weights"]) == {"2", "3", "4"}
    assert all(len(w) == len(winprob.FEATURES) for w in table["weights"].values())


def test_the_shipped_win_chance_reads_the_standing() -> None:
    rules = Rules.preset("pl-3")
    ahead = winprob.win_chance(rules, (900, 300, 300), 0)
    behind = winprob.win_chance(rules, (300, 900, 300), 0)
    even = winprob.win_chance(rules, (0, 0, 0), 0)
    assert behind < even < ahead
    assert 0.2 < even < 0.45
    assert winprob.win_chance(rules, (1000, 0, 0), 0) == 1.0


def test_the_basic_fit_plays_with_the_prior_counts_not_the_package_s(tmp_path: Path) -> None:
    # A run must not depend on what an earlier run wrote: the same rows whatever
    # counts the package holds, and other rows when the prior itself changes.
    before = basicfit._games(("3", 9, 1))
    crude = json.loads(selfplay.PRIOR.read_text())
    for stages in crude["layouts"].values():
        for fit in stages.values():
            fit["weights"] = [0.0] * (len(evaluation.FEATURES) - 1) + [100.0]
    (tmp_path / "basic.json").write_text(json.dumps(crude))
    with evaluation.counts_from(tmp_path / "basic.json"):
        assert evaluation.estimate(0, Rules.preset("pl-3"), "pre")[0] == 100.0
        assert basicfit._games(("3", 9, 1)) == before
    assert evaluation.estimate(0, Rules.preset("pl-3"), "pre")[0] != 100.0
    # Every hand counted 100: whoever deals bids the same, so the games differ.
    assert winfit._games((3, 4, 1, tmp_path / "basic.json")) != winfit._games(
        (3, 4, 1, evaluation.WEIGHTS_FILE))


def test_basicfit_reads_the_hand_that_played() -> None:
    rows = basicfit._games(("3", 9, 1))
    assert rows
    for dealt, final, points in rows:
        assert dealt.bit_count() == 7 and final.bit_count() == 8 and points >= 0


def test_winprob_games_label_every_seat() -> None:
    games = winfit._games((2, 4, 1, evaluation.WEIGHTS_FILE))
    for _, rows, won in games:
        assert len(rows) == len(won) and sum(won) * 2 == len(won)
