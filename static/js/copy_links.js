// Invitation links: a tap selects the whole link; the Copy buttons appear only where the
// clipboard can be used, and without it the link stays selectable.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll(".copy-source").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
  if (!navigator.clipboard) return;
  document.querySelectorAll(".copy-button").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.copy);
      navigator.clipboard.writeText(input.value).then(function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = "Copy"; }, 2000);
      });
    });
  });
});
