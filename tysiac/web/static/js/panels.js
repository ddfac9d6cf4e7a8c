// What the table shows between deals and on request: the deal summary (seed 003's
// last step: trick points, marriages, score change), "Pokaż karty" (seed 000), the
// score sheet. Built only from public data: settled deals are public in full.

import { h, T } from "./dom.js";
import { cardFace, cardText, MARRIAGE, SYMBOL } from "./cards.js";

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

/** The summary of the deal just settled. */
export function summary(review, names, lang, you) {
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
    notes.length ? h("ul", { class: "notes" }, notes) : null);
}

function cardsRow(codes, lang) {
  return h("span", { class: "cards-row" }, codes.map(c => cardFace(c, lang)));
}

/** "Pokaż karty": every seat's dealt cards, the musik(s), gives and discards, every
 *  trick with who played what, and what each seat took. */
export function review(review, names, lang) {
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
  const tricks = review.tricks.map((tr, i) => h("li", {},
    tr.plays.map(([seat, c], j) => [j ? ", " : "", `${names[seat]} ${cardText(c, lang)}`,
      j === 0 && melds.has(c) ? ` +${SYMBOL[c[c.length - 1]]}` : ""]),
    ` → ${names[tr.winner]} (${tr.points})`));
  return h("section", { class: "review", "aria-labelledby": "review-h" },
    h("h2", { id: "review-h" }, T("show_cards"), " · ", T("deal", { n: review.number })),
    h("h3", {}, T("dealt")), h("ul", { class: "plain" }, dealt), musiks, gives, discards,
    review.stock.length ? h("p", {}, T("stock", { n: review.stock.length }), ": ", cardsRow(review.stock, lang)) : null,
    tricks.length ? [h("h3", {}, T("tricks")), h("ol", { class: "tricks" }, tricks)] : null);
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
