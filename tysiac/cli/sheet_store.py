"""The work of ``tysiac sheet`` on the store (imported only when the command runs,
so that ``tysiac`` without the web extra still starts)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from ..scoresheet import DealForm, SettledSheet, SheetError, read_entry
from ..scoresheet import keeping as K
from ..scoresheet.entry import fields_from_pairs
from ..scoresheet.files import read_sheet, write_sheet
from ..scoresheet.stats import PlayerStats, Stats
from ..scoresheet.texts import STAT_COLUMNS, say, size_rows, stat_row, status_lines
from ..storage import Store, default_url
from ..storage import sheets as Q
from .inputs import read_input
from .sheet import _Failed, _t, as_json, pairs, rules_of, write_output


async def command(args: argparse.Namespace) -> str:
    store = await Store.open(args.database or default_url())
    try:
        return await COMMANDS[args.sheet_command](store, args)
    finally:
        await store.close()


async def _group(store: Store, text: str, lang: str, create: bool = False) -> Q.GroupRow:
    text = " ".join(text.split())
    if text.isdigit():
        group = await store.read(Q.q_group, int(text))
        if group is None:
            raise _Failed(_t("no_group", lang, name=text), 2)
        return group
    found = [g for g in await store.read(Q.q_groups, None) if g.name.casefold() ==
             text.casefold()]
    if len(found) > 1:
        raise _Failed(_t("many_groups", lang, name=text,
                         ids=", ".join(str(g.id) for g in found)), 1)
    if found:
        return found[0]
    if not create or not K.GROUP_NAME_LENGTH[0] <= len(text) <= K.GROUP_NAME_LENGTH[1]:
        raise _Failed(_t("no_group", lang, name=text), 2)
    return await store.write(Q.q_create_group, text, {"preset": "pl-3"}, time.time(), None)


async def _kept(store: Store, sheet_id: int, lang: str) -> K.Kept:
    kept = await K.open_sheet(store, sheet_id)
    if kept is None:
        raise _Failed(_t("no_sheet", lang, id=sheet_id), 2)
    return kept


async def cmd_new(store: Store, args: argparse.Namespace) -> str:
    lang = args.lang
    group = await _group(store, args.group, lang, create=True)
    names = [n for n in args.players.split(",")]
    rules = rules_of(args.preset, args.set, group.rules, len([n for n in names if n.strip()]))
    names = K.check_names(names, rules)
    first = 0
    if args.first_dealer is not None:
        found = [i for i, n in enumerate(names) if n.casefold() ==
                 args.first_dealer.strip().casefold()]
        if not found:
            raise _Failed(_t("no_player", lang, name=args.first_dealer[:20]), 1)
        first = found[0]
    sheet_id = await K.new_sheet(store, group.id, names, rules, first)
    kept = await _kept(store, sheet_id, lang)
    head = _t("new", lang, id=sheet_id, group=group.name, names=", ".join(names),
              rules=f"{rules.preset_name}, {say('to_goal', lang, goal=rules.goal)}")
    return head + "\n" + show(kept.settled, lang, group.name, sheet_id)


def _entry(kept: K.Kept, form: DealForm, words: list[str], lang: str) -> Any:
    fields = fields_from_pairs(pairs(words, lang), kept.sheet.players)
    e = read_entry(form, fields)
    if e.deal is None:
        raise SheetError("\n".join(pl for pl, _ in e.errors.values()),
                         "\n".join(en for _, en in e.errors.values()))
    return e.deal


def _next_form(kept: K.Kept) -> DealForm:
    nxt = kept.settled.next
    if nxt is None:
        raise SheetError("Partia jest już zakończona", "The game is over")
    return DealForm.of(kept.sheet.rules, kept.sheet.players, nxt.number, nxt.dealer)


async def cmd_add(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    deal = _entry(kept, _next_form(kept), args.fields, args.lang)
    kept = await K.add_deal(store, kept, deal, None)
    return show(kept.settled, args.lang, None, kept.id)


async def cmd_edit(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    at = args.deal - 1
    if not 0 <= at < len(kept.settled.deals):
        raise _Failed(_t("no_deal", args.lang, id=args.sheet, n=args.deal), 2)
    d = kept.settled.deals[at]
    form = DealForm.of(kept.sheet.rules, kept.sheet.players, at + 1, d.result.dealer)
    kept = await K.edit_deal(store, kept, at, _entry(kept, form, args.fields, args.lang), None)
    return show(kept.settled, args.lang, None, kept.id)


async def cmd_delete(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    if not kept.sheet.deals:
        raise _Failed(_t("no_deal", args.lang, id=args.sheet, n=1), 2)
    kept = await K.delete_last(store, kept, None)
    return show(kept.settled, args.lang, None, kept.id)


async def cmd_undo(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    last = await K.last_change(store, kept)
    kept = await K.undo(store, kept)
    what = say(f"change_{last.kind}", args.lang, n=(last.deal or 0) + 1) if last else ""
    return _t("undone", args.lang, what=what) + "\n" + show(kept.settled, args.lang, None,
                                                              kept.id)


async def cmd_show(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    group = await store.read(Q.q_group, kept.row.group_id)
    return show(kept.settled, args.lang, group.name if group else None, kept.id)


async def cmd_list(store: Store, args: argparse.Namespace) -> str:
    lang = args.lang
    groups = [await _group(store, args.group, lang)] if args.group else \
        await store.read(Q.q_groups, None)
    lines = []
    for g in groups:
        players = ", ".join(p.name for p in await store.read(Q.q_players, g.id))
        lines.append(_t("group_line", lang, id=g.id, name=g.name, players=players or "—",
                        invite=g.invite))
        for row in await store.read(Q.q_sheets, g.id):
            s = row.summary
            lines.append(_t("sheet_line", lang, id=row.id, names=", ".join(row.names),
                            state=say(row.status, lang), deals=s["deals"],
                            scores=" ".join(map(str, s["scores"]))))
    return "\n".join(lines) or _t("nothing", lang)


async def cmd_stats(store: Store, args: argparse.Namespace) -> str:
    lang = args.lang
    group = await _group(store, args.group, lang)
    stats, _ = await K.group_stats(store, group.id)
    players = stats.players
    if args.player:
        players = [p for p in players if p.name.casefold() == args.player.strip().casefold()]
        if not players:
            raise _Failed(_t("no_player", lang, name=args.player[:20]), 2)
    if args.json:
        return as_json(stats_json(stats, players))
    return stats_text(stats, players, group.name, lang)


async def cmd_export(store: Store, args: argparse.Namespace) -> str:
    kept = await _kept(store, args.sheet, args.lang)
    group = await store.read(Q.q_group, kept.row.group_id)
    extra = {"sheet": {"id": kept.id, "group": group.name if group else ""}}
    return write_output(write_sheet(kept.settled, args.format, extra), args.output)


async def cmd_import(store: Store, args: argparse.Namespace) -> str:
    data = read_input(args.file)
    group = await _group(store, args.group, args.lang, create=True)
    sheet, unfinished = read_sheet(data, group.rules)
    sheet_id = await K.new_sheet(store, group.id, sheet.players, sheet.rules, sheet.first_dealer,
                                 sheet.start_scores, sheet.deals)
    note = "\n" + say("import_unfinished", args.lang) if unfinished else ""
    return _t("imported", args.lang, id=sheet_id, n=len(sheet.deals)) + note


# --- text ------------------------------------------------------------------------------

def show(settled: SettledSheet, lang: str, group: str | None, sheet_id: int) -> str:
    """A sheet as a paper sheet: a row per deal with the running totals, the marks
    and why a score was written as it was; then who deals next, the barrier and
    barrel, the winner."""
    sheet = settled.sheet
    names = sheet.players
    width = [max(len(n), 12) for n in names]
    rules = sheet.rules
    title = [say("sheet_n", lang, n=sheet_id)] + ([group] if group else []) + [
        f"{rules.preset_name}, {say('to_goal', lang, goal=rules.goal)}"]
    head = f"{say('col_no', lang):>3}  {say('col_dealer', lang):<10} " \
           f"{say('col_declarer', lang):<18}" + "".join(
               f" {n:>{w}}" for n, w in zip(names, width, strict=True))
    lines = [" · ".join(title), head]
    for d in settled.deals:
        r = d.result
        if r.declarer is None:
            play = ""
        elif r.bomb:
            play = f"{names[r.declarer]} {say('bomb_long', lang)}"
        else:
            play = f"{names[r.declarer]} {r.contract} {say('made' if r.made else 'failed', lang)}"
        cells = []
        for seat, w in enumerate(width):
            cell = f"{r.scores[seat]} ({r.delta[seat]:+d})" if seat != r.sitting_out else \
                f"{r.scores[seat]} {say('sits_out_mark', lang)}"
            cells.append(f" {cell:>{w}}")
        lines.append(f"{d.number:>3}  {names[r.dealer]:<10} {play:<18}" + "".join(cells))
        for seat, what, n in d.notes:
            lines.append("       · " + say(f"note_{what}", lang, name=names[seat], n=n))
    lines.append(f"{'':>3}  {say('total', lang):<29}" + "".join(
        f" {x:>{w}}" for x, w in zip(settled.scores, width, strict=True)))
    lines.extend(status_lines(settled, lang))
    return "\n".join(lines)


def stats_text(stats: Stats, players: list[PlayerStats], group: str, lang: str) -> str:
    lines = [say("stats_title", lang, name=group),
             say("stats_games", lang, games=stats.games, finished=stats.finished,
                 online=stats.online, deals=stats.deals), ""]
    heads = [say("st_player", lang)] + [say(c, lang) for c in STAT_COLUMNS]
    rows = [[p.name, *stat_row(p)] for p in players]
    lines.extend(_table(heads, rows))
    shown = [p for p in stats.players if p.games]
    if len(shown) > 1:
        lines += ["", say("head_to_head", lang), say("h2h_help", lang)]
        lines.extend(_table([""] + [p.name for p in shown],
                            [[a.name] + ["·" if a is b else
                                         str(stats.head_to_head.get((a.who, b.who), 0))
                                         for b in shown] for a in shown]))
    lines += ["", say("presets_most", lang) + ": " + (", ".join(
        f"{k} {say('times', lang, n=v)}" for k, v in stats.presets.most_common()) or "—")]
    if stats.options:
        lines.append(say("options_most", lang) + ": " + ", ".join(
            f"{k} {say('times', lang, n=v)}" for k, v in stats.options.most_common()))
    sizes = players[0].contracts if len(players) == 1 else stats.contracts
    if sizes:
        lines += ["", say("contract_sizes", lang)]
        lines.extend(_table([say("st_size", lang), say("st_made", lang), say("st_failed", lang),
                             say("st_rate_made", lang)], size_rows(sizes)))
    return "\n".join(lines)


def _table(heads: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(heads, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(f"{c:<{w}}" if i == 0 else f"{c:>{w}}"
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
    return [line(heads)] + [line(r) for r in rows]


def stats_json(stats: Stats, players: list[PlayerStats]) -> dict[str, Any]:
    return {
        "games": stats.games, "finished": stats.finished, "online": stats.online,
        "deals": stats.deals,
        "players": [{
            "name": p.name, "games": p.games, "finished": p.finished, "won": p.won,
            "win_rate": p.win_rate, "online": p.online, "deals": p.deals,
            "points_per_deal": p.points_per_deal, "contracts": {
                str(k): {"made": m, "failed": f} for k, (m, f) in sorted(p.contracts.items())},
            "average_contract": p.average_contract, "bombs": p.bombs, "zeros": p.zeros,
            "barrel_falls": p.barrel_falls,
            "games_over_time": [{"game": x.key, "when": x.when, "score": x.score, "won": x.won,
                                 "finished": x.finished, "online": x.online} for x in p.lines],
        } for p in players],
        "head_to_head": [{"player": next(p.name for p in stats.players if p.who == a),
                          "ahead_of": next(p.name for p in stats.players if p.who == b),
                          "games": n} for (a, b), n in sorted(stats.head_to_head.items())],
        "presets": dict(stats.presets.most_common()),
        "options": dict(stats.options.most_common()),
    }


COMMANDS = {"new": cmd_new, "add": cmd_add, "edit": cmd_edit, "delete": cmd_delete,
            "undo": cmd_undo, "show": cmd_show, "list": cmd_list, "stats": cmd_stats,
            "export": cmd_export, "import": cmd_import}
