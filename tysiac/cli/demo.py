"""``tysiac demo``: a whole game between built-in bots, printed deal by deal."""

from __future__ import annotations

import argparse
import sys

from ..bots import LEVELS, make_bot
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER
from ..engine.results import DealResult
from ..rules import PRESET_NAMES, Rules, RulesError, parse_option

_T = {
    "title": ("Pokazowa partia ({preset}): {names}", "A demo game ({preset}): {names}"),
    "deal": ("Rozdanie {n:>2}, rozdaje {dealer}: ", "Deal {n:>2}, {dealer} deals: "),
    "bomb": ("{name} rzuca bombę", "{name} throws a bomb"),
    "made": ("{name} gra za {c} i ugrywa ({p} pkt)", "{name} plays {c} and makes it ({p} pts)"),
    "failed": ("{name} gra za {c} i przegrywa ({p} pkt)", "{name} plays {c} and fails ({p} pts)"),
    "draw_deal": ("punkty {points}", "points {points}"),
    "scores": ("  stan: {scores}", "  scores: {scores}"),
    "winner": ("Wygrywa {name}!", "{name} wins!"),
    "draw": ("Remis.", "A draw."),
    "stopped": ("Przerwano po {n} rozdaniach.", "Stopped after {n} deals."),
}


#: The demo's bots: sound play that ends a game in a few dozen deals.
DEFAULT_LEVEL = "basic"

DESCRIPTION = ("Bots play a whole game to the goal; each deal is printed as it is "
               "settled, then the winner.")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="watch bots play a whole game, deal by deal",
                       description=DESCRIPTION)
    p.add_argument("--preset", default="pl-3", choices=PRESET_NAMES, metavar="PRESET",
                   help=f"the rules ({', '.join(PRESET_NAMES)}; default pl-3)")
    p.add_argument("--bots", default=None, metavar="LEVELS",
                   help=f"bot level for every seat, or one per seat, comma-separated "
                   f"({', '.join(LEVELS)}); default: {DEFAULT_LEVEL}")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed of the deals and the bots, for a demo you can replay")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="override a rule option, e.g. --set bombs_per_player=0")
    p.add_argument("--max-deals", type=int, default=200, metavar="N",
                   help="stop after this many deals (default 200)")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the text (default: pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    i = 0 if args.lang == "pl" else 1
    try:
        rules = Rules.preset(args.preset, **dict(parse_option(o) for o in args.set))
        levels = (args.bots or DEFAULT_LEVEL).split(",")
        levels = levels if len(levels) > 1 else levels * rules.players
        if len(levels) != rules.players:
            raise ValueError(f"--bots needs {rules.players} levels, got {len(levels)}")
        bots = [make_bot(level, None if args.seed is None else args.seed + s)
                for s, level in enumerate(levels)]
    except RulesError as e:
        print(f"tysiac demo: {e.message(args.lang)}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"tysiac demo: {e}", file=sys.stderr)
        return 2
    names = [f"{b.name.capitalize()} {s + 1}" for s, b in enumerate(bots)]
    print(_T["title"][i].format(preset=args.preset, names=", ".join(names)))
    game = Game(rules, seed=args.seed)
    while game.phase != GAME_OVER and len(game.results) < args.max_deals:
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            seat = game.to_move
            game.play(bots[seat].choose(game.view(seat)), seat)
        if game.results and game.phase in (DEAL, GAME_OVER) and game.log[-1] is \
                game.results[-1].log:
            print(_deal_line(game.results[-1], len(game.results), names, i))
    if game.phase == GAME_OVER:
        w = game.winner
        print(_T["draw"][i] if w == "draw" else _T["winner"][i].format(name=names[int(w or 0)]))
    else:
        print(_T["stopped"][i].format(n=len(game.results)))
    return 0


def _deal_line(r: DealResult, n: int, names: list[str], i: int) -> str:
    line = _T["deal"][i].format(n=n, dealer=names[r.dealer])
    if r.declarer is None:
        line += _T["draw_deal"][i].format(points=" / ".join(map(str, r.points)))
    elif r.bomb:
        line += _T["bomb"][i].format(name=names[r.declarer])
    else:
        key = "made" if r.made else "failed"
        line += _T[key][i].format(name=names[r.declarer], c=r.contract, p=r.points[r.declarer])
    deltas = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(r.delta))
    scores = " / ".join(map(str, r.scores))
    return f"{line}; {deltas}\n" + _T["scores"][i].format(scores=scores)
