{% load static %}// Rummy Club's service worker: the app's pages and files open with no network.
// Served at /sw.js (config/offline.py) so that it looks after every page of the site.
// Workbox (vendored in static/vendor/, no CDN) does the routing and caching; the hands a
// scorer saves offline wait in the page's own queue (static/js/queue.js), not here.
importScripts("{% static 'vendor/workbox-7.4.1/workbox-sw.js' %}");
workbox.setConfig({ debug: false, modulePathPrefix: "{{ workbox_prefix }}" });

const VERSION = "{{ version }}";
const PAGES = "pages-" + VERSION;
const FILES = "files-" + VERSION;
const CATALOGUE = "catalogue-" + VERSION;
const OFFLINE_URL = "{% url 'offline' %}";
const CATALOGUE_URL = "{% url 'javascript-catalog' %}";
const FONTS = {{ fonts|safe }};
const OFFLINE_STYLES = {{ offline_styles|safe }};

self.addEventListener("install", (event) => {
  // The page shown for an address never opened before, when there is no network, with its
  // style sheet; and the fonts of the phone's language, which the first page loaded before
  // this worker looked after it (config/offline.py: this script names them, so a new
  // language means a new worker, which adds its fonts to the same cache).
  event.waitUntil(Promise.all([
    caches.open(PAGES).then((cache) => cache.add(OFFLINE_URL)),
    caches.open(FILES).then((cache) => cache.addAll([...FONTS, ...OFFLINE_STYLES])),
  ]));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Caches of an older version go; this one looks after the open pages at once.
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => !key.endsWith("-" + VERSION)).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

// Logging out forgets every page kept for this phone: the next person sees none of them.
self.addEventListener("message", (event) => {
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
});

const { registerRoute, setCatchHandler } = workbox.routing;
const { NetworkFirst, StaleWhileRevalidate } = workbox.strategies;
const { ExpirationPlugin } = workbox.expiration;

// Pages: the network first, so the table sees the latest hands; without a network within
// a few seconds, the copy kept from the last visit.
const NEVER_KEPT = ["/api/", "/admin/", "/accounts/", "/sw.js"];
registerRoute(
  ({ request, url }) => request.mode === "navigate"
    && url.origin === self.location.origin
    && !NEVER_KEPT.some((prefix) => url.pathname.startsWith(prefix)),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

// The app's own files (styles, scripts, icons): from the cache at once, refreshed behind.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("{% get_static_prefix %}"),
  new StaleWhileRevalidate({
    cacheName: FILES,
    plugins: [new ExpirationPlugin({ maxEntries: 120 })],
  }),
);

// The JavaScript catalogue (the words the app's scripts show). Every script of the page waits
// for it (it is the first of the deferred scripts), so the copy kept is used at once and the
// network refreshes it behind, as for the app's files: waiting on a room's bad Wi-Fi for words
// that change only with a release would hold up every tap's script.
// Pages name their own language in the address (?lang=hi, templates/partials/htmx_script.html),
// so each language is kept apart and a page kept from an earlier visit finds its own words
// offline, even after the phone has switched language. The address names the language, so a
// "Vary" of Django's answer is ignored; an answer in another language than the address names
// (the phone switched since that page was kept) is shown but never kept under that address.
function keptUnderItsLanguage({ request, response }) {
  if (response.status !== 200) return null;
  const asked = new URL(request.url).searchParams.get("lang");
  const given = response.headers.get("Content-Language");
  return asked && given && asked !== given ? null : response;
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === CATALOGUE_URL,
  new StaleWhileRevalidate({
    cacheName: CATALOGUE,
    matchOptions: { ignoreVary: true },
    plugins: [
      { cacheWillUpdate: async (answer) => keptUnderItsLanguage(answer) },
      new ExpirationPlugin({ maxEntries: 10 }),
    ],
  }),
);

// A page never opened before, with no network: say so, rather than the browser's error.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
  }
  return Response.error();
});
