"""Settling a deal and the end of the game (RULES.md sections 6 and 7).

:func:`settle` is a pure function of the standing before the deal and what the deal
produced, shared by played deals and score-sheet deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import ACES, marriage_total
from ..rules import Rules


@dataclass(slots=True)
class Standing:
    """What settling changes: written scores and the per-seat counters (read-only
    by convention; settling makes a new one)."""

    scores: tuple[int, ...]
    bombs: tuple[int, ...]   # bombs thrown so far
    zeros: tuple[int, ...]   # zeros marked so far (zero_penalty)
    barrel: tuple[int, ...]  # deals left on the barrel; 0 = not on it

    @classmethod
    def start(cls, rules: Rules, scores: Sequence[int] | None = None) -> Standing:
        n = rules.players
        s = tuple(scores) if scores is not None else (0,) * n
        barrel = rules.barrel
        on = tuple(barrel.deals if barrel and barrel.at <= x < rules.goal else 0 for x in s)
        return cls(s, (0,) * n, (0,) * n, on)


@dataclass(slots=True)
class Outcome:
    """What a deal produced. ``points`` are unrounded deal points (cards + marriages,
    2 players: + leftover); ``tricks`` the tricks taken (a zero is no trick)."""

    declarer: int | None          # None in the draw game (dobierany)
    contract: int | None          # None on a bomb
    bomb: bool
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    playing: tuple[int, ...]      # seats dealt cards this deal
    sitting_out: int | None = None
    musik: int = 0                # the musik's cards (4 players: the sit-out bonus)


def round_points(points: int, rounding: str) -> int:
    """Defenders' points to tens: ``half_up`` 25 → 30, ``half_down`` 25 → 20."""
    return (points + (5 if rounding == "half_up" else 4)) // 10 * 10


def sitting_out_bonus(musik: int) -> int:
    """4 players: 50 per ace in the musik plus the marriage it may hold."""
    return 50 * (musik & ACES).bit_count() + marriage_total(musik)


def made(outcome: Outcome) -> bool:
    d, c = outcome.declarer, outcome.contract
    return d is not None and c is not None and not outcome.bomb and outcome.points[d] >= c


Note = tuple[int, str, int]   # (seat, what happened, a number it concerns)


def settle(rules: Rules, before: Standing, out: Outcome,
           notes: list[Note] | None = None) -> Standing:
    """The standing after a deal: contract won or lost, defender points through the
    barrier, ``defender_max`` and the barrel, then penalties, then the barrel.

    ``notes``, if given, collects why a score differs from the plain reading:
    ``barrier``, ``barrier_cap``, ``defender_max``, ``on_barrel``, ``bomb_free``,
    ``bomb_penalty``, ``zero``, ``zero_penalty``, ``barrel_on``, ``barrel_off``,
    ``barrel_penalty``, ``sitting_out_bonus``."""
    start = before.scores
    scores = list(start)
    bombs = before.bombs
    d = out.declarer
    if rules.draw_game:
        # Both players add all their deal points, unrounded; no barrier.
        for seat in out.playing:
            scores[seat] += out.points[seat]
    elif out.bomb:
        assert d is not None
        bombs = bombs[:d] + (bombs[d] + 1,) + bombs[d + 1:]
        if bombs[d] > rules.bomb_free_first:
            for seat in out.playing:
                if seat != d:
                    _add_defender_points(rules, before, scores, seat, rules.bomb_points, notes)
        elif notes is not None:
            notes.append((d, "bomb_free", bombs[d]))
        penalty = rules.bomb_penalty
        if penalty is not None and bombs[d] % penalty.every == 0:
            scores[d] -= penalty.points
            if notes is not None:
                notes.append((d, "bomb_penalty", penalty.points))
    else:
        assert d is not None and out.contract is not None
        scores[d] += out.contract if made(out) else -out.contract
        for seat in out.playing:
            if seat != d:
                gain = round_points(out.points[seat], rules.rounding)
                _add_defender_points(rules, before, scores, seat, gain, notes)
    if out.sitting_out is not None:
        bonus = sitting_out_bonus(out.musik)
        if notes is not None and bonus:
            notes.append((out.sitting_out, "sitting_out_bonus", bonus))
        _add_defender_points(rules, before, scores, out.sitting_out, bonus, notes)

    zeros = before.zeros
    zero = rules.zero_penalty
    if zero is not None and not out.bomb:
        counts = list(zeros)
        for seat in out.playing:
            if out.tricks[seat] == 0:
                counts[seat] += 1
                if notes is not None:
                    notes.append((seat, "zero", counts[seat]))
                if counts[seat] % zero.every == 0:
                    scores[seat] -= zero.points
                    if notes is not None:
                        notes.append((seat, "zero_penalty", zero.points))
        zeros = tuple(counts)

    barrel = before.barrel
    if rules.barrel is not None and not rules.draw_game:
        barrel = _barrel(rules, out, start, scores, list(barrel), notes)
    return Standing(tuple(scores), bombs, zeros, barrel)


def _add_defender_points(rules: Rules, before: Standing, scores: list[int], seat: int,
                         gain: int, notes: list[Note] | None) -> None:
    """What a defender adds: nothing at or over the barrier at the start of the deal
    or on the barrel; cut to the barrier (``barrier_mode=cap``) and ``defender_max``."""
    start = before.scores[seat]
    barrier = rules.barrier
    if gain <= 0:
        return
    if before.barrel[seat] or (barrier is not None and start >= barrier):
        if notes is not None:
            notes.append((seat, "on_barrel" if before.barrel[seat] else "barrier", gain))
        return
    new = start + gain
    if barrier is not None and rules.barrier_mode == "cap" and new > barrier:
        new = barrier
        if notes is not None:
            notes.append((seat, "barrier_cap", barrier))
    if rules.defender_max is not None and new > rules.defender_max:
        new = max(rules.defender_max, start)
        if notes is not None:
            notes.append((seat, "defender_max", rules.defender_max))
    scores[seat] = new


def _barrel(rules: Rules, out: Outcome, start: Sequence[int], scores: list[int],
            barrel: list[int], notes: list[Note] | None) -> tuple[int, ...]:
    """Beczka: a score landing in [at, goal) is written as ``at``; on the barrel a
    player has ``deals`` settled deals to reach the goal as declarer."""
    assert rules.barrel is not None
    at, goal = rules.barrel.at, rules.goal
    for seat in range(rules.players):
        if barrel[seat]:
            failed = seat == out.declarer and not out.bomb and not made(out)
            if failed or scores[seat] < at:
                barrel[seat] = 0          # a lost contract or a penalty drops them off
                if notes is not None:
                    notes.append((seat, "barrel_off", scores[seat]))
                continue
            if scores[seat] >= goal:
                continue                  # won
            scores[seat] = at
            barrel[seat] -= 1
            if barrel[seat] == 0:
                scores[seat] -= rules.barrel.penalty
                if notes is not None:
                    notes.append((seat, "barrel_penalty", rules.barrel.penalty))
        elif at <= scores[seat] < goal and scores[seat] != start[seat]:
            scores[seat] = at
            barrel[seat] = rules.barrel.deals
            if notes is not None:
                notes.append((seat, "barrel_on", at))
    return tuple(barrel)


def winner(
    rules: Rules, scores: Sequence[int], declarer: int | None, made_it: bool,
) -> int | str | None:
    """The end of the game: after the deal in which somebody reaches the goal. Among
    several the declarer wins, else the higher score; equal scores draw (the draw
    game plays another deal instead). ``None`` while the game goes on."""
    if max(scores) < rules.goal:
        return None
    reached = [s for s, x in enumerate(scores) if x >= rules.goal]
    if declarer is not None and made_it and declarer in reached:
        return declarer
    best = max(scores[s] for s in reached)
    top = [s for s in reached if scores[s] == best]
    if len(top) == 1:
        return top[0]
    return None if rules.draw_game else "draw"
