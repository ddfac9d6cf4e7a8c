"""The arbiter on the web: a record pasted, uploaded or built in the form gets the
verdict of ``tysiac arbiter`` (the same JSON for the golden files and every fuzz
regression), with the rule linked to the rules page; every bad input class gets a
message next to its field in the visitor's language, never a 500; the limits hold;
the judging runs off the event loop."""

from __future__ import annotations

import asyncio
import html
import json
import re
import threading
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac import Rules
from tysiac.arbiter import judge_bytes
from tysiac.cards import card_str
from tysiac.cli.main import main
from tysiac.engine.errors import RULE_IDS
from tysiac.record import dumps, notation, read_record, to_record
from tysiac.record.limits import MAX_RECORD_BYTES
from tysiac.rules import OPTION_IDS
from tysiac.server import arbiter_page, judging
from tysiac.server.arbiter_texts import RULE_TITLES, TEXTS
from tysiac.server.i18n import TEXTS as ALL_TEXTS

from ..randomgames import random_game
from .helpers import Browser

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = sorted((ROOT / "golden").glob("*.json"))
FUZZ = sorted((ROOT / "fuzz_regressions").glob("*.input"))
MUST_BEAT = (ROOT / "golden" / "must-beat-mistake.json").read_text()
HYPO = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]] | None = None
              ) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    out = []
    for name, value in fields.items():
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                   .encode() + value.encode() + b"\r\n")
    for name, (filename, data) in (files or {}).items():
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                   f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
                   .encode() + data + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


def send(b: Browser, path: str, body: bytes, content_type: str) -> tuple[int, str, Any]:
    """A raw POST with the browser's cookies: (status, body text, headers)."""
    req = urllib.request.Request(b.base + path, data=body, headers={
        "Content-Type": content_type,
        "Cookie": "; ".join(f"{k}={v}" for k, v in b.cookies.items())})
    try:
        resp = urllib.request.urlopen(req, timeout=30)
        return resp.status, resp.read().decode(), resp.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers


class Arbiter:
    """A visitor of the arbiter page (with the page's CSRF token)."""

    def __init__(self, base: str, lang: str = "pl") -> None:
        self.b = Browser(base)
        if lang == "en":
            self.b.request("/lang/en?next=/arbiter")
        self.token = self.b.csrf("/arbiter")

    def post(self, path: str, fields: dict[str, str] | None = None,
             files: dict[str, tuple[str, bytes]] | None = None, csrf: bool = True
             ) -> tuple[int, str, Any]:
        body, ctype = multipart({**({"csrf": self.token} if csrf else {}), **(fields or {})},
                                files)
        return send(self.b, path, body, ctype)

    def paste(self, text: str, path: str = "/arbiter") -> tuple[int, str]:
        status, body, _ = self.post(f"{path}?source=paste", {"record": text})
        return status, body

    def upload(self, data: bytes, path: str = "/arbiter") -> tuple[int, str]:
        status, body, _ = self.post(f"{path}?source=upload", files={"file": ("r.json", data)})
        return status, body

    def form(self, fields: dict[str, str], path: str = "/arbiter") -> tuple[int, str]:
        status, body, _ = self.post(f"{path}?source=form", fields)
        return status, body

    def verdict(self, source: str, **kw: Any) -> dict[str, Any]:
        if source == "upload":
            status, body, _ = self.post("/arbiter/verdict.json?source=upload",
                                        files={"file": ("r", kw["data"])})
        elif source == "paste":
            status, body, _ = self.post("/arbiter/verdict.json?source=paste",
                                        {"record": kw["text"]})
        else:
            status, body, _ = self.post("/arbiter/verdict.json?source=form", kw["fields"])
        result: dict[str, Any] = json.loads(body)
        result["http"] = status
        return result


def cli(capsys: pytest.CaptureFixture[str], path: Path, lang: str) -> tuple[int, dict[str, Any]]:
    status = main(["arbiter", str(path), "--lang", lang])
    out = capsys.readouterr().out
    verdict, _ = json.JSONDecoder().raw_decode(out)
    return status, verdict


def page_verdict(page: str) -> dict[str, Any]:
    m = re.search(r'<pre id="verdict-json">(.*?)</pre>', page, re.S)
    assert m, "no verdict JSON on the page"
    result: dict[str, Any] = json.loads(html.unescape(m.group(1)))
    return result


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def field_error(page: str, name: str) -> str | None:
    m = re.search(rf'<p class="error" id="{name}-error" role="alert">(.*?)</p>', page, re.S)
    return text_of(m.group(1)).strip() if m else None


# --- agreement with tysiac arbiter ---------------------------------------------------

@pytest.mark.parametrize("path", GOLDEN + FUZZ, ids=lambda p: p.name)
def test_the_page_gives_the_verdict_of_the_cli(server, capsys, path):
    data = path.read_bytes()
    for lang in ("pl", "en"):
        a = Arbiter(server.base, lang)
        status, verdict = cli(capsys, path, lang)
        got = a.verdict("upload", data=data)
        assert (got["status"], got["verdict"]) == (status, verdict), lang
        code, page = a.upload(data)
        assert code == (400 if status == 2 else 200)
        assert page_verdict(page) == verdict
        if status == 2:                     # not a record: said next to the field
            assert field_error(page, "file").startswith(verdict["error"]["message"])
        else:
            assert f'href="/rules#rule-{verdict["error"]["rule"]}"' in page \
                if verdict["error"] else "✓" in page
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    if text.strip() and "\r" not in text:
        # Pasted, the same text gives the same verdict.
        status, verdict = cli(capsys, path, "pl")
        got = Arbiter(server.base).verdict("paste", text=text)
        assert (got["status"], got["verdict"]) == (status, verdict)


def test_a_pasted_record_with_an_illegal_card_names_the_rule(server):
    a = Arbiter(server.base)
    status, page = a.paste(MUST_BEAT)
    assert status == 200
    text = text_of(page)
    assert "Zapis niezgodny z zasadami" in text
    assert "must_beat — Trzeba przebić w kolorze" in text
    assert "Bartek ma K♥ i musi przebić D♥" in text
    assert "Rozdanie 1, ruch 8 · Bartek: 9♥" in text
    assert 'href="/rules#rule-must_beat"' in page
    # The account of --explain, its error line's rule linked too.
    assert "Licytacja: Ania 100 (obowiązkowe), Bartek 110" in text
    assert '<a href="/rules#rule-must_beat">must_beat</a>' in page
    # The record stays in the field, to fix it and judge again.
    assert html.unescape(re.search(r'<textarea id="record"[^>]*>(.*?)</textarea>', page,
                                   re.S).group(1)) == MUST_BEAT
    en = Arbiter(server.base, "en")
    text = text_of(en.paste(MUST_BEAT)[1])
    assert "Bartek has K♥ and must beat Q♥" in text and "Must beat in the suit" in text


def test_a_valid_game_shows_the_deals_the_scores_and_the_next_moves(server):
    a = Arbiter(server.base, "en")
    record = (ROOT / "golden" / "full-deal-pl3.json").read_text()
    status, page = a.paste(record)
    assert status == 200
    text = text_of(page)
    verdict = page_verdict(page)
    assert "The record follows the rules" in text
    for d in verdict["deals"]:
        assert " = ".join(("", str(d["scores"][0]))) in text
    status, page = a.paste((ROOT / "golden" / "sheet-examples.json").read_text())
    text = text_of(page)
    assert "bomb (100)" in text and "152 → +140 = 140" in text
    # A deal in progress: who acts and what they may do.
    rec = json.loads(MUST_BEAT)
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:7]
    page = a.paste(json.dumps(rec))[1]
    assert "Bartek to act (the play). Allowed:" in text_of(page)
    assert "K♥" in re.search(r'<ul class="legal">(.*?)</ul>', page, re.S).group(1)


# --- bad input ----------------------------------------------------------------------

@HYPO
@given(text=st.text(max_size=300))
def test_any_pasted_text_gets_the_cli_verdict_or_a_message_at_the_field(server, text):
    a = Arbiter(server.base)
    status, page = a.paste(text)
    assert status in (200, 400)
    if not text.strip():
        assert field_error(page, "record") == "Wklej zapis partii."
        return
    want, code, _ = judge_bytes(text, "pl")          # multipart carries the text as it is
    assert page_verdict(page) == want
    if code == 2:
        assert field_error(page, "record").startswith(want["error"]["message"])


@HYPO
@given(data=st.binary(max_size=400))
def test_any_uploaded_bytes_get_the_cli_verdict(server, data):
    a = Arbiter(server.base, "en")
    got = a.verdict("upload", data=data)
    want, code, _ = judge_bytes(data, "en")
    assert (got["verdict"], got["status"]) == (want, code)


def test_non_utf8_and_malformed_uploads_say_so_next_to_the_field(server):
    for lang, words in (("pl", "To nie jest tekst UTF-8: bajt 0xff na pozycji 2"),
                        ("en", "not UTF-8 text: byte 0xff at position 2")):
        status, page = Arbiter(server.base, lang).upload(b'{"\xff')
        assert status == 400 and field_error(page, "file").startswith(words)
        assert 'href="/rules#rule-bad_record"' in page
    status, page = Arbiter(server.base).upload(b'{"format": "tysiac-record/1", "players": 3}')
    assert status == 400 and "players" in field_error(page, "file")
    status, page = Arbiter(server.base, "en").post("/arbiter?source=upload")[:2]
    assert status == 400 and field_error(page, "file") == "Choose a record file."


def test_an_upload_over_the_limit_is_refused_as_the_cli_refuses_it(server, tmp_path, capsys):
    a = Arbiter(server.base, "en")
    over = b" " * (MAX_RECORD_BYTES + 1)
    (tmp_path / "big.json").write_bytes(over + b" " * 1000)
    status, verdict = cli(capsys, tmp_path / "big.json", "en")
    got = a.verdict("upload", data=over + b" " * 1000)
    assert (got["status"], got["verdict"]) == (status, verdict) and status == 2
    # A body over what the page reads at all: the message, not a broken connection.
    status, page = a.upload(b"x" * (arbiter_page.BODY_CAP + 10))
    assert status == 400
    assert field_error(page, "file") == \
        f"The file is too big: a record has at most {MAX_RECORD_BYTES:,} bytes."


def test_forms_without_their_token_or_unreadable_are_refused_with_a_message(server):
    a = Arbiter(server.base)
    status, page, _ = a.post("/arbiter?source=paste", {"record": MUST_BEAT}, csrf=False)
    assert status == 400 and "Formularz wygasł" in text_of(page)
    assert 'id="verdict-json"' not in page                    # nothing judged
    status, body, _ = a.post("/arbiter/verdict.json?source=paste", {"record": MUST_BEAT},
                             csrf=False)
    assert status == 400 and json.loads(body)["status"] is None
    status, page, _ = send(a.b, "/arbiter?source=paste", b"--x\r\nnonsense",
                           "multipart/form-data")                      # no boundary
    assert status == 400 and field_error(page, "record") == \
        "Nie udało się odczytać formularza: wyślij go jeszcze raz."
    status, page, _ = send(a.b, "/arbiter?source=upload", b"--x\r\nnonsense",
                           "multipart/form-data; boundary=x")
    assert status == 400 and "Formularz wygasł" in text_of(page)
    status, page, _ = send(a.b, "/arbiter?source=paste", b"\xff\xfe", "application/weird")
    assert status == 400


def test_a_busy_arbiter_says_so(server):
    a = Arbiter(server.base, "en")
    server.app.state.arbiter_gate = [asyncio.Semaphore(1), arbiter_page.WAITING]
    status, page = a.paste(MUST_BEAT)
    assert status == 400 and field_error(page, "record") == "The arbiter is busy: try again " \
        "in a moment."
    server.app.state.arbiter_gate[1] = 0
    assert a.paste(MUST_BEAT)[0] == 200


def test_a_failing_worker_pool_gets_a_message_not_a_500(server, monkeypatch):
    async def broken(*args: Any) -> Any:
        raise RuntimeError("the pool is gone")

    monkeypatch.setattr(server.node.bots, "run", broken)
    a = Arbiter(server.base, "en")
    for path in ("/arbiter", "/arbiter/download", "/arbiter/replay"):
        status, page = a.paste(MUST_BEAT, path)
        assert status == 400 and field_error(page, "record") == "The arbiter is busy: try " \
            "again in a moment.", path
    got = a.verdict("paste", text=MUST_BEAT)
    assert got["http"] == 400 and got["errors"] == {"record": "The arbiter is busy: try again "
                                                    "in a moment."}


def test_judging_runs_off_the_event_loop(server, monkeypatch):
    threads: list[threading.Thread] = []
    real = judging.judge_record

    def spy(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return real(*args)

    monkeypatch.setattr(judging, "judge_record", spy)
    assert Arbiter(server.base).paste(MUST_BEAT)[0] == 200
    assert threads and server.thread not in threads


# --- the form ----------------------------------------------------------------------

def form_of(record_text: str) -> dict[str, str]:
    """The form's fields for the last deal of a record (as a person would fill them)."""
    record = read_record(record_text)
    deal = record.deals[-1]
    d = record.rules.to_dict()
    fields = {"preset": d.pop("preset"),
              "options": "\n".join(f"{k}={json.dumps(v)}" for k, v in d.items()),
              "dealer": str(record.first_dealer)}
    for i, name in enumerate(record.players):
        fields[f"name{i}"] = name
    for i, hand in enumerate(deal.hands):
        fields[f"hand{i}"] = " ".join(card_str(c) for c in hand)
    for i, m in enumerate(deal.musik):
        fields[f"musik{i}"] = " ".join(card_str(c) for c in m)
    fields["stock"] = " ".join(card_str(c) for c in deal.stock)
    if record.start_scores:
        fields.update({f"score{i}": str(s) for i, s in enumerate(record.start_scores)})
    lines = notation.write(record).split("\n")
    fields["moves"] = "\n".join(line for line in lines[lines.index("{deal}") + 1:]
                                if not line.startswith(("hands:", "musik:", "stock:")))
    return fields


def test_a_deal_built_in_the_form_gets_the_verdict_of_its_record(server):
    a = Arbiter(server.base)
    fields = form_of(MUST_BEAT)
    got = a.verdict("form", fields=fields)
    want, status, _ = judge_bytes(MUST_BEAT, "pl")
    assert (got["status"], got["verdict"]) == (status, want)
    assert got["position"]["moves"][-1] == "Bartek: 9♥"
    status, page = a.form(fields)
    assert status == 200 and 'href="/rules#rule-must_beat"' in page
    # The form keeps what was entered.
    assert 'value="KH 9H AD TD KD JD QS"' in page


BAD_FORMS = [
    ("hand1", {"hand1": "KH 9H AD TD KD JD QS QS"}, "D♠ drugi raz", "Q♠ twice"),
    ("hand2", {"hand2": "AC TC KC QC JC KS AH"}, "A♥ drugi raz: jest już w ręce: Ania",
     "A♥ twice: it is in Ania's hand already"),
    ("hand0", {"hand0": "AH TH QH AS TS 9D"}, "6 z 7 kart", "6 of 7 cards"),
    ("musik0", {"musik0": "QD JS"}, "2 z 3 kart", "2 of 3 cards"),
    ("hand1", {"hand1": "KH 9H AD TD KD JD XX"}, "„XX” to nie karta", "'XX' is not a card"),
    ("hand3", {"hand3": "9C"}, "Przy tym stole to pole zostaje puste",
     "this table leaves this field empty"),
    ("options", {"options": "bid_step=7"}, "zła wartość 7 opcji 'bid_step'",
     "bad value 7 for rule option 'bid_step'"),
    ("preset", {"preset": "pl-9"}, "Nie ma zestawu zasad 'pl-9'", "there is no preset 'pl-9'"),
    ("score1", {"score1": "dużo"}, "Wynik to liczba całkowita", "a score is a whole number"),
    ("dealer", {"dealer": "7"}, "Miejsce od 1 do 3", "a seat from 1 to 3"),
    ("name0", {"name0": "A" * 30}, "Imię ma najwyżej 20 znaków",
     "a name has at most 20 characters"),
    ("moves", {"moves": "1:110 2:pass\n0:give(9S)"}, "wiersz 2: nieznany ruch",
     "line 2: unknown move"),
    ("moves", {"moves": "1:110 2:pass 0:abc"}, "ruch 3 (0:abc): nieznana karta",
     "move 3 (0:abc): unknown card"),
    ("moves", {"moves": "1:110 " * 4000}, "Najwyżej 20000 znaków", "at most 20000 characters"),
    ("moves", {"moves": "1:pass " * 201}, "Rozdanie ma najwyżej 200 ruchów",
     "a deal has at most 200 moves"),
    ("options", {"options": "x" * 2001}, "Najwyżej 2000 znaków", "at most 2000 characters"),
    ("hand0", {"hand0": "AH " * 200}, "Najwyżej 400 znaków", "at most 400 characters"),
    ("moves", {"moves": "{deal}\nhands: 9H"}, "wiersz 1: ruch to miejsce:ruch",
     "line 1: a move is seat:move"),
]


@pytest.mark.parametrize("key,change,pl,en", BAD_FORMS, ids=[b[0] + str(i) for i, b
                                                             in enumerate(BAD_FORMS)])
def test_a_wrong_field_of_the_form_gets_its_message_next_to_it(server, key, change, pl, en):
    fields = {**form_of(MUST_BEAT), **change}
    for lang, words in (("pl", pl), ("en", en)):
        status, page = Arbiter(server.base, lang).form(fields)
        assert status == 400
        assert (field_error(page, key) or "").startswith(words), (lang, field_error(page, key))
        assert 'id="verdict-json"' not in page
        assert f'value="{html.escape(fields["hand1"], quote=True)}"' in page   # nothing lost


@st.composite
def broken_deals(draw: Any) -> tuple[dict[str, str], str]:
    """A form of a 3-player deal with one thing wrong with its cards, and the field
    that must say so."""
    deck = draw(st.permutations([card_str(c) for c in range(24)]))
    piles = {"hand0": deck[:7], "hand1": deck[7:14], "hand2": deck[14:21], "musik0": deck[21:]}
    keys = list(piles)
    how = draw(st.sampled_from(["twice", "missing", "extra", "junk"]))
    key = draw(st.sampled_from(keys))
    pile = piles[key]
    if how == "twice":
        other = draw(st.sampled_from([k for k in keys if k != key]))
        first, second = sorted((key, other), key=keys.index)
        piles[second] = piles[second] + [piles[first][0]]
        key = second
    elif how == "missing":
        piles[key] = pile[:-1]
    elif how == "extra":
        piles[key] = pile + ["9X"]
    else:
        piles[key] = pile[:-1] + [draw(st.sampled_from(["1H", "QQ", "♥", "10", "KX", "AHH"]))]
    fields = {"preset": "pl-3", "dealer": "0", **{k: " ".join(v) for k, v in piles.items()}}
    return fields, key


@HYPO
@given(case=broken_deals(), lang=st.sampled_from(["pl", "en"]))
def test_impossible_cards_are_refused_at_their_field(server, case, lang):
    fields, key = case
    status, page = Arbiter(server.base, lang).form(fields)
    assert status == 400
    message = field_error(page, key)
    assert message, (key, fields)
    polish = any(w in message for w in ("kart", "drugi raz", "to nie karta"))
    assert polish == (lang == "pl"), message


TABLES = [("pl-3", {}), ("pl-2", {}), ("pl-2", {"two_player_layout": "9+2x3"}),
          ("pl-4", {}), ("pl-4", {"sitting_out": "opposite_dealer"}), ("dobierany", {}),
          ("tournament-3", {"bid_step": 5}), ("pl-2-classic", {"goal": 500})]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_the_form_builds_the_record_of_any_deal(seed, table):
    """A random deal of every table form, entered in the form, judges as its record."""
    game = random_game(Rules.preset(table[0], **table[1]), seed, 1)
    record = to_record(game, ["Ania", "Bartek", "Celina", "Darek"][:game.n])
    assert len(record.deals) == 1
    text = dumps(record)
    fields = form_of(text)
    want, status, _ = judge_bytes(text, "en")
    got = judging.judge_form(fields, "en")
    assert got["errors"] == {}
    assert (got["verdict"], got["status"]) == (want, status)


# --- download and replay -----------------------------------------------------------

def test_a_judged_record_downloads_as_json_and_as_text(server):
    a = Arbiter(server.base)
    status, body, headers = a.post("/arbiter/download?source=paste", {"record": MUST_BEAT})
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    assert body == dumps(read_record(MUST_BEAT))
    status, body, _ = a.post("/arbiter/download?source=paste&fmt=text", {"record": MUST_BEAT})
    assert body == notation.write(read_record(MUST_BEAT))
    status, body, _ = a.post("/arbiter/download?source=form", form_of(MUST_BEAT))
    assert judge_bytes(body, "pl")[0] == judge_bytes(MUST_BEAT, "pl")[0]
    status, page, _ = a.post("/arbiter/download?source=paste", {"record": "[1,2]"})
    assert status == 400 and field_error(page, "record")


def test_a_judged_record_opens_in_the_replay(server):
    a = Arbiter(server.base)
    status, page, _ = a.post("/arbiter/replay?source=paste", {"record": MUST_BEAT})
    assert status == 200 and 'id="replay"' in page and "Odtwórz do błędu" in page
    frames = json.loads(html.unescape(re.search(
        r'<script type="application/json" id="frames">(.*?)</script>', page, re.S).group(1)))
    assert len(frames["deals"][0]) == 8          # the deal, then 7 legal moves
    full = (ROOT / "golden" / "full-deal-pl3.json").read_text()
    status, page, _ = a.post("/arbiter/replay?source=paste", {"record": full})
    assert status == 200 and "Odtwórz do błędu" not in page
    sheet = (ROOT / "golden" / "sheet-examples.json").read_text()
    status, page, _ = a.post("/arbiter/replay?source=paste", {"record": sheet})
    assert status == 400 and "nie ma rozdań z kartami" in field_error(page, "record")


# --- the rules page ------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_rules_page_has_an_anchor_for_every_rule_id_option_and_link(server, lang):
    b = Browser(server.base)
    if lang == "en":
        b.request("/lang/en?next=/rules")
    status, _, page = b.request("/rules")
    assert status == 200
    ids = set(re.findall(r'id="([^"]+)"', page))
    assert {f"rule-{r}" for r in (*RULE_IDS, "internal_error")} <= ids
    assert {f"opt-{o}" for o in OPTION_IDS} <= ids
    for anchor in re.findall(r'href="(?:/rules)?#([^"]+)"', page):
        assert anchor in ids, anchor
    assert ("Zasady gry w tysiąca" if lang == "pl" else "The rules of Tysiąc") in page


def test_every_rule_a_verdict_can_name_has_a_title_in_both_languages():
    assert set(RULE_TITLES) == {*RULE_IDS, "internal_error"}
    assert all(pl and en and pl != en for pl, en in RULE_TITLES.values())
    # Merged into the site's words without replacing any of them.
    assert all(ALL_TEXTS[k] is v for k, v in TEXTS.items())
    assert all(k.startswith(("arb_", "rules_", "nav_")) for k in TEXTS)
