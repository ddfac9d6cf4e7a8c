"""Hints for people: what the ``strong`` bot would do next, and how it values
every candidate (the API the interfaces use; ``tysiac hint`` on the command line).

``hint(view)`` returns :class:`~tysiac.bots.strong.Advice` entries, best first.
``expected`` is the seat's expected deal margin in points (the score change of the
seat's side minus the other side's, per opponent, averaged over worlds consistent
with the view; see ``Advice``) and ``made`` the share of those worlds in which the
contract is made. Card play, bids, declarations, bombs and musik choices are all
listed; gives and discards only for the cards of the exchanges the bot simulates
(the cards it keeps least), which is where a sensible choice lies.
"""

from __future__ import annotations

from ..engine import actions as A
from ..engine.views import View
from .strong import Advice, StrongBot

#: The bot behind hints: a fixed seed, so the same position gets the same hint.
HINT_SEED = 0


def hint(view: View, budget_ms: float | None = None, worlds: int | None = None) -> list[Advice]:
    """The candidates of the seat to move in ``view``, best first. ``budget_ms``:
    think for about that long (default: the strong bot's fixed default budget);
    ``worlds``: a fixed number of worlds. Raises ``ValueError`` if ``view`` is not
    the view of the seat to move."""
    return StrongBot(HINT_SEED, budget_ms=budget_ms, worlds=worlds).advise(view)


def advice_json(advice: Advice, lang: str = "pl") -> dict[str, object]:
    """An advice entry as JSON: the action in RECORD.md's canonical form
    (``"QH+"``, ``120``, ``"pass"``), its kind, its text, and the values."""
    return {
        "action": A.to_json(advice.action),
        "kind": A.kind(advice.action),
        "text": A.describe(advice.action, lang),
        "expected": advice.expected,
        "made": advice.made,
    }


__all__ = ["Advice", "HINT_SEED", "advice_json", "hint"]
