"""The arbiter's readable account of a record, deal by deal (``--explain``)."""

from __future__ import annotations

from ..cards import (
    MARRIAGE_VALUES,
    SUIT_SYMBOLS,
    card_display,
    cards_of,
    mask_of,
    points_of,
    sorted_for_display,
)
from ..engine import actions as A
from ..engine.dealing import seating
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.phases import BID, CHOOSE_MUSIK, DEAL, GAME_OVER, PHASES
from ..engine.results import DealLog, DealResult
from ..engine.scoring import Note, Outcome, Standing, settle
from ..record import FullDeal, GameRecord, SheetRow
from ..record.replay import apply_record_action, new_game, replay

_T = {
    "header": ("Partia: {players}. Zasady: {rules}.", "Game: {players}. Rules: {rules}."),
    "start": ("Wyniki na początek: {scores}.", "Scores at the start: {scores}."),
    "deal": ("Rozdanie {n} [deal {i}], rozdaje {dealer}{out}.",
             "Deal {n} [deal {i}], {dealer} deals{out}."),
    "out": (", pauzuje {name}", ", {name} sits out"),
    "hands": ("  Karty: {hands}.", "  Cards: {hands}."),
    "musik": ("  Musik: {cards}.", "  Musik: {cards}."),
    "stock": ("  Stos: {cards}.", "  Stock: {cards}."),
    "redeal": ("  {name} prosi o nowe rozdanie.", "  {name} asks for a redeal."),
    "bidding": ("  Licytacja: {moves}.", "  Bidding: {moves}."),
    "obligatory": ("{name} 100 (obowiązkowe)", "{name} 100 (obligatory)"),
    "pass": ("{name} pas", "{name} passes"),
    "declarer": ("  Grający: {name} za {bid}.", "  Declarer: {name} for {bid}."),
    "shown": ("  Musik {which}odkryty: {cards}.", "  Musik {which}revealed: {cards}."),
    "hidden": ("  Musik zakryty ({name} go zna).", "  Musik kept hidden ({name} knows it)."),
    "give": ("  {name} oddaje: {gifts}.", "  {name} gives: {gifts}."),
    "discard": ("  {name} odkłada: {cards}.", "  {name} discards: {cards}."),
    "declare": ("  {name} gra za {n}.", "  {name} declares {n}."),
    "bomb": ("  {name} rzuca bombę: rozdania się nie gra.",
             "  {name} throws a bomb: the deal is not played."),
    "trick": ("  Lewa {n}: {plays} → bierze {name}.", "  Trick {n}: {plays} → {name} takes it."),
    "trick_open": ("  Na stole: {plays}.", "  On the table: {plays}."),
    "meld": (" (meldunek {suit} {value})", " (marriage {suit} {value})"),
    "leftover": ("  {name} bierze ostatnią lewę i karty spoza gry ({points} pkt).",
                 "  {name} takes the last trick and the leftover cards ({points} pts)."),
    "sheet": ("  Z tabeli: grający {name}, kontrakt {contract}.",
              "  From the score sheet: declarer {name}, contract {contract}."),
    "sheet_bomb": ("  Z tabeli: {name} rzuca bombę.", "  From the score sheet: {name} bombs."),
    "made": ("  {name}: {points} pkt ≥ {contract} → +{contract}.",
             "  {name}: {points} pts ≥ {contract} → +{contract}."),
    "failed": ("  {name}: {points} pkt < {contract} → −{contract}.",
               "  {name}: {points} pts < {contract} → −{contract}."),
    "defender": ("  {name}: {points} pkt → {delta}.", "  {name}: {points} pts → {delta}."),
    "sitter": ("  {name} pauzuje: {delta}.", "  {name} sits out: {delta}."),
    "scores": ("  Stan: {scores}.", "  Scores: {scores}."),
    "error": ("  ✗ Błąd [deal {i}, action {j}, {rule}]: {message}.",
              "  ✗ Error [deal {i}, action {j}, {rule}]: {message}."),
    "valid": ("Werdykt: zapis zgodny z zasadami.", "Verdict: the record follows the rules."),
    "invalid": ("Werdykt: zapis niezgodny z zasadami.", "Verdict: the record breaks the rules."),
    "winner": ("Koniec partii: wygrywa {name}.", "The game is over: {name} wins."),
    "draw": ("Koniec partii: remis.", "The game is over: a draw."),
    "next": ("Partia trwa: ruch ma {name} ({phase}); może: {legal}.",
             "The game goes on: {name} to act ({phase}); legal: {legal}."),
    "between": ("Partia trwa: czas na następne rozdanie.",
                "The game goes on: the next deal is due."),
}

_NOTES = {
    "barrier": ("ma ponad próg na początku rozdania, nic nie dopisuje",
                "was at the barrier when the deal began and adds nothing"),
    "on_barrel": ("siedzi na beczce, nic nie dopisuje", "is on the barrel and adds nothing"),
    "barrier_cap": ("wynik ucięty do progu {n}", "score cut to the barrier {n}"),
    "defender_max": ("wynik ucięty do {n}", "score cut to {n}"),
    "bomb_free": ("bomba nr {n} jest bez punktów", "bomb number {n} gives no points"),
    "bomb_penalty": ("kara za bombę −{n}", "bomb penalty −{n}"),
    "zero": ("zero nr {n}", "zero number {n}"),
    "zero_penalty": ("kara za zera −{n}", "penalty for zeros −{n}"),
    "barrel_on": ("wchodzi na beczkę ({n})", "goes on the barrel ({n})"),
    "barrel_off": ("spada z beczki", "drops off the barrel"),
    "barrel_penalty": ("kara za beczkę −{n}", "barrel penalty −{n}"),
    "sitting_out_bonus": ("premia z musiku {n}", "musik bonus {n}"),
}

_PHASE = {"bid": ("licytacja", "bidding"), "choose_musik": ("wybór musiku", "musik choice"),
          "exchange": ("oddawanie kart", "exchange"), "declare": ("deklaracja", "declaration"),
          "play": ("rozgrywka", "play")}


def explain(record: GameRecord, lang: str = "pl") -> str:
    """The account of a record in ``lang`` (``pl`` or ``en``), up to its first error."""
    account = _Account(record, lang)
    account.run()
    return "\n".join(account.lines)


class _Account:
    def __init__(self, record: GameRecord, lang: str) -> None:
        self.record = record
        self.lang = lang
        self.i = 0 if lang == "pl" else 1
        self.names = record.players
        self.lines: list[str] = []

    def say(self, key: str, **kw: object) -> None:
        self.lines.append(_T[key][self.i].format(**kw))

    def cards(self, cs: list[int] | tuple[int, ...]) -> str:
        return " ".join(card_display(c, self.lang) for c in sorted_for_display(mask_of(cs))) \
            or "—"

    def run(self) -> None:
        names, record = self.names, self.record
        self.say("header", players=", ".join(names), rules=_rules_text(record))
        if record.start_scores:
            self.say("start", scores=_scores(names, record.start_scores))
        game = new_game(record)
        error = False
        for i, deal in enumerate(record.deals):
            if game.phase != DEAL:
                # A deal left unsettled before the next, or a deal after the game
                # ended: the replay's error, as the verdict has it.
                e = replay(record).error
                if e is not None:
                    self.say("error", i=e.deal if e.deal is not None else "-",
                             j=e.action if e.action is not None else "-", rule=e.rule,
                             message=e.message(self.lang, names))
                    error = True
                break
            before = game.standing
            settled = len(game.results)
            out = seating(game.rules, game.dealer)[2]
            self.say("deal", n=i + 1, i=i, dealer=names[game.dealer],
                     out=_T["out"][self.i].format(name=names[out]) if out is not None else "")
            try:
                if isinstance(deal, SheetRow):
                    self._sheet(game, deal)
                else:
                    self._deal(game, deal)
            except _ActionError as e:
                self.say("error", i=i, j=e.index if e.index is not None else "-",
                         rule=e.illegal.rule, message=e.illegal.message(self.lang, names))
                error = True
                break
            if len(game.results) > settled:
                self._settlement(game, before)
        self._verdict(game, error)

    def _verdict(self, game: Game, error: bool) -> None:
        self.say("invalid" if error else "valid")
        if error:
            return
        if game.phase == GAME_OVER:
            if game.winner == "draw":
                self.say("draw")
            else:
                self.say("winner", name=self.names[int(game.winner or 0)])
        elif game.phase == DEAL:
            self.say("between")
        else:
            self.say("next", name=self.names[game.to_move],
                     phase=_PHASE[PHASES[game.phase]][self.i],
                     legal=", ".join(_legal_text(a, self.lang) for a in game.legal_actions()))

    def _sheet(self, game: Game, row: SheetRow) -> None:
        s = row.sheet
        try:
            game.apply_sheet(s)
        except IllegalAction as e:
            raise _ActionError(None, e) from None
        if s.declarer is not None:
            self.say("sheet_bomb" if s.bomb else "sheet", name=self.names[s.declarer],
                     contract=s.contract)

    def _deal(self, game: Game, deal: FullDeal) -> None:
        names, lang = self.names, self.lang
        try:
            game.deal(deal.hands, deal.musik, deal.stock)
        except IllegalAction as e:
            raise _ActionError(None, e) from None
        self.say("hands", hands="; ".join(f"{names[s]}: {self.cards(h)}"
                                          for s, h in enumerate(deal.hands) if h))
        for m in deal.musik:
            self.say("musik", cards=self.cards(m))
        if deal.stock:
            self.say("stock", cards=" ".join(card_display(c, lang) for c in deal.stock))
        bids: list[str] = []
        if game.obligatory >= 0:
            bids.append(_T["obligatory"][self.i].format(name=names[game.obligatory]))
        plays: list[str] = []
        for j, a in enumerate(deal.actions):
            phase_before, tricks_before = game.phase, len(game.tricks)
            try:
                apply_record_action(game, a)
            except IllegalAction as e:
                if phase_before == BID:
                    self.say("bidding", moves=", ".join(bids))
                if plays:
                    self.say("trick_open", plays=", ".join(plays))
                raise _ActionError(j, e) from None
            name = names[a.p]
            if a.kind == "redeal":
                self.say("redeal", name=name)
            elif a.kind in ("bid", "pass"):
                bids.append(f"{name} {a.value}" if a.kind == "bid"
                            else _T["pass"][self.i].format(name=name))
                if game.phase != BID:
                    self.say("bidding", moves=", ".join(bids))
                    self.say("declarer", name=names[game.declarer], bid=game.bid)
                    if game.phase != CHOOSE_MUSIK:
                        self._musik(game)
            elif a.kind == "choose_musik":
                self._musik(game)
            elif a.kind == "give":
                self.say("give", name=name, gifts=", ".join(
                    f"{card_display(c, lang)} → {names[r]}" for r, c in sorted(a.value.items())))
            elif a.kind == "discard":
                self.say("discard", name=name, cards=self.cards(list(a.value)))
            elif a.kind == "declare":
                self.say("declare", name=name, n=a.value)
            elif a.kind == "bomb":
                self.say("bomb", name=name)
            else:
                meld = _T["meld"][self.i].format(suit=SUIT_SYMBOLS[a.value // 6],
                                                 value=MARRIAGE_VALUES[a.value // 6]) \
                    if a.meld else ""
                plays.append(f"{name} {card_display(a.value, lang)}{meld}")
                if len(game.tricks) > tricks_before:
                    self.say("trick", n=len(game.tricks), plays=", ".join(plays),
                             name=names[game.tricks[-1][2]])
                    plays = []
        if game.phase == BID:
            self.say("bidding", moves=", ".join(bids))
        if plays:
            self.say("trick_open", plays=", ".join(plays))
        if game.phase in (DEAL, GAME_OVER) and game.two and game.tricks \
                and game.rules.leftover_cards == "last_trick":
            left = points_of(game.musiks[1 - game.musik_choice] | game.discards)
            self.say("leftover", name=names[game.tricks[-1][2]], points=left)

    def _musik(self, game: Game) -> None:
        musik = game.musiks[game.musik_choice if game.two else 0]
        which = f"{game.musik_choice + 1} " if game.two else ""
        if game.musik_revealed:
            self.say("shown", which=which, cards=self.cards(cards_of(musik)))
        else:
            self.say("hidden", name=self.names[game.declarer])

    def _settlement(self, game: Game, before: Standing) -> None:
        r = game.results[-1]
        notes: list[Note] = []
        settle(game.rules, before, _outcome_of(game, r), notes)
        by_seat: dict[int, list[str]] = {}
        for seat, key, n in notes:
            by_seat.setdefault(seat, []).append(_NOTES[key][self.i].format(n=n))
        for seat in range(game.n):
            name = self.names[seat]
            extra = "; ".join(by_seat.get(seat, []))
            delta = f"{r.delta[seat]:+d}" + (f" ({extra})" if extra else "")
            if seat == r.sitting_out:
                self.say("sitter", name=name, delta=delta)
            elif seat == r.declarer and not r.bomb and r.contract is not None:
                self.say("made" if r.made else "failed", name=name, points=r.points[seat],
                         contract=r.contract)
                if extra:
                    self.say("defender", name=name, points=r.points[seat], delta=delta)
            else:
                self.say("defender", name=name, points=r.points[seat], delta=delta)
        self.say("scores", scores=_scores(self.names, r.scores))


class _ActionError(Exception):
    """An illegal action at ``index`` of a deal's actions (None: the deal itself)."""

    def __init__(self, index: int | None, illegal: IllegalAction) -> None:
        self.index = index
        self.illegal = illegal


def _outcome_of(game: Game, r: DealResult) -> Outcome:
    """The outcome a settled deal was settled from, to ask the settling for notes."""
    playing = tuple(s for s in range(game.n) if s != r.sitting_out)
    entry = game.log[-1]
    musik = entry.musiks[0] if isinstance(entry, DealLog) and entry.musiks \
        else mask_of(getattr(entry, "musik", ()))
    return Outcome(r.declarer, r.contract, r.bomb, r.points, r.tricks, playing,
                   r.sitting_out if r.sitting_out is not None else None,
                   musik if r.sitting_out is not None else 0)


def _scores(names: list[str], scores: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))


def _rules_text(record: GameRecord) -> str:
    d = record.rules.to_dict()
    name = str(d.pop("preset"))
    return name + (" (" + ", ".join(f"{k}={v}" for k, v in d.items()) + ")" if d else "")


def _legal_text(a: int, lang: str) -> str:
    kind = A.kind(a)
    if kind in ("play", "give", "discard"):
        return card_display(A.card_of(a), lang) + ("+" if A.is_meld(a) else "")
    return A.describe(a, lang)

