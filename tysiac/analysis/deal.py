"""The analysis of one settled deal: the cards, the bidding in hindsight and every
card played (see :mod:`tysiac.analysis`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import cards_of, marriage_total
from ..engine import actions as A
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER, PLAY
from ..engine.results import DealLog, DealResult
from ..engine.review import game_before, settled_logs
from .model import Cards, DealAnalysis, Exchange, SeatBidding, SeatLoss
from .play import SEED, review_play
from .worth import Deal, highest_contract

#: The solver nodes of each seat's exchange search in the bidding in hindsight.
HINDSIGHT_NODES = 3_000_000


class NotAnalysable(ValueError):
    """A deal the analysis cannot take, and why in Polish and in English. ``reason``:
    ``no_deal``, ``sheet`` (a score-sheet row), ``unfinished``, ``redealt`` or
    ``draw_game``."""

    def __init__(self, reason: str, pl: str, en: str) -> None:
        super().__init__(en)
        self.reason = reason
        self.texts = (pl, en)

    def message(self, lang: str = "en") -> str:
        return self.texts[0 if lang == "pl" else 1]


def settled_result(game: Game, index: int) -> DealResult:
    """The result of the record's deal ``index`` (an index of ``game.log``), or
    :class:`NotAnalysable` saying why it has none to analyse."""
    n = index + 1
    if not 0 <= index < len(game.log):
        raise NotAnalysable("no_deal", f"nie ma rozdania {n}: zapis ma ich {len(game.log)}",
                            f"there is no deal {n}: the record has {len(game.log)}")
    if game.rules.draw_game:
        raise NotAnalysable("draw_game", "tysiąc dobierany nie ma kontraktu ani licytacji: "
                            "analiza go nie obejmuje",
                            "the draw game (dobierany) has no contract and no bidding: the "
                            "analysis does not cover it")
    entry = game.log[index]
    if not isinstance(entry, DealLog):
        raise NotAnalysable("sheet", f"rozdanie {n} jest zapisane tylko wynikami (tabela "
                            "wyników): bez kart nie ma czego analizować",
                            f"deal {n} is a score-sheet row (results only): without its "
                            "cards there is nothing to analyse")
    settled = settled_logs(game)
    if index in settled:
        return game.results[settled.index(index)]
    if index == len(game.log) - 1 and game.phase not in (DEAL, GAME_OVER):
        raise NotAnalysable("unfinished", f"rozdanie {n} nie jest skończone: analiza jest po "
                            "rozliczeniu rozdania",
                            f"deal {n} is not finished: the analysis comes after a deal is "
                            "settled")
    raise NotAnalysable("redealt", f"rozdanie {n} zostało rozdane od nowa: nie grano go",
                        f"deal {n} was dealt again (a redeal): it was not played")


def analyse_deal(game: Game, index: int, seed: int = SEED,
                 backend: str = "auto") -> DealAnalysis:
    """The analysis of the record's deal ``index`` of ``game`` (an index of
    ``game.log``). Raises :class:`NotAnalysable` for a deal without cards, not
    settled, redealt, or of the draw game. ``backend``: the solver's (``auto``,
    ``c`` or ``python``)."""
    r = settled_result(game, index)
    log = game.log[index]
    assert isinstance(log, DealLog) and r.declarer is not None
    g = game_before(game, index)
    g.deal([cards_of(h) for h in log.hands], [cards_of(m) for m in log.musiks], log.stock)
    actions = list(log.actions)
    while actions and g.phase != PLAY and not (r.bomb and A.kind(actions[0]) == "bomb"):
        g.apply(actions.pop(0))
    declarer = r.declarer
    deal = Deal.of(game.rules, log.hands, log.musiks, g.nxt, g.sitting_out, backend)
    musik = max(g.musik_choice, 0)
    cards, searched = _cards_held(deal, g, declarer, musik, r)
    bidding = _bidding(deal, g, r, searched)
    play = review_play(g, actions, seed, backend) if not r.bomb else []
    contract = r.contract or 0
    exchange_loss = 2 * contract if (not r.bomb and not cards.makeable
                                     and cards.makeable_best) else 0
    losses = []
    for s in range(game.n):
        mine = [c for c in play if c.seat == s]
        losses.append(SeatLoss(
            s, round(float(sum(c.sd_loss or 0.0 for c in mine if c.marked)), 1),
            sum(c.dd_loss for c in mine),
            next((b.loss for b in bidding if b.seat == s), 0),
            exchange_loss if s == declarer else 0))
    start = next((c.after_best[1] for c in play[:1] if c.after_best is not None), None)
    return DealAnalysis(index, log.dealer, declarer, r.sitting_out, r.bid or 100, r.contract,
                        r.made, r.points, start, cards, tuple(bidding), exchange_loss,
                        tuple(play), tuple(g.tricks), tuple(losses))


def _made_exchange(g: Game) -> tuple[int, ...] | None:
    """The declarer's gifts (in the order of the receivers) or discards, if made."""
    if g.two:
        discards = [A.card_of(a) for a in g.actions if A.kind(a) == "discard"]
        return tuple(discards) if len(discards) == g.rules.musik_size else None
    return tuple(c for _, c in g.given) if len(g.given) == 2 else None


def _cards_held(deal: Deal, g: Game, declarer: int, musik: int, r: DealResult,
                ) -> tuple[Cards, dict[tuple[int, int], Exchange]]:
    """What the declarer's cards held; and the best exchange of each (seat, musik)
    searched, for the bidding in hindsight to reuse."""
    made, best, count = deal.search(declarer, musik, _made_exchange(g))
    trumps = deal.by_trump(declarer, made) if made is not None else ()
    best_trumps = trumps if made is not None and made == best else deal.by_trump(declarer, best)
    cards = Cards(made, trumps, best, best_trumps, count, r.contract or r.bid or 100)
    return cards, {(declarer, musik): best}


def _bidding(deal: Deal, g: Game, r: DealResult,
             searched: dict[tuple[int, int], Exchange]) -> list[SeatBidding]:
    """The bidding in hindsight of every playing seat (see :class:`SeatBidding`)."""
    rules = deal.rules
    out = []
    for s in deal.seats:
        musiks = (0, 1) if deal.two else (0,)
        best: list[Exchange] = []
        for i in musiks:
            if (s, i) not in searched:
                searched[s, i] = deal.search(s, i, budget=HINDSIGHT_NODES)[1]
            best.append(searched[s, i])
        if s == r.declarer:
            chosen = best[max(g.musik_choice, 0)]
        else:       # a blind choice: only what the worse musik gives is sure
            chosen = min(best, key=lambda e: e.points)
        worth = highest_contract(chosen.points, rules.bid_step)
        bid = _bid_of(g, s)
        verdict, loss = _verdict(deal, r, s, bid, worth)
        out.append(SeatBidding(s, bid, s == g.obligatory, r.contract if s == r.declarer else None,
                               worth, chosen, tuple(best) if deal.two else (), verdict, loss))
    return out


def _bid_of(g: Game, seat: int) -> int | None:
    """A seat's highest bid of its own choice (the obligatory 100 is none)."""
    return max((b for s, b in g.bids if s == seat and b), default=None)


def _verdict(deal: Deal, r: DealResult, seat: int, bid: int | None,
             worth: int | None) -> tuple[str, int]:
    """(verdict, points lost) of a seat's bidding in hindsight. The declarer is
    measured against declaring its worth (if it won the bidding with a bid it could
    make) or against passing, where its own bid was too high already; only the
    declaration is its choice when it holds the obligatory 100 unraised."""
    have = worth or 0
    if seat == r.declarer:
        won_at = r.bid or 100
        if r.bomb:
            return ("bomb_makeable", have) if have >= won_at else ("bomb_right", 0)
        contract = r.contract or 0
        if contract <= have:
            return ("left_points", have - contract) if have > contract else ("right", 0)
        if have >= won_at:
            return "too_high", contract + have
        if bid is None:                         # the obligatory 100: no choice but to play
            return ("too_high", contract - won_at) if contract > won_at else ("obligatory", 0)
        return "too_high", contract
    if bid is not None and bid > have:
        return "too_high", 0                    # outbid: it did not cost
    rules = deal.rules
    step = rules.bid_step
    winning = r.bid or 100
    cap = A.MAX_POINTS if rules.bid_cap == "none" else 120 + marriage_total(deal.hands[seat])
    if have >= winning + step and cap >= winning + step:
        loss = have - r.delta[seat]
        return ("left_points", loss) if loss > 0 else ("right", 0)
    return "right", 0


def game_totals(analyses: Sequence[DealAnalysis], players: int) -> list[SeatLoss]:
    """Per seat: the points lost over the analysed deals of a game."""
    totals = [SeatLoss(s) for s in range(players)]
    for a in analyses:
        totals = [t + loss for t, loss in zip(totals, a.losses, strict=True)]
    return totals
