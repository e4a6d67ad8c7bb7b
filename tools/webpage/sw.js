// The page offline (make web, docs/WEB.md): everything it loads is cached at
// install, and kept fresh. A new build has a new cache
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

// The network first (a new build is there at once), the cache when there is none (offline) or when the
// network has not answered in SLOW_MS; each answer from the network kept for then.
const SLOW_MS = 4000;

self.addEventListener("fetch", (e) => {
  // (the installer's bundles, some MB a board, go to the network alone: a board is flashed online)
  if (e.request.method !== "GET" || new URL(e.request.url).pathname.includes("/install/")) return;
  e.respondWith(caches.open(CACHE).then((c) => {
    const kept = () => c.match(e.request, { ignoreSearch: true });
    // (by its address: a page's own request, a navigation, cannot be given another cache mode)
    const net = fetch(e.request.url, { cache: "no-cache" }).then((r) => {
      if (r.ok && new URL(e.request.url).origin === location.origin) c.put(e.request, r.clone());
      return r;
    });
    const offline = net.catch(() => kept().then((hit) => hit || Response.error()));
    const slow = new Promise((ok) => setTimeout(ok, SLOW_MS)).then(kept).then((hit) => hit || offline);
    return Promise.race([offline, slow]);
  }));
});
