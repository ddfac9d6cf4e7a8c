"""The ``expert`` bot: the strong bot's search, with bidding valued by a model
learned from simulated deals and worlds weighted by what the others chose.

* Bidding: :mod:`.modelplan` over the value model of :mod:`.valuemodel`: a bid is
  worth what the seat would do after seeing the musik, world by world (its best
  contract, or a bomb), against what the highest bidder would do if it passed.
* Inference (:mod:`.inference`): the worlds of bidding and of card play are
  weighted by how likely the others' bids, passes and contract are in each, and
  in card play by how likely the cards they played and the gift a defender
  received are (:mod:`.playinference`). With 3 playing seats, card play past the
  early tricks solves more worlds than the strong bot (``LATE_PLAY_WORLDS``).
* The exchange, the declaration and the musik choice: the strong bot's
  simulations (:mod:`.planning`), the exchange with 3 playing seats over more
  worlds and more candidate gifts (``EXCHANGE``); card play: PIMC (:mod:`.pimc`)
  over the weighted worlds. (Weighted worlds in the exchange and the declaration
  were measured to cost points: fewer distinct worlds make those simulations
  noisier.) With ``search="alphamu"`` card play fixes the seat's next card across
  the worlds it cannot tell apart (:mod:`.alphamu`); measured level with PIMC, so
  it is off.
* The exchange and the declaration count a contract made with the chance fitted
  on the expert bot's own declarations (``CURVE``, 3 playing seats), steeper than
  the strong bot's: it declares higher where the worlds' count clears the contract.
* A defender beside a partner plays for its own points (``selfish``): its
  margin counts its own share of the defenders' points, which the strong bot
  takes as shared evenly (:func:`.pimc.play_position`).
* The draw game while the stock lasts (:mod:`.drawplay`): the opponent's answer to
  a lead is chosen over several orders of the stock, not foreseeing the draw.

Every value is the seat's expected deal margin (``strong.Advice``). The bot is
deterministic given its seed and the view (``position_rng``); ``budget_ms`` and
``worlds`` work as the strong bot's. The keyword options switch the parts off
one at a time, for the ablation (``bench/ablation_bench.py``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ..engine import actions as A
from ..engine.views import View
from . import alphamu, playinference
from .bombs import keep_value
from .drawplay import draw_values
from .evaluation import layout
from .inference import Inference, pick
from .modelplan import EDGE, Planner, plan_bid
from .pimc import Context, Values, play_values
from .planning import plan_exchange
from .sampling import Sampler, World
from .strong import EARLY_PLAY_WORLDS, StrongBot, Worlds, search_values, world_count
from .valuemodel import WEIGHTS, ValueModel, load
from .winprob import game_values

#: Worlds sampled for a bid (each a musik and the others' hands, all valued by
#: the model: cheap). 96 measured +0.95 ± 0.76 a seat-deal over 48 (pl-3, 1,200
#: deals, only bidding asked); 192 was no better, nor 384 among strong bots.
BID_WORLDS = 96
#: What winning the game is worth in points, beyond the deal, to the bidding.
GAME_WEIGHT = 100.0
#: With inference, card play draws its worlds from this many times as many.
OVERSAMPLE = 3
#: Card play worlds once the early tricks are over (``EARLY_PLAY_WORLDS``), by
#: layout: the weights leave fewer worlds that count, and these positions solve
#: fast (measured a gain with 3 playing seats, none with 2).
LATE_PLAY_WORLDS = {"3": 40}


class ExchangeSearch(NamedTuple):
    """How the exchange is searched (:func:`.planning.plan_exchange`)."""

    worlds: int
    plans: int                       # candidate plans among the cheapest cards
    extra: int                       # how many more cards than the gifts they come from
    halving: tuple[int, int] | None  # after that many worlds, only that many best go on


#: The exchange with 3 playing seats (the strong bot's: ``DEFAULT_WORLDS["exchange"]``
#: worlds, ``planning.PLANS`` plans from ``PLAN_POOL`` more cards, no halving). Two
#: gifts are one choice among many close ones, and 8 worlds were too few to tell
#: them apart; the halving keeps the choice and cuts a quarter of the time
#: (measured in docs/BOTS.md). With 2 players it measured no gain.
EXCHANGE = {"3": ExchangeSearch(worlds=16, plans=10, extra=4, halving=(8, 4))}
#: The chance to make a simulated contract in the exchange and the declaration
#: (:func:`.planning.made_chance`), as (edge, spread) by layout: fitted by maximum
#: likelihood on 730 pl-3 declarations of expert bots, the worlds of each solved
#: double-dummy against whether the contract was made (``bench/curve_fit.py``;
#: 3 playing seats, so pl-4 too, where it measured even). The strong bot's (5, 8)
#: was too wide: the bot declared well below what it then made. With 2 players the
#: fit finds the strong bot's curve (or near it), so none is set there.
CURVE = {"3": (6.0, 5.0)}
#: The draw game while the stock lasts: orders of the stock each world is played
#: with (:mod:`.drawplay`; 1: the strong bot's play). Measured against strong over
#: 600 deals: 4 orders +5.1 ± 3.6, 8 orders +8.4 ± 3.5 a seat-deal.
STOCK_ORDERS = 8


class ExpertBot(StrongBot):
    """See the module docstring."""

    name = "expert"

    def __init__(self, seed: int | None = None, budget_ms: float | None = None,
                 worlds: int | None = None, backend: str = "auto", *,
                 bidding: str = "model", inference: str = "all", edge: float = EDGE,
                 caution: float = 0.0, bid_worlds: int = BID_WORLDS,
                 score: bool = True, search: str = "pimc",
                 stock_orders: int = STOCK_ORDERS, cards: bool = True,
                 temper: float = 1.0, oversample: int = OVERSAMPLE,
                 late_worlds: int | None = None, gifts: bool = True,
                 exchange: bool = True, reserve: str = "game",
                 values: str = "", selfish: bool = True, curve: bool = True) -> None:
        super().__init__(seed, budget_ms, worlds, backend)
        if search not in ("pimc", "alphamu"):
            raise ValueError(f"unknown card play search {search!r}: pimc or alphamu")
        if reserve not in ("game", "fixed"):
            raise ValueError(f"unknown bomb reserve {reserve!r}: game or fixed")
        self.bidding = bidding          # "model", or "search" (the strong bot's)
        self.inference = inference      # "all", "bid", "play" or "none"
        self.edge = edge
        self.caution = caution          # points added to a pass
        self.bid_worlds = worlds or bid_worlds
        self.score = score              # the chance to win the game weighs in bidding
        self.search = search            # card play: "pimc", or "alphamu" (:mod:`.alphamu`)
        self.stock_orders = stock_orders
        self.cards = cards              # the others' cards played weigh the play's worlds
        self.temper = temper
        self.oversample = oversample
        self.late_worlds = late_worlds  # None: LATE_PLAY_WORLDS; 0: the strong bot's
        self.gifts = gifts              # a defender's gift weighs the play's worlds
        self.exchange = exchange        # EXCHANGE's worlds and plans (False: strong's)
        self.reserve = reserve          # a bomb kept: "game" (:mod:`.bombs`) or "fixed"
        self.values = Path(values) if values else WEIGHTS   # the value models' folder
        self.selfish = selfish          # a defender plays for its own points (pimc.SPLIT)
        self.curve = curve              # CURVE's chance to make a contract (False: strong's)

    def _values(self, view: View, source: Worlds, sampler: Sampler,
                rng: random.Random) -> Values:
        table = layout(view.rules)
        curve = CURVE.get(table) if self.curve else None
        ctx = replace(Context.of(view, self.backend), selfish=self.selfish, curve=curve)
        if self.reserve == "game" and view.phase in ("bid", "exchange", "declare"):
            ctx = replace(ctx, reserve=keep_value(ctx))
        model = None if view.rules.draw_game else load(table, self.values)
        phase = view.phase
        values: Values
        if phase == "play" and view.stock_size and self.stock_orders > 1:
            values = draw_values(ctx, source("play"), self.stock_orders, rng)
        elif phase == "play":
            worlds, weights = self._play_worlds(view, source, sampler, rng, model)
            play = alphamu.play_values if self.search == "alphamu" else play_values
            values = play(ctx, worlds, weights)
        elif phase == "bid" and self.bidding == "model" and model is not None:
            values = self._bid(view, ctx, sampler, rng, model)
        elif phase == "exchange" and (wide := self._wide_exchange(view)):
            values = plan_exchange(ctx, iter(sampler.sample(rng, wide.worlds)), wide.plans,
                                   wide.extra, wide.halving)
        else:     # the declaration, the musik, a 2-player exchange (and search bidding)
            values = search_values(ctx, source)
        if phase in ("bid", "declare") and self.score:
            values = game_values(view, values, GAME_WEIGHT)
        return values

    def _wide_exchange(self, view: View) -> ExchangeSearch | None:
        """The ``EXCHANGE`` setting of the view's layout, if the exchange uses one
        (at the default budget only)."""
        if not self.exchange or self.budget_ms is not None or self.worlds:
            return None
        return EXCHANGE.get(layout(view.rules))

    def _bid(self, view: View, ctx: Context, sampler: Sampler, rng: random.Random,
             model: ValueModel) -> Values:
        worlds = sampler.sample(rng, self.bid_worlds)
        weights = None
        if self.inference in ("all", "bid"):
            weights = Inference(view, model, self.edge).weights(worlds)
        values = plan_bid(Planner(ctx, model, self.edge), worlds, weights)
        if self.caution and A.PASS in values:
            v, m = values[A.PASS]
            values[A.PASS] = (v + self.caution, m)
        return values

    def _play_worlds(self, view: View, source: Worlds, sampler: Sampler, rng: random.Random,
                     model: ValueModel | None) -> tuple[list[World], list[float] | None]:
        """The worlds of card play, as the strong bot's; with inference, drawn from
        ``OVERSAMPLE`` times as many in proportion to their weights (each distinct
        world once, weighted by how often it was drawn; with a time budget, the
        worlds sampled in time, each weighted)."""
        infer = self._inference(view, model)
        if infer is None:
            return list(source("play")), None
        if self.budget_ms is not None:
            worlds = list(source("play"))
            return worlds, infer.weights(worlds).tolist()
        picks, pool = self._picks(view, "play", infer, sampler, rng)
        chosen = sorted(set(picks))
        return [pool[i] for i in chosen], [float(picks.count(i)) for i in chosen]

    def _inference(self, view: View, model: ValueModel | None) -> Inference | None:
        if self.inference not in ("all", "play") or model is None:
            return None
        policy = playinference.load() if self.cards or self.gifts else None
        infer = Inference(view, model, self.edge, policy, self.temper, self.gifts, self.cards)
        return infer if infer.active else None

    def _picks(self, view: View, phase: str, infer: Inference, sampler: Sampler,
               rng: random.Random) -> tuple[list[int], list[World]]:
        count = world_count(view, phase, self.worlds)
        late = self.late_worlds
        if late is None:
            late = LATE_PLAY_WORLDS.get(layout(view.rules), 0)
        if phase == "play" and late and not self.worlds and len(view.hand) not in EARLY_PLAY_WORLDS:
            count = late
        pool = sampler.sample(rng, count * self.oversample)
        return pick([rng.random()], infer.weights(pool), count), pool


