"""What each rule option and each preset is, in one line, in Polish and English: the
text of ``tysiac rules`` and of the table menu at the start of ``tysiac play``.
Option ids and presets are those of :mod:`tysiac.rules` (RULES.md)."""

from __future__ import annotations

#: option id -> (Polish, English)
OPTION_TEXTS: dict[str, tuple[str, str]] = {
    "players": ("liczba graczy", "number of players"),
    "mode": ("standard albo dobierany (we dwoje, z dobieraniem ze stosu)",
             "standard, or dobierany (two players drawing from a stock)"),
    "two_player_layout": ("we dwoje: 10 kart i dwa musiki po 2, albo 9 kart i dwa po 3",
                          "two players: 10 cards and two musiks of 2, or 9 and two of 3"),
    "sitting_out": ("we czworo: kto pauzuje; dopisuje 50 za każdego asa w musiku i meldunek "
                    "(K+D) z musiku",
                    "four players: who sits out; adds 50 per ace in the musik and a "
                    "marriage (K+Q) in it"),
    "bid_step": ("o ile rosną stawki licytacji", "the step of bids"),
    "bid_jumps": ("czy wolno przeskoczyć stawkę (od razu 150)",
                  "whether a bid may jump (straight to 150)"),
    "bid_cap": ("limit licytacji: 120 i meldunki na ręce, albo bez limitu",
                "bidding cap: 120 plus the marriages in hand, or none"),
    "redeal_four_nines": ("cztery dziewiątki: wolno poprosić o nowe rozdanie",
                          "four nines: a redeal may be asked for"),
    "redeal_weak_hand_max": ("ręka warta najwyżej tyle punktów: wolno poprosić o nowe "
                             "rozdanie",
                             "a hand worth at most this many points may ask for a redeal"),
    "musik_reveal": ("kiedy musik jest odkryty: zawsze, nie przy niepodbitym 100, od 130, nigdy",
                     "when the musik is shown: always, not at an unraised 100, from 130, never"),
    "declare_cap": ("limit kontraktu: 120 i meldunki na ręce po musiku, albo bez limitu",
                    "contract cap: 120 plus the marriages in hand after the musik, or none"),
    "leftover_cards": ("we dwoje: drugi musik i odłożone karty bierze ostatnia lewa, "
                       "albo nikt",
                       "two players: the other musik and the discards go with the last "
                       "trick, or to nobody"),
    "bomb_points": ("bomba: ile dopisuje każdy przeciwnik", "bomb: what each opponent adds"),
    "bombs_per_player": ("ile bomb ma każdy na partię (null: bez limitu, 0: bez bomb)",
                         "bombs per player and game (null: no limit, 0: no bombs)"),
    "bomb_timing": ("kiedy bomba: przed oddaniem kart albo zamiast deklaracji",
                    "when a bomb: before giving cards, or instead of declaring"),
    "bomb_only_unraised_100": ("bombę rzuca tylko grający niepodbite obowiązkowe 100",
                               "only the holder of an unraised obligatory 100 may bomb"),
    "bomb_free_first": ("pierwsze N bomb gracza nie daje nikomu punktów",
                        "a player's first N bombs give nobody points"),
    "bomb_penalty": ("kara za bomby: co N-ta bomba gracza kosztuje go tyle punktów",
                     "bomb penalty: every N-th bomb of a player costs them this much"),
    "meld_first_trick": ("czy wolno meldować w pierwszej lewie",
                         "whether a marriage may be announced in the first trick"),
    "must_beat": ("do koloru trzeba przebić, jeśli się da", "following suit, beat if you can"),
    "must_trump": ("bez koloru trzeba dać atut", "void in the suit, play a trump"),
    "must_overtrump": ("atut na atut trzeba przebić, jeśli się da",
                       "on a trump, beat it if you can"),
    "rounding": ("punkty obrońców do dziesiątek: 25 → 30 (half_up) albo 25 → 20",
                 "defenders' points to tens: 25 → 30 (half_up) or 25 → 20"),
    "zero_penalty": ("kara za zera: co N-te rozdanie bez lewy kosztuje tyle punktów",
                     "zeros: every N-th deal without a trick costs this much"),
    "goal": ("do ilu punktów gra się partię", "the score that ends the game"),
    "barrier": ("próg: kto zaczyna rozdanie na progu, jako obrońca nic nie dopisuje",
                "barrier: a defender who starts a deal at it adds nothing"),
    "barrier_mode": ("próg: liczy się wynik na początku rozdania, albo wynik ucięty do progu",
                     "barrier: the score at the start of the deal counts, or it is cut to it"),
    "defender_max": ("najwyższy wynik obrońcy: wyżej tylko jako grający",
                     "a defender's highest score: beyond it only as declarer"),
    "barrel": ("beczka: od wyniku at masz deals rozdań na wygraną, potem kara penalty",
               "barrel: from score at, deals deals to win, then the penalty"),
}

#: preset -> (Polish, English): the table it is for.
PRESET_TEXTS: dict[str, tuple[str, str]] = {
    "pl-3": ("we troje, zasady domowe: bomba zamiast deklaracji, próg 800",
             "three players, house rules: bomb instead of declaring, barrier 800"),
    "pl-2": ("we dwoje: bomba przed odłożeniem, tylko przy niepodbitym 100",
             "two players: bomb before discarding, only at an unraised 100"),
    "pl-2-classic": ("we dwoje: bez obowiązku atutu, bomby bez limitu, pierwsza darmowa",
                     "two players: no duty to trump, bombs unlimited, the first free"),
    "pl-4": ("we czworo: rozdający pauzuje, bomba po 40",
             "four players: the dealer sits out, bomb 40"),
    "dobierany": ("we dwoje z dobieraniem ze stosu, bez licytacji i progu",
                  "two players drawing from a stock, no bidding, no barrier"),
    "online-3": ("we troje jak w grze w sieci: bez bomb", "three players as online: no bombs"),
    "online-2": ("we dwoje jak w grze w sieci: bez bomb", "two players as online: no bombs"),
    "house-3": ("we troje, dom: bez meldunku w 1. lewie, obrońca najwyżej 990",
                "three players, house: no marriage in trick 1, defenders up to 990"),
    "tournament-3": ("we troje, turniej: musik od 130, wynik ucięty do progu",
                     "three players, tournament: musik from 130, scores cut to the barrier"),
    "barrel-3": ("we troje z beczką 880 i karą za zera zamiast progu",
                 "three players with the barrel at 880 and zeros instead of a barrier"),
}

#: preset -> the source of its rules (RULES.md section 8).
PRESET_SOURCES: dict[str, str] = {
    "pl-3": "001", "pl-2": "000", "pl-2-classic": "002", "pl-4": "001", "dobierany": "001",
    "online-3": "003", "online-2": "003", "house-3": "004", "tournament-3": "004",
    "barrel-3": "001",
}

#: The sources of RULES.md: (Polish, English).
SOURCE_TEXTS: dict[str, tuple[str, str]] = {
    "000": ("zasady dla dwojga serwisu z botami", "two-player rules of a site with bots"),
    "001": ("pełne zasady dla trojga z wariantami", "full rules for three with variants"),
    "002": ("zasady dla dwojga", "two-player rules"),
    "003": ("zasady stołów w sieci (2 i 3 graczy)", "rules of an online table site (2, 3)"),
    "004": ("zasady dla trojga: dom i turniej", "rules for three: house and tournament"),
}


def option_text(option: str, lang: str) -> str:
    return OPTION_TEXTS[option][0 if lang == "pl" else 1]


def preset_text(preset: str, lang: str) -> str:
    return PRESET_TEXTS[preset][0 if lang == "pl" else 1]


def source_text(source: str, lang: str) -> str:
    return SOURCE_TEXTS[source][0 if lang == "pl" else 1]
