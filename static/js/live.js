// Anyone watching a session (the other scorer's phone, a member, the public where the club
// allows it) sees each new hand within seconds, without reloading. Every few seconds the
// page asks whether the session changed; while it has not, the answer is an empty 204, one
// cheap request. When it has, the page draws the new hand list, totals and whose deal it
// is, and leaves the record-hand form and whatever is typed in it alone.
(function () {
  "use strict";

  const EVERY_MS = 3000;
  const PARTS = [".turn", ".totals", ".hands", ".session-actions"];

  function screen() {
    return document.querySelector(".table-screen[data-live]");
  }

  // Draws the parts of `doc` (the session page as the server has it now) into this page.
  function swapParts(doc) {
    const fresh = doc.querySelector(".table-screen");
    const here = screen();
    if (!fresh || !here) return;
    for (const selector of PARTS) {
      const now = here.querySelector(selector);
      const next = fresh.querySelector(selector);
      if (now && next) now.replaceWith(next);
      else if (now) now.remove();
    }
    // A session that has ended takes no more hands: its form goes too.
    if (!fresh.querySelector(".record")) {
      const record = here.querySelector(".record");
      if (record) record.remove();
    }
    here.dataset.revision = fresh.dataset.revision || here.dataset.revision;
    document.dispatchEvent(new CustomEvent("board:refreshed", { detail: { doc } }));
  }

  let asking = false;

  async function poll() {
    const here = screen();
    if (!here || asking || document.hidden || navigator.onLine === false) return;
    asking = true;
    try {
      const url = `${here.dataset.live}?revision=${encodeURIComponent(here.dataset.revision)}`;
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.status === 200) {
        swapParts(new DOMParser().parseFromString(await response.text(), "text/html"));
      }
    } catch {
      // No network: the offline note says so (hand_queue.js); ask again later.
    } finally {
      asking = false;
    }
  }

  window.rummyBoard = { swapParts };
  setInterval(poll, EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });
})();
