// A player's answers to the hands (confirm, or dispute with a reason), sent in JSON and never
// lost: an answer given with no network waits on the phone (its own store, apart from the
// scorer's hands) and is sent when the network is back, like a hand. The form the server
// drew (partials/hand_asks.html, or board.js's drawing of it) is the same without this
// script, and posts as a plain form.
//
// An answer is sent once however often it is sent: its form carries a key, and the server
// keeps the key with the answer. While one waits, the hand leaves the "Your answer" list and
// the list says what waits to be sent.
(function () {
  "use strict";

  // -- The pure part (Node's unit tests load it) ---------------------------------------------
  // What became of an answer the server was sent: "stored", "refused" (a sentence: the
  // hand changed, the seat was freed), or "wait" (no network, a login or a busy server).
  function answerOutcome(status, isJson, body) {
    if (!isJson || !body || typeof body !== "object") return { outcome: "wait" };
    if ((status === 200 || status === 201) && body.outcome === "stored") return { outcome: "stored" };
    if (status === 400 || status === 409 || status === 404) {
      return { outcome: "refused", detail: body.detail || "" };
    }
    return { outcome: "wait" };
  }

  // The hand numbers of the answers waiting for the page `page`.
  function waitingNumbers(items, page) {
    return items.filter((item) => item.page === page).map((item) => item.number);
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { answerOutcome, waitingNumbers };
    return;
  }

  const keyval = window.idbKeyval;
  const section = document.querySelector("[data-answers]");
  if (!section || !keyval || !window.indexedDB || !window.fetch) return;

  const gettext = window.gettext || ((text) => text);
  const store = keyval.createStore("rummy-club-answers", "answers");
  const PAGE = window.location.pathname;
  const RETRY_MS = 15000;
  let sending = false;

  async function all() {
    const items = await keyval.values(store);
    return items.sort((a, b) => a.createdAt - b.createdAt);
  }

  function note(text) {
    const element = section.querySelector("[data-answers-note]");
    if (!element) return;
    element.textContent = text;
    element.hidden = !text;
  }

  // The hands whose answers wait on this phone leave the list; the note says they wait.
  async function showWaiting() {
    const numbers = waitingNumbers(await all(), PAGE);
    window.rummyAnswersWaiting = numbers;
    for (const form of section.querySelectorAll(".answer-form")) {
      const number = Number(form.dataset.number);
      form.closest(".answer").hidden = numbers.includes(number);
    }
    const shown = [...section.querySelectorAll(".answer")].some((answer) => !answer.hidden);
    section.hidden = !shown && !numbers.length;
    note(numbers.length
      ? gettext("Your answer waits on this phone and is sent when the network is back.")
      : section.querySelector("[data-answers-note]").dataset.refused || "");
  }

  async function send(item) {
    let response;
    try {
      response = await fetch(item.action, {
        method: "POST",
        body: new URLSearchParams(item.fields),
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": section.dataset.csrf || "" },
      });
    } catch {
      return { outcome: "wait" };
    }
    const isJson = (response.headers.get("Content-Type") || "").includes("application/json");
    let body = null;
    try {
      body = isJson ? await response.json() : null;
    } catch {
      body = null;
    }
    return answerOutcome(response.status, isJson && body !== null, body);
  }

  async function flush() {
    if (sending) return;
    sending = true;
    try {
      for (const item of await all()) {
        const result = await send(item);
        if (result.outcome === "wait") break;
        await keyval.del(item.key, store);
        const refused = section.querySelector("[data-answers-note]");
        refused.dataset.refused = result.outcome === "refused" ? result.detail : "";
        // The board follows at once (table_sync.js asks the server for the news).
        document.dispatchEvent(new CustomEvent("rummy:answered"));
      }
    } finally {
      sending = false;
    }
    await showWaiting();
  }

  section.addEventListener("submit", async (event) => {
    const form = event.target.closest(".answer-form");
    if (!form || event.defaultPrevented) return;
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form, event.submitter));
    delete fields.csrfmiddlewaretoken;
    const item = {
      key: fields.client_key,
      page: PAGE,
      action: form.action,
      number: Number(form.dataset.number),
      fields,
      createdAt: Date.now(),
    };
    await keyval.set(item.key, item, store);
    await showWaiting();
    flush();
  });

  window.addEventListener("online", flush);
  setInterval(flush, RETRY_MS);
  // board.js redraws the list after news; the answers still waiting stay out of it.
  document.addEventListener("rummy:drawn", showWaiting);
  showWaiting().then(flush);
})();
