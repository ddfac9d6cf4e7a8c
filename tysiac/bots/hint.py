"""Hints for people: what a search bot (``expert`` by default, or ``strong``) would do
next, and how it values every candidate (the API the interfaces use; ``tysiac
hint`` on the command line).

``hint(view)`` returns :class:`~tysiac.bots.strong.Advice` entries, best first.
``expected`` is the seat's expected deal margin in points (the score change of the
seat's side minus the other side's, per opponent, averaged over worlds consistent
with the view; see ``Advice``) and ``made`` the share of those worlds in which the
contract is made. Card play, bids, declarations, bombs and musik choices are all
listed; gives and discards only for the cards of the exchanges the bot simulates
(the cards it keeps least), which is where a sensible choice lies.
:func:`explain` says in a sentence, in Polish or English, why the best one.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import actions as A
from ..engine.views import View
from .expert import ExpertBot
from .pimc import Context
from .planning import bomb_margin
from .strong import Advice, StrongBot

#: The bot behind hints: a fixed seed, so the same position gets the same hint.
HINT_SEED = 0
#: The bots that give hints (the search bots, which value every candidate).
HINT_BOTS: dict[str, type[StrongBot]] = {"strong": StrongBot, "expert": ExpertBot}
HINT_LEVELS = tuple(HINT_BOTS)
DEFAULT_LEVEL = "expert"


def hint(view: View, budget_ms: float | None = None, worlds: int | None = None,
         level: str = DEFAULT_LEVEL) -> list[Advice]:
    """The candidates of the seat to move in ``view``, best first. ``budget_ms``:
    think for about that long (default: the bot's fixed default budget);
    ``worlds``: a fixed number of worlds; ``level``: one of ``HINT_LEVELS``.
    Raises ``ValueError`` if ``view`` is not the view of the seat to move, or for
    another level."""
    bot = HINT_BOTS.get(level)
    if bot is None:
        raise ValueError(f"no hints from level {level!r}; levels: {', '.join(HINT_LEVELS)}")
    return bot(HINT_SEED, budget_ms=budget_ms, worlds=worlds).advise(view)


def advice_json(advice: Advice, lang: str = "pl", view: View | None = None) -> dict[str, object]:
    """An advice entry as JSON: the action in RECORD.md's canonical form
    (``"QH+"``, ``120``, ``"pass"``), its kind, its text, and the values. Given
    the ``view`` it was asked for, a bomb also carries ``reserve``: what keeping
    it is worth, which ``expected`` (its margin in this deal less that) counts."""
    out: dict[str, object] = {
        "action": A.to_json(advice.action),
        "kind": A.kind(advice.action),
        "text": A.describe(advice.action, lang),
        "expected": advice.expected,
        "made": advice.made,
    }
    if view is not None and advice.action == A.BOMB:
        out["reserve"] = round(_bomb_margin(view) - advice.expected, 2)
    return out


_WHY = {
    "pass_other": ("{bid} ugrywa licytujący w {made} rozdań",
                   "the highest bidder makes {bid} in {made} of deals"),
    "bid": ("z tą ręką grający ugrywa {bid} w {made} rozdań",
            "with this hand the declarer makes {bid} in {made} of deals"),
    "declare": ("kontrakt {bid} jest ugrany w {made} rozdań",
                "the contract of {bid} is made in {made} of deals"),
    "bomb": ("bomba kosztuje mniej niż przegrany kontrakt (bilans {value})",
             "a bomb costs less than a failed contract (margin {value})"),
    "kept": ("; zachowana na później byłaby warta {kept}",
             "; kept for later it would be worth {kept}"),
    "keep": ("; bombę lepiej zachować na później (bilans z nią {value}, zachowana warta {kept})",
             "; the bomb is better kept for later (margin with it {value}, kept it is worth "
             "{kept})"),
    "play": ("oczekiwany bilans {value}, kontrakt ugrany w {made} rozdań",
             "expected margin {value}, the contract made in {made} of deals"),
    "value": ("oczekiwany bilans {value}", "expected margin {value}"),
}


def explain(advice: list[Advice], view: View, lang: str = "pl") -> str:
    """Why the first of ``advice`` (best first): ``"pas: z tą ręką grający ugrywa
    120 w 35% rozdań"``."""
    if not advice:
        return ""
    i = 0 if lang == "pl" else 1
    best = advice[0]
    kind = A.kind(best.action)
    text = A.describe(best.action, lang)
    value = f"{best.expected:+.1f}"

    def share(x: float | None) -> str:
        return f"{x:.0%}" if x is not None else "?"

    if kind == "pass":
        bids = [a for a in advice if A.kind(a.action) == "bid"]
        if bids:
            low = min(bids, key=lambda a: A.value_of(a.action))
            why = _WHY["bid"][i].format(bid=A.value_of(low.action), made=share(low.made))
        elif best.made is not None:
            why = _WHY["pass_other"][i].format(bid=view.bid, made=share(best.made))
        else:
            why = _WHY["value"][i].format(value=value)
    elif kind in ("bid", "declare") and best.made is not None:
        why = _WHY[kind][i].format(bid=A.value_of(best.action), made=share(best.made))
    elif kind == "bomb":
        raw, kept = _bomb_worth(advice, view)
        why = _WHY["bomb"][i].format(value=f"{raw:+.1f}")
        if kept >= 0.5:
            why += _WHY["kept"][i].format(kept=f"{kept:.0f}")
    elif kind == "play" and best.made is not None:
        why = _WHY["play"][i].format(value=value, made=share(best.made))
    else:
        why = _WHY["value"][i].format(value=value)
    if kind != "bomb" and A.BOMB in view.legal:
        raw, kept = _bomb_worth(advice, view)
        if kept >= 0.5 and raw > best.expected:     # the bomb's worth kept decided it
            why += _WHY["keep"][i].format(value=f"{raw:+.1f}", kept=f"{kept:.0f}")
    return f"{text}: {why}"


def _bomb_worth(advice: list[Advice], view: View) -> tuple[float, float]:
    """(the bomb's margin in this deal, what keeping it is worth: what the bot
    counted against it) where ``advice`` values a bomb."""
    raw = _bomb_margin(view)
    bomb = next((a.expected for a in advice if a.action == A.BOMB), raw)
    return raw, raw - bomb


def _bomb_margin(view: View) -> float:
    """The margin of the seat's bomb in this deal alone."""
    assert view.seat is not None
    return bomb_margin(replace(Context.of(view), reserve=0.0), view.seat)


__all__ = ["DEFAULT_LEVEL", "HINT_LEVELS", "HINT_SEED", "Advice", "advice_json", "explain",
           "hint"]
