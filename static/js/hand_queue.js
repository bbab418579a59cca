// Hands saved on a phone with no network wait on the phone and are sent by themselves.
//
// Every hand the scorer saves goes into a queue in IndexedDB first (idb-keyval), then is
// posted; it leaves the queue only once the server has answered for it. So a hand saved in
// a room with bad Wi-Fi is never lost: it waits, shown as "waiting to send", and is sent
// when the network comes back, when the page is opened again, or after a browser restart.
// Hands wait in order, each with its client key, so the server stores each exactly once.
//
// What the server answers decides what happens to a hand:
// - stored: it leaves the queue, and the screen shows it in the hand list;
// - refused because another phone changed the session meanwhile (409): it stays, marked as
//   needing attention beside what changed, until the scorer keeps it as the next hand or
//   discards it; the hands queued after it wait behind it;
// - refused by the rules (400): it comes back to the scorer with the sentence, and
//   "Put back in the form" fills the form with its entries.
// Without this script the page is a plain form that posts as it always did.
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
    const later = items.filter((other) => other.createdAt > item.createdAt);
    for (const other of later) {
      revision += 1;
      other.revision = revision;
    }
    return later;
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { newKey, renumbered };
    return;
  }

  // The words this file shows come from Django's JavaScript catalogue (/jsi18n/, loaded
  // before it, in the page's language; the service worker keeps a copy for offline use).
  // If the catalogue failed to load (no network and no copy kept), they stay in English as
  // written here and the queue works the same: no code reads a translated word back.
  // Each file that shows words keeps these lines, so none depends on another file.
  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate
    || ((format, values) => format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name])));

  const keyval = window.idbKeyval;
  if (!keyval || !window.indexedDB || !window.fetch) return;

  const store = keyval.createStore("rummy-club", "hand-queue");
  const RETRY_MS = 15000;
  let flushing = false;
  let offline = !navigator.onLine;

  // -- Small helpers ---------------------------------------------------------------------
  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  }

  function screen() {
    return document.querySelector(".table-screen");
  }

  function recordForm() {
    const form = document.getElementById("hand-form");
    return form && form.hasAttribute("data-queue-hands") ? form : null;
  }

  function clockTime(iso) {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return "";
    return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  async function allItems() {
    const items = await keyval.values(store);
    return items.sort((a, b) => a.createdAt - b.createdAt);
  }

  async function itemsOf(page) {
    return (await allItems()).filter((item) => item.page === page);
  }

  // -- What a queued hand is -------------------------------------------------------------
  // The summary is written once, in the page's language, and kept with the hand.
  function summaryOf(form) {
    for (const seat of form.querySelectorAll(".seat")) {
      const won = seat.querySelector(".chip-input[value='won']:checked");
      if (won) {
        const legend = seat.querySelector("legend");
        const name = legend ? legend.textContent.replace(/^\s*\d+\s*/, "").trim() : "";
        // Translators: a hand waiting to be sent, named by its winner, e.g. "Asha won".
        return name ? interpolate(gettext("%(name)s won"), { name }, true) : gettext("A hand");
      }
    }
    return form.querySelector("[name=void]:checked") ? gettext("A void hand") : gettext("A hand");
  }

  function itemFrom(form) {
    const data = new FormData(form);
    const fields = [];
    for (const [name, value] of data) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    }
    return {
      key: String(data.get("client_key") || newKey()),
      revision: parseInt(String(data.get("revision")), 10) || 0,
      action: form.getAttribute("action"),
      page: window.location.pathname,
      fields,
      summary: summaryOf(form),
      createdAt: Date.now(),
      state: "waiting",
      message: "",
    };
  }

  // -- Sending ---------------------------------------------------------------------------
  async function post(item) {
    const body = new URLSearchParams(item.fields);
    body.set("client_key", item.key);
    body.set("revision", String(item.revision));
    body.set("csrfmiddlewaretoken", csrfToken());
    return fetch(item.action, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
    });
  }

  function parse(html) {
    return new DOMParser().parseFromString(html, "text/html");
  }

  function sentences(doc) {
    const found = [];
    for (const node of doc.querySelectorAll(".table-screen [role=alert], .hand-error, .seat-error")) {
      const text = node.textContent.trim();
      if (text && !found.includes(text)) found.push(text);
    }
    return found.join(" ");
  }

  // Sends one hand; answers what became of it: "stored", "attention", "refused", or "wait"
  // (no network, a busy server, a login needed: it stays as it is and is tried again).
  async function send(item) {
    let response;
    try {
      response = await post(item);
    } catch {
      setOffline(true);
      return { outcome: "wait" };
    }
    setOffline(false);
    const stored = response.ok && response.redirected
      && new URL(response.url).pathname === item.page;
    if (stored) return { outcome: "stored", html: await response.text() };
    if (response.status === 409 || response.status === 400) {
      const doc = parse(await response.text());
      const revision = doc.querySelector("#hand-form input[name=revision]");
      if (response.status === 400) {
        return { outcome: "refused", message: sentences(doc), revision: null, doc };
      }
      if (!revision) {
        // The session has ended: there is no next hand to keep it as.
        return { outcome: "closed", message: sentences(doc), revision: null, doc };
      }
      return {
        outcome: "attention",
        message: gettext("Another phone changed this session after this hand was saved here. "
          + "Its change is in the hand list below; keep this hand as the next one, or discard it."),
        revision: parseInt(revision.value, 10),
        doc,
      };
    }
    if (response.redirected || response.status === 403) {
      item.message = gettext("Log in again on this phone to send it.");
      await keyval.set(item.key, item, store);
    }
    return { outcome: "wait" };
  }

  async function renumberAfter(item) {
    for (const later of renumbered(await itemsOf(item.page), item)) {
      await keyval.set(later.key, later, store);
    }
  }

  // Sends every waiting hand in order; stops at a hand that needs the scorer.
  async function flush() {
    if (flushing) return;
    flushing = true;
    let changedHere = false;
    try {
      const blocked = new Set();
      for (const item of await allItems()) {
        if (blocked.has(item.page)) continue;
        if (item.state !== "waiting") {
          blocked.add(item.page);
          continue;
        }
        const result = await send(item);
        if (result.outcome === "wait") break;
        if (item.page === window.location.pathname) changedHere = true;
        if (result.outcome === "stored") {
          await keyval.del(item.key, store);
          continue;
        }
        item.state = result.outcome;
        item.message = result.message || "";
        if (result.revision !== null && result.revision !== undefined) {
          item.serverRevision = result.revision;
        }
        await keyval.set(item.key, item, store);
        blocked.add(item.page);
      }
    } finally {
      flushing = false;
    }
    // What the server has now, beside any hand that needs the scorer.
    if (changedHere) await refreshBoard();
    await render();
  }

  // -- The screen ------------------------------------------------------------------------
  function setOffline(value) {
    offline = value;
    const note = document.querySelector("[data-offline-note]");
    if (!note) return;
    if (offline) {
      const since = clockTime(screen().dataset.renderedAt || "");
      note.textContent = since
        // Translators: %(time)s is the clock time of the last news from the server, e.g. "14:05".
        ? interpolate(gettext("Offline · last news at %(time)s. Hands you save wait on this phone and "
          + "are sent when the network is back."), { time: since }, true)
        : gettext("Offline. Hands you save wait on this phone and are sent when the network is back.");
    }
    note.hidden = !offline;
  }

  function button(label, action, key, danger) {
    const element = document.createElement("button");
    element.type = "button";
    element.className = danger ? "button button-secondary" : "button";
    element.textContent = label;
    element.dataset.queueAction = action;
    element.dataset.queueKey = key;
    return element;
  }

  // What became of a queued hand, beside its summary. The keys are the states kept in the
  // queue; only the words shown are translated.
  const STATES = {
    waiting: gettext("waiting to send"),
    attention: gettext("not saved: the session changed"),
    refused: gettext("not saved: refused"),
    closed: gettext("not saved: the session has ended"),
  };

  // What the scorer can do with a hand the server did not store: [label, action, danger].
  const DISCARD = [gettext("Discard it"), "discard", true];
  const ACTIONS = {
    attention: [[gettext("Keep it as the next hand"), "keep", false], DISCARD],
    refused: [[gettext("Put back in the form"), "restore", false], DISCARD],
    closed: [DISCARD],
  };

  async function render() {
    const list = document.querySelector("[data-queue]");
    if (!list) return;
    const items = await itemsOf(window.location.pathname);
    const body = list.querySelector("[data-queue-items]");
    body.replaceChildren();
    for (const item of items) {
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
          actions.append(button(label, action, item.key, danger));
        }
        row.append(actions);
      }
      body.append(row);
    }
    list.hidden = items.length === 0;
    // The hand being entered comes after the ones waiting.
    const title = document.getElementById("record-title");
    if (title && title.dataset.handNumber) {
      const number = parseInt(title.dataset.handNumber, 10) + items.length;
      title.textContent = interpolate(gettext("Record hand %(number)s"), { number }, true);
    }
  }

  // The hand list, totals and whose deal it is, as the server has them now; the form and
  // what is typed in it stay as they are.
  async function refreshBoard() {
    let doc;
    try {
      const response = await fetch(window.location.pathname, { credentials: "same-origin" });
      if (!response.ok) return;
      doc = parse(await response.text());
    } catch {
      return;
    }
    if (window.rummyBoard) window.rummyBoard.swapParts(doc);
    const form = recordForm();
    const fresh = doc.querySelector("#hand-form input[name=revision]");
    if (form && fresh) {
      const waiting = await itemsOf(window.location.pathname);
      form.querySelector("input[name=revision]").value = String(
        parseInt(fresh.value, 10) + waiting.length,
      );
    }
  }

  function restore(item) {
    const form = recordForm();
    if (!form) return;
    form.reset();
    for (const [name, value] of item.fields) {
      if (name === "client_key" || name === "revision") continue;
      for (const field of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === value;
        } else {
          field.value = value;
        }
      }
    }
    form.querySelector("[data-client-key]").value = newKey();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    const first = form.querySelector(".seat input, select");
    if (first) first.focus();
  }

  document.addEventListener("click", async (event) => {
    const target = event.target.closest("[data-queue-action]");
    if (!target) return;
    const item = await keyval.get(target.dataset.queueKey, store);
    if (!item) return;
    const action = target.dataset.queueAction;
    if (action === "discard") {
      // Translators: %(hand)s is a waiting hand's summary, e.g. "Asha won".
      const question = gettext("Discard this hand (%(hand)s)? It will not be saved anywhere.");
      if (!window.confirm(interpolate(question, { hand: item.summary }, true))) return;
      await keyval.del(item.key, store);
    } else if (action === "keep") {
      // Sent again as the next hand of the session as it is now.
      item.state = "waiting";
      item.message = "";
      item.revision = item.serverRevision ?? item.revision;
      await keyval.set(item.key, item, store);
      await renumberAfter(item);
    } else if (action === "restore") {
      await keyval.del(item.key, store);
      restore(item);
    }
    await render();
    flush();
  });

  // -- Saving a hand ---------------------------------------------------------------------
  function releaseSaveButton(form) {
    const save = form.querySelector("[data-save]");
    if (!save) return;
    save.disabled = false;
    delete save.dataset.busy;
    if (save.dataset.label) save.textContent = save.dataset.label;
  }

  function readyForNextHand(form, item) {
    // The queued hand keeps its key; the form gets a new one and the revision after it.
    form.reset();
    form.querySelector("[data-client-key]").value = newKey();
    form.querySelector("input[name=revision]").value = String(item.revision + 1);
    const preview = document.getElementById("hand-preview");
    if (preview) preview.replaceChildren();
    releaseSaveButton(form);
  }

  function showPage(doc) {
    // The server's answer drawn in place: the saved hand, or the form with its errors.
    const main = document.getElementById("main");
    const fresh = doc.getElementById("main");
    if (!main || !fresh) return;
    main.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    document.dispatchEvent(new CustomEvent("htmx:afterSwap", { bubbles: true }));
    // A refused hand: the page moves to its first mistake (form_errors.js).
    document.dispatchEvent(new CustomEvent("board:shown"));
  }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    // A second tap while the first is saving is already refused (session.js).
    if (event.defaultPrevented) return;
    if (form !== recordForm() || !event.submitter || !event.submitter.hasAttribute("data-save")) return;
    event.preventDefault();
    const item = itemFrom(form);
    // Kept before it is sent: a network that drops mid-request loses nothing.
    await keyval.set(item.key, item, store);
    await renumberAfter(item);
    const earlier = (await itemsOf(item.page)).filter((other) => other.createdAt < item.createdAt);
    if (earlier.length || offline) {
      // Behind other hands, or no network: it waits its turn.
      readyForNextHand(form, item);
      await render();
      setOffline(offline);
      flush();
      return;
    }
    const result = await send(item);
    if (result.outcome === "wait") {
      readyForNextHand(form, item);
      await render();
      return;
    }
    await keyval.del(item.key, store);
    if (result.outcome === "stored") {
      showPage(parse(result.html));
    } else {
      // Refused now, with the scorer at the table: the server's page says why, with the
      // entries still in the form, as a plain form post would.
      showPage(result.doc);
    }
    await render();
  });

  // -- The ledger preview needs the server ------------------------------------------------
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

  // -- When to send ----------------------------------------------------------------------
  window.addEventListener("online", () => {
    setOffline(false);
    flush();
  });
  window.addEventListener("offline", () => setOffline(true));
  setInterval(() => {
    if (!flushing) flush();
  }, RETRY_MS);

  async function start() {
    // A page kept from an earlier visit may carry a client key a waiting hand already has.
    const form = recordForm();
    if (form) {
      const key = form.querySelector("[data-client-key]");
      if (key && (await keyval.get(key.value, store))) key.value = newKey();
      const waiting = await itemsOf(window.location.pathname);
      if (waiting.length) {
        form.querySelector("input[name=revision]").value = String(
          waiting[waiting.length - 1].revision + 1,
        );
      }
    }
    if (screen()) setOffline(offline);
    await render();
    flush();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
