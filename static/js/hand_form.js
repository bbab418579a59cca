// The record-hand form on the session screen: a saved hand read out of it, the form made
// ready for the next hand at once, a refused hand put back with its mistakes marked.
//
// The form is made ready for the next hand the moment Save is tapped, before anything is
// sent, and nothing the server answers later clears it: a scorer who taps straight on to
// the next hand keeps every tap and digit, whatever the network does with the last one.
(function () {
  "use strict";

  // -- Pure rules (Node's unit tests load this part) ------------------------------------------
  const FORM_SLOTS = new Set(["form", "wild", "winner", "reason"]);

  // The id of the sentence slot a server's error belongs in (partials/hand_error.html): its
  // seat's, its field's, or the form's own for anything else.
  function slotOf(error) {
    if (error.seat !== null && error.seat !== undefined) return `seat-error-${error.seat}`;
    return `hand-error-${FORM_SLOTS.has(error.field) ? error.field : "form"}`;
  }

  // The entries a hand is sent with: the form's fields, less the ones the queue sets itself.
  function entriesOf(pairs) {
    return pairs.filter(([name, value]) => typeof value === "string"
      && !["csrfmiddlewaretoken", "client_key", "revision"].includes(name));
  }

  // The seats a form has, from its field names ("s2-how" is seat 2's).
  function seatsOf(names) {
    const seats = new Set();
    for (const name of names) {
      const found = /^s(\d+)-how$/.exec(name);
      if (found) seats.add(parseInt(found[1], 10));
    }
    return Array.from(seats).sort((a, b) => a - b);
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { slotOf, entriesOf, seatsOf };
    return;
  }

  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate
    || ((format, values) => format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name])));

  function form() {
    const found = document.getElementById("hand-form");
    return found && found.hasAttribute("data-queue-hands") ? found : null;
  }

  // Anything typed, ticked or picked since the form was last made ready: a Save with nothing
  // new is a second tap on the last hand's button, not a hand.
  for (const type of ["input", "change", "picked"]) {
    document.addEventListener(type, (event) => {
      const target = event.target;
      const here = form();
      if (here && target instanceof Element && here.contains(target)) here.dataset.touched = "1";
    });
  }

  function touched() {
    const here = form();
    return Boolean(here && here.dataset.touched);
  }

  // The summary is written once, in the page's language, and kept with the hand.
  function summaryOf(here) {
    for (const seat of here.querySelectorAll(".seat")) {
      if (seat.querySelector(".chip-input[value='won']:checked")) {
        const legend = seat.querySelector("legend");
        const name = legend ? legend.textContent.replace(/^\s*\d+\s*/, "").trim() : "";
        // Translators: a hand waiting to be sent, named by its winner, e.g. "Asha won".
        return name ? interpolate(gettext("%(name)s won"), { name }, true) : gettext("A hand");
      }
    }
    return here.querySelector("[name=void]:checked") ? gettext("A void hand") : gettext("A hand");
  }

  // The hand as the queue keeps it. Read in one go, before anything waits on the network.
  function itemOf(here, newKey) {
    const data = new FormData(here);
    return {
      key: String(data.get("client_key") || newKey()),
      revision: parseInt(String(data.get("revision")), 10) || 0,
      action: here.getAttribute("action"),
      page: window.location.pathname,
      fields: entriesOf(Array.from(data.entries())),
      summary: summaryOf(here),
      createdAt: Date.now(),
      state: "waiting",
      message: "",
      errors: [],
    };
  }

  function setRevision(revision) {
    const here = form();
    if (here) here.querySelector("input[name=revision]").value = String(revision);
  }

  // After session.js has marked the button busy: it does so on the tick after the tap,
  // so releasing it in the same tick would leave it "Saving…" for good.
  function releaseSave(here) {
    const save = here.querySelector("[data-save]");
    if (!save) return;
    setTimeout(() => {
      save.disabled = false;
      delete save.dataset.busy;
      if (save.dataset.label) save.textContent = save.dataset.label;
    }, 0);
  }

  function clearErrors(here) {
    for (const slot of here.querySelectorAll(".field-error")) slot.textContent = "";
    for (const seat of here.querySelectorAll(".seat--error")) seat.classList.remove("seat--error");
  }

  // The server's sentences beside the seat or field each is about; the page then moves to
  // the first (form_errors.js).
  function markErrors(errors) {
    const here = form();
    if (!here) return;
    clearErrors(here);
    for (const error of errors) {
      const slot = document.getElementById(slotOf(error)) || document.getElementById("hand-error-form");
      if (!slot) continue;
      slot.textContent = [slot.textContent, error.message].filter(Boolean).join(" ");
      const seat = slot.closest(".seat");
      if (seat) seat.classList.add("seat--error");
    }
    document.dispatchEvent(new CustomEvent("board:shown"));
  }

  // Blank for the next hand, with its own key and the revision after `revision`.
  function readyForNext(revision, newKey) {
    const here = form();
    if (!here) return;
    here.reset();
    clearErrors(here);
    here.querySelector("[data-client-key]").value = newKey();
    setRevision(revision);
    const preview = document.getElementById("hand-preview");
    if (preview) preview.replaceChildren();
    delete here.dataset.touched;
    releaseSave(here);
  }

  // A hand that was not stored, back in the form to be fixed and saved again.
  function restore(item, newKey) {
    const here = form();
    if (!here) return;
    here.reset();
    for (const [name, value] of item.fields) {
      for (const field of here.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === value;
        } else {
          field.value = value;
        }
      }
    }
    here.querySelector("[data-client-key]").value = newKey();
    here.dataset.touched = "1";
    releaseSave(here);
    // The ledger preview asks again (htmx listens for "change").
    here.dispatchEvent(new Event("change", { bubbles: true }));
    if (item.errors && item.errors.length) {
      markErrors(item.errors);
    } else {
      const first = here.querySelector(".seat input, select");
      if (first) first.focus();
    }
  }

  // Whether the form was drawn for other seats than the session deals to now.
  function seatsDiffer(playing) {
    const here = form();
    if (!here || !playing) return false;
    const names = Array.from(here.querySelectorAll(".chip-input"), (input) => input.name);
    return seatsOf(names).join(",") !== playing.slice().sort((a, b) => a - b).join(",");
  }

  window.rummyForm = {
    form, touched, itemOf, readyForNext, restore, markErrors, setRevision, releaseSave, seatsDiffer,
  };
})();
