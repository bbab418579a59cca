// A form that comes back refused moves to its first mistake: the page scrolls to the first
// field marked in error and puts the cursor in it, so a player need not hunt 1,700 px down
// the page for a red line. Every page loads this; pages without a mistake are left alone.
(function () {
  "use strict";

  const ERRORS = ".seat--error, .field-error:not(:empty), .errorlist, [aria-invalid=true]";
  const CONTROLS = "input:not([type=hidden]), select, textarea";

  function visible(element) {
    return element.offsetParent !== null || element.getClientRects().length > 0;
  }

  function firstControl(root) {
    const typed = Array.from(root.querySelectorAll("input[type=text], input[type=number], textarea, select"));
    return typed.find(visible) || root.querySelector(".chip-input:checked") || root.querySelector(CONTROLS);
  }

  // The control a mistake is about: its own seat, the field that names it in
  // aria-describedby, or the nearest field before the sentence.
  function controlFor(error) {
    if (error.matches(CONTROLS)) return error;
    const seat = error.closest(".seat");
    if (seat) return firstControl(seat);
    if (error.id) {
      const described = document.querySelector(`[aria-describedby~="${CSS.escape(error.id)}"]`);
      if (described) return described.matches(CONTROLS) ? described : firstControl(described);
    }
    for (let node = error.previousElementSibling; node; node = node.previousElementSibling) {
      const control = node.matches(CONTROLS) ? node : node.querySelector(CONTROLS);
      if (control) return control;
    }
    const form = error.closest("form");
    return form ? firstControl(form) : null;
  }

  function focusFirstError() {
    const error = document.querySelector(ERRORS);
    if (!error) {
      const alert = document.querySelector("main .message--error[role=alert]");
      if (alert) alert.scrollIntoView({ block: "center" });
      return;
    }
    const control = controlFor(error);
    const target = control && visible(control) ? control : error;
    target.scrollIntoView({ block: "center" });
    if (control) control.focus({ preventScroll: true });
  }

  document.addEventListener("board:shown", focusFirstError);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", focusFirstError);
  } else {
    focusFirstError();
  }
})();
