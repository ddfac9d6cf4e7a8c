// Cards as the record writes them ("QH", "TD") and as people read them:
// Polish ranks 9 W D K 10 A, English 9 J Q K 10 A, suit symbols, red and black.

import { h } from "./dom.js";

export const SUITS = ["H", "D", "C", "S"];
export const SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
export const MARRIAGE = { H: 100, D: 80, C: 60, S: 40 };
const RANKS = { pl: { 9: "9", J: "W", Q: "D", K: "K", T: "10", A: "A" },
                en: { 9: "9", J: "J", Q: "Q", K: "K", T: "10", A: "A" } };

export function suitOf(code) { return code[code.length - 1]; }
export function rankOf(code) { return code.slice(0, -1); }
export function isRed(code) { const s = suitOf(code); return s === "H" || s === "D"; }

/** "D♥" in Polish, "Q♥" in English. */
export function cardText(code, lang) {
  return (RANKS[lang] || RANKS.pl)[rankOf(code)] + SYMBOL[suitOf(code)];
}

/** A card drawn as a small face: a button when ``onclick`` is given. */
export function cardFace(code, lang, opts = {}) {
  const text = cardText(code, lang);
  const cls = ["card", isRed(code) ? "red" : "black", ...(opts.classes || [])].join(" ");
  const face = [h("span", { class: "rank" }, (RANKS[lang] || RANKS.pl)[rankOf(code)]),
                h("span", { class: "suit", "aria-hidden": "true" }, SYMBOL[suitOf(code)])];
  if (!opts.onclick) {
    return h("span", { class: cls, role: "img", "aria-label": opts.label || text }, face);
  }
  return h("button", {
    class: cls, type: "button", onclick: opts.onclick, "aria-label": opts.label || text,
    "aria-pressed": opts.pressed === undefined ? null : String(Boolean(opts.pressed)),
    "aria-disabled": opts.disabled ? "true" : null, dataset: { card: code },
  }, face);
}
