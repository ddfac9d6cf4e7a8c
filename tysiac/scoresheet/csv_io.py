"""Score sheets as CSV, for spreadsheets: a line per deal, a column per field and
player, the running totals at the end. Lines that start with ``#`` carry the rules::

    # tysiac-sheet/1
    # rules: house-3 goal=500
    deal,dealer,declarer,bid,contract,bomb,cards:Ania,cards:Bartek,…,score:Celina
    1,Ania,Bartek,,120,,30,76,14,,C,,30,120,10

Reading is total: whatever the bytes, a :class:`Sheet` or a :class:`SheetError`
naming the line and the column. Columns may come in any order, with Polish names
(``rozdaje``, ``grający``, ``karty:Ania``…), separated by commas, semicolons (a
Polish spreadsheet's CSV) or tabs. Score columns, where given, must be what the
rules make of the deals: a paper sheet checked by the arbiter.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from ..cards import card_str, suit_str
from ..record.limits import MAX_DEALS
from ..rules import Rules, RulesError, parse_option
from .entry import YES, DealForm, read_entry
from .errors import SheetError
from .model import Sheet
from .settled import SettledSheet, settle_sheet

FORMAT = "tysiac-sheet/1"
#: An upload is refused over this size (a sheet of MAX_DEALS deals is ~30 kB).
MAX_CSV_BYTES = 256 * 1024
MAX_LINE_CHARS = 2000
NAME_LENGTH = (1, 20)
#: Presets for a sheet whose file names no rules, by the number of players.
DEFAULT_PRESETS = {2: "pl-2", 3: "pl-3", 4: "pl-4"}

#: Column names: the canonical (English, as written) and Polish ones read too.
COLUMNS = {
    "deal": "deal", "rozdanie": "deal", "nr": "deal",
    "dealer": "dealer", "rozdaje": "dealer", "rozdający": "dealer",
    "declarer": "declarer", "grający": "declarer", "gra": "declarer",
    "bid": "bid", "licytacja": "bid",
    "contract": "contract", "kontrakt": "contract",
    "bomb": "bomb", "bomba": "bomb",
    "musik": "musik",
}
PER_PLAYER = {
    "cards": "cards", "karty": "cards", "melds": "melds", "meldunki": "melds",
    "tricks": "tricks", "lewy": "tricks", "score": "score", "wynik": "score",
}


def _at(line: int, column: str | None, pl: str, en: str) -> SheetError:
    where_pl = f"wiersz {line}" + (f", kolumna {column}" if column else "")
    where_en = f"line {line}" + (f", column {column}" if column else "")
    return SheetError(f"{where_pl}: {pl}", f"{where_en}: {en}")


# --- writing -----------------------------------------------------------------------

def rules_text(rules: Rules) -> str:
    """``house-3 goal=500``: the preset and the options that differ from it."""
    options = rules.to_dict()
    preset = options.pop("preset")
    return " ".join([str(preset)] + [f"{k}={_compact(v)}" for k, v in options.items()])


def _compact(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def rules_from_text(text: str) -> Rules:
    """The rules of :func:`rules_text` (:class:`RulesError` if they are not)."""
    preset, *pairs = text.split() or ["pl-3"]
    overrides = dict(parse_option(p) for p in pairs)
    return Rules.preset(preset, **overrides)


def write_csv(settled: SettledSheet) -> str:
    """The sheet as CSV, its rules on a ``#`` line, the scores after each deal."""
    sheet = settled.sheet
    names = sheet.players
    n = len(names)
    tricks = any(d.tricks is not None for d in sheet.deals)
    musik = n == 4
    head = ["deal", "dealer", "declarer", "bid", "contract", "bomb"]
    head += [f"cards:{p}" for p in names] + [f"melds:{p}" for p in names]
    head += [f"tricks:{p}" for p in names] if tricks else []
    head += ["musik"] if musik else []
    head += [f"score:{p}" for p in names]
    out = io.StringIO()
    out.write(f"# {FORMAT}\n# rules: {rules_text(sheet.rules)}\n")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(head)
    for d in settled.deals:
        s, r = d.sheet, d.result
        row: list[Any] = [d.number, _name_cell(names[r.dealer]),
                          _name_cell(names[s.declarer]) if s.declarer is not None else "",
                          s.bid if s.bid is not None else "",
                          s.contract if s.contract is not None else "", "1" if s.bomb else ""]
        row += list(s.cards) if s.cards else [""] * n
        row += ["".join(suit_str(x) for x in m) for m in s.melds] if s.melds else [""] * n
        if tricks:
            row += list(s.tricks) if s.tricks is not None else [""] * n
        if musik:
            row.append(" ".join(card_str(c) for c in s.musik))
        row += list(r.scores)
        w.writerow(row)
    return out.getvalue()


# --- reading -----------------------------------------------------------------------

def read_csv(data: bytes | str, default: Rules | None = None) -> Sheet:
    """A sheet from CSV. ``default``: the rules when the file names none (and has
    as many players). :class:`SheetError` says what is wrong, with the line."""
    text = _text(data)
    lines = text.splitlines()
    rules_line: tuple[int, str] | None = None
    table: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise _at(number, None, f"wiersz ma {len(line)} znaków: najwyżej {MAX_LINE_CHARS}",
                     f"the line has {len(line)} characters: at most {MAX_LINE_CHARS}")
        stripped = line.strip()
        if stripped.startswith("#"):
            m = re.fullmatch(r"#\s*(rules|zasady)\s*:\s*(.*?)[\s,;]*", stripped, re.IGNORECASE)
            if m:
                rules_line = (number, m.group(2))
        elif stripped.strip(",;\t"):
            table.append((number, line))
    if not table:
        raise SheetError("Plik nie ma wiersza nagłówka (deal,dealer,declarer,…)",
                         "the file has no header line (deal,dealer,declarer,…)")
    if len(table) - 1 > MAX_DEALS:
        raise SheetError(f"{len(table) - 1} rozdań: najwyżej {MAX_DEALS}",
                         f"{len(table) - 1} deals: at most {MAX_DEALS}")
    header_no, header = table[0]
    delimiter = max((",", ";", "\t"), key=header.count)
    try:
        rows = list(csv.reader([line for _, line in table], delimiter=delimiter, strict=True))
    except csv.Error as e:
        raise SheetError(f"To nie jest poprawny CSV: {e}", f"not valid CSV: {e}") from None
    columns, names = _header(rows[0], header_no)
    if len(rows) == 1:
        raise _at(header_no + 1, None, "po nagłówku nie ma żadnego rozdania",
                  "no deal follows the header")
    rules = _rules(rules_line, default, len(names), header_no)
    return _deals(rules, names, columns, list(zip((n for n, _ in table[1:]), rows[1:],
                                                  strict=True)))


def _text(data: bytes | str) -> str:
    size = len(data.encode("utf-8", "replace") if isinstance(data, str) else data)
    if size > MAX_CSV_BYTES:
        raise SheetError(f"Plik ma {size} bajtów: najwyżej {MAX_CSV_BYTES}",
                         f"the file has {size} bytes: at most {MAX_CSV_BYTES}")
    if isinstance(data, str):
        text = data
    else:
        try:
            text = data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SheetError(f"To nie jest tekst UTF-8 (bajt na pozycji {e.start})",
                             f"not UTF-8 text (the byte at position {e.start})") from None
    if "\x00" in text or re.search("[\ud800-\udfff]", text):
        raise SheetError("Plik zawiera niedozwolone znaki (to nie tekst)",
                         "the file holds forbidden characters (it is not text)")
    return text.removeprefix("\ufeff")


Column = tuple[str, int | None]     # (field, seat)


def _header(cells: Sequence[str], line: int) -> tuple[list[Column], list[str]]:
    columns: list[Column] = []
    names: list[str] = []
    seen: set[Column] = set()
    for cell in cells:
        raw = cell.strip()
        kind, sep, name = raw.partition(":")
        key = kind.strip().casefold()
        if sep:
            field = PER_PLAYER.get(key)
            name = " ".join(name.split())
            if field is None:
                raise _at(line, raw[:40], "nieznana kolumna gracza (są: cards:, melds:, tricks:, "
                         "score: albo karty:, meldunki:, lewy:, wynik:)",
                         "an unknown player column (there are cards:, melds:, tricks:, score:)")
            if not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
                raise _at(line, raw[:40], "imię gracza ma od 1 do 20 znaków",
                         "a player's name has 1 to 20 characters")
            if name not in names:
                names.append(name)
            col: Column = (field, names.index(name))
        elif key in COLUMNS:
            col = (COLUMNS[key], None)
        else:
            raise _at(line, raw[:40], "nieznana kolumna (są: deal, dealer, declarer, bid, "
                     "contract, bomb, musik, cards:IMIĘ, melds:IMIĘ, tricks:IMIĘ, score:IMIĘ)",
                     "an unknown column (there are deal, dealer, declarer, bid, contract, "
                     "bomb, musik, cards:NAME, melds:NAME, tricks:NAME, score:NAME)")
        if col in seen:
            raise _at(line, raw[:40], "ta kolumna jest dwa razy", "this column appears twice")
        seen.add(col)
        columns.append(col)
    if not 2 <= len(names) <= 4:
        raise _at(line, None, f"potrzeba kolumn 2 do 4 graczy (np. cards:Ania), jest {len(names)}",
                 f"columns of 2 to 4 players are needed (e.g. cards:Ania), not {len(names)}")
    if not any(f == "cards" for f, _ in columns) and not any(f == "declarer" for f, _ in columns):
        raise _at(line, None, "brak kolumn rozdania (declarer, contract, cards:IMIĘ…)",
                 "the deal's columns are missing (declarer, contract, cards:NAME…)")
    return columns, names


def _rules(given: tuple[int, str] | None, default: Rules | None, n: int, header: int) -> Rules:
    if given is not None:
        try:
            rules = rules_from_text(given[1])
        except RulesError as e:
            raise _at(given[0], None, f"zasady: {e.message('pl')}",
                     f"rules: {e.message('en')}") from None
        if rules.players != n:
            raise _at(given[0], None, f"zasady są dla {rules.players} graczy, a kolumn graczy "
                     f"jest {n}", f"the rules are for {rules.players} players, yet there are "
                     f"columns of {n}")
        return rules
    if default is not None and default.players == n:
        return default
    return Rules.preset(DEFAULT_PRESETS[n])


#: What a spreadsheet takes for a formula at the start of a cell.
_FORMULA = ("=", "+", "-", "@")


def _name_cell(name: str) -> str:
    """A name as a cell that no spreadsheet runs as a formula: ``'`` before one that
    starts like a formula (read back without it)."""
    return "'" + name if name.startswith(_FORMULA) else name


def _seat(text: str, names: list[str]) -> int | None:
    text = text.strip()
    if text.startswith("'") and text[1:].startswith(_FORMULA):
        text = text[1:]
    value = text.casefold()
    for i, name in enumerate(names):
        if name.casefold() == value:
            return i
    return int(value) if value.isascii() and value.isdigit() and int(value) < len(names) \
        else None


def _deals(rules: Rules, names: list[str], columns: list[Column],
           rows: list[tuple[int, list[str]]]) -> Sheet:
    n = len(names)
    first_dealer = 0
    scores: list[tuple[int, list[int | None]]] = []
    deals = []
    title = {c: (f"{c[0]}:{names[c[1]]}" if c[1] is not None else c[0]) for c in columns}
    for k, (line, cells) in enumerate(rows):
        if len(cells) > len(columns):
            extra = cells[len(columns):]
            if any(c.strip() for c in extra):
                raise _at(line, None, f"{len(cells)} pól, a kolumn jest {len(columns)}",
                         f"{len(cells)} fields for {len(columns)} columns")
        fields: dict[str, list[str]] = {}
        row_scores: list[int | None] = [None] * n
        dealer_cell = ""
        for col, cell in zip(columns, cells, strict=False):
            field, seat = col
            cell = cell.strip()
            if field == "deal":
                continue
            if field == "dealer":
                dealer_cell = cell
            elif field == "declarer":
                seat_of = _seat(cell, names)
                fields["declarer"] = [str(seat_of) if seat_of is not None else cell]
            elif field == "bomb":
                fields["bomb"] = ["1" if cell.casefold() in YES else cell]
            elif field == "score":
                assert seat is not None
                if cell:
                    if not re.fullmatch(r"-?[0-9]{1,6}", cell):
                        raise _at(line, title[col], "wynik to liczba całkowita",
                                 "a score is a whole number")
                    row_scores[seat] = int(cell)
            elif seat is not None:
                fields[f"{field}{seat}"] = [cell]
            else:
                fields[field] = [cell]
        if k == 0:
            if not dealer_cell:
                raise _at(line, "dealer", "podaj, kto rozdawał pierwsze rozdanie",
                         "say who dealt the first deal")
            found = _seat(dealer_cell, names)
            if found is None:
                raise _at(line, "dealer", f"{dealer_cell[:20]!r} to nie gracz tej tabeli",
                         f"{dealer_cell[:20]!r} is not a player of this sheet")
            first_dealer = found
        dealer = (first_dealer + k) % n
        if dealer_cell and _seat(dealer_cell, names) != dealer:
            raise _at(line, "dealer", f"według zasad rozdaje {names[dealer]}, nie "
                     f"{dealer_cell[:20]}", f"by the rules {names[dealer]} deals, not "
                     f"{dealer_cell[:20]}")
        entry = read_entry(DealForm.of(rules, names, k + 1, dealer), fields)
        if entry.deal is None:
            key, (pl, en) = next(iter(entry.errors.items()))
            raise _at(line, _column_of(key, names), pl, en)
        deals.append(entry.deal)
        scores.append((line, row_scores))
    sheet = Sheet(rules, names, first_dealer, deals)
    settled = settle_sheet(sheet)
    if settled.error is not None:
        e = settled.error
        line = rows[e.deal][0] if e.deal is not None and e.deal < len(rows) else rows[-1][0]
        raise _at(line, e.field, e.message("pl"), e.message("en"))
    for d, (line, written) in zip(settled.deals, scores, strict=True):
        for seat, value in enumerate(written):
            if value is not None and value != d.result.scores[seat]:
                raise _at(line, f"score:{names[seat]}",
                         f"w pliku {value}, a według zasad {d.result.scores[seat]}",
                         f"the file says {value}, the rules give {d.result.scores[seat]}")
    return sheet


def _column_of(key: str, names: list[str]) -> str:
    m = re.fullmatch(r"([a-z]+)(\d)", key)
    return f"{m.group(1)}:{names[int(m.group(2))]}" if m else key
