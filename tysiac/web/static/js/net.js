// The table's WebSocket (docs/PROTOCOL.md): numbered intents, answers by number,
// and a reconnect that resends what was not answered, under the same numbers,
// so that the server applies nothing twice.

const NUMBERED = new Set(["act", "seen", "next", "sit", "leave", "ready", "kick", "seat"]);

function clientId() {
  let id = sessionStorage.getItem("tysiac-client");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("tysiac-client", id);
  }
  return id;
}

export class TableSocket {
  constructor(tableId, handlers) {
    this.tableId = tableId;
    this.handlers = handlers;          // {message(msg), status(state)}
    this.client = clientId();
    this.seqKey = `tysiac-seq-${tableId}`;
    this.seq = Number(sessionStorage.getItem(this.seqKey) || 0);
    this.pending = new Map();          // seq -> message, until answered
    this.version = 0;
    this.ws = null;
    this.retry = 500;
    this.closedByUs = false;
    this.acked = 0;              // the highest version an answer named
    this.heard = Date.now();
    // Pub/sub between nodes may drop a message: ask for the state again when an
    // answer names a version not seen, or after a long silence; resend intents
    // left unanswered (under their numbers: never applied twice).
    setInterval(() => this.check(), 3000);
  }

  check() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const quiet = Date.now() - this.heard;
    if (this.acked > this.version || quiet > 20000) {
      this.ws.send(JSON.stringify({ type: "sync" }));
    }
    if (quiet > 3000) for (const m of this.pending.values()) this.raw(m);
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/t/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.handlers.status("connecting");
    ws.onopen = () => {
      this.retry = 500;
      ws.send(JSON.stringify({ type: "hello", client: this.client, version: this.version }));
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closedByUs) return;
      this.handlers.status("reconnecting");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  receive(msg) {
    this.heard = Date.now();
    if (msg.type === "welcome") {
      // Numbers continue after the last the server took from this tab.
      this.seq = Math.max(this.seq, msg.last_seq || 0);
      this.handlers.status("open");
      for (const [seq, m] of [...this.pending].sort((a, b) => a[0] - b[0])) {
        if (seq <= (msg.last_seq || 0)) this.pending.delete(seq);
        else this.raw(m);
      }
    } else if (msg.type === "state") {
      this.version = msg.version;
    } else if ((msg.type === "ack" || msg.type === "error") && msg.seq) {
      this.pending.delete(msg.seq);
      if (msg.type === "ack") this.acked = Math.max(this.acked, msg.version);
    }
    this.handlers.message(msg);
  }

  raw(m) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  /** Send an intent: ``send("act", {action: {bid: 120}})``. */
  send(type, fields = {}) {
    const m = { type, ...fields };
    if (NUMBERED.has(type)) {
      m.seq = ++this.seq;
      sessionStorage.setItem(this.seqKey, String(this.seq));
      this.pending.set(m.seq, m);
    }
    this.raw(m);
    return m.seq;
  }
}
