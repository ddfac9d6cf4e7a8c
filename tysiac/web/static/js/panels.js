// What the table shows between deals and on request: the deal summary (seed 003's
// last step: trick points, marriages, score change), "Pokaż karty" (seed 000) with
// the deal's analysis (docs/ANALYSIS.md), the score sheet. Built only from public
// data: settled deals are public in full.

import { h, T } from "./dom.js";
import { cardFace, cardText, MARRIAGE, SYMBOL, suitOf } from "./cards.js";

function meldsText(suits) {
  return suits.length ? suits.map(s => `${SYMBOL[s]}${MARRIAGE[s]}`).join(" ") : "—";
}

function signed(n) { return n > 0 ? `+${n}` : String(n); }

export function verdict(result, names) {
  const d = result.declarer;
  if (d === null) return T("draw_deal");
  if (result.bomb) return T("bombed", { name: names[d] });
  return T(result.made ? "made" : "failed",
           { name: names[d], c: result.contract, p: result.points[d] });
}

/** The summary of the deal just settled; ``analysis``: the server's analysis
 *  message for it (null while it is worked out, a text when there is none). */
export function summary(review, names, lang, you, analysis = null) {
  const r = review.result;
  // "opt" columns give way on a narrow screen; trick points, marriages and the change
  // (seed 003's last step) always stay.
  const opt = { col_tricks: true, col_total: true };
  const head = h("tr", {}, h("th", { scope: "col" }, ""),
    ...["col_tricks", "col_cards", "col_melds", "col_total", "col_change", "col_score"]
      .map(k => h("th", { scope: "col", class: opt[k] ? "opt" : null }, T(k))));
  const rows = names.map((name, s) => {
    const who = h("th", { scope: "row" }, name, s === r.declarer ? " ★" : "",
                  s === you ? h("small", {}, ` (${T("you")})`) : null);
    if (s === r.sitting_out) {
      return h("tr", { class: "out" }, who, h("td", { class: "opt" }),
               h("td", { colspan: 2 }, T("sits_out")), h("td", { class: "opt" }),
               h("td", {}, signed(r.delta[s])), h("td", {}, r.scores[s]));
    }
    return h("tr", {}, who, h("td", { class: "opt" }, r.bomb ? "—" : r.tricks[s]),
             h("td", {}, r.bomb ? "—" : r.cards[s]), h("td", {}, meldsText(r.melds[s])),
             h("td", { class: "opt" }, r.bomb ? "—" : r.points[s]),
             h("td", { class: "change" }, signed(r.delta[s])), h("td", {}, r.scores[s]));
  });
  const notes = review.notes.map(n => h("li", {}, T(`note_${n.what}`, { name: names[n.seat], n: n.n })));
  return h("section", { class: "summary", "aria-labelledby": "summary-h" },
    h("h2", { id: "summary-h" }, T("summary"), " · ", T("deal", { n: review.number })),
    h("p", { class: "verdict" }, verdict(r, names)),
    h("div", { class: "scroll" }, h("table", { class: "list" }, h("thead", {}, head), h("tbody", {}, rows))),
    notes.length ? h("ul", { class: "notes" }, notes) : null,
    analysisPart(analysis, names, lang));
}

// --- the analysis -------------------------------------------------------------------

const MARKS = { mistake: "✗", lucky: "?", unlucky: "~" };

/** A card played, with "+♥" when it announced a marriage ("QH+"). */
function actionText(code, lang) {
  const meld = String(code).endsWith("+");
  const card = meld ? code.slice(0, -1) : code;
  return cardText(card, lang) + (meld ? ` +${SYMBOL[suitOf(card)]}` : "");
}

function exchangeText(e, names, lang) {
  if (e.give) {
    return Object.entries(e.give).map(([to, c]) => T("an_ex_give", { card: cardText(c, lang), name: names[to] })).join(", ");
  }
  return T("an_ex_discard", { m: e.musik + 1, cards: e.discard.map(c => cardText(c, lang)).join(" ") });
}

function ok(points, contract) { return T(points >= contract ? "an_makeable" : "an_not_makeable"); }

function trumpsText(rows) {
  if (!rows.length) return "";
  const parts = rows.map(r => r.trump === null ? T("an_no_meld", { p: r.points })
    : T("an_with_meld", { suit: SYMBOL[r.trump], p: r.points }));
  return T("an_first_lead", { rows: parts.join(" · ") });
}

/** An exchange, its points and whether they make the contract, per first lead. */
function exchangePart(key, e, trumps, contract, names, lang) {
  return [h("p", {}, T(key, { ex: exchangeText(e, names, lang), p: e.points }).trim()),
          h("p", { class: "small" }, T("an_contract_line", { c: contract, ok: ok(e.points, contract) }).trim(),
            trumpsText(trumps))];
}

/** What the declarer's cards held: the most points with the exchange made and the
 *  best one found, per trump of the first lead. */
function cardsPart(a, names, lang) {
  const c = a.cards;
  const out = [h("h4", {}, T("an_cards"))];
  if (c.played) out.push(exchangePart("an_played", c.played, c.by_trump, c.contract, names, lang));
  else out.push(h("p", {}, T("an_played_bomb").trim()));
  if (c.played && c.best.points <= c.played.points) {
    out.push(h("p", {}, T("an_best_same", { n: c.searched }).trim()));
  } else {
    out.push(exchangePart("an_best", c.best, c.best_by_trump, c.contract, names, lang));
  }
  if (a.exchange_loss) out.push(h("p", { class: "costly" }, T("an_exchange_loss", { n: a.exchange_loss }).trim()));
  return out;
}

/** Why a card is marked: its double-dummy and single-dummy losses. */
function cardNote(x, lang) {
  const best = list => list.slice(0, 2).map(c => actionText(c, lang)).join(T("an_or"));
  let dd = x.dd.loss ? T("an_dd_loss", { n: x.dd.loss, best: best(x.dd.best) }) : T("an_dd_none");
  if (x.dd.made !== x.dd.made_best) dd += T(x.side === "declarer" ? "an_lost_contract" : "an_gave_contract");
  const sd = x.verdict === "unlucky" ? T("an_sd_ok") : T("an_sd_loss", { n: Math.round(x.sd.loss), best: best([x.sd.best]) });
  return `${dd}; ${sd}`;
}

function costlyPart(a, names, lang) {
  const costly = a.play.filter(x => MARKS[x.verdict]);
  if (!costly.length) return [h("p", { class: "small" }, T("an_no_costly"))];
  return [h("h4", {}, T("an_costly")), h("ul", { class: "costly" }, costly.map(x =>
    h("li", { class: x.verdict }, h("span", { class: "mark", "aria-hidden": "true" }, MARKS[x.verdict]), " ",
      h("strong", {}, `${T("trick_n", { n: x.trick })}: ${names[x.seat]} ${actionText(x.card, lang)}`), " — ",
      cardNote(x, lang))))];
}

function lossesPart(a, names) {
  const head = h("tr", {}, h("th", { scope: "col" }, ""),
    ...["an_col_play", "an_col_bidding", "an_col_exchange"].map(k => h("th", { scope: "col" }, T(k))));
  const rows = a.losses.filter(x => x.seat !== a.sitting_out).map(x => h("tr", {},
    h("th", { scope: "row" }, names[x.seat], x.seat === a.declarer ? " ★" : ""),
    h("td", {}, `${Math.round(x.play)} (${x.play_dd})`), h("td", {}, x.bidding),
    h("td", {}, x.seat === a.declarer ? x.exchange : "—")));
  return [h("h4", {}, T("an_losses").replace(/:$/, "")),
          h("div", { class: "scroll" }, h("table", { class: "list losses" }, h("thead", {}, head), h("tbody", {}, rows)))];
}

function totalsPart(totals, names) {
  return h("div", { class: "small totals" }, h("p", {}, T("an_game", { n: totals.deals })),
    h("ul", { class: "plain" }, totals.players.map(p => h("li", {}, T("an_game_line",
      { name: names[p.seat], play: Math.round(p.play), bid: p.bidding, dd: p.play_dd }).trim(),
      p.exchange ? T("an_game_exchange", { ex: p.exchange }) : ""))));
}

/** The analysis in the summary: the cards, the costly cards, the points lost. */
function analysisPart(msg, names, lang) {
  if (typeof msg === "string") return h("section", { class: "analysis" }, h("p", { class: "small" }, msg));
  if (!msg) return h("section", { class: "analysis", "aria-busy": "true" }, h("p", { class: "small" }, T("an_analysing")));
  const a = msg.analysis;
  return h("section", { class: "analysis", "aria-labelledby": "analysis-h" },
    h("h3", { id: "analysis-h" }, T("an_title")),
    cardsPart(a, names, lang), costlyPart(a, names, lang), lossesPart(a, names), totalsPart(msg.totals, names));
}

/** The bidding in hindsight: what each hand was worth with the musik. */
function biddingPart(a, names) {
  const bidText = b => {
    if (b.seat === a.declarer) {
      if (a.contract === null) return T("an_bid_bomb", { b: a.bid });
      if (b.bid === null) return T("an_bid_contract_obligatory", { c: a.contract });
      return a.bid !== a.contract ? T("an_bid_both", { b: a.bid, c: a.contract }) : T("an_bid_contract", { c: a.contract });
    }
    if (b.bid === null) return T(b.obligatory ? "an_bid_obligatory" : "an_bid_pass");
    return T("an_bid_n", { b: b.bid });
  };
  const verdict = b => {
    if (b.verdict === "too_high" && b.seat !== a.declarer) return T("an_v_too_high_free");
    if (b.verdict === "left_points" && !b.loss) return T("an_v_left_free");
    return T(`an_v_${b.verdict}`, { loss: b.loss });
  };
  return [h("h4", {}, T("an_bidding")), h("ul", { class: "plain" }, a.bidding.map(b => h("li", {},
    T("an_seat_bid", { name: names[b.seat], bid: bidText(b),
                       worth: b.worth ? T("an_worth", { w: b.worth }) : T("an_worth_none"), verdict: verdict(b) }).trim(),
    b.by_musik.length ? h("small", {}, " (", b.by_musik.map(e => T("an_by_musik", { m: e.musik + 1, p: e.points })).join(" · "), ")") : null)))];
}

function cardsRow(codes, lang) {
  return h("span", { class: "cards-row" }, codes.map(c => cardFace(c, lang)));
}

/** "Pokaż karty": every seat's dealt cards, the musik(s), gives and discards, every
 *  trick with who played what, and what each seat took; with the deal's analysis
 *  (the server's message; the summary shows the rest of it), the costly cards marked
 *  in their tricks, why under each, and the bidding in hindsight. */
export function review(review, names, lang, analysis = null) {
  const r = review.result;
  const dealt = names.map((name, s) => h("li", {}, h("strong", {}, name, ": "),
    s === r.sitting_out ? T("sits_out") : cardsRow(review.hands[s], lang)));
  const musiks = review.musiks.map((m, i) => h("p", {},
    review.musiks.length > 1 ? T("musik_n", { n: i + 1 }) : T("musik"),
    i === review.musik_choice && review.musiks.length > 1 ? ` (${T("chosen")})` : "", ": ",
    cardsRow(m, lang)));
  const gives = review.given.length ? h("p", {}, T("gives"), ": ",
    review.given.map(([to, c]) => T("give_to", { card: cardText(c, lang), name: names[to] })).join(", ")) : null;
  const discards = review.discards.length ? h("p", {}, T("discards"), ": ", cardsRow(review.discards, lang)) : null;
  const melds = new Set(review.meld_leads);
  const a = analysis ? analysis.analysis : null;
  const marks = review.tricks.map((_, i) => a ? a.play.filter(x => x.trick === i + 1) : []);
  const tricks = review.tricks.map((tr, i) => h("li", {},
    tr.plays.map(([seat, c], j) => {
      const x = marks[i][j];
      const text = `${names[seat]} ${cardText(c, lang)}${j === 0 && melds.has(c) ? ` +${SYMBOL[c[c.length - 1]]}` : ""}`;
      const shown = x && MARKS[x.verdict]
        ? h("mark", { class: x.verdict, title: cardNote(x, lang) }, text, " ", MARKS[x.verdict]) : text;
      return [j ? ", " : "", shown];
    }),
    ` → ${names[tr.winner]} (${tr.points})`,
    marks[i].some(x => MARKS[x.verdict]) ? h("ul", { class: "notes small" }, marks[i].filter(x => MARKS[x.verdict])
      .map(x => h("li", {}, `${MARKS[x.verdict]} ${names[x.seat]} ${actionText(x.card, lang)}: ${cardNote(x, lang)}`))) : null));
  return h("section", { class: "review", "aria-labelledby": "review-h" },
    h("h2", { id: "review-h" }, T("show_cards"), " · ", T("deal", { n: review.number })),
    h("h3", {}, T("dealt")), h("ul", { class: "plain" }, dealt), musiks, gives, discards,
    review.stock.length ? h("p", {}, T("stock", { n: review.stock.length }), ": ", cardsRow(review.stock, lang)) : null,
    tricks.length ? [h("h3", {}, T("tricks")), a ? h("p", { class: "small" }, T("an_legend")) : null,
                     h("ol", { class: "tricks" }, tricks)] : null,
    a ? h("section", { class: "analysis" }, biddingPart(a, names)) : null);
}

/** The score sheet: a column per player, a row per deal with the running totals. */
export function sheet(rows, names) {
  const head = h("tr", {}, h("th", { scope: "col" }, T("sheet_no")),
                 ...names.map(n => h("th", { scope: "col" }, n)));
  const body = rows.map((r, i) => h("tr", {}, h("th", { scope: "row" }, i + 1),
    ...names.map((_, s) => {
      let mark = "";
      if (s === r.sitting_out) mark = "–";
      else if (s === r.declarer && r.bomb) mark = "B";
      else if (s === r.declarer && r.contract !== null) mark = `★${r.contract}${r.made ? "✓" : "✗"}`;
      return h("td", {}, String(r.scores[s]), mark ? h("small", {}, " ", mark) : null);
    })));
  return h("section", { class: "sheet", "aria-labelledby": "sheet-h" },
    h("h2", { id: "sheet-h" }, T("sheet")),
    h("div", { class: "scroll" }, h("table", { class: "list" }, h("thead", {}, head), h("tbody", {}, body))),
    h("p", { class: "small" }, T("sheet_marks")));
}
