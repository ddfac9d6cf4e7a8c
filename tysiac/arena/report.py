"""Arena reports: a text table (Polish by default, English available) and JSON."""

from __future__ import annotations

import textwrap
from typing import Any

from .runner import ArenaResult, LevelFigures

_T: dict[str, tuple[str, str]] = {
    "head": ("Arena {preset} ({bots}): rozsadzenia: {seatings}, rozdania na rozsadzenie: "
             "{deals}, razem: {total}; partie duplikatowe: {games}; ziarno {seed}; "
             "czas {seconds:.0f} s",
             "Arena {preset} ({bots}): seatings: {seatings}, deals per seating: {deals}, "
             "total: {total}; duplicate games: {games}; seed {seed}; time {seconds:.0f} s"),
    "margins": ("Przewaga: różnica zmiany wyniku na rozdanie (95% przedział):",
                "Margins: difference of score delta per deal (95% interval):"),
    "excludes": ("przedział wyklucza zero", "the interval excludes zero"),
    "includes": ("przedział obejmuje zero", "the interval includes zero"),
    "cheat": ("* {name} widzi wszystkie karty: górna granica siły, tylko na arenie",
              "* {name} sees every card: an upper bound of strength, arena only"),
    "ci": ("± to połowa 95% przedziału ufności (partie duplikatowe jako próby)",
           "± is half the 95% confidence interval (duplicate games as samples)"),
    "per_seat": ("na miejsce: partie wygrane przez bota, podzielone przez liczbę jego miejsc "
                 "przy stole; równe szanse: 1/{n} = {even:.0f}%",
                 "per seat: the games the bot won, divided by the seats it holds at the "
                 "table; an even share is 1/{n} = {even:.0f}%"),
}

#: The note on a player given the whole game, by its name (any other: the cheat's).
_SEES: dict[str, tuple[str, str]] = {
    "musik-seer": ("* {name} widzi musik w licytacji: ile wart jest musik znany z góry, "
                   "tylko na arenie",
                   "* {name} sees the musik while bidding: what knowing it beforehand is "
                   "worth, arena only"),
}


# Two tables, so that each fits 80 columns: how the bots play, then what they win.
_PLAY_COLUMNS = (("bot", "pkt/rozdanie", "wynik/rozdanie", "ugrane/kontrakty", "bomby"),
                 ("bot", "deal points", "score Δ/deal", "made/contracts", "bombs"))
_GAME_COLUMNS = (("bot", "miejsca", "partie wygrane", "na miejsce", "ranking", "ms med/p99"),
                 ("bot", "seats", "games won", "per seat", "rating", "ms med/p99"))

WIDTH = 80


def _pm(mean: float, ci: float | None, sign: bool = False) -> str:
    text = f"{mean:+.1f}" if sign else f"{mean:.1f}"
    return text + (f" ± {ci:.1f}" if ci is not None else "")


def _name(fig: LevelFigures) -> str:
    return fig.level + ("*" if fig.sees_all else "")


def report_text(result: ArenaResult, lang: str = "pl") -> str:
    i = 0 if lang == "pl" else 1
    spec = result.spec
    head = _T["head"][i].format(
        preset=spec.rules.preset_name, bots=", ".join(spec.bots),
        seatings=len(result.seatings), deals=spec.deals, total=result.deals,
        games=result.games, seed=spec.seed, seconds=result.seconds)
    lines = [*textwrap.wrap(head, WIDTH), ""]
    play = [list(_PLAY_COLUMNS[i])]
    games = [list(_GAME_COLUMNS[i])]
    for fig in result.levels.values():
        bid = fig.contracts_bid
        made = f"{fig.contracts_made}/{bid}" + (f" ({100 * fig.contracts_made / bid:.0f}%)"
                                                 if bid else "")
        play.append([_name(fig), _pm(fig.deal_points, fig.deal_points_ci),
                     _pm(fig.delta, fig.delta_ci, sign=True), made, str(fig.bombs)])
        games.append([
            _name(fig), str(fig.seats), f"{fig.games_won}/{fig.games_finished}",
            f"{100 * fig.won_per_seat:.0f}%" if fig.won_per_seat is not None else "—",
            f"{fig.rating['ordinal']:.1f}" if fig.rating else "—",
            f"{fig.time_median_ms:.2f}/{fig.time_p99_ms:.2f}"])
    lines += _table(play) + [""] + _table(games)
    if result.margins:
        lines += ["", _T["margins"][i]]
        for a, b, diff, ci in result.margins:
            note = ""
            if ci is not None:
                note = _T["excludes" if abs(diff) > ci else "includes"][i]
            fa, fb = result.levels[a], result.levels[b]
            lines.append(f"  {_name(fa)} − {_name(fb)}: {_pm(diff, ci, sign=True)}"
                         + (f"  ({note})" if note else ""))
    players = spec.rules.players
    lines += ["", *textwrap.wrap(_T["ci"][i], WIDTH),
              *textwrap.wrap(_T["per_seat"][i].format(n=players, even=100 / players), WIDTH)]
    lines += [_SEES.get(fig.level, _T["cheat"])[i].format(name=fig.level)
              for fig in result.levels.values() if fig.sees_all]
    return "\n".join(lines)


def _table(rows: list[list[str]]) -> list[str]:
    """Columns aligned: the first to the left, the others to the right."""
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)
                      for c, (cell, w) in enumerate(zip(r, widths, strict=True)))
            for r in rows]


def report_json(result: ArenaResult) -> dict[str, Any]:
    spec = result.spec
    return {
        "bots": list(spec.bots),
        "rules": spec.rules.to_dict(),
        "deals_per_seating": spec.deals,
        "seed": spec.seed,
        "seatings": [list(s) for s in result.seatings],
        "games": result.games,
        "deals": result.deals,
        "seconds": round(result.seconds, 3),
        "levels": [{
            "bot": fig.level,
            "sees_all": fig.sees_all,
            "deals": fig.deals,
            "deal_points": {"mean": fig.deal_points, "ci95": fig.deal_points_ci},
            "score_delta": {"mean": fig.delta, "ci95": fig.delta_ci},
            "contracts": {"bid": fig.contracts_bid, "made": fig.contracts_made},
            "bombs": fig.bombs,
            "seats": fig.seats,
            "games": {"finished": fig.games_finished, "won": fig.games_won,
                      "won_per_seat": fig.won_per_seat},
            "rating": fig.rating or None,
            "decision_ms": {"count": fig.decisions, "median": fig.time_median_ms,
                            "p99": fig.time_p99_ms},
        } for fig in result.levels.values()],
        "margins": [{"a": a, "b": b, "score_delta": diff, "ci95": ci}
                    for a, b, diff, ci in result.margins],
    }
