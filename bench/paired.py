"""Paired deals: a variant bot against a baseline level on the same cards, cheaply.

Each deal is played once with the baseline level in every seat (cached on disk),
then once per seat with the variant in that seat. The variant's game replays the
baseline's actions until the variant chooses differently (only its decisions in
``phases`` are asked; elsewhere it is taken to act as the baseline would), and
only from there are the bots asked. A deal where nothing changes costs one
decision per phase asked and adds exactly zero, so the figure's noise comes only
from deals where the variant acts differently.

The figure is the variant's deal margin (its score change minus the average of
the other seats') less the baseline's in the same seat, per seat-deal, with a 95%
interval over deals; beside it, the same for the seat's chance to win the game
after the deal (in percentage points, by the shipped win-chance model: what the
game-score awareness aims at, which a deal's margin does not show).

Every deal starts a fresh game, or the ``--scores`` state: ``game`` draws the
standings as met in games, ``played`` the bombs already thrown too.

``--opponents LEVEL`` measures against other bots than the baseline, as the arena
does: each deal's baseline is then played once per seat, the baseline level in that
seat and the opponents in the others, and the variant takes that seat's place.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from kernel_check import warn_if_pure

from tysiac import Game, Rules
from tysiac.arena.players import ask, factory
from tysiac.bots.base import play_deal
from tysiac.bots.winprob import win_chance
from tysiac.engine import DEAL, GAME_OVER
from tysiac.rules import parse_option

CACHE = Path(os.environ.get("TYSIAC_BENCH_CACHE", Path.home() / ".cache" / "tysiac-bench"))
ALL_PHASES = ("bid", "exchange", "declare", "choose_musik", "play")
#: The share of seat-deals at which a seat has thrown its bombs (measured: 0.70 in
#: 19 games of pl-3, 25 deals a game, strong bots; bombs go early).
BOMBS_THROWN = 0.7

#: A deal's start: the scores and the bombs thrown so far (None: a fresh game's).
Start = tuple[tuple[int, ...] | None, tuple[int, ...] | None]


def table_rules(table: str) -> Rules:
    """A preset, then a 2-player layout or rule options, e.g. ``pl-2 9+2x3`` or
    ``pl-3 must_trump=false bid_step=5``."""
    preset, *rest = table.split()
    options = dict(parse_option(word) for word in rest if "=" in word)
    layouts = [word for word in rest if "=" not in word]
    if layouts:
        options["two_player_layout"] = layouts[-1]
    return Rules.preset(preset, **options)


def deal_game(rules: Rules, seed: int, index: int, start: Start = (None, None)) -> Game:
    scores, bombs = start
    deal_seed = random.Random(f"paired:{seed}:{index}").getrandbits(63)
    game = Game(rules, seed=deal_seed, first_dealer=index % rules.players, start_scores=scores)
    if bombs is not None:
        game.standing = replace(game.standing, bombs=bombs)
    game.deal()
    return game


def make_player(spec: str, seed: int) -> Any:
    """``level`` or ``level:key=value,key=value`` (keyword options of the bot);
    the arena's ``cheat`` as a variant measures what seeing every card is worth."""
    name, _, opts = spec.partition(":")
    kwargs: dict[str, Any] = {}
    for part in filter(None, opts.split(",")):
        key, _, raw = part.partition("=")
        try:
            kwargs[key] = json.loads(raw)
        except ValueError:
            kwargs[key] = raw
    return factory(name)(seed, **kwargs)


def play_baseline(rules: Rules, level: str, seed: int, index: int, start: Start,
                  opponents: str | None = None) -> dict[str, Any]:
    """The deal with ``level`` in every seat; with ``opponents``, once per seat
    (``{"seats": [...]}``) with ``level`` in that seat only."""
    if opponents is not None:
        return {"seats": [_play(rules, [level if s == seat else opponents
                                        for s in range(rules.players)], seed, index, start)
                          for seat in range(rules.players)]}
    return _play(rules, [level] * rules.players, seed, index, start)


def seat_base(base: dict[str, Any], seat: int) -> dict[str, Any]:
    """The baseline deal a seat's variant is measured against."""
    row: dict[str, Any] = base["seats"][seat] if "seats" in base else base
    return row


def seat_games(base: dict[str, Any]) -> list[tuple[int | None, dict[str, Any]]]:
    """The games of a baseline deal, each with the seat the baseline level held
    among the opponents (None: the one game of a self-play baseline)."""
    if "seats" in base:
        return list(enumerate(base["seats"]))
    return [(None, base)]


def _play(rules: Rules, levels: list[str], seed: int, index: int,
          start: Start) -> dict[str, Any]:
    game = deal_game(rules, seed, index, start)
    actions = play_deal(game, [make_player(level, seed) for level in levels])
    r = game.results[-1]
    return {"actions": actions, "delta": list(r.delta), "declarer": r.declarer,
            "contract": r.contract, "bid": r.bid, "bomb": r.bomb, "made": r.made,
            "points": list(r.points)}


def play_variant(rules: Rules, level: str, variant: str, seed: int, index: int, seat: int,
                 base: dict[str, Any], phases: tuple[str, ...],
                 start: Start) -> dict[str, Any]:
    """The variant in ``seat`` of the deal ``base`` (the others are ``level``)."""
    game = deal_game(rules, seed, index, start)
    me = make_player(variant, seed)
    others: dict[int, Any] = {}
    recorded = base["actions"]
    i = 0
    diverged = False
    first: tuple[str, int, int] | None = None
    asked = 0
    while game.phase not in (DEAL, GAME_OVER):
        s = game.to_move
        if not diverged:
            a = recorded[i]
            if s == seat and game.phase_name in phases:
                view = game.view(s)
                if len(view.legal) > 1:
                    asked += 1
                    mine = ask(me, game, view)
                    if mine != a:
                        diverged, a = True, mine
                        first = (game.phase_name, recorded[i], mine)
        else:
            view = game.view(s)
            if len(view.legal) == 1:
                a = view.legal[0]
            elif s == seat:
                a = ask(me, game, view)
            else:
                if s not in others:
                    others[s] = make_player(level, seed)
                a = others[s].choose(view)
        game.play(a, s)
        i += 1
    r = game.results[-1]
    return {"delta": list(r.delta), "diverged": diverged, "declarer": r.declarer,
            "contract": r.contract, "bomb": r.bomb, "made": r.made, "asked": asked,
            "first": first}


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return statistics.mean(xs), half


def margin(delta: list[int], seat: int) -> float:
    others = [d for s, d in enumerate(delta) if s != seat]
    return delta[seat] - sum(others) / len(others)


def equity(rules: Rules, start: tuple[int, ...] | None, delta: list[int], seat: int) -> float:
    """The seat's chance to win the game after a deal that changed the scores by
    ``delta`` (the shipped win-chance model; a finished game is won or lost)."""
    scores = [s + d for s, d in zip(start or (0,) * rules.players, delta, strict=True)]
    top = max(scores)
    if top >= rules.goal:
        return 1.0 / scores.count(top) if scores[seat] == top else 0.0
    return win_chance(rules, scores, seat)


def baseline_path(preset: str, level: str, seed: int, scores: str,
                  opponents: str | None = None) -> Path:
    among = f"-among-{opponents.replace(':', '_')}" if opponents else ""
    return CACHE / (f"{preset.replace(' ', '_')}-{level.replace(':', '_')}{among}-{seed}-"
                    f"{scores}.jsonl")


def _start_for(rules: Rules, mode: str, index: int) -> Start:
    """Fresh games, or (``game``) a standing drawn as met in a game: each seat at
    a random multiple of 10 below the goal, a fifth of the deals near the end;
    ``played`` also draws whether each seat has thrown its bombs (``BOMBS_THROWN``)."""
    if mode == "zero":
        return None, None
    bombs = None
    limit = rules.bombs_per_player
    if mode == "played" and limit is not None:
        rng = random.Random(f"bombs:{index}")
        bombs = tuple(limit if rng.random() < BOMBS_THROWN else 0 for _ in range(rules.players))
    return _scores_for(rules, index), bombs


def _scores_for(rules: Rules, index: int) -> tuple[int, ...]:
    rng = random.Random(f"scores:{index}")
    top = rules.goal - 10
    out = []
    for _ in range(rules.players):
        if rng.random() < 0.2:
            out.append(rng.randrange(rules.goal * 7 // 10, top, 10))
        else:
            out.append(rng.randrange(-100, rules.goal * 7 // 10, 10))
    return tuple(out)


def _baseline_task(args: tuple[str, str, int, int, str, str | None]) -> dict[str, Any]:
    preset, level, seed, index, mode, opponents = args
    rules = table_rules(preset)
    return play_baseline(rules, level, seed, index, _start_for(rules, mode, index), opponents)


def baselines(preset: str, level: str, seed: int, deals: int, jobs: int,
              mode: str, opponents: str | None = None) -> list[dict[str, Any]]:
    path = baseline_path(preset, level, seed, mode, opponents)
    rows: list[dict[str, Any]] = []
    if path.exists():
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    if len(rows) >= deals:
        return rows[:deals]
    path.parent.mkdir(parents=True, exist_ok=True)
    todo = [(preset, level, seed, i, mode, opponents) for i in range(len(rows), deals)]
    with path.open("a") as out:
        for row in _map(_baseline_task, todo, jobs):
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
    return rows


def _variant_task(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    preset, others, variant, seed, index, base, phases, mode = args
    rules = table_rules(preset)
    start = _start_for(rules, mode, index)
    out = []
    for seat in range(rules.players):
        mine = seat_base(base, seat)
        if seat == deal_game(rules, seed, index, start).sitting_out:
            out.append({"delta": mine["delta"], "diverged": False, "skipped": True})
            continue
        out.append(play_variant(rules, others, variant, seed, index, seat, mine, phases, start))
    return out


def _map(fn: Any, items: list[Any], jobs: int) -> Iterator[Any]:
    if jobs == 1:
        yield from map(fn, items)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(fn, items, chunksize=1)


def run(preset: str, level: str, variant: str, seed: int, deals: int, jobs: int,
        phases: tuple[str, ...], mode: str = "zero", quiet: bool = False,
        opponents: str | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    base = baselines(preset, level, seed, deals, jobs, mode, opponents)
    tasks = [(preset, opponents or level, variant, seed, i, base[i], phases, mode)
             for i in range(deals)]
    gains: list[float] = []
    log = CACHE / f"last-{variant.replace(':', '_')}-{preset.replace(' ', '_')}.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    details = log.open("w")
    diverged = declared = made = base_declared = base_made = 0
    rules = table_rules(preset)
    equities: list[float] = []
    for i, rows in enumerate(_map(_variant_task, tasks, jobs)):
        gain = eq = 0.0
        scores = _start_for(rules, mode, i)[0]
        for seat, row in enumerate(rows):
            mine = seat_base(base[i], seat)
            g = margin(row["delta"], seat) - margin(mine["delta"], seat)
            gain += g
            eq += equity(rules, scores, row["delta"], seat) \
                - equity(rules, scores, mine["delta"], seat)
            if row["diverged"]:
                details.write(json.dumps({"deal": i, "seat": seat, "gain": g, **row}) + "\n")
            diverged += row["diverged"]
            if row.get("declarer") == seat and not row.get("skipped"):
                declared += 1
                made += bool(row["made"])
            if mine["declarer"] == seat and not row.get("skipped"):
                base_declared += 1
                base_made += bool(mine["made"])
        gains.append(gain / len(rows))
        equities.append(100 * eq / len(rows))
        if not quiet and (i + 1) % 50 == 0:
            m, h = _mean_ci(gains)
            print(f"  {i + 1} deals: {m:+.2f} ± {h:.2f}", file=sys.stderr, flush=True)
    details.close()
    mean, half = _mean_ci(gains)
    eq_mean, eq_half = _mean_ci(equities)
    return {"variant": variant, "preset": preset, "deals": deals, "gain": mean, "ci": half,
            "equity": eq_mean, "equity_ci": eq_half,
            "diverged": diverged, "declared": declared, "made": made,
            "base_declared": base_declared, "base_made": base_made,
            "seconds": time.perf_counter() - start}


def parser_for(doc: str | None) -> argparse.ArgumentParser:
    """The options of a paired bench (this one's and ``paired_games.py``'s)."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", help="level or level:key=value,...")
    parser.add_argument("--preset", default="pl-3",
                        help="a preset, then a 2-player layout or rule options")
    parser.add_argument("--baseline", default="strong")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    return parser


def main() -> int:
    parser = parser_for(__doc__)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--phases", default=",".join(ALL_PHASES))
    parser.add_argument("--scores", choices=("zero", "game", "played"), default="zero",
                        help="fresh games; standings as met in games; and the bombs thrown too")
    parser.add_argument("--opponents", help="the other seats' level (default: the baseline)")
    args = parser.parse_args()
    warn_if_pure()
    phases = tuple(args.phases.split(","))
    for variant in args.variants:
        r = run(args.preset, args.baseline, variant, args.seed, args.deals, args.jobs, phases,
                args.scores, opponents=args.opponents)
        seats = r["deals"] * table_rules(args.preset).players
        among = f" among {args.opponents}" if args.opponents else ""
        print(f"{variant:40} {args.preset} vs {args.baseline}{among}: {r['gain']:+.2f} ± "
              f"{r['ci']:.2f}"
              f" per seat-deal (win chance {r['equity']:+.2f} ± {r['equity_ci']:.2f} points);"
              f" diverged {r['diverged']}/{seats}; declared "
              f"{r['declared']} made {r['made']} (baseline {r['base_declared']}/"
              f"{r['base_made']}); {r['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
