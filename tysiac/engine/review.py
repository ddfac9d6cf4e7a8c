"""A settled deal looked at again: its play replayed, and why its scores were written
as they were. Settled deals are public in full ("Pokaż karty"), so the interfaces
build their deal summaries from these."""

from __future__ import annotations

from ..cards import cards_of, mask_of
from ..rules import Rules
from . import actions as A
from .game import Game
from .results import DealLog, DealResult
from .scoring import Note, Outcome, Standing, settle
from .sheet import SheetDeal


def replay_deal(rules: Rules, log: DealLog) -> Game:
    """A fresh game that has played just this deal: its bids, gives,
    discards, tricks and marriages."""
    g = Game(rules, first_dealer=log.dealer)
    g.deal([cards_of(h) for h in log.hands], [cards_of(m) for m in log.musiks], log.stock)
    for a in log.actions:
        g.apply(a)
        if A.kind(a) == "bomb":
            break
    return g


def standings(game: Game, upto: int | None = None) -> list[tuple[Standing, list[Note]]]:
    """The standing after each settled deal (the first ``upto``) and the notes of why
    its scores were written as they were (barrier, barrel, caps, penalties): settling
    folded again over the game's results. Settling is a pure function of the standing
    before and the outcome, so these are the game's own."""
    rules = game.rules
    standing = Standing.start(rules, game.start_scores)
    sheets = iter([e for e in game.log if isinstance(e, SheetDeal)])
    out: list[tuple[Standing, list[Note]]] = []
    for r in game.results[:upto]:
        if r.log is None:                          # a score-sheet deal
            musik = mask_of(next(sheets).musik)
        else:
            musik = r.log.musiks[0] if r.sitting_out is not None else 0
        playing = tuple(s for s in range(game.n) if s != r.sitting_out)
        outcome = Outcome(r.declarer, r.contract, r.bomb, r.points, r.tricks, playing,
                          r.sitting_out, musik)
        notes: list[Note] = []
        standing = settle(rules, standing, outcome, notes)
        out.append((standing, [n for n in notes if n[1] != "zero" or rules.zero_penalty]))
    return out


def settle_notes(game: Game, r: DealResult) -> list[Note]:
    """Why a deal's scores differ from the plain reading (barrier, barrel, caps,
    penalties)."""
    at = next(i for i, x in enumerate(game.results) if x is r)
    return standings(game, at + 1)[at][1]


def settled_logs(game: Game) -> list[int]:
    """The index in ``game.log`` of each settled deal, in the order of
    ``game.results`` (a redealt deal has no result; a copy of the game has copies of
    the logs, so positions, not identities, tie the two)."""
    out: list[int] = []
    for i, entry in enumerate(game.log):
        redealt = isinstance(entry, DealLog) and bool(entry.actions) \
            and A.kind(entry.actions[-1]) == "redeal"
        if not redealt and len(out) < len(game.results):
            out.append(i)
    return out


def game_before(game: Game, at: int) -> Game:
    """The game as it stood before its deal ``at`` (an index of ``game.log``) was
    dealt: the scores, bombs, zeros and barrel of that moment."""
    before = Game(game.rules, first_dealer=game.first_dealer, start_scores=game.start_scores)
    before.replay(game.log[:at])
    return before


#: What each settle note says, in Polish and English: ``{name}`` the player,
#: ``{n}`` the number the note concerns.
NOTE_TEXTS: dict[str, tuple[str, str]] = {
    "barrier": ("{name}: ponad progiem, nic nie dopisuje",
                "{name}: over the barrier, adds nothing"),
    "on_barrel": ("{name}: na beczce, nic nie dopisuje", "{name}: on the barrel, adds nothing"),
    "barrier_cap": ("{name}: wynik ucięty do progu {n}", "{name}: score cut to the barrier {n}"),
    "defender_max": ("{name}: wynik ucięty do {n}", "{name}: score cut to {n}"),
    "bomb_free": ("{name}: bomba nr {n} bez punktów", "{name}: bomb number {n} gives no points"),
    "bomb_penalty": ("{name}: kara za bombę −{n}", "{name}: bomb penalty −{n}"),
    "zero": ("{name}: zero nr {n}", "{name}: zero number {n}"),
    "zero_penalty": ("{name}: kara za zera −{n}", "{name}: penalty for zeros −{n}"),
    "barrel_on": ("{name}: wchodzi na beczkę ({n})", "{name}: goes on the barrel ({n})"),
    "barrel_off": ("{name}: spada z beczki", "{name}: drops off the barrel"),
    "barrel_penalty": ("{name}: kara za beczkę −{n}", "{name}: barrel penalty −{n}"),
    "sitting_out_bonus": ("{name}: premia pauzującego {n} (50 za asa w musiku i meldunek "
                          "z musiku)",
                          "{name}: sitting-out bonus {n} (50 per ace in the musik and a "
                          "marriage in it)"),
}
