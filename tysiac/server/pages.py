"""The site's pages: the lobby, guests and accounts, a new table, the table, its
record and replay, a player's games. Every form carries a CSRF token; every
error is shown next to its field in the visitor's language."""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import sqlalchemy as sa
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from ..rule_texts import OPTION_TEXTS, option_text, preset_text
from ..rules import PRESETS, Rules, RulesError, parse_option
from . import metrics
from .auth import (
    CSRF_COOKIE,
    GUEST_COOKIE,
    LOGIN_RE,
    PASSWORD_MIN,
    Visitor,
    csrf_ok,
    end_session,
    hash_password,
    set_cookie,
    start_session,
    verify_password,
    visitor,
)
from .i18n import LANGS, client_texts, t
from .node import Node
from .replay import replay_deal_frames
from .table import BOT_LEVELS, MOVE_SECONDS, NAME_LENGTH, Settings

WEB = Path(__file__).resolve().parent.parent / "web"
templates = Jinja2Templates(directory=str(WEB / "templates"))
LANG_COOKIE = "lang"
#: The time limits a host picks from (seconds; 0: none).
MOVE_CHOICES = (0, 15, 30, 60, 120)
#: Default presets by the number of players (seed 003's table for 2 and 3).
DEFAULT_PRESET = {2: "online-2", 3: "online-3", 4: "pl-4"}

def guest_name(request: Request) -> str:
    """The nickname this browser used as a guest before, if any."""
    return unquote(request.cookies.get(GUEST_COOKIE, ""))[:NAME_LENGTH[1]]


def node_of(request: Request) -> Node:
    node: Node = request.app.state.node
    return node


def lang_of(request: Any) -> str:
    lang = request.cookies.get(LANG_COOKIE)
    return str(lang) if lang in LANGS else "pl"     # Polish unless switched


def _safe_next(value: object, default: str = "/") -> str:
    """A local path to go back to (never another site)."""
    if isinstance(value, str) and value.startswith("/") and not value.startswith("//") \
            and "\\" not in value and len(value) < 200:
        return value
    return default


async def render(request: Request, name: str, status: int = 200, **ctx: Any) -> Response:
    v = await visitor(request, node_of(request).store)
    lang = lang_of(request)
    ctx.update(request=request, lang=lang, user=v.user, csrf=v.csrf,
               t=lambda key, **kw: t(key, lang, **kw), path=request.url.path)
    resp = templates.TemplateResponse(request, name, ctx, status_code=status)
    _keep_csrf(resp, request, v)
    return resp


def _keep_csrf(resp: Response, request: Request, v: Visitor) -> None:
    if v.new_csrf:
        set_cookie(resp, request, node_of(request).config.secure_cookies, CSRF_COOKIE, v.csrf,
                   1, strict=True)


async def _form(request: Request) -> tuple[FormData, Visitor, bool]:
    form = await request.form(max_files=0, max_fields=50, max_part_size=64 * 1024)
    v = await visitor(request, node_of(request).store)
    return form, v, csrf_ok(v, form.get("csrf"))


# --- the lobby ---------------------------------------------------------------------

async def lobby(request: Request) -> Response:
    tables = await node_of(request).lobby()
    return await render(request, "lobby.html", tables=tables)


async def lobby_json(request: Request) -> Response:
    return JSONResponse({"tables": await node_of(request).lobby()})


async def set_lang(request: Request) -> Response:
    lang = request.path_params["lang"]
    resp = RedirectResponse(_safe_next(request.query_params.get("next")), 303)
    if lang in LANGS:
        set_cookie(resp, request, node_of(request).config.secure_cookies, LANG_COOKIE, lang,
                   365)
    return resp


# --- guests and accounts --------------------------------------------------------------

async def guest(request: Request) -> Response:
    nxt = _safe_next(request.query_params.get("next"))
    if request.method == "GET":
        return await render(request, "guest.html", next=nxt,
                            nickname=guest_name(request), errors={})
    form, v, ok = await _form(request)
    nxt = _safe_next(form.get("next"))
    name = " ".join(str(form.get("nickname", "")).split())
    errors = {}
    if not ok:
        errors["form"] = "err_csrf"
    elif not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
        errors["nickname"] = "err_nickname"
    if errors:
        return await render(request, "guest.html", 400, next=nxt, nickname=name, errors=errors)
    node = node_of(request)
    resp = RedirectResponse(nxt, 303)
    if v.user is None:
        user = await node.store.create_user(name, time.time())
        await start_session(resp, request, node.store, user, node.config.secure_cookies)
    # Cookies hold ASCII: the name (Śpioch, Żaneta) is kept URL-encoded.
    set_cookie(resp, request, node.config.secure_cookies, GUEST_COOKIE, quote(name), 365)
    return resp


async def login(request: Request) -> Response:
    nxt = _safe_next(request.query_params.get("next"))
    if request.method == "GET":
        return await render(request, "login.html", next=nxt, login="", errors={})
    form, v, ok = await _form(request)
    nxt = _safe_next(form.get("next"))
    login_name = str(form.get("login", "")).strip().lower()[:40]
    password = str(form.get("password", ""))
    address = request.client.host if request.client else "?"
    login_limit = node_of(request).login_limit
    errors: dict[str, str] = {}
    wait = max(login_limit.wait(f"ip:{address}"), login_limit.wait(f"login:{login_name}"))
    store = node_of(request).store
    if not ok:
        errors["form"] = "err_csrf"
    elif wait > 0:
        return await render(request, "login.html", 429, next=nxt, login=login_name,
                            errors={"form": "err_rate"}, wait=int(wait) + 1)
    else:
        user = await store.user_by_login(login_name)
        if user is None or not verify_password(user.password_hash, password):
            login_limit.hit(f"ip:{address}")
            login_limit.hit(f"login:{login_name}")
            errors["form"] = "err_credentials"
        else:
            login_limit.clear(f"login:{login_name}")
            resp = RedirectResponse(nxt, 303)
            await start_session(resp, request, store, user, node_of(request).config.secure_cookies)
            return resp
    return await render(request, "login.html", 400, next=nxt, login=login_name, errors=errors)


def _account_errors(form: FormData) -> tuple[dict[str, str], str, str, str]:
    login_name = str(form.get("login", "")).strip().lower()
    name = " ".join(str(form.get("nickname", "")).split())
    password = str(form.get("password", ""))
    errors = {}
    if not LOGIN_RE.fullmatch(login_name):
        errors["login"] = "err_login"
    if not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
        errors["nickname"] = "err_nickname"
    if len(password) < PASSWORD_MIN:
        errors["password"] = "err_password"
    elif password != form.get("password2"):
        errors["password2"] = "err_password2"
    return errors, login_name, name, password


async def register(request: Request) -> Response:
    """A new account, or (for a guest) the guest made an account with its games."""
    node = node_of(request)
    v = await visitor(request, node.store)
    nxt = _safe_next(request.query_params.get("next"))
    guest_user = v.user if v.user is not None and v.user.guest else None
    if request.method == "GET":
        if v.user is not None and not v.user.guest:
            return RedirectResponse("/account", 303)
        return await render(request, "register.html", next=nxt, login="", errors={},
                            nickname=guest_user.name if guest_user else "", claim=guest_user)
    form, v, ok = await _form(request)
    nxt = _safe_next(form.get("next"))
    errors, login_name, name, password = _account_errors(form)
    if not ok:
        errors = {"form": "err_csrf"}
    if not errors:
        hashed = hash_password(password)
        resp = RedirectResponse(nxt, 303)
        if guest_user is not None:
            if await node.store.claim(guest_user.id, login_name, name, hashed):
                return resp
        else:
            try:
                user = await node.store.create_user(name, time.time(), login_name, hashed)
            except sa.exc.IntegrityError:
                pass
            else:
                await start_session(resp, request, node.store, user, node.config.secure_cookies)
                return resp
        errors["login"] = "err_login_taken"
    return await render(request, "register.html", 400, next=nxt, login=login_name, errors=errors,
                        nickname=name, claim=guest_user)


async def logout(request: Request) -> Response:
    form, v, ok = await _form(request)
    resp = RedirectResponse("/", 303)
    if ok:
        await end_session(resp, request, node_of(request).store)
    return resp


async def account(request: Request) -> Response:
    v = await visitor(request, node_of(request).store)
    if v.user is None:
        return RedirectResponse("/login?next=/account", 303)
    if v.user.guest:
        return RedirectResponse("/register", 303)
    return await render(request, "account.html")


# --- a new table ---------------------------------------------------------------------------

def _presets_for(players: int) -> list[str]:
    return [name for name in PRESETS if Rules.preset(name).players == players]


def _table_form(form: Mapping[str, Any] | None) -> dict[str, Any]:
    """The values of the new-table form, defaults where it gives none."""
    f = form or {}
    try:
        players = int(f.get("players", 3))
    except ValueError:
        players = 3
    players = players if players in (2, 3, 4) else 3
    preset = str(f.get("preset") or DEFAULT_PRESET[players])
    return {
        "players": players, "preset": preset, "goal": str(f.get("goal", "1000")),
        "move": str(f.get("move", "0")), "bombs": str(f.get("bombs", "on" if form else "off")),
        "hints": str(f.get("hints", "on" if not form else "off")),
        "private": bool(f.get("private")), "options": str(f.get("options", ""))[:2000],
        "seats": [str(f.get(f"seat{i}", "basic" if i else "host")) for i in range(4)],
    }


def _settings_from(v: dict[str, Any]) -> tuple[Settings, list[str | None]] | dict[str, str]:
    """Settings and the seats' bots from the form's values, or errors by field."""
    errors: dict[str, str] = {}
    if v["preset"] not in PRESETS:
        return {"preset": "err_option"}
    overrides: dict[str, Any] = {}
    try:
        base = Rules.preset(v["preset"])
        if v["goal"] in ("500", "1000"):
            overrides["goal"] = int(v["goal"])
        if v["bombs"] == "off":
            overrides["bombs_per_player"] = 0
        elif base.bombs_per_player == 0:
            overrides["bombs_per_player"] = 1
        for line in v["options"].splitlines():
            if line.strip():
                key, value = parse_option(line)
                overrides[key] = value
        rules = base.with_options(**overrides)
    except RulesError as e:
        return {"options": e.message("pl") + "\n" + e.message("en")}
    move = int(v["move"]) if v["move"].isdigit() else 0
    if move and not MOVE_SECONDS[0] <= move <= MOVE_SECONDS[1]:
        errors["move"] = "err_option"
    n = rules.players
    bots: list[str | None] = [None]
    for i in range(1, n):
        seat = v["seats"][i]
        if seat == "human":
            bots.append(None)
        elif seat in BOT_LEVELS:
            bots.append(seat)
        else:
            errors[f"seat{i}"] = "err_option"
    if errors:
        return errors
    return Settings(rules, move or None, v["hints"] == "on", v["private"]), bots


async def new_table(request: Request) -> Response:
    node = node_of(request)
    v = await visitor(request, node.store)
    if v.user is None:
        return RedirectResponse("/guest?next=/new", 303)
    lang = lang_of(request)
    ctx: dict[str, Any] = {
        "presets": {n: _presets_for(n) for n in (2, 3, 4)}, "levels": BOT_LEVELS,
        "moves": MOVE_CHOICES, "preset_text": lambda p: preset_text(p, lang),
        "option_list": [(o, option_text(o, lang)) for o in OPTION_TEXTS]}
    if request.method == "GET":
        return await render(request, "new.html", values=_table_form(None), errors={}, **ctx)
    form, v, ok = await _form(request)
    values = _table_form(form)
    if not ok:
        return await render(request, "new.html", 400, values=values,
                            errors={"form": "err_csrf"}, **ctx)
    result = _settings_from(values)
    if isinstance(result, dict):
        return await render(request, "new.html", 400, values=values, errors=result, **ctx)
    settings, bots = result
    assert v.user is not None
    table_id = await node.open_table(settings, v.user, bots)
    return RedirectResponse(f"/t/{table_id}", 303)


# --- a table, its record, its replay, a player's games ------------------------------------------

async def table_page(request: Request) -> Response:
    node = node_of(request)
    row = await node.store.table(request.path_params["id"])
    if row is None:
        return await render(request, "error.html", 404, message="no_table")
    lang = lang_of(request)
    return await render(request, "table.html", table_id=row.id, table_status=row.status,
                        nickname=guest_name(request),
                        texts=client_texts(lang))


async def record(request: Request) -> Response:
    row = await node_of(request).store.table(request.path_params["id"])
    if row is None:
        return await render(request, "error.html", 404, message="no_table")
    if row.record is None:
        return await render(request, "error.html", 409, message="record_later")
    return Response(row.record, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="tysiac-{row.id}.json"'})


async def replay(request: Request) -> Response:
    row = await node_of(request).store.table(request.path_params["id"])
    if row is None:
        return await render(request, "error.html", 404, message="no_table")
    if row.record is None:
        return await render(request, "error.html", 409, message="record_later")
    lang = lang_of(request)
    frames = replay_deal_frames(row.record)
    return await render(request, "replay.html", table_id=row.id,
                        frames=frames,
                        texts=client_texts(lang))


async def games(request: Request) -> Response:
    node = node_of(request)
    v = await visitor(request, node.store)
    if v.user is None:
        return RedirectResponse("/guest?next=/me/games", 303)
    rows = await node.store.history(v.user.id)
    return await render(request, "games.html", rows=rows)


async def healthz(request: Request) -> Response:
    """The process answers."""
    return JSONResponse({"ok": True})


async def readyz(request: Request) -> Response:
    """The node can serve tables: started, and (several nodes) on the bus."""
    node = node_of(request)
    ready = node.ready
    return JSONResponse({"ready": ready, "node": node.id, "tables": len(node.hosts)},
                        200 if ready else 503)


async def metrics_page(request: Request) -> Response:
    return Response(metrics.exposition(), media_type="text/plain; version=0.0.4")


async def not_found(request: Request, exc: Exception) -> Response:
    return await render(request, "error.html", 404, message="not_found")


routes = [
    Route("/", lobby),
    Route("/lobby.json", lobby_json),
    Route("/lang/{lang}", set_lang),
    Route("/guest", guest, methods=["GET", "POST"]),
    Route("/login", login, methods=["GET", "POST"]),
    Route("/register", register, methods=["GET", "POST"]),
    Route("/logout", logout, methods=["POST"]),
    Route("/account", account),
    Route("/new", new_table, methods=["GET", "POST"]),
    Route("/t/{id}", table_page),
    Route("/t/{id}/record.json", record),
    Route("/t/{id}/replay", replay),
    Route("/me/games", games),
    Route("/healthz", healthz),
    Route("/readyz", readyz),
    Route("/metrics", metrics_page),
]
