"""The arena: bots play duplicate games and the figures say which is stronger.

Semantics (what ``tysiac arena`` and ``make bench-bots`` measure):

* **Seatings.** ``--bots strong,basic,basic`` names the level of each seat. Every
  distinct permutation of that list is a *seating* (3 for ``strong,basic,basic``,
  2 for two different bots at 2 players, 4 for ``strong,basic,basic,basic``).
* **Duplicate games.** Game ``i`` has a seed derived from the arena seed; in every
  seating it is played from the same seed, so the first dealer and the cards of
  its k-th deal are the same in every seating (a redeal draws a fresh deck, after
  which the two sequences part). Each level meets the same cards from every seat,
  and the luck of the cards cancels.
* **Budget.** ``--deals N`` is the number of deals played in each seating: games
  are played whole, one after another, and the game that reaches ``N`` is cut
  there. A cut game counts for the per-deal figures but is not a finished game.
* **Per-deal figures** are per seat and deal, pooled by level: *deal points* (cards
  taken plus marriages, leftover cards included; only deals the seat played) and
  *score delta* (the change of the seat's written score, sitting-out deals
  included). Their 95% intervals treat each duplicate game ``i`` (all its seatings)
  as one independent sample: a ratio estimator over those clusters, Student's t.
  *Margins* between two levels use the same clusters, so the luck both levels
  shared cancels.
* **Contracts** bid (deals won in bidding) and made, **bombs**, **games won** to the
  goal out of finished games, a **rating** (openskill Plackett-Luce over finished
  games ranked by final score; a level holding several seats moves by the mean of
  their updates) and **decision time** (median and 99th percentile of the wall time
  of each ``choose`` call, over every decision played).
* **Cheat.** A bot with ``sees_all = True`` (the ``cheat`` player, and the
  ``musik-seer``, which sees only the musik and only while bidding) is given the
  whole game (``choose_full(game)``) instead of a view. It is selectable only here,
  and every report marks it: it is an upper bound, not an opponent.

Results do not depend on ``--jobs``: games are played in worker processes and
merged in the order of ``i``.
"""

from .players import ArenaError, resolve_levels
from .report import report_json, report_text
from .runner import ArenaResult, ArenaSpec, run_arena

__all__ = ["ArenaError", "ArenaResult", "ArenaSpec", "report_json", "report_text",
           "resolve_levels", "run_arena"]
