// The page's helpers that work in the background, loaded once the board is live: the
// service worker and its banner (app/boot/pwa.js), and what works offline with the worker's
// boot (app/boot/offline.js). As module scripts of index.html they were fetched and run
// while PyScript was starting MicroPython, a few tens of ms of a cold start
// (docs/build.md). They are loaded when <html data-ready="true"> comes, or after
// FALLBACK_MS in any case: a page whose Python failed still registers the service
// worker, which is how a fixed version reaches it. Both read the page's state when they
// start (the worker's boot may be under way already; an install offer that came before
// pwa.js, app/boot/start.js kept). What a player uses at once comes with the page's start
// (app/boot/start.js): the sounds, the side panel's parts, the online link.
const LATER = ["./pwa.js", "./offline.js"];
const FALLBACK_MS = 10000;
const root = document.documentElement;

let loaded = false;
function load() {
  if (loaded) return;
  loaded = true;
  observer.disconnect();
  clearTimeout(timer);
  for (const path of LATER) {
    import(path).catch((err) => console.warn(`Senet: ${path} did not load:`, err));
  }
}

const observer = new MutationObserver(() => { if (root.dataset.ready === "true") load(); });
const timer = setTimeout(load, FALLBACK_MS);
if (root.dataset.ready === "true") load();
else observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
