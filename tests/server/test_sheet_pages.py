"""The score sheet's pages over HTTP, as a browser without JavaScript uses them: a
game started and kept, every field of the deal form wrong (and generated), CSRF and
a sheet changed meanwhile, corrections and undo, another group's sheet refused,
export, import with its limits, statistics whose charts match their tables, and
finished online games counted."""

from __future__ import annotations

import asyncio
import html as H
import re
import secrets
import sqlite3
import urllib.request
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tysiac.arbiter import judge_bytes
from tysiac.record import dumps, to_record
from tysiac.rules import Rules
from tysiac.scoresheet.csv_io import read_csv
from tysiac.storage import Store

from .conftest import fast_config
from .helpers import Browser, ServerThread
from .test_sheet_storage import finished_game

FAMILY = {"group": "new", "group_name": "Rodzina", "player0": "Ania", "player1": "Bartek",
          "player2": "Celina", "player3": "", "preset": "house-3", "goal": "1000",
          "options": "", "first_dealer": "0"}


class Family:
    """A browser keeping a sheet."""

    def __init__(self, base: str, name: str = "Mama") -> None:
        self.b = Browser(base)
        self.b.guest(name)

    def new_game(self, **form: str) -> int:
        status, path, body = self.b.post("/sheets/new", {**FAMILY, **form})
        assert status == 200 and re.fullmatch(r"/sheets/\d+", path), (status, path, body[:500])
        return int(path.rsplit("/", 1)[1])

    def version(self, sheet: int) -> str:
        _, _, body = self.b.request(f"/sheets/{sheet}")
        m = re.search(r'name="version" value="(\d+)"', body)
        assert m
        return m.group(1)

    def add(self, sheet: int, **fields: str | list[str]) -> tuple[int, str]:
        data: dict[str, Any] = {"version": self.version(sheet), **fields}
        status, _, body = self.post(f"/sheets/{sheet}/deal", data, f"/sheets/{sheet}")
        return status, body

    def post(self, path: str, data: dict[str, Any], page: str) -> tuple[int, str, str]:
        token = self.b.csrf(page)
        pairs = [("csrf", token)] + [(k, x) for k, v in data.items()
                                     for x in (v if isinstance(v, list) else [v])]
        return self.b.request(path, pairs)  # type: ignore[arg-type]

    def totals(self, sheet: int) -> list[int]:
        _, _, body = self.b.request(f"/sheets/{sheet}")
        return totals_of(body)


def totals_of(body: str) -> list[int]:
    foot = re.search(r"<tfoot>(.*?)</tfoot>", body, re.S)
    assert foot, "no totals"
    return [int(x) for x in re.findall(r'<td class="total">(-?\d+)</td>', foot.group(1))]


def deals_of(body: str) -> int:
    return len(re.findall(r'<tr id="deal-\d+"', body))


def error_of(body: str, key: str) -> str:
    m = re.search(rf'id="{key}-error" role="alert">([^<]*)<', body)
    return H.unescape(m.group(1)) if m else ""


@pytest.fixture
def family(server: ServerThread) -> Family:
    return Family(server.base)


def test_a_guest_starts_a_game_and_enters_deals(server: ServerThread) -> None:
    b = Browser(server.base)
    status, path, _ = b.request("/sheets")
    assert path == "/guest"                                   # a name first, then back
    f = Family(server.base)
    sheet = f.new_game()
    status, body = f.add(sheet, declarer="1", contract="120", cards0="30", cards2="14",
                         melds1="C")
    assert status == 200 and "Zapisano rozdanie 1." in body
    assert totals_of(body) == [30, 120, 10]
    status, body = f.add(sheet, declarer="2", bomb="1")
    assert totals_of(body) == [90, 180, 10]
    assert "Wpisz rozdanie 3" in body and 'value="100"' in body   # the next deal
    # The group's house rules and players are offered for the next game.
    _, _, body = f.b.request("/sheets/new?group=1")
    assert '<option value="house-3" data-players="3" selected>' in body
    assert 'name="player1" maxlength="20" value="Bartek"' in body
    _, _, body = f.b.request("/sheets")
    assert "Ania, Bartek, Celina" in body and "90 : 180 : 10" in body


def test_the_new_game_form_says_what_is_wrong(family: Family) -> None:
    status, _, body = family.post("/sheets/new", {**FAMILY, "player2": ""}, "/sheets/new")
    assert status == 400 and "wpisz 3 imiona" in error_of(body, "players")
    assert 'value="Bartek"' in body                          # nothing typed is lost
    status, _, body = family.post("/sheets/new", {**FAMILY, "options": "barrier=1000"},
                                  "/sheets/new")
    assert status == 400 and "barrier" in error_of(body, "options")
    status, _, body = family.post("/sheets/new", {**FAMILY, "player1": "ania"}, "/sheets/new")
    assert status == 400 and "innego imienia" in error_of(body, "players")
    status, _, body = family.b.request("/sheets/new", {**FAMILY})       # no CSRF token
    assert status == 400 and "Formularz wygasł" in body
    _, _, body = family.b.request("/sheets")
    assert "Ania, Bartek, Celina" not in body                # nothing was made


FIELD_CASES = [
    ({"contract": "120", "cards0": "30", "cards1": "76"}, "declarer", "Wybierz, kto grał"),
    ({"declarer": "1", "contract": "sto", "cards0": "30", "cards1": "76"}, "contract",
     "liczba"),
    ({"declarer": "1", "contract": "125", "cards0": "30", "cards1": "76"}, "contract",
     "wielokrotnością"),
    ({"declarer": "1", "contract": "110", "bid": "120", "cards0": "30", "cards1": "76"},
     "contract", "niższy niż licytacja"),
    ({"declarer": "1", "contract": "120", "bid": "x", "cards0": "30", "cards1": "76"}, "bid",
     "liczba"),
    ({"declarer": "1", "contract": "120", "cards0": "30"}, "cards", "Wpisz punkty z kart"),
    ({"declarer": "1", "contract": "120", "cards0": "80", "cards1": "76"}, "cards", "156"),
    ({"declarer": "1", "contract": "120", "cards0": "300", "cards1": "76"}, "cards0",
     "od 0 do 120"),
    ({"declarer": "1", "contract": "120", "cards0": "30", "cards1": "76", "cards2": "20"},
     "cards", "126"),
    ({"declarer": "1", "contract": "120", "cards0": "30", "cards1": "76", "melds0": "C",
      "melds1": "C"}, "melds", "raz"),
    ({"declarer": "1", "contract": "120", "cards0": "30", "cards1": "76", "melds1": "Z"},
     "melds1", "kolor"),
]


@pytest.mark.parametrize(("fields", "key", "words"), FIELD_CASES)
def test_a_wrong_field_is_said_next_to_it_and_nothing_is_lost(
        family: Family, fields: dict[str, str], key: str, words: str) -> None:
    sheet = family.new_game()
    family.add(sheet, declarer="1", contract="120", cards0="30", cards2="14", melds1="C")
    status, body = family.add(sheet, **fields)
    assert status == 400 and words in error_of(body, key), (error_of(body, key), body[-3000:])
    assert "nic nie zostało zapisane" in body
    for name, value in fields.items():                       # what was typed is still there
        if name.startswith(("cards", "contract", "bid")):
            assert f'name="{name}"' in body and f'value="{H.escape(value)}"' in body
    assert family.totals(sheet) == [30, 120, 10]              # nothing stored half


def test_a_second_bomb_over_the_limit_is_refused_at_the_bomb(family: Family) -> None:
    sheet = family.new_game()
    family.add(sheet, declarer="1", bomb="1")
    family.add(sheet, declarer="2", contract="100", cards0="10", cards1="10")
    family.add(sheet, declarer="0", contract="100", cards1="10", cards2="10")
    status, body = family.add(sheet, declarer="1", bomb="1")
    assert status == 400 and "wszystkie bomby" in error_of(body, "bomb")


def test_a_form_without_its_token_or_from_an_old_page_stores_nothing(family: Family) -> None:
    sheet = family.new_game()
    status, _, body = family.b.request(f"/sheets/{sheet}/deal", {
        "version": "0", "declarer": "1", "contract": "120", "cards0": "30", "cards1": "76"})
    assert status == 400 and "Formularz wygasł" in body
    family.add(sheet, declarer="1", contract="120", cards0="30", cards1="76", melds1="C")
    status, _, body = family.post(f"/sheets/{sheet}/deal", {      # a second phone, behind
        "version": "0", "declarer": "2", "contract": "100", "cards0": "10", "cards1": "10"},
        f"/sheets/{sheet}")
    assert status == 400 and "Ktoś w międzyczasie zmienił" in body
    assert 'value="10"' in body and family.totals(sheet) == [30, 120, 10]


def test_a_correction_settles_later_deals_and_undo_takes_it_back(family: Family) -> None:
    sheet = family.new_game()
    family.add(sheet, declarer="1", contract="120", cards0="30", cards1="80", melds1="C")
    family.add(sheet, declarer="2", contract="100", cards0="20", cards1="0")
    family.add(sheet, declarer="0", contract="110", cards1="10", cards2="0")
    assert family.totals(sheet) == [160, 130, 110]
    _, _, body = family.b.request(f"/sheets/{sheet}/deal/1")
    assert "Popraw rozdanie 1" in body and 'value="80"' in body
    assert 'name="melds1" value="C" checked' in body
    status, _, body = family.post(f"/sheets/{sheet}/deal/1", {
        "version": family.version(sheet), "declarer": "1", "contract": "120", "cards0": "30",
        "cards1": "50"}, f"/sheets/{sheet}/deal/1")
    assert status == 200 and "Poprawiono rozdanie 1" in body
    assert totals_of(body) == [160, -110, 140]
    assert "Cofnij: poprawka rozdania 1" in body
    status, _, body = family.post(f"/sheets/{sheet}/undo", {"version": family.version(sheet)},
                                  f"/sheets/{sheet}")
    assert status == 200 and totals_of(body) == [160, 130, 110]
    # Delete the last deal (from its correction page), then undo that.
    status, _, body = family.post(f"/sheets/{sheet}/deal/3/delete",
                                  {"version": family.version(sheet)}, f"/sheets/{sheet}/deal/3")
    assert status == 200 and deals_of(body) == 2 and "Usunięto rozdanie 3" in body
    family.post(f"/sheets/{sheet}/undo", {"version": family.version(sheet)}, f"/sheets/{sheet}")
    assert family.totals(sheet) == [160, 130, 110]
    # A correction that would break a later deal is refused whole.
    family.add(sheet, declarer="1", bomb="1")
    status, _, body = family.post(f"/sheets/{sheet}/deal/1", {
        "version": family.version(sheet), "declarer": "1", "bomb": "1"},
        f"/sheets/{sheet}/deal/1")
    assert status == 400 and "rozdanie 4 przestaje się zgadzać" in body
    assert family.totals(sheet) == [220, 130, 170]


def test_a_sheet_of_another_group_is_refused_until_its_invite_is_used(
        server: ServerThread, family: Family) -> None:
    sheet = family.new_game()
    stranger = Family(server.base, "Sąsiad")
    for path in (f"/sheets/{sheet}", f"/sheets/{sheet}/deal/1", "/sheets/g/1",
                 "/sheets/g/1/stats", f"/sheets/{sheet}/record.json"):
        status, _, body = stranger.b.request(path)
        assert status in (403, 404) and "Poproś kogoś z" in body or status == 404, path
    status, _, body = stranger.b.request(f"/sheets/{sheet}/deal", {"declarer": "1"})
    assert status == 403
    status, _, _ = stranger.b.request("/sheets/join/not-an-invite")
    assert status == 404
    _, _, body = family.b.request("/sheets/g/1")
    invite = re.search(r'value="http://[^"]*(/sheets/join/[^"]+)"', body)
    assert invite
    status, _, body = stranger.b.request(invite.group(1))
    assert status == 200 and "Dołącz do grupy Rodzina" in body
    status, path, _ = stranger.post(invite.group(1), {}, invite.group(1))
    assert status == 200 and path == "/sheets/g/1"
    status, body = stranger.add(sheet, declarer="1", contract="100", cards0="10", cards1="100")
    assert status == 200 and totals_of(body) == [10, 100, 10]


def test_export_in_every_form(family: Family) -> None:
    sheet = family.new_game(options="bombs_per_player=2")
    family.add(sheet, declarer="1", contract="120", cards0="30", cards2="14", melds1="C")
    family.add(sheet, declarer="2", bomb="1")
    _, _, record = family.b.request(f"/sheets/{sheet}/record.json")
    verdict, status, _ = judge_bytes(record)
    assert status == 0 and verdict["scores"] == [90, 180, 10]
    _, _, text = family.b.request(f"/sheets/{sheet}/record.txt")
    assert judge_bytes(text)[0]["scores"] == [90, 180, 10]
    _, _, csv = family.b.request(f"/sheets/{sheet}/sheet.csv")
    again = read_csv(csv)
    assert again.rules == Rules.preset("house-3", bombs_per_player=2)
    assert family.b.request(f"/sheets/{sheet}/sheet.xlsx")[0] == 404


def multipart(fields: dict[str, str], file: tuple[str, bytes] | None) -> tuple[bytes, str]:
    boundary = "----tysiac" + secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
             .encode() for k, v in fields.items()]
    if file is not None:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                     f'filename="{file[0]}"\r\nContent-Type: text/csv\r\n\r\n'.encode()
                     + file[1] + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), boundary


def upload(f: Family, fields: dict[str, str], file: tuple[str, bytes] | None = None
           ) -> tuple[int, str, str]:
    token = f.b.csrf("/sheets/import")
    body, boundary = multipart({"csrf": token, **fields}, file)
    req = urllib.request.Request(f.b.base + "/sheets/import", data=body, headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Cookie": "; ".join(f"{k}={v}" for k, v in f.b.cookies.items())})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        resp = opener.open(req, timeout=30)
        return resp.status, resp.headers.get("Location", ""), resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location", ""), e.read().decode()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


CSV = (b"# rules: house-3\ndealer,declarer,contract,bomb,cards:Ola,cards:Piotr,cards:Rysiek,"
       b"melds:Piotr\nOla,Piotr,120,,30,76,14,C\nPiotr,Rysiek,,1,,,,\n")


def test_import_a_spreadsheet_a_pasted_record_and_refusals(family: Family) -> None:
    status, where, _ = upload(family, {"group": "new", "group_name": "Klub"}, ("s.csv", CSV))
    assert status == 303 and where.startswith("/sheets/1?done=imported&n=2")
    assert family.totals(1) == [90, 180, 10]
    bad = CSV.replace(b"30,76,14", b"30,76,24")
    status, _, body = upload(family, {"group": "1"}, ("s.csv", bad))
    assert status == 400 and "wiersz 3" in H.unescape(body) and "130" in body
    status, _, body = upload(family, {"group": "1"}, ("s.csv", b"\xff\xfe garbage"))
    assert status == 400 and "UTF-8" in body
    status, _, body = upload(family, {"group": "1"}, ("big.csv", b"x" * (5 * 1024 * 1024)))
    assert status == 413 and "za duży" in body
    status, _, body = upload(family, {"group": "1"})
    assert status == 400 and "Wybierz plik albo wklej" in body
    game = finished_game()
    pasted = dumps(to_record(game, ["Ola", "Piotr", "Rysiek"]))
    status, where, _ = upload(family, {"group": "1", "text": pasted})
    assert status == 303 and where.startswith("/sheets/2?")
    assert family.totals(2) == list(game.scores)
    _, _, body = family.b.request("/sheets/g/1")
    assert len(re.findall(r'<a href="/sheets/\d+">', body)) == 2    # refusals stored nothing


def test_statistics_with_charts_that_match_their_tables(family: Family) -> None:
    sheet = family.new_game()
    family.add(sheet, declarer="1", contract="120", cards0="30", cards1="80", melds1="C")
    family.add(sheet, declarer="2", contract="100", cards0="20", cards1="0")
    family.add(sheet, declarer="0", contract="110", cards1="10", cards2="0")
    family.add(sheet, declarer="1", contract="120", cards0="30", cards1="60")
    _, _, body = family.b.request(f"/sheets/{sheet}")
    # The score race: the points of each line are the paper sheet's totals.
    race = [int(v) for v in re.findall(r'data-series="Bartek" data-x="\d+" data-value="(-?\d+)"',
                                       body)]
    paper = re.findall(r'<tr id="deal-\d+".*?</tr>', body, re.S)
    bartek = [int(re.findall(r'<span class="total">(-?\d+)</span>', row)[1]) for row in paper]
    assert race == [0] + bartek == [0, 120, 120, 130, 10]
    _, _, body = family.b.request("/sheets/g/1/stats")
    assert "Gry: 1 (zakończone: 0, w sieci: 0); rozdania: 4." in body
    table = re.search(r'<table class="list" id="sizes-table">(.*?)</table>', body, re.S)
    assert table
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th><td>(\d+)</td><td>(\d+)</td>",
                      table.group(1))
    bars = {(int(s), kind): int(v) for kind, s, v in re.findall(
        r'class="bar (made|failed)"[^>]*data-size="(\d+)" data-value="(\d+)"', body)}
    assert rows == [("100", "1", "0"), ("110", "1", "0"), ("120", "1", "1")]
    for size, made, failed in rows:
        assert bars[int(size), "made"] == int(made) and bars[int(size), "failed"] == int(failed)
    assert re.search(r'<a href="/sheets/g/1/p/\d+">Bartek</a></th><td>1</td><td>0</td>'
                     r'<td>—</td><td>2</td><td>1</td><td>1</td><td>120</td>', body)


def test_finished_online_games_count_in_a_players_statistics(server: ServerThread,
                                                             tmp_path: Any) -> None:
    ania = Family(server.base, "Ania")
    sheet = ania.new_game()
    ania.add(sheet, declarer="0", contract="100", cards0="100", cards1="10")
    _, _, body = ania.b.request("/sheets/g/1")
    player = re.search(r'<a href="/sheets/g/1/p/(\d+)">Ania</a>', body)
    assert player
    status, _, body = ania.post("/sheets/g/1/me", {"player": player.group(1)}, "/sheets/g/1")
    assert 'aria-pressed="true"' in body
    url = server.app.state.node.config.database_url
    user = sqlite3.connect(url.removeprefix("sqlite:///")).execute(
        "SELECT id FROM users WHERE name = 'Ania'").fetchone()[0]
    game = finished_game()

    async def store_online_game() -> None:
        s = await Store.open(url)
        try:
            await s.create_table("web1", user, {}, 1, [{"user": user}, {}, {}], 1.0, {}, False)
            fence = await s.take_fence("web1")
            await s.append("web1", fence, 1, {"t": "x"}, 2.0, {
                "status": "finished", "summary": {}, "deadline": None,
                "record": dumps(to_record(game, ["Ania", "bot", "bot"]))})
        finally:
            await s.close()
    asyncio.run(store_online_game())
    _, _, body = ania.b.request("/sheets/g/1/stats")
    assert "Gry: 2 (zakończone: 1, w sieci: 1)" in body
    _, _, body = ania.b.request(f"/sheets/g/1/p/{player.group(1)}")
    assert "w sieci" in body and "/t/web1/replay" in body
    points = re.findall(r'class="point" data-value="(-?\d+)" data-won="(\d)" data-online="1"',
                        body)
    assert points == [(str(game.scores[0]), str(int(game.winner == 0)))]


# --- generated input ------------------------------------------------------------------------

FIELDS = ["declarer", "contract", "bid", "bomb", "cards0", "cards1", "cards2", "melds0",
          "melds1", "melds2", "tricks0", "musik", "version", "extra"]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Any:
    url = f"sqlite:///{tmp_path_factory.mktemp('gen')}/site.db"
    with ServerThread(fast_config(url)) as server:
        f = Family(server.base)
        sheet = f.new_game()
        f.add(sheet, declarer="1", contract="120", cards0="30", cards2="14", melds1="C")
        yield f, sheet


@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), st.lists(
    st.one_of(st.text(max_size=30), st.sampled_from(["0", "100", "120", "1", "C", "H", "-1",
                                                      "9999999999", "AS KH QH"])),
    min_size=1, max_size=3)))
def test_any_deal_form_is_saved_or_explained(shared: Any, fields: dict[str, list[str]]) -> None:
    f, sheet = shared
    before = f.totals(sheet)
    fields.pop("version", None)
    data: dict[str, Any] = {k: [x.replace("\x00", "") for x in v] for k, v in fields.items()}
    status, body = f.add(sheet, **data)
    assert status in (200, 400), status
    if status == 400:
        assert "role=\"alert\"" in body and f.totals(sheet) == before
    else:
        f.post(f"/sheets/{sheet}/undo", {"version": f.version(sheet)}, f"/sheets/{sheet}")
        assert f.totals(sheet) == before
