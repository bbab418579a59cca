// A field tapped on the session screen stays where the thumb left it: the browser reveals a
// focused field as it likes (the caret only, under the sticky save bar; or centred, a jump of
// 300px on a phone), so the page moves only by what the field needs to clear the sticky
// totals above and the save bar below, at once. Also when the keyboard shrinks the screen.
(function () {
  "use strict";

  const GAP = 8;

  function clear(field) {
    if (!field || !field.matches(".hand-panel :is(input, textarea, select)")) return;
    const totals = document.querySelector(".table-screen .totals");
    const bar = field.form && field.form.querySelector(".save-bar");
    const screen = window.visualViewport ? window.visualViewport.height : window.innerHeight;
    const above = totals ? totals.getBoundingClientRect().bottom + GAP : GAP;
    const below = (bar ? Math.min(bar.getBoundingClientRect().top, screen) : screen) - GAP;
    const box = field.getBoundingClientRect();
    let move = 0;
    if (box.bottom > below) move = box.bottom - below;
    if (box.top - move < above) move = box.top - above;
    if (move) window.scrollBy({ top: move, behavior: "instant" });
  }

  document.addEventListener("focusin", (event) => {
    // After the browser's own reveal, which runs with the focus.
    requestAnimationFrame(() => clear(event.target));
  });
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", () => clear(document.activeElement));
  }
})();
