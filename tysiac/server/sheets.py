"""The score sheet's pages: a group's games, a new game, the sheet itself with the
form of the next deal, a deal corrected, undo, export and import. A sheet belongs to
a group and only the group's accounts see it; every form carries a CSRF token; every
mistake is said next to its field and loses nothing that was typed.

The sheet is settled by the engine (:mod:`tysiac.scoresheet`); these pages only show
it and pass the forms on.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..record.limits import MAX_RECORD_BYTES
from ..rule_texts import OPTION_TEXTS, option_text, preset_text
from ..rules import PRESETS, Rules, RulesError, parse_option
from ..scoresheet import DealForm, Entry, SheetError, read_entry
from ..scoresheet import keeping as K
from ..scoresheet.csv_io import rules_text
from ..scoresheet.entry import fields_of
from ..scoresheet.files import FORMS, read_sheet, write_sheet
from ..scoresheet.settled import SettledSheet
from ..scoresheet.texts import say, status_lines
from ..storage import User
from ..storage import sheets as Q
from . import charts
from .auth import Visitor, csrf_ok, visitor
from .pages import lang_of, node_of, render
from .uploads import Unreadable, read_form

#: An upload of a record or a sheet: a record's limit and the form around it.
UPLOAD_LIMIT = MAX_RECORD_BYTES + 64 * 1024


# --- who may see what -------------------------------------------------------------------

async def visitor_or_guest(request: Request) -> Visitor | Response:
    """The visitor, or a redirect to come in as a guest first (and back here)."""
    v = await visitor(request, node_of(request).store)
    if v.user is None:
        return RedirectResponse(f"/guest?next={request.url.path}", 303)
    return v


async def _my_groups(request: Request) -> tuple[User, list[Q.GroupRow]] | Response:
    """The visitor's account and its groups (or the way in as a guest first)."""
    v = await visitor_or_guest(request)
    if isinstance(v, Response):
        return v
    assert v.user is not None
    return v.user, await node_of(request).store.read(Q.q_groups, v.user.id)


def _chosen_group(values: Mapping[str, str], groups: list[Q.GroupRow], lang: str,
                  errors: dict[str, str]) -> tuple[Q.GroupRow | None, str]:
    """The group a form chose, or None and the name of the new group it asks for
    (its error into ``errors`` if that name will not do)."""
    group = next((g for g in groups if str(g.id) == values["group"]), None)
    name = " ".join(values["group_name"].split())
    if group is None and not K.GROUP_NAME_LENGTH[0] <= len(name) <= K.GROUP_NAME_LENGTH[1]:
        errors["group_name"] = say("group_name", lang) + ": 1–60"
    return group, name


async def _group_or_new(request: Request, group: Q.GroupRow | None, name: str, user: User,
                        rules: Rules) -> Q.GroupRow:
    if group is not None:
        return group
    return await node_of(request).store.write(Q.q_create_group, name, rules.to_dict(),
                                              time.time(), user.id)


async def member_group(request: Request) -> tuple[Visitor, Q.GroupRow] | Response:
    """The group of the path if the visitor is one of its accounts; else the page
    that says why."""
    v = await visitor_or_guest(request)
    if isinstance(v, Response):
        return v
    assert v.user is not None
    store = node_of(request).store
    group = await store.read(Q.q_group, request.path_params["id"])
    if group is None:
        return await render(request, "error.html", 404, message="sh_no_group")
    if not await store.read(Q.q_is_member, group.id, v.user.id):
        return await render(request, "sheet_refused.html", 403, message="sh_not_member_group")
    return v, group


async def member_sheet(request: Request) -> tuple[Visitor, Q.GroupRow, K.Kept] | Response:
    """The sheet of the path if the visitor is one of its group's accounts."""
    v = await visitor_or_guest(request)
    if isinstance(v, Response):
        return v
    assert v.user is not None
    store = node_of(request).store
    kept = await K.open_sheet(store, request.path_params["id"])
    if kept is None:
        return await render(request, "error.html", 404, message="sh_no_sheet")
    if not await store.read(Q.q_is_member, kept.row.group_id, v.user.id):
        return await render(request, "sheet_refused.html", 403, message="sh_not_member")
    group = await store.read(Q.q_group, kept.row.group_id)
    assert group is not None
    return v, group, kept


Handler = Callable[[Request], Awaitable[Response]]


def group_route(handler: Callable[[Request, Visitor, Q.GroupRow], Awaitable[Response]]
                ) -> Handler:
    """A page of the group of the path's ``id``: the handler gets the visitor and
    the group; anyone not in the group, the page that says why."""
    @functools.wraps(handler)
    async def route(request: Request) -> Response:
        found = await member_group(request)
        return found if isinstance(found, Response) else await handler(request, *found)
    return route


def sheet_route(handler: Callable[[Request, Visitor, Q.GroupRow, K.Kept],
                                  Awaitable[Response]]) -> Handler:
    """A page of the sheet of the path's ``id``: the handler gets the visitor, the
    group and the sheet; anyone not in its group, the page that says why."""
    @functools.wraps(handler)
    async def route(request: Request) -> Response:
        found = await member_sheet(request)
        return found if isinstance(found, Response) else await handler(request, *found)
    return route


async def _form(request: Request) -> tuple[FormData, bool]:
    form = await request.form(max_files=0, max_fields=80, max_part_size=16 * 1024)
    v = await visitor(request, node_of(request).store)
    return form, csrf_ok(v, form.get("csrf"))


def _fields(form: FormData) -> dict[str, list[str]]:
    return {k: [str(x) for x in form.getlist(k)] for k in form}


def date(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))


# --- lists -------------------------------------------------------------------------------

async def sheets_home(request: Request) -> Response:
    mine = await _my_groups(request)
    if isinstance(mine, Response):
        return mine
    store = node_of(request).store
    groups = [(g, await store.read(Q.q_sheets, g.id, 20)) for g in mine[1]]
    return await render(request, "sheets.html", groups=groups, date=date)


# --- a new game ------------------------------------------------------------------------

def _rules_values(rules: dict[str, Any] | None) -> tuple[str, str, str]:
    """A group's house rules as the new-game form shows them: the preset, the goal,
    and the other options one a line (not those that only follow the goal)."""
    try:
        r = Rules.from_dict(rules or {"preset": "pl-3"})
    except RulesError:
        r = Rules.preset("pl-3")
    base = Rules.preset(r.preset_name, goal=r.goal)
    lines = [f"{k}={v if isinstance(v, str) else json.dumps(v, separators=(',', ':'))}"
             for k, v in r.to_dict().items()
             if k not in ("preset", "goal") and getattr(base, k) != getattr(r, k)]
    return r.preset_name, str(r.goal), "\n".join(lines)


async def new_sheet(request: Request) -> Response:
    mine = await _my_groups(request)
    if isinstance(mine, Response):
        return mine
    user, groups = mine
    store = node_of(request).store
    lang = lang_of(request)
    ctx: dict[str, Any] = {
        "groups": groups, "presets": [(p, Rules.preset(p).players) for p in PRESETS],
        "preset_text": lambda p: preset_text(p, lang),
        "option_list": [(o, option_text(o, lang)) for o in OPTION_TEXTS]}
    if request.method == "GET":
        wanted = request.query_params.get("group", "")
        group = next((g for g in groups if str(g.id) == wanted), groups[0] if groups else None)
        values = await _new_values(store, group)
        players = {g.id: [p.name for p in await store.read(Q.q_players, g.id)] for g in groups}
        return await render(request, "sheet_new.html", values=values, errors={},
                            known=players, **ctx)
    form, ok = await _form(request)
    values = {
        "group": str(form.get("group", "")), "group_name": str(form.get("group_name", ""))[:60],
        "players": [str(form.get(f"player{i}", ""))[:40] for i in range(4)],
        "preset": str(form.get("preset", "")), "goal": str(form.get("goal", "1000")),
        "options": str(form.get("options", ""))[:2000],
        "first_dealer": str(form.get("first_dealer", "0")),
    }
    errors: dict[str, str] = {}
    if not ok:
        errors["form"] = "err_csrf"
    group, group_name = _chosen_group(values, groups, lang, errors)
    rules = None
    try:
        if values["preset"] not in PRESETS:
            raise RulesError("choose the rules", "wybierz zasady")
        overrides: dict[str, Any] = {"goal": 500 if values["goal"] == "500" else 1000}
        for line in values["options"].splitlines():
            if line.strip():
                key, value = parse_option(line)
                overrides[key] = value
        rules = Rules.preset(values["preset"], **overrides)
    except RulesError as e:
        errors["options"] = e.message(lang)
    names = [n for n in values["players"] if n.strip()]
    first = int(values["first_dealer"]) if values["first_dealer"] in ("0", "1", "2", "3") \
        else 0
    if rules is not None:
        try:
            names = K.check_names(names, rules)
        except SheetError as e:
            errors["players"] = e.message(lang)
        if first >= rules.players:
            errors["first_dealer"] = say("first_dealer", lang)
    if errors or rules is None:
        players = {g.id: [p.name for p in await store.read(Q.q_players, g.id)] for g in groups}
        return await render(request, "sheet_new.html", 400, values=values, errors=errors,
                            known=players, **ctx)
    group = await _group_or_new(request, group, group_name, user, rules)
    sheet_id = await K.new_sheet(store, group.id, names, rules, first)
    return RedirectResponse(f"/sheets/{sheet_id}", 303)


async def _new_values(store: Any, group: Q.GroupRow | None) -> dict[str, Any]:
    preset, goal, options = _rules_values(group.rules if group else None)
    names: list[str] = []
    if group is not None:
        last = await store.read(Q.q_sheets, group.id, 1)
        if last:
            names = last[0].names
    return {"group": str(group.id) if group else "new", "group_name": "",
            "players": (names + ["", "", "", ""])[:4], "preset": preset, "goal": goal,
            "options": options, "first_dealer": "0"}


# --- the sheet ------------------------------------------------------------------------------

def sheet_rows(settled: SettledSheet, lang: str) -> list[dict[str, Any]]:
    """The paper sheet: per deal its dealer, who played what, and per seat the total,
    the change and the marks; the notes of why a score was written as it was."""
    names = settled.sheet.players
    rows = []
    for d in settled.deals:
        r = d.result
        cells = []
        for seat in range(len(names)):
            mark = ""
            if seat == r.sitting_out:
                mark = say("sits_out_mark", lang)
            elif seat == r.declarer:
                mark = say("bomb_mark", lang) if r.bomb else \
                    f"★{r.contract}{say('made' if r.made else 'failed', lang)}"
            cells.append({"total": r.scores[seat], "delta": r.delta[seat], "mark": mark,
                          "declarer": seat == r.declarer, "made": r.made,
                          "out": seat == r.sitting_out})
        notes = [say(f"note_{what}", lang, name=names[seat], n=n) for seat, what, n in d.notes]
        rows.append({"number": d.number, "dealer": names[r.dealer], "cells": cells,
                     "notes": notes})
    return rows


def standing(settled: SettledSheet, lang: str) -> list[dict[str, Any]]:
    """Each player now: the total, the barrier or the barrel, the winner."""
    out = []
    for seat, name in enumerate(settled.sheet.players):
        marks = []
        if settled.barrel_left(seat):
            marks.append(say("on_barrel", lang, n=settled.barrel_left(seat)))
        elif settled.on_barrier(seat):
            marks.append(say("on_barrier", lang))
        out.append({"name": name, "score": settled.scores[seat], "marks": marks,
                    "winner": settled.winner == seat,
                    "dealer": settled.next is not None and settled.next.dealer == seat})
    return out


def race_chart(settled: SettledSheet, lang: str) -> Any:
    sheet = settled.sheet
    start = sheet.start_scores or (0,) * len(sheet.players)
    series = [charts.Series(name, [start[seat]] + [d.result.scores[seat] for d in
                                                   settled.deals])
              for seat, name in enumerate(sheet.players)]
    rules = [(sheet.rules.goal, say("goal_line", lang, goal=sheet.rules.goal))]
    if sheet.rules.barrier is not None:
        rules.append((sheet.rules.barrier, say("barrier_line", lang, n=sheet.rules.barrier)))
    if sheet.rules.barrel is not None:
        rules.append((sheet.rules.barrel.at, f"{say('on_barrel', lang, n='')}".rstrip(": ")
                      + f" {sheet.rules.barrel.at}"))
    title = say("score_race", lang, goal=sheet.rules.goal)
    desc = "; ".join(f"{s.name}: {s.values[-1]}" for s in series)
    labels = [str(i) for i in range(len(settled.deals) + 1)]
    return charts.score_race("race", title, desc, series, rules, labels)


def next_form(kept: K.Kept) -> DealForm | None:
    nxt = kept.settled.next
    if nxt is None:
        return None
    return DealForm.of(kept.sheet.rules, kept.sheet.players, nxt.number, nxt.dealer)


def deal_form(kept: K.Kept, at: int) -> DealForm:
    d = kept.settled.deals[at]
    return DealForm.of(kept.sheet.rules, kept.sheet.players, at + 1, d.result.dealer)


def blank_entry(form: DealForm) -> Entry:
    """The form of a new deal: the contract starts at 100."""
    entry = read_entry(form, {"contract": ["100"]})
    entry.errors.clear()
    return entry


@sheet_route
async def sheet_page(request: Request, _v: Visitor, group: Q.GroupRow,
                     kept: K.Kept) -> Response:
    form = next_form(kept)
    return await _sheet(request, group, kept, form, blank_entry(form) if form else None, {},
                        200)


async def _sheet(request: Request, group: Q.GroupRow, kept: K.Kept, form: DealForm | None,
                 entry: Entry | None, errors: dict[str, str], status: int) -> Response:
    lang = lang_of(request)
    settled = kept.settled
    last = await K.last_change(node_of(request).store, kept)
    flash = flash_of(request.query_params, lang)
    return await render(
        request, "sheet.html", status, group=group, kept=kept, settled=settled,
        names=settled.sheet.players, rows=sheet_rows(settled, lang),
        standing=standing(settled, lang), form=form, entry=entry, errors=errors,
        flash=flash, last=last, chart=race_chart(settled, lang) if settled.deals else None,
        rules_line=f"{settled.sheet.rules.preset_name}, "
                   f"{say('to_goal', lang, goal=settled.sheet.rules.goal)}",
        rules_options=rules_text(settled.sheet.rules).split(" ")[1:],
        status_lines=status_lines(settled, lang, with_next=form is None), suits=SUITS,
        musik_cards=MUSIK_CARDS)


SUITS = (("H", "♥", True), ("D", "♦", True), ("C", "♣", False), ("S", "♠", False))
#: The 24 cards for the musik's buttons, by suit: (code, shown, red).
MUSIK_CARDS = [[(r + s, ("10" if r == "T" else r) + sym, red) for r in "AKQJT9"]
               for s, sym, red in SUITS]


def _errors_of(entry: Entry, lang: str) -> dict[str, str]:
    return {k: v[0 if lang == "pl" else 1] for k, v in entry.errors.items()}


def _refused(e: SheetError, lang: str) -> dict[str, str]:
    return {e.field or "form": e.message(lang)}


async def _posted_deal(request: Request, kept: K.Kept, form: DealForm
                       ) -> tuple[Entry, dict[str, str]]:
    """The deal a form sent and what is wrong with it: its fields, the CSRF token,
    and the sheet's version it was made from (a second phone's old page)."""
    lang = lang_of(request)
    form_data, ok = await _form(request)
    entry = read_entry(form, _fields(form_data))
    errors = _errors_of(entry, lang)
    if not ok:
        errors["form"] = "err_csrf"
    elif str(form_data.get("version")) != str(kept.row.version):
        errors["form"] = K.Stale().message(lang)
    return entry, errors


@sheet_route
async def add_deal(request: Request, v: Visitor, group: Q.GroupRow,
                   kept: K.Kept) -> Response:
    form = next_form(kept)
    if form is None:
        return await _sheet(request, group, kept, None, None,
                            {"form": say("game_over", lang_of(request))}, 409)
    entry, errors = await _posted_deal(request, kept, form)
    if errors or entry.deal is None:
        return await _sheet(request, group, kept, form, entry, errors, 400)
    assert v.user is not None
    try:
        kept = await K.add_deal(node_of(request).store, kept, entry.deal, v.user.id)
    except SheetError as e:
        return await _sheet(request, group, kept, form, entry,
                            _refused(e, lang_of(request)), 400)
    return RedirectResponse(f"/sheets/{kept.id}?done=saved&n={form.number}", 303)


@sheet_route
async def edit_deal(request: Request, v: Visitor, group: Q.GroupRow,
                    kept: K.Kept) -> Response:
    at = request.path_params["n"] - 1
    if not 0 <= at < len(kept.settled.deals):
        return await render(request, "error.html", 404, message="not_found")
    form = deal_form(kept, at)
    if request.method == "GET":
        entry = read_entry(form, fields_of(kept.sheet.deals[at], len(kept.sheet.players)))
        return await _edit(request, group, kept, form, entry, {}, 200)
    entry, errors = await _posted_deal(request, kept, form)
    if errors or entry.deal is None:
        return await _edit(request, group, kept, form, entry, errors, 400)
    assert v.user is not None
    try:
        kept = await K.edit_deal(node_of(request).store, kept, at, entry.deal, v.user.id)
    except SheetError as e:
        return await _edit(request, group, kept, form, entry, _refused(e, lang_of(request)),
                           400)
    return RedirectResponse(f"/sheets/{kept.id}?done=fixed&n={at + 1}#deal-{at + 1}", 303)


async def _edit(request: Request, group: Q.GroupRow, kept: K.Kept, form: DealForm,
                entry: Entry, errors: dict[str, str], status: int) -> Response:
    return await render(request, "sheet_deal.html", status, group=group, kept=kept, form=form,
                        entry=entry, errors=errors, names=kept.sheet.players, suits=SUITS,
                        musik_cards=MUSIK_CARDS,
                        last_deal=form.number == len(kept.sheet.deals))


@sheet_route
async def delete_deal(request: Request, v: Visitor, group: Q.GroupRow,
                      kept: K.Kept) -> Response:
    form_data, ok = await _form(request)
    n = request.path_params["n"]
    if not ok or n != len(kept.sheet.deals) or \
            str(form_data.get("version")) != str(kept.row.version):
        return RedirectResponse(f"/sheets/{kept.id}", 303)
    assert v.user is not None
    try:
        kept = await K.delete_last(node_of(request).store, kept, v.user.id)
    except SheetError:
        return RedirectResponse(f"/sheets/{kept.id}", 303)
    return RedirectResponse(f"/sheets/{kept.id}?done=deleted&n={n}", 303)


@sheet_route
async def undo(request: Request, _v: Visitor, group: Q.GroupRow,
               kept: K.Kept) -> Response:
    lang = lang_of(request)
    form_data, ok = await _form(request)
    form = next_form(kept)
    entry = blank_entry(form) if form else None
    if not ok:
        return await _sheet(request, group, kept, form, entry, {"form": "err_csrf"}, 400)
    if str(form_data.get("version")) != str(kept.row.version):
        return await _sheet(request, group, kept, form, entry,
                            {"form": K.Stale().message(lang)}, 409)
    try:
        kept = await K.undo(node_of(request).store, kept)
    except SheetError as e:
        return await _sheet(request, group, kept, form, entry, {"form": e.message(lang)}, 409)
    return RedirectResponse(f"/sheets/{kept.id}?done=undone&n={len(kept.sheet.deals)}", 303)


# --- export and import ------------------------------------------------------------------------

@sheet_route
async def export(request: Request, _v: Visitor, group: Q.GroupRow,
                 kept: K.Kept) -> Response:
    form = EXPORTS.get(request.path_params["kind"])
    if form is None:
        return await render(request, "error.html", 404, message="not_found")
    body = write_sheet(kept.settled, form, {"sheet": {"id": kept.id, "group": group.name}})
    media, ext = FORMS[form]
    return Response(body, media_type=media, headers={
        "Content-Disposition": f'attachment; filename="tysiac-sheet-{kept.id}.{ext}"'})


#: The export paths of a sheet and the form each writes.
EXPORTS = {"record.json": "json", "record.txt": "text", "sheet.csv": "csv"}


async def import_sheet(request: Request) -> Response:
    mine = await _my_groups(request)
    if isinstance(mine, Response):
        return mine
    user, groups = mine
    store = node_of(request).store
    lang = lang_of(request)
    wanted = request.query_params.get("group", "")
    values = {"group": wanted or (str(groups[0].id) if groups else "new"), "group_name": "",
              "text": ""}
    if request.method == "GET":
        return await render(request, "sheet_import.html", groups=groups, values=values,
                            errors={}, limit_kb=UPLOAD_LIMIT // 1024)
    try:
        form = await read_form(request, UPLOAD_LIMIT, 20)
    except Unreadable as e:
        message = say("err_upload_size", lang, n=UPLOAD_LIMIT // 1024) if e.too_big \
            else say("err_upload_none", lang)
        return await render(request, "sheet_import.html", 413 if e.too_big else 400,
                            groups=groups, values=values, errors={"file": message},
                            limit_kb=UPLOAD_LIMIT // 1024)
    errors: dict[str, str] = {}
    values = {"group": str(form.get("group", "")), "text": str(form.get("text", ""))[:200_000],
              "group_name": " ".join(str(form.get("group_name", "")).split())[:60]}
    upload = form.get("file")
    data = b""
    if upload is not None and not isinstance(upload, str):
        data = await upload.read()
    if not data.strip():
        data = values["text"].encode("utf-8", "replace")
    group, group_name = _chosen_group(values, groups, lang, errors)
    if not csrf_ok(await visitor(request, store), form.get("csrf")):
        errors["form"] = "err_csrf"
    elif not data.strip():
        errors["file"] = say("err_upload_none", lang)
    sheet = None
    unfinished = False
    if not errors:
        try:
            sheet, unfinished = read_sheet(data, group.rules if group else None)
            K.check_names(sheet.players, sheet.rules)
        except SheetError as e:
            errors["file"] = e.message(lang)
    if errors or sheet is None:
        return await render(request, "sheet_import.html", 400, groups=groups, values=values,
                            errors=errors, limit_kb=UPLOAD_LIMIT // 1024)
    group = await _group_or_new(request, group, group_name, user, sheet.rules)
    try:
        sheet_id = await K.new_sheet(store, group.id, sheet.players, sheet.rules,
                                     sheet.first_dealer, sheet.start_scores, sheet.deals,
                                     house_rules=False)
    except SheetError as e:
        return await render(request, "sheet_import.html", 400, groups=groups, values=values,
                            errors={"file": e.message(lang)}, limit_kb=UPLOAD_LIMIT // 1024)
    note = "&unfinished=1" if unfinished else ""
    return RedirectResponse(f"/sheets/{sheet_id}?done=imported&n={len(sheet.deals)}{note}",
                            303)


def flash_of(query: Mapping[str, str], lang: str) -> str:
    done, n = query.get("done", ""), query.get("n", "")
    if not n.isdigit() or done not in ("saved", "fixed", "deleted", "undone", "imported"):
        return ""
    text = say(done, lang, n=n)
    if done == "imported" and query.get("unfinished"):
        text += " " + say("import_unfinished", lang)
    return text


routes = [
    Route("/sheets", sheets_home),
    Route("/sheets/new", new_sheet, methods=["GET", "POST"]),
    Route("/sheets/import", import_sheet, methods=["GET", "POST"]),
    Route("/sheets/{id:int}", sheet_page),
    Route("/sheets/{id:int}/deal", add_deal, methods=["POST"]),
    Route("/sheets/{id:int}/deal/{n:int}", edit_deal, methods=["GET", "POST"]),
    Route("/sheets/{id:int}/deal/{n:int}/delete", delete_deal, methods=["POST"]),
    Route("/sheets/{id:int}/undo", undo, methods=["POST"]),
    Route("/sheets/{id:int}/{kind}", export),
]
