"""``tysiac hint RECORD``: what a search bot (``--level``) would do next in a game in
progress."""

from __future__ import annotations

import argparse
import json
import sys

from ..bots.hint import DEFAULT_LEVEL, HINT_LEVELS, advice_json, explain, hint
from ..engine import actions as A
from ..engine.phases import DEAL, GAME_OVER
from .inputs import InputError, read_game

HELP = """Read a game record in progress (RECORD.md; JSON or the text notation) and
print what a bot (expert by default, or --level strong) would do next for the seat
to move, and why, with the expected deal margin of every candidate: the score change
of that seat's side minus the other side's, per opponent, in points, averaged over
deals consistent with what the seat knows. Exit status 2 for a file that cannot be
read, is not a record, holds an illegal action, or has no move to advise."""

_T = {
    "over": ("partia jest skończona: nie ma czego podpowiadać",
             "the game is over: there is no move to advise"),
    "between": ("zapis kończy się między rozdaniami: następne rozdanie nie jest rozdane",
                "the record ends between deals: the next deal is not dealt yet"),
    "seat": ("miejsce {seat} nie ma teraz ruchu; ruch ma {name} (miejsce {to_move})",
             "seat {seat} is not to move; {name} (seat {to_move}) is"),
    "no_seat": ("nie ma miejsca {seat}: gracze mają miejsca 0-{last}",
                "there is no seat {seat}: seats are 0-{last}"),
    "budget": ("--budget-ms musi być liczbą dodatnią", "--budget-ms must be a positive number"),
    "title": ("Podpowiedź: {name} (miejsce {seat}), faza: {phase}",
              "Hint for {name} (seat {seat}), phase: {phase}"),
    "legend": ("oczekiwany bilans rozdania w punktach (strona gracza minus przeciwnicy, "
               "na przeciwnika); w nawiasie: szansa ugrania kontraktu",
               "expected deal margin in points (the seat's side minus the other side, "
               "per opponent); in brackets: the chance the contract is made"),
    "best": ("Bot zagrałby: {text}", "The bot would play: {text}"),
}
_PHASES = {
    "bid": ("licytacja", "bidding"), "choose_musik": ("wybór musiku", "musik choice"),
    "exchange": ("oddawanie kart", "exchange"), "declare": ("deklaracja", "declaration"),
    "play": ("rozgrywka", "card play"),
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("hint", help="what a bot would do next in a game record, and why",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("record", metavar="RECORD", help="the record of a game in progress, or -")
    p.add_argument("--seat", type=int, default=None,
                   help="the seat asking (default: the seat to move); it must be to move")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the text (default: pl)")
    p.add_argument("--level", choices=HINT_LEVELS, default=DEFAULT_LEVEL,
                   help=f"the bot that advises (default: {DEFAULT_LEVEL})")
    p.add_argument("--budget-ms", type=float, default=None,
                   help="think about this long (default: the bot's fixed budget, "
                   "the same hint every time)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    i = 0 if args.lang == "pl" else 1

    def fail(key: str, **fields: object) -> int:
        print(f"tysiac hint: {_T[key][i].format(**fields)}", file=sys.stderr)
        return 2

    if args.budget_ms is not None and not args.budget_ms > 0:
        return fail("budget")
    try:
        record, game = read_game(args.record)
    except InputError as e:
        print(f"tysiac hint: {e.message(args.lang)}", file=sys.stderr)
        return 2
    if game.phase == GAME_OVER:
        return fail("over")
    if game.phase == DEAL:
        return fail("between")
    seat = game.to_move
    names = record.players
    if args.seat is not None:
        if not 0 <= args.seat < len(names):
            return fail("no_seat", seat=args.seat, last=len(names) - 1)
        if args.seat != seat:
            return fail("seat", seat=args.seat, name=names[seat], to_move=seat)
    view = game.view(seat)
    advice = hint(view, budget_ms=args.budget_ms, level=args.level)
    why = explain(advice, view, args.lang)
    if args.json:
        print(json.dumps({
            "seat": seat, "player": names[seat], "phase": game.phase_name, "level": args.level,
            "advice": [advice_json(a, args.lang, view) for a in advice], "explanation": why,
        }, ensure_ascii=False, indent=2))
        return 0
    phase = _PHASES[game.phase_name][i]
    print(_T["title"][i].format(name=names[seat], seat=seat, phase=phase))
    print(f"({_T['legend'][i]})")
    texts = [A.describe(a.action, args.lang) for a in advice]
    width = max(map(len, texts))
    for n, (a, text) in enumerate(zip(advice, texts, strict=True), 1):
        made = f"  ({a.made:.0%})" if a.made is not None else ""
        print(f"{n:3}. {text:<{width}}  {a.expected:+8.1f}{made}")
    print(_T["best"][i].format(text=texts[0]))
    print(why)
    return 0
