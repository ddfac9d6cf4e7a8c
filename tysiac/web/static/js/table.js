// The table page: what the server says this seat may see, drawn again after every
// message, and the intents this seat sends. The server checks everything; the page
// only offers what the view says is legal and shows the server's reasons.

import { h, T, loadTexts, morphChildren } from "./dom.js";
import { cardFace, cardText, MARRIAGE, SYMBOL, suitOf } from "./cards.js";
import { TableSocket } from "./net.js";
import { review as reviewPanel, sheet as sheetPanel, summary as summaryPanel } from "./panels.js";

loadTexts();
const root = document.getElementById("app");
const lang = root.dataset.lang;
const me = root.dataset.user ? Number(root.dataset.user) : null;

const ui = {
  conn: "connecting", msg: null, error: null, notice: null, hint: null, hintBusy: false,
  picked: [], bidAt: 0, declareAt: 0, meldAsk: null, panel: null, log: [], logged: -1,
  receivedAt: 0, errorCount: 0,
  analyses: {}, asked: new Set(), analysisNote: null,   // the analysis of each settled deal
};

const sock = new TableSocket(root.dataset.table, {
  status(s) {
    ui.conn = s;
    if (s === "open") ui.asked = new Set(Object.keys(ui.analyses).map(Number));
    render();
  },
  message(msg) { onMessage(msg); },
});

/** Between deals, ask once for the analysis of the deal just settled (the server
 *  works it out in a worker and sends it to everyone who asks). */
function askAnalysis(msg) {
  const v = msg.view;
  if (!msg.review || !v || (v.phase !== "deal" && v.phase !== "game_over")) return;
  if (ui.analyses[v.deal_number] || ui.asked.has(v.deal_number)) return;
  ui.asked.add(v.deal_number);
  sock.send("analysis");
}

function analysisOf(msg) {
  return msg.view ? ui.analyses[msg.view.deal_number] || null : null;
}

function onMessage(msg) {
  if (msg.type === "state") {
    const before = ui.msg;
    ui.msg = msg;
    ui.receivedAt = Date.now();
    if (!before || before.view?.phase !== msg.view?.phase || before.view?.deal_number !== msg.view?.deal_number) {
      ui.picked = []; ui.bidAt = 0; ui.declareAt = 0; ui.meldAsk = null;
    }
    if (!before || before.version !== msg.version) ui.hint = null;
    noteEvent(msg);
    askAnalysis(msg);
  } else if (msg.type === "analysis") {
    ui.analyses[msg.deal] = msg;
  } else if (msg.type === "error" && msg.code === "no_analysis") {
    ui.analysisNote = msg.message;
  } else if (msg.type === "error") {
    ui.error = msg.message;
    ui.errorCount += 1;
  } else if (msg.type === "ack") {
    ui.error = null;
  } else if (msg.type === "hint") {
    ui.hintBusy = false;
    ui.hint = msg.advice;
  }
  render();
}

// --- words about seats and events -----------------------------------------------

function seatNames() {
  return (ui.msg?.table.seats || []).map((s, i) => s.name || T("free_seat") + ` ${i + 1}`);
}

function eventText(ev, names) {
  if (!ev || ev.t !== "act") return null;
  const name = names[ev.seat];
  const a = ev.a || {};
  if ("bid" in a) return T("ev_bid", { name, n: a.bid });
  if ("pass" in a) return T("ev_pass", { name });
  if ("declare" in a) return T("ev_declare", { name, n: a.declare });
  if ("bomb" in a) return T("ev_bomb", { name });
  if ("choose_musik" in a) return T("ev_musik", { name, n: a.choose_musik + 1 });
  if ("give" in a) return T("ev_give", { name });
  if ("discard" in a) return T("ev_discard", { name });
  if ("redeal" in a) return T("ev_redeal", { name });
  if ("play" in a) {
    if (a.meld) return T("ev_meld", { name, card: cardText(a.play, lang), points: MARRIAGE[suitOf(a.play)] });
    return T("ev_play", { name, card: cardText(a.play, lang) });
  }
  return null;
}

function noteEvent(msg) {
  if (msg.version === ui.logged || !msg.event) return;
  ui.logged = msg.version;
  const names = seatNames();
  const text = eventText(msg.event, names);
  if (text) ui.log.push(text);
  if (ui.log.length > 60) ui.log.splice(0, ui.log.length - 60);
  ui.notice = msg.event.auto && msg.event.t === "act" ? T("timeout", { name: names[msg.event.seat] }) : null;
}

// --- intents ----------------------------------------------------------------------

function act(action) { ui.error = null; ui.meldAsk = null; sock.send("act", { action }); }
function send(type, fields) { ui.error = null; sock.send(type, fields); }

function receivers(view) {
  const n = view.hand_sizes.length;
  const out = [];
  for (let i = 1; i < n && out.length < 2; i++) {
    const s = (view.declarer + i) % n;
    if (s !== view.sitting_out) out.push(s);
  }
  return out;
}

// --- drawing ------------------------------------------------------------------------

function render() {
  morphChildren(root, build().filter(Boolean));
  root.dataset.version = ui.msg ? String(ui.msg.version) : "";
  root.dataset.errors = String(ui.errorCount);
}

function build() {
  const status = h("p", { class: "status", role: "status", id: "conn-status" },
    ui.conn === "open" ? "" : T(ui.conn === "reconnecting" ? "reconnecting" : "connecting"));
  const msg = ui.msg;
  if (!msg) return [status];
  const table = msg.table;
  const alert = h("div", { class: "alerts", role: "alert" },
    ui.error ? h("p", { class: "error" }, ui.error) : null,
    ui.notice ? h("p", { class: "notice" }, ui.notice) : null);
  if (table.status === "open") return [status, alert, ...buildWaiting(msg)];
  return [status, alert, ...buildGame(msg)];
}

function buildWaiting(msg) {
  const { table, you } = msg;
  const amHost = you !== null && table.seats[you]?.host;
  const seats = table.seats.map((s, i) => {
    const mine = i === you;
    const bits = [h("strong", {}, s.taken ? s.name : T("free_seat"))];
    if (s.bot) bits.push(h("span", { class: "tag" }, `${T("make_bot")} · ${T(`level_${s.bot}`)}`));
    if (s.host) bits.push(h("span", { class: "tag" }, T("host")));
    if (mine) bits.push(h("span", { class: "tag you" }, T("you")));
    if (s.human && s.taken) bits.push(h("span", { class: s.ready ? "tag ok" : "tag" }, T(s.ready ? "is_ready" : "not_ready_mark")));
    const controls = [];
    if (!s.taken && you === null && me !== null) {
      controls.push(h("button", { type: "button", class: "primary", "data-key": `sit-${i}`, onclick: () => send("sit", { seat: i }) }, T("sit_here")));
    }
    if (amHost && !s.host) {
      if (s.human && s.taken) controls.push(h("button", { type: "button", "data-key": `kick-${i}`, onclick: () => send("kick", { seat: i }) }, T("remove")));
      controls.push(h("select", { "aria-label": `${T("make_bot")} ${i + 1}`, "data-key": `bot-${i}`,
        onchange: (e) => send("seat", { seat: i, bot: e.target.value || null }) },
        h("option", { value: "", selected: s.human }, T("make_open")),
        ...table.levels.map(l => h("option", { value: l, selected: s.bot === l }, `${T("make_bot")}: ${T(`level_${l}`)}`))));
    }
    return h("li", { class: mine ? "seat mine" : "seat" }, bits, h("span", { class: "controls" }, controls));
  });
  const mine = you !== null ? table.seats[you] : null;
  const link = location.origin + location.pathname;
  return [
    h("h1", {}, T("waiting_players")),
    h("ul", { class: "seat-list" }, seats),
    mine ? h("p", { class: "actions" },
      h("button", { type: "button", class: mine.ready ? "" : "primary", "data-key": "ready",
                    onclick: () => send("ready", { ready: !mine.ready }) }, T(mine.ready ? "not_ready" : "ready")),
      !mine.host ? h("button", { type: "button", "data-key": "leave", onclick: () => send("leave") }, T("leave")) : null) : null,
    h("p", { class: "invite" }, h("label", { for: "invite" }, T("invite")), " ",
      h("input", { id: "invite", readonly: true, value: link, onfocus: (e) => e.target.select() }), " ",
      h("button", { type: "button", onclick: (e) => { navigator.clipboard?.writeText(link); e.target.textContent = T("copied"); } }, T("copy"))),
    settingsLine(table),
  ];
}

function settingsLine(table) {
  const s = table.settings;
  const parts = [s.rules.preset, s.barrier ? T("goal_barrier", { goal: s.goal, barrier: s.barrier }) : T("goal_only", { goal: s.goal }),
    s.move_seconds ? `${s.move_seconds} s` : null, s.bombs ? T("bomb") : null].filter(Boolean);
  return h("p", { class: "small settings" }, parts.join(" · "));
}

function buildGame(msg) {
  const { table, view, you } = msg;
  const names = seatNames();
  const out = [infoBar(msg, names), seatsBar(msg, names), centre(msg, names), prompt(msg, names)];
  if (you !== null && view.hand.length) out.push(hand(msg));
  out.push(tabs(msg), panel(msg, names));
  if (you === null) out.unshift(h("p", { class: "small" }, T("spectating")));
  return out;
}

function infoBar(msg, names) {
  const v = msg.view;
  const bits = [T("deal", { n: v.deal_number + (v.phase === "deal" || v.phase === "game_over" ? 0 : 1) }),
    `${names[v.dealer]} ${T("dealer")}`];
  if (v.trump) bits.push(`${T("trump")}: ${SYMBOL[v.trump]}`);
  else if (v.phase === "play") bits.push(T("no_trump"));
  if (v.contract) bits.push(`${T("contract")}: ${v.contract} (${names[v.declarer]})`);
  else if (v.phase === "bid") bits.push(`${T("bid_now")}: ${v.bid}${v.bidder !== null ? ` (${names[v.bidder]})` : ""}`);
  if (v.stock_size) bits.push(T("stock", { n: v.stock_size }));
  return h("header", { class: "bar" }, h("span", {}, bits.join(" · ")), settingsLine(msg.table));
}

function secondsLeft(msg) {
  const d = msg.table.deadline;
  if (!d) return null;
  const left = d - msg.now - (Date.now() - ui.receivedAt) / 1000;
  return Math.max(0, Math.ceil(left));
}

function seatsBar(msg, names) {
  const { table, view, you } = msg;
  const n = table.seats.length;
  const start = you === null ? 0 : (you + 1) % n;
  const w = table.waiting;
  const awaited = new Set(w ? [...(w.seat !== null ? [w.seat] : []), ...w.gate_seats] : []);
  const left = secondsLeft(msg);
  const barrier = table.settings.barrier;
  const chips = [];
  for (let k = 0; k < n; k++) {
    const s = (start + k) % n;
    const seat = table.seats[s];
    const marks = [];
    if (s === view.dealer) marks.push(h("abbr", { title: T("dealer") }, "R"));
    if (s === view.declarer) marks.push(h("abbr", { title: T("declarer_mark") }, "★"));
    if (barrier && view.scores[s] >= barrier && !view.barrel[s]) marks.push(h("abbr", { title: T("barrier_mark") }, "▲"));
    if (view.barrel[s]) marks.push(h("abbr", { title: T("barrel_mark", { n: view.barrel[s] }) }, `⊙${view.barrel[s]}`));
    if (s === view.sitting_out) marks.push(h("abbr", { title: T("sits_out") }, "–"));
    const live = view.phase !== "deal" && view.phase !== "game_over";
    chips.push(h("li", { class: ["chip", awaited.has(s) ? "turn" : "", s === you ? "mine" : "", seat.present || seat.bot ? "" : "away"].join(" ") },
      h("span", { class: "name" }, names[s], s === you ? ` (${T("you")})` : "",
        seat.bot ? h("span", { class: "tag" }, T("make_bot")) : null),
      h("span", { class: "score" }, String(view.scores[s])),
      h("span", { class: "marks" }, marks),
      live && s !== view.sitting_out ? h("span", { class: "small" },
        T("cards_left", { n: view.hand_sizes[s] }), view.phase === "play" ? ` · ${T("tricks")}: ${view.tricks_won[s]} · ${view.points[s]}` : "") : null,
      !seat.bot && !seat.present ? h("span", { class: "small" }, T("away")) : null,
      awaited.has(s) && left !== null ? h("span", { class: "timer" }, T("time_left", { s: left })) : null));
  }
  return h("ul", { class: "chips", "aria-label": T("points") }, chips);
}

function trickCards(plays, names) {
  return h("ul", { class: "trick" }, plays.map(([seat, c]) =>
    h("li", {}, cardFace(c, lang), h("span", { class: "who" }, names[seat]))));
}

function centre(msg, names) {
  const { view, table } = msg;
  const parts = [];
  if (view.phase === "bid") {
    const lines = [T("obligatory", { name: names[view.obligatory] }),
      ...view.bids.map(([s, b]) => b ? T("ev_bid", { name: names[s], n: b }) : T("ev_pass", { name: names[s] }))];
    parts.push(h("ol", { class: "bids", "aria-label": T("bid_now") }, lines.map(l => h("li", {}, l))));
  }
  if (view.musik && (view.phase === "exchange" || view.phase === "declare" || (view.phase === "play" && !view.tricks.length))) {
    parts.push(h("div", { class: "musik" }, h("h2", {}, T("musik")), h("span", { class: "cards-row" }, view.musik.map(c => cardFace(c, lang)))));
  } else if (view.declarer !== null && !view.musik_revealed && view.phase === "exchange" && view.declarer !== msg.you) {
    parts.push(h("p", { class: "small" }, T("musik_hidden")));
  }
  const dealt = view.phase === "deal" || view.phase === "game_over";   // the summary's time
  for (const [to, c] of dealt ? [] : view.given) {                     // it tells the gives
    if (to === msg.you) parts.push(h("p", { class: "given" }, T("given_you", { card: cardText(c, lang), name: names[view.declarer] })));
  }
  if (view.phase === "play") {
    if (view.trick.length) {
      parts.push(h("div", { class: "trick-box" }, h("h2", {}, T("trick_n", { n: view.tricks.length + 1 })), trickCards(view.trick, names)));
    } else if (view.tricks.length) {
      const [leader, cards, winner] = view.tricks[view.tricks.length - 1];
      const plays = []; let s = leader;
      for (const c of cards) { plays.push([s, c]); s = nextSeat(s, view); }
      parts.push(h("div", { class: "trick-box last" }, h("h2", {}, T("last_trick"), " · ", T("takes", { name: names[winner] })), trickCards(plays, names)));
    }
    if (view.melds.length) {
      parts.push(h("p", { class: "small" }, `${T("melds")}: `, view.melds.map(([s, x]) => `${names[s]} ${SYMBOL[x]}${MARRIAGE[x]}`).join(", ")));
    }
  }
  if (dealt && msg.review) {
    parts.push(summaryPanel(msg.review, names, lang, msg.you, analysisOf(msg) || ui.analysisNote));
  }
  if (view.phase === "game_over" || table.status === "finished" || table.status === "abandoned") {
    let end = T("abandoned");
    if (view.winner === "draw") end = T("draw_end");
    else if (view.winner !== null) end = T("winner", { name: names[view.winner] });
    parts.push(h("p", { class: "game-over" }, end, " ",
      h("a", { href: `/t/${table.id}/record.json` }, T("download")), " · ",
      h("a", { href: `/t/${table.id}/replay` }, T("replay"))));
  }
  return h("section", { class: "centre", "aria-label": T("table_area") }, parts);
}

function nextSeat(s, view) {
  const n = view.hand_sizes.length;
  let t = (s + 1) % n;
  if (t === view.sitting_out) t = (t + 1) % n;
  return t;
}

function button(key, text, onclick, primary = false) {
  return h("button", { type: "button", class: primary ? "primary" : "", "data-key": key, onclick }, text);
}

function prompt(msg, names) {
  const { view, table, you } = msg;
  const w = table.waiting;
  const parts = [];
  if (w && w.gate === "seen") {
    if (you !== null && w.gate_seats.includes(you)) {
      parts.push(h("p", {}, T("seen_prompt", { name: names[view.declarer] })),
                 button("seen", T("seen_musik"), () => send("seen"), true));
    } else {
      parts.push(h("p", { class: "small" }, T("wait_seen", { names: w.gate_seats.map(s => names[s]).join(", ") })));
    }
  }
  if (w && w.gate === "next") {
    if (you !== null && w.gate_seats.includes(you)) {
      parts.push(button("next", T("next_deal"), () => send("next"), true));
    }
    const others = w.gate_seats.filter(s => s !== you);
    if (others.length) parts.push(h("p", { class: "small" }, T("wait_next", { names: others.map(s => names[s]).join(", ") })));
  }
  const redeal = view.legal.includes("redeal");
  if (myTurn(msg)) {
    parts.push(...turnPrompt(msg, names));
  } else if (view.to_move !== null && view.phase !== "deal" && view.phase !== "game_over") {
    parts.push(h("p", {}, T("turn_of", { name: names[view.to_move] })));
  }
  if (redeal && view.to_move !== you) parts.push(button("redeal", T("redeal"), () => act({ redeal: true })));
  return h("section", { class: "prompt", "aria-live": "polite" }, parts);
}

function stepper(key, values, at, setAt, label) {
  const i = Math.min(at, values.length - 1);
  return h("span", { class: "stepper" },
    button(`${key}-down`, "−", () => { setAt(Math.max(0, i - 1)); render(); }),
    h("output", { "aria-live": "polite", "aria-label": label }, String(values[i])),
    button(`${key}-up`, "+", () => { setAt(Math.min(values.length - 1, i + 1)); render(); }));
}

function bombButton(view) {
  if (!view.legal.includes("bomb")) return null;
  return button("bomb", T("bomb"), () => { if (confirm(T("bomb_confirm"))) act({ bomb: true }); });
}

function turnPrompt(msg, names) {
  const { view } = msg;
  const legal = view.legal;
  const out = [];
  if (view.phase === "bid") {
    const bids = legal.filter(a => typeof a === "number");
    out.push(h("p", {}, T("bid_prompt", { cap: view.cap })));
    const row = [button("pass", T("pass"), () => act({ pass: true }))];
    if (bids.length) {
      const i = Math.min(ui.bidAt, bids.length - 1);
      row.push(stepper("bid", bids, i, v => { ui.bidAt = v; }, T("bid_now")),
               button("bid", T("bid_btn", { n: bids[i] }), () => act({ bid: bids[i] }), true));
    }
    if (legal.includes("redeal")) row.push(button("redeal", T("redeal"), () => act({ redeal: true })));
    out.push(h("p", { class: "actions" }, row));
  } else if (view.phase === "choose_musik") {
    out.push(h("p", {}, T("choose_musik")),
      h("p", { class: "actions" }, [0, 1].map(i => button(`musik-${i}`, T("musik_n", { n: i + 1 }), () => act({ choose_musik: i }), i === 0))));
  } else if (view.phase === "exchange") {
    const two = view.hand_sizes.length === 2;
    const need = two ? msg.table.settings.discard : 2;
    if (two) {
      out.push(h("p", {}, T("discard_prompt", { n: need }), ui.picked.length ? `: ${ui.picked.map(c => cardText(c, lang)).join(" ")}` : ""));
    } else {
      const rs = receivers(view);
      out.push(h("p", {}, T("give_prompt", { to: rs.map(r => names[r]).join(", ") })),
        ui.picked.length ? h("p", {}, ui.picked.map((c, i) => T("give_to", { card: cardText(c, lang), name: names[rs[i]] })).join(", ")) : null);
    }
    const row = [];
    if (ui.picked.length === need) {
      row.push(button("confirm", T("confirm"), () => {
        const picked = ui.picked; ui.picked = [];
        if (two) act({ discard: picked });
        else { const rs = receivers(view); act({ give: { [rs[0]]: picked[0], [rs[1]]: picked[1] } }); }
      }, true));
    }
    if (ui.picked.length) row.push(button("reset", T("reset"), () => { ui.picked = []; render(); }));
    row.push(bombButton(view));
    out.push(h("p", { class: "actions" }, row));
  } else if (view.phase === "declare") {
    const values = legal.filter(a => typeof a === "number");
    const i = Math.min(ui.declareAt, values.length - 1);
    out.push(h("p", {}, T("declare_prompt", { low: values[0], high: values[values.length - 1] })),
      h("p", { class: "actions" }, stepper("declare", values, i, v => { ui.declareAt = v; }, T("contract")),
        button("declare", T("declare_btn", { n: values[i] }), () => act({ declare: values[i] }), true), bombButton(view)));
  } else if (view.phase === "play") {
    out.push(h("p", {}, T("your_turn"), ": ", T(view.trick.length ? "play_prompt" : "lead_prompt")));
    if (ui.meldAsk) {
      const c = ui.meldAsk;
      out.push(h("p", {}, T("meld_offer", { suit: T(`suit_${suitOf(c)}`), points: MARRIAGE[suitOf(c)] })),
        h("p", { class: "actions" }, button("meld-yes", T("meld_yes"), () => act({ play: c, meld: true }), true),
          button("meld-no", T("meld_no"), () => act({ play: c }))));
    }
  }
  if (msg.table.settings.hints) {
    out.push(h("p", { class: "actions" }, button("hint", ui.hintBusy ? T("hint_wait") : T("hint"), () => {
      ui.hintBusy = true; sock.send("hint"); render(); })));
    if (ui.hint) out.push(h("ol", { class: "hint" }, ui.hint.map(a =>
      h("li", {}, T("hint_line", { text: a.text, e: Math.round(a.expected) }), a.made !== null && a.made !== undefined ? T("hint_made", { p: Math.round(a.made * 100) }) : ""))));
  }
  return out;
}

function myTurn(msg) {
  // The engine's turn, unless the table holds the play (the musik not yet seen by all).
  const w = msg.table.waiting;
  return msg.you !== null && msg.view.to_move === msg.you && !(w && w.seat === null);
}

function hand(msg) {
  const { view } = msg;
  const mine = myTurn(msg);
  const legal = new Set(view.legal.filter(a => typeof a === "string").map(a => a.replace("+", "")));
  const melds = new Set(view.legal.filter(a => typeof a === "string" && a.endsWith("+")).map(a => a.slice(0, -1)));
  const phase = view.phase;
  const picking = mine && phase === "exchange";
  const need = view.hand_sizes.length === 2 ? msg.table.settings.discard : 2;
  const cards = view.hand.map(c => {
    const playable = mine && phase === "play" && legal.has(c);
    const classes = [];
    if (playable) classes.push("legal");
    if (ui.picked.includes(c)) classes.push("picked");
    let onclick = null;
    if (picking) {
      onclick = () => {
        if (ui.picked.includes(c)) ui.picked = ui.picked.filter(x => x !== c);
        else if (ui.picked.length < need) ui.picked = [...ui.picked, c];
        render();
      };
    } else if (mine && phase === "play") {
      onclick = () => {
        if (melds.has(c)) { ui.meldAsk = c; render(); }
        else act({ play: c });        // an illegal card: the server says why
      };
    }
    const label = cardText(c, lang) + (mine && phase === "play" && !legal.has(c) ? ` (${T("illegal")})` : "");
    const el = cardFace(c, lang, { onclick, classes, label, pressed: picking ? ui.picked.includes(c) : undefined,
                                   disabled: mine && phase === "play" && !legal.has(c) });
    if (el.dataset) el.dataset.key = `card-${c}`;
    return el;
  });
  return h("section", { class: "hand", "aria-label": T("your_hand") }, h("div", { class: "cards-row", onkeydown: arrowKeys }, cards));
}

function arrowKeys(e, row) {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const buttons = [...row.querySelectorAll("button")];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  const j = (i + (e.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
  buttons[j].focus();
  e.preventDefault();
}

function tabs(msg) {
  const items = [["sheet", T("sheet")], ["log", T("log")]];
  if (msg.review) items.splice(1, 0, ["review", T("show_cards")]);
  return h("nav", { class: "tabs", "aria-label": T("sheet") }, items.map(([key, text]) =>
    h("button", { type: "button", "data-key": `tab-${key}`, "aria-expanded": String(ui.panel === key),
                  onclick: () => { ui.panel = ui.panel === key ? null : key; render(); } }, text)));
}

function panel(msg, names) {
  if (ui.panel === "sheet") return sheetPanel(msg.view.sheet, names);
  if (ui.panel === "review" && msg.review) return reviewPanel(msg.review, names, lang, analysisOf(msg));
  if (ui.panel === "log") return h("section", { class: "log" }, h("h2", {}, T("log")), h("ol", {}, ui.log.map(l => h("li", {}, l))));
  return null;
}

setInterval(() => {
  const msg = ui.msg;
  if (msg && msg.table.deadline) {
    const left = secondsLeft(msg);
    for (const el of root.querySelectorAll(".timer")) el.textContent = T("time_left", { s: left });
  }
}, 1000);

sock.connect();
