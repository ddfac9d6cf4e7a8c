"""``tysiac rules [PRESET]``: the presets, and every option of one with its value, what
it is and what it allows."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from ..rule_texts import PRESET_SOURCES, SOURCE_TEXTS, option_text, preset_text, source_text
from ..rules import OPTION_IDS, PRESET_NAMES, Rules, RulesError, allowed_values

_T = {
    "differs": ("różnice względem pl-3: {text}", "differs from pl-3: {text}"),
    "allowed": ("dozwolone: {text}", "allowed: {text}"),
    "preset": ("Zestaw {name}: {text}", "Preset {name}: {text}"),
    "source": ("(źródło\u00a0{source})", "(source\u00a0{source})"),
    "sources": ("Źródła zasad (RULES.md):", "Sources of the rules (RULES.md):"),
    "more": ("Opcje zestawu: tysiac rules ZESTAW; zmiana opcji: --set opcja=wartość.",
             "A preset's options: tysiac rules PRESET; to change one: --set option=value."),
}

WIDTH = 80


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list the presets, or a preset's options",
                       description="Without PRESET, list the presets. With it, print "
                       "every rule option of that preset, its value and what it allows.")
    p.add_argument("preset", nargs="?", metavar="PRESET",
                   help=f"the preset to show ({', '.join(PRESET_NAMES)})")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the text (default pl)")
    p.set_defaults(run=run)


def _say(key: str, lang: str, **kw: str) -> str:
    return _T[key][0 if lang == "pl" else 1].format(**kw)


def _wrap(text: str, indent: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent)


def _described(preset: str, lang: str) -> str:
    return f"{preset_text(preset, lang)} " + _say("source", lang,
                                                  source=PRESET_SOURCES[preset])


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.preset is None:
        base = Rules.preset("pl-3").options()
        for name in PRESET_NAMES:
            options = Rules.preset(name).options()
            diff = ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items()
                             if v != base[k])
            print("\n".join(_wrap(_described(name, lang), " " * 15, f"{name:14} ")))
            if diff:
                print("\n".join(_wrap(_say("differs", lang, text=diff), " " * 15)))
        print()
        print(_say("sources", lang))
        for source in SOURCE_TEXTS:
            print(f"  {source}  {source_text(source, lang)}")
        print(_say("more", lang))
        return 0
    try:
        rules = Rules.preset(args.preset)
    except RulesError as e:
        print(f"tysiac rules: {e.message(lang)}", file=sys.stderr)
        return 2
    print("\n".join(_wrap(_say("preset", lang, name=rules.preset_name,
                                text=_described(rules.preset_name, lang)), "")))
    print()
    for opt in OPTION_IDS:
        print(f"{opt} = {json.dumps(rules.options()[opt])}")
        print("\n".join(_wrap(option_text(opt, lang), "    ")))
        print("\n".join(_wrap(_say("allowed", lang, text=allowed_values(opt, lang)), "    ")))
    return 0
