"""The plain line mode (``tysiac play --plain``): numbered choices and card codes on
standard input, sentences on standard output, for screen readers and scripts.

Same session as the full-screen game: same bots, same saving after every action,
same ``--resume``. End of input quits; the game is already saved.
"""

from __future__ import annotations

from typing import TextIO

from ..cards import MARRIAGE_VALUES, SUIT_SYMBOLS, mask_of, sorted_for_display
from ..engine import actions as A
from ..engine.errors import IllegalAction
from ..engine.views import View
from .narrate import Narrator
from .session import Session
from .summary import deal_summary, score_sheet, show_cards
from .texts import advice_text, card, hand_text, reason, tr

_COMMANDS = {
    "?": "help", "pomoc": "help", "help": "help",
    "t": "sheet", "tabela": "sheet", "sheet": "sheet",
    "k": "cards", "karty": "cards", "cards": "cards",
    "u": "undo", "cofnij": "undo", "undo": "undo",
    "h": "hint", "rada": "hint", "hint": "hint",
    "s": "status", "stan": "status", "status": "status",
    "q": "quit", "koniec": "quit", "quit": "quit", "exit": "quit",
}


class PlainGame:
    def __init__(self, session: Session, lang: str, inp: TextIO, out: TextIO) -> None:
        self.s = session
        self.lang = lang
        self.inp = inp
        self.out = out
        self.narrator = Narrator(session.names, lang)
        self.summarised = len(session.game.results)
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
            self.say(*self.narrator.news(s.view(), len(s.game.log)))
            if len(s.game.results) > self.summarised:
                self.summarised = len(s.game.results)
                self.say("", *deal_summary(s.game, s.names, lang, s.human), "")
            if s.save_error is not None:
                self.say(tr("save_failed", lang, reason=s.save_error.strerror or s.save_error))
            if s.over:
                self.say(*score_sheet(s.game, s.names, lang))
                return 0
            line = self.ask(self.prompt())
            if line is None or not self.handle(line):
                if s.path is not None:
                    self.say(tr("resume_hint", lang, path=s.path))
                return 0

    # --- what is asked --------------------------------------------------------

    def prompt(self) -> str:
        s, lang = self.s, self.lang
        if s.between_deals:
            return tr("p_next", lang)
        v = s.view()
        if not v.my_turn:
            return tr("redeal_offer", lang) + " " + _numbered(
                [tr("redeal", lang), tr("play_on", lang)])
        options = self.options(v)
        if v.phase == "exchange":
            hand = sorted_for_display(mask_of(v.hand))
            if v.players == 2:
                head = tr("p_discard", lang, n=v.rules.musik_size)
            else:
                r1, r2 = s.receivers()
                head = tr("p_give", lang, first=s.names[r1], second=s.names[r2])
            text = head + " " + tr("p_hand", lang) + " " + _numbered(
                [card(c, lang) for c in hand])
            if A.BOMB in v.legal:
                text += " " + tr("p_or_bomb", lang)
            return text
        head = {
            "bid": tr("bid", lang, cap=v.cap),
            "choose_musik": tr("choose_musik", lang),
            "declare": tr("p_declare", lang),
            "play": tr("follow" if v.trick else "lead", lang),
        }[v.phase]
        if v.phase == "play":
            head += " " + tr("n_hand", lang, cards=hand_text(v.hand, lang))
        return head + " " + tr("p_options", lang) + " " + _numbered(
            [self.option_text(a) for a in options])

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
        command = _COMMANDS.get(line.lower())
        if command == "quit":
            return False
        if command is not None:
            self.command(command)
            return True
        try:
            if s.between_deals:
                if line:
                    self.say(tr("p_unknown", lang, text=line))
                else:
                    s.start_deal()
                return True
            v = s.view()
            if not v.my_turn:
                choice = _number(line)
                if choice == 1:
                    s.act(A.redeal(s.human))
                elif choice == 2:
                    s.run_bots()
                else:
                    self.say(tr("p_unknown", lang, text=line))
                return True
            if v.phase == "exchange" and line.lower() not in ("bomba", "bomb"):
                self.exchange(v, line)
            else:
                s.act(self.parse(v, line))
        except IllegalAction as e:
            self.say(reason(e, lang, s.names, s.view().legal))
        except ValueError:
            self.say(tr("p_unknown", lang, text=line))
        return True

    def parse(self, v: View, text: str) -> int:
        """A numbered choice, a bid or a contract (100 and up), or a card code."""
        n = _number(text)
        options = self.options(v)
        if n is not None and n < 100:
            if not 1 <= n <= len(options):
                raise ValueError(text)
            return options[n - 1]
        return A.parse(text, v.phase, discards=v.players == 2)

    def exchange(self, v: View, line: str) -> None:
        """Two gives (first to the next opponent) or the discards, as numbers or cards."""
        hand = sorted_for_display(mask_of(v.hand))
        picked = []
        for token in line.replace(",", " ").split():
            n = _number(token)
            if n is not None:
                if not 1 <= n <= len(hand):
                    raise ValueError(token)
                picked.append(hand[n - 1])
            else:
                picked.append(A.card_of(A.parse(token, "exchange")))
        if v.players == 2:
            self.s.discard(picked)
            return
        receivers = self.s.receivers()
        if len(picked) != len(receivers):
            raise ValueError(line)
        self.s.give(dict(zip(receivers, picked, strict=True)))

    def command(self, command: str) -> None:
        s, lang = self.s, self.lang
        if command == "help":
            self.say(tr("p_help", lang))
        elif command == "sheet":
            self.say(*score_sheet(s.game, s.names, lang))
        elif command == "cards":
            self.say(*show_cards(s.game, s.names, lang, s.human))
        elif command == "undo":
            if not s.table.undo:
                self.say(tr("undo_off", lang))
            elif s.undo():
                self.narrator = Narrator(s.names, lang)
                self.say(tr("undone", lang))
            else:
                self.say(tr("undo_none", lang))
        elif command == "hint":
            advice = s.hint()[:3]
            self.say(advice_text(advice, s.view(), s.names, lang) if advice
                     else tr("hint_none", lang))
        elif command == "status":
            self.narrator = Narrator(s.names, lang)


def _numbered(items: list[str]) -> str:
    return ", ".join(f"{i}) {text}" for i, text in enumerate(items, 1))


def _number(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.isdigit() else None


def run_plain(session: Session, lang: str, inp: TextIO, out: TextIO) -> int:
    return PlainGame(session, lang, inp, out).run()
