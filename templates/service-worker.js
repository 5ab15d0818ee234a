// mjsite's service worker, served at /sw.js so that its scope is the whole site
// (mjsite/views.py). Browsers run it only on HTTPS (and on localhost): it keeps the
// table pages usable without a connection. The page itself keeps the hands typed
// offline (static/js/sync.js's outbox) and the last snapshot it saw.
//
// Table pages: network first, the last copy when offline. Static files: from the cache,
// refreshed in the background. Everything else (the API, the admin, websockets) is left
// to the network.
const PAGES = "mjsite-pages-v1";
const ASSETS = "mjsite-assets-v1";
const STATIC_PREFIX = "{{ static_prefix|escapejs }}";
const TABLE_PAGE = /^\/t\/[^/]+\/(results\/)?$/;
const MAX_PAGES = 12;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== PAGES && name !== ASSETS) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(key);
}

async function tablePage(request) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      await cache.put(request.url.split("?")[0], answer.clone());
      trim(cache);
    }
    return answer;
  } catch (error) {
    const kept = await cache.match(request.url.split("?")[0]);
    if (kept) return kept;
    throw error;
  }
}

async function asset(request, event) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  const fresh = fetch(request).then((answer) => {
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => null));
    return kept;
  }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(asset(request, event));
  } else if (request.mode === "navigate" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(tablePage(request));
  }
});
