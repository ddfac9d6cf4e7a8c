"""Paired games: a variant bot against a baseline level over whole games, on the same
cards, for choices whose worth shows only later in the game (a bomb kept for later).

Each game (seeded by its index) is played once with the baseline level in every
seat (cached on disk), then once per seat with the variant in that seat. Deals come
from the game's seeded generator, so deal k holds the same cards in every run,
whatever was played before. The variant's game replays the baseline's actions
until the variant chooses differently (it is asked only in ``--phases``); from
there the bots are asked, except in card play, which reads no score: where a
deal's actions so far are the baseline's and the same seats add their points
(the barrier, the barrel), a card is the baseline's (``--exact`` asks anyway).

The figure is the variant seat's final margin (its score minus the others'
average) less the baseline's in the same seat, per seat-deal (a game's gain over
its baseline deals) and per game, and the change in the share of games won, with
95% intervals over games.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from kernel_check import warn_if_pure
from paired import CACHE, _map, _mean_ci, make_player, parser_for, table_rules

from tysiac import Game
from tysiac.arena.duplicate import game_seed
from tysiac.arena.players import ask
from tysiac.bots.pimc import Context
from tysiac.engine import DEAL, GAME_OVER

ASKED = ("bid", "exchange", "declare", "choose_musik", "play")
#: A game stops here if nobody has won (as the arena's deal budget).
MAX_DEALS = 100


def adds(game: Game) -> tuple[int, ...]:
    """Which seats add their points as defenders in the coming deal."""
    return Context.of(game.view(0)).adds


def play_game(table: str, level: str, seed: int, index: int, variant: str | None = None,
              seat: int | None = None, base: dict[str, Any] | None = None,
              phases: tuple[str, ...] = ASKED, exact: bool = False) -> dict[str, Any]:
    """Game ``index`` with ``level`` in every seat, or ``variant`` in ``seat`` (then
    replaying ``base`` until it differs)."""
    rules = table_rules(table)
    game = Game(rules, seed=game_seed(seed, index))
    bots = [make_player(level, seed) for _ in range(rules.players)]
    if variant is not None:
        bots[seat or 0] = make_player(variant, seed)
    deals: list[list[int]] = []
    counting: list[tuple[int, ...]] = []
    first: tuple[int, str] | None = None
    while game.phase != GAME_OVER and len(game.results) < MAX_DEALS:
        game.deal()
        d = len(deals)
        counting.append(adds(game))
        recorded = base["deals"][d] if base and d < len(base["deals"]) else None
        same = recorded is not None and base is not None and tuple(base["adds"][d]) == counting[d]
        actions: list[int] = []
        track = recorded is not None       # this deal's actions so far are the baseline's
        while game.phase not in (DEAL, GAME_OVER):
            s = game.to_move
            view = game.view(s)
            i = len(actions)
            if len(view.legal) == 1:
                a = view.legal[0]
            elif base is not None and first is None:
                assert recorded is not None
                a = recorded[i]
                if s == seat and game.phase_name in phases:
                    mine = ask(bots[s], game, view)
                    if mine != a:
                        first, a = (d, game.phase_name), mine
            elif track and same and game.phase_name == "play" and not exact:
                assert recorded is not None
                a = recorded[i]
            else:
                a = ask(bots[s], game, view)
            track = track and recorded is not None and i < len(recorded) and a == recorded[i]
            actions.append(a)
            game.play(a, s)
        deals.append(actions)
    return {"deals": deals, "adds": counting, "scores": list(game.scores),
            "winner": game.winner, "first": first}


def margin(scores: list[int], seat: int) -> float:
    others = [x for s, x in enumerate(scores) if s != seat]
    return scores[seat] - sum(others) / len(others)


def _baseline_task(args: tuple[str, str, int, int]) -> dict[str, Any]:
    return play_game(*args)


def baselines(table: str, level: str, seed: int, games: int, jobs: int) -> list[dict[str, Any]]:
    path = CACHE / f"games-{table.replace(' ', '_')}-{level.replace(':', '_')}-{seed}.jsonl"
    rows: list[dict[str, Any]] = []
    if path.exists():
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    if len(rows) >= games:
        return rows[:games]
    path.parent.mkdir(parents=True, exist_ok=True)
    todo = [(table, level, seed, i) for i in range(len(rows), games)]
    with path.open("a") as out:
        for row in _map(_baseline_task, todo, jobs):
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
    return rows


def _variant_task(args: tuple[Any, ...]) -> dict[str, Any]:
    table, level, variant, seed, index, seat, base, phases, exact = args
    return play_game(table, level, seed, index, variant, seat, base, phases, exact)


def run(table: str, level: str, variant: str, seed: int, games: int, jobs: int,
        phases: tuple[str, ...], exact: bool = False, quiet: bool = False) -> dict[str, Any]:
    start = time.perf_counter()
    base = baselines(table, level, seed, games, jobs)
    players = table_rules(table).players
    tasks = [(table, level, variant, seed, i, s, base[i], phases, exact)
             for i in range(games) for s in range(players)]
    per_deal: list[float] = []
    per_game: list[float] = []
    won: list[float] = []
    diverged = 0
    gains: list[float] = []
    wins: list[float] = []
    log = CACHE / f"last-games-{variant.replace(':', '_')}-{table.replace(' ', '_')}.jsonl"
    details = log.open("w")
    for n, v in enumerate(_map(_variant_task, tasks, jobs)):
        i, s = divmod(n, players)
        b = base[i]
        gains.append(margin(v["scores"], s) - margin(b["scores"], s))
        wins.append(float(v["winner"] == s) - float(b["winner"] == s))
        diverged += v["first"] is not None
        details.write(json.dumps({"game": i, "seat": s, "gain": gains[-1], "first": v["first"],
                                  "scores": v["scores"], "base": b["scores"]}) + "\n")
        if s < players - 1:
            continue
        per_game.append(statistics.mean(gains))
        per_deal.append(per_game[-1] / len(b["deals"]))
        won.append(100 * statistics.mean(wins))
        gains, wins = [], []
        if not quiet and (i + 1) % 10 == 0:
            m, h = _mean_ci(per_deal)
            print(f"  {i + 1} games: {m:+.2f} ± {h:.2f}", file=sys.stderr, flush=True)
    details.close()
    (deal, deal_ci), (game_m, game_ci), (won_m, won_ci) = (
        _mean_ci(per_deal), _mean_ci(per_game), _mean_ci(won))
    return {"variant": variant, "table": table, "games": games, "gain": deal, "ci": deal_ci,
            "game": game_m, "game_ci": game_ci, "won": won_m, "won_ci": won_ci,
            "diverged": diverged, "deals": statistics.mean(len(b["deals"]) for b in base),
            "seconds": time.perf_counter() - start}


def main() -> int:
    parser = parser_for(__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--phases", default=",".join(ASKED),
                        help="where the variant is asked before it first differs")
    parser.add_argument("--exact", action="store_true",
                        help="ask the bots in card play too after the first difference")
    args = parser.parse_args()
    warn_if_pure()
    phases = tuple(args.phases.split(","))
    for variant in args.variants:
        r = run(args.preset, args.baseline, variant, args.seed, args.games, args.jobs, phases,
                args.exact)
        seats = r["games"] * table_rules(args.preset).players
        print(f"{variant:40} {args.preset} vs {args.baseline}: {r['gain']:+.2f} ± {r['ci']:.2f}"
              f" per seat-deal ({r['game']:+.1f} ± {r['game_ci']:.1f} a seat-game; games won "
              f"{r['won']:+.1f} ± {r['won_ci']:.1f} points); diverged {r['diverged']}/{seats};"
              f" {r['deals']:.1f} deals a game; {r['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
