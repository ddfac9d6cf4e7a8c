"""Bidding, the exchange, the declaration and the musik choice, decided by
simulating the deal as declarer in each world.

In a world the declarer takes the musik, gives or discards the cards it keeps
least (:func:`keep_score`; the exchange decision itself tries a few candidate
plans), and the play is solved for the declarer's most points and then the
defenders' (:func:`declarer_points`, one solve). A contract is made with a
chance that grows with those points (:func:`made_chance`); values are deal
margins (:mod:`.pimc`). Passing is valued by the same simulation with the
highest bidder as declarer, which may bomb a contract it would fail.
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
    SUIT_MASK,
    TEN,
    cards_of,
    marriage_total,
    mask_of,
)
from ..engine import actions as A
from .pimc import Context, Values, seat_margin
from .sampling import World
from .solver import Position, value

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


def candidate_plans(hand: int, left: int, plans: int = PLANS,
                    extra: int = PLAN_POOL) -> list[Plan]:
    """The exchanges worth simulating: the ``plans`` cheapest sets of ``left``
    cards among the ``left + extra`` cheapest, each set in cheapest-first order."""
    pool = cheapest(hand, min(hand.bit_count(), left + extra))
    sets = sorted(combinations(pool, left), key=lambda s: sum(keep_score(c, hand) for c in s))
    return [Plan(s) for s in sets[:plans]]




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
    v = value(pos, ctx.backend, keep=True)[0]     # the exchange: one world, hand after hand
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
    chance = made_chance(points, contract, ctx.curve)
    failed = seat_margin(ctx, declarer, contract, False, written) if bomb is None else bomb
    return chance * seat_margin(ctx, declarer, contract, True, written) \
        + (1 - chance) * failed


def made_chance(points: int, contract: int, curve: tuple[float, float] | None = None) -> float:
    """The chance that a contract is made by a declarer who makes ``points``
    double-dummy: a logistic curve centred ``SIM_EDGE`` points below them (the
    declarer's hidden hand is worth more at the table than against defenders who
    see it), ``SIM_SPREAD`` points wide (a double-dummy count is no certainty);
    ``curve``: another (edge, spread)."""
    edge, spread = curve or (SIM_EDGE, SIM_SPREAD)
    return 1 / (1 + exp((contract - points - edge) / spread))


def bomb_deltas(ctx: Context, declarer: int, thrown: int | None = None) -> dict[int, int]:
    """Each playing seat's score change when ``declarer`` throws a bomb (RULES.md
    section 4), having thrown ``thrown`` before (by default as many as it has)."""
    rules = ctx.view.rules
    thrown = ctx.view.bombs[declarer] if thrown is None else thrown
    gain = 0 if thrown < rules.bomb_free_first else rules.bomb_points
    delta = {s: ctx.adds[s] * gain for s in ctx.seats if s != declarer}
    penalty = rules.bomb_penalty
    delta[declarer] = -penalty.points if penalty and (thrown + 1) % penalty.every == 0 else 0
    return delta


def margin_of(ctx: Context, delta: dict[int, int], seat: int) -> float:
    """A seat's score change in ``delta`` minus the other playing seats' average."""
    return delta[seat] - sum(d for s, d in delta.items() if s != seat) / (ctx.k - 1)


def bomb_margin(ctx: Context, declarer: int) -> float:
    """The seat's margin when ``declarer`` throws a bomb; its own bomb also costs
    what keeping a counted bomb for a worse hand is worth (``ctx.reserve``, or
    ``BOMB_RESERVE``)."""
    reserve = 0.0
    if declarer == ctx.me and ctx.view.rules.bombs_per_player is not None:
        reserve = BOMB_RESERVE if ctx.reserve is None else ctx.reserve
    return margin_of(ctx, bomb_deltas(ctx, declarer), ctx.me) - reserve


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
        share = sum(made_chance(p, c, ctx.curve) for p, _ in outcomes) / n
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
        weights = [max(made_chance(p, view.bid, ctx.curve), 0.01) for p, _ in theirs]
    total = sum(weights) or 1.0

    def mean(xs: Iterable[float]) -> float:
        return sum(w * x for w, x in zip(weights, xs, strict=True)) / total

    values: Values = {}
    if theirs and opponent is not None:
        # The opponent plays the current bid, or bombs a contract it would fail.
        bomb = bomb_margin(ctx, opponent) if may_bomb_later(ctx, opponent, raised) else None
        values[A.PASS] = (mean(contract_margin(ctx, opponent, view.bid, p, dp, bomb)
                               for p, dp in theirs),
                          mean(made_chance(p, view.bid, ctx.curve) for p, _ in theirs))
    else:
        values[A.PASS] = (_PASS_FALLBACK, None)
    bomb = bomb_margin(ctx, ctx.me) if may_bomb_later(ctx, ctx.me, raised=True) else None
    for a in bids:
        b = A.value_of(a)
        m = mean(contract_margin(ctx, ctx.me, b, p, dp) for p, dp in mine)
        if bomb is not None and bomb > m:
            m = bomb
        values[a] = (m, mean(made_chance(p, b, ctx.curve) for p, _ in mine))
    for a in view.legal:
        if A.kind(a) == "redeal":
            values[a] = (0.0, None)     # a fresh deal: an average hand
    return values


def plan_exchange(ctx: Context, worlds: Iterator[World], count: int = PLANS,
                  extra: int = PLAN_POOL, halving: tuple[int, int] | None = None) -> Values:
    """Giving (3 and 4 players) or discarding (2 players): the best declaration
    after each candidate exchange (``count`` plans, :func:`candidate_plans`), over
    the worlds. A give or discard is valued by the best plan that starts with it;
    cards in no candidate plan get no value.

    ``halving=(first, keep)``: after the ``first`` worlds only the ``keep`` best
    plans so far are simulated in the rest, and only they are valued (the others
    have lost already; their values from fewer worlds would not compare)."""
    view, rules = ctx.view, ctx.view.rules
    hand = mask_of(view.hand)
    left = rules.musik_size - len(view.discards) if ctx.two else 2 - len(view.given)
    plans = candidate_plans(hand, left, count, extra)
    receivers: list[int] = []
    if not ctx.two:
        first = ctx.table.nxt(ctx.me)
        receivers = [first, ctx.table.nxt(first)][len(view.given):]
    raised = any(b for _, b in view.bids)
    later = rules.bomb_timing == "after_exchange" and may_bomb_later(ctx, ctx.me, raised)
    bomb = bomb_margin(ctx, ctx.me) if later else None
    outcomes: dict[Plan, list[tuple[int, int]]] = {p: [] for p in plans}

    def best(plan: Plan) -> tuple[float, float]:
        return _best_contract(ctx, outcomes[plan], view.bid, hand & ~mask_of(plan.cards), bomb)

    for i, world in enumerate(worlds):
        if halving and i == halving[0]:
            plans = sorted(plans, key=lambda p: -best(p)[0])[:halving[1]]
        for plan in plans:
            rest = hand & ~mask_of(plan.cards)
            gifts = {r: 1 << c for r, c in zip(receivers, plan.cards, strict=False)}
            leftover = world.leftover | mask_of(plan.cards) if ctx.two else 0
            outcomes[plan].append(declarer_points(ctx, world, ctx.me, rest, gifts, leftover))
    base = A.DISCARD if ctx.two else A.GIVE
    values: Values = {}
    for plan in plans:
        if not outcomes[plan]:
            continue
        m, share = best(plan)
        a = base + plan.cards[0]
        if a not in values or m > values[a][0]:
            values[a] = (m, share)
    if A.BOMB in view.legal:
        values[A.BOMB] = (bomb_margin(ctx, ctx.me), None)
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
            values[a] = (m, sum(made_chance(p, c, ctx.curve) for p, _ in outcomes) / n)
        elif a == A.BOMB:
            values[a] = (bomb_margin(ctx, ctx.me), None)
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
