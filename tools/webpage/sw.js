// The page offline (make web, docs/WEB.md): everything it loads is cached at
// install; answers come from the cache first. A new build has a new cache
// name (tools/webbuild.py writes it in), which replaces the old one on activation.
const CACHE = "scorekeeper-@BUILD@";
const FILES = ["./", "index.html", "page.js", "page.css", "manifest.webmanifest", "icon.svg",
  "micropython.mjs", "micropython.wasm", "firmware.json"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true })
    .then((hit) => hit || fetch(e.request))));
});
