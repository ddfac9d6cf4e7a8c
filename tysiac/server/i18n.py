"""The site's words in Polish (the default) and English. Templates call
``t(key)``; the table page's script gets :data:`CLIENT` keys as a JSON dictionary."""

from __future__ import annotations

from typing import Any

from ..analysis.text import TEXTS as ANALYSIS_TEXTS
from ..engine.review import NOTE_TEXTS
from ..scoresheet.texts import SHEET_TEXTS
from .arbiter_texts import TEXTS as ARBITER_TEXTS

LANGS = ("pl", "en")

TEXTS: dict[str, tuple[str, str]] = {
    # The frame of every page.
    "site": ("Tysiąc", "Tysiąc"),
    "nav_lobby": ("Stoły", "Tables"),
    "nav_new": ("Nowy stół", "New table"),
    "nav_games": ("Moje gry", "My games"),
    "nav_login": ("Zaloguj", "Log in"),
    "nav_register": ("Załóż konto", "Register"),
    "nav_logout": ("Wyloguj", "Log out"),
    "nav_account": ("Konto", "Account"),
    "guest_mark": ("gość", "guest"),
    "lang_other": ("English", "Polski"),
    "skip": ("Przejdź do treści", "Skip to content"),
    # The lobby.
    "lobby_title": ("Stoły", "Tables"),
    "lobby_intro": ("Usiądź przy wolnym miejscu, otwórz własny stół albo popatrz na grę.",
                    "Take a free seat, open a table of your own, or watch a game."),
    "lobby_open": ("Czekają na graczy", "Waiting for players"),
    "lobby_playing": ("Trwające gry", "Games in progress"),
    "lobby_none_open": ("Nikt teraz nie czeka. Otwórz stół — boty zagrają z tobą.",
                        "Nobody is waiting now. Open a table: bots will play with you."),
    "lobby_none_playing": ("Żadna gra teraz nie trwa.", "No game is going on now."),
    "col_table": ("Stół", "Table"), "col_players": ("Gracze", "Players"),
    "col_rules": ("Zasady", "Rules"), "col_free": ("Wolne", "Free"),
    "col_scores": ("Wynik", "Score"), "col_when": ("Kiedy", "When"),
    "col_result": ("Wynik", "Result"),
    "join": ("Dosiądź się", "Join"), "watch": ("Oglądaj", "Watch"),
    "to_goal": ("do {goal}", "to {goal}"),
    "per_move": ("{s} s na ruch", "{s} s a move"),
    "no_limit": ("bez limitu czasu", "no time limit"),
    "bombs_on": ("bomby", "bombs"), "bombs_off": ("bez bomb", "no bombs"),
    "bot": ("bot", "bot"),
    "deal_n": ("rozdanie {n}", "deal {n}"),
    # Guests and accounts.
    "guest_title": ("Wejdź jako gość", "Come in as a guest"),
    "guest_intro": ("Wystarczy imię, które zobaczą inni przy stole. Konto możesz założyć "
                    "później — twoje gry zostaną z tobą.",
                    "A name the others at the table will see is enough. You can make it an "
                    "account later and keep your games."),
    "nickname": ("Imię przy stole", "Name at the table"),
    "guest_go": ("Wejdź", "Come in"),
    "login_title": ("Logowanie", "Log in"),
    "login_field": ("Login", "Login"), "password": ("Hasło", "Password"),
    "password2": ("Powtórz hasło", "Repeat the password"),
    "login_go": ("Zaloguj", "Log in"),
    "register_title": ("Nowe konto", "New account"),
    "register_go": ("Załóż konto", "Create the account"),
    "claim_title": ("Zamień gościa w konto", "Turn your guest into an account"),
    "claim_intro": ("Grasz jako gość „{name}”. Ustaw login i hasło, a twoje gry zostaną "
                    "przy koncie.", "You play as the guest '{name}'. Choose a login and a "
                    "password and your games stay with the account."),
    "claim_go": ("Załóż konto", "Create the account"),
    "account_title": ("Konto", "Account"),
    "account_is": ("Jesteś zalogowany jako {login} („{name}” przy stole).",
                   "You are logged in as {login} ('{name}' at the table)."),
    "or_guest": ("albo wejdź jako gość", "or come in as a guest"),
    "have_account": ("Masz konto? Zaloguj się", "Have an account? Log in"),
    "no_account": ("Nie masz konta? Załóż je", "No account? Create one"),
    "err_nickname": ("Imię ma od 1 do 20 znaków.", "A name has 1 to 20 characters."),
    "err_login": ("Login: 3–40 znaków: małe litery, cyfry, _ . -",
                  "Login: 3-40 characters: lower-case letters, digits, _ . -"),
    "err_login_taken": ("Ten login jest już zajęty.", "That login is taken."),
    "err_password": ("Hasło ma co najmniej 8 znaków.", "A password has at least 8 characters."),
    "err_password2": ("Hasła się różnią.", "The passwords differ."),
    "err_credentials": ("Zły login albo hasło.", "Wrong login or password."),
    "err_rate": ("Za dużo nieudanych prób. Spróbuj za {s} s.",
                 "Too many failed attempts. Try again in {s} s."),
    "err_csrf": ("Formularz wygasł albo nie pochodzi z tej strony. Wyślij go jeszcze raz.",
                 "The form expired or did not come from this site. Send it again."),
    "err_guest_first": ("Najpierw wejdź jako gość albo zaloguj się.",
                        "Come in as a guest or log in first."),
    # A new table.
    "new_title": ("Nowy stół", "New table"),
    "players_n": ("Liczba graczy", "Players"),
    "players_2": ("dwóch", "two"), "players_3": ("trzech", "three"),
    "players_4": ("czterech (jeden pauzuje)", "four (one sits out)"),
    "goal": ("Gra do", "Play to"),
    "move_time": ("Czas na ruch", "Time per move"),
    "no_limit_opt": ("bez limitu", "no limit"),
    "seconds": ("{s} s", "{s} s"),
    "bombs": ("Bomby", "Bombs"), "on": ("tak", "on"), "off": ("nie", "off"),
    "hints": ("Podpowiedzi", "Hints"),
    "private": ("Stół prywatny (tylko z linkiem)", "Private table (by link only)"),
    "preset": ("Zasady", "Rules"),
    "seats": ("Miejsca", "Seats"),
    "seat_n": ("Miejsce {n}", "Seat {n}"),
    "seat_you": ("ty (gospodarz)", "you (the host)"),
    "seat_human": ("Człowiek — wolne miejsce", "A person: a free seat"),
    "seat_bot": ("Bot: {level}", "Bot: {level}"),
    "advanced": ("Więcej opcji zasad", "More rule options"),
    "advanced_help": ("Po jednej w wierszu: opcja=wartość, np. meld_first_trick=false "
                      "(opcje z RULES.md).",
                      "One a line: option=value, e.g. meld_first_trick=false (the options "
                      "of RULES.md)."),
    "all_options": ("Wszystkie opcje", "Every option"),
    "open_table": ("Otwórz stół", "Open the table"),
    "err_option": ("Opcja: {msg}", "Option: {msg}"),
    # History and records.
    "games_title": ("Moje gry", "My games"),
    "games_none": ("Nie masz jeszcze żadnej gry.", "You have no games yet."),
    "status_open": ("czeka", "waiting"), "status_playing": ("trwa", "in progress"),
    "status_finished": ("zakończona", "finished"), "status_abandoned": ("porzucona", "abandoned"),
    "won_by": ("wygrywa {name}", "{name} wins"), "draw": ("remis", "a draw"),
    "download": ("Pobierz zapis (JSON)", "Download the record (JSON)"),
    "replay": ("Odtwórz", "Replay"),
    "open": ("Otwórz", "Open"),
    "not_found": ("Nie ma takiej strony.", "There is no such page."),
    "no_table": ("Nie ma takiego stołu.", "There is no such table."),
    "record_later": ("Zapis jest dostępny po zakończeniu gry.",
                     "The record is available once the game is over."),
}

#: Words of the table page's script.
CLIENT: dict[str, tuple[str, str]] = {
    "connecting": ("Łączenie…", "Connecting…"),
    "reconnecting": ("Połączenie przerwane — łączę ponownie…", "Connection lost: reconnecting…"),
    "invite": ("Zaproś: wyślij ten link", "Invite: send this link"),
    "copy": ("Kopiuj", "Copy"), "copied": ("Skopiowano", "Copied"),
    "waiting_players": ("Czekamy, aż wszyscy zajmą miejsca i potwierdzą gotowość.",
                        "Waiting until every seat is taken and everyone is ready."),
    "sit_here": ("Usiądź tutaj", "Sit here"), "leave": ("Wstań od stołu", "Leave the seat"),
    "ready": ("Jestem gotów", "I am ready"), "not_ready": ("Jednak nie", "Not yet"),
    "is_ready": ("gotów", "ready"), "not_ready_mark": ("czeka", "not ready"),
    "free_seat": ("wolne miejsce", "free seat"), "remove": ("Usuń", "Remove"),
    "make_bot": ("Bot", "Bot"), "make_open": ("Wolne", "Open"),
    "level_random": ("losowy", "random"), "level_basic": ("podstawowy", "basic"),
    "level_strong": ("silny", "strong"), "level_expert": ("ekspert", "expert"),
    "host": ("gospodarz", "host"), "you": ("ty", "you"), "away": ("nieobecny", "away"),
    "spectating": ("Oglądasz tę grę.", "You are watching this game."),
    "deal": ("Rozdanie {n}", "Deal {n}"),
    "dealer": ("rozdaje", "deals"),
    "declarer_mark": ("grający", "declarer"),
    "trump": ("Atu", "Trump"), "no_trump": ("bez atu", "no trump"),
    "contract": ("Kontrakt", "Contract"), "bid_now": ("Licytacja", "Bid"),
    "goal_barrier": ("Gra do {goal}, próg {barrier}", "Play to {goal}, barrier {barrier}"),
    "goal_only": ("Gra do {goal}", "Play to {goal}"),
    "barrier_mark": ("na progu", "on the barrier"), "barrel_mark": ("na beczce: {n}",
                                                                    "on the barrel: {n}"),
    "sits_out": ("pauzuje", "sits out"),
    "your_turn": ("Twój ruch", "Your move"),
    "turn_of": ("Ruch: {name}", "{name} to move"),
    "bid_prompt": ("Licytujesz: podbij albo pasuj (twój limit: {cap}).",
                   "Your bid: raise or pass (your cap: {cap})."),
    "obligatory": ("{name}: obowiązkowe 100", "{name}: the obligatory 100"),
    "pass": ("Pas", "Pass"), "bid_btn": ("Licytuj {n}", "Bid {n}"),
    "passes": ("pas", "passes"),
    "redeal": ("Nowe rozdanie", "Redeal"),
    "choose_musik": ("Wybierz musik", "Choose a musik"), "musik_n": ("Musik {n}", "Musik {n}"),
    "musik": ("Musik", "Musik"), "musik_hidden": ("musik zakryty", "the musik stays hidden"),
    "seen_musik": ("Widzę musik", "I have seen the musik"),
    "seen_prompt": ("{name} bierze musik: obejrzyj go i potwierdź.",
                    "{name} takes the musik: look at it and confirm."),
    "wait_seen": ("Czekamy, aż wszyscy obejrzą musik: {names}",
                  "Waiting until everybody has seen the musik: {names}"),
    "give_prompt": ("Oddaj po jednej karcie: {to}", "Give one card to each: {to}"),
    "give_to": ("{card} → {name}", "{card} → {name}"),
    "discard_prompt": ("Odłóż {n} karty", "Discard {n} cards"),
    "confirm": ("Zatwierdź", "Confirm"), "reset": ("Od nowa", "Start again"),
    "bomb": ("Bomba", "Bomb"), "bomb_confirm": ("Na pewno bomba? Rozdanie nie będzie grane.",
                                                "Throw a bomb? The deal will not be played."),
    "declare_prompt": ("Zadeklaruj kontrakt (od {low} do {high}).",
                       "Declare the contract ({low} to {high})."),
    "declare_btn": ("Graj za {n}", "Play for {n}"),
    "play_prompt": ("Zagraj kartę.", "Play a card."),
    "lead_prompt": ("Wyjdź do lewy.", "Lead to the trick."),
    "meld_offer": ("Meldunek {suit} {points}?", "Announce the {suit} marriage ({points})?"),
    "meld_yes": ("Zagraj z meldunkiem", "Play and announce"),
    "meld_no": ("Bez meldunku", "Without announcing"),
    "given_you": ("{name} daje ci {card}", "{name} gives you {card}"),
    "trick_n": ("Lewa {n}", "Trick {n}"), "last_trick": ("Poprzednia lewa", "Last trick"),
    "takes": ("bierze {name}", "{name} takes it"),
    "melds": ("Meldunki", "Marriages"),
    "points": ("Punkty", "Points"), "tricks": ("Lewy", "Tricks"),
    "summary": ("Podsumowanie rozdania", "Deal summary"),
    "made": ("{name} gra za {c} i ugrywa ({p} pkt)", "{name} plays {c} and makes it ({p})"),
    "failed": ("{name} gra za {c} i nie ugrywa ({p} pkt)",
               "{name} plays {c} and fails ({p})"),
    "bombed": ("{name} rzuca bombę", "{name} throws a bomb"),
    "draw_deal": ("Rozdanie tysiąca dobieranego", "A deal of the draw game"),
    "col_tricks": ("lewy", "tricks"), "col_cards": ("karty", "cards"),
    "col_melds": ("meld.", "marr."), "col_total": ("razem", "total"),
    "col_change": ("zmiana", "change"), "col_score": ("stan", "score"),
    "next_deal": ("Następne rozdanie", "Next deal"),
    "wait_next": ("Czekamy na: {names}", "Waiting for: {names}"),
    "show_cards": ("Pokaż karty", "Show cards"),
    "dealt": ("Rozdane karty", "Cards dealt"),
    "gives": ("Oddane", "Given"), "discards": ("Odłożone", "Discarded"),
    "chosen": ("wybrany", "chosen"),
    "sheet": ("Tabela wyników", "Score sheet"), "sheet_no": ("Nr", "No."),
    "sheet_marks": ("★ grający (✓ ugrany, ✗ nie), B bomba, – pauza",
                    "★ declarer (✓ made, ✗ failed), B bomb, – sits out"),
    "hint": ("Podpowiedź", "Hint"), "hint_wait": ("Myślę…", "Thinking…"),
    "hint_line": ("{text}: {e} pkt", "{text}: {e} pts"),
    "hint_made": (", ugrane w {p}%", ", made in {p}%"),
    "winner": ("Koniec gry: wygrywa {name}!", "Game over: {name} wins!"),
    "draw_end": ("Koniec gry: remis.", "Game over: a draw."),
    "abandoned": ("Stół zamknięty: wszyscy odeszli.", "The table closed: everybody left."),
    "download": ("Pobierz zapis", "Download the record"), "replay": ("Odtwórz", "Replay"),
    "time_left": ("{s} s", "{s} s"),
    "timeout": ("{name}: czas minął, ruch wykonał bot.",
                "Time ran out: a bot moved for {name}."),
    "illegal": ("Tej karty nie można zagrać", "That card cannot be played"),
    "log": ("Przebieg", "Log"),
    "ev_bid": ("{name}: {n}", "{name}: {n}"), "ev_pass": ("{name}: pas", "{name}: pass"),
    "ev_declare": ("{name} gra za {n}", "{name} plays for {n}"),
    "ev_bomb": ("{name}: bomba!", "{name}: bomb!"),
    "ev_musik": ("{name} bierze musik {n}", "{name} takes musik {n}"),
    "ev_give": ("{name} oddaje karty", "{name} gives two cards"),
    "ev_discard": ("{name} odkłada karty", "{name} discards"),
    "ev_play": ("{name}: {card}", "{name}: {card}"),
    "ev_meld": ("{name}: {card} — meldunek {points}!", "{name}: {card}, marriage {points}!"),
    "ev_redeal": ("{name} prosi o nowe rozdanie", "{name} asks for a redeal"),
    "suit_H": ("kier", "hearts"), "suit_D": ("karo", "diamonds"),
    "suit_C": ("trefl", "clubs"), "suit_S": ("pik", "spades"),
    "cards_left": ("{n} kart", "{n} cards"),
    "stock": ("W talii: {n}", "Stock: {n}"),
    "close": ("Zamknij", "Close"),
    "your_hand": ("Twoje karty", "Your cards"),
    "table_area": ("Stół", "The table"),
}


CLIENT.update({f"note_{k}": v for k, v in NOTE_TEXTS.items()})
CLIENT.update({f"an_{k}": v for k, v in ANALYSIS_TEXTS.items()})
TEXTS.update(ARBITER_TEXTS)          # the arbiter and rules pages' words (arbiter_texts.py)
TEXTS.update(SHEET_TEXTS)            # the score sheet's pages' words (keys sh_…)


def t(key: str, lang: str = "pl", **values: Any) -> str:
    texts = TEXTS.get(key) or CLIENT.get(key)
    if texts is None:
        return key
    text = texts[0 if lang == "pl" else 1]
    return text.format(**values) if values else text


def client_texts(lang: str) -> dict[str, str]:
    i = 0 if lang == "pl" else 1
    return {k: v[i] for k, v in CLIENT.items()}
