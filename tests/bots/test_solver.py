"""The double-dummy solver: hand-made endings with answers worked out by hand, the
solver against a brute force over the engine itself, and the C kernel against the
pure-Python search on thousands of random positions of every preset."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tysiac import Game, Rules
from tysiac.bots import kernel
from tysiac.bots.pimc import SPLIT
from tysiac.bots.solver import (
    BONUS,
    Position,
    decode,
    final_value,
    legal_moves,
    playing_seats,
    solve,
    value,
)
from tysiac.cards import POINTS, mask_of, parse_card, points_of
from tysiac.engine import DEAL, GAME_OVER, PLAY
from tysiac.engine.actions import MELD

from ..randomgames import VARIANTS

needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the C kernel is not built")


def hand(*cards: str) -> int:
    return mask_of(parse_card(c) for c in cards)


def card(text: str) -> int:
    return parse_card(text)


# --- positions from real games ------------------------------------------------------

def position_of(game: Game, weights: tuple[int, ...], contract: int,
                declarer: int | None = None) -> Position:
    """The solver's position of a game in the play phase (the objective given)."""
    seats = playing_seats(game.n, game.sitting_out)
    taken = [0] * game.n
    for _, cards, winner in game.tricks:
        taken[winner] += sum(POINTS[c] for c in cards)
    leftover = 0
    if game.two and game.rules.leftover_cards == "last_trick":
        leftover = points_of(game.musiks[1 - game.musik_choice] | game.discards)
    rules = game.rules
    d = seats.index(game.declarer) if declarer is None else declarer
    return Position(
        tuple(game.hands[s] for s in seats), seats.index(game.leader), tuple(game.trick),
        game.trump, game.tricks_done, d, tuple(taken[s] + game.meld_points[s] for s in seats),
        weights, contract, leftover, rules.meld_first_trick, rules.must_beat, rules.must_trump,
        rules.must_overtrump)


def play_positions(rules: Rules, rnd: random.Random, count: int, max_left: int) -> list[Game]:
    """Games in the play phase with at most ``max_left`` tricks to go (the stock of
    the draw game empty), reached by random legal actions."""
    out: list[Game] = []
    while len(out) < count:
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        left = rnd.randrange(1, max_left + 1)
        while game.phase not in (DEAL, GAME_OVER):
            if (game.phase == PLAY and not game.stock
                    and rules.tricks_per_deal - game.tricks_done <= left):
                for _ in range(rnd.randrange(game.k)):      # into the trick, sometimes
                    game.apply(rnd.choice(game.legal_actions()))
                if game.phase == PLAY:
                    out.append(game)
                break
            game.apply(rnd.choice(game.legal_actions()))
    return out


def objective(rnd: random.Random, k: int) -> tuple[int, tuple[int, ...], int]:
    """A random objective: the bots' (declarer 0 or 1, one defenders' weight) or an
    arbitrary one (where no cards are merged), with or without a contract."""
    d = rnd.randrange(k)
    if rnd.random() < 0.6:
        w = rnd.choice((0, -1, -2))
        weights = tuple(rnd.choice((0, 1)) if i == d else w for i in range(k))
    else:
        weights = tuple(rnd.randrange(-2, 3) for _ in range(k))
    return d, weights, rnd.choice((0, 0, 100, 120, 150, 200))


def engine_value(game: Game, pos: Position) -> int:
    """Minimax over the engine's own legal actions and settled deal points."""
    if game.phase != PLAY:
        seats = playing_seats(game.n, game.sitting_out)
        return final_value(pos, tuple(game.results[-1].points[s] for s in seats))
    values = []
    for a in game.legal_actions():
        child = game.copy()
        child.apply(a)
        values.append(engine_value(child, pos))
    seats = playing_seats(game.n, game.sitting_out)
    return max(values) if game.to_move == seats[pos.declarer] else min(values)


# --- hand-made endings ----------------------------------------------------------------

def test_marriage_on_the_last_two_tricks() -> None:
    # 2 players, declarer 0 leads holding K♥ Q♥ against A♠ 9♠; 5 leftover points go
    # to the last trick. Announcing: 100 + K♥ 4 + 9♠ 0, then Q♥ 3 + A♠ 11 + 5 = 123.
    # Without the marriage the same cards bring 23. The opponent's order is forced
    # in value: both its cards fall into the declarer's tricks either way.
    pos = Position((hand("KH", "QH"), hand("AS", "9S")), 0, (), -1, 8, 0, (0, 0), (1, 0),
                   leftover=5)
    sol = solve(pos, "python")
    got = dict(zip(sol.moves, sol.values, strict=True))
    assert got == {card("QH"): 23, card("KH"): 23,
                   card("QH") + MELD: 123, card("KH") + MELD: 123}
    assert value(pos, "python")[0] == 123


def test_the_contract_comes_before_points() -> None:
    # The same ending with a contract of 120, 10 points already taken by the
    # declarer and 30 by the opponent (weight -1): only the marriage makes it.
    pos = Position((hand("KH", "QH"), hand("AS", "9S")), 0, (), -1, 8, 0, (10, 30), (0, -1),
                   contract=120, leftover=5)
    sol = solve(pos, "python")
    got = {a: decode(pos, v) for a, v in zip(sol.moves, sol.values, strict=True)}
    assert got[card("KH") + MELD] == (True, -30)
    assert got[card("KH")] == (False, -30)
    assert sol.best(maximise=True) == card("QH") + MELD      # the first of the best


def test_the_declarer_cashes_before_giving_the_lead_away() -> None:
    # 3 players, no trump, declarer 0 leads: A♥ 9♠ against 10♥ K♠ and 9♥ A♠.
    # A♥ first takes 10♥ and 9♥ (21), then 9♠ loses to A♠ over K♠ (15 to seat 2).
    # 9♠ first: K♠ must beat it, A♠ must beat K♠; seat 2 leads 9♥, A♥ takes 10♥:
    # the declarer gets the same 21. Either way the defenders take 15.
    pos = Position((hand("AH", "9S"), hand("TH", "KS"), hand("9H", "AS")), 0, (), -1, 6, 0,
                   (0, 0, 0), (0, -1, -1), contract=0)
    sol = solve(pos, "python")
    assert sol.values == (-15, -15)


def test_a_void_defender_must_trump() -> None:
    # Trump ♠. Declarer 0 holds A♥ K♣; seat 1 holds 9♠ A♣ (no heart); seat 2 holds
    # 9♥ 10♥ (no club, no trump). A♥ led: seat 1 must trump with 9♠, takes A♥ and a
    # heart, then leads A♣ over K♣ and takes the other heart. K♣ led: A♣ must beat
    # it, then seat 1's 9♠ takes A♥. Either way the defenders take every card: 36.
    pos = Position((hand("AH", "KC"), hand("9S", "AC"), hand("9H", "TH")),
                   0, (), 3, 6, 0, (0, 0, 0), (0, -1, -1))
    assert solve(pos, "python").values == (-36, -36)
    # Without must_trump seat 1 could keep its trump, yet it still trumps: the
    # defenders lose nothing by it.
    loose = Position(pos.hands, 0, (), 3, 6, 0, (0, 0, 0), (0, -1, -1), must_trump=False)
    assert solve(loose, "python").values == (-36, -36)


def test_must_beat_is_read_from_the_rules() -> None:
    # Seat 1 follows a led 10♦ holding A♦ and 9♦: it must beat with the ace when
    # must_beat holds; without the duty it may keep the ace.
    base = Position((hand("9C"), hand("AD", "9D"), hand("JC", "QC")), 0, (card("TD"),),
                    -1, 6, 0, (0, 0, 0), (0, -1, -1))
    assert legal_moves(base) == (card("AD"),)
    loose = Position(base.hands, 0, base.trick, -1, 6, 0, (0, 0, 0), (0, -1, -1),
                     must_beat=False)
    assert legal_moves(loose) == (card("9D"), card("AD"))


def test_no_marriage_in_the_first_trick_when_the_rules_say_so() -> None:
    hands = (hand("KH", "QH", "9S"), hand("AS", "9C", "JC"), hand("TS", "AC", "TC"))
    allowed = Position(hands, 0, (), -1, 0, 0, (0, 0, 0), (1, 0, 0))
    banned = Position(hands, 0, (), -1, 0, 0, (0, 0, 0), (1, 0, 0), meld_first_trick=False)
    assert card("KH") + MELD in legal_moves(allowed)
    assert not any(a >= MELD for a in legal_moves(banned))
    # Leading the marriage is worth 100 at once; banned, the best is far less.
    assert value(allowed, "python")[0] > value(banned, "python")[0] + 90


# --- against the engine -----------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_solver_agrees_with_minimax_over_the_engine(name: str) -> None:
    rnd = random.Random(f"oracle/{name}")
    for game in play_positions(VARIANTS[name], rnd, 12, 3):
        d, weights, contract = objective(rnd, game.k)
        pos = position_of(game, weights, contract, d)
        assert legal_moves(pos) == game.legal_actions()
        sol = solve(pos, "python")
        for a, v in zip(sol.moves, sol.values, strict=True):
            child = game.copy()
            child.apply(a)
            assert engine_value(child, pos) == v, (name, a, pos)


def test_value_is_the_best_of_the_moves() -> None:
    rnd = random.Random(3)
    for name in ("pl-3", "pl-2", "dobierany"):
        for game in play_positions(VARIANTS[name], rnd, 15, 4):
            d, weights, contract = objective(rnd, game.k)
            pos = position_of(game, weights, contract, d)
            sol = solve(pos, "python")
            pick = max if pos.to_move == d else min
            assert value(pos, "python")[0] == pick(sol.values)


# --- the C kernel against the pure-Python search ---------------------------------------------

@needs_kernel
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_kernel_matches_python(name: str) -> None:
    rnd = random.Random(f"kernel/{name}")
    for game in play_positions(VARIANTS[name], rnd, 150, 4):
        d, weights, contract = objective(rnd, game.k)
        pos = position_of(game, weights, contract, d)
        py, c = solve(pos, "python"), solve(pos, "c")
        assert (py.moves, py.values) == (c.moves, c.values), pos
        maximise = pos.to_move == d
        assert py.best(maximise) == c.best(maximise)
        assert value(pos, "python")[0] == value(pos, "c")[0]


@needs_kernel
def test_kernel_matches_python_on_whole_deals() -> None:
    rnd = random.Random("whole deals")
    for name in ("pl-3", "pl-2"):
        for game in play_positions(VARIANTS[name], rnd, 3, 8 if name == "pl-3" else 10):
            d, weights, contract = objective(rnd, game.k)
            pos = position_of(game, weights, contract, d)
            assert solve(pos, "python").values == solve(pos, "c").values


@pytest.mark.parametrize("backend", ["python", "c"])
def test_a_selfish_defenders_share_is_read_back_and_changes_no_result(backend: str) -> None:
    """``pimc.SPLIT``: the partner's points weigh SPLIT and the seat's own SPLIT + 1.
    Each move's contract result and the defenders' points together are the team
    objective's; the seat's own share is read back from the remainder."""
    if backend == "c" and not kernel.available():
        pytest.skip("the C kernel is not built")
    rnd = random.Random("selfish")
    for game in play_positions(VARIANTS["pl-3"], rnd, 40, 5):
        team = position_of(game, (0, -1, -1), 100, 0)
        me = rnd.choice((1, 2))
        selfish = replace(team, weights=tuple(0 if p == 0 else -SPLIT - (p == me)
                                              for p in range(3)))
        plain, split = solve(team, backend), solve(selfish, backend)
        assert plain.moves == split.moves
        for v, w in zip(plain.values, split.values, strict=True):
            made, lin = decode(team, v)
            made_split, lin_split = decode(selfish, w)
            written, mine = divmod(-lin_split, SPLIT)
            assert made_split == made and written == -lin
            assert mine <= written


def test_contract_bonus_outweighs_points() -> None:
    assert BONUS > 2 * 400 * 513       # 400 points at most, weighted by pimc.SPLIT + 1


@needs_kernel
def test_threads_may_solve_at_once() -> None:
    """Each thread has its own table: solving in parallel gives the same values."""
    from concurrent.futures import ThreadPoolExecutor

    rnd = random.Random("threads")
    positions = []
    for game in play_positions(VARIANTS["pl-3"], rnd, 40, 5):
        d, weights, contract = objective(rnd, game.k)
        positions.append(position_of(game, weights, contract, d))
    alone = [solve(p, "c").values for p in positions]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda p: solve(p, "c").values, positions * 3))
    assert together == alone * 3


def swapped_hands(pos: Position, rnd: random.Random, count: int) -> list[Position]:
    """``pos`` with one card of the declarer swapped for one of a defender's, as
    the exchange's plans differ: the same objective, other hands."""
    out = []
    d = pos.declarer
    for _ in range(count):
        o = rnd.choice([p for p in range(pos.k) if p != d])
        x = rnd.choice([c for c in range(24) if pos.hands[d] >> c & 1])
        y = rnd.choice([c for c in range(24) if pos.hands[o] >> c & 1])
        hands = list(pos.hands)
        hands[d] ^= 1 << x | 1 << y
        hands[o] ^= 1 << x | 1 << y
        out.append(replace(pos, hands=tuple(hands)))
    return out


@pytest.mark.parametrize("backend", ["python", "c"])
def test_a_table_kept_between_searches_changes_no_value(backend: str) -> None:
    """Searches that score alike and ``keep`` the table: the values of a run of them
    are those of each search with a table of its own, with fewer nodes in all, since
    the hands' ends repeat. Without ``keep`` a search's nodes do not depend on the
    search before it (a budget of nodes stays deterministic)."""
    if backend == "c" and not kernel.available():
        pytest.skip("the C kernel is not built")
    rnd = random.Random("kept table")
    kept_nodes = fresh_nodes = runs_checked = 0
    for game in play_positions(VARIANTS["pl-3"], rnd, 10, 8 if backend == "c" else 5):
        while game.trick and game.phase == PLAY:
            game.apply(game.legal_actions()[0])
        if game.phase != PLAY:
            continue
        d = game.declarer
        weights = tuple(1 if p == d else -1 for p in range(3))
        start = position_of(game, weights, rnd.choice((0, 120)), d)
        other = replace(start, weights=tuple(2 * w for w in weights))
        runs = swapped_hands(start, rnd, 6)
        kept = [value(p, backend, keep=True) for p in runs]
        fresh = [value(p, backend) for p in runs]
        assert [value(other, backend) and value(p, backend) for p in runs] == fresh
        assert [v for v, _ in kept] == [v for v, _ in fresh]
        kept_nodes += sum(n for _, n in kept)
        fresh_nodes += sum(n for _, n in fresh)
        solved = [solve(p, backend, keep=True).values for p in runs]
        assert solved == [solve(p, backend).values for p in runs]
        runs_checked += 1
    assert runs_checked >= 5 and kept_nodes < fresh_nodes
