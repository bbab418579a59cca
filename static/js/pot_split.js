// The pot split page: what is left to share as the scorer types the amounts, and typing an
// amount chooses "Amounts typed". The server checks the split again; this only helps.
(function () {
  "use strict";

  // What is left of the pot once the typed amounts are given out; a box left empty, or
  // holding anything but a whole number above nought, gives nothing (the server says why).
  function leftToShare(pot, values) {
    return values.reduce(function (left, text) {
      const value = Number(text);
      return left - (Number.isInteger(value) && value > 0 ? value : 0);
    }, pot);
  }

  // Node's unit tests (tests/js/) load this file to test the pure part above; a page's
  // classic script has no `module`, so in a browser this does nothing.
  if (typeof module === "object" && module.exports) {
    module.exports = { leftToShare };
    return;
  }

  function start() {
    const form = document.querySelector(".pot-split");
    if (!form) return;
    const pot = Number(form.dataset.pot || 0);
    const left = form.querySelector(".pot-split__left-amount");
    const amounts = Array.from(form.querySelectorAll(".pot-split__amount"));
    const typed = form.querySelector('input[name=split][value=amounts]');
    function update() {
      const values = amounts.map(function (box) { return box.value; });
      if (left) left.textContent = String(leftToShare(pot, values));
    }
    amounts.forEach(function (box) {
      box.addEventListener("input", function () {
        if (typed && box.value !== "") typed.checked = true;
        update();
      });
    });
    // On a slow phone the scorer may type before this script has run: what was typed then
    // chooses "Amounts typed" too, or the pot would be split equally in spite of it.
    if (typed && amounts.some(function (box) { return box.value !== ""; })) typed.checked = true;
    update();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
