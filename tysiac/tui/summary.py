"""What the table shows after a deal, as lines of text: the deal summary, "Pokaż
karty" and the score sheet of the whole game. Built only from settled deals,
which are public in full (see :mod:`tysiac.engine.views`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import DealAnalysis
from ..analysis.text import by_trick, legend_lines, mark, notes_lines, sections
from ..cards import MARRIAGE_VALUES, POINTS, SUIT_SYMBOLS, points_of, sorted_for_display
from ..engine import actions as A
from ..engine.game import Game
from ..engine.results import DealLog, DealResult
from ..engine.review import replay_deal, settle_notes
from .texts import cards, tr, tr_about


def _hand(mask: int, lang: str) -> str:
    return cards(sorted_for_display(mask), lang)


def _melds(suits: Sequence[int]) -> str:
    return " ".join(f"{SUIT_SYMBOLS[s]}{MARRIAGE_VALUES[s]}" for s in suits) or "—"


def deal_summary(game: Game, names: Sequence[str], lang: str, you: int | None = None,
                 ) -> list[str]:
    """The last settled deal, as seed 003 asks one to check it: the points from tricks,
    the marriages and the change of each total, the contract, and why a score was
    written otherwise (barrier, barrel, penalties). ``you``: the seat spoken to."""
    if not game.results:
        return [tr("no_deal_yet", lang)]
    r = game.results[-1]
    lines = [tr("sum_head", lang, n=len(game.results), what=_verdict(r, names, lang, you)), ""]
    if r.bomb:                      # nothing was played: only the changes
        lines.append(f"{'':<10} {tr('col_change', lang):>7} {tr('col_score', lang):>6}")
        lines += [f"{name[:10]:<10} {r.delta[s]:>+7} {r.scores[s]:>6}"
                  for s, name in enumerate(names)]
    else:
        lines += _table(game, r, names, lang)
    log = r.log
    if log is not None and game.rules.players == 2 and not game.rules.draw_game \
            and not r.bomb and game.rules.leftover_cards == "last_trick":
        replayed = replay_deal(game.rules, log)
        left = replayed.musiks[1 - replayed.musik_choice] | replayed.discards
        lines.append("")
        last = replayed.tricks[-1][2]
        lines.append(tr_about("leftover", lang, last, you, p=points_of(left), name=names[last]))
    notes = settle_notes(game, r)
    if notes:
        lines.append("")
        lines += [tr(f"note_{key}", lang, name=names[seat], n=value)
                  for seat, key, value in notes]
    if game.winner is not None:
        lines.append("")
        if game.winner == "draw":
            lines.append(tr("draw", lang))
        else:
            w = int(game.winner)
            lines.append(tr_about("winner", lang, w, you, name=names[w]))
    return lines


def last_trick_line(game: Game, names: Sequence[str], lang: str) -> str | None:
    """The last trick of the last settled deal, who played what and who took it (the
    full screen keeps it in sight under the summary); None if no trick was played."""
    log = game.results[-1].log if game.results else None
    if log is None:
        return None
    g = replay_deal(game.rules, log)
    if not g.tricks:
        return None
    leader, trick, winner = g.tricks[-1]
    plays, seat = [], leader
    for c in trick:
        plays.append(f"{names[seat]} {cards([c], lang)}")
        seat = g.nxt[seat]
    return tr("last_trick_of_deal", lang, plays=", ".join(plays), name=names[winner])


def _table(game: Game, r: DealResult, names: Sequence[str], lang: str) -> list[str]:
    """Per seat: tricks, card points, marriages, deal points, the change, the score."""
    lines = [tr("sum_cols", lang, name="", lewy=tr("col_tricks", lang),
                karty=tr("col_cards", lang), meld=tr("col_melds", lang),
                razem=tr("col_total", lang), zmiana=tr("col_change", lang),
                stan=tr("col_score", lang))]
    for s, name in enumerate(names):
        if s == r.sitting_out:
            label = f"{name} ({tr('out_mark', lang)})"
            lines.append(f"{label[:39]:<39} {r.delta[s]:>+7} {r.scores[s]:>6}")
            continue
        star = " ★" if s == r.declarer else ""
        lines.append(tr("sum_cols", lang, name=(name + star)[:10], lewy=r.tricks[s],
                        karty=r.cards[s], meld=_melds(r.melds[s]), razem=r.points[s],
                        zmiana=f"{r.delta[s]:+d}", stan=r.scores[s]))
    return lines


def _verdict(r: DealResult, names: Sequence[str], lang: str, you: int | None) -> str:
    d = r.declarer
    if d is None:
        return tr("sum_draw_game", lang)
    if r.bomb or r.contract is None:
        return tr_about("sum_bomb", lang, d, you, name=names[d])
    key = "sum_made" if r.made else "sum_failed"
    return tr_about(key, lang, d, you, name=names[d], c=r.contract, p=r.points[d])


def show_cards(game: Game, names: Sequence[str], lang: str, you: int | None = None,
               index: int = -1, analysis: DealAnalysis | None = None) -> list[str]:
    """"Pokaż karty": every seat's dealt cards, the musik(s), the gives or discards,
    every trick with who played what, and the tricks each seat took. With the deal's
    ``analysis``: its marks after the costly cards, why under each trick, and the
    analysis itself (see :func:`analysis_lines`)."""
    if not game.results or game.results[index].log is None:
        return [tr("no_deal_yet", lang)]
    r = game.results[index]
    log = r.log
    assert log is not None
    number = (index % len(game.results)) + 1
    g = replay_deal(game.rules, log)
    width = max(len(n) for n in names) + 1
    lines = [tr("show_head", lang, n=number, dealer=names[log.dealer]), "",
             tr("show_dealt", lang)]
    for s, name in enumerate(names):
        if s == r.sitting_out:
            lines.append(f"  {name + ':':<{width}} {tr('out_mark', lang)}")
        else:
            lines.append(f"  {name + ':':<{width}} {_hand(log.hands[s], lang)}")
    if len(log.musiks) == 1:
        lines.append(tr("show_musik", lang, cards=_hand(log.musiks[0], lang)))
    for i, m in enumerate(log.musiks if len(log.musiks) == 2 else ()):
        chosen = tr("chosen", lang) if i == g.musik_choice else ""
        lines.append(tr("show_musik_n", lang, i=i + 1, cards=_hand(m, lang), chosen=chosen))
    if log.stock:
        lines.append(tr("show_stock", lang, cards=cards(log.stock, lang)))
    if g.bids:
        moves = [tr("obligatory", lang, name=names[g.obligatory])] + [
            f"{names[s]} {b}" if b else tr("passes", lang, name=names[s]) for s, b in g.bids]
        lines.append(tr("bidding", lang, moves=", ".join(moves)))
    if g.declarer >= 0 and not game.rules.draw_game:
        d, dname = g.declarer, names[g.declarer]
        if g.given:
            gifts = ", ".join(f"{cards([c], lang)} → {names[to]}" for to, c in g.given)
            lines.append(tr_about("show_gives", lang, d, you, name=dname, gifts=gifts))
        if g.discards:
            lines.append(tr_about("show_discards", lang, d, you, name=dname,
                                  cards=_hand(g.discards, lang)))
        if r.bomb:
            lines.append(tr_about("show_bomb", lang, d, you, name=dname))
        elif g.contract:
            lines.append(tr_about("show_declare", lang, d, you, name=dname, n=g.contract))
    if g.tricks:
        lines += ["", tr("show_tricks", lang)]
        if analysis is not None:
            lines += legend_lines(lang)
        reviews = by_trick(analysis) if analysis is not None else [[] for _ in g.tricks]
        melds = _meld_leads(g)
        for i, ((leader, trick, winner), marks) in enumerate(zip(g.tricks, reviews,
                                                                  strict=True)):
            plays = []
            seat = leader
            for j, c in enumerate(trick):
                meld = f" +{SUIT_SYMBOLS[c // 6]}" if (i, c) in melds else ""
                after = mark(marks[j]) if marks else ""
                plays.append(f"{names[seat]} {cards([c], lang)}{meld}{after}")
                seat = g.nxt[seat]
            lines.append(tr("show_trick", lang, i=i + 1, plays=", ".join(plays),
                            name=names[winner]))
            lines += notes_lines(marks, names, lang)
        lines += ["", tr("show_taken", lang)]
        for s, name in enumerate(names):
            if s == r.sitting_out:
                continue
            won = [i + 1 for i, t in enumerate(g.tricks) if t[2] == s]
            p = sum(POINTS[c] for t in g.tricks if t[2] == s for c in t[1])
            lines.append("  " + (tr("show_taken_seat", lang, name=name,
                                    tricks=", ".join(map(str, won)), p=p) if won
                                 else tr("show_taken_none", lang, name=name)))
    if analysis is not None:
        lines += ["", *sections(analysis, names, lang, you=you)]
    return lines


def _meld_leads(g: Game) -> set[tuple[int, int]]:
    """(trick index, card) of the leads that announced a marriage."""
    log = g.log[-1]
    plays = [a for a in log.actions if A.kind(a) == "play"] if isinstance(log, DealLog) else []
    return {(i // g.k, A.card_of(a)) for i, a in enumerate(plays) if A.is_meld(a)}


def score_sheet(game: Game, names: Sequence[str], lang: str) -> list[str]:
    """The score sheet: a column per player, a row per settled deal with the running
    totals; the declarer's cell carries the contract (✓ made, ✗ failed) or B (bomb)."""
    width = 13
    head = f"{tr('sheet_no', lang):>3}  " + "".join(f"{n[:width - 1]:>{width}}" for n in names)
    lines = [tr("sheet_head", lang, preset=game.rules.preset_name), "", head,
             "─" * len(head)]
    for i, r in enumerate(game.results):
        cells = []
        for s in range(game.n):
            mark = ""
            if s == r.sitting_out:
                mark = "–"
            elif s == r.declarer and r.bomb:
                mark = "B"
            elif s == r.declarer and r.contract is not None:
                mark = f"★{r.contract}{'✓' if r.made else '✗'}"
            cells.append(f"{str(r.scores[s]) + (' ' + mark if mark else ''):>{width}}")
        lines.append(f"{i + 1:>3}  " + "".join(cells))
    if not game.results:
        lines.append(tr("no_deal_yet", lang))
    lines += ["", tr("sheet_marks", lang)]
    return lines
