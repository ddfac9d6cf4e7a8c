// The arbiter page: a card picker for the "build a deal" form and a move picker that
// asks the server what the arbiter says after each move. The form works without this
// script (the fields are plain text); the server judges everything, the script only
// fills the fields and shows the answers.

import { h, T, loadTexts, morphChildren } from "./dom.js";
import { SUITS, cardFace, cardText } from "./cards.js";

loadTexts();
const lang = document.documentElement.lang || "pl";
const form = document.getElementById("build-form");
const RANKS = ["A", "T", "K", "Q", "J", "9"];                 // strongest first, as held
const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
const READ_RANK = { "9": "9", J: "J", W: "J", Q: "Q", D: "Q", K: "K", T: "T", "10": "T", A: "A" };
const READ_SUIT = { H: "H", D: "D", C: "C", S: "S", "♥": "H", "♦": "D", "♣": "C", "♠": "S",
                    "♡": "H", "♢": "D", "♧": "C", "♤": "S" };
const PILES = ["hand0", "hand1", "hand2", "hand3", "musik0", "musik1", "stock"];

/** "10♥" → "TH"; null if the token is no card (the server says why). */
function readCard(token) {
  const t = token.trim().toUpperCase();
  const rank = READ_RANK[t.slice(0, -1)], suit = READ_SUIT[t.slice(-1)];
  return rank && suit ? rank + suit : null;
}

function field(key) { return form.elements.namedItem(key); }

/** After a judgment, show its answer: the verdict, or the first message at a field. */
function focusVerdict() {
  const v = document.getElementById("verdict");
  const error = document.querySelector("p.error[role=alert]");
  if (v) v.focus({ preventScroll: false });
  else if (error) error.scrollIntoView({ block: "center" });
}

if (form) setUp();
focusVerdict();
keepJudgingAcrossLanguages();

/** The language switch of a judged page judges the same input again in the other
 *  language (a plain link would only fetch the empty page). */
function keepJudgingAcrossLanguages() {
  const link = document.querySelector("header a.lang");
  const judged = document.getElementById("verdict") || document.querySelector("p.error[role=alert]");
  const shown = document.querySelector("details.way[open] form");
  if (!link || !judged || !shown || shown.id === "upload-form") return;
  link.addEventListener("click", async (e) => {
    e.preventDefault();
    try {
      await fetch(link.href, { credentials: "same-origin" });       // sets the language
    } catch (err) {
      location.assign(link.href);
      return;
    }
    shown.requestSubmit();
  });
}

function setUp() {
  let shape = JSON.parse(form.dataset.shape);
  let active = "hand0";
  let focusCard = DECK[0];
  let answer = null;                 // the server's last answer for this form
  let picking = [];                  // cards picked for a give or a discard
  const touched = new Set();
  let pending = null, timer = null, asked = 0;

  const picker = document.getElementById("picker");
  const mover = document.getElementById("mover");

  function names() {
    return [0, 1, 2, 3].map((i) => field(`name${i}`).value.trim() || field(`name${i}`).placeholder
                                    || String(i + 1));
  }

  function want(key) {
    if (key.startsWith("hand")) {
      const i = Number(key.slice(4));
      return i >= shape.players || i === shape.sitting_out ? 0 : shape.hand;
    }
    if (key === "musik0") return shape.musiks >= 1 ? shape.musik : 0;
    if (key === "musik1") return shape.musiks >= 2 ? shape.musik : 0;
    return shape.stock;
  }

  function pileName(key) {
    if (key.startsWith("hand")) return names()[Number(key.slice(4))];
    if (key === "musik0") return shape.musiks > 1 ? T("musik_k", { n: 1 }) : T("musik");
    if (key === "musik1") return T("musik_k", { n: 2 });
    return T("stock");
  }

  function pileMark(key) {
    if (key.startsWith("hand")) return String(Number(key.slice(4)) + 1);
    return key === "musik0" ? "M" : key === "musik1" ? "M2" : "S";
  }

  /** Each pile's cards as the fields hold them (the first pile wins a card twice). */
  function piles() {
    const out = {}, seen = new Set();
    for (const key of PILES) {
      out[key] = [];
      for (const token of field(key).value.split(/[\s,;]+/)) {
        const c = token && readCard(token);
        if (c && !seen.has(c)) { seen.add(c); out[key].push(c); }
      }
    }
    return out;
  }

  function where(p) {
    const at = {};
    for (const key of PILES) for (const c of p[key]) at[c] = key;
    return at;
  }

  function write(p) {
    for (const key of PILES) field(key).value = p[key].join(" ");
    touched.add("cards");
    check();
  }

  function tap(card) {
    const p = piles();
    const at = where(p)[card];
    if (at) p[at] = p[at].filter((c) => c !== card);
    if (at !== active && want(active) > 0) {
      p[active].push(card);
      if (p[active].length >= want(active)) {
        const next = PILES.find((k) => want(k) > 0 && p[k].length < want(k));
        if (next) active = next;
      }
    }
    focusCard = card;
    write(p);
    draw();
  }

  function randomRest() {
    const p = piles(), at = where(p);
    const free = DECK.filter((c) => !at[c]);
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [free[i], free[j]] = [free[j], free[i]];
    }
    for (const key of PILES) while (p[key].length < want(key) && free.length) p[key].push(free.pop());
    write(p);
    draw();
  }

  function clearCards() {
    const p = {};
    for (const key of PILES) p[key] = [];
    active = "hand0";
    write(p);
    draw();
  }

  function moveFocus(e, card) {
    const i = DECK.indexOf(card);
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 6, ArrowUp: -6, Home: -i,
                   End: DECK.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    focusCard = DECK[(i + step + DECK.length) % DECK.length];
    draw();
    picker.querySelector(`[data-card="${focusCard}"]`).focus();
  }

  function dealt() {
    const p = piles();
    return PILES.every((k) => p[k].length === want(k));
  }

  // --- drawing ------------------------------------------------------------------

  function draw() {
    const p = piles(), at = where(p), n = names();
    const visible = PILES.filter((k) => want(k) > 0);
    if (want(active) === 0) active = visible[0];
    for (const el of form.querySelectorAll("[data-seat]")) {
      const seat = Number(el.dataset.seat);
      el.hidden = seat >= shape.players;
      if (el.tagName === "OPTION") el.textContent = n[seat];
    }
    for (const el of form.querySelectorAll(".pile")) {
      const key = el.dataset.pile, i = Number(key.slice(4));
      const out = key.startsWith("hand") && i === shape.sitting_out && i < shape.players;
      el.hidden = want(key) === 0 && !out;
      el.querySelector("label").textContent = `${pileName(key)} (${out ? T("sits_out")
        : T("count", { n: p[key].length, want: want(key) })})`;
      field(key).disabled = out;
    }
    morphChildren(picker, [
      h("fieldset", { class: "piles" },
        h("legend", {}, T("pile")),
        visible.map((key) => h("label", { class: "pile-choice" + (key === active ? " active" : "") },
          h("input", { type: "radio", name: "pile-choice", value: key, checked: key === active,
                       onchange: () => { active = key; draw(); } }),
          ` ${pileName(key)} `,
          h("span", { class: "count" + (p[key].length === want(key) ? " full" : "") },
            T("count", { n: p[key].length, want: want(key) }))))),
      h("div", { class: "deck", role: "group", "aria-label": T("deck") },
        DECK.map((c) => {
          const face = cardFace(c, lang, {
            onclick: () => tap(c), pressed: at[c] === active,
            classes: [at[c] ? "taken" : "free", at[c] === active ? "picked" : ""],
            label: T("in_pile", { card: cardText(c, lang), pile: at[c] ? pileName(at[c]) : T("free") }),
          });
          face.tabIndex = c === focusCard ? 0 : -1;
          face._on.keydown = (e) => moveFocus(e, c);
          face.append(h("span", { class: "mark", "aria-hidden": "true" }, at[c] ? pileMark(at[c]) : ""));
          return face;
        })),
      h("p", { class: "actions" },
        h("button", { type: "button", onclick: randomRest, "data-key": "random" }, T("random_rest")),
        h("button", { type: "button", onclick: clearCards, "data-key": "clear" }, T("clear"))),
    ]);
    drawMover();
  }

  function tokens() {
    return field("moves").value.split(/\s+/).filter((t) => t && !/^\d+\.$/.test(t));
  }

  function addMove(token) {
    const moves = field("moves");
    moves.value = (moves.value.trimEnd() + (moves.value.trim() ? " " : "") + token);
    picking = [];
    touched.add("moves");
    check(0);
  }

  function undo() {
    const lines = field("moves").value.trimEnd().split("\n");
    const last = lines.pop().trimEnd().split(/\s+/);
    last.pop();
    while (last.length && /^\d+\.$/.test(last[last.length - 1])) last.pop();
    if (last.length) lines.push(last.join(" "));
    field("moves").value = lines.join("\n");
    picking = [];
    check(0);
  }

  function legalLabel(move, phase) {
    if (typeof move === "number") {
      return phase === "choose_musik" ? T("musik_n", { n: move + 1 })
        : phase === "declare" ? T("declare_n", { n: move }) : String(move);
    }
    if (move === "pass" || move === "bomb" || move === "redeal") return T(move);
    return cardText(move.replace("+", ""), lang) + (move.endsWith("+") ? " " + T("marriage") : "");
  }

  function legalToken(p, move, phase) {
    if (typeof move === "number") {
      return phase === "choose_musik" ? `${p}:musik=${move}`
        : phase === "declare" ? `${p}:declare=${move}` : `${p}:${move}`;
    }
    return `${p}:${move}`;
  }

  function exchangePick(p, card, pos) {
    picking = picking.includes(card) ? picking.filter((c) => c !== card) : [...picking, card];
    if (pos.receivers.length && picking.length === pos.receivers.length) {
      addMove(`${p}:give(${pos.receivers.map((r, i) => `${r}=${picking[i]}`).join(",")})`);
    } else if (pos.discard && picking.length === pos.discard) {
      addMove(`${p}:discard(${picking.join(",")})`);
    } else {
      drawMover();
    }
  }

  function drawMover() {
    const n = answer && answer.names ? answer.names : names();
    const parts = [];
    const pos = answer && answer.position;
    const verdict = answer && answer.verdict;
    const moves = pos ? pos.moves : [];
    const bad = verdict && verdict.error && answer.status === 1 ? verdict.error : null;
    if (!dealt()) {
      parts.push(h("p", { class: "small" }, T("deal_cards_first")));
    } else if (answer === null) {
      parts.push(h("p", { class: "small" }, T("checking")));
    } else if (answer.status === null) {
      parts.push(h("p", { class: "small" }, T("fix_fields")));
    }
    if (moves.length) {
      parts.push(h("ol", { class: "moves" }, moves.map((text, i) =>
        h("li", { class: bad && bad.action === i ? "illegal" : null }, text))));
    } else if (dealt() && answer && answer.status !== null) {
      parts.push(h("p", { class: "small" }, T("moves_none")));
    }
    if (bad) {
      parts.push(h("p", { class: "error", role: "alert" }, `${T("illegal")}: ${bad.message} `,
        h("a", { href: `/rules#rule-${bad.rule}`, class: "rule-link" }, h("code", {}, bad.rule))));
    }
    const next = verdict && answer.status === 0 ? verdict.next : null;
    if (next && pos) {
      const phase = next.phase;
      parts.push(h("p", { class: "to-act" }, T("to_act", { name: n[next.p], phase: T("phase_" + phase) })));
      if (phase === "exchange") {
        const left = (pos.receivers.length || pos.discard) - picking.length;
        parts.push(h("p", { class: "small" }, pos.receivers.length
          ? T("give_to", { name: n[pos.receivers[picking.length]] })
          : T("discard_n", { left })));
        parts.push(h("div", { class: "cards-row" }, pos.hands[next.p].map((c) =>
          cardFace(c, lang, { onclick: () => exchangePick(next.p, c, pos), pressed: picking.includes(c),
                              classes: ["legal", picking.includes(c) ? "picked" : ""] }))));
        if (next.legal.includes("bomb")) {
          parts.push(h("p", { class: "actions" }, h("button", { type: "button",
            onclick: () => addMove(`${next.p}:bomb`) }, T("bomb"))));
        }
      } else if (phase === "play") {
        const legal = next.legal.filter((m) => typeof m === "string");
        parts.push(h("div", { class: "cards-row legal-moves" }, legal.map((m) =>
          m.endsWith("+")
            ? h("button", { type: "button", class: "meld", onclick: () => addMove(`${next.p}:${m}`) },
                legalLabel(m, phase))
            : cardFace(m, lang, { onclick: () => addMove(`${next.p}:${m}`), classes: ["legal"] }))));
        const others = pos.hands[next.p].filter((c) => !legal.includes(c));
        if (others.length) {
          parts.push(h("p", { class: "small" }, T("other_cards")));
          parts.push(h("div", { class: "cards-row other-moves" }, others.map((c) =>
            cardFace(c, lang, { onclick: () => addMove(`${next.p}:${c}`), classes: ["other"] }))));
        }
      } else {
        parts.push(h("div", { class: "actions legal-moves" }, next.legal.map((m) =>
          h("button", { type: "button", onclick: () => addMove(legalToken(next.p, m, phase)) },
            legalLabel(m, phase)))));
      }
    } else if (pos && answer.status === 0 && !next) {
      parts.push(h("p", { class: "small" }, T("deal_over")));
    }
    if (tokens().length) {
      parts.push(h("p", { class: "actions" }, h("button", { type: "button", onclick: undo,
        "data-key": "undo" }, T("undo"))));
    }
    morphChildren(mover, parts);
  }

  // --- asking the server -------------------------------------------------------------

  function showErrors(errors) {
    for (const key of [...PILES, "moves", "options", "preset", "dealer",
                       ...[0, 1, 2, 3].flatMap((i) => [`name${i}`, `score${i}`])]) {
      const input = field(key);
      if (!input) continue;
      const shown = key in errors && (touched.has(key) || (PILES.includes(key) && dealt())
                                      || !PILES.includes(key));
      let p = document.getElementById(`${key}-error`);
      if (shown) {
        if (!p) {
          p = h("p", { class: "error", id: `${key}-error` });
          (input.closest(".pile, .seat-row") || input).after(p);
        }
        p.textContent = errors[key];
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", `${key}-error`);
      } else {
        if (p) p.remove();
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
  }

  function check(delay = 350) {
    clearTimeout(timer);
    timer = setTimeout(ask, delay);
  }

  async function ask() {
    const id = ++asked;
    if (pending) pending.abort();
    pending = new AbortController();
    const data = new FormData(form);
    for (const key of PILES) if (field(key).disabled) data.set(key, "");
    let reply;
    try {
      const resp = await fetch("/arbiter/verdict.json?source=form", {
        method: "POST", body: data, signal: pending.signal, credentials: "same-origin" });
      reply = await resp.json();
    } catch (e) {
      return;                                   // aborted by a newer question, or offline
    }
    if (id !== asked) return;
    answer = reply;
    if (reply.shape) shape = reply.shape;
    showErrors(reply.errors || {});
    draw();
  }

  form.addEventListener("input", (e) => {
    if (e.target.name && e.target.name !== "pile-choice") touched.add(e.target.name);
    if (e.target.name !== "pile-choice") check();
    if (PILES.includes(e.target.name)) draw();
  });
  form.addEventListener("change", (e) => {
    if (e.target.name === "preset" || e.target.name === "dealer") check(0);
  });
  draw();
  if (form.closest("details").open) check(0);
  form.closest("details").addEventListener("toggle", () => { if (!answer) check(0); });
}
