"""The rules arbiter on the web and the rules page.

``/arbiter`` judges a record pasted, uploaded or built in a form, with the verdict,
the rule and the account of ``tysiac arbiter --explain`` (the same functions, run in
the bots' worker pool, never on the event loop); ``/rules`` shows the rules with an
anchor per section, per rule id and per option, which the verdicts link to.

Every request body is read within :data:`BODY_CAP` (a record's limit and a little
for the form's other fields) before it is parsed; whatever comes in, the answer is
the page with a message next to the field, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..cards import card_display, parse_card
from ..engine.errors import PHASE_NAMES, RULE_IDS
from ..record.errors import INTERNAL_ERROR
from ..record.limits import MAX_RECORD_BYTES
from ..rule_texts import PRESET_SOURCES, option_text, preset_text, source_text
from ..rules import OPTION_IDS, PRESET_NAMES, Rules, allowed_values
from . import judging
from .arbiter_texts import client_texts, rule_title
from .auth import csrf_ok, visitor
from .i18n import client_texts as table_texts
from .i18n import t
from .pages import lang_of, node_of, render
from .uploads import Unreadable, read_form

log = logging.getLogger("tysiac.server")

#: The most a request to the arbiter may carry: a record at its limit and the form.
BODY_CAP = MAX_RECORD_BYTES + 64 * 1024
#: Judgments at once per server process, and how many may wait for their turn.
AT_ONCE, WAITING = 2, 16
SOURCES = ("paste", "upload", "form")
FORM_KEYS = ("preset", "options", "dealer", *(f"name{i}" for i in range(4)),
             *(f"score{i}" for i in range(4)), *judging.CARD_FIELDS, "moves")
_ERROR_LINE = re.compile(r"(\[deal [^\]\n]*, )([a-z_]+)(\])")


class _Busy(Exception):
    """Too many judgments wait already, or the worker pool failed."""


class _Input:
    """What a request to the arbiter brought: where from, the form's fields, the
    record's bytes or text, and an error of the input itself (a field, a message)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.values: dict[str, str] = {}
        self.data: bytes | str | None = None
        self.error: tuple[str, str] | None = None
        self.csrf_ok = False

    @property
    def field(self) -> str:
        return {"paste": "record", "upload": "file"}.get(self.source, "form")

    @property
    def payload(self) -> bytes | str | dict[str, str] | None:
        return self.values if self.source == "form" else self.data


async def _read(request: Request, lang: str) -> _Input:
    source = request.query_params.get("source", "paste")
    inp = _Input(source if source in SOURCES else "paste")
    try:
        form = await read_form(request, BODY_CAP, len(FORM_KEYS) + 8)
    except Unreadable as e:
        inp.error = (inp.field, t("arb_err_too_big", lang, n=f"{MAX_RECORD_BYTES:,}")
                     if e.too_big else t("arb_err_unreadable", lang))
        return inp
    try:
        v = await visitor(request, node_of(request).store)
        inp.csrf_ok = csrf_ok(v, form.get("csrf"))
        for key in ("record", *FORM_KEYS):
            value = form.get(key)
            if isinstance(value, str):
                inp.values[key] = value
        if inp.source == "paste":
            inp.data = inp.values.pop("record", "")
            if not inp.data.strip():
                inp.error = ("record", t("arb_err_no_paste", lang))
        elif inp.source == "upload":
            upload = form.get("file")
            if not isinstance(upload, UploadFile) or not upload.filename:
                inp.error = ("file", t("arb_err_no_file", lang))
            else:
                # As ``tysiac arbiter`` reads a file: one byte over the limit at most.
                inp.data = await upload.read(MAX_RECORD_BYTES + 1)
    finally:
        await form.close()
    if not inp.csrf_ok:
        inp.error = ("form", t("err_csrf", lang))
    return inp


async def _run(request: Request, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in the bots' worker pool, a few at a time."""
    state = request.app.state
    gate = getattr(state, "arbiter_gate", None)
    if gate is None:
        gate = state.arbiter_gate = [asyncio.Semaphore(AT_ONCE), 0]
    if gate[1] >= WAITING:
        raise _Busy
    gate[1] += 1
    try:
        async with gate[0]:
            return await node_of(request).bots.run(fn, *args)
    except Exception as e:                 # a dying worker (the jobs themselves are total)
        log.exception("arbiter: the worker pool failed")
        raise _Busy from e
    finally:
        gate[1] -= 1


async def _judge(request: Request, inp: _Input, lang: str) -> dict[str, Any] | None:
    """The job's result for a readable input; None if the input was refused (its
    error set)."""
    if inp.error is not None:
        return None
    try:
        if inp.source == "form":
            result: dict[str, Any] = await _run(request, judging.judge_form, inp.values, lang)
        else:
            assert inp.data is not None
            result = await _run(request, judging.judge_record, inp.data, lang)
    except _Busy:
        inp.error = (inp.field, t("arb_err_busy", lang))
        return None
    return result


# --- what the page shows -----------------------------------------------------------

def _legal_text(move: int | str, phase: str, lang: str) -> str:
    if isinstance(move, int):
        return t("arb_musik_n", lang, n=move + 1) if phase == "choose_musik" else str(move)
    if move in ("pass", "bomb", "redeal"):
        return t({"pass": "arb_pass", "bomb": "arb_bomb_move", "redeal": "arb_redeal"}[move],
                 lang)
    card = card_display(parse_card(move.rstrip("+")), lang)
    return t("arb_marriage", lang, card=card) if move.endswith("+") else card


def verdict_view(result: dict[str, Any], lang: str) -> dict[str, Any]:
    """The verdict as the page shows it: the headline, the rule and where, each
    settled deal by seat, and what comes next."""
    v, status, names = result["verdict"], result["status"], result["players"]

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "—"

    view: dict[str, Any] = {
        "headline": ("arb_valid", "arb_invalid", "arb_not_record", "arb_internal")[status],
        "status": status, "names": names, "error": None, "deals": [], "end": None,
        "next": None, "json": json.dumps(v, ensure_ascii=False, indent=2),
    }
    error = v.get("error")
    if error:
        deal, action = error.get("deal"), error.get("action")
        where = t("arb_where_action", lang, deal=deal + 1, action=action + 1) \
            if deal is not None and action is not None else \
            t("arb_where_deal", lang, deal=deal + 1) if deal is not None else None
        view["error"] = {"rule": error["rule"], "title": rule_title(error["rule"], lang),
                         "message": error["message"], "where": where,
                         "move": result.get("error_move")}
    for i, d in enumerate(v.get("deals") or []):
        if d["bomb"]:
            contract = f"{t('arb_bomb', lang)} ({d['bid']})"
        elif d["contract"] is None:
            contract = t("arb_draw_deal", lang)
        else:
            contract = str(d["contract"])
        view["deals"].append({
            "no": i + 1, "dealer": name(d["dealer"]), "declarer": name(d["declarer"]),
            "contract": contract,
            "seats": [{"points": d["points"][s], "delta": d["delta"][s],
                       "score": d["scores"][s], "out": d.get("sitting_out") == s}
                      for s in range(len(d["scores"]))],
        })
    if status in (0, 1) and v.get("finished"):
        w = v.get("winner")
        view["end"] = t("arb_draw", lang) if w == "draw" else t("arb_winner", lang, name=name(w))
    elif status == 0 and v.get("next") is None:
        view["end"] = t("arb_between", lang)
    nxt = v.get("next")
    if nxt:
        phase = nxt["phase"]
        view["next"] = {"name": name(nxt["p"]), "phase": PHASE_NAMES[phase][lang != "pl"],
                        "legal": [_legal_text(m, phase, lang) for m in nxt["legal"]]}
    return view


def account_html(account: str) -> Markup:
    """The account with its error line's rule id linked to the rules page."""
    return Markup(_ERROR_LINE.sub(
        lambda m: f'{m.group(1)}<a href="/rules#rule-{m.group(2)}">{m.group(2)}</a>'
                  f"{m.group(3)}" if m.group(2) in (*RULE_IDS, INTERNAL_ERROR) else m.group(0),
        str(escape(account))))


def _form_values(values: Mapping[str, str] | None) -> dict[str, str]:
    v = {key: "" for key in FORM_KEYS}
    v.update(preset="pl-3", dealer="0")
    v.update({k: s for k, s in (values or {}).items() if k in v})
    return v


async def _page(request: Request, inp: _Input | None, result: dict[str, Any] | None,
                status: int = 200) -> Response:
    lang = lang_of(request)
    errors: dict[str, str] = {}
    form = _form_values(inp.values if inp and inp.source == "form" else None)
    record = ""
    if inp is not None:
        if inp.error is not None:
            errors[inp.error[0]] = inp.error[1]
        if isinstance(inp.data, str):
            record = inp.data
        elif isinstance(inp.data, bytes) and len(inp.data) <= MAX_RECORD_BYTES:
            # An upload that is text goes to the paste field: to edit, download, replay.
            try:
                record = inp.data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
            except UnicodeDecodeError:
                record = ""
    view = None
    if result is not None:
        for key, texts in (result.get("errors") or {}).items():
            errors[key] = texts[0 if lang == "pl" else 1]
        if result.get("status") is not None:
            view = verdict_view(result, lang)
            if view["status"] == 2 and inp is not None:
                errors.setdefault(inp.field if inp.source != "form" else "moves",
                                  view["error"]["message"])
    shape = (result or {}).get("shape")
    if shape is None:                   # the table the script starts from
        rules = Rules.preset(form["preset"] if form["preset"] in PRESET_NAMES else "pl-3")
        dealer = int(form["dealer"]) if form["dealer"].isdecimal() else 0
        shape = judging.shape_of(rules, dealer % rules.players)
    opened = inp.source if inp else "paste"
    if inp is not None and inp.source == "upload" and record and (view is None
                                                                    or view["status"] != 2):
        opened = "paste"
    ctx = {
        "opened": opened, "errors": errors, "record": record, "values": form,
        "view": view, "account": account_html(result["account"])
        if result and result.get("account") else None,
        "replayable": bool(result and result.get("replayable")),
        "presets": [(p, preset_text(p, lang), Rules.preset(p).players) for p in PRESET_NAMES],
        "shape": shape, "mb": MAX_RECORD_BYTES // 1_000_000,
        "texts": client_texts(lang),
        "names": (result or {}).get("names") or [judging.default_name(i, lang)
                                                  for i in range(4)],
    }
    return await render(request, "arbiter.html", status, **ctx)


# --- the routes ------------------------------------------------------------------------

async def arbiter(request: Request) -> Response:
    if request.method == "GET":
        return await _page(request, None, None)
    lang = lang_of(request)
    inp = await _read(request, lang)
    result = await _judge(request, inp, lang)
    failed = inp.error is not None or result is None or result.get("status") is None \
        or result["status"] == 2
    return await _page(request, inp, result, 400 if failed else 200)


async def verdict_json(request: Request) -> Response:
    """The page's judging as JSON, for its script: the verdict of ``tysiac arbiter``
    and its status, the account, the errors by field and (for the form) the shape
    of the table and the position reached."""
    lang = lang_of(request)
    inp = await _read(request, lang)
    result = await _judge(request, inp, lang)
    if result is None:
        assert inp.error is not None
        return JSONResponse({"status": None, "errors": {inp.error[0]: inp.error[1]}}, 400)
    result["errors"] = {k: v[0 if lang == "pl" else 1]
                        for k, v in (result.get("errors") or {}).items()}
    return JSONResponse(result)


async def download(request: Request) -> Response:
    lang = lang_of(request)
    inp = await _read(request, lang)
    fmt = "text" if request.query_params.get("fmt") == "text" else "json"
    text = None
    if inp.error is None and inp.payload is not None:
        try:
            text = await _run(request, judging.export, inp.payload, fmt, lang)
        except _Busy:
            inp.error = (inp.field, t("arb_err_busy", lang))
    if text is None:                       # not a record: the page says why
        return await _page(request, inp, await _judge(request, inp, lang), 400)
    name, media = ("tysiac-arbiter.json", "application/json") if fmt == "json" else \
        ("tysiac-arbiter.txt", "text/plain; charset=utf-8")
    return Response(text, media_type=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def replay(request: Request) -> Response:
    lang = lang_of(request)
    inp = await _read(request, lang)
    shown = None
    if inp.error is None and inp.payload is not None:
        try:
            shown = await _run(request, judging.frames, inp.payload, lang)
        except _Busy:
            inp.error = (inp.field, t("arb_err_busy", lang))
    if shown is None:
        result = await _judge(request, inp, lang)
        if inp.error is None and result is not None and result.get("status") in (0, 1):
            inp.error = (inp.field, t("arb_err_no_replay", lang))
        return await _page(request, inp, result, 400)
    return await render(request, "arbiter_replay.html", frames=shown["frames"],
                        cut=shown["cut"], texts=table_texts(lang))


async def rules_page(request: Request) -> Response:
    lang = lang_of(request)
    base = Rules.preset("pl-3").options()
    presets = []
    for p in PRESET_NAMES:
        options = Rules.preset(p).options()
        presets.append({
            "name": p, "text": preset_text(p, lang), "source": PRESET_SOURCES[p],
            "source_text": source_text(PRESET_SOURCES[p], lang),
            "differs": [(k, json.dumps(options[k])) for k in OPTION_IDS if options[k] != base[k]],
        })
    option_rows = [{"id": o, "text": option_text(o, lang), "allowed": allowed_values(o, lang),
                    "default": json.dumps(base[o])} for o in OPTION_IDS]
    rules = [(r, rule_title(r, lang)) for r in (*RULE_IDS, INTERNAL_ERROR)]
    return await render(request, "rules.html", presets=presets, options=option_rows,
                        rule_list=rules, rule_title=lambda r: rule_title(r, lang))


routes = [
    Route("/arbiter", arbiter, methods=["GET", "POST"]),
    Route("/arbiter/verdict.json", verdict_json, methods=["POST"]),
    Route("/arbiter/download", download, methods=["POST"]),
    Route("/arbiter/replay", replay, methods=["POST"]),
    Route("/rules", rules_page),
]
