"""Between records and games: replaying a record through the checked engine, and
writing a game back as a record.

A record's ``give`` and ``discard`` are one action each; the engine takes them a
card at a time (see :mod:`tysiac.engine.actions`), so they are split and joined
here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import cards_of
from ..engine import actions as A
from ..engine import checks
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.phases import DEAL, EXCHANGE, GAME_OVER
from ..engine.results import DealLog
from ..engine.sheet import SheetDeal
from .errors import RecordError, bad_record
from .model import FullDeal, GameRecord, RecordAction, SheetRow


@dataclass(slots=True)
class Replay:
    """The game a record describes, as far as it is valid, and the first error."""

    game: Game
    error: RecordError | None


def new_game(record: GameRecord) -> Game:
    return Game(record.rules, first_dealer=record.first_dealer,
                start_scores=record.start_scores)


def replay(record: GameRecord) -> Replay:
    """Judge a record action by action. Stops at the first illegal action."""
    game = new_game(record)
    last = len(record.deals) - 1
    for i, deal in enumerate(record.deals):
        if game.phase == GAME_OVER:
            e = IllegalAction("game_over")
            return Replay(game, RecordError.from_illegal(e, i, 0 if isinstance(deal, FullDeal)
                                                         and deal.actions else None))
        if game.phase != DEAL:
            return Replay(game, bad_record(
                f"Rozdanie {i - 1} kończy się przed rozliczeniem, a po nim jest następne",
                f"deal {i - 1} stops before it is settled, yet another deal follows", i - 1))
        try:
            if isinstance(deal, SheetRow):
                game.apply_sheet(deal.sheet)
                continue
            game.deal(deal.hands, deal.musik, deal.stock)
        except IllegalAction as e:
            return Replay(game, RecordError.from_illegal(e, i, None))
        for j, action in enumerate(deal.actions):
            try:
                apply_record_action(game, action)
            except IllegalAction as e:
                return Replay(game, RecordError.from_illegal(e, i, j))
        if i < last and game.phase not in (DEAL, GAME_OVER):
            return Replay(game, bad_record(
                f"Rozdanie {i} kończy się przed rozliczeniem, a po nim jest następne",
                f"deal {i} stops before it is settled, yet another deal follows", i))
    return Replay(game, None)


def engine_actions(game: Game, a: RecordAction) -> list[int]:
    """The engine actions of a record action, checking what only the record knows:
    the shape of a ``give`` (``bad_give``) or a ``discard`` (``bad_discard``)."""
    if a.kind == "give":
        receivers = game.receivers
        cards = list(a.value.values())
        if sorted(a.value) != sorted(receivers):
            raise IllegalAction("bad_give", detail=(
                f"Oddaje się po jednej karcie każdemu przeciwnikowi: miejscom {list(receivers)}",
                f"one card goes to each opponent: seats {list(receivers)}"))
        if len(set(cards)) != len(cards):
            raise IllegalAction("bad_give", detail=(
                "Nie można oddać tej samej karty dwa razy", "the same card cannot be given twice"))
        return [A.give(a.value[r]) for r in receivers]
    if a.kind == "discard":
        want = game.rules.musik_size
        if len(a.value) != want or len(set(a.value)) != want:
            raise IllegalAction("bad_discard", detail=(
                f"Odkłada się {want} różne karty", f"{want} different cards are discarded"))
        return [A.discard(c) for c in a.value]
    return [_simple(a)]


def _simple(a: RecordAction) -> int:
    if a.kind == "bid":
        return A.bid(a.value)
    if a.kind == "declare":
        return A.declare(a.value)
    if a.kind == "pass":
        return A.PASS
    if a.kind == "bomb":
        return A.BOMB
    if a.kind == "redeal":
        return A.redeal(a.p)
    if a.kind == "choose_musik":
        return A.choose_musik(a.value)
    return A.play(a.value, a.meld)


def apply_record_action(game: Game, a: RecordAction) -> None:
    """Check and apply one record action; on error nothing is applied. A ``give``
    or ``discard`` is checked whole: the seat and the phase, then its shape, then
    that every card is in hand."""
    if a.kind in ("bid", "declare"):
        # Any integer may stand in a record; only 0..MAX_POINTS is encoded.
        checks.check_number(game, a.kind, a.value, a.p)
        game.apply(_simple(a))
        return
    if a.kind not in ("give", "discard"):
        game.play(_simple(a), a.p)
        return
    probe = A.discard(0) if a.kind == "discard" else A.give(0)
    try:
        game.check(probe, a.p)
    except IllegalAction as e:
        if e.rule != "card_not_in_hand":
            raise
    steps = engine_actions(game, a)
    for step in steps:
        if not game.hands[a.p] >> A.card_of(step) & 1:
            raise IllegalAction("card_not_in_hand", seat=a.p, card=A.card_of(step))
    for step in steps:
        game.play(step, a.p)


# --- game → record ------------------------------------------------------------

def record_actions(g: Game, log: DealLog) -> list[RecordAction]:
    """The record actions of a deal log, replayed in ``g`` (just dealt that deal)
    to learn who acted and to join gives and discards."""
    out: list[RecordAction] = []
    pending: list[int] = []
    pending_seat = -1
    for a in log.actions:
        kind = A.kind(a)
        seat = A.value_of(a) if kind == "redeal" else g.to_move
        if kind in ("give", "discard"):
            if not pending:
                pending_seat = seat
                receivers = g.receivers
            pending.append(a)
            g.apply(a)
            if g.phase != EXCHANGE:
                out.append(_joined(kind, pending_seat, pending, receivers))
                pending = []
            continue
        if kind == "play":
            out.append(RecordAction(seat, "play", A.card_of(a), A.is_meld(a)))
        elif kind in ("bid", "declare", "choose_musik"):
            out.append(RecordAction(seat, kind, A.value_of(a)))
        else:
            out.append(RecordAction(seat, kind))
        g.apply(a)
    return out


def _joined(kind: str, seat: int, steps: list[int], receivers: tuple[int, ...]) -> RecordAction:
    cards = [A.card_of(s) for s in steps]
    if kind == "give":
        return RecordAction(seat, "give", dict(zip(receivers, cards, strict=True)))
    return RecordAction(seat, "discard", tuple(cards))


def to_record(game: Game, players: list[str] | None = None,
              extra: dict[str, object] | None = None) -> GameRecord:
    """The record of a game so far (an unfinished give or discard is left out)."""
    names = players or [f"Gracz {i + 1}" for i in range(game.n)]
    fresh = Game(game.rules, first_dealer=game.first_dealer, start_scores=game.start_scores)
    deals: list[FullDeal | SheetRow] = []
    for entry in game.log:
        if isinstance(entry, SheetDeal):
            fresh.apply_sheet(entry)
            deals.append(SheetRow(entry))
            continue
        hands = [list(cards_of(h)) for h in entry.hands]
        musik = [list(cards_of(m)) for m in entry.musiks]
        fresh.deal(hands, musik, entry.stock)
        deals.append(FullDeal(hands, musik, list(entry.stock), record_actions(fresh, entry)))
    return GameRecord(game.rules, list(names), game.first_dealer, deals, game.start_scores,
                      dict(extra or {}))
