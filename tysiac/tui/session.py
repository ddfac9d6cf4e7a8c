"""A game against bots as the interfaces drive it, without any UI.

A :class:`Session` holds the game, the human's seat and the bots of the other
seats. It runs the bots until the human is to act, applies the human's actions
through the checked door (an illegal one raises
:class:`~tysiac.engine.errors.IllegalAction` and changes nothing) and saves the
game as a RECORD.md record after every action. The bots' levels and seeds, the
human's seat and the dealing seed live in the record's extra field ``table``, so
:meth:`Session.resume` rebuilds the same game, deals to come included.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from ..analysis import DealAnalysis, SeatLoss, analyse_deal, game_totals
from ..bots import LEVELS, Bot, make_bot
from ..bots.hint import Advice, hint
from ..cards import mask_of
from ..engine import actions as A
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER
from ..engine.results import DealLog
from ..engine.review import settled_logs
from ..engine.views import View
from ..record import FullDeal, GameRecord, RecordAction, apply_record_action, dumps, to_record
from ..record import replay as replay_record
from ..rules import Rules
from .saves import SaveError, next_path, read_record, write_atomic

#: Bot names by seat, so a table of any size reads like people at a table.
BOT_NAMES = ("Ania", "Bartek", "Celina", "Darek")
HUMAN_NAMES = {"pl": "Ty", "en": "You"}


#: The opponents when none are named.
DEFAULT_LEVEL = "basic"


@dataclass(frozen=True, slots=True)
class BotSeat:
    level: str
    seed: int


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where: the human's seat, a bot at every other seat, the dealing seed,
    and whether the human may take a card back."""

    seed: int
    human: int
    bots: tuple[BotSeat | None, ...]   # None at the human's seat
    undo: bool = False

    @classmethod
    def build(cls, players: int, human: int, levels: Sequence[str], seed: int | None,
              undo: bool = False) -> Table:
        """A table for ``players`` seats. ``levels``: one level for every bot, or one per
        bot seat in seat order. Raises :class:`SaveError` on a bad seat or level."""
        if not 0 <= human < players:
            raise SaveError(f"--seat: miejsce od 0 do {players - 1}",
                            f"--seat: a seat from 0 to {players - 1}")
        levels = [lv.strip().lower() for lv in levels] or [DEFAULT_LEVEL]
        if len(levels) == 1:
            levels *= players - 1
        if len(levels) != players - 1:
            raise SaveError(f"--bots: podaj jeden poziom albo {players - 1} (po jednym na bota)",
                            f"--bots: give one level or {players - 1} (one per bot)")
        for level in levels:
            _check_level(level)
        seed = secrets.randbelow(2**31) if seed is None else seed
        it = iter(levels)
        bots = tuple(None if s == human else BotSeat(next(it), seed + 1 + s)
                     for s in range(players))
        return cls(seed, human, bots, undo)

    def to_json(self) -> dict[str, Any]:
        return {
            "program": "tysiac play", "seed": self.seed, "human": self.human,
            "bots": [None if b is None else {"level": b.level, "seed": b.seed}
                     for b in self.bots],
            "undo": self.undo,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> Table:
        """The ``table`` field of a save; :class:`SaveError` if it is missing or wrong."""
        def bad(pl: str, en: str) -> SaveError:
            return SaveError(f"pole \"table\": {pl}", f"the \"table\" field: {en}")

        if not isinstance(data, Mapping):
            raise SaveError(
                "brak pola \"table\" (kto gra którym miejscem): to nie jest zapis z "
                "„tysiac play”", "no \"table\" field (who sits where): this is not a "
                "save of 'tysiac play'")
        seed, human, bots = data.get("seed"), data.get("human"), data.get("bots")
        if not _is_int(seed):
            raise bad("\"seed\" to liczba", "\"seed\" is a number")
        if not _is_int(human) or not 0 <= human < players:
            raise bad(f"\"human\" to miejsce od 0 do {players - 1}",
                      f"\"human\" is a seat from 0 to {players - 1}")
        if not isinstance(bots, list) or len(bots) != players:
            raise bad(f"\"bots\" to lista {players} miejsc", f"\"bots\" lists {players} seats")
        seats: list[BotSeat | None] = []
        for s, b in enumerate(bots):
            if s == human:
                seats.append(None)
                continue
            if not isinstance(b, Mapping) or not isinstance(b.get("level"), str) \
                    or not _is_int(b.get("seed")):
                raise bad(f"bots[{s}] to {{\"level\": ..., \"seed\": ...}}",
                          f"bots[{s}] is {{\"level\": ..., \"seed\": ...}}")
            _check_level(b["level"])
            seats.append(BotSeat(b["level"], b["seed"]))
        return cls(seed, human, tuple(seats), data.get("undo") is True)


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_level(level: str) -> None:
    if level not in LEVELS:
        known = ", ".join(LEVELS)
        raise SaveError(f"nieznany poziom bota {level!r}; są: {known}",
                        f"unknown bot level {level!r}; levels: {known}")


class Session:
    """One human against bots: the game, its table and where it is saved."""

    def __init__(self, game: Game, table: Table, names: Sequence[str],
                 path: Path | None) -> None:
        self.game = game
        self.table = table
        self.names = list(names)
        self.path = path
        self.save_error: OSError | None = None
        #: Whether the interface moves the bots itself (:meth:`bot_step`).
        self.paced = False
        self.bots: dict[int, Bot] = {
            s: make_bot(b.level, b.seed) for s, b in enumerate(table.bots) if b is not None}
        #: Analyses of settled deals, by (index in the log, actions in the deal).
        self.analyses: dict[tuple[int, int], DealAnalysis] = {}

    # --- starting ------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, table: Table, path: Path | None, lang: str = "pl",
            name: str | None = None) -> Session:
        """A new game; the first dealer is drawn from the table's seed. ``name``: the
        human's (default "Ty" or "You"); the bots take other names."""
        human = name or HUMAN_NAMES.get(lang, "Ty")
        bot_names = iter(n for n in BOT_NAMES if n.casefold() != human.casefold())
        names = [human if s == table.human else next(bot_names) for s in range(rules.players)]
        session = cls(Game(rules, seed=table.seed), table, names, path)
        session.save()
        if session.save_error is not None:      # a game that cannot be saved is not begun
            raise session.save_error
        return session

    @classmethod
    def resume(cls, path: Path) -> Session:
        """The game saved in ``path``, at the same move, with the same bots and the same
        deals to come. :class:`SaveError` says what is wrong with a bad file."""
        record = read_record(path)
        table = Table.from_json(record.extra.get("table"), record.rules.players)
        checked = replay_record(record)
        if checked.error is not None:
            e = checked.error
            where_pl, where_en = e.where("pl"), e.where("en")
            raise SaveError(f"{path}: zapis niezgodny z zasadami ({where_pl}): "
                            f"{e.message('pl', record.players)}",
                            f"{path}: the record breaks the rules ({where_en}): "
                            f"{e.message('en', record.players)}")
        return cls(_rebuild(record, table.seed), table, record.players, path)

    def rematch(self, lang: str = "pl") -> Session:
        """A new game at the same table: the same rules, seats, bot levels, names and
        undo; new deals, saved in a new file beside this one."""
        levels = [b.level for b in self.table.bots if b is not None]
        table = Table.build(len(self.table.bots), self.human, levels, None, self.table.undo)
        rules = self.game.rules
        path = None if self.path is None else next_path(self.path, rules.preset_name)
        return Session.new(rules, table, path, lang, self.names[self.human])

    # --- reading ---------------------------------------------------------------

    @property
    def human(self) -> int:
        return self.table.human

    def view(self) -> View:
        """What the human knows: the UI decides from this alone."""
        return self.game.view(self.human)

    @property
    def between_deals(self) -> bool:
        return self.game.phase == DEAL

    @property
    def over(self) -> bool:
        return self.game.phase == GAME_OVER

    def receivers(self) -> tuple[int, ...]:
        """The two opponents of the declarer, in the order the engine gives to them
        (the next seat clockwise first)."""
        v = self.view()
        d = v.declarer
        if d is None or v.players == 2:
            return ()
        return tuple((d + i) % v.players for i in range(1, v.players)
                     if (d + i) % v.players != v.sitting_out)

    # --- acting ------------------------------------------------------------------

    def begin(self) -> None:
        """Bring a new or resumed game to the human's first decision: deal the first
        deal, deal again after a redeal, let the bots finish a turn cut short."""
        g = self.game
        if g.phase == DEAL and (not g.log or self.redealt()):
            self.start_deal()
        elif g.phase not in (DEAL, GAME_OVER) and not self.may_redeal():
            self.answer()

    def may_redeal(self) -> bool:
        """Whether the human may ask for a new deal now (before the first bid or pass)."""
        return self.human in self.game.redeal_seats()

    def start_deal(self) -> None:
        """Deal the next deal and let the bots act until the human's turn. A human who
        may ask for a redeal is asked first: the bots wait until :meth:`run_bots`
        (play on) or a redeal action."""
        if self.game.phase != DEAL:
            return
        self.game.deal()
        self.save()
        self.answer()

    def answer(self) -> None:
        """The bots answer the human, unless :attr:`paced`: then the interface moves
        them one by one with :meth:`bot_step`, to show each move."""
        if not self.paced:
            while self.bot_step():
                pass

    def run_bots(self) -> None:
        """Play on: let the bots act, even where the human may ask for a redeal, until
        the human is to act or the deal is settled."""
        if self.bot_step(play_on=True):
            self.answer()

    def bot_step(self, play_on: bool = False) -> bool:
        """One step of the bots: the move of the bot to act, or after a redeal the next
        deal (by the same dealer); True if it took one. False, doing nothing, when the
        human is to act, the deal is settled, or the human may ask for a redeal (unless
        ``play_on``)."""
        g = self.game
        if self.may_redeal() and not play_on:
            return False
        if g.phase not in (DEAL, GAME_OVER) and g.to_move != self.human:
            seat = g.to_move
            g.play(self.bots[seat].choose(g.view(seat)), seat)
            self.save()
            return True
        if not self.redealt():
            return False
        g.deal()
        self.save()
        return True

    def redealt(self) -> bool:
        """The last deal ended in a redeal: nothing was settled."""
        log = self.game.log[-1] if self.game.log else None
        return self.game.phase == DEAL and isinstance(log, DealLog) and bool(log.actions) \
            and A.kind(log.actions[-1]) == "redeal"

    def act(self, action: int) -> None:
        """Apply the human's action (checked: :class:`IllegalAction` applies nothing),
        save, and let the bots answer. Gives and discards go whole through
        :meth:`give` and :meth:`discard`: a record holds them as one action."""
        if A.kind(action) in ("give", "discard"):
            raise ValueError("use give() or discard() for the exchange")
        self.game.play(action, self.human)
        self.save()
        self.answer()

    def give(self, cards: Mapping[int, int]) -> None:
        """The declarer's two gives at once: ``{receiver seat: card}``."""
        self._exchange(RecordAction(self.human, "give", dict(cards)))

    def discard(self, cards: Sequence[int]) -> None:
        """The declarer's discards at once (2 players)."""
        self._exchange(RecordAction(self.human, "discard", tuple(cards)))

    def _exchange(self, action: RecordAction) -> None:
        apply_record_action(self.game, action)   # checked whole: nothing applied on error
        self.save()
        self.answer()

    def hint(self, picks: Sequence[int] = ()) -> list[Advice]:
        """The hint bot's advice on the human's decision, best first (none when it
        is not the human's turn). From the human's view only, like any bot. ``picks``:
        the cards picked so far to give or discard, not yet confirmed: the advice is
        for the next card (none once every card is picked)."""
        v = self.view()
        if not v.my_turn:
            return []
        if picks:
            g = self.game.copy()
            one = A.discard if v.players == 2 else A.give
            for c in picks:
                g.play(one(c), self.human)
            v = g.view(self.human)
            if v.phase != "exchange" or not v.my_turn:
                return []
        return hint(v)

    # --- after a deal -------------------------------------------------------------

    def analysis(self, game: Game | None = None, index: int = -1) -> DealAnalysis | None:
        """The analysis of the settled deal ``index`` (default: the last) of ``game``
        (default: this game; pass a copy to work in another thread), worked out once:
        it takes about a second. None where no deal is settled yet;
        :class:`~tysiac.analysis.NotAnalysable` for a deal the analysis does not
        take (the draw game)."""
        game = game if game is not None else self.game
        if not game.results:
            return None
        key = _keys(game)[index]
        if key not in self.analyses:
            self.analyses[key] = analyse_deal(game, key[0])
        return self.analyses[key]

    def analysed(self) -> tuple[list[SeatLoss], int]:
        """Per seat, the points lost over the deals of this game analysed so far, and
        how many they are."""
        keys = set(_keys(self.game))
        done = [a for k, a in self.analyses.items() if k in keys]
        return game_totals(done, self.game.n), len(done)

    # --- undo --------------------------------------------------------------------

    def can_undo(self) -> bool:
        return self._undone() is not None

    def undo(self) -> bool:
        """Take back the human's last card of this deal and the bots' cards after it.
        False (and nothing changes) when undo is off or there is no such card."""
        g = self._undone()
        if g is None:
            return False
        self.game = g
        self.save()
        return True

    def _undone(self) -> Game | None:
        """The game before the human's last card of the current deal, or None."""
        if not self.table.undo:
            return None
        g = self.game.copy()
        log = g.log[-1] if g.log else None
        while isinstance(log, DealLog) and log.actions and A.kind(log.actions[-1]) == "play":
            g.undo()                           # back to the moment the card was played
            if g.to_move == self.human:
                return g
            log = g.log[-1]
        return None

    # --- saving ------------------------------------------------------------------

    def record(self) -> GameRecord:
        return to_record(self.game, self.names, {"table": self.table.to_json()})

    def save(self) -> None:
        """Write the whole record. A failure (a full disk) does not stop the game: it is
        kept in ``save_error`` for the UI to report, and the next save writes it all."""
        if self.path is None:
            return
        try:
            write_atomic(self.path, dumps(self.record()) + "\n")
        except OSError as e:
            self.save_error = e
        else:
            self.save_error = None


def _keys(game: Game) -> list[tuple[int, int]]:
    """Per settled deal: its index in the log and its number of actions (an undo
    changes the second, so a stale analysis is never shown)."""
    return [(at, len(log.actions) if isinstance(log := game.log[at], DealLog) else 0)
            for at in settled_logs(game)]


def _rebuild(record: GameRecord, seed: int) -> Game:
    """The game of a valid record. Dealt again from ``seed`` while the cards agree
    with the record, so the deals to come are the ones the game would have had;
    from the record's cards (and a generator still seeded) where they do not."""
    rules, start = record.rules, record.start_scores
    game = Game(rules, seed=seed, start_scores=start)        # the first dealer by lot
    exact = game.first_dealer == record.first_dealer
    if not exact:
        game = Game(rules, seed=seed, first_dealer=record.first_dealer, start_scores=start)
    for deal in record.deals:
        if not isinstance(deal, FullDeal):    # a score-sheet deal (not from this program)
            game.apply_sheet(deal.sheet)
            exact = False
            continue
        if exact:
            probe = game.copy()
            probe.deal()
            log = probe.log[-1]
            assert isinstance(log, DealLog)
            exact = list(log.hands) == [mask_of(h) for h in deal.hands] \
                and list(log.musiks) == [mask_of(m) for m in deal.musik]
            if exact:
                game = probe
        if not exact:
            game.deal(deal.hands, deal.musik, deal.stock)
        for a in deal.actions:
            apply_record_action(game, a)
    return game


__all__ = ["Advice", "BotSeat", "IllegalAction", "SaveError", "Session", "Table",
           "DEFAULT_LEVEL"]
