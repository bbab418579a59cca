// The scorer's screens at the table. Everything here is an extra: the pages work as plain
// forms without it. It keeps the screen awake, lets cards be tapped on a grid, seats players
// by tapping their names, and guards the save buttons against a double tap (the server also
// stores a repeated hand once, by the form's client key).
(function () {
  "use strict";

  // -- Cards written in the picker's field (pure: Node's unit tests load this part) -----
  const SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  function cardCode(token) {
    let text = token.toUpperCase();
    if (text === "JOKER") return "JK";
    text = Array.from(text, (ch) => SUITS[ch] || ch).join("");
    if (text.startsWith("T")) text = "10" + text.slice(1);
    return text;
  }

  function tokens(text) {
    return text.split(/[\s,]+/).filter(Boolean);
  }

  // The picker's field as groups of cards: one group in "cards" mode; in "melds" mode a
  // group a meld, and an empty last group when a new meld was started.
  function groupsOf(value, mode) {
    if (mode !== "melds") return [tokens(value)];
    const groups = value.split(/[/;|\n]+/).map(tokens);
    const kept = groups.filter((group) => group.length);
    // A trailing separator means a new meld was started and is still empty.
    if (/[/;|\n]\s*$/.test(value) || !kept.length) kept.push([]);
    return kept;
  }

  function textOf(groups, mode) {
    if (mode !== "melds") return groups[0].join(" ");
    const text = groups.filter((group) => group.length).map((group) => group.join(" ")).join(" / ");
    const open = groups.length > 1 && !groups[groups.length - 1].length;
    return open ? `${text} / ` : text;
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { cardCode, tokens, groupsOf, textOf };
    return;
  }

  // The words this file shows come from Django's JavaScript catalogue (/jsi18n/, loaded
  // before it, in the page's language). If the catalogue failed to load (no network and no
  // copy kept), they stay in English as written here and everything else works the same.
  // Each file that shows words keeps these three lines, so none depends on another file.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, count) => (count === 1 ? one : many));
  const interpolate = window.interpolate
    || ((format, values) => format.replace(/%\((\w+)\)s/g, (match, name) => String(values[name])));

  document.documentElement.classList.add("js");

  // -- Keep the screen awake during a session (where the browser allows it) ------------------
  // The lock is dropped whenever the page is hidden, so it is asked for again on return.
  let wakeLock = null;

  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-wake-lock]")) return;
    if (document.visibilityState !== "visible" || (wakeLock && !wakeLock.released)) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
    } catch {
      // Refused (battery saver, no permission): the page works the same, just may dim.
      wakeLock = null;
    }
  }

  document.addEventListener("visibilitychange", keepAwake);

  // -- A page restored from the back/forward cache shows an old revision and an old key ------
  // Reloading draws the session as it is now, with a fresh key for the next hand.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && document.querySelector("[data-client-key]")) window.location.reload();
  });

  // -- One tap saves once ------------------------------------------------------------------
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || !button.hasAttribute("data-save")) return;
    if (button.dataset.busy) {
      event.preventDefault();
      return;
    }
    button.dataset.busy = "1";
    // Disabled after the form has read its values, so the click itself still submits.
    setTimeout(() => {
      button.disabled = true;
      button.dataset.label = button.textContent;
      button.textContent = gettext("Saving…");
    }, 0);
  });

  // -- Won is one choice across the seats ----------------------------------------------------
  // Each seat has its own chips, so a second Won would otherwise stay lit: tapping Won on one
  // seat moves any other winner back to that seat's first other chip.
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!input.matches || !input.matches(".chip-input[value=won]") || !input.checked) return;
    const form = input.form;
    if (!form) return;
    for (const other of form.querySelectorAll(".chip-input[value=won]:checked")) {
      if (other === input) continue;
      const fallback = other.closest(".seat").querySelector(".chip-input:not([value=won])");
      if (fallback) fallback.checked = true;
    }
  });

  // -- The card picker ---------------------------------------------------------------------
  let pickTarget = null;
  // "cards" fills one list of cards; "melds" (Vazhushal's table melds when the stock ran
  // out) fills groups, one a meld, written "5H 6H 7H / 9S 9D 9C" as when typed.
  let pickMode = "cards";

  function readGroups() {
    return groupsOf(pickTarget.value, pickMode);
  }

  function writeGroups(groups) {
    pickTarget.value = textOf(groups, pickMode);
  }

  function refreshPicker(dialog) {
    const groups = readGroups();
    const cards = groups.flat();
    const counts = {};
    for (const card of cards) {
      const code = cardCode(card);
      counts[code] = (counts[code] || 0) + 1;
    }
    for (const button of dialog.querySelectorAll("[data-card]")) {
      const count = counts[button.dataset.card] || 0;
      button.querySelector(".badge").textContent = count ? String(count) : "";
    }
    const melds = groups.filter((group) => group.length).length;
    const sizes = [
      interpolate(ngettext("%(count)s card", "%(count)s cards", cards.length), { count: cards.length }, true),
    ];
    if (pickMode === "melds") {
      sizes.push(interpolate(ngettext("%(count)s meld", "%(count)s melds", melds), { count: melds }, true));
    }
    dialog.querySelector("[data-picker-count]").textContent = sizes.join(" · ");
    dialog.querySelector("[data-picker-cards]").textContent = pickMode === "melds"
      ? groups.map((group) => group.join(" ")).filter(Boolean).join(" / ")
      : cards.join(" ");
  }

  function setGroups(dialog, groups) {
    writeGroups(groups);
    refreshPicker(dialog);
  }

  function openPicker(button) {
    const dialog = document.getElementById("card-picker");
    pickTarget = document.getElementById(button.dataset.pick);
    if (!dialog || !pickTarget || typeof dialog.showModal !== "function") return;
    pickMode = button.dataset.pickMode || "cards";
    // The whole title is one sentence, so that a translation can order its words freely.
    const title = pickMode === "melds"
      // Translators: the title of the card picker, e.g. "Asha's table melds".
      ? gettext("%(name)s's table melds")
      // Translators: the title of the card picker, e.g. "Asha's cards".
      : gettext("%(name)s's cards");
    dialog.querySelector("#card-picker-title").textContent =
      interpolate(title, { name: button.dataset.name }, true);
    dialog.querySelector("[data-picker-meld]").hidden = pickMode !== "melds";
    dialog.querySelector("#pick-add").checked = true;
    refreshPicker(dialog);
    dialog.showModal();
  }

  function closePicker(dialog) {
    dialog.close();
    if (pickTarget) pickTarget.focus();
  }

  document.addEventListener("click", (event) => {
    const pick = event.target.closest("[data-pick]");
    if (pick) {
      event.preventDefault();
      openPicker(pick);
      return;
    }
    const dialog = event.target.closest("#card-picker");
    if (!dialog || !pickTarget) return;
    if (event.target.closest("[data-picker-done]")) {
      closePicker(dialog);
      return;
    }
    if (event.target.closest("[data-picker-clear]")) {
      setGroups(dialog, [[]]);
      return;
    }
    const groups = readGroups();
    if (event.target.closest("[data-picker-meld]")) {
      if (groups[groups.length - 1].length) groups.push([]);
      setGroups(dialog, groups);
      return;
    }
    const card = event.target.closest("[data-card]");
    if (!card) return;
    if (dialog.querySelector("#pick-remove").checked) {
      // The last copy of the card taken out, whichever meld it is in.
      for (let g = groups.length - 1; g >= 0; g -= 1) {
        const at = groups[g].map(cardCode).lastIndexOf(card.dataset.card);
        if (at >= 0) {
          groups[g].splice(at, 1);
          break;
        }
      }
    } else {
      groups[groups.length - 1].push(card.dataset.card);
    }
    setGroups(dialog, groups);
  });

  // However the picker closes (Done, Escape), the panel asks for the ledger again: "picked"
  // is one of its htmx triggers. "close" does not bubble, so it is caught on the way down.
  document.addEventListener("close", (event) => {
    if (event.target.id === "card-picker" && pickTarget) {
      pickTarget.dispatchEvent(new CustomEvent("picked", { bubbles: true }));
    }
  }, true);

  function showPickButtons(root) {
    for (const button of root.querySelectorAll("[data-pick]")) button.hidden = false;
  }

  // -- Start a session: tap names in seat order ---------------------------------------------
  function seatInputs(form) {
    return Array.from(form.querySelectorAll(".seat-input"));
  }

  function relabelDealers(form) {
    const select = form.querySelector("[data-first-dealer]");
    if (!select) return;
    const names = {};
    let seated = 0;
    for (const input of seatInputs(form)) {
      const number = parseInt(input.value, 10);
      if (number > 0) {
        names[number] = input.closest("[data-player]").querySelector(".player-name").firstChild.textContent.trim();
        seated += 1;
      }
    }
    for (const option of select.options) {
      const number = parseInt(option.value, 10);
      if (Number.isNaN(number)) continue;
      option.textContent = names[number]
        // Translators: a choice of who deals first, e.g. "Seat 2 · Bala".
        ? interpolate(gettext("Seat %(number)s · %(name)s"), { number, name: names[number] }, true)
        // Translators: a choice of who deals first, a seat nobody sits in yet, e.g. "Seat 4".
        : interpolate(gettext("Seat %(number)s"), { number }, true);
      option.hidden = seated > 0 && number > seated;
    }
  }

  document.addEventListener("click", (event) => {
    const row = event.target.closest("[data-player]");
    if (!row || event.target.closest(".seat-input")) return;
    event.preventDefault();
    const form = row.closest("form");
    const input = row.querySelector(".seat-input");
    const inputs = seatInputs(form);
    const mine = parseInt(input.value, 10);
    if (mine > 0) {
      // Taking a player out moves everyone after them up a seat.
      input.value = "";
      for (const other of inputs) {
        const number = parseInt(other.value, 10);
        if (number > mine) other.value = String(number - 1);
      }
    } else {
      const taken = inputs.map((other) => parseInt(other.value, 10)).filter((n) => n > 0);
      input.value = String(taken.length ? Math.max(...taken) + 1 : 1);
    }
    relabelDealers(form);
  });

  document.addEventListener("input", (event) => {
    if (event.target.classList.contains("seat-input")) relabelDealers(event.target.form);
  });

  document.addEventListener("keydown", (event) => {
    // Enter in the guest's name adds the guest (not starts the session).
    if (event.key !== "Enter" || !event.target.matches("[data-guest-name]")) return;
    event.preventDefault();
    event.target.form.querySelector("[data-add-guest]").click();
  });

  function start(root) {
    showPickButtons(root);
    const startForm = document.getElementById("start-form");
    if (startForm) relabelDealers(startForm);
  }

  document.addEventListener("htmx:afterSwap", () => start(document));

  function ready() {
    start(document);
    keepAwake();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
