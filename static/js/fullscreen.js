// The projector's Full screen button: browsers allow full screen only after a tap.
document.addEventListener("click", function (event) {
  "use strict";
  if (event.target.closest("[data-fullscreen]") && document.documentElement.requestFullscreen) {
    document.documentElement.requestFullscreen();
  }
});
