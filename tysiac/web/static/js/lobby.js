// The lobby, kept live: the server pushes the list of tables whenever one changes.

import { h } from "./dom.js";

const root = document.getElementById("lobby");
const texts = JSON.parse(root.dataset.texts);
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => values[k] ?? m);

function describe(tb) {
  const bits = [tb.preset, fill(texts.to_goal, { goal: tb.goal }),
    tb.move_seconds ? fill(texts.per_move, { s: tb.move_seconds }) : texts.no_limit,
    tb.bombs ? texts.bombs_on : texts.bombs_off];
  if (tb.status === "playing") bits.push(fill(texts.deal_n, { n: tb.deals + 1 }));
  return bits.join(" · ");
}

function row(tb) {
  const seats = tb.seats.map((s, i) => s.taken ? s.name + (s.bot ? ` (${texts.bot})` : "") + (tb.scores ? ` ${tb.scores[i]}` : "") : "—");
  const free = tb.seats.filter(s => !s.taken).length;
  return h("li", {}, h("a", { href: `/t/${tb.id}` }, seats.join(", ")), " · ", describe(tb),
    tb.status === "open" ? [" · ", h("a", { class: "button", href: `/t/${tb.id}` }, `${texts.join} (${free})`)]
                         : [" · ", h("a", { href: `/t/${tb.id}` }, texts.watch)]);
}

function show(tables) {
  for (const [id, status, none] of [["open-tables", "open", texts.none_open], ["playing-tables", "playing", texts.none_playing]]) {
    const list = tables.filter(t => t.status === status);
    document.getElementById(id).replaceChildren(...(list.length ? list.map(row) : [h("li", { class: "none" }, none)]));
  }
}

function connect(delay = 500) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
  ws.onmessage = (e) => { const msg = JSON.parse(e.data); if (msg.type === "lobby") show(msg.tables); };
  ws.onclose = () => setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
}
connect();
