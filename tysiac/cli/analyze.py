"""``tysiac analyze FILE``: what the cards of each deal held and where the points
were lost (see :mod:`tysiac.analysis`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..analysis import DealAnalysis, NotAnalysable, analyse_deal, game_totals
from ..analysis.report import FORMAT, deal_json, dumps, totals_json
from ..analysis.text import deal_lines, game_lines
from .inputs import InputError, read_game, utf8_stdout

HELP = """Read a game record (RECORD.md; JSON or the text notation) and analyse every
settled deal with full cards, or the one --deal names: with every hand known, what
the declarer's cards could take per trump and with the best exchange; what each
seat's hand was worth in the bidding; every card played with its double-dummy loss
and its loss with what that player could know (the strong bot's evaluation from
that seat), the mistakes marked; the points each player lost in play and bidding.
Score-sheet rows, redealt and unfinished deals are skipped with a note. Exit status
2 for a file that cannot be read, is not a record, holds an illegal action, or has
no deal to analyse."""

_T = {
    "nothing": ("w zapisie nie ma rozdania do analizy: {msg}",
                "the record has no deal to analyse: {msg}"),
    "no_deals": ("nie ma w nim rozdań", "it has no deals"),
    "skipped": ("Pominięte: rozdanie {n}: {msg}", "Skipped: deal {n}: {msg}"),
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("analyze", help="what each deal's cards held and where points were lost",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    p.add_argument("--deal", type=int, default=None, metavar="N",
                   help="analyse only deal N (from 1, as the record lists its deals)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the text and the messages (default: pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang

    def fail(key: str, **fields: object) -> int:
        print(f"tysiac analyze: {_T[key][0 if lang == 'pl' else 1].format(**fields)}",
              file=sys.stderr)
        return 2

    try:
        record, game = read_game(args.file)
    except InputError as e:
        print(f"tysiac analyze: {e.message(lang)}", file=sys.stderr)
        return 2
    names = record.players
    wanted = [args.deal - 1] if args.deal is not None else list(range(len(game.log)))
    analyses: list[DealAnalysis] = []
    skipped: list[tuple[int, NotAnalysable]] = []
    for i in wanted:
        try:
            analyses.append(analyse_deal(game, i))
        except NotAnalysable as e:
            skipped.append((i, e))
    if not analyses and args.deal is not None:
        print(f"tysiac analyze: {skipped[0][1].message(lang)}", file=sys.stderr)
        return 2
    if not analyses:
        no_deals = _T["no_deals"][0 if lang == "pl" else 1]
        return fail("nothing", msg="; ".join(e.message(lang) for _, e in skipped) or no_deals)
    totals = game_totals(analyses, game.n)
    if args.json:
        out: dict[str, Any] = {
            "format": FORMAT, "players": names, "rules": game.rules.to_dict(),
            "deals": [deal_json(a) for a in analyses],
            "skipped": [{"deal": i + 1, "reason": e.reason, "message": e.message(lang)}
                        for i, e in skipped],
            "totals": totals_json(totals, names, len(analyses)),
        }
        print(dumps(out, ascii=not utf8_stdout()))
        return 0
    utf8_stdout()
    blocks = [deal_lines(a, names, lang) for a in analyses]
    lines: list[str] = []
    for block in blocks:
        lines += block + [""]
    lines += [_T["skipped"][0 if lang == "pl" else 1].format(n=i + 1, msg=e.message(lang))
              for i, e in skipped]
    if len(analyses) > 1 or skipped:
        lines += ([""] if skipped else []) + game_lines(totals, names, len(analyses), lang)
    print("\n".join(lines).rstrip("\n"))
    return 0

