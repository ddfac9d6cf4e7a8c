"""The analysis as lines of text, in Polish (default) or English: the command line
prints them, the terminal game shows them under "Pokaż karty"."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_SYMBOLS, card_display
from ..engine import actions as A
from .model import CardReview, Cards, DealAnalysis, Exchange, SeatBidding, SeatLoss

#: Every text of the analysis, Polish and English; the web page gets them too.
TEXTS: dict[str, tuple[str, str]] = {
    "head": ("Analiza rozdania {n}", "Analysis of deal {n}"),
    "title": ("Analiza", "Analysis"),
    "analysing": ("Analiza rozdania: liczę…", "Analysing the deal…"),
    "costly": ("Kosztowne karty:", "Costly cards:"),
    "no_costly": ("Żadna karta nie kosztowała punktów.", "No card cost points."),
    "losses_head": ("Stracone punkty", "Points lost"),
    "col_play": ("rozgrywka", "play"), "col_dd": ("w otwarte", "double-dummy"),
    "col_bidding": ("licytacja", "bidding"), "col_exchange": ("wymiana", "exchange"),
    "made": ("{name} gra za {c}: ugrane ({p} pkt)", "{name} plays {c}: made ({p} pts)"),
    "failed": ("{name} gra za {c}: nieugrane ({p} pkt)", "{name} plays {c}: failed ({p} pts)"),
    "bomb": ("{name} rzuca bombę przy licytacji {b}", "{name} throws a bomb at the bid of {b}"),
    "made_you": ("grasz za {c}: ugrane ({p} pkt)", "you play {c}: made ({p} pts)"),
    "failed_you": ("grasz za {c}: nieugrane ({p} pkt)", "you play {c}: failed ({p} pts)"),
    "bomb_you": ("rzucasz bombę przy licytacji {b}", "you throw a bomb at the bid of {b}"),
    "units": ("Punkty jak w tabeli: zapis grającego minus punkty obrońców.\n"
              "W otwarte: wszystkie karty znane; według wiedzy: ocena silnego bota\n"
              "z tym, co gracz mógł wiedzieć.",
              "Points as on the score sheet: the declarer's score minus the defenders'\n"
              "points. Double-dummy: every card known; with what was known: the strong\n"
              "bot's evaluation from that seat's view."),
    "cards": ("Karty grającego (wszystkie ręce znane, najlepsza obrona):",
              "The declarer's cards (every hand known, the best defence):"),
    "played": ("  wymiana z gry ({ex}): najwyżej {p} pkt",
               "  the exchange made ({ex}): at most {p} pts"),
    "contract_line": ("    {c} {ok}", "    {c} {ok}"),
    "played_bomb": ("  bomba przed wymianą: bez wymiany z gry",
                    "  a bomb before the exchange: no exchange was made"),
    "best": ("  najlepsza wymiana ({ex}): {p} pkt", "  the best exchange ({ex}): {p} pts"),
    "best_same": ("  wymiana z gry to najlepsza z {n} sprawdzonych",
                  "  the exchange made is the best of {n} tried"),
    "searched": ("    (sprawdzone wymiany: {n})", "    (exchanges tried: {n})"),
    "makeable": ("do ugrania", "makeable"),
    "not_makeable": ("nie do ugrania", "not makeable"),
    "first_lead": ("; pierwsze wyjście: {rows}", "; first lead: {rows}"),
    "with_meld": ("meldunek {suit} {p}", "{suit} marriage {p}"),
    "no_meld": ("bez meldunku {p}", "no marriage {p}"),
    "ex_give": ("{card} → {name}", "{card} → {name}"),
    "ex_discard": ("musik {m}, odkłada {cards}", "musik {m}, discards {cards}"),
    "exchange_loss": ("  wymiana kosztowała kontrakt: −{n}",
                      "  the exchange cost the contract: −{n}"),
    "bidding": ("Licytacja z perspektywy (ile ręka z musikiem mogła ugrać w otwarte):",
                "The bidding in hindsight (what the hand with the musik could make):"),
    "bid_pass": ("pas", "pass"),
    "bid_obligatory": ("100 obowiązkowe", "the obligatory 100"),
    "bid_contract_obligatory": ("kontrakt {c} (100 obowiązkowe)", "contract {c} (obligatory 100)"),
    "bid_n": ("licytacja {b}", "bid {b}"),
    "bid_contract": ("kontrakt {c}", "contract {c}"),
    "bid_both": ("licytacja {b}, kontrakt {c}", "bid {b}, contract {c}"),
    "bid_bomb": ("bomba przy {b}", "bomb at {b}"),
    "worth": ("ręka warta {w}", "hand worth {w}"),
    "worth_none": ("ręka warta mniej niż 100", "hand worth less than 100"),
    "by_musik": ("musik {m}: {p} pkt", "musik {m}: {p} pts"),
    "musiks": ("      {rows}", "      {rows}"),
    "seat_bid": ("  {name}: {bid}; {worth} — {verdict}", "  {name}: {bid}; {worth} — {verdict}"),
    "v_right": ("w porządku", "right"),
    "v_too_high": ("za wysoko: −{loss}", "too high: −{loss}"),
    "v_too_high_free": ("za wysoko, ale przelicytowana", "too high, but outbid"),
    "v_left_points": ("zostawione na stole: {loss}", "left on the table: {loss}"),
    "v_left_free": ("mogła wygrać licytację, ale obrona dała tyle samo",
                    "could have won the bidding, but defending gave as much"),
    "v_bomb_makeable": ("bomba, choć kontrakt był do ugrania: −{loss}",
                        "a bomb, though the contract was makeable: −{loss}"),
    "v_bomb_right": ("bomba słuszna", "the bomb was right"),
    "v_obligatory": ("obowiązkowe 100 nie do ugrania (bez wyboru)",
                     "the obligatory 100 could not be made (no choice)"),
    "tricks": ("Lewy i karty:", "Tricks and cards:"),
    "legend": ("  ✗ błąd według wiedzy gracza · ? błąd, który nie kosztował\n"
               "  ~ pech: kosztowała w otwarte, choć była dobra według wiedzy",
               "  ✗ a mistake with what the player knew · ? a mistake that cost nothing\n"
               "  ~ unlucky: it cost double-dummy, though right with what was known"),
    "trick": ("{i:>3}. {plays} → {name}", "{i:>3}. {plays} → {name}"),
    "detail": ("       {mark} {name} {card}: {dd}", "       {mark} {name} {card}: {dd}"),
    "detail_sd": ("         {sd}", "         {sd}"),
    "dd_loss": ("w otwarte −{n} (lepiej {best})", "double-dummy −{n} ({best} best)"),
    "dd_none": ("w otwarte bez straty", "double-dummy no loss"),
    "sd_loss": ("według wiedzy −{n} (lepiej {best})", "with what was known −{n} ({best} best)"),
    "sd_ok": ("według wiedzy dobra", "right with what was known"),
    "lost_contract": (" — kontrakt przepada", " — contract lost"),
    "gave_contract": (" — kontrakt przechodzi", " — contract let through"),
    "or": (" albo ", " or "),
    "losses": ("Stracone punkty (rozgrywka według wiedzy; w nawiasie w otwarte karty):",
               "Points lost (play with what was known; in brackets double-dummy):"),
    "seat_loss": ("  {name}: rozgrywka {play} ({dd}) · licytacja {bid}{ex}",
                  "  {name}: play {play} ({dd}) · bidding {bid}{ex}"),
    "ex_loss": (" · wymiana {n}", " · exchange {n}"),
    "game": ("W tej partii (przeanalizowane rozdania: {n}):",
             "This game (deals analysed: {n}):"),
    "game_line": ("  {name} — stracone w rozgrywce: {play} (w otwarte {dd}); w licytacji: {bid}",
                  "  {name} — points lost in play: {play} ({dd} double-dummy); in bidding: {bid}"),
    "game_exchange": ("; w wymianie: {ex}", "; in the exchange: {ex}"),
}

MARKS = {"mistake": "✗", "lucky": "?", "unlucky": "~"}


def tr(key: str, lang: str, **kw: object) -> str:
    return TEXTS[key][0 if lang == "pl" else 1].format(**kw)


def deal_lines(a: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    """The whole analysis of a deal: the verdict, the cards, the bidding in
    hindsight, every trick with its marks, the points lost."""
    tricks = ["", tr("tricks", lang), *legend_lines(lang), *trick_lines(a, names, lang)] \
        if a.tricks else []
    return sections(a, names, lang, tricks)


def sections(a: DealAnalysis, names: Sequence[str], lang: str, tricks: Sequence[str] = (),
             you: int | None = None) -> list[str]:
    """The analysis with ``tricks`` (lines) before the points lost: without them,
    for a page that lists the tricks itself. ``you``: the seat spoken to."""
    return [*head_lines(a, names, lang, you), "", *cards_lines(a, names, lang), "",
            *bidding_lines(a, names, lang), *tricks, "", *loss_lines(a, names, lang)]


def legend_lines(lang: str) -> list[str]:
    """What the marks after a card mean."""
    return tr("legend", lang).split("\n")


def head_lines(a: DealAnalysis, names: Sequence[str], lang: str,
               you: int | None = None) -> list[str]:
    name = names[a.declarer]
    own = "_you" if a.declarer == you else ""
    if a.contract is None:
        verdict = tr("bomb" + own, lang, name=name, b=a.bid)
    else:
        verdict = tr(("made" if a.made else "failed") + own, lang, name=name, c=a.contract,
                     p=a.points[a.declarer])
    return [f"{tr('head', lang, n=a.number)}: {verdict}", *tr("units", lang).split("\n")]


def exchange_text(e: Exchange, names: Sequence[str], lang: str) -> str:
    if e.receivers:
        return ", ".join(tr("ex_give", lang, card=card_display(c, lang), name=names[r])
                         for r, c in zip(e.receivers, e.cards, strict=True))
    return tr("ex_discard", lang, m=(e.musik or 0) + 1,
              cards=" ".join(card_display(c, lang) for c in e.cards))


def _ok(points: int, contract: int, lang: str) -> str:
    return tr("makeable" if points >= contract else "not_makeable", lang)


def _trumps(rows: Sequence[tuple[int | None, int]], lang: str) -> str:
    if not rows:
        return ""
    parts = [tr("no_meld", lang, p=p) if s is None else
             tr("with_meld", lang, suit=SUIT_SYMBOLS[s], p=p) for s, p in rows]
    return tr("first_lead", lang, rows=" · ".join(parts))


def cards_lines(a: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    c: Cards = a.cards
    lines = [tr("cards", lang)]
    if c.played is None:
        lines.append(tr("played_bomb", lang))
    else:
        lines += [tr("played", lang, ex=exchange_text(c.played, names, lang), p=c.played.points),
                  tr("contract_line", lang, c=c.contract, ok=_ok(c.played.points, c.contract, lang))
                  + _trumps(c.by_trump, lang)]
    if c.played is not None and c.best.points <= c.played.points:
        lines.append(tr("best_same", lang, n=c.searched))
    else:
        lines += [tr("best", lang, ex=exchange_text(c.best, names, lang), p=c.best.points),
                  tr("contract_line", lang, c=c.contract, ok=_ok(c.best.points, c.contract, lang))
                  + _trumps(c.best_by_trump, lang), tr("searched", lang, n=c.searched)]
    if a.exchange_loss:
        lines.append(tr("exchange_loss", lang, n=a.exchange_loss))
    return lines


def _bid_text(b: SeatBidding, a: DealAnalysis, lang: str) -> str:
    if b.seat == a.declarer:
        if a.contract is None:
            return tr("bid_bomb", lang, b=a.bid)
        if b.bid is None:
            return tr("bid_contract_obligatory", lang, c=a.contract)
        if a.bid != a.contract:
            return tr("bid_both", lang, b=a.bid, c=a.contract)
        return tr("bid_contract", lang, c=a.contract)
    if b.bid is None:
        return tr("bid_obligatory" if b.obligatory else "bid_pass", lang)
    return tr("bid_n", lang, b=b.bid)


def _verdict_text(b: SeatBidding, a: DealAnalysis, lang: str) -> str:
    if b.verdict == "too_high" and b.seat != a.declarer:
        return tr("v_too_high_free", lang)
    if b.verdict == "left_points" and not b.loss:
        return tr("v_left_free", lang)
    return tr(f"v_{b.verdict}", lang, loss=b.loss)


def bidding_lines(a: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    lines = [tr("bidding", lang)]
    for b in a.bidding:
        worth = tr("worth", lang, w=b.worth) if b.worth else tr("worth_none", lang)
        lines.append(tr("seat_bid", lang, name=names[b.seat], bid=_bid_text(b, a, lang),
                        worth=worth, verdict=_verdict_text(b, a, lang)))
        if b.by_musik:
            lines.append(tr("musiks", lang, rows=" · ".join(
                tr("by_musik", lang, m=(e.musik or 0) + 1, p=e.points) for e in b.by_musik)))
    return lines


def action_text(action: int, lang: str) -> str:
    """A card played, with ``+♥`` for a marriage announced with it."""
    c = A.card_of(action)
    return card_display(c, lang) + (f" +{SUIT_SYMBOLS[c // 6]}" if A.is_meld(action) else "")


def by_trick(a: DealAnalysis) -> list[list[CardReview]]:
    """The card reviews of each trick, in the order they were played."""
    out: list[list[CardReview]] = [[] for _ in a.tricks]
    for c in a.play:
        out[c.trick].append(c)
    return out


def trick_lines(a: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    """Every trick, a mark after each costly card and a line under the trick for it."""
    lines = []
    for i, ((_, _, winner), reviews) in enumerate(zip(a.tricks, by_trick(a), strict=True)):
        plays = [f"{names[c.seat]} {action_text(c.action, lang)}{mark(c)}" for c in reviews]
        lines.append(tr("trick", lang, i=i + 1, plays=", ".join(plays), name=names[winner]))
        lines += notes_lines(reviews, names, lang)
    return lines


def mark(c: CardReview) -> str:
    """The mark after a card: ✗ a mistake, ? a mistake that cost nothing, ~ bad luck."""
    return MARKS.get(c.verdict, "")


def notes_lines(reviews: Sequence[CardReview], names: Sequence[str], lang: str) -> list[str]:
    """The lines under a trick that say why its marked cards are marked."""
    return [line for c in reviews if c.verdict in MARKS for line in detail_lines(c, names, lang)]


def _best(actions: Sequence[int], lang: str) -> str:
    return tr("or", lang).join(action_text(x, lang) for x in actions[:2])


def detail_lines(c: CardReview, names: Sequence[str], lang: str) -> list[str]:
    """Why a card is marked: its double-dummy and single-dummy losses."""
    dd = tr("dd_loss", lang, n=c.dd_loss, best=_best(c.dd_best, lang)) if c.dd_loss \
        else tr("dd_none", lang)
    if c.contract_lost:
        dd += tr("lost_contract" if c.declarer_side else "gave_contract", lang)
    sd = tr("sd_loss", lang, n=round(c.sd_loss or 0), best=_best([c.sd_best], lang)) \
        if c.verdict in ("mistake", "lucky") and c.sd_best is not None else tr("sd_ok", lang)
    return [tr("detail", lang, mark=MARKS[c.verdict], name=names[c.seat],
               card=action_text(c.action, lang), dd=dd), tr("detail_sd", lang, sd=sd)]


def loss_lines(a: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    lines = [tr("losses", lang)]
    for loss in a.losses:
        if loss.seat == a.sitting_out:
            continue
        star = " ★" if loss.seat == a.declarer else ""
        ex = tr("ex_loss", lang, n=loss.exchange) if loss.seat == a.declarer else ""
        lines.append(tr("seat_loss", lang, name=names[loss.seat] + star, play=round(loss.play),
                        dd=loss.play_dd, bid=loss.bidding, ex=ex))
    return lines


def game_lines(totals: Sequence[SeatLoss], names: Sequence[str], analysed: int,
               lang: str) -> list[str]:
    """The summary line per player over the analysed deals of a game."""
    return [tr("game", lang, n=analysed)] + [
        tr("game_line", lang, name=names[t.seat], play=round(t.play), bid=t.bidding,
           dd=t.play_dd) + (tr("game_exchange", lang, ex=t.exchange) if t.exchange else "")
        for t in totals]
