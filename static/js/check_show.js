// "Check a show": the tap grid edits the hand's text field, which stays the one value the
// server reads. Without this file every grid card is a submit button and the server adds
// or removes the card itself; with it, a tap edits the field and asks htmx for the result
// (the form listens for the "picked" event).
(function () {
  "use strict";

  const SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  // The grid card a written card names ("10h", "T♥" and "10H" are all "10H"), or null.
  // Only for the counters: the server's rules engine reads and judges the cards.
  function gridCode(token) {
    let text = token.toUpperCase();
    if (text === "JK" || text === "JOKER" || text === "\u{1F0CF}") return "JK";
    text = Array.from(text, (ch) => SUITS[ch] || ch).join("");
    if (text.startsWith("T")) text = "10" + text.slice(1);
    const rank = text.slice(0, -1);
    const suit = text.slice(-1);
    return RANKS.includes(rank) && "SHDC".includes(suit) && suit !== "" ? text : null;
  }

  function tokens(text) {
    return text.split(/[\s,]+/).filter(Boolean);
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { gridCode, tokens };
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

  function setUp(form) {
    const hand = form.querySelector("#id_hand");
    const buttons = form.querySelectorAll(".card-btn");
    const removeMode = form.querySelector("#tap-remove");

    function grow() {
      hand.style.height = "auto";
      hand.style.height = hand.scrollHeight + 4 + "px";
    }

    function refreshBadges() {
      const counts = {};
      for (const token of tokens(hand.value)) {
        const code = gridCode(token);
        if (code) counts[code] = (counts[code] || 0) + 1;
      }
      for (const button of buttons) {
        const count = counts[button.dataset.card] || 0;
        // The stylesheet draws the count from data-count (not as the button's text).
        button.dataset.count = String(count);
        // The card's own name, as the server wrote it, is kept aside: the label read out
        // adds how many copies are in the hand, in whatever language the page is in.
        if (button.dataset.spoken === undefined) button.dataset.spoken = button.getAttribute("aria-label");
        const name = button.dataset.spoken;
        // Translators: a card button read out by a screen reader, e.g. "ace of hearts, 2 in hand".
        const inHand = ngettext("%(name)s, %(count)s in hand", "%(name)s, %(count)s in hand", count);
        button.setAttribute("aria-label", count ? interpolate(inHand, { name, count }, true) : name);
      }
    }

    function changed(cards) {
      hand.value = cards.join(" ");
      grow();
      refreshBadges();
      form.dispatchEvent(new CustomEvent("picked", { bubbles: true }));
    }

    form.addEventListener("click", (event) => {
      const button = event.target.closest(".card-btn, [data-clear]");
      if (!button || !form.contains(button)) return;
      event.preventDefault();
      if (button.hasAttribute("data-clear")) {
        changed([]);
        return;
      }
      const code = button.dataset.card;
      const cards = tokens(hand.value);
      if (removeMode.checked) {
        // The last copy goes; a card that is not in the hand leaves it as it was.
        for (let i = cards.length - 1; i >= 0; i -= 1) {
          if (gridCode(cards[i]) === code) {
            cards.splice(i, 1);
            changed(cards);
            return;
          }
        }
        return;
      }
      cards.push(code);
      changed(cards);
    });

    hand.addEventListener("input", () => {
      grow();
      refreshBadges();
    });

    const grid = form.querySelector(".tap-grid");
    form.addEventListener("change", (event) => {
      if (event.target.name !== "tap_mode") return;
      grid.setAttribute(
        "aria-label",
        removeMode.checked
          ? gettext("Cards: tap to take a copy off the hand")
          : gettext("Cards: tap to add a copy to the hand"),
      );
    });

    grow();
    refreshBadges();
  }

  function start() {
    const form = document.getElementById("check-form");
    if (form) setUp(form);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
