"""The game as a pure state machine: deals, bidding, exchange, tricks, settling.

:class:`Game` is a whole game to 1000 (or 500). It has two doors, as python-chess
has ``push`` and ``push_san``:

* :meth:`Game.apply` — fast and unchecked, for bots, searches and benchmarks;
  it trusts that the action is one of :meth:`Game.legal_actions`.
* :meth:`Game.play` — checked: raises :class:`IllegalAction` with the rule id of
  RECORD.md and a reason, and applies nothing on error.

Dealing is the only chance event: :meth:`Game.deal` deals from the game's seeded
generator or from given cards. The engine does no I/O and is deterministic given
the seed. Cards are ints and card sets are masks (see :mod:`tysiac.cards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub

from ..cards import (
    MARRIAGE_VALUES,
    NINES,
    POINTS,
    QUEENS,
    cards_of,
    marriage_total,
    points_of,
)
from ..rules import Rules
from . import actions as A
from . import chance
from .checks import check
from .dealing import check_cards, deal_deck, seating
from .errors import IllegalAction
from .phases import BID, CHANCE, CHOOSE_MUSIK, DEAL, DECLARE, EXCHANGE, GAME_OVER, PHASES, PLAY
from .results import DealLog, DealResult
from .scoring import Outcome, Standing, made, settle, winner
from .sheet import SheetDeal, sheet_outcome
from .tricks import follow_mask
from .views import View, build_view

_MELD = A.MELD


class Game:
    """A game of Tysiąc from the first deal to the winner."""

    __slots__ = (
        "rules", "n", "k", "draw", "two", "seed_state", "first_dealer", "start_scores",
        "standing", "dealer", "phase", "to_move", "winner", "log", "results",
        # the deal in progress (see _clear_deal)
        "hands", "order", "nxt", "sitting_out", "musiks", "stock", "obligatory",
        "bid", "bidder", "raised", "passed", "bids", "declarer", "contract",
        "musik_choice", "musik_revealed", "given", "receivers", "discards",
        "trump", "trick", "leader", "lead_suit", "win_card", "win_seat",
        "tricks_done", "taken", "won", "meld_points", "melds", "tricks", "drawn",
        "actions", "_beat", "_trump_duty", "_overtrump", "_meld_first", "_seatings",
        "_tricks_total", "_leftover", "_no_points",
    )

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 first_dealer: int | None = None,
                 start_scores: Sequence[int] | None = None) -> None:
        self.rules = rules = rules if rules is not None else Rules.preset()
        self.n = rules.players
        self.k = rules.playing_seats
        self.draw = rules.draw_game
        self.two = self.n == 2 and not self.draw
        self.seed_state = chance.initial_state(seed)
        if first_dealer is None:
            self.seed_state, first_dealer = chance.below(self.seed_state, self.n)   # by lot
        if not 0 <= first_dealer < self.n:
            raise ValueError(f"first_dealer must be a seat from 0 to {self.n - 1}")
        if start_scores is not None and len(start_scores) != self.n:
            raise ValueError(f"start_scores needs {self.n} scores")
        self.first_dealer = first_dealer
        self.start_scores = tuple(start_scores) if start_scores is not None else None
        self.standing = Standing.start(rules, start_scores)
        self.dealer = first_dealer
        self.phase = DEAL
        self.to_move = CHANCE
        self.winner: int | str | None = None
        self.log: list[DealLog | SheetDeal] = []
        self.results: list[DealResult] = []
        self._beat = rules.must_beat
        self._trump_duty = rules.must_trump
        self._overtrump = rules.must_overtrump
        self._leftover = self.two and rules.leftover_cards == "last_trick"
        self._no_points = (0,) * self.n
        self._meld_first = rules.meld_first_trick
        self._seatings = [seating(rules, d) for d in range(self.n)]
        self._tricks_total = rules.tricks_per_deal
        self._clear_deal()

    def _clear_deal(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.order: tuple[int, ...] = ()
        self.nxt = [0] * n
        self.sitting_out: int | None = None
        self.musiks: list[int] = []
        self.stock: list[int] = []
        self.obligatory = -1
        self.bid = 0
        self.bidder = -1
        self.raised = False
        self.passed = 0
        self.bids: list[tuple[int, int]] = []     # (seat, bid); 0 = pass
        self.declarer = -1
        self.contract = 0
        self.musik_choice = -1
        self.musik_revealed = False
        self.given: list[tuple[int, int]] = []
        self.receivers: tuple[int, ...] = ()
        self.discards = 0
        self.trump = -1
        self.trick: list[int] = []
        self.leader = -1
        self.lead_suit = -1
        self.win_card = -1
        self.win_seat = -1
        self.tricks_done = 0
        self.taken = [0] * n
        self.won = [0] * n
        self.meld_points = [0] * n
        self.melds: list[tuple[int, int]] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.drawn: list[tuple[int, int]] = []
        self.actions: list[int] = []

    # --- reading the state -------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        return self.standing.scores

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def deal_number(self) -> int:
        """How many deals have been settled."""
        return len(self.results)

    def hand(self, seat: int) -> tuple[int, ...]:
        return cards_of(self.hands[seat])

    def cap(self, seat: int) -> int:
        """The bidding cap of ``seat``: 120 plus the marriages in the dealt hand."""
        if self.rules.bid_cap == "none":
            return A.MAX_POINTS
        return 120 + marriage_total(self.hands[seat])

    def declare_cap(self) -> int:
        """The highest contract the declarer may announce now."""
        if self.rules.declare_cap == "none":
            return A.MAX_POINTS
        return max(self.bid, 120 + marriage_total(self.hands[self.declarer]))

    def redeal_seats(self) -> tuple[int, ...]:
        """Seats that may ask for a new deal now (before the first bid or pass)."""
        if self.phase != BID or self.bids:
            return ()
        return tuple(s for s in self.order if self._redeal_hand(self.hands[s]))

    def _redeal_hand(self, hand: int) -> bool:
        r = self.rules
        if r.redeal_four_nines and hand & NINES == NINES:
            return True
        return r.redeal_weak_hand_max is not None and points_of(hand) <= r.redeal_weak_hand_max

    def bomb_allowed(self) -> bool:
        """Whether the declarer may throw a bomb now (bomb rules of section 4)."""
        r = self.rules
        if self.phase == EXCHANGE:
            if r.bomb_timing != "before_exchange" or self.given or self.discards:
                return False
        elif self.phase != DECLARE or r.bomb_timing != "after_exchange":
            return False
        limit = r.bombs_per_player
        if limit is not None and self.standing.bombs[self.declarer] >= limit:
            return False
        return not (r.bomb_only_unraised_100 and self.raised)

    # --- legal actions ------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions of the seat to move (empty at a chance node or the end)."""
        if self.phase == PLAY:
            hand = self.hands[self.to_move]
            if self.trick:
                if self.stock:
                    return cards_of(hand)   # dobierany: no duty to follow while the stock lasts
                return cards_of(follow_mask(hand, self.lead_suit, self.win_card, self.trump,
                                            self._beat, self._trump_duty, self._overtrump))
            acts = cards_of(hand)
            pairs = hand & (hand >> 1) & QUEENS
            if pairs and (self.tricks_done or self._meld_first):
                for q in cards_of(pairs):
                    acts += (q + _MELD, q + 1 + _MELD)
            return acts
        return self._legal_other()

    def _legal_other(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == BID:
            p = self.to_move
            step = self.rules.bid_step
            low = self.bid + step
            high = min(self.cap(p), A.MAX_POINTS)
            if not self.rules.bid_jumps:
                high = min(high, low)
            acts = (A.PASS,) + tuple(range(A.BID + low, A.BID + high + 1, step))
            if not self.bids and self._redeal_hand(self.hands[p]):
                acts += (A.REDEAL + p,)
            return acts
        if phase == EXCHANGE:
            base = A.DISCARD if self.two else A.GIVE
            acts = tuple(map(base.__add__, cards_of(self.hands[self.declarer])))
            return acts + (A.BOMB,) if self.bomb_allowed() else acts
        if phase == DECLARE:
            acts = tuple(range(A.DECLARE + self.bid, A.DECLARE + self.declare_cap() + 1,
                               self.rules.bid_step))
            return acts + (A.BOMB,) if self.bomb_allowed() else acts
        if phase == CHOOSE_MUSIK:
            return (A.CHOOSE_MUSIK, A.CHOOSE_MUSIK + 1)
        return ()

    # --- dealing -------------------------------------------------------------

    def deal(self, hands: Sequence[Sequence[int]] | None = None,
             musiks: Sequence[Sequence[int]] = (), stock: Sequence[int] = ()) -> None:
        """Deal the next deal: from the seeded generator, or the given cards (hands
        per seat, an empty hand for the sitting-out seat; musiks; the stock top
        first). Raises :class:`IllegalAction` ``bad_deal`` if they do not fit."""
        if self.phase == GAME_OVER:
            raise IllegalAction("game_over")
        if self.phase != DEAL:
            raise ValueError("a deal is in progress: deal() comes after a deal is settled")
        self._clear_deal()
        self._seat_the_deal()
        if hands is None:
            self.seed_state, deck = chance.shuffled_deck(self.seed_state)
            hand_masks, musik_masks, stock_cards = deal_deck(self.rules, self.order, deck)
        else:
            hand_masks, musik_masks, stock_cards = check_cards(
                self.rules, self.sitting_out, hands, musiks, stock)
        self.hands = hand_masks
        self.musiks = musik_masks
        if stock_cards:
            self.stock = list(reversed(stock_cards))      # pop() takes the top
        self.log.append(DealLog(self.dealer, tuple(hand_masks), tuple(musik_masks),
                                tuple(stock_cards), self.actions))
        if self.draw:
            self.phase = PLAY
            self.to_move = self.leader = self.nxt[self.dealer]   # non-dealer leads
            return
        self.phase = BID
        self.obligatory = self.bidder = (self.dealer + 1) % self.n
        self.bid = 100
        # 2 players: the dealer bids first; 3 players: left of the obligatory bidder.
        self.to_move = self.dealer if self.two else self.nxt[self.obligatory]

    def _seat_the_deal(self) -> None:
        order, nxt, out = self._seatings[self.dealer]
        self.order, self.nxt, self.sitting_out = order, list(nxt), out

    # --- applying actions -----------------------------------------------------

    def apply(self, a: int) -> None:
        """Apply a legal action of the seat to move (a redeal: of its own seat).
        Unchecked: use :meth:`play` for actions that may be illegal."""
        if self.phase == PLAY:
            p = self.to_move
            self.actions.append(a)
            if a >= _MELD:
                a -= _MELD
                suit = a // 6
                self.trump = suit
                self.meld_points[p] += MARRIAGE_VALUES[suit]
                self.melds.append((p, suit))
            self.hands[p] ^= 1 << a
            trick = self.trick
            trick.append(a)
            if len(trick) == 1:
                self.leader = self.win_seat = p
                self.lead_suit = a // 6
                self.win_card = a
            else:
                w = self.win_card
                if (a > w) if a // 6 == w // 6 else (a // 6 == self.trump):
                    self.win_card = a
                    self.win_seat = p
                if len(trick) == self.k:
                    self._end_trick()
                    return
            self.to_move = self.nxt[p]
            return
        self._apply_other(a)

    def _end_trick(self) -> None:
        w = self.win_seat
        trick = tuple(self.trick)
        if self.k == 3:
            self.taken[w] += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
        else:
            self.taken[w] += POINTS[trick[0]] + POINTS[trick[1]]
        self.won[w] += 1
        self.tricks.append((self.leader, trick, w))
        self.trick = []
        self.tricks_done += 1
        self.to_move = self.leader = w
        if self.stock:                      # dobierany: the trick winner draws first
            for s in (w, self.nxt[w]):
                c = self.stock.pop()
                self.hands[s] |= 1 << c
                self.drawn.append((s, c))
        elif self.tricks_done == self._tricks_total:
            self._settle_played()

    def _apply_other(self, a: int) -> None:
        phase = self.phase
        if phase == BID:
            if A.REDEAL <= a < A.REDEAL + 4:
                self.actions.append(a)
                self._redeal()
                return
            p = self.to_move
            self.actions.append(a)
            if a == A.PASS:
                self.bids.append((p, 0))
                self.passed |= 1 << p
                if self.two or self.k - self.passed.bit_count() == 1:
                    self._end_bidding()
                    return
            else:
                self.bid = a - A.BID
                self.bids.append((p, self.bid))
                self.bidder = p
                self.raised = True
            nxt = self.nxt[p]
            while self.passed >> nxt & 1:
                nxt = self.nxt[nxt]
            self.to_move = nxt
            return
        p = self.to_move
        self.actions.append(a)
        if a == A.BOMB:
            self._settle(bomb=True)
        elif phase == EXCHANGE:
            c = a & 31
            self.hands[p] ^= 1 << c
            if self.two:
                self.discards |= 1 << c
                done = self.discards.bit_count() == self.rules.musik_size
            else:
                receiver = self.receivers[len(self.given)]
                self.hands[receiver] |= 1 << c
                self.given.append((receiver, c))
                done = len(self.given) == 2
            if done:
                self.phase = DECLARE
        elif phase == DECLARE:
            self.contract = a - A.DECLARE
            self.phase = PLAY
            self.leader = p
        elif phase == CHOOSE_MUSIK:
            self.musik_choice = a - A.CHOOSE_MUSIK
            self._take_musik(self.musiks[self.musik_choice])
        else:
            raise ValueError(f"no action is expected in phase {PHASES[phase]}")

    def _end_bidding(self) -> None:
        d = self.declarer = self.to_move = self.bidder
        if self.two:
            self.phase = CHOOSE_MUSIK
        else:
            self._take_musik(self.musiks[0])
            self.receivers = (self.nxt[d], self.nxt[self.nxt[d]])

    def _take_musik(self, musik: int) -> None:
        reveal = self.rules.musik_reveal
        self.musik_revealed = (
            reveal == "always"
            or (reveal == "hidden_at_100" and self.raised)
            or (reveal == "from_130" and self.bid >= 130)
        )
        self.hands[self.declarer] |= musik
        self.phase = EXCHANGE

    def _redeal(self) -> None:
        """The same dealer deals again; nothing is settled."""
        self.phase = DEAL
        self.to_move = CHANCE

    # --- settling -----------------------------------------------------------

    def _settle_played(self) -> None:
        cards = self.taken[:]
        if self._leftover:
            # The last trick's winner takes the unchosen musik and the discards.
            last = self.tricks[-1][2]
            cards[last] += points_of(self.musiks[1 - self.musik_choice] | self.discards)
        self._settle(False, tuple(map(add, cards, self.meld_points)), tuple(cards))

    def _settle(self, bomb: bool, points: tuple[int, ...] | None = None,
                cards: tuple[int, ...] | None = None) -> None:
        n = self.n
        out = self.sitting_out
        outcome = Outcome(
            None if self.draw else self.declarer,
            None if bomb or self.draw else self.contract,
            bomb, points or self._no_points, tuple(self.won), self.order, out,
            self.musiks[0] if out is not None else 0,
        )
        melds = tuple(tuple(suit for seat, suit in self.melds if seat == s) for s in range(n)) \
            if self.melds else ((),) * n
        log = self.log[-1]
        assert isinstance(log, DealLog)
        self._record_result(outcome, cards or self._no_points, melds, log)

    def _record_result(self, outcome: Outcome, cards: tuple[int, ...],
                       melds: tuple[tuple[int, ...], ...], log: DealLog | None,
                       tricks_known: bool = True) -> None:
        """Settle ``outcome``, write the result, pass the deal, see if the game ended."""
        before = self.standing
        self.standing = after = settle(self.rules, before, outcome)
        self.results.append(DealResult(
            dealer=self.dealer, declarer=outcome.declarer,
            bid=None if outcome.declarer is None else self.bid or None,
            contract=outcome.contract, bomb=outcome.bomb, points=outcome.points,
            cards=cards, melds=melds, tricks=outcome.tricks,
            delta=tuple(map(sub, after.scores, before.scores)), scores=after.scores,
            sitting_out=outcome.sitting_out, log=log, tricks_known=tricks_known,
        ))
        self.dealer = (self.dealer + 1) % self.n
        if max(after.scores) >= self.rules.goal:
            self.winner = winner(self.rules, after.scores, outcome.declarer, made(outcome))
        self.phase = GAME_OVER if self.winner is not None else DEAL
        self.to_move = CHANCE

    def apply_sheet(self, sheet: SheetDeal) -> None:
        """Settle a score-sheet deal (a deal given by its results) as the next deal.
        Raises :class:`IllegalAction` ``bad_sheet`` (or ``bomb_not_allowed``)."""
        if self.phase == GAME_OVER:
            raise IllegalAction("game_over")
        if self.phase != DEAL:
            raise ValueError("a deal is in progress: a sheet deal comes between deals")
        self._clear_deal()
        self._seat_the_deal()
        outcome = sheet_outcome(self.rules, sheet, self.order, self.sitting_out,
                                self.standing.bombs)
        self.bid = sheet.bid or 0
        self.log.append(sheet)
        melds = sheet.melds or ((),) * self.n
        self._record_result(outcome, sheet.cards or self._no_points, melds, None,
                            sheet.tricks is not None)

    # --- the checked door, copies, undo -------------------------------------------

    def play(self, a: int, seat: int | None = None) -> None:
        """Check ``a`` for ``seat`` (default: the seat to move), then apply it.
        Raises :class:`IllegalAction` with the RECORD.md rule id if it is illegal."""
        check(self, a, self.to_move if seat is None else seat)
        self.apply(a)

    def check(self, a: int, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` if ``seat`` may not take action ``a`` now."""
        check(self, a, self.to_move if seat is None else seat)

    def copy(self) -> Game:
        """An independent copy (the deal log is copied, the rules shared)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            setattr(g, name, value)
        last = g.log[-1] if g.log else None
        if isinstance(last, DealLog):   # the deal in progress appends to its log
            g.log[-1] = last = last.copy()
            g.actions = last.actions
        return g

    def undo(self) -> None:
        """Take back the last action of the current deal (or the action that ended
        the last deal, before the next is dealt). Rebuilds by replaying the log."""
        last = self.log[-1] if self.log else None
        if last is None or isinstance(last, DealLog) and not last.actions:
            raise IllegalAction("wrong_phase", "undo")
        logs = [e.copy() if isinstance(e, DealLog) else e for e in self.log]
        if isinstance(last, DealLog):
            logs[-1].actions.pop()     # type: ignore[union-attr]
        else:
            logs.pop()
        g = Game(self.rules, first_dealer=self.first_dealer, start_scores=self.start_scores)
        g.replay(logs)
        g.seed_state = self.seed_state
        for name in Game.__slots__:
            setattr(self, name, getattr(g, name))

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` knows (``None``: a spectator). See :mod:`.views`."""
        return build_view(self, seat)

    def replay(self, logs: Sequence[DealLog | SheetDeal]) -> None:
        """Apply whole deal logs (cards and actions) and sheet deals, unchecked."""
        for entry in logs:
            if isinstance(entry, SheetDeal):
                self.apply_sheet(entry)
                continue
            self.deal([cards_of(h) for h in entry.hands], [cards_of(m) for m in entry.musiks],
                      entry.stock)
            for a in entry.actions:
                self.apply(a)
