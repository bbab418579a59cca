// Invitation links: a tap selects the whole link; the Copy buttons appear only where the
// clipboard can be used, and without it the link stays selectable.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";

  // "Copied" comes from Django's JavaScript catalogue (/jsi18n/, loaded before this file, in
  // the page's language); if the catalogue failed to load, it stays in English.
  var gettext = window.gettext || function (text) { return text; };

  document.querySelectorAll(".copy-source").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
  if (!navigator.clipboard) return;
  document.querySelectorAll(".copy-button").forEach(function (button) {
    button.hidden = false;
    // The button's own word, as the page wrote it, comes back after the confirmation.
    var label = button.textContent;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.copy);
      navigator.clipboard.writeText(input.value).then(function () {
        button.textContent = gettext("Copied");
        setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
  });
});
