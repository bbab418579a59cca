// The session screen and the server, in JSON: saved hands are sent from the queue
// (queue.js), the board follows the session live (board.js), and the screen says what it
// knows and since when. The contract is in docs/session-screen.md: every answer carries an
// `outcome` and the session's state, and nothing here reads the server's HTML.
//
// - Save: the hand is read out of the form, the form is ready for the next hand at once
//   (hand_form.js), the hand goes into the queue, and the queue is sent in order.
// - Each answer: "stored" leaves the queue; "attention" (another phone changed the session
//   first) and "closed" (the session ended) wait for the scorer; "refused" comes back to
//   the form with its mistakes marked if the scorer has not started the next hand, else
//   waits in the list with "Put back in the form".
// - Every few seconds the page asks whether the session changed (an empty 204 while not),
//   and redraws the board from the answer, leaving the form and what is typed in it alone.
// - With no network, or hands waiting, the board is the last state the phone knew plus the
//   waiting hands: the deal and the hand number move on, the totals say "as of".
// Without this script the page is a plain form that posts as it always did.
(function () {
  "use strict";

  const queue = window.rummyQueue;
  const board = window.rummyBoard;
  const handForm = window.rummyForm;
  const screen = document.querySelector(".table-screen");
  if (!screen || !queue || !queue.ready || !board || !handForm || !window.fetch) return;

  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate
    || ((format, values) => format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name])));

  const { newKey, renumbered, closedGap, outcomeOf, newer, applied } = queue.rules;
  const PAGE = window.location.pathname;
  const RETRY_MS = 15000;
  const LIVE_MS = 3000;
  const SAID_MS = 4000;
  const SAID_KEY = "rummy-club-said";

  let current = null; // the newest state of the session this phone knows
  let offline = !navigator.onLine;
  let flushing = false;
  let asking = false;
  // The hand just saved at the table, while the scorer may still be beside it.
  let lastSaved = null;

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  }

  function pageState() {
    const element = document.getElementById("session-state");
    try {
      return element ? JSON.parse(element.textContent) : null;
    } catch {
      return null;
    }
  }

  // -- What the screen says ---------------------------------------------------------------------
  function setOffline(value) {
    offline = value;
    const note = document.querySelector("[data-offline-note]");
    if (!note) return;
    if (offline) {
      const since = current ? board.clockOf(current.as_of) : "";
      note.textContent = since
        // Translators: %(time)s is the clock time of the last news from the server, e.g. "14:05".
        ? interpolate(gettext("Offline · last news at %(time)s. Hands you save wait on this phone and "
          + "are sent when the network is back."), { time: since }, true)
        : gettext("Offline. Hands you save wait on this phone and are sent when the network is back.");
    }
    note.hidden = !offline;
  }

  // A short word above the Save bar ("Hand saved."), gone after a few seconds.
  // Kept for a moment in the tab's session storage too, so a page the answer reloads (the
  // session ended, the table changed) still says it.
  let saidTimer = 0;
  function said(text) {
    const note = document.querySelector("[data-saved-note]");
    try {
      sessionStorage.setItem(SAID_KEY, JSON.stringify({ text, at: Date.now(), page: PAGE }));
    } catch {
      // Storage refused (private mode): only this page says it.
    }
    if (!note) return;
    clearTimeout(saidTimer);
    note.textContent = text;
    note.hidden = !text;
    if (text) saidTimer = setTimeout(() => said(""), SAID_MS);
  }

  function saidBeforeReload() {
    try {
      const kept = JSON.parse(sessionStorage.getItem(SAID_KEY) || "null");
      if (kept && kept.text && kept.page === PAGE && Date.now() - kept.at < SAID_MS) said(kept.text);
    } catch {
      // Nothing kept, or storage refused.
    }
  }

  const STATES = {
    waiting: gettext("waiting to send"),
    attention: gettext("not saved: the session changed"),
    refused: gettext("not saved: refused"),
    closed: gettext("not saved: the session has ended"),
  };
  const DISCARD = [gettext("Discard it"), "discard", true];
  const ACTIONS = {
    attention: [[gettext("Keep it as the next hand"), "keep", false], DISCARD],
    refused: [[gettext("Put back in the form"), "restore", false], DISCARD],
    closed: [DISCARD],
  };
  const STALE = gettext("Another phone changed this session after this hand was saved here. "
    + "Its change is in the hand list below; keep this hand as the next one, or discard it.");

  function queueRow(item) {
    const row = document.createElement("li");
    row.className = `queued queued--${item.state}`;
    row.dataset.queueItem = item.key;
    const title = document.createElement("p");
    title.className = "queued-title";
    const what = document.createElement("strong");
    what.textContent = item.summary;
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = STATES[item.state] || item.state;
    title.append(what, " ", tag);
    row.append(title);
    if (item.message) {
      const message = document.createElement("p");
      message.className = "queued-message";
      message.textContent = item.message;
      row.append(message);
    }
    const choices = ACTIONS[item.state] || [];
    if (choices.length) {
      const actions = document.createElement("p");
      actions.className = "queued-actions";
      for (const [label, action, danger] of choices) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = danger ? "button button-secondary" : "button";
        button.textContent = label;
        button.dataset.queueAction = action;
        button.dataset.queueKey = item.key;
        actions.append(button);
      }
      row.append(actions);
    }
    return row;
  }

  // The board as this phone knows it, with its waiting hands; `parts` redraws the server's
  // parts too (after news from the server, or a page older than the state kept).
  async function redraw(parts) {
    const items = await queue.of(PAGE);
    const list = document.querySelector("[data-queue]");
    if (list) {
      list.querySelector("[data-queue-items]").replaceChildren(...items.map(queueRow));
      list.hidden = items.length === 0;
    }
    if (!current) return;
    board.draw(current, { waiting: items.length, parts });
    // The next hand comes after every hand still on the phone.
    handForm.setRevision(current.revision + items.length);
  }

  // The whole state of the session, when a change cannot be applied to what the phone has.
  async function wholeState() {
    try {
      const response = await fetch(liveUrl("whole"), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      return response.status === 200 ? (await response.json()).session : null;
    } catch {
      return null;
    }
  }

  // `answer`: a state of the session, or what changed in it since a revision.
  async function learn(answer) {
    if (!answer) return false;
    const state = applied(current, answer) || (await wholeState());
    if (!state) return false;
    const known = newer(current, state);
    if (known === current) return false;
    current = known;
    await queue.keepState(PAGE, current);
    if (!current.active && screen.querySelector(".turn:not(.turn--done)")) {
      // Ended on another phone: the server draws the finished screen, with who won (for a
      // watcher too); hands waiting on this phone stay in its list.
      window.location.reload();
      return true;
    }
    if (handForm.seatsDiffer(current.playing) && !handForm.touched() && !(await queue.of(PAGE)).length) {
      // Someone sat down or left on another phone: the form is drawn for the new table.
      window.location.reload();
      return true;
    }
    return true;
  }

  // -- Sending ----------------------------------------------------------------------------------
  async function send(item) {
    const body = new URLSearchParams(item.fields);
    body.set("client_key", item.key);
    body.set("revision", String(item.revision));
    let response;
    try {
      response = await fetch(item.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
      });
    } catch {
      setOffline(true);
      return { outcome: "wait" };
    }
    setOffline(false);
    const isJson = (response.headers.get("Content-Type") || "").includes("application/json");
    let answer = null;
    if (isJson) {
      try {
        answer = await response.json();
      } catch {
        answer = null;
      }
    }
    const result = outcomeOf(response.status, isJson && answer !== null, answer, response.redirected);
    if (answer && answer.session) result.state = answer.session;
    return result;
  }

  // Sends every waiting hand in order; stops at a hand that needs the scorer.
  async function flush() {
    if (flushing) return;
    flushing = true;
    let news = false;
    try {
      const blocked = new Set();
      for (const item of await queue.all()) {
        if (blocked.has(item.page)) continue;
        if (item.state !== "waiting") {
          blocked.add(item.page);
          continue;
        }
        const result = await send(item);
        if (result.outcome === "wait") {
          // A hand that had to wait is no longer the scorer's at the table: if the server
          // refuses it later, it waits in the list rather than fill the form by surprise.
          if (item.key === lastSaved) lastSaved = null;
          if (result.login) {
            item.message = gettext("Log in again on this phone to send it.");
            await queue.put(item);
          }
          break;
        }
        if (result.outcome === "stored") {
          await queue.remove(item.key);
          if (item.page === PAGE) said(gettext("Hand saved."));
        }
        if (item.page === PAGE && (await learn(result.state))) news = true;
        if (result.outcome === "stored") continue;
        if (result.outcome === "refused" && item.key === lastSaved && item.page === PAGE && !handForm.touched()) {
          // Refused with the scorer still beside it and nothing new typed: back in the form.
          await queue.remove(item.key);
          await queue.putAll(closedGap(await queue.of(PAGE), item));
          item.errors = result.errors;
          handForm.restore(item, newKey);
          said("");
          continue;
        }
        item.state = result.outcome;
        item.message = result.outcome === "attention" ? STALE : result.detail;
        item.errors = result.errors || [];
        if (result.state) item.serverRevision = result.state.revision;
        await queue.put(item);
        blocked.add(item.page);
      }
    } finally {
      flushing = false;
    }
    await redraw(news);
  }

  // -- The scorer's choices for a hand that was not stored ----------------------------------------
  document.addEventListener("click", async (event) => {
    const target = event.target.closest("[data-queue-action]");
    if (!target) return;
    const item = await queue.get(target.dataset.queueKey);
    if (!item) return;
    const action = target.dataset.queueAction;
    if (action === "discard") {
      // Translators: %(hand)s is a waiting hand's summary, e.g. "Asha won".
      const question = gettext("Discard this hand (%(hand)s)? It will not be saved anywhere.");
      if (!window.confirm(interpolate(question, { hand: item.summary }, true))) return;
      await queue.remove(item.key);
      await queue.putAll(closedGap(await queue.of(item.page), item));
    } else if (action === "keep") {
      // Sent again as the next hand of the session as it is now.
      item.state = "waiting";
      item.message = "";
      item.revision = item.serverRevision ?? item.revision;
      await queue.put(item);
      await queue.putAll(renumbered(await queue.of(item.page), item));
    } else if (action === "restore") {
      if (handForm.touched()
        && !window.confirm(gettext("Put this hand back in the form? What is typed there now is replaced."))) return;
      await queue.remove(item.key);
      await queue.putAll(closedGap(await queue.of(item.page), item));
      handForm.restore(item, newKey);
    }
    await redraw(false);
    flush();
  });

  // -- Saving a hand ----------------------------------------------------------------------------
  document.addEventListener("submit", async (event) => {
    const here = handForm.form();
    // A second tap while the first is saving is already refused (session.js).
    if (event.defaultPrevented || event.target !== here) return;
    if (!event.submitter || !event.submitter.hasAttribute("data-save")) return;
    event.preventDefault();
    if (!handForm.touched()) {
      // Nothing typed since the last hand was saved: a second tap on its button.
      handForm.releaseSave(here);
      return;
    }
    // Read and cleared before anything waits, so the next hand's first tap lands in a
    // ready form and nothing later clears it.
    const item = handForm.itemOf(here, newKey);
    handForm.readyForNext(item.revision + 1, newKey);
    lastSaved = offline ? null : item.key;
    said("");
    await queue.put(item);
    await redraw(false);
    flush();
  });

  // -- The ledger preview needs the server --------------------------------------------------------
  document.addEventListener("htmx:sendError", (event) => {
    if (!event.target.closest || !event.target.closest("#hand-form")) return;
    setOffline(true);
    const preview = document.getElementById("hand-preview");
    if (!preview) return;
    const note = document.createElement("p");
    note.className = "preview-offline muted";
    note.textContent = gettext("The ledger cannot be checked until the phone is back online. "
      + "You can still save the hand: it waits on this phone and is sent when the network is back.");
    preview.replaceChildren(note);
  });

  // -- Following the session live -----------------------------------------------------------------
  // What changed after `revision` (a revision that is not a number asks for the whole
  // state). A screen showing every hand (?hands=all) is kept showing every hand.
  function liveUrl(revision) {
    const every = new URLSearchParams(window.location.search).get("hands") === "all" ? "&hands=all" : "";
    return `${screen.dataset.live}?revision=${encodeURIComponent(revision)}${every}`;
  }

  async function poll() {
    if (asking || flushing || document.hidden || navigator.onLine === false || !screen.dataset.live) return;
    asking = true;
    try {
      const revision = current ? current.revision : screen.dataset.revision;
      const response = await fetch(liveUrl(revision), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      setOffline(false);
      if (response.status === 200) {
        const answer = await response.json();
        if (await learn(answer.session)) await redraw(true);
      }
    } catch {
      // No network: the offline note says so; ask again later.
    } finally {
      asking = false;
    }
  }

  // -- When to send -------------------------------------------------------------------------------
  window.addEventListener("online", () => {
    setOffline(false);
    flush();
  });
  window.addEventListener("offline", () => {
    setOffline(true);
    redraw(false);
  });
  setInterval(() => {
    if (!flushing) flush();
  }, RETRY_MS);
  setInterval(poll, LIVE_MS);
  // A player's answer was stored (answers.js): the board shows it at once.
  document.addEventListener("rummy:answered", poll);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });

  async function start() {
    const given = pageState();
    const kept = await queue.keptState(PAGE);
    current = newer(given, kept);
    // A page older than what the phone knows (the service worker's copy, opened offline)
    // is drawn again from the newer state.
    const stale = Boolean(given && current !== given);
    if (current && current === given) await queue.keepState(PAGE, current);
    // A page kept from an earlier visit may carry a client key a waiting hand already has.
    const here = handForm.form();
    if (here) {
      const key = here.querySelector("[data-client-key]");
      if (key && (await queue.get(key.value))) key.value = newKey();
    }
    setOffline(offline);
    saidBeforeReload();
    await redraw(stale);
    flush();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
