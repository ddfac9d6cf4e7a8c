"""The words of the arbiter and rules pages, Polish first (merged into
:data:`tysiac.server.i18n.TEXTS`), the words of their script (:data:`CLIENT`), and
the short title of each of the arbiter's rule ids (RECORD.md)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "nav_arbiter": ("Arbiter", "Arbiter"),
    "nav_rules": ("Zasady", "Rules"),
    # The arbiter page.
    "arb_title": ("Arbiter zasad", "Rules arbiter"),
    "arb_intro": ("Spór przy stole? Wklej zapis partii, wczytaj plik albo ułóż rozdanie "
                  "karta po karcie. Arbiter sprawdzi każdy ruch według zasad tego stołu i "
                  "powie, który przepis rozstrzyga.",
                  "A dispute at the table? Paste a game record, upload a file or build the "
                  "deal card by card. The arbiter checks every move against that table's "
                  "rules and says which rule decides."),
    "arb_paste": ("Wklej zapis", "Paste a record"),
    "arb_record": ("Zapis partii: JSON albo notacja tekstowa",
                   "Game record: JSON or the text notation"),
    "arb_record_help": ("Na przykład plik z przycisku „Pobierz zapis” przy stole albo wynik "
                        "polecenia tysiac notation.",
                        "For example the file of a table's 'Download the record' button, or "
                        "what tysiac notation prints."),
    "arb_upload": ("Wczytaj plik", "Upload a file"),
    "arb_file": ("Plik z zapisem (najwyżej {mb} MB)", "Record file (at most {mb} MB)"),
    "arb_build": ("Ułóż rozdanie", "Build a deal"),
    "arb_build_help": ("Wybierz zasady stołu, rozdaj karty i dopisuj ruchy po kolei: arbiter "
                       "od razu podpowie, co wolno, a ruch niezgodny z zasadami wskaże.",
                       "Choose the table's rules, deal the cards and add the moves in order: "
                       "the arbiter shows at once what is allowed and points at a move that "
                       "breaks the rules."),
    "arb_judge": ("Sprawdź", "Judge"),
    "arb_download_json": ("Pobierz zapis (JSON)", "Download the record (JSON)"),
    "arb_download_text": ("Pobierz w notacji tekstowej", "Download as text notation"),
    "arb_replay": ("Odtwórz ruch po ruchu", "Replay move by move"),
    "arb_replay_prefix": ("Odtwórz do błędu", "Replay up to the error"),
    "arb_replay_title": ("Odtworzenie sprawdzonego zapisu", "Replay of the judged record"),
    "arb_back": ("Wróć do arbitra", "Back to the arbiter"),
    # The verdict.
    "arb_valid": ("✓ Zapis zgodny z zasadami", "✓ The record follows the rules"),
    "arb_invalid": ("✗ Zapis niezgodny z zasadami", "✗ The record breaks the rules"),
    "arb_not_record": ("✗ To nie jest zapis partii", "✗ This is not a game record"),
    "arb_internal": ("✗ Błąd wewnętrzny arbitra", "✗ An internal error of the arbiter"),
    "arb_where_action": ("Rozdanie {deal}, ruch {action}", "Deal {deal}, move {action}"),
    "arb_where_deal": ("Rozdanie {deal}", "Deal {deal}"),
    "arb_rule": ("Przepis", "Rule"),
    "arb_deals": ("Rozliczone rozdania", "Settled deals"),
    "arb_no_deals": ("Żadne rozdanie nie zostało jeszcze rozliczone.",
                     "No deal has been settled yet."),
    "arb_col_no": ("Nr", "No."), "arb_col_dealer": ("Rozdaje", "Dealer"),
    "arb_col_declarer": ("Grający", "Declarer"), "arb_col_contract": ("Kontrakt", "Contract"),
    "arb_points_title": ("punkty w rozdaniu → zmiana = stan",
                         "deal points → change = score"),
    "arb_bomb": ("bomba", "bomb"), "arb_draw_deal": ("dobierany", "draw game"),
    "arb_winner": ("Partia skończona: wygrywa {name}.", "The game is over: {name} wins."),
    "arb_draw": ("Partia skończona: remis.", "The game is over: a draw."),
    "arb_between": ("Partia trwa: czas na następne rozdanie.",
                    "The game goes on: the next deal is due."),
    "arb_next": ("Teraz ruch ma {name} ({phase}). Dozwolone:",
                 "{name} to act ({phase}). Allowed:"),
    "arb_account": ("Przebieg krok po kroku", "Step by step"),
    "arb_json": ("Werdykt w JSON (jak tysiac arbiter)", "The verdict as JSON (as tysiac arbiter)"),
    "arb_pass": ("pas", "pass"), "arb_bomb_move": ("bomba", "bomb"),
    "arb_redeal": ("nowe rozdanie", "redeal"), "arb_musik_n": ("musik {n}", "musik {n}"),
    "arb_marriage": ("{card} z meldunkiem", "{card} with a marriage"),
    # The form.
    "arb_rules": ("Zasady stołu", "The table's rules"),
    "arb_options": ("Inne opcje zasad: po jednej w wierszu, opcja=wartość",
                    "Other rule options: one a line, option=value"),
    "arb_options_link": ("wszystkie opcje", "every option"),
    "arb_players": ("Gracze (miejsca zgodnie z ruchem wskazówek zegara)",
                    "Players (seats clockwise)"),
    "arb_seat": ("Miejsce {n}", "Seat {n}"),
    "arb_dealer": ("Rozdaje", "Dealer"),
    "arb_scores": ("Wyniki przed tym rozdaniem (puste: 0)", "Scores before this deal (empty: 0)"),
    "arb_cards": ("Karty", "Cards"),
    "arb_cards_help": ("Wpisz karty (np. AH 10H KS D♥, W to walet, D to dama) albo dotknij "
                       "ich w talii.",
                       "Type the cards (e.g. AH 10H KS Q♥) or tap them in the deck."),
    "arb_hand": ("Ręka: {name}", "{name}'s hand"),
    "arb_musik": ("Musik", "Musik"), "arb_musik_k": ("Musik {n}", "Musik {n}"),
    "arb_stock": ("Stos (tysiąc dobierany; od góry)", "Stock (draw game; top first)"),
    "arb_moves": ("Ruchy po kolei", "The moves in order"),
    "arb_moves_help": ("miejsce:ruch, miejsca od 0: 1:110, 2:pass, 0:give(1=9S,2=JD), "
                       "0:declare=120, 0:QH+ (zagranie z meldunkiem), musik=1, discard(9S,JD), "
                       "bomb, redeal.",
                       "seat:move, seats from 0: 1:110, 2:pass, 0:give(1=9S,2=JD), "
                       "0:declare=120, 0:QH+ (a marriage lead), musik=1, discard(9S,JD), bomb, "
                       "redeal."),
    # Errors next to fields.
    "arb_err_too_big": ("Plik jest za duży: zapis może mieć najwyżej {n} bajtów.",
                    "The file is too big: a record has at most {n} bytes."),
    "arb_err_unreadable": ("Nie udało się odczytać formularza: wyślij go jeszcze raz.",
                       "The form could not be read: send it again."),
    "arb_err_no_file": ("Wybierz plik z zapisem.", "Choose a record file."),
    "arb_err_no_paste": ("Wklej zapis partii.", "Paste a game record."),
    "arb_err_busy": ("Arbiter ma teraz dużo pracy: spróbuj za chwilę.",
                 "The arbiter is busy: try again in a moment."),
    "arb_err_no_replay": ("Ten zapis nie ma rozdań z kartami do odtworzenia.",
                      "This record has no deals with cards to replay."),
    # The rules page.
    "rules_title": ("Zasady gry w tysiąca", "The rules of Tysiąc"),
    "rules_contents": ("Spis treści", "Contents"),
    "rules_presets": ("Zestawy zasad", "Presets"),
    "rules_presets_intro": ("Zestaw to komplet opcji jednego stołu; stół może zmienić każdą "
                            "z nich.", "A preset is one table's complete set of options; a "
                            "table may change any of them."),
    "rules_options": ("Opcje zasad", "Rule options"),
    "rules_options_intro": ("Identyfikatory opcji są takie same w zapisach, u arbitra, przy "
                            "stołach i w poleceniach tysiac.",
                            "Option ids are the same in records, in the arbiter, at tables "
                            "and in the tysiac commands."),
    "rules_col_source": ("Źródło", "Source"),
    "rules_col_differs": ("Różni się od pl-3", "Differs from pl-3"),
    "rules_col_default": ("W pl-3", "In pl-3"), "rules_col_allowed": ("Dozwolone", "Allowed"),
    "rules_rule_ids": ("Przepisy arbitra", "The arbiter's rules"),
    "rules_rule_ids_intro": ("Każdy werdykt arbitra wskazuje jeden z tych przepisów.",
                             "Every verdict of the arbiter names one of these rules."),
}

#: The words of the arbiter page's script (arbiter.js).
CLIENT: dict[str, tuple[str, str]] = {
    "pile": ("Dotknięta karta trafia do:", "A tapped card goes to:"),
    "deck": ("Talia", "The deck"),
    "random_rest": ("Rozdaj resztę losowo", "Deal the rest at random"),
    "clear": ("Wyczyść karty", "Clear the cards"),
    "sits_out": ("pauzuje", "sits out"),
    "count": ("{n}/{want}", "{n}/{want}"),
    "in_pile": ("{card}: {pile}", "{card}: {pile}"),
    "free": ("wolna", "free"),
    "checking": ("Sprawdzam…", "Checking…"),
    "fix_fields": ("Popraw pola oznaczone na czerwono: potem dopiszesz ruchy.",
                   "Fix the fields marked in red, then add the moves."),
    "undo": ("Cofnij ostatni ruch", "Undo the last move"),
    "moves_none": ("Nie ma jeszcze ruchów.", "No moves yet."),
    "deal_cards_first": ("Najpierw rozdaj wszystkie karty: potem dopiszesz ruchy.",
                         "Deal every card first, then add the moves."),
    "to_act": ("Ruch: {name} ({phase})", "{name} to act ({phase})"),
    "legal": ("Dozwolone", "Allowed"),
    "other_cards": ("Pozostałe karty w ręce (arbiter oceni):",
                    "The other cards in hand (the arbiter judges them):"),
    "give_to": ("Wybierz kartę dla: {name}", "Choose the card for {name}"),
    "discard_n": ("Wybierz karty do odłożenia: {left}", "Choose the cards to discard: {left}"),
    "deal_over": ("Rozdanie się skończyło.", "The deal is over."),
    "illegal": ("Ten ruch łamie zasady", "This move breaks the rules"),
    "marriage": ("z meldunkiem", "with a marriage"),
    "pass": ("pas", "pass"), "bomb": ("bomba", "bomb"), "redeal": ("nowe rozdanie", "redeal"),
    "musik_n": ("musik {n}", "musik {n}"), "declare_n": ("gra za {n}", "declare {n}"),
    "phase_bid": ("licytacja", "bidding"), "phase_choose_musik": ("wybór musiku", "musik choice"),
    "phase_exchange": ("oddawanie kart", "the exchange"),
    "phase_declare": ("deklaracja", "the declaration"), "phase_play": ("rozgrywka", "the play"),
    "musik": ("musik", "musik"), "musik_k": ("musik {n}", "musik {n}"),
    "stock": ("stos", "stock"),
}

#: Each rule id of the arbiter's verdicts (RECORD.md) in a few words.
RULE_TITLES: dict[str, tuple[str, str]] = {
    "bad_record": ("To nie jest zapis partii", "Not a game record"),
    "bad_deal": ("Karty nie pasują do stołu", "The cards do not fit the table"),
    "not_your_turn": ("Nie ta osoba ma ruch", "Not this player's turn"),
    "wrong_phase": ("Nie ten etap rozdania", "Not at this stage of the deal"),
    "card_not_in_hand": ("Tej karty nie ma w ręce", "The card is not in the hand"),
    "bid_too_low": ("Za niska licytacja", "A bid too low"),
    "bid_step": ("Stawka poza krokiem licytacji", "A bid off the step"),
    "bid_over_cap": ("Licytacja ponad limit", "A bid over the cap"),
    "redeal_not_allowed": ("Nowe rozdanie niedozwolone", "No redeal allowed"),
    "bad_give": ("Złe oddanie kart", "A wrong give"),
    "bad_discard": ("Złe odłożenie kart", "A wrong discard"),
    "bomb_not_allowed": ("Bomba niedozwolona", "No bomb allowed"),
    "declare_too_low": ("Deklaracja niższa niż licytacja", "A contract below the bid"),
    "declare_over_cap": ("Deklaracja ponad limit", "A contract over the cap"),
    "meld_not_allowed": ("Meldunek niedozwolony", "No marriage allowed"),
    "must_follow": ("Trzeba dołożyć do koloru", "Must follow suit"),
    "must_beat": ("Trzeba przebić w kolorze", "Must beat in the suit"),
    "must_trump": ("Trzeba dać atut", "Must play a trump"),
    "must_overtrump": ("Trzeba przebić atut", "Must beat the trump"),
    "bad_sheet": ("Niespójny wiersz tabeli wyników", "An inconsistent score-sheet deal"),
    "game_over": ("Partia już się skończyła", "The game is over"),
    "internal_error": ("Błąd wewnętrzny arbitra", "An internal error of the arbiter"),
}


def rule_title(rule: str, lang: str) -> str:
    texts = RULE_TITLES.get(rule)
    return rule if texts is None else texts[0 if lang == "pl" else 1]


def client_texts(lang: str) -> dict[str, str]:
    i = 0 if lang == "pl" else 1
    return {k: v[i] for k, v in CLIENT.items()}
