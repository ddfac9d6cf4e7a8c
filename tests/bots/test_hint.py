"""Hints: the API the interfaces use and ``tysiac hint RECORD``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tysiac import Game, Rules
from tysiac.bots import ExpertBot
from tysiac.bots.hint import HINT_SEED, advice_json, explain, hint
from tysiac.bots.strong import Advice
from tysiac.cli.main import main
from tysiac.engine import DEAL, GAME_OVER, PLAY
from tysiac.engine import actions as A
from tysiac.record import dumps, to_record

NAMES = ["Ania", "Bartek", "Celina"]


def game_at(phase: str, tricks: int = 0, seed: int = 2) -> Game:
    """A pl-3 game driven by random legal actions to ``phase`` (in play: after
    ``tricks`` tricks)."""
    rules = Rules.preset("pl-3", bombs_per_player=0)
    rnd = random.Random(seed)
    while True:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            if game.phase_name == phase and (phase != "play" or game.tricks_done == tricks) \
                    and len(game.legal_actions()) > 1:
                return game
            game.apply(rnd.choice(game.legal_actions()))


def test_every_card_gets_advice_best_first() -> None:
    game = game_at("play", 5)
    view = game.view(game.to_move)
    advice = hint(view, worlds=4)
    assert sorted(a.action for a in advice) == sorted(view.legal)
    assert [a.expected for a in advice] == sorted((a.expected for a in advice), reverse=True)
    assert advice[0].action == ExpertBot(HINT_SEED, worlds=4).choose(view)   # the default
    assert all(a.made is None or 0.0 <= a.made <= 1.0 for a in advice)


def test_bidding_advice_lists_pass_and_every_bid() -> None:
    game = game_at("bid")
    view = game.view(game.to_move)
    advice = hint(view, worlds=3)
    assert {a.action for a in advice} == set(view.legal)


def test_exchange_advice_lists_only_simulated_gives() -> None:
    game = game_at("exchange")
    view = game.view(game.to_move)
    advice = hint(view, worlds=2)
    assert advice and all(a.action in view.legal for a in advice)
    assert all(A.kind(a.action) in ("give", "bomb") for a in advice)


def test_no_advice_for_a_seat_not_to_move() -> None:
    game = game_at("play", 2)
    other = next(s for s in range(3) if s != game.to_move)
    with pytest.raises(ValueError):
        hint(game.view(other), worlds=2)


# --- the command line ------------------------------------------------------------------

def write(tmp_path: Path, game: Game, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(dumps(to_record(game, NAMES)), encoding="utf-8")
    return str(path)


def test_cli_prints_the_hint_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_at("play", 6)
    status = main(["hint", write(tmp_path, game)])
    out = capsys.readouterr().out
    assert status == 0
    assert f"Podpowiedź: {NAMES[game.to_move]} (miejsce" in out and "Bot zagrałby" in out


def test_cli_json_in_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_at("play", 6)
    view = game.view(game.to_move)
    status = main(["hint", write(tmp_path, game), "--json", "--lang", "en",
                   "--seat", str(game.to_move)])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["seat"] == game.to_move and data["phase"] == "play"
    assert {a["action"] for a in data["advice"]} == {A.to_json(a) for a in view.legal}
    first = data["advice"][0]
    assert set(first) == {"action", "kind", "text", "expected", "made"}
    assert first["action"] == A.to_json(hint(view)[0].action)


@pytest.mark.parametrize("case", ["missing", "not json", "wrong seat", "no seat", "over",
                                  "between", "illegal", "budget"])
def test_cli_errors_exit_2_with_a_message(case: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = game_at("play", 6)
    path = write(tmp_path, game)
    args = ["hint", path]
    if case == "missing":
        args = ["hint", str(tmp_path / "none.json")]
    elif case == "not json":
        (tmp_path / "bad.json").write_text("{\"deals\": [", encoding="utf-8")
        args = ["hint", str(tmp_path / "bad.json")]
    elif case == "wrong seat":
        args += ["--seat", str((game.to_move + 1) % 3)]
    elif case == "no seat":
        args += ["--seat", "7"]
    elif case == "over":
        # Everybody one deal from the goal and no barrier: the first deal ends it.
        game = Game(Rules.preset("pl-3", bombs_per_player=0, barrier=None), seed=1,
                    start_scores=[995, 995, 995])
        game.deal()
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        args = ["hint", write(tmp_path, game, "over.json")]
    elif case == "between":
        while game.phase == PLAY:
            game.apply(game.legal_actions()[0])
        args = ["hint", write(tmp_path, game, "between.json")]
    elif case == "illegal":
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        actions = data["deals"][-1]["actions"]
        actions.append(dict(actions[-1]))             # the same card played twice
        (tmp_path / "illegal.json").write_text(json.dumps(data), encoding="utf-8")
        args = ["hint", str(tmp_path / "illegal.json")]
    elif case == "budget":
        args += ["--budget-ms", "-5"]
    status = main(args)
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("tysiac hint: ") and "Traceback" not in err


def _declaration_with_a_bomb() -> Game:
    """A pl-3 declaration where the declarer may throw its bomb."""
    rnd = random.Random(4)
    while True:
        game = Game(Rules.preset("pl-3"), seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER) and game.phase_name != "declare":
            acts = [a for a in game.legal_actions() if a != A.BOMB]
            game.apply(rnd.choice(acts))
        if game.phase_name == "declare" and A.BOMB in game.legal_actions():
            return game


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_bomb_kept_for_later_is_explained(lang: str) -> None:
    game = _declaration_with_a_bomb()
    view = game.view(game.to_move)
    low = next(a for a in view.legal if A.kind(a) == "declare")
    raw = -60.0               # each opponent adds 60: the declarer's margin is -60
    keep = explain([Advice(low, -100.0, 0.2), Advice(A.BOMB, raw - 76, 0.0)], view, lang)
    throw = explain([Advice(A.BOMB, raw - 20, 0.0), Advice(low, -150.0, 0.05)], view, lang)
    if lang == "pl":
        assert keep.endswith("bombę lepiej zachować na później (bilans z nią -60.0, "
                             "zachowana warta 76)")
        assert throw.startswith("bomba: bomba kosztuje mniej niż przegrany kontrakt "
                                "(bilans -60.0)")
        assert throw.endswith("zachowana na później byłaby warta 20")
    else:
        assert "the bomb is better kept for later (margin with it -60.0, kept it is worth 76)" \
            in keep
        assert "(margin -60.0); kept for later it would be worth 20" in throw
    # Where the contract beats even the bomb thrown, nothing is said of keeping it.
    made = explain([Advice(low, -20.0, 0.6), Advice(A.BOMB, raw - 76, 0.0)], view, lang)
    assert "później" not in made and "later" not in made


def test_a_bomb_in_json_says_what_keeping_it_is_worth() -> None:
    game = _declaration_with_a_bomb()
    view = game.view(game.to_move)
    low = next(a for a in view.legal if A.kind(a) == "declare")
    bomb = advice_json(Advice(A.BOMB, -60.0 - 76, None), "en", view)
    assert bomb["kind"] == "bomb" and bomb["reserve"] == pytest.approx(76.0)
    assert bomb["expected"] + bomb["reserve"] == pytest.approx(-60.0)   # this deal alone
    assert "reserve" not in advice_json(Advice(low, -100.0, 0.2), "en", view)
    assert "reserve" not in advice_json(Advice(A.BOMB, -136.0, None), "en")
