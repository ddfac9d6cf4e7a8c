"""Chance: the game's seeded generator and the shuffle.

The state is one int (splitmix64), so copying a game copies its future deals for
free, and the same seed deals the same cards on every Python version: nothing here
depends on the ``random`` module's algorithms.
"""

from __future__ import annotations

import os

_MASK64 = (1 << 64) - 1
_FACTORIAL_24 = 620448401733239439360000


def initial_state(seed: int | None) -> int:
    """The generator's state for a seed; ``None`` takes one from the system."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    return seed & _MASK64


def next64(state: int) -> tuple[int, int]:
    """The next state and a uniformly random 64-bit number (splitmix64)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """The next state and a uniformly random int in ``[0, n)`` (n small)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, r = next64(state)
        if r < limit:
            return state, r % n


def shuffled_deck(state: int) -> tuple[int, list[int]]:
    """The next state and a uniformly random order of the 24 cards: a random number
    below 24! read in the factorial number system (a Fisher-Yates shuffle)."""
    while True:
        state, high = next64(state)
        state, low = next64(state)
        r = (high << 64 | low) >> 48           # 80 bits
        if r < _FACTORIAL_24:
            break
    deck = list(range(24))
    for i in range(23, 0, -1):
        r, j = divmod(r, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return state, deck
