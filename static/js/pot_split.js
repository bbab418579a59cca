// The pot split page: what is left to share as the scorer types the amounts, and typing an
// amount chooses "Amounts typed". The server checks the split again; this only helps.
(function () {
  "use strict";
  function start() {
    const form = document.querySelector(".pot-split");
    if (!form) return;
    const pot = Number(form.dataset.pot || 0);
    const left = form.querySelector(".pot-split__left-amount");
    const amounts = Array.from(form.querySelectorAll(".pot-split__amount"));
    const typed = form.querySelector('input[name=split][value=amounts]');
    function update() {
      const given = amounts.reduce(function (sum, box) {
        const value = Number(box.value);
        return sum + (Number.isInteger(value) && value > 0 ? value : 0);
      }, 0);
      if (left) left.textContent = String(pot - given);
    }
    amounts.forEach(function (box) {
      box.addEventListener("input", function () {
        if (typed && box.value !== "") typed.checked = true;
        update();
      });
    });
    update();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
