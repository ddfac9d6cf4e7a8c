"""After the deal: what the cards held and where the points were lost.

The analysis of a settled deal (``tysiac analyze``, "Pokaż karty" in the terminal
and on the web) has three parts:

* **the cards** (:mod:`.worth`): with every hand known, the most points the
  declarer could take against the best defence, per trump of the first lead,
  with the exchange made and with the best exchange found with the same musik;
* **the bidding in hindsight**: what each seat's dealt hand was worth with the
  musik it would have got — the highest contract it could have made — next to
  what it bid;
* **every card played** (:mod:`.play`): its double-dummy loss against the best
  card at that moment and its loss with what that seat could know (the strong
  bot's evaluation from the seat's view), side by side.

It uses the bots (the solver, the sampler); the interfaces use it. Values are
the score sheet's points (:mod:`.model`); the JSON form is in :mod:`.report`
and docs/ANALYSIS.md.
"""

from .deal import NotAnalysable, analyse_deal, game_totals, settled_result
from .model import VERDICTS, CardReview, Cards, DealAnalysis, Exchange, SeatBidding, SeatLoss

__all__ = ["VERDICTS", "CardReview", "Cards", "DealAnalysis", "Exchange", "NotAnalysable",
           "SeatBidding", "SeatLoss", "analyse_deal", "game_totals", "settled_result"]
