"""``tysiac rules [PRESET]``: the presets and every option with its value."""

from __future__ import annotations

import argparse
import json
import sys

from ..rules import OPTION_IDS, PRESET_NAMES, Rules, RulesError, allowed_values

_HEADING = {"pl": "zestaw         różnice względem pl-3", "en": "preset         differs from pl-3"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list the presets, or a preset's options",
                       description="Without PRESET, list the presets. With it, print "
                       "every rule option of that preset, its value and what it allows.")
    p.add_argument("preset", nargs="?", metavar="PRESET", help="|".join(PRESET_NAMES))
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the text (default pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.preset is None:
        base = Rules.preset("pl-3").options()
        print(_HEADING[args.lang])
        for name in PRESET_NAMES:
            options = Rules.preset(name).options()
            text = ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items()
                             if v != base[k]) or "—"
            print(f"{name:14} {text}")
        return 0
    try:
        rules = Rules.preset(args.preset)
    except RulesError as e:
        print(f"tysiac rules: {e.message(args.lang)}", file=sys.stderr)
        return 2
    for opt in OPTION_IDS:
        value = json.dumps(rules.options()[opt])
        print(f"{opt:24} {value:40} ({allowed_values(opt, args.lang)})")
    return 0
