"""``tysiac sheet``: a game kept from the command line in the site's database, its
corrections and undo, its statistics, and its sheet exported and imported again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tysiac.arbiter import judge_bytes
from tysiac.cli.main import main


class Cli:
    def __init__(self, tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db = f"sqlite:///{tmp}/site.db"
        self.capsys = capsys

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        code = main(["sheet", *argv[:1], "--database", self.db, *argv[1:]])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path, capsys)


def test_a_game_kept_from_the_command_line(cli: Cli) -> None:
    code, out, _ = cli("new", "--group", "Rodzina", "--players", "Ania, Bartek ,Celina",
                       "--preset", "house-3", "--first-dealer", "celina")
    assert code == 0 and "Tabela 1 w grupie Rodzina: Ania, Bartek, Celina; house-3" in out
    assert "rozdaje Celina, obowiązkowe 100 ma Ania" in out
    code, out, _ = cli("add", "1", "declarer=Ania", "contract=120", "cards=92,,5", "melds=C,,")
    assert code == 0 and "152" not in out
    assert " 120 (+120)" in out and "20 (+20)" in out and "10 (+10)" in out
    code, out, _ = cli("add", "1", "declarer=bartek", "bomb")
    assert code == 0 and "180 (+60)" in out
    code, _, err = cli("add", "1", "declarer=Celina", "contract=125", "cards=10,10,")
    assert code == 1 and "wielokrotnością 10" in err
    code, _, err = cli("add", "1", "declarer=Bartek", "bomb", "--lang", "en")
    assert code == 1 and "Bartek has used all of their bombs" in err
    code, out, _ = cli("edit", "1", "1", "declarer=Ania", "contract=120", "cards=30,60,")
    assert code == 0 and "-120 (-120)" in out and "Ania 120 ✗" in out
    code, out, _ = cli("undo", "1")
    assert code == 0 and "Cofnięto: poprawka rozdania 1." in out and "Ania 120 ✓" in out
    code, out, _ = cli("show", "1", "--lang", "en")
    assert code == 0 and out.startswith("Sheet 1 · Rodzina · house-3, to 1000")
    assert "Deal 3: Bartek deals, Celina holds the obligatory 100." in out
    code, out, _ = cli("delete", "1")
    assert code == 0 and "Bartek bomba" not in out
    code, out, _ = cli("list")
    assert code == 0 and "Grupa 1: Rodzina" in out and "tabela 1: Ania, Bartek, Celina" in out
    assert "/sheets/join/" in out


def test_a_finished_game_stats_and_a_player(cli: Cli) -> None:
    cli("new", "--group", "Klub", "--players", "Ola,Piotr", "--preset", "pl-2")
    deals = 0
    while deals < 20:
        deals += 1
        code, out, _ = cli("add", "1", "declarer=Piotr", "contract=120", "cards=0,",
                           "melds=,H")
        if "Wygrywa" in out:
            break
        cli("add", "1", "declarer=Ola", "contract=100", "cards=,20")
    assert "Wygrywa Piotr!" in out and deals == 8
    code, _, err = cli("add", "1", "declarer=Ola", "contract=100", "cards=,20")
    assert code == 1 and "zakończona" in err
    code, out, _ = cli("stats", "--group", "klub", "--player", "Piotr", "--json")
    stats = json.loads(out)
    piotr = stats["players"][0]
    assert piotr["name"] == "Piotr" and piotr["won"] == 1 and piotr["win_rate"] == 1.0
    assert piotr["contracts"] == {"120": {"made": 8, "failed": 0}}
    code, out, _ = cli("stats", "--group", "Klub")
    assert code == 0 and "Gry: 1 (zakończone: 1, w sieci: 0)" in out
    assert cli("stats", "--group", "Klub", "--player", "Zenek")[0] == 2


def test_export_and_import_keep_the_sheet(cli: Cli, tmp_path: Path) -> None:
    cli("new", "--group", "Rodzina", "--players", "Ania,Bartek,Celina", "--set", "goal=500")
    cli("add", "1", "declarer=Bartek", "contract=120", "cards=30,,14", "melds=,C,")
    cli("add", "1", "declarer=Celina", "contract=100", "cards=20,0,")
    _, shown, _ = cli("show", "1")
    for fmt in ("csv", "json", "text"):
        path = tmp_path / f"sheet.{fmt}"
        assert cli("export", "1", "--format", fmt, "-o", str(path)) == (0, "", "")
        code, out, _ = cli("import", str(path), "--group", "Kopia")
        assert code == 0 and "rozdania: 2" in out
    _, record, _ = cli("export", "1")
    verdict, status, _ = judge_bytes(record)
    assert status == 0 and verdict["scores"] == [50, 120, 110]
    for sheet in ("2", "3", "4"):
        _, again, _ = cli("show", sheet)
        assert again.splitlines()[1:] == shown.splitlines()[1:]


def test_a_played_record_is_imported_as_its_results(cli: Cli, tmp_path: Path) -> None:
    golden = Path(__file__).parent / "golden" / "full-deal-pl3.json"
    code, out, err = cli("import", str(golden), "--group", "Z zapisu")
    assert code == 0, err
    verdict, _, _ = judge_bytes(golden.read_bytes())
    _, shown, _ = cli("show", "1")
    totals = next(line for line in shown.splitlines() if line.strip().startswith("Razem"))
    assert totals.split()[1:] == [str(x) for x in verdict["scores"]]
    assert f"rozdania: {len(verdict['deals'])}" in out


def test_bad_input_is_explained_with_a_status(cli: Cli, tmp_path: Path) -> None:
    assert cli("show", "9")[0] == 2
    code, _, err = cli("new", "--group", "G", "--players", "A,B", "--preset", "pl-3")
    assert code == 1 and "3 imiona" in err
    code, _, err = cli("new", "--group", "G", "--players", "A,a,B")
    assert code == 1 and "innego imienia" in err
    code, _, err = cli("new", "--group", "G", "--players", "A,B,C", "--set", "barrier=1000")
    assert code == 1 and "barrier" in err
    assert cli("new", "--group", "G", "--players", "A,B,C")[0] == 0
    code, _, err = cli("add", "1", "kontrakt=100")
    assert code == 1 and "nieznane pole" in err
    code, _, err = cli("add", "1", "declarer")
    assert code == 1 and "klucz=wartość" in err
    code, _, err = cli("edit", "1", "3", "declarer=A", "contract=100")
    assert code == 2
    bad = tmp_path / "bad.csv"
    bad.write_text("dealer,declarer,contract,cards:A,cards:B,cards:C\nA,B,100,50,50,50\n")
    code, _, err = cli("import", str(bad), "--group", "G")
    assert code == 1 and "wiersz 2" in err and "150" in err
    assert cli("import", str(tmp_path / "missing.csv"), "--group", "G")[0] == 2
    assert cli("list")[1].count("tabela") == 1                       # nothing stored half
    code, _, err = cli("stats", "--group", "Nikt")
    assert code == 2 and "Nikt" in err
