"""After a deal: the summary (points from tricks, marriages, the change of each total),
"Pokaż karty" and the score sheet, checked against the engine's own results."""

from __future__ import annotations

import random
import re

import pytest

from tysiac.cards import POINTS, card_display, cards_of
from tysiac.engine.game import Game
from tysiac.engine.phases import DEAL, GAME_OVER
from tysiac.rules import Rules
from tysiac.tui.summary import deal_summary, score_sheet, show_cards

NAMES = ["Ola", "Piotr", "Rafał", "Sara"]


def played(preset: str, seed: int, deals: int = 1, start_scores: list[int] | None = None,
           **overrides: object) -> Game:
    """A game of random legal moves, ``deals`` deals long."""
    rules = Rules.preset(preset, **overrides)
    g = Game(rules, seed=seed, start_scores=start_scores)
    rng = random.Random(seed)
    while len(g.results) < deals and g.phase != GAME_OVER:
        g.deal()
        while g.phase not in (DEAL, GAME_OVER):
            g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize(("preset", "seed"), [
    ("pl-3", 1), ("pl-3", 2), ("pl-2", 3), ("pl-2", 4), ("pl-4", 5), ("dobierany", 6)])
def test_summary_rows_are_the_deal_result(preset: str, seed: int) -> None:
    g = played(preset, seed, bombs_per_player=0)
    r = g.results[-1]
    names = NAMES[:g.n]
    lines = deal_summary(g, names, "pl")
    if r.declarer is not None and not r.bomb:
        word = "i ugrywa" if r.made else "i nie ugrywa"
        assert lines[0] == (f"Rozdanie 1: {names[r.declarer]} gra za {r.contract} {word} "
                            f"({r.points[r.declarer]} pkt)")
    for s, name in enumerate(names):
        row = next(line for line in lines if line.startswith(name))
        numbers = [int(x) for x in re.findall(r"[-+]?\d+", row.replace(name, "", 1))]
        if s == r.sitting_out:
            assert numbers == [r.delta[s], r.scores[s]]
            continue
        marriages = sum({0: 100, 1: 80, 2: 60, 3: 40}[m] for m in r.melds[s])
        assert numbers[:2] == [r.tricks[s], r.cards[s]]
        assert numbers[-3:] == [r.points[s], r.delta[s], r.scores[s]]
        assert r.points[s] == r.cards[s] + marriages


def test_summary_of_a_bomb_shows_the_changes_only() -> None:
    rules = Rules.preset("pl-3")
    for seed in range(40):
        g = played("pl-3", seed)
        if g.results[-1].bomb:
            break
    r = g.results[-1]
    assert r.bomb and r.declarer is not None
    lines = deal_summary(g, NAMES[:3], "en")
    assert lines[0] == f"Deal 1: {NAMES[r.declarer]} throws a bomb: the deal is not played"
    assert [line.split() for line in lines[3:6]] == [
        [NAMES[s], f"{r.delta[s]:+d}", str(r.scores[s])] for s in range(3)]
    assert rules.bomb_points in r.delta


def test_summary_names_the_barrier() -> None:
    for seed in range(60):
        g = played("pl-3", seed, start_scores=[850, 850, 850])
        r = g.results[-1]
        quiet = [s for s in range(3) if s != r.declarer and r.points[s] > 0 and not r.bomb]
        if quiet:
            break
    lines = deal_summary(g, NAMES[:3], "pl")
    for s in quiet:
        assert r.delta[s] == 0
        assert f"{NAMES[s]}: ponad progiem, nic nie dopisuje" in lines


def test_summary_gives_the_leftover_cards_to_the_last_trick_in_two_player_games() -> None:
    g = played("pl-2", 12)
    r = g.results[-1]
    assert not r.bomb
    lines = deal_summary(g, NAMES[:2], "pl")
    log = r.log
    assert log is not None
    last = g.tricks[-1][2]
    took = sum(POINTS[c] for _, t, w in g.tricks if w == last for c in t)
    line = next(x for x in lines if x.startswith("Karty spoza gry"))
    assert line == f"Karty spoza gry ({r.cards[last] - took} pkt) bierze {NAMES[last]} " \
        "z ostatnią lewą."


@pytest.mark.parametrize(("preset", "seed"), [("pl-3", 1), ("pl-2", 3), ("pl-4", 5)])
def test_show_cards_lists_every_card_every_trick_and_who_took_it(preset: str, seed: int) -> None:
    g = played(preset, seed, bombs_per_player=0)
    r = g.results[-1]
    log = r.log
    assert log is not None
    names = NAMES[:g.n]
    lines = show_cards(g, names, "pl")
    text = "\n".join(lines)
    for s in range(g.n):
        if s != r.sitting_out:
            dealt = next(x for x in lines if x.strip().startswith(names[s] + ":"))
            assert sorted(dealt.split()[1:]) == sorted(card_display(c) for c in cards_of(
                log.hands[s]))
    for m in log.musiks:
        assert any(sorted(x.split(":")[1].split()[:len(cards_of(m))]) ==
                   sorted(card_display(c) for c in cards_of(m))
                   for x in lines if x.startswith("Musik"))
    tricks = [x for x in lines if re.match(r"\s*\d+\. ", x)]
    assert len(tricks) == len(g.tricks)
    for line, (_, cards, winner) in zip(tricks, g.tricks, strict=True):
        assert line.endswith(f"→ {names[winner]}")
        assert all(card_display(c) in line for c in cards)
    for s in range(g.n):
        if s == r.sitting_out:
            continue
        won = [str(i + 1) for i, t in enumerate(g.tricks) if t[2] == s]
        points = sum(POINTS[c] for t in g.tricks if t[2] == s for c in t[1])
        assert (f"  {names[s]}: lewy {', '.join(won)} — {points} pkt" if won
                else f"  {names[s]}: bez lewy") in lines
    assert f"gra za {r.contract}" in text
    if preset == "pl-2":
        assert "(wybrany)" in text and "odkłada:" in text
    else:
        assert "oddaje:" in text


def test_score_sheet_has_a_row_per_deal_with_the_contracts_and_bombs() -> None:
    g = played("pl-3", 2, deals=6)
    lines = score_sheet(g, NAMES[:3], "pl")
    rows = [x for x in lines if re.match(r"\s*\d+\s{2}", x)]
    assert len(rows) == len(g.results) == 6
    for row, r in zip(rows, g.results, strict=True):
        cells = row.split()
        assert [int(x) for x in cells if re.fullmatch(r"-?\d+", x)][1:] == list(r.scores)
        if r.bomb:
            assert "B" in cells
        else:
            assert f"★{r.contract}{'✓' if r.made else '✗'}" in cells


def test_the_sitting_out_bonus_says_what_it_is_paid_for() -> None:
    for seed in range(60):
        g = played("pl-4", seed)
        r = g.results[0]
        if r.sitting_out is not None and r.delta[r.sitting_out] > 0:
            break
    else:
        raise AssertionError("no deal whose musik pays the sitting-out seat")
    line = next(x for x in deal_summary(g, NAMES, "pl") if "premia" in x)
    assert line == (f"{NAMES[r.sitting_out]}: premia pauzującego {r.delta[r.sitting_out]} "
                    "(50 za asa w musiku i meldunek z musiku)")
