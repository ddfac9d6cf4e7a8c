"""The plain line mode (``tysiac play --plain``): numbered choices and cards typed in the
player's language on standard input, sentences on standard output, for screen readers
and scripts.

Same session as the full-screen game: same bots, same saving after every action,
same ``--resume``. Every question takes a number from its list, so a game can be
driven by numbers alone; the end of input quits (the game is already saved), and so
do many answers in a row that are not understood.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..analysis import NotAnalysable
from ..analysis.text import game_lines
from ..analysis.text import tr as analysis_tr
from ..cards import MARRIAGE_VALUES, SUIT_SYMBOLS, mask_of, sorted_for_display
from ..engine import actions as A
from ..engine.errors import IllegalAction
from ..engine.views import View
from ..oserrors import os_reason
from .cardtext import CardTextError, card_example, card_form_help, card_tokens, read_card
from .narrate import Narrator
from .session import Session
from .summary import deal_summary, score_sheet, show_cards
from .texts import advice_text, card, cards, hand_text, reason, tr

_COMMANDS = {
    "?": "help", "pomoc": "help", "help": "help",
    "t": "sheet", "tabela": "sheet", "sheet": "sheet",
    "k": "cards", "karty": "cards", "cards": "cards",
    "u": "undo", "cofnij": "undo", "undo": "undo",
    "h": "hint", "rada": "hint", "hint": "hint",
    "s": "status", "stan": "status", "status": "status",
    "q": "quit", "koniec": "quit", "quit": "quit", "exit": "quit",
}
_PASS = ("pas", "pass")
_BOMB = ("bomba", "bomb")

#: Answers not understood in a row before the game stops (a script gone wrong).
MAX_UNKNOWN = 20


def plain_resume(path: Path) -> str:
    """The command that resumes a plain game saved in ``path``."""
    return f"tysiac play --plain --resume {shlex.quote(str(path))}"


class PlainGame:
    def __init__(self, session: Session, lang: str, inp: TextIO, out: TextIO,
                 resume: Callable[[Path], str] = plain_resume) -> None:
        self.s = session
        self.lang = lang
        self.inp = inp
        self.out = out
        self.resume = resume
        self.narrator = Narrator(session.names, lang)
        self.summarised = len(session.game.results)
        self.picks: list[int] = []      # cards picked to give or discard, not yet applied
        self.unknown = 0                # answers not understood in a row
        isatty = getattr(inp, "isatty", None)
        self.echo = not (callable(isatty) and isatty())

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """A line of input after ``prompt``; None at the end of input."""
        print(prompt, file=self.out)
        print("> ", end="", file=self.out)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        line = line.strip()
        if self.echo:               # a transcript reads like the game typed at a terminal
            print(line, file=self.out)
        return line

    def run(self) -> int:
        s, lang = self.s, self.lang
        self.say(tr("p_intro", lang, preset=s.game.rules.preset_name,
                    names=", ".join(s.names)))
        if s.path is not None:
            self.say(tr("save_file", lang, path=s.path))
        s.begin()
        while True:
            s = self.s
            self.say(*self.narrator.news(s.view(), len(s.game.log)))
            if len(s.game.results) > self.summarised:
                self.summarised = len(s.game.results)
                self.say("", *deal_summary(s.game, s.names, lang, s.human), "")
                if s.over:
                    self.say(*score_sheet(s.game, s.names, lang))
            if s.save_error is not None:
                self.say(tr("save_failed", lang, reason=os_reason(s.save_error, lang)))
            line = self.ask(self.prompt())
            if line is None or not self.handle(line):
                if self.s.path is not None and not self.s.over:
                    self.say(tr("resume_hint", lang, command=self.resume(self.s.path)))
                return 0

    # --- what is asked --------------------------------------------------------

    def prompt(self) -> str:
        head, items = self.menu()
        return head + " " + _numbered(items)

    def menu(self) -> tuple[str, list[str]]:
        """What is asked now, and the numbered choices of the answer."""
        s, lang = self.s, self.lang
        if s.over:
            return tr("p_over", lang), [tr("p_quit", lang), tr("p_rematch", lang)]
        if s.between_deals:
            return tr("p_next", lang), [tr("p_next_deal", lang) + " (Enter)",
                                        tr("show_cards", lang), tr("sheet", lang),
                                        tr("p_quit", lang)]
        v = s.view()
        if not v.my_turn:
            return tr("redeal_offer", lang), [tr("play_on", lang), tr("redeal", lang)]
        if v.phase == "exchange":
            return self.exchange_menu(v)
        head = {
            "bid": tr("bid", lang, cap=v.cap),
            "choose_musik": tr("choose_musik", lang),
            "declare": tr("p_declare", lang),
            "play": tr("follow" if v.trick else "lead", lang),
        }[v.phase]
        if v.phase == "play":
            head += " " + tr("n_hand", lang, cards=hand_text(v.hand, lang))
        return head + " " + tr("p_options", lang), [self.option_text(a)
                                                    for a in self.options(v)]

    def exchange_menu(self, v: View) -> tuple[str, list[str]]:
        """One card at a time: to the next receiver, or the next discard."""
        s, lang = self.s, self.lang
        example = card_example(lang)
        first = not self.picks
        if v.players == 2:
            need = v.rules.musik_size
            text = tr("p_discard", lang, k=len(self.picks) + 1, n=need, example=example,
                      all=tr("p_discard_all", lang) if first else "")
        else:
            receiver = s.receivers()[len(self.picks)]
            text = tr("p_give", lang, name=s.names[receiver], example=example,
                      both=tr("p_give_both", lang) if first else "")
        if self.picks:
            text += " " + tr("p_picked", lang, cards=cards(self.picks, lang))
        items = [card(c, lang) for c in self.exchange_hand(v)]
        if A.BOMB in v.legal and first:
            items.append(tr("bomb", lang).lower())
        return text + " " + tr("p_hand", lang), items

    def exchange_hand(self, v: View) -> list[int]:
        """The cards still to pick from, in the order they are numbered."""
        return [c for c in sorted_for_display(mask_of(v.hand)) if c not in self.picks]

    def options(self, v: View) -> list[int]:
        """The legal actions in the order they are numbered."""
        if v.phase == "play":
            order = {c: i for i, c in enumerate(sorted_for_display(mask_of(v.hand)))}
            return sorted(v.legal, key=lambda a: (order[A.card_of(a)], A.is_meld(a)))
        return list(v.legal)

    def option_text(self, a: int) -> str:
        lang = self.lang
        if A.kind(a) == "play" and A.is_meld(a):
            suit = A.card_of(a) // 6
            return tr("p_meld", lang, card=card(A.card_of(a), lang), suit=SUIT_SYMBOLS[suit],
                      value=MARRIAGE_VALUES[suit])
        if A.kind(a) == "play":
            return card(A.card_of(a), lang)
        if A.kind(a) == "bid":
            return str(A.value_of(a))
        return A.describe(a, lang)

    # --- what is answered ----------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one line; False to quit."""
        s, lang = self.s, self.lang
        if not line and not s.between_deals:
            return True                     # asked again
        try:
            understood = self.answer(line)
        except IllegalAction as e:
            self.say(reason(e, lang, s.names, s.view().legal))
            understood = True
        except (ValueError, IndexError):
            understood = False
        if understood is None:
            return False
        if understood:
            self.unknown = 0
            return True
        n, listed = _number(line), len(self.menu()[1])
        if n is not None and n < 100 and not 1 <= n <= listed:
            self.say(tr("p_no_number", lang, n=n, last=listed))
        else:
            self.say(tr("p_unknown", lang, text=line, example=card_example(lang)))
        self.unknown += 1
        if self.unknown >= MAX_UNKNOWN:
            self.say(tr("p_giveup", lang))
            return False
        return True

    def answer(self, line: str) -> bool | None:
        """Act on ``line``: True if understood, False if not, None to quit."""
        s = self.s
        n = _number(line)
        command = _COMMANDS.get(line.lower())
        if s.over:
            if n == 1:
                return None
            if n == 2:
                return self.rematch()
        elif s.between_deals:
            if not line or n == 1:
                s.start_deal()
                return True
            command = {2: "cards", 3: "sheet", 4: "quit"}.get(n or 0, command)
        if command is not None:
            return self.command(command)
        if s.over or s.between_deals:
            return False
        v = s.view()
        if not v.my_turn:
            if n == 1:
                s.run_bots()
            elif n == 2:
                s.act(A.redeal(s.human))
            else:
                return False
            return True
        if v.phase == "exchange":
            return self.exchange(v, line)
        s.act(self.parse(v, line))
        return True

    def rematch(self) -> bool:
        try:
            self.s = self.s.rematch(self.lang)
        except OSError as e:
            self.say(tr("save_failed", self.lang, reason=os_reason(e, self.lang)))
            return True
        self.narrator = Narrator(self.s.names, self.lang)
        self.summarised = 0
        self.say(tr("p_rematch_start", self.lang))
        if self.s.path is not None:
            self.say(tr("save_file", self.lang, path=self.s.path))
        self.s.begin()
        return True

    def parse(self, v: View, text: str) -> int:
        """A numbered choice, a bid or a contract (100 and up), pass, bomb, or a card."""
        n = _number(text)
        options = self.options(v)
        if n is not None and n < 100:
            if not 1 <= n <= len(options):
                raise ValueError(text)
            return options[n - 1]
        if n is not None:
            return A.parse(text, v.phase)
        if text.lower() in _PASS:
            return A.PASS
        if text.lower() in _BOMB:
            return A.BOMB
        meld = text.endswith("+")
        return A.play(read_card(text.rstrip("+"), self.lang), meld)

    def exchange(self, v: View, line: str) -> bool:
        """The gives (the first to the next opponent) or the discards, one card a line
        or several at once, as numbers of the list or cards; a bomb instead."""
        hand = self.exchange_hand(v)
        bomb = A.BOMB in v.legal and not self.picks
        if line.lower() in _BOMB or bomb and _number(line) == len(hand) + 1:
            if not bomb:
                return False
            self.s.act(A.BOMB)
            return True
        picked = []
        for token in card_tokens(line, self.lang):
            n = _number(token)
            if n is not None:
                if not 1 <= n <= len(hand):
                    return False
                picked.append(hand[n - 1])
            else:
                try:
                    picked.append(read_card(token, self.lang))
                except CardTextError:
                    return False
        need = v.rules.musik_size if v.players == 2 else len(self.s.receivers())
        if len(self.picks) + len(picked) > need or len(set(self.picks + picked)) < len(
                self.picks + picked):
            return False
        picks = self.picks + picked
        if len(picks) < need:
            if any(c not in v.hand for c in picked):
                return False
            self.picks = picks
            return True
        self.picks = []
        if v.players == 2:
            self.s.discard(picks)
        else:
            self.s.give(dict(zip(self.s.receivers(), picks, strict=True)))
        return True

    def show_cards(self) -> None:
        """"Pokaż karty" with the deal's analysis, and the game's line per player."""
        s, lang = self.s, self.lang
        if not s.game.results:
            self.say(*show_cards(s.game, s.names, lang, s.human))
            return
        self.say(analysis_tr("analysing", lang))
        try:
            analysis = s.analysis()
        except NotAnalysable as e:
            self.say(*show_cards(s.game, s.names, lang, s.human), "", e.message(lang))
            return
        totals, analysed = s.analysed()
        self.say(*show_cards(s.game, s.names, lang, s.human, analysis=analysis), "",
                 *game_lines(totals, s.names, analysed, lang))

    def command(self, command: str) -> bool | None:
        s, lang = self.s, self.lang
        if command == "quit":
            return None
        if command == "help":
            self.say(tr("p_help", lang, form=card_form_help(lang)))
        elif command == "sheet":
            self.say(*score_sheet(s.game, s.names, lang))
        elif command == "cards":
            self.show_cards()
        elif command == "undo":
            if self.picks:
                self.picks.pop()
            elif not s.table.undo:
                self.say(tr("undo_off", lang))
            elif s.undo():
                self.narrator = Narrator(s.names, lang)
                self.say(tr("undone", lang))
            else:
                self.say(tr("undo_none", lang))
        elif command == "hint":
            advice = s.hint(self.picks)[:3]
            self.say(advice_text(advice, s.view(), s.names, lang) if advice
                     else tr("hint_none", lang))
        elif command == "status":
            self.narrator = Narrator(s.names, lang)
        return True


def _numbered(items: list[str]) -> str:
    return ", ".join(f"{i}) {text}" for i, text in enumerate(items, 1))


def _number(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.isdigit() else None


def run_plain(session: Session, lang: str, inp: TextIO, out: TextIO,
              resume: Callable[[Path], str] = plain_resume) -> int:
    return PlainGame(session, lang, inp, out, resume).run()
