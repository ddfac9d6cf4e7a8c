"""A group's pages: its players, accounts and games, the invite that lets another
account in, and the statistics of the group and of each player — sheets and the
finished online games of its players, with charts and the same figures as tables."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..scoresheet import keeping as K
from ..scoresheet.stats import PlayerStats, Stats
from ..scoresheet.texts import STAT_COLUMNS, say, size_rows, stat_row
from ..storage import sheets as Q
from . import charts
from .auth import Visitor, csrf_ok
from .pages import lang_of, node_of, render
from .sheets import date, group_route, visitor_or_guest


@group_route
async def group_page(request: Request, v: Visitor, group: Q.GroupRow) -> Response:
    store = node_of(request).store
    players = await store.read(Q.q_players, group.id)
    return await render(request, "sheet_group.html", group=group, players=players,
                        members=await store.read(Q.q_members, group.id),
                        sheets=await store.read(Q.q_sheets, group.id), date=date,
                        invite=f"{request.base_url}sheets/join/{group.invite}",
                        me=v.user.id if v.user else None)


@group_route
async def link_me(request: Request, v: Visitor, group: Q.GroupRow) -> Response:
    """"This is me": the visitor's account is this player (or no longer is)."""
    form = await request.form(max_files=0, max_fields=10, max_part_size=1024)
    if csrf_ok(v, form.get("csrf")) and str(form.get("player", "")).isdigit():
        assert v.user is not None
        player = int(str(form.get("player")))
        mine = next((p for p in await node_of(request).store.read(Q.q_players, group.id)
                     if p.id == player and p.user_id == v.user.id), None)
        await node_of(request).store.write(Q.q_link_player, group.id, player,
                                           None if mine else v.user.id)
    return RedirectResponse(f"/sheets/g/{group.id}", 303)


async def join(request: Request) -> Response:
    v = await visitor_or_guest(request)
    if isinstance(v, Response):
        return v
    assert v.user is not None
    store = node_of(request).store
    group = await store.read(Q.q_group_by_invite, request.path_params["invite"][:64])
    if group is None:
        return await render(request, "error.html", 404, message="sh_bad_invite")
    if await store.read(Q.q_is_member, group.id, v.user.id):
        return RedirectResponse(f"/sheets/g/{group.id}", 303)
    if request.method == "POST":
        form = await request.form(max_files=0, max_fields=10, max_part_size=1024)
        if csrf_ok(v, form.get("csrf")):
            await store.write(Q.q_join, group.id, v.user.id, time.time())
            return RedirectResponse(f"/sheets/g/{group.id}", 303)
        return await render(request, "sheet_join.html", 400, group=group,
                            errors={"form": "err_csrf"})
    return await render(request, "sheet_join.html", group=group, errors={})


# --- statistics ------------------------------------------------------------------------

def sizes_chart(uid: str, sizes: dict[int, list[int]], lang: str) -> Any:
    title = say("contract_sizes", lang)
    desc = "; ".join(f"{s}: {m}/{m + f}" for s, (m, f) in sorted(sizes.items()))
    return charts.contract_sizes(uid, title, desc, sizes,
                                 (say("st_made", lang), say("st_failed", lang)))


@group_route
async def group_stats(request: Request, _v: Visitor, group: Q.GroupRow) -> Response:
    lang = lang_of(request)
    stats, _ = await K.group_stats(node_of(request).store, group.id)
    shown = [p for p in stats.players if p.games]
    return await render(
        request, "sheet_stats.html", group=group, stats=stats, shown=shown,
        columns=STAT_COLUMNS, rows=[(p, stat_row(p)) for p in shown],
        h2h=_h2h(stats, shown), sizes=size_rows(stats.contracts),
        sizes_chart=sizes_chart("sizes", stats.contracts, lang) if stats.contracts else None)


def _h2h(stats: Stats, shown: list[PlayerStats]) -> list[tuple[str, list[str]]]:
    return [(a.name, ["·" if a is b else str(stats.head_to_head.get((a.who, b.who), 0))
                      for b in shown]) for a in shown]


@group_route
async def player_stats(request: Request, _v: Visitor, group: Q.GroupRow) -> Response:
    lang = lang_of(request)
    stats, games = await K.group_stats(node_of(request).store, group.id)
    p = stats.player(f"p{request.path_params['player']}")
    if p is None:
        return await render(request, "error.html", 404, message="not_found")
    by_key = {g.key: g for g in games}
    finished = [x for x in p.lines if x.finished]
    lines = []
    for i, x in enumerate(finished, 1):
        g = by_key[x.key]
        kind, _, ident = x.key.partition(":")
        link = f"/sheets/{ident}" if kind == "sheet" else f"/t/{ident}/replay"
        lines.append({"n": i, "when": date(x.when), "score": x.score, "online": x.online,
                      "result": say("won" if x.won else "lost", lang),
                      "players": ", ".join(g.names), "link": link, "preset":
                      g.rules.preset_name})
    goal = max((by_key[x.key].rules.goal for x in finished), default=1000)
    chart = charts.results_over_time(
        "results", say("results_over_time", lang, name=p.name),
        "; ".join(f"{i}: {x.score}" for i, x in enumerate(finished, 1)),
        [charts.Result(str(i), x.score, x.won, x.online) for i, x in enumerate(finished, 1)],
        (goal, say("goal_line", lang, goal=goal)),
        (say("won", lang), say("lost", lang), say("online", lang))) if finished else None
    return await render(
        request, "sheet_player.html", group=group, p=p, columns=STAT_COLUMNS, row=stat_row(p),
        lines=lines, chart=chart, unfinished=len(p.lines) - len(finished),
        sizes=size_rows(p.contracts),
        sizes_chart=sizes_chart("sizes", p.contracts, lang) if p.contracts else None)


routes = [
    Route("/sheets/g/{id:int}", group_page),
    Route("/sheets/g/{id:int}/me", link_me, methods=["POST"]),
    Route("/sheets/g/{id:int}/stats", group_stats),
    Route("/sheets/g/{id:int}/p/{player:int}", player_stats),
    Route("/sheets/join/{invite}", join, methods=["GET", "POST"]),
]
