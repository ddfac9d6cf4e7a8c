"""Every text the terminal game shows, in Polish (default) and English."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.hint import Advice
from ..cards import SUIT_NAMES, card_display, mask_of, sorted_for_display
from ..engine import actions as A
from ..engine.errors import IllegalAction
from ..engine.review import NOTE_TEXTS
from ..engine.views import View

_T: dict[str, tuple[str, str]] = {
    # phases and prompts
    "title": ("Tysiąc {preset} · rozdanie {n} · rozdający: {dealer}",
              "Tysiąc {preset} · deal {n} · dealer: {dealer}"),
    "trump": (" · atut {suit}", " · trump {suit}"),
    "no_trump": (" · bez atutu", " · no trump"),
    "bots_play": ("Boty grają…", "The bots are playing…"),
    "waiting": ("Ruch ma {name}…", "{name} to act…"),
    "bid": ("Licytujesz: podbij albo pasuj (twój limit: {cap}).",
            "Your bid: raise or pass (your cap: {cap})."),
    "bid_range": ("Możesz: pas, {low}–{high} co {step}.", "Legal: pass, {low}–{high} by {step}."),
    "bid_only": ("Możesz: pas albo tylko {n}.", "Legal: pass or only {n}."),
    "redeal_offer": ("Możesz poprosić o nowe rozdanie albo grać dalej.",
                     "You may ask for a redeal or play on."),
    "choose_musik": ("Wybierz musik (karty zakryte).", "Choose a musik (face down)."),
    "give": ("Oddaj kartę graczowi {name}: wybierz ją z ręki (podkreślone są z musiku).",
             "Give a card to {name}: pick it from your hand (underlined: from the musik)."),
    "give_ready": ("Oddajesz {gifts}. Zatwierdź albo zacznij od nowa.",
                   "You give {gifts}. Confirm or start again."),
    "discard": ("Odłóż {n} karty: wybierz je z ręki ({k} wybrane; podkreślone są z musiku).",
                "Discard {n} cards: pick them from your hand ({k} picked; underlined: "
                "from the musik)."),
    "discard_ready": ("Odkładasz {cards}. Zatwierdź albo zacznij od nowa.",
                      "You discard {cards}. Confirm or start again."),
    "declare": ("Zadeklaruj kontrakt: od {low} do {high} (limit {high}).",
                "Declare your contract: {low} to {high} (cap {high})."),
    "declare_only": ("Zadeklaruj kontrakt: tylko {n} (twój limit).",
                     "Declare your contract: only {n} (your cap)."),
    "bomb_too": (" Możesz też rzucić bombę.", " You may also throw a bomb."),
    "lead": ("Twój ruch: wyjdź do lewy.", "Your turn: lead to the trick."),
    "follow": ("Twój ruch: dołóż do lewy.", "Your turn: play to the trick."),
    "meld_offer": ("Zameldować parę {suit} ({value})?", "Announce the {suit} marriage ({value})?"),
    "deal_over": ("Koniec rozdania. Enter: następne rozdanie.",
                  "The deal is over. Enter: next deal."),
    "game_over": ("Koniec partii.", "The game is over."),
    # buttons
    "pass": ("Pas", "Pass"),
    "bid_btn": ("Licytuj {n}", "Bid {n}"),
    "declare_btn": ("Graj za {n}", "Declare {n}"),
    "bomb": ("Bomba", "Bomb"),
    "musik_btn": ("Musik {n}", "Musik {n}"),
    "confirm": ("Zatwierdź", "Confirm"),
    "reset": ("Od nowa", "Start again"),
    "meld_yes": ("{card} z meldunkiem", "{card} with marriage"),
    "meld_no": ("{card} bez meldunku", "{card} without"),
    "cancel": ("Anuluj", "Cancel"),
    "next_deal": ("Dalej", "Next"),
    "redeal": ("Nowe rozdanie", "Redeal"),
    "play_on": ("Graj dalej", "Play on"),
    "show_cards": ("Pokaż karty", "Show cards"),
    "sheet": ("Tabela wyników", "Score sheet"),
    "quit": ("Koniec", "Quit"),
    "rematch": ("Rewanż", "Rematch"),
    "no_cards_now": ("Teraz nie zagrywa się kart: trwa {phase}.",
                     "No card is played now: this is {phase}."),
    "confirm_quit": ("Naciśnij q jeszcze raz, by zakończyć (partia jest zapisana); "
                     "inny klawisz: graj dalej.",
                     "Press q again to quit (the game is saved); any other key: play on."),
    "confirm_bomb": ("Naciśnij b jeszcze raz, by rzucić bombę (rozdania się nie gra); "
                     "inny klawisz: nie.",
                     "Press b again to throw a bomb (the deal is not played); "
                     "any other key: no."),
    "save_failed": ("Nie można zapisać partii: {reason}", "Cannot save the game: {reason}"),
    "save_file": ("Zapis partii: {path}", "Game file: {path}"),
    "resume_hint": ("Wznów: {command}", "Resume: {command}"),
    # keys bar
    "keys": ("←→ Enter wybór · t tabela · k karty · h rada{undo} · ? pomoc · q koniec",
             "←→ Enter choose · t sheet · k cards · h hint{undo} · ? help · q quit"),
    "key_undo": (" · u cofnij", " · u undo"),
    # table
    "bidding": ("Licytacja: {moves}", "Bidding: {moves}"),
    "obligatory": ("{name} 100 (obowiązkowe)", "{name} 100 (obligatory)"),
    "obligatory_short": ("{name} 100", "{name} 100"),
    "passes": ("{name} pas", "{name} passes"),
    "declarer": ("Grający: {name}, licytacja {bid}", "Declarer: {name}, bid {bid}"),
    "contract": ("Grający: {name}, kontrakt {contract}", "Declarer: {name}, contract {contract}"),
    "musik": ("Musik: {cards}", "Musik: {cards}"),
    "musik_hidden": ("Musik: zakryty", "Musik: not shown"),
    "given_to_me": ("Dostajesz od grającego: {card}", "The declarer gave you: {card}"),
    "my_gifts": ("Oddane: {gifts}", "Given: {gifts}"),
    "my_discards": ("Odłożone: {cards}", "Discarded: {cards}"),
    "trick_no": ("Lewa {n}", "Trick {n}"),
    "leads": ("wychodzi", "leads"),
    "wins": ("bierze", "wins"),
    "your_card": ("twój ruch", "your turn"),
    "last_trick": ("Poprzednia lewa:", "Last trick:"),
    "trick_taken": ("Lewa {n}: bierze {name}", "Trick {n}: {name} takes it"),
    "next_trick": ("Lewa {n}: wychodzi {name}…", "Trick {n}: {name} leads…"),
    "next_trick_you": ("Lewa {n}: twój ruch, wychodzisz", "Trick {n}: your lead"),
    "last_trick_of_deal": ("Ostatnia lewa: {plays} → {name}", "Last trick: {plays} → {name}"),
    "melds_line": ("Meldunki: {melds}", "Marriages: {melds}"),
    "deal_points": ("Punkty (lewy):", "Points (tricks):"),
    "stock": ("Stos: {n} kart", "Stock: {n} cards"),
    "drawn": ("Ostatnio dobrana: ", "Last drawn: "),
    # side panel
    "scores": ("Wyniki", "Scores"),
    "out_mark": ("pauzuje", "sits out"),
    "bombs_mark": ("bomby {n}", "bombs {n}"),
    "goal": ("Gra do {goal}, próg {barrier}", "Goal {goal}, barrier {barrier}"),
    "goal_barrel": ("Gra do {goal}, beczka {at}", "Goal {goal}, barrel {at}"),
    "goal_only": ("Gra do {goal}", "Goal {goal}"),
    "legend": ("R rozdaje  ★ grający\n▲ próg ⊙ beczka – pauza",
               "D deals  ★ declarer\n▲ barrier ⊙ barrel – out"),
    # summary
    "sum_head": ("Rozdanie {n}: {what}", "Deal {n}: {what}"),
    "sum_made": ("{name} gra za {c} i ugrywa ({p} pkt)", "{name} plays {c} and makes it ({p} pts)"),
    "sum_failed": ("{name} gra za {c} i nie ugrywa ({p} pkt)",
                   "{name} plays {c} and fails ({p} pts)"),
    "sum_made_you": ("grasz za {c} i ugrywasz ({p} pkt)", "you play {c} and make it ({p} pts)"),
    "sum_failed_you": ("grasz za {c} i nie ugrywasz ({p} pkt)",
                       "you play {c} and fail ({p} pts)"),
    "sum_bomb_you": ("rzucasz bombę: rozdania się nie gra",
                     "you throw a bomb: the deal is not played"),
    "sum_bomb": ("{name} rzuca bombę: rozdania się nie gra",
                 "{name} throws a bomb: the deal is not played"),
    "sum_draw_game": ("każdy dopisuje swoje punkty", "each player adds their points"),
    "sum_cols": ("{name:<10} {lewy:>4} {karty:>6} {meld:>9} {razem:>6} {zmiana:>7} {stan:>6}",
                 "{name:<10} {lewy:>4} {karty:>6} {meld:>9} {razem:>6} {zmiana:>7} {stan:>6}"),
    "col_tricks": ("lewy", "tr."),
    "col_cards": ("karty", "cards"),
    "col_melds": ("meldunki", "marriage"),
    "col_total": ("razem", "total"),
    "col_change": ("zmiana", "change"),
    "col_score": ("stan", "score"),
    "leftover_you": ("Karty spoza gry ({p} pkt) bierzesz z ostatnią lewą.",
                     "You take the leftover cards ({p} pts) with the last trick."),
    "leftover": ("Karty spoza gry ({p} pkt) bierze {name} z ostatnią lewą.",
                 "{name} takes the leftover cards ({p} pts) with the last trick."),
    "winner": ("Partię wygrywa {name}!", "{name} wins the game!"),
    "winner_you": ("Wygrywasz partię!", "You win the game!"),
    "draw": ("Partia kończy się remisem.", "The game ends in a draw."),
    # Pokaż karty
    "show_head": ("Pokaż karty: rozdanie {n}, rozdający: {dealer}",
                  "Show cards: deal {n}, {dealer} dealt"),
    "show_dealt": ("Rozdane karty:", "Cards dealt:"),
    "show_musik": ("Musik: {cards}", "Musik: {cards}"),
    "show_musik_n": ("Musik {i}: {cards}{chosen}", "Musik {i}: {cards}{chosen}"),
    "chosen": (" (wybrany)", " (chosen)"),
    "show_stock": ("Stos: {cards}", "Stock: {cards}"),
    "show_gives": ("{name} oddaje: {gifts}", "{name} gives: {gifts}"),
    "show_gives_you": ("Oddajesz: {gifts}", "You give: {gifts}"),
    "show_discards": ("{name} odkłada: {cards}", "{name} discards: {cards}"),
    "show_discards_you": ("Odkładasz: {cards}", "You discard: {cards}"),
    "show_declare": ("{name} gra za {n}", "{name} declares {n}"),
    "show_declare_you": ("Grasz za {n}", "You declare {n}"),
    "show_bomb": ("{name} rzuca bombę", "{name} throws a bomb"),
    "show_bomb_you": ("Rzucasz bombę", "You throw a bomb"),
    "show_tricks": ("Lewy:", "Tricks:"),
    "show_trick": ("{i:>2}. {plays} → {name}", "{i:>2}. {plays} → {name}"),
    "show_taken": ("Wzięte lewy:", "Tricks taken:"),
    "show_taken_seat": ("{name}: lewy {tricks} — {p} pkt", "{name}: tricks {tricks} — {p} pts"),
    "show_taken_none": ("{name}: bez lewy", "{name}: no tricks"),
    "no_deal_yet": ("Nie rozegrano jeszcze żadnego rozdania.", "No deal has been played yet."),
    # score sheet
    "sheet_head": ("Tabela wyników ({preset})", "Score sheet ({preset})"),
    "sheet_no": ("Nr", "No"),
    "sheet_marks": ("★ grający (✓ ugrany, ✗ nie), B bomba, – pauza",
                    "★ declarer (✓ made, ✗ failed), B bomb, – sits out"),
    # help
    "help_head": ("Klawisze", "Keys"),
    "help_mouse": ("Myszą: kliknij kartę albo przycisk.", "Mouse: click a card or a button."),
    "close": ("Esc: zamknij", "Esc: close"),
    "help_title": ("Pomoc", "Help"),
    "undo_off": ("Cofanie jest wyłączone (uruchom z --undo).", "Undo is off (start with --undo)."),
    "undo_none": ("Nie ma karty do cofnięcia w tym rozdaniu.", "No card of yours to take back."),
    "undone": ("Cofnięto twoją ostatnią kartę.", "Your last card was taken back."),
    "thinking": ("Myślę…", "Thinking…"),
    "hint_none": ("Podpowiedź jest tylko przy twoim ruchu.", "Hints are for your turn."),
    "hint": ("Rada (bilans pkt): {advice}", "Advice (expected margin): {advice}"),
    "hint_made": (", {name} ugra {c}: szansa {p}%", ", {name} makes {c}: {p}% chance"),
    "hint_made_you": (", ugrasz {c}: szansa {p}%", ", you make {c}: {p}% chance"),
    "hint_picked": ("Karty wybrane: zatwierdź albo zacznij od nowa.",
                    "Every card is picked: confirm or start again."),
    # plain mode
    "p_intro": ("Tysiąc {preset}. Przy stole: {names}. Wpisz ? po pomoc.",
                "Tysiąc {preset}. At the table: {names}. Type ? for help."),
    "p_next": ("Koniec rozdania. Możesz:", "The deal is over. Choose:"),
    "p_next_deal": ("następne rozdanie", "next deal"),
    "p_over": ("Koniec partii. Możesz:", "The game is over. Choose:"),
    "p_quit": ("koniec", "quit"),
    "p_rematch": ("rewanż (ten sam stół, nowe karty)", "rematch (the same table, new cards)"),
    "p_rematch_start": ("Rewanż: nowa partia przy tym samym stole.",
                        "Rematch: a new game at the same table."),
    "p_give": ("Oddaj kartę graczowi {name} (numer albo kartę, {example}{both}).",
               "Give a card to {name} (a number or a card, {example}{both})."),
    "p_give_both": ("; obie naraz: 3 7", "; both at once: 3 7"),
    "p_discard": ("Odłóż kartę: {k}. z {n} (numer albo kartę, {example}{all}).",
                  "Discard a card: {k} of {n} (a number or a card, {example}{all})."),
    "p_discard_all": ("; wszystkie naraz: 3 7", "; all at once: 3 7"),
    "p_picked": ("Wybrane: {cards} (u: cofnij wybór).", "Picked: {cards} (u: take it back)."),
    "p_hand": ("Twoje karty:", "Your cards:"),
    "p_declare": ("Zadeklaruj kontrakt.", "Declare your contract."),
    "p_options": ("Możesz:", "Choose:"),
    "p_meld": ("{card} z meldunkiem {suit} {value}", "{card} announcing {suit} {value}"),
    "p_unknown": ("Nie rozumiem: {text}. Wpisz numer z listy, kartę ({example}) albo ? "
                  "po pomoc.",
                  "Not understood: {text}. Type a number from the list, a card ({example}) "
                  "or ? for help."),
    "p_no_number": ("Nie ma numeru {n} na liście: wpisz numer od 1 do {last}.",
                    "There is no number {n} on the list: type a number from 1 to {last}."),
    "p_giveup": ("Zbyt wiele niezrozumiałych odpowiedzi z rzędu: koniec.",
                 "Too many answers not understood in a row: stopping."),
    "p_help": (
        "Wpisz numer z listy albo: kartę, {form}; z + na końcu, by zameldować: "
        "K kier+; stawkę (120), pas, bomba. Polecenia: t tabela wyników, k pokaż karty "
        "ostatniego rozdania, s stan rozdania, h rada bota, u cofnij kartę (z --undo) "
        "albo wybór przy oddawaniu, q koniec. Partia zapisuje się po każdym ruchu.",
        "Type a number from the list or: a card, {form}; end with + to "
        "announce a marriage: KH+; a bid (120), pass, bomb. Commands: t score sheet, k show "
        "the cards of the last deal, s the deal so far, h a bot's advice, u take a card "
        "back (with --undo) or a pick while giving, q quit. The game is saved after every "
        "move."),
    # narration (plain mode, the latest events)
    "n_deal": ("Rozdanie {n}, rozdający: {dealer}.", "Deal {n}, dealer: {dealer}."),
    "n_out": ("Pauzuje {name}.", "{name} sits out."),
    "n_you_out": ("Pauzujesz w tym rozdaniu.", "You sit out this deal."),
    "n_hand": ("Twoje karty: {cards}.", "Your cards: {cards}."),
    "n_obligatory": ("{name} ma obowiązkowe 100.", "{name} has the obligatory 100."),
    "n_obligatory_you": ("Masz obowiązkowe 100.", "You have the obligatory 100."),
    "n_bids": ("{name}: {bid}.", "{name}: {bid}."),
    "n_passes": ("{name}: pas.", "{name}: pass."),
    "n_declarer": ("Licytację wygrywa {name} ({bid}).", "{name} wins the bidding ({bid})."),
    "n_declarer_you": ("Wygrywasz licytację ({bid}).", "You win the bidding ({bid})."),
    "n_musik": ("Musik: {cards}.", "Musik: {cards}."),
    "n_musik_n": ("{name} bierze musik {i}: {cards}.", "{name} takes musik {i}: {cards}."),
    "n_musik_n_you": ("Bierzesz musik {i}: {cards}.", "You take musik {i}: {cards}."),
    "n_musik_hidden": ("Musik nie jest odkryty.", "The musik is not shown."),
    "n_got": ("{name} daje ci {card}.", "{name} gives you {card}."),
    "n_bomb": ("{name} rzuca bombę.", "{name} throws a bomb."),
    "n_bomb_you": ("Rzucasz bombę.", "You throw a bomb."),
    "n_contract": ("{name} gra za {n}.", "{name} declares {n}."),
    "n_contract_you": ("Grasz za {n}.", "You declare {n}."),
    "n_plays": ("{name}: {card}{meld}.", "{name}: {card}{meld}."),
    "n_meld": (", meldunek {suit} {value}", ", marriage {suit} {value}"),
    "n_takes": ("Lewę {i} bierze {name}.", "{name} takes trick {i}."),
    "n_takes_you": ("Lewę {i} bierzesz.", "You take trick {i}."),
}


# The help page, a block per phase: the keys of the decision on the screen first,
# then the keys of every phase. Each line: (keys, Polish, English).
_T.update({f"note_{k}": v for k, v in NOTE_TEXTS.items()})   # notes on settling

_HELP: dict[str, tuple[tuple[str, str, str], ...]] = {
    "bid": (("↑ ↓  + −", "wyżej / niżej: stawka na przycisku", "higher / lower: the bid "
             "on the button"),
            ("← → / Tab", "między przyciskami", "between the buttons"),
            ("Enter", "naciśnij przycisk (licytuj, pas)", "press the button (bid, pass)"),
            ("p", "pas", "pass")),
    "declare": (("↑ ↓  + −", "wyżej / niżej: kontrakt na przycisku",
                 "higher / lower: the contract on the button"),
                ("← → / Tab", "między przyciskami", "between the buttons"),
                ("Enter", "naciśnij przycisk (graj za…, bomba)",
                 "press the button (declare, bomb)")),
    "choose_musik": (("← → / Tab", "między musikami", "between the musiks"),
                     ("Enter", "weź musik", "take the musik")),
    "exchange": (("← → / Tab", "wybór karty albo przycisku", "pick a card or a button"),
                 ("↑ ↓", "między ręką a przyciskami", "between the hand and the buttons"),
                 ("Enter", "wybierz kartę (jeszcze raz: odłóż z powrotem), zatwierdź",
                  "pick the card (again: put it back), confirm")),
    "play": (("← → / Tab", "wybór karty", "pick a card"),
             ("↑ ↓", "między ręką a przyciskami", "between the hand and the buttons"),
             ("Enter", "zagraj kartę (z K albo D z pary: pytanie o meldunek)",
              "play the card (a K or Q of a marriage: asked about it)")),
    "between": (("Enter", "następne rozdanie", "next deal"),
                ("← →", "między przyciskami", "between the buttons")),
    "over": (("← →  Enter", "rewanż, tabela, karty, koniec",
              "rematch, score sheet, cards, quit"),),
    "waiting": (),
    "always": (("b b", "bomba (dwa razy: rozdania się nie gra)",
                "bomb (twice: the deal is not played)"),
               ("t", "tabela wyników", "score sheet"),
               ("k", "pokaż karty ostatniego rozdania", "show the cards of the last deal"),
               ("h", "podpowiedź (rada bota)", "hint (a bot's advice)"),
               ("u", "cofnij swoją ostatnią kartę", "take your last card back"),
               ("q q", "koniec (dwa razy; partia jest zapisana)",
                "quit (twice; the game is saved)"),
               ("Ctrl-C", "koniec od razu", "quit at once"),
               ("Esc", "zamknij to okno", "close this window")),
}


def help_lines(phase: str, lang: str, undo: bool, bomb: bool) -> list[str]:
    """The help page for ``phase`` (an engine phase, ``between``, ``over`` or
    ``waiting``): ``u`` only with undo on, ``b`` only where a bomb may be thrown."""
    i = 1 if lang == "pl" else 2
    lines = [tr("help_head", lang)]
    for block in (phase, "always"):
        for entry in _HELP.get(block, ()):
            if entry[0] == "u" and not undo or entry[0] == "b b" and not bomb:
                continue
            lines.append(f"  {entry[0]:<11} {entry[i]}")
    lines.append(tr("help_mouse", lang))
    return lines


def tr(key: str, lang: str, **kw: object) -> str:
    """The text ``key`` in ``lang``, filled with ``kw``."""
    return _T[key][0 if lang == "pl" else 1].format(**kw)


def tr_about(key: str, lang: str, seat: int | None, you: int | None, **kw: object) -> str:
    """``key`` about ``seat``, said to "you" (``key_you``) when it is the human's seat:
    "Grasz za 120", not "Ty gra za 120"."""
    if seat is not None and seat == you and key + "_you" in _T:
        return tr(key + "_you", lang, **kw)
    return tr(key, lang, **kw)


def card(c: int, lang: str) -> str:
    return card_display(c, lang)


def cards(cs: Sequence[int], lang: str) -> str:
    return " ".join(card_display(c, lang) for c in cs) or "—"


def hand_text(hand: Sequence[int], lang: str) -> str:
    """A hand as players hold it: by suit, strongest first."""
    return cards(sorted_for_display(mask_of(hand)), lang)


def bid_prompt(cap: int, bids: Sequence[int], step: int, lang: str) -> str:
    """The bidding question and the legal bids: a range, or "only 160"."""
    text = tr("bid", lang, cap=cap)
    if len(bids) == 1:
        return text + " " + tr("bid_only", lang, n=bids[0])
    if bids:
        return text + " " + tr("bid_range", lang, low=bids[0], high=bids[-1], step=step)
    return text


def declare_prompt(values: Sequence[int], lang: str) -> str:
    """The declaration question: from the bid to the cap, or "only 160"."""
    if len(values) == 1:
        return tr("declare_only", lang, n=values[0])
    return tr("declare", lang, low=values[0], high=values[-1])


def suit_name(suit: int, lang: str) -> str:
    return SUIT_NAMES["pl" if lang == "pl" else "en"][suit]


def advice_text(advice: Sequence[Advice], view: View, names: Sequence[str], lang: str) -> str:
    """The strong bot's advice, best first: ``pas +16, Ania ugra 120: szansa 22% · 120 -5``;
    the chance is of the contract the move leads to, and says whose it is."""
    items = []
    for i, a in enumerate(advice):
        text = f"{A.describe(a.action, lang)} {a.expected:+.0f}"
        whose = _contract_of(a.action, view)
        if i == 0 and a.made is not None and whose is not None:
            seat, c = whose
            text += tr_about("hint_made", lang, seat, view.seat, name=names[seat], c=c,
                             p=round(100 * a.made))
        items.append(text)
    return tr("hint", lang, advice=" · ".join(items))


def _contract_of(action: int, view: View) -> tuple[int, int] | None:
    """Whose contract, and for how much, the chance of ``Advice.made`` is about: the
    highest bid's after a pass, the contract in play, else the seat's own."""
    kind = A.kind(action)
    if kind == "pass":
        seat, value = view.bidder, view.bid
    elif kind in ("bid", "declare"):
        seat, value = view.seat, A.value_of(action)
    elif kind == "play":
        seat, value = view.declarer, view.contract or view.bid
    else:
        seat, value = view.seat, view.contract or view.bid
    return None if seat is None or value is None else (seat, value)


# Reasons for the human's own illegal moves, said to "you".
_REASONS: dict[str, tuple[str, str]] = {
    "must_follow": ("Musisz dołożyć do koloru {suit} (masz {card}).",
                    "You must follow {suit} (you have the {card})."),
    "must_beat": ("Musisz przebić {target} (masz {card}).",
                  "You must beat the {target} (you have the {card})."),
    "must_trump": ("Nie masz koloru {suit}: musisz dać atut (masz {card}).",
                   "You have no {suit}: you must play a trump (you have the {card})."),
    "must_overtrump": ("Musisz przebić atut {target} (masz {card}).",
                       "You must beat the trump {target} (you have the {card})."),
}


def reason(e: IllegalAction, lang: str, names: Sequence[str], legal: Sequence[int] = ()) -> str:
    """Why the human's move is illegal, short, in ``lang``. ``legal`` (the legal
    actions) gives the example card: one the player may really play."""
    if e.rule not in _REASONS:
        return e.message(lang, names)
    p = dict(e.params)
    playable = [A.card_of(a) for a in legal if A.kind(a) == "play"]
    if playable and "card" in p:
        p["card"] = max(playable)
    return _REASONS[e.rule][0 if lang == "pl" else 1].format(
        suit=suit_name(p["suit"], lang) if "suit" in p else "",
        card=card_display(p["card"], lang) if "card" in p else "",
        target=card_display(p["target"], lang) if "target" in p else "")
