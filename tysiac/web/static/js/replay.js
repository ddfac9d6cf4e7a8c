// A closed game move by move: every hand open, the trick, who did what.

import { h, T, loadTexts } from "./dom.js";
import { cardFace, cardText, SYMBOL } from "./cards.js";

loadTexts();
const root = document.getElementById("replay");
const lang = root.dataset.lang;
const data = JSON.parse(document.getElementById("frames").textContent);
const names = data.players;
let deal = 0, step = 0;

function actionText(frame) {
  const a = frame.action;
  if (!a) return T("deal", { n: frame.deal + 1 });
  const name = names[a.p];
  if ("bid" in a) return T("ev_bid", { name, n: a.bid });
  if ("pass" in a) return T("ev_pass", { name });
  if ("declare" in a) return T("ev_declare", { name, n: a.declare });
  if ("bomb" in a) return T("ev_bomb", { name });
  if ("choose_musik" in a) return T("ev_musik", { name, n: a.choose_musik + 1 });
  if ("give" in a) return `${name}: ` + Object.entries(a.give).map(([to, c]) => T("give_to", { card: cardText(c, lang), name: names[to] })).join(", ");
  if ("discard" in a) return `${name}: ${T("discards")} ` + a.discard.map(c => cardText(c, lang)).join(" ");
  if ("redeal" in a) return T("ev_redeal", { name });
  if ("play" in a) return `${name}: ${cardText(a.play, lang)}${a.meld ? " +" + SYMBOL[a.play.slice(-1)] : ""}`;
  return "";
}

function go(d, s) {
  deal = Math.max(0, Math.min(data.deals.length - 1, d));
  const frames = data.deals[deal] || [];
  step = Math.max(0, Math.min(frames.length - 1, s));
  render();
}

function render() {
  const frames = data.deals[deal] || [];
  const f = frames[step];
  if (!f) { root.replaceChildren(h("p", {}, "—")); return; }
  const trick = f.trick.length ? f.trick : (f.last || []);
  root.replaceChildren(
    h("p", { class: "actions" },
      h("label", { for: "deal" }, T("deal", { n: "" })), " ",
      h("select", { id: "deal", onchange: (e) => go(Number(e.target.value), 0) },
        data.deals.map((_, i) => h("option", { value: i, selected: i === deal }, i + 1))),
      h("button", { type: "button", onclick: () => go(deal, 0), "aria-label": "⏮" }, "⏮"),
      h("button", { type: "button", onclick: () => go(deal, step - 1), "aria-label": "◀" }, "◀"),
      h("output", {}, `${step}/${frames.length - 1}`),
      h("button", { type: "button", class: "primary", onclick: () => step < frames.length - 1 ? go(deal, step + 1) : go(deal + 1, 0), "aria-label": "▶" }, "▶"),
      h("button", { type: "button", onclick: () => go(deal, frames.length - 1), "aria-label": "⏭" }, "⏭")),
    h("p", { class: "verdict", "aria-live": "polite" }, actionText(f)),
    h("p", { class: "small" }, [f.trump ? `${T("trump")}: ${SYMBOL[f.trump]}` : T("no_trump"),
      f.contract ? `${T("contract")}: ${f.contract} (${names[f.declarer]})` : null].filter(Boolean).join(" · ")),
    h("ul", { class: "plain" }, names.map((n, s) => h("li", {}, h("strong", {}, `${n} (${f.scores[s]}, ${f.points[s]}): `),
      h("span", { class: "cards-row" }, f.hands[s].map(c => cardFace(c, lang)))))),
    trick.length ? h("ul", { class: "trick" }, trick.map(([s, c]) => h("li", {}, cardFace(c, lang), h("span", { class: "who" }, names[s])))) : null);
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") go(deal, step + 1);
  if (e.key === "ArrowLeft") go(deal, step - 1);
});
render();
