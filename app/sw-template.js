/* Senet service worker: precache every file of the site, serve cache-first.
 *
 * This is the template; tools/pwa.py fills in VERSION and PRECACHE and writes
 * dist/sw.js. Do not copy this file into dist/ as it is. See docs/offline.md.
 *
 * - VERSION is the first 12 hex digits of build-info.json's content hash, so the
 *   cache (and this file's bytes, which is what makes the browser see an update)
 *   change exactly when some file of the site changes.
 * - PRECACHE lists every file of dist/ (relative to this file) with its sha256 in
 *   SRI form. A file whose hash is unchanged since the previous version is copied
 *   from the previous cache instead of being downloaded again; new files are
 *   fetched with `integrity`, so a half-deployed site can never be cached as a
 *   version (install fails and the browser retries later).
 * - A new version waits until the page asks it to take over (message
 *   "SKIP_WAITING", sent by app/pwa.js when the player clicks Reload): the game
 *   in progress is never interrupted by an update.
 */
"use strict";

const VERSION = "__SENET_VERSION__";
const PRECACHE = /* __SENET_PRECACHE__ */ [];

const SCOPE = self.registration.scope; // ends with "/", e.g. https://user.github.io/senet/
// Caches belong to the whole origin, and user.github.io/senet/ and user.github.io/senet-fork/
// share one: name them after the scope, and only ever touch this scope's caches.
const PREFIX = "senet " + new URL(SCOPE).pathname + " ";
const CACHE = PREFIX + VERSION;

function urlOf(path) {
  return new URL(path, SCOPE).href;
}

/* sha256 (SRI form) of every file in an older cache, read from its build-info.json. */
async function knownHashes(cache) {
  const response = await cache.match(urlOf("build-info.json"));
  if (!response) return new Map();
  try {
    const info = await response.json();
    const map = new Map();
    for (const [path, meta] of Object.entries(info.files || {})) {
      map.set(urlOf(path), "sha256-" + hexToBase64(meta.sha256));
    }
    return map;
  } catch (err) {
    return new Map();
  }
}

function hexToBase64(hex) {
  let bin = "";
  for (let i = 0; i < hex.length; i += 2) bin += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(bin);
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Files already stored (an interrupted install, or an older version of the site).
  const reusable = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const old = await caches.open(name);
      reusable.push([old, await knownHashes(old)]);
    }
  }
  let copied = 0;
  let fetched = 0;
  await Promise.all(PRECACHE.map(async ([path, integrity]) => {
    const url = urlOf(path);
    if (await cache.match(url)) return;
    for (const [old, hashes] of reusable) {
      if (hashes.get(url) === integrity) {
        const response = await old.match(url);
        if (response) {
          await cache.put(url, response);
          copied += 1;
          return;
        }
      }
    }
    // "no-cache": revalidate with the server (usually a cheap 304 right after the
    // first visit downloaded everything); `integrity` rejects any stale or
    // half-deployed bytes.
    const response = await fetch(new Request(url, { cache: "no-cache", integrity }));
    if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
    await cache.put(url, response);
    fetched += 1;
  }));
  return { copied, fetched };
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") {
    self.skipWaiting();
  } else if (data.type === "VERSION" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, files: PRECACHE.length });
  }
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  let cached;
  if (request.mode === "navigate") {
    // index.html?variant=... and the bare directory URL are the same page.
    const url = new URL(request.url);
    url.search = "";
    url.hash = "";
    const key = url.href.endsWith("/") ? url.href + "index.html" : url.href;
    cached = await cache.match(key, { ignoreSearch: true });
  } else {
    cached = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true, ignoreVary: true }));
  }
  if (cached) return cached;
  return fetch(request); // not part of the site (or the cache was evicted): the network
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  // Range requests (media) would get a full 200 from the cache: let the network answer.
  if (request.headers.has("range")) return;
  event.respondWith(respond(request));
});
