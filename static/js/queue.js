// The hands a scorer saved that the server has not stored yet, kept on the phone.
//
// Every hand saved goes into this queue in IndexedDB first (idb-keyval), then is sent; it
// leaves only once the server has answered for it. So a hand saved in a room with bad Wi-Fi
// is never lost: it waits and is sent when the network comes back, when the page is opened
// again, or after a browser restart. Hands wait in order, each with its client key, so the
// server stores each exactly once however often it is sent.
//
// A queued hand is in one of these states:
// - "waiting": to be sent, in its turn;
// - "attention": another phone changed the session first (409 stale_session); it waits for
//   the scorer to keep it as the next hand or discard it, and the hands after it wait too;
// - "refused": the server refused it (400 bad_request), with the sentences and the field or
//   seat each is about, until the scorer puts it back in the form or discards it;
// - "closed": the session has ended (409 session_closed); it can only be discarded.
//
// The phone also keeps the last state of each session it saw (scoring/display/
// session_state.py), so a page opened with no network is drawn from it (board.js).
(function () {
  "use strict";

  // -- The queue's pure rules (Node's unit tests load this part) -----------------------------
  function newKey() {
    // A version 4 UUID; crypto.randomUUID is missing outside secure pages.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  // The hands saved after `item` on its page (`items`, in the order they were saved) take
  // the revisions that follow its own, in order; answers those hands, changed.
  function renumbered(items, item) {
    let revision = item.revision;
    const later = items.filter((other) => other.page === item.page && other.createdAt > item.createdAt);
    for (const other of later) {
      revision += 1;
      other.revision = revision;
    }
    return later;
  }

  // `gone` leaves the queue unsent (discarded, or back in the form): the hands saved after
  // it move up one revision, as it will never be stored before them. Answers them, changed.
  function closedGap(items, gone) {
    const later = items.filter((other) => other.page === gone.page && other.createdAt > gone.createdAt);
    for (const other of later) other.revision -= 1;
    return later;
  }

  // What became of a hand, from the server's answer: the HTTP status, whether the answer is
  // JSON, and its body (scoring/views/answers.py). Never from the answer's HTML: an answer
  // that is not JSON (a login page, a proxy's error) means "try again later".
  function outcomeOf(status, isJson, body, redirected) {
    if (!isJson || !body || typeof body !== "object") {
      // A login page after a redirect, or the CSRF check: the scorer must log in again.
      const login = redirected || status === 403 || status === 401;
      return { outcome: "wait", login };
    }
    if (status === 201 || status === 200) {
      return body.outcome === "stored" ? { outcome: "stored" } : { outcome: "wait", login: false };
    }
    if (status === 409 && body.code === "stale_session") {
      return { outcome: "attention", detail: body.detail || "" };
    }
    if (status === 409 && body.code === "session_closed") {
      return { outcome: "closed", detail: body.detail || "" };
    }
    if (status === 400) {
      return { outcome: "refused", detail: body.detail || "", errors: body.errors || [] };
    }
    // A busy server (503), a failure of its own (500): the hand waits and is tried again.
    return { outcome: "wait", login: false };
  }

  // Of two states of a session, the newer: the higher revision, or the later on a tie
  // (a live refresh of the same revision still carries fresher "as of" news).
  function newer(a, b) {
    if (!a) return b || null;
    if (!b) return a;
    if (a.revision !== b.revision) return a.revision > b.revision ? a : b;
    return String(b.as_of || "") > String(a.as_of || "") ? b : a;
  }

  // The session after `change`, a state of what changed since a revision (`since`): the
  // hands changed replace this phone's copies, the hands undone go, and the screen keeps
  // showing its own window of hands (the last `recent`, or all). Answers null when the
  // change cannot be applied to what the phone has, and the whole state must be asked for:
  // the phone lacks changes before `since`, or the table's seats changed (every row's cells).
  function applied(current, change) {
    if (change.since === undefined) return change;
    if (!current || current.revision < change.since) return null;
    const seats = (state) => state.tiles.map((seat) => seat.position).join(",");
    if (seats(current) !== seats(change)) return null;
    const gone = new Set(change.removed);
    const byNumber = new Map(current.rows.filter((row) => !gone.has(row.number)).map((row) => [row.number, row]));
    for (const row of change.rows) byNumber.set(row.number, row);
    const rows = Array.from(byNumber.values()).sort((a, b) => a.number - b.number);
    const recent = current.recent;
    const whole = { ...change };
    delete whole.since;
    delete whole.removed;
    return {
      ...whole,
      rows: recent === null || recent === undefined ? rows : rows.slice(-recent),
      recent,
      earlier: recent === null || recent === undefined ? null : change.earlier,
      words: current.words,
    };
  }

  const rules = { newKey, renumbered, closedGap, outcomeOf, newer, applied };

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = rules;
    return;
  }

  const keyval = window.idbKeyval;
  if (!keyval || !window.indexedDB) {
    window.rummyQueue = { rules, ready: false };
    return;
  }
  // Two databases: idb-keyval keeps one store per database.
  const hands = keyval.createStore("rummy-club", "hand-queue");
  const states = keyval.createStore("rummy-club-sessions", "state");

  async function all() {
    const items = await keyval.values(hands);
    return items.sort((a, b) => a.createdAt - b.createdAt);
  }

  async function of(page) {
    return (await all()).filter((item) => item.page === page);
  }

  window.rummyQueue = {
    rules,
    ready: true,
    all,
    of,
    get: (key) => keyval.get(key, hands),
    put: (item) => keyval.set(item.key, item, hands),
    remove: (key) => keyval.del(key, hands),
    async putAll(items) {
      for (const item of items) await keyval.set(item.key, item, hands);
    },
    // The last state of the session at `page` this phone saw, and keeping a newer one.
    keptState: (page) => keyval.get(page, states),
    keepState: (page, state) => keyval.set(page, state, states),
  };
})();
