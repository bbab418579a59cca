// Every page installs the service worker (/sw.js), so the pages a scorer opens also open
// with no network. A browser without service workers (or a page not served over HTTPS or
// from localhost, where browsers refuse them) simply works online only.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return;

  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Refused (private mode, a policy): the site still works, only not offline.
    });
  });

  // Logging out forgets the pages kept on this phone: the next person sees none of them.
  document.addEventListener("submit", (event) => {
    if (!event.target.matches("[data-logout]")) return;
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage("forget-pages");
  });
})();
