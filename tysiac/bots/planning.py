"""How the search bots value actions over worlds: card play by solving each world,
bidding, the exchange and the declaration by simulating the deal as declarer.

Every value is a **deal margin** for the seat (see ``strong.Advice``): the score
change of the seat's side minus the other side's, per opponent, so that the
declarer's ``+contract``/``-contract`` and the defenders' points weigh as they do on
the score sheet. A defender who adds nothing (at the barrier, on the barrel) has
weight 0, which is how the game's context enters every decision.

Simulations of the whole deal (bidding, exchange, declaration) solve the play for
the declarer's most points (``solver.value``) after a quick exchange: give or
discard the cards a player keeps least (:func:`keep_score`). The contract is made
in a world when those points reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import exp

from ..cards import (
    ACE,
    KING,
    MARRIAGE_VALUES,
    POINTS,
    QUEEN,
    QUEENS,
    SUIT_MASK,
    TEN,
    cards_of,
    marriage_total,
    mask_of,
    points_of,
)
from ..engine import actions as A
from ..engine.views import View
from .sampling import Table, World
from .solver import Position, decode, solve, value

Values = dict[int, tuple[float, float | None]]   # action -> (margin, share made)

#: Exchange plans simulated per decision, among sets of the cheapest cards by
#: keep_score (``PLAN_POOL`` more cards than the exchange needs).
PLANS = 5
PLAN_POOL = 3
#: What defending is worth when the search does not simulate it (no bidder yet).
_PASS_FALLBACK = -10.0
#: What keeping a bomb is worth where bombs are counted (a guess, in points).
BOMB_RESERVE = 15.0
#: Scales the declarer's points above the defenders' in the simulations' objective.
_SCALE = 1024
#: Whether bidding weighs worlds by what the highest bidder's bid shows (plan_bid).
BID_INFERENCE = True
#: Points a declarer makes at the table beyond its double-dummy points (made_chance).
SIM_EDGE = 5
SIM_SPREAD = 8.0


@dataclass(frozen=True, slots=True)
class Context:
    """What every valuation of one view needs."""

    view: View
    me: int
    seats: tuple[int, ...]          # playing seats; solver player i is seats[i]
    table: Table
    adds: tuple[int, ...]           # per seat: 1 if its defender points count, else 0
    backend: str

    @classmethod
    def of(cls, view: View, backend: str = "auto") -> Context:
        assert view.seat is not None
        table = Table.of(view)
        return cls(view, view.seat, table.seats, table,
                   tuple(_adds(view, s) for s in range(view.rules.players)), backend)

    @property
    def k(self) -> int:
        return len(self.seats)

    @property
    def draw(self) -> bool:
        return self.view.rules.draw_game

    @property
    def two(self) -> bool:
        return self.view.rules.players == 2 and not self.draw

    def leftover_points(self, cards: int) -> int:
        rules = self.view.rules
        return points_of(cards) if self.two and rules.leftover_cards == "last_trick" else 0


def _adds(view: View, seat: int) -> int:
    """Whether a defender's points are written (RULES.md section 7)."""
    rules = view.rules
    if rules.draw_game:
        return 1
    if view.barrel[seat]:
        return 0
    return 0 if rules.barrier is not None and view.scores[seat] >= rules.barrier else 1


# --- card play -------------------------------------------------------------------

def play_position(ctx: Context, world: World) -> Position:
    """The solver's position of the deal in progress in ``world``."""
    view, rules = ctx.view, ctx.view.rules
    idx = {s: i for i, s in enumerate(ctx.seats)}
    if ctx.draw:
        declarer = idx[ctx.me]
        weights = tuple(1 if s == ctx.me else -1 for s in ctx.seats)
        contract = 0
    else:
        assert view.declarer is not None
        declarer = idx[view.declarer]
        weights = tuple(0 if s == view.declarer else -ctx.adds[s] for s in ctx.seats)
        contract = view.contract or view.bid
    leader = view.trick[0][0] if view.trick else view.to_move
    assert leader is not None
    return Position(
        tuple(world.hands[s] for s in ctx.seats), idx[leader], tuple(c for _, c in view.trick),
        -1 if view.trump is None else view.trump, len(view.tricks), declarer,
        tuple(view.points[s] for s in ctx.seats), weights, contract,
        ctx.leftover_points(world.leftover), rules.meld_first_trick, rules.must_beat,
        rules.must_trump, rules.must_overtrump,
    )


def seat_margin(ctx: Context, declarer: int, contract: int, made: bool,
                written: float) -> float:
    """The seat's margin when ``declarer`` plays ``contract`` and the defenders write
    ``written`` points between them: own score change minus the others' average.
    A defender's share of ``written`` is taken as even among the defenders whose
    points count."""
    won = contract if made else -contract
    if declarer == ctx.me:
        return won - written / (ctx.k - 1)
    counting = sum(ctx.adds[s] for s in ctx.seats if s != declarer)
    mine = written / counting if counting and ctx.adds[ctx.me] else 0.0
    return mine - (won + written - mine) / (ctx.k - 1)


def margin(ctx: Context, pos: Position, v: int) -> tuple[float, bool | None]:
    """The seat's deal margin and whether the contract is made, for a value ``v``
    of a play position of the view (see :func:`play_position`)."""
    if ctx.draw:
        return float(v), None
    made, lin = decode(pos, v)
    return seat_margin(ctx, ctx.seats[pos.declarer], pos.contract, made, -lin), made


def play_values(ctx: Context, worlds: Iterable[World]) -> Values:
    """PIMC: the average margin of each legal card over the worlds, each world
    solved double-dummy (while the draw game's stock lasts: played out by
    :func:`rollout` to the empty stock, then solved)."""
    legal = ctx.view.legal
    sums = dict.fromkeys(legal, 0.0)
    made = dict.fromkeys(legal, 0)
    n = 0
    for world in worlds:
        n += 1
        if ctx.view.stock_size:
            for a in legal:
                sums[a] += stock_value(ctx, world, a)
            continue
        pos = play_position(ctx, world)
        sol = solve(pos, ctx.backend)
        for a, v in zip(sol.moves, sol.values, strict=True):
            m, ok = margin(ctx, pos, v)
            sums[a] += m
            made[a] += bool(ok)
    n = max(n, 1)
    if ctx.draw:
        return {a: (sums[a] / n, None) for a in legal}
    return {a: (sums[a] / n, made[a] / n) for a in legal}


# --- the draw game while the stock lasts ------------------------------------------

def stock_value(ctx: Context, world: World, first: int) -> float:
    """The value of ``first`` while the stock lasts: a lead is met by the
    opponent's best answer (each answer rolled out); a card that ends the trick is
    rolled out as it is."""
    me = ctx.me
    if ctx.view.trick:
        return rollout(ctx, world, first)
    answers = cards_of(world.hands[ctx.table.nxt(me)])
    return min(rollout(ctx, world, first, answer) for answer in answers)


def rollout(ctx: Context, world: World, first: int, answer: int | None = None) -> float:
    """Own points minus the opponent's after playing ``first`` (and the opponent
    ``answer``, if given): both sides play :func:`_greedy` until the stock is
    empty, then the rest is solved exactly."""
    view, rules = ctx.view, ctx.view.rules
    me = ctx.me
    other = ctx.table.nxt(me)
    hands = {me: world.hands[me], other: world.hands[other]}
    stock = list(world.stock)
    points = {s: view.points[s] for s in (me, other)}
    trick = [(s, c) for s, c in view.trick]
    trump = -1 if view.trump is None else view.trump
    done = len(view.tricks)
    seat = me
    action = first
    while True:
        if action >= A.MELD and action < A.GIVE:
            action -= A.MELD
            trump = action // 6
            points[seat] += MARRIAGE_VALUES[trump]
        hands[seat] ^= 1 << action
        trick.append((seat, action))
        seat = ctx.table.nxt(seat)
        if len(trick) == 2:
            (s0, c0), (s1, c1) = trick
            win = s1 if ((c1 > c0) if c1 // 6 == c0 // 6 else c1 // 6 == trump) else s0
            points[win] += POINTS[c0] + POINTS[c1]
            trick = []
            done += 1
            seat = win
            if stock:
                hands[win] |= 1 << stock.pop(0)
                hands[ctx.table.nxt(win)] |= 1 << stock.pop(0)
            if not stock:
                break
        if answer is not None and trick:
            action, answer = answer, None
            continue
        action = _greedy(hands[seat], trick, trump, bool(done) or rules.meld_first_trick)
    if not hands[me]:
        return float(points[me] - points[other])
    idx = {s: i for i, s in enumerate(ctx.seats)}
    pos = Position((hands[ctx.seats[0]], hands[ctx.seats[1]]), idx[seat], (), trump, done,
                   idx[me], (points[ctx.seats[0]], points[ctx.seats[1]]),
                   tuple(1 if s == me else -1 for s in ctx.seats), 0, 0,
                   rules.meld_first_trick, rules.must_beat, rules.must_trump,
                   rules.must_overtrump)
    return float(value(pos, ctx.backend)[0])


def _greedy(hand: int, trick: list[tuple[int, int]], trump: int, may_meld: bool) -> int:
    """A quick player for the stock phase (no duty to follow): announce the best
    marriage, lead low; take a trick worth taking with the cheapest winner, else
    throw the cheapest card."""
    cards = cards_of(hand)
    if not trick:
        pairs = hand & (hand >> 1) & QUEENS
        if pairs and may_meld:
            q = cards_of(pairs)[0]           # hearts first: the most valuable
            return q + A.MELD
        return min(cards, key=lambda c: (POINTS[c], c // 6 == trump, c))
    led = trick[0][1]
    winners = [c for c in cards if ((c > led) if c // 6 == led // 6 else c // 6 == trump)]
    if winners and (POINTS[led] >= 10 or min(POINTS[c] for c in winners) >= 10):
        return min(winners, key=lambda c: (c // 6 == trump, POINTS[c], c))
    return min(cards, key=lambda c: (POINTS[c], c // 6 == trump, c))


# --- simulating the deal as declarer -------------------------------------------------

def keep_score(c: int, hand: int) -> int:
    """How much a player wants to keep card ``c`` of ``hand``: points, length of
    its suit, aces, tens guarded by their ace, marriages most of all."""
    suit = c // 6
    rank = c % 6
    score = POINTS[c] + 3 * (hand & SUIT_MASK[suit]).bit_count()
    if rank == ACE:
        score += 20
    elif rank == TEN and hand >> (c + 1) & 1:
        score += 10
    elif rank in (QUEEN, KING) and hand >> (c ^ 1) & 1:
        score += 40 + MARRIAGE_VALUES[suit] // 4
    return score


def cheapest(hand: int, count: int) -> tuple[int, ...]:
    """The ``count`` cards of ``hand`` a player keeps least, cheapest first."""
    return tuple(sorted(cards_of(hand), key=lambda c: (keep_score(c, hand), c))[:count])


@dataclass(frozen=True, slots=True)
class Plan:
    """The rest of an exchange: the cards still to give (in the order of the
    receivers) or to discard."""

    cards: tuple[int, ...]


def candidate_plans(hand: int, left: int) -> list[Plan]:
    """The exchanges worth simulating: sets of ``left`` cards among the cheapest,
    cheapest sets first, each set in cheapest-first order."""
    pool = cheapest(hand, min(hand.bit_count(), left + PLAN_POOL))
    sets = sorted(combinations(pool, left), key=lambda s: sum(keep_score(c, hand) for c in s))
    return [Plan(s) for s in sets[:PLANS]]




def declarer_points(ctx: Context, world: World, declarer: int, hand: int, gifts: dict[int, int],
                    leftover: int) -> tuple[int, int]:
    """(the most points the declarer makes, the points its defenders then write
    between them) when it plays ``hand`` against the world's other hands plus
    ``gifts``, leading. One solve: the declarer's points first, the defenders'
    second (the objective ``1024 * declarer - written defenders``)."""
    rules = ctx.view.rules
    idx = {s: i for i, s in enumerate(ctx.seats)}
    hands = tuple(hand if s == declarer else world.hands[s] | gifts.get(s, 0)
                  for s in ctx.seats)
    d = idx[declarer]
    weights = tuple(_SCALE if s == declarer else -ctx.adds[s] for s in ctx.seats)
    pos = Position(hands, d, (), -1, 0, d, (0,) * ctx.k, weights, 0,
                   ctx.leftover_points(leftover), rules.meld_first_trick, rules.must_beat,
                   rules.must_trump, rules.must_overtrump)
    v = value(pos, ctx.backend)[0]
    points = -(-v // _SCALE)
    return points, points * _SCALE - v


def quick_exchange(ctx: Context, world: World, declarer: int,
                   musik: int = 0) -> tuple[int, dict[int, int], int]:
    """The declarer takes a musik (2 players: ``musik``) and parts with the cards
    it keeps least: (hand that plays, {receiver: card given}, leftover)."""
    hand = world.hands[declarer] | world.musiks[musik]
    if ctx.two:
        drop = mask_of(cheapest(hand, ctx.view.rules.musik_size))
        return hand & ~drop, {}, world.musiks[1 - musik] | drop
    first = ctx.table.nxt(declarer)
    cards = cheapest(hand, 2)
    return hand & ~mask_of(cards), {first: 1 << cards[0], ctx.table.nxt(first): 1 << cards[1]}, 0


def contract_margin(ctx: Context, declarer: int, contract: int, points: int,
                    written: int, bomb: float | None = None) -> float:
    """The seat's expected margin when ``declarer`` takes ``points`` (double-dummy)
    playing ``contract``; with ``bomb``, the margin if the declarer gives up a
    contract it would fail."""
    chance = made_chance(points, contract)
    failed = seat_margin(ctx, declarer, contract, False, written) if bomb is None else bomb
    return chance * seat_margin(ctx, declarer, contract, True, written) \
        + (1 - chance) * failed


def made_chance(points: int, contract: int) -> float:
    """The chance that a contract is made by a declarer who makes ``points``
    double-dummy: a logistic curve centred ``SIM_EDGE`` points below them (the
    declarer's hidden hand is worth more at the table than against defenders who
    see it), ``SIM_SPREAD`` points wide (a double-dummy count is no certainty)."""
    return 1 / (1 + exp((contract - points - SIM_EDGE) / SIM_SPREAD))


def bomb_margin(ctx: Context, declarer: int) -> float:
    """The seat's margin when ``declarer`` throws a bomb (RULES.md section 4); its
    own bomb also costs what keeping a counted bomb for a worse hand is worth."""
    rules, view = ctx.view.rules, ctx.view
    thrown = view.bombs[declarer]
    gain = 0 if thrown < rules.bomb_free_first else rules.bomb_points
    delta = {s: ctx.adds[s] * gain for s in ctx.seats if s != declarer}
    penalty = rules.bomb_penalty
    delta[declarer] = -penalty.points if penalty and (thrown + 1) % penalty.every == 0 else 0
    others = sum(d for s, d in delta.items() if s != ctx.me) / (ctx.k - 1)
    reserve = BOMB_RESERVE if declarer == ctx.me and rules.bombs_per_player is not None else 0
    return delta[ctx.me] - others - reserve


def may_bomb_later(ctx: Context, declarer: int, raised: bool) -> bool:
    """Whether ``declarer`` will be allowed a bomb in this deal."""
    rules, view = ctx.view.rules, ctx.view
    limit = rules.bombs_per_player
    if limit is not None and view.bombs[declarer] >= limit:
        return False
    return not (rules.bomb_only_unraised_100 and raised)


def _contracts(ctx: Context, low: int, hand: int) -> list[int]:
    rules = ctx.view.rules
    high = A.MAX_POINTS if rules.declare_cap == "none" else max(low, 120 + marriage_total(hand))
    return list(range(low, high + 1, rules.bid_step))


def _best_contract(ctx: Context, outcomes: list[tuple[int, int]], low: int, hand: int,
                   bomb: float | None) -> tuple[float, float]:
    """(the margin of the best declaration or bomb, the share made) for outcomes
    (points, defenders' points) of the worlds."""
    best = (-float("inf"), 0.0)
    n = len(outcomes)
    for c in _contracts(ctx, low, hand):
        m = sum(contract_margin(ctx, ctx.me, c, p, dp) for p, dp in outcomes) / n
        share = sum(made_chance(p, c) for p, _ in outcomes) / n
        if m > best[0]:
            best = (m, share)
    if bomb is not None and bomb > best[0]:
        return bomb, 0.0
    return best


def plan_bid(ctx: Context, worlds: Iterator[World]) -> Values:
    """Bidding: the margin of declaring each legal bid (the bid played as it is, or
    a bomb where the rules will allow one) against that of passing (the highest
    bidder so far declares the current bid, or bombs it).

    A bid shows strength the sampler cannot see (it only knows what bids over 120
    prove): worlds are weighted by the chance that the highest bidder, if it raised
    by choice, makes its bid in them (``BID_INFERENCE``)."""
    view = ctx.view
    bids = [a for a in view.legal if A.kind(a) == "bid"]
    opponent = view.bidder
    mine: list[tuple[int, int]] = []
    theirs: list[tuple[int, int]] = []
    for world in worlds:
        hand, gifts, leftover = quick_exchange(ctx, world, ctx.me)
        mine.append(declarer_points(ctx, world, ctx.me, hand, gifts, leftover))
        if opponent is not None and opponent != ctx.me:
            hand, gifts, leftover = quick_exchange(ctx, world, opponent)
            theirs.append(declarer_points(ctx, world, opponent, hand, gifts, leftover))
    weights = [1.0] * len(mine)
    raised = any(b for _, b in view.bids)
    if BID_INFERENCE and theirs and any(s == opponent and b for s, b in view.bids):
        weights = [max(made_chance(p, view.bid), 0.01) for p, _ in theirs]
    total = sum(weights) or 1.0

    def mean(xs: Iterable[float]) -> float:
        return sum(w * x for w, x in zip(weights, xs, strict=True)) / total

    values: Values = {}
    if theirs and opponent is not None:
        # The opponent plays the current bid, or bombs a contract it would fail.
        bomb = bomb_margin(ctx, opponent) if may_bomb_later(ctx, opponent, raised) else None
        values[A.PASS] = (mean(contract_margin(ctx, opponent, view.bid, p, dp, bomb)
                               for p, dp in theirs),
                          mean(made_chance(p, view.bid) for p, _ in theirs))
    else:
        values[A.PASS] = (_PASS_FALLBACK, None)
    bomb = bomb_margin(ctx, ctx.me) if may_bomb_later(ctx, ctx.me, raised=True) else None
    for a in bids:
        b = A.value_of(a)
        m = mean(contract_margin(ctx, ctx.me, b, p, dp) for p, dp in mine)
        if bomb is not None and bomb > m:
            m = bomb
        values[a] = (m, mean(made_chance(p, b) for p, _ in mine))
    for a in view.legal:
        if A.kind(a) == "redeal":
            values[a] = (0.0, None)     # a fresh deal: an average hand
    return values


def plan_exchange(ctx: Context, worlds: Iterator[World]) -> Values:
    """Giving (3 and 4 players) or discarding (2 players): the best declaration
    after each candidate exchange, over the worlds. A give or discard is valued by
    the best plan that starts with it; cards in no candidate plan get no value."""
    view, rules = ctx.view, ctx.view.rules
    hand = mask_of(view.hand)
    left = rules.musik_size - len(view.discards) if ctx.two else 2 - len(view.given)
    plans = candidate_plans(hand, left)
    receivers: list[int] = []
    if not ctx.two:
        first = ctx.table.nxt(ctx.me)
        receivers = [first, ctx.table.nxt(first)][len(view.given):]
    outcomes: dict[Plan, list[tuple[int, int]]] = {p: [] for p in plans}
    for world in worlds:
        for plan in plans:
            rest = hand & ~mask_of(plan.cards)
            gifts = {r: 1 << c for r, c in zip(receivers, plan.cards, strict=False)}
            leftover = world.leftover | mask_of(plan.cards) if ctx.two else 0
            outcomes[plan].append(declarer_points(ctx, world, ctx.me, rest, gifts, leftover))
    raised = any(b for _, b in view.bids)
    later = rules.bomb_timing == "after_exchange" and may_bomb_later(ctx, ctx.me, raised)
    bomb = bomb_margin(ctx, ctx.me) if later else None
    base = A.DISCARD if ctx.two else A.GIVE
    values: Values = {}
    for plan in plans:
        if not outcomes[plan]:
            continue
        rest = hand & ~mask_of(plan.cards)
        m, share = _best_contract(ctx, outcomes[plan], view.bid, rest, bomb)
        a = base + plan.cards[0]
        if a not in values or m > values[a][0]:
            values[a] = (m, share)
    if A.BOMB in view.legal:
        values[A.BOMB] = (bomb_margin(ctx, ctx.me), 0.0)
    return values


def plan_declare(ctx: Context, worlds: Iterator[World]) -> Values:
    """The declaration: each legal contract (and the bomb) over the worlds."""
    view = ctx.view
    hand = mask_of(view.hand)
    outcomes = [declarer_points(ctx, w, ctx.me, hand, {}, w.leftover) for w in worlds]
    n = max(len(outcomes), 1)
    values: Values = {}
    for a in view.legal:
        if A.kind(a) == "declare":
            c = A.value_of(a)
            m = sum(contract_margin(ctx, ctx.me, c, p, dp) for p, dp in outcomes) / n
            values[a] = (m, sum(made_chance(p, c) for p, _ in outcomes) / n)
        elif a == A.BOMB:
            values[a] = (bomb_margin(ctx, ctx.me), 0.0)
    return values


def plan_musik(ctx: Context, worlds: Iterator[World]) -> Values:
    """Choosing a musik (2 players): the best declaration after taking each one.
    Unseen, the two are alike, so only a player who sees them gains here."""
    view = ctx.view
    outcomes: dict[int, list[tuple[int, int, int]]] = {0: [], 1: []}
    for world in worlds:
        for i in (0, 1):
            hand, gifts, leftover = quick_exchange(ctx, world, ctx.me, i)
            points, defenders = declarer_points(ctx, world, ctx.me, hand, gifts, leftover)
            outcomes[i].append((points, defenders, hand))
    values: Values = {}
    for i, rows in outcomes.items():
        if rows:
            # The hand that plays differs by world; its marriages set the cap.
            hand = min((r[2] for r in rows), key=marriage_total)
            values[A.choose_musik(i)] = _best_contract(
                ctx, [(p, dp) for p, dp, _ in rows], view.bid, hand, None)
    return values
