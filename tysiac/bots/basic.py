"""The ``basic`` bot: the sound habits of a good human player, and no search.

Every decision reads the seat's view only (see :mod:`tysiac.bots.base`).

* Bidding: count the hand (:mod:`.evaluation`: marriages, aces, tens, length, the
  hope of the musik) into the expected points as declarer and their spread, and
  raise by the smallest step while the contract pays more than defending would
  (a contract made counts +bid, failed -bid, defenders score their points). A
  player at or over the barrier, or on the barrel, scores only as declarer, so it
  bids more. A qualifying weak hand asks for a redeal.
* Musik: the two musiks of 2 players are alike unseen; either is taken.
* Exchange: give away (or discard) the cards whose loss costs least: losers, low
  cards, never a marriage or an ace without need.
* Declaration: the contract that pays best given the hand that plays; a bomb when
  the contract is likely to fail and a bomb costs less than failing.
* Play: :mod:`.cardplay` (lead marriages when it pays, draw trumps, cash sure
  winners, protect tens, follow cheaply, help the partner in defence).
"""

from __future__ import annotations

from ..cards import mask_of
from ..engine import actions as A
from ..engine.views import View
from .base import position_rng
from .cardplay import choose_card
from .evaluation import best_drop, estimate, make_chance
from .memory import remember


class BasicBot:
    name = "basic"
    #: What the average opponent adds to its score in a deal we declare, when the
    #: contract is made and when it fails (3 playing seats, 2 playing seats);
    #: measured in self-play.
    defender_points = {3: (30.0, 45.0), 2: (60.0, 85.0)}
    #: Worth of defending instead of declaring, against the average opponent.
    pass_value = -10.0
    #: Hands estimated below this ask for a redeal when the rules allow it.
    redeal_below = 95.0
    #: What keeping a bomb for a worse hand later is worth, when bombs are counted.
    bomb_reserve = 15.0

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> int:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "play":
            return choose_card(view, remember(view))
        if phase == "bid":
            return self._bid(view)
        if phase == "exchange":
            return self._exchange(view)
        if phase == "declare":
            return self._declare(view)
        return position_rng(self.seed, view).choice(legal)   # choose_musik: both unseen

    # --- bidding ------------------------------------------------------------

    def _bid(self, view: View) -> int:
        hand = mask_of(view.hand)
        points, spread = estimate(hand, view.rules, "pre")
        legal = view.legal
        redeal = [a for a in legal if A.kind(a) == "redeal"]
        if redeal and points < self.redeal_below:
            return redeal[0]
        bids = [a for a in legal if A.kind(a) == "bid"]
        if not bids:
            return A.PASS
        lowest = min(bids)
        pass_value = self.pass_value - (40.0 if _scores_only_as_declarer(view) else 0.0)
        if self._contract_value(view, points, spread, A.value_of(lowest)) > pass_value:
            return lowest
        return A.PASS

    # --- exchange and declaration ----------------------------------------------

    def _exchange(self, view: View) -> int:
        rules = view.rules
        hand = mask_of(view.hand)
        done = len(view.discards) if rules.players == 2 else len(view.given)
        left = (rules.musik_size if rules.players == 2 else 2) - done
        drop = best_drop(hand, left, rules)
        if A.BOMB in view.legal:
            rest = hand & ~mask_of(drop)
            points, spread = estimate(rest, rules, "final")
            if self._bomb_better(view, points, spread):
                return A.BOMB
        base = A.DISCARD if rules.players == 2 else A.GIVE
        return base + drop[0]

    def _declare(self, view: View) -> int:
        points, spread = estimate(mask_of(view.hand), view.rules, "final")
        declares = [a for a in view.legal if A.kind(a) == "declare"]
        best = max(declares, key=lambda a: (
            self._contract_value(view, points, spread, A.value_of(a)), -a))
        if A.BOMB in view.legal and self._bomb_better(view, points, spread):
            return A.BOMB
        return best

    def _bomb_better(self, view: View, points: float, spread: float) -> bool:
        """Whether giving the deal up beats playing the winning bid."""
        assert view.seat is not None
        rules = view.rules
        bombs = view.bombs[view.seat]
        cost = 0.0 if bombs < rules.bomb_free_first else float(rules.bomb_points)
        penalty = rules.bomb_penalty
        if penalty is not None and (bombs + 1) % penalty.every == 0:
            cost += penalty.points
        if rules.bombs_per_player is not None:
            cost += self.bomb_reserve
        return -cost > self._contract_value(view, points, spread, view.bid)

    def _contract_value(self, view: View, points: float, spread: float,
                        contract: int) -> float:
        """The expected gain over the average opponent of playing ``contract``."""
        made, failed = self.defender_points[view.rules.playing_seats]
        p = make_chance(points, spread, contract)
        return p * (contract - made) - (1 - p) * (contract + failed)


def _scores_only_as_declarer(view: View) -> bool:
    """At or over the barrier, or on the barrel, defending writes nothing."""
    assert view.seat is not None
    rules = view.rules
    score = view.scores[view.seat]
    if view.barrel[view.seat]:
        return True
    return rules.barrier is not None and score >= rules.barrier
