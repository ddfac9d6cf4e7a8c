"""The score keeper's words in Polish (the default) and English: one source for the
web pages (merged into the site's words) and ``tysiac sheet``."""

from __future__ import annotations

from typing import Any

from ..engine.review import NOTE_TEXTS
from .settled import SettledSheet
from .stats import PlayerStats

SHEET_TEXTS: dict[str, tuple[str, str]] = {
    # Navigation and lists.
    "sh_nav_sheets": ("Tabela wyników", "Score sheet"),
    "sh_sheets_title": ("Tabela wyników", "Score sheets"),
    "sh_sheets_intro": ("Gracie prawdziwymi kartami? Zapisujcie tu wyniki: strona liczy każde "
                     "rozdanie według waszych zasad, pilnuje progu i beczki, a potem pokazuje, "
                     "kto wygrywa najczęściej.",
                     "Playing with real cards? Keep the score here: the site settles every "
                     "deal by your rules, watches the barrier and the barrel, and later shows "
                     "who wins most."),
    "sh_new_game": ("Nowa gra", "New game"),
    "sh_your_groups": ("Wasze grupy", "Your groups"),
    "sh_no_groups": ("Nie masz jeszcze grupy: zacznij nową grę, a grupa powstanie.",
                  "You have no group yet: start a new game and the group is made."),
    "sh_group": ("Grupa", "Group"),
    "sh_group_new": ("nowa grupa", "a new group"),
    "sh_group_name": ("Nazwa nowej grupy", "Name of the new group"),
    "sh_group_name_default": ("Rodzina", "Family"),
    "sh_games_of_group": ("Gry", "Games"),
    "sh_no_games": ("Brak gier.", "No games yet."),
    "sh_stats": ("Statystyki", "Statistics"),
    "sh_playing": ("trwa", "in progress"), "sh_finished": ("zakończona", "finished"),
    "sh_online": ("w sieci", "online"), "sh_winner_mark": ("wygrywa", "winner"),
    "sh_sheet_n": ("Tabela {n}", "Sheet {n}"),
    "sh_deals_n": ("{n} rozd.", "{n} deals"),
    "sh_invite_title": ("Zaproś do grupy", "Invite to the group"),
    "sh_invite_help": ("Wyślij ten link domownikom: po otwarciu mogą prowadzić tabele tej grupy "
                    "na swoich telefonach.",
                    "Send this link to the others: once they open it they can keep the "
                    "group's sheets on their phones."),
    "sh_join_title": ("Dołącz do grupy {name}", "Join the group {name}"),
    "sh_join_go": ("Dołącz", "Join"),
    "sh_not_member": ("Ta tabela należy do grupy, do której nie należysz. Poproś kogoś z grupy o "
                   "link z zaproszeniem.",
                   "This sheet belongs to a group you are not in. Ask someone of the group "
                   "for its invite link."),
    "sh_not_member_group": ("Nie należysz do tej grupy. Poproś kogoś z niej o link z zaproszeniem.",
                         "You are not in this group. Ask someone of it for its invite link."),
    "sh_no_sheet": ("Nie ma takiej tabeli.", "There is no such sheet."),
    "sh_no_group": ("Nie ma takiej grupy.", "There is no such group."),
    "sh_bad_invite": ("Ten link z zaproszeniem jest nieważny.", "This invite link is not valid."),
    "sh_house_rules": ("Zasady domu", "House rules"),
    "sh_me_is": ("To ja", "This is me"),
    "sh_me_mark": ("ty", "you"),
    "sh_me_help": ("Zaznacz siebie: twoje gry w sieci wejdą do twoich statystyk.",
                "Mark yourself: your online games then count in your statistics."),
    "sh_players": ("Gracze", "Players"),
    "sh_members": ("Konta w grupie", "Accounts in the group"),
    # A new game.
    "sh_new_title": ("Nowa gra na prawdziwych kartach", "A new game with real cards"),
    "sh_player_n": ("Gracz {n}", "Player {n}"),
    "sh_player_4_opt": ("Gracz 4 (jeśli gracie we czworo)", "Player 4 (if four of you play)"),
    "sh_first_dealer": ("Kto rozdaje pierwszy", "Who deals first"),
    "sh_rules_preset": ("Zasady", "Rules"),
    "sh_goal": ("Gra do", "Play to"),
    "sh_more_options": ("Więcej opcji zasad", "More rule options"),
    "sh_options_help": ("Po jednej w wierszu: opcja=wartość, np. bombs_per_player=2.",
                     "One a line: option=value, e.g. bombs_per_player=2."),
    "sh_start": ("Zaczynamy", "Start"),
    "sh_err_players": ("{msg}", "{msg}"),
    # The sheet.
    "sh_deal_n": ("Rozdanie {n}", "Deal {n}"),
    "sh_col_no": ("Nr", "No."),
    "sh_col_dealer": ("rozdaje", "deals"),
    "sh_col_declarer": ("gra", "plays"),
    "sh_total": ("Razem", "Total"),
    "sh_made": ("✓", "✓"), "sh_failed": ("✗", "✗"),
    "sh_made_long": ("ugrane", "made"), "sh_failed_long": ("nieugrane", "failed"),
    "sh_bomb": ("Bomba", "Bomb"), "sh_bomb_mark": ("B", "B"), "sh_bomb_long": ("bomba", "bomb"),
    "sh_sits_out_mark": ("–", "–"),
    "sh_marks_legend": ("★ gra (✓ ugrane, ✗ nie), B bomba, – pauzuje; pod wynikiem zmiana",
                     "★ plays (✓ made, ✗ failed), B bomb, – sits out; the change below"),
    "sh_next_deal": ("Rozdanie {n}: rozdaje {dealer}, obowiązkowe 100 ma {ob}.",
                  "Deal {n}: {dealer} deals, {ob} holds the obligatory 100."),
    "sh_next_deal_draw": ("Rozdanie {n}: rozdaje {dealer}.", "Deal {n}: {dealer} deals."),
    "sh_sits_out": ("Pauzuje {name}.", "{name} sits out."),
    "sh_on_barrier": ("na progu", "on the barrier"),
    "sh_on_barrier_long": ("{name} jest na progu: jako obrońca nic nie dopisuje.",
                        "{name} is on the barrier: adds nothing as a defender."),
    "sh_on_barrel": ("na beczce: {n}", "on the barrel: {n}"),
    "sh_on_barrel_long": ("{name} siedzi na beczce: zostało {n} rozd. na wygraną.",
                       "{name} sits on the barrel: {n} deals left to win."),
    "sh_winner": ("Wygrywa {name}!", "{name} wins!"),
    "sh_draw": ("Remis.", "A draw."),
    "sh_game_over": ("Koniec gry.", "The game is over."),
    "sh_to_goal": ("do {goal}", "to {goal}"),
    # The deal form.
    "sh_enter_deal": ("Wpisz rozdanie {n}", "Enter deal {n}"),
    "sh_correct_deal": ("Popraw rozdanie {n}", "Correct deal {n}"),
    "sh_declarer": ("Kto grał", "Who played"),
    "sh_obligatory": ("obowiązkowe 100", "the obligatory 100"),
    "sh_deals_now": ("rozdaje", "deals"),
    "sh_contract": ("Kontrakt", "Contract"),
    "sh_bid": ("Licytacja (jeśli niższa niż kontrakt)", "Bid (if below the contract)"),
    "sh_bomb_check": ("Bomba: rozdanie nie jest grane", "Bomb: the deal is not played"),
    "sh_card_points": ("Punkty z kart", "Card points"),
    "sh_card_points_help": ("Wpisz wszystkich oprócz jednego: ostatni dostanie 120 minus resztę.",
                         "Enter all but one: the last gets 120 minus the rest."),
    "sh_card_points_help_2": ("Z ostatnią lewą: drugi musik i odłożone karty należą do tego, kto "
                           "ją wziął.",
                           "With the last trick: the other musik and the discards go to "
                           "whoever took it."),
    "sh_card_points_help_nobody": ("Karty, które zostały, nie liczą się nikomu: wpisz obu.",
                                "The leftover cards count for nobody: enter both."),
    "sh_auto": ("policzone", "worked out"),
    "sh_cards_sum": ("Razem z kart: {n} z 120", "Card points together: {n} of 120"),
    "sh_marriages": ("Meldunki", "Marriages"),
    "sh_tricks": ("Lewy (tylko do kary za zera; puste: zero ma ten, kto nie ma punktów)",
               "Tricks (only for the zero penalty; empty: a zero for whoever has no points)"),
    "sh_musik_cards": ("Musik (premia pauzującego: asy i meldunek)",
                    "The musik (the sitting-out bonus: aces and a marriage)"),
    "sh_more": ("Więcej", "More"),
    "sh_save_deal": ("Zapisz rozdanie", "Save the deal"),
    "sh_save_fix": ("Zapisz poprawkę", "Save the correction"),
    "sh_cancel": ("Anuluj", "Cancel"),
    "sh_fix": ("popraw", "correct"),
    "sh_fix_deal_n": ("Popraw rozdanie {n}", "Correct deal {n}"),
    "sh_later_resettled": ("Po zapisaniu wszystkie późniejsze rozdania zostaną przeliczone.",
                        "Once saved, every later deal is settled again."),
    "sh_undo": ("Cofnij", "Undo"),
    "sh_change_add": ("dodanie rozdania {n}", "adding deal {n}"),
    "sh_change_edit": ("poprawka rozdania {n}", "the correction of deal {n}"),
    "sh_change_delete": ("usunięcie rozdania {n}", "deleting deal {n}"),
    "sh_undo_what": ("Cofnij: {what}", "Undo {what}"),
    "sh_undone": ("Cofnięto.", "Undone."),
    "sh_delete_last": ("Usuń to rozdanie", "Delete this deal"),
    "sh_saved": ("Zapisano rozdanie {n}.", "Deal {n} saved."),
    "sh_fixed": ("Poprawiono rozdanie {n}; późniejsze przeliczone.",
              "Deal {n} corrected; the later ones settled again."),
    "sh_deleted": ("Usunięto rozdanie {n}.", "Deal {n} deleted."),
    "sh_err_form": ("Popraw zaznaczone pola: nic nie zostało zapisane.",
                 "Correct the marked fields: nothing was saved."),
    # Export and import.
    "sh_export": ("Pobierz", "Download"),
    "sh_export_json": ("zapis JSON", "JSON record"), "sh_export_text": ("notacja", "notation"),
    "sh_export_csv": ("CSV (arkusz)", "CSV (spreadsheet)"),
    "sh_import_title": ("Wczytaj tabelę albo zapis partii", "Load a sheet or a game record"),
    "sh_import_help": ("Plik CSV (np. z arkusza) albo zapis partii (JSON lub notacja). Zasady "
                    "z pliku, inaczej zasady domu.",
                    "A CSV file (e.g. from a spreadsheet) or a game record (JSON or the "
                    "notation). The rules come from the file, else the house rules."),
    "sh_import_file": ("Plik", "File"),
    "sh_import_paste": ("albo wklej treść", "or paste the text"),
    "sh_import_go": ("Wczytaj", "Load"),
    "sh_err_upload_size": ("Plik jest za duży: najwyżej {n} kB.",
                        "The file is too big: at most {n} kB."),
    "sh_err_upload_none": ("Wybierz plik albo wklej treść.", "Choose a file or paste the text."),
    "sh_imported": ("Wczytano rozdania: {n}.", "Deals loaded: {n}."),
    "sh_import_unfinished": ("Niedokończone ostatnie rozdanie pominięto.",
                          "The unfinished last deal was left out."),
    # Statistics.
    "sh_stats_title": ("Statystyki: {name}", "Statistics: {name}"),
    "sh_stats_games": ("Gry: {games} (zakończone: {finished}, w sieci: {online}); rozdania: "
                       "{deals}.",
                       "Games: {games} ({finished} finished, {online} online); deals: {deals}."),
    "sh_st_player": ("Gracz", "Player"),
    "sh_st_games": ("gry", "games"),
    "sh_st_won": ("wygrane", "won"),
    "sh_st_rate": ("% wygranych", "win %"), "sh_st_bid": ("kontrakty", "contracts"),
    "sh_st_made": ("ugrane", "made"), "sh_st_failed": ("nieugrane", "failed"),
    "sh_st_avg": ("śr. kontrakt", "avg contract"), "sh_st_bombs": ("bomby", "bombs"),
    "sh_st_ppd": ("pkt/rozd.", "pts/deal"), "sh_st_zeros": ("zera", "zeros"),
    "sh_st_barrel": ("spadki z beczki", "barrel falls"), "sh_st_online": ("w sieci", "online"),
    "sh_head_to_head": ("Kto przed kim", "Head to head"),
    "sh_h2h_help": ("Wiersz: ile razy gracz skończył grę przed graczem z kolumny.",
                 "Row: how often the player finished a game ahead of the column's player."),
    "sh_presets_most": ("Co gracie najczęściej", "What you play most"),
    "sh_options_most": ("Opcje zasad", "Rule options"),
    "sh_times": ("{n} ×", "{n} ×"),
    "sh_contract_sizes": ("Kontrakty według wysokości", "Contracts by size"),
    "sh_st_size": ("kontrakt", "contract"), "sh_st_rate_made": ("% ugranych", "made %"),
    "sh_score_race": ("Wyścig do {goal}", "The race to {goal}"),
    "sh_results_over_time": ("Wyniki w kolejnych grach: {name}", "Results game by game: {name}"),
    "sh_chart_table": ("Liczby z wykresu", "The chart's figures"),
    "sh_col_game": ("gra", "game"),
    "sh_col_when": ("kiedy", "when"),
    "sh_col_score": ("wynik", "score"),
    "sh_col_result": ("wynik gry", "result"),
    "sh_won": ("wygrana", "won"),
    "sh_lost": ("przegrana", "lost"),
    "sh_unfinished_n": ("Niedokończone gry: {n}", "Unfinished games: {n}"),
    "sh_goal_line": ("cel {goal}", "goal {goal}"),
    "sh_barrier_line": ("próg {n}", "barrier {n}"),
    "sh_player_stats": ("Statystyki gracza", "Player statistics"),
    "sh_no_stats": ("Brak gier do policzenia.", "No games to count yet."),
}

SHEET_TEXTS.update({f"sh_note_{k}": v for k, v in NOTE_TEXTS.items()})


def say(key: str, lang: str = "pl", **values: Any) -> str:
    """A word of the score keeper in ``lang``, with its values filled in: ``key``
    without its ``sh_`` (the site's words have it, apart from its own)."""
    text = SHEET_TEXTS["sh_" + key][0 if lang == "pl" else 1]
    return text.format(**values) if values else text


def status_lines(settled: SettledSheet, lang: str, with_next: bool = True) -> list[str]:
    """Where the game stands, in words: the winner, or (``with_next``) who deals next,
    who holds the obligatory 100 and who sits out; who is on the barrier or the
    barrel."""
    names = settled.sheet.players
    out = []
    if settled.winner == "draw":
        out.append(say("draw", lang))
    elif settled.winner is not None:
        out.append(say("winner", lang, name=names[int(settled.winner)]))
    nxt = settled.next
    if nxt is not None and with_next:
        if nxt.obligatory is None:
            out.append(say("next_deal_draw", lang, n=nxt.number, dealer=names[nxt.dealer]))
        else:
            out.append(say("next_deal", lang, n=nxt.number, dealer=names[nxt.dealer],
                           ob=names[nxt.obligatory]))
        if nxt.sitting_out is not None:
            out.append(say("sits_out", lang, name=names[nxt.sitting_out]))
    for seat, name in enumerate(names):
        if settled.barrel_left(seat):
            out.append(say("on_barrel_long", lang, name=name, n=settled.barrel_left(seat)))
        elif settled.on_barrier(seat):
            out.append(say("on_barrier_long", lang, name=name))
    return out


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def num(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}".rstrip("0").rstrip(".")


#: The columns of a player's statistics (keys of :data:`SHEET_TEXTS` without ``sh_``).
STAT_COLUMNS = ("st_games", "st_won", "st_rate", "st_bid", "st_made", "st_failed", "st_avg",
                "st_bombs", "st_ppd", "st_zeros", "st_barrel", "st_online")


def stat_row(p: PlayerStats) -> list[str]:
    """One player's figures, in the order of :data:`STAT_COLUMNS`."""
    return [str(p.games), str(p.won), pct(p.win_rate), str(p.bid), str(p.made),
            str(p.failed), num(p.average_contract), str(p.bombs), num(p.points_per_deal),
            str(p.zeros), str(p.barrel_falls), str(p.online)]


def size_rows(sizes: dict[int, list[int]]) -> list[list[str]]:
    """Contracts by size: the size, made, failed, the share made."""
    return [[str(s), str(m), str(f), pct(m / (m + f))] for s, (m, f) in sorted(sizes.items())]
