/* Senet service worker: precache the app shell, keep the Python runtime once fetched.
 *
 * This is the template; tools/pwa.py fills in VERSION, PRECACHE, RUNTIME and EXTRA and
 * writes dist/sw.js. Do not copy this file into dist/ as it is. See docs/offline.md.
 *
 * - VERSION is the first 12 hex digits of build-info.json's content hash, so the
 *   shell's cache (and this file's bytes, which is what makes the browser see an
 *   update) change exactly when some file of the site changes.
 * - PRECACHE is the app shell: the page, MicroPython, PyScript's chunks the page
 *   loads, the information pages, icons (relative paths, sha256 in SRI form). It goes
 *   into the cache of this version at install. A file whose hash is unchanged since
 *   the previous version is copied from the previous cache instead of being
 *   downloaded again; new files are fetched with `integrity`, so a half-deployed site
 *   can never be cached as a version (install fails and the browser retries later).
 * - RUNTIME is what only the worker of the Expert, hints, the meter and the review
 *   needs (Pyodide, its Zstandard decoder, senet.zip, app/worker/players.js,
 *   app/worker/worker.py), with sizes and which workers fetch each ("zst": the Zstandard
 *   twins, which every worker that loads the decoder takes; "gz": the gzipped twins, for
 *   one that could not load it; "plain": the files they compress); EXTRA are
 *   files nothing loads today (PyScript's terminal and editor chunks, the sources of
 *   the page's modules). Neither is precached: each file goes into one cache shared
 *   by every version, RUNTIME_CACHE, when first fetched (or when the page asks for
 *   the whole runtime: message "RUNTIME_DOWNLOAD"). Activating a new version never
 *   deletes that cache, and installing one brings a runtime the player had up to date
 *   (only the files that changed are downloaded). The worker fetches the runtime itself
 *   (app/worker/players.js); what it fetched while no service worker served it, it puts
 *   into RUNTIME_CACHE itself, under the same keys: nothing is downloaded twice.
 * - A file fetched here (precache, runtime) is first taken from the browser's HTTP cache
 *   when its sha256 is right there (the page or the worker has just fetched it), and only
 *   then from the server.
 * - LANGS are each language's files (tools/site_words.py): English's information pages,
 *   and for each other language its copies of the game page and the information pages,
 *   its catalog (words/<lang>.json.gz) and its manifest. At install, the service worker
 *   precaches the languages of the pages open at the time (the one a first visit chose)
 *   and those an older version had; a page of another language, once fetched, brings
 *   the rest of its language into this version's cache. A visit in one language so
 *   costs no download of the others.
 * - A new version waits until the page asks it to take over (message
 *   "SKIP_WAITING", sent by app/boot/pwa.js when the player clicks Reload): the game
 *   in progress is never interrupted by an update.
 */
"use strict";

const VERSION = "__SENET_VERSION__";
const PRECACHE = /* __SENET_PRECACHE__ */ [];
const RUNTIME = /* __SENET_RUNTIME__ */ [];
const EXTRA = /* __SENET_EXTRA__ */ [];
const LANGS = /* __SENET_LANGS__ */ {};

const SCOPE = self.registration.scope; // ends with "/", e.g. https://user.github.io/senet/
// Caches belong to the whole origin, and user.github.io/senet/ and user.github.io/senet-fork/
// share one: name them after the scope, and only ever touch this scope's caches.
const PREFIX = "senet " + new URL(SCOPE).pathname + " ";
const CACHE = PREFIX + VERSION;
const RUNTIME_CACHE = PREFIX + "runtime"; // never a VERSION (those are 12 hex digits)
const SRI_HEADER = "x-senet-integrity"; // the sha256 a runtime cache entry was checked against
const FRESH_HEADER = "x-senet-fresh"; // a runtime file passed on as it downloads (app/worker/players.js)
function urlOf(path) {
  return new URL(path, SCOPE).href;
}

// Files cached when first fetched: url -> {path, integrity, size, runtime}.
// The worker takes the Zstandard twins (its decoder is plain JavaScript, app/worker/players.js):
// the gzipped twins and the files the twins compress, which a worker that could not load the
// decoder takes, are kept if ever asked for, but are no part of the whole runtime.
const NEEDED = RUNTIME.filter(([, , , twin]) => !twin || twin === "zst");
const LAZY = new Map();
for (const [path, integrity, size] of RUNTIME) LAZY.set(urlOf(path), { path, integrity, size, runtime: false, twin: true });
for (const [path] of NEEDED) Object.assign(LAZY.get(urlOf(path)), { runtime: true, twin: false });
for (const [path, integrity, size] of EXTRA) LAZY.set(urlOf(path), { path, integrity, size, runtime: false });
const RUNTIME_BYTES = NEEDED.reduce((sum, entry) => sum + entry[2], 0);

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

async function sriOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  let bin = "";
  for (const byte of digest) bin += String.fromCharCode(byte);
  return "sha256-" + btoa(bin);
}

/* [[cache, hashes]] of this scope's other versions (an interrupted install, or older versions). */
async function olderCaches() {
  const out = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE && name !== RUNTIME_CACHE) {
      const old = await caches.open(name);
      out.push([old, await knownHashes(old)]);
    }
  }
  return out;
}

/* url's response, its sha256 checked by the browser: from the HTTP cache when it holds
   the right bytes, else from the server. */
async function fetchChecked(url, integrity) {
  try {
    const cached = await fetch(new Request(url, { cache: "force-cache", integrity }));
    if (cached.ok) return cached;
  } catch {
    // another version's bytes in the HTTP cache (or none, offline): the server's
  }
  return fetch(new Request(url, { cache: "no-cache", integrity }));
}

/* A page opened by a link (index.html?variant=...) came under another URL than the one
   precached: the HTTP cache holds it under that one (never asking the server again). */
async function fromWindows(url, integrity) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    const page = new URL(client.url);
    page.hash = "";
    const bare = new URL(page.href);
    bare.search = "";
    const key = bare.href.endsWith("/") ? bare.href + "index.html" : bare.href;
    if (key !== url || page.href === url) continue;
    try {
      const response = await fetch(new Request(page.href, { cache: "only-if-cached", mode: "same-origin", integrity }));
      if (response.ok) return response;
    } catch {
      // not in the HTTP cache, or another version's page
    }
  }
  return null;
}

async function precache(older, files = PRECACHE) {
  const cache = await caches.open(CACHE);
  await Promise.all(files.map(async ([path, integrity]) => {
    const url = urlOf(path);
    if (await cache.match(url)) return;
    for (const [old, hashes] of older) {
      if (hashes.get(url) === integrity) {
        const response = await old.match(url);
        if (response) {
          await cache.put(url, response);
          return;
        }
      }
    }
    // The HTTP cache's copy when it is this version's (the page has just fetched it: no
    // request at all), else the server's ("no-cache": revalidated); `integrity` rejects
    // any stale or half-deployed bytes.
    const response = (await fromWindows(url, integrity)) || (await fetchChecked(url, integrity));
    if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
    await cache.put(url, response);
  }));
}

// ------------------------------------------------------------------ the runtime cache

/* A runtime cache entry: the body, its type, and the sha256 it was checked against. */
function entryOf(body, contentType, integrity) {
  const headers = new Headers({ [SRI_HEADER]: integrity });
  if (contentType) headers.set("content-type", contentType);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/* The runtime cache's key of a file: its URL with its sha256, so that the files of two
   versions live side by side (an old version still running while a new one waits keeps
   its own; the new one's activation removes them). */
function keyOf(url, integrity) {
  return url + "?sri=" + encodeURIComponent(integrity || LAZY.get(url).integrity);
}

async function cachedLazy(cache, url) {
  return (await cache.match(keyOf(url))) || null;
}

/* Tell every window of this scope how the runtime's download goes (app/boot/offline.js). */
async function tell(message) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: "senet:runtime", total: RUNTIME_BYTES, ...message });
}

const receiving = new Map(); // url -> bytes received so far, for the runtime's files in flight
const inflight = new Map(); // url -> the promise of its download (one download a file at a time)
let storedBytes = null; // bytes of the runtime's files in RUNTIME_CACHE (null: not counted yet)
// Why the runtime's last download failed ("" since one succeeded): a page that was not
// listening then (the Expert's worker starts with the page's start) asks for it.
let lastFailure = "";
let toldAt = 0;

function tellProgress(force) {
  const now = Date.now();
  if (!force && now - toldAt < 150) return; // a progress bar, not a flood of messages
  toldAt = now;
  let loaded = storedBytes || 0;
  for (const bytes of receiving.values()) loaded += bytes;
  tell({ state: "downloading", loaded: Math.min(loaded, RUNTIME_BYTES) });
}

async function runtimeStatus() {
  const cache = await caches.open(RUNTIME_CACHE);
  let cached = 0;
  let files = 0;
  for (const [path, , size] of NEEDED) {
    if (await cachedLazy(cache, urlOf(path))) {
      cached += size;
      files += 1;
    }
  }
  storedBytes = cached;
  const complete = files === NEEDED.length;
  if (complete) lastFailure = "";
  return { bytes: RUNTIME_BYTES, cached, complete, downloading: receiving.size > 0, failure: lastFailure };
}

/* Fetch one file of RUNTIME or EXTRA into RUNTIME_CACHE, counting its bytes as they come
   and checking its sha256 before it is stored. Asked for by a page's worker (``passOn``
   given), the file comes from the server (revalidated, "no-cache") and passOn(response)
   gets its bytes as they come, for the worker's progress; asked for here (the whole
   runtime), it first comes from the HTTP cache when that holds this version's bytes
   (the worker has fetched it before this service worker served it: no request). */
function download(url, passOn) {
  if (!inflight.has(url)) {
    const job = (async () => {
      const entry = LAZY.get(url);
      if (entry.runtime) {
        if (storedBytes === null) await runtimeStatus();
        receiving.set(url, 0);
        tellProgress(true);
      }
      let buffer = null;
      let type = null;
      for (const mode of passOn ? ["no-cache"] : ["force-cache", "no-cache"]) {
        const response = await fetch(new Request(url, { cache: mode }));
        if (!response.ok) throw new Error(`${entry.path} answered ${response.status}`);
        type = response.headers.get("content-type");
        let body = response.body;
        if (passOn) {
          const [mine, theirs] = body.tee();
          body = mine;
          const headers = new Headers({ [SRI_HEADER]: entry.integrity, [FRESH_HEADER]: "1" });
          if (type) headers.set("content-type", type);
          passOn(new Response(theirs, { status: 200, statusText: "OK", headers }));
        }
        const reader = body.getReader();
        const chunks = [];
        let received = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.length;
          if (entry.runtime) {
            receiving.set(url, received);
            tellProgress(false);
          }
        }
        buffer = await new Blob(chunks).arrayBuffer();
        if ((await sriOf(buffer)) === entry.integrity) break;
        buffer = null; // another version's bytes: from the server, once
      }
      if (!buffer) throw new Error(`${entry.path} is not the file of this version (the site changed meanwhile: reload)`);
      const cache = await caches.open(RUNTIME_CACHE);
      await cache.put(keyOf(url), entryOf(buffer, type, entry.integrity));
      if (entry.runtime) storedBytes += entry.size;
    })();
    inflight.set(url, job);
    job.finally(() => {
      inflight.delete(url);
      receiving.delete(url);
    }).catch(() => {});
  }
  return inflight.get(url);
}

/* The whole runtime, for "Make the Expert available offline" and for an installed app. */
async function downloadRuntime() {
  const cache = await caches.open(RUNTIME_CACHE);
  const todo = [];
  for (const [path] of NEEDED) {
    if (!(await cachedLazy(cache, urlOf(path)))) todo.push(urlOf(path));
  }
  await runtimeStatus();
  try {
    await Promise.all(todo.map((url) => download(url)));
    await tell({ state: "cached", loaded: RUNTIME_BYTES });
  } catch (err) {
    lastFailure = String((err && err.message) || err);
    await tell({ state: "failed", loaded: storedBytes || 0, message: lastFailure });
  }
}

/* At install: the runtime files an older version holds with the same sha256 move into
   RUNTIME_CACHE; a player who had the whole runtime (under any version) gets the files
   that changed, and the files no older version had, so that the Expert keeps working
   offline after the update. */
async function keepRuntime(older) {
  const cache = await caches.open(RUNTIME_CACHE);
  const stored = new Set((await cache.keys()).map((request) => request.url.split("?")[0]));
  let had = 0;
  let required = 0; // runtime files that some older version listed (a new one cannot have been had)
  const missing = [];
  for (const [url, entry] of LAZY) {
    const known = older.some(([, hashes]) => hashes.has(url));
    if (entry.runtime && (known || stored.has(url))) required += 1;
    if (await cachedLazy(cache, url)) {
      if (entry.runtime) had += 1;
      continue;
    }
    let found = stored.has(url); // another version of the file
    let copied = false;
    for (const [old, hashes] of older) {
      const response = await old.match(url);
      if (!response) continue;
      found = true;
      if (hashes.get(url) === entry.integrity) {
        await cache.put(keyOf(url), entryOf(await response.arrayBuffer(), response.headers.get("content-type"),
                                            entry.integrity));
        copied = true;
        break;
      }
    }
    if (entry.runtime && found) had += 1;
    if (entry.runtime && !copied) missing.push(url);
  }
  if (required > 0 && had >= required) await Promise.all(missing.map((url) => download(url)));
}

// ------------------------------------------------------------------ the languages

const LANG_OF = new Map(); // url -> the language whose files it is one of
for (const [lang, files] of Object.entries(LANGS)) for (const [path] of files) LANG_OF.set(urlOf(path), lang);

/* The language of a page's URL: its copy's, or English for the game page itself. */
function languageOf(href) {
  const url = new URL(href);
  url.search = "";
  url.hash = "";
  const key = url.href.endsWith("/") ? url.href + "index.html" : url.href;
  return LANG_OF.get(key) || (key === urlOf("index.html") ? "en" : null);
}

/* The languages to precache at install: those of the pages open now (the first visit's
   choice among them), and those an older version held. */
async function languagesToKeep(older) {
  const want = new Set();
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    const lang = languageOf(client.url);
    if (lang) want.add(lang);
  }
  for (const [lang, files] of Object.entries(LANGS)) {
    for (const [old] of older) if (await old.match(urlOf(files[0][0]))) want.add(lang);
  }
  if (want.size === 0) want.add("en");
  return [...want].filter((lang) => LANGS[lang]);
}

const keeping = new Map(); // lang -> the promise of its files going into this version's cache

/* A page of ``lang`` was fetched: the rest of its language goes into the cache, so that
   it works offline too. */
function keepLanguage(lang) {
  if (!keeping.has(lang)) {
    const job = (async () => {
      if (!(await caches.has(CACHE))) return; // a version not installed yet: its install does it
      await precache(await olderCaches(), LANGS[lang]);
    })();
    keeping.set(lang, job);
    job.catch(() => keeping.delete(lang)); // offline, or another version on the server: later
  }
  return keeping.get(lang);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = await olderCaches();
    await precache(older);
    for (const lang of await languagesToKeep(older)) await precache(older, LANGS[lang]);
    await keepRuntime(older);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE && name !== RUNTIME_CACHE) await caches.delete(name);
    }
    // The runtime cache outlives versions; only files this version does not use go (and
    // the twins of the runtime's files this browser does not need).
    const runtime = await caches.open(RUNTIME_CACHE);
    const used = new Set([...LAZY].filter(([, entry]) => !entry.twin).map(([url]) => keyOf(url)));
    for (const request of await runtime.keys()) {
      if (!used.has(request.url)) await runtime.delete(request);
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
  } else if (data.type === "RUNTIME_STATUS" && event.ports[0]) {
    event.waitUntil(runtimeStatus().then((status) => event.ports[0].postMessage({ version: VERSION, ...status })));
  } else if (data.type === "RUNTIME_DOWNLOAD") {
    event.waitUntil(downloadRuntime());
  }
});

/* A file of RUNTIME or EXTRA: from RUNTIME_CACHE, else downloaded into it and served. */
async function respondLazy(request, url, event) {
  const cache = await caches.open(RUNTIME_CACHE);
  const hit = await cachedLazy(cache, url);
  if (hit) return hit;
  let failure = null;
  try {
    if (!inflight.has(url)) {
      // This request starts the download: it gets the bytes as they come.
      let handOver;
      const passed = new Promise((resolve) => { handOver = resolve; });
      const job = download(url, handOver);
      event.waitUntil(job.catch(() => {})); // stored after the worker has its bytes: stay up for it
      const first = await Promise.race([passed, job.then(() => null)]);
      if (first) return first;
    }
    await download(url);
    const stored = await cachedLazy(cache, url);
    if (stored) return stored;
  } catch (err) {
    failure = err; // offline, or the server has another version's file
  }
  try {
    return await fetch(request); // the network answers as it can
  } catch (err) {
    // Offline with no copy: the worker cannot start; the page says why (app/boot/offline.js).
    if (LAZY.get(url).runtime) {
      lastFailure = String((failure && failure.message) || err.message || err);
      tell({ state: "failed", loaded: storedBytes || 0, message: lastFailure });
    }
    throw err;
  }
}

async function respond(request, event) {
  const bare = request.url.split(/[?#]/)[0];
  if (request.mode !== "navigate" && LAZY.has(bare)) return respondLazy(request, bare, event);
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
  event.respondWith(respond(request, event));
  const lang = request.mode === "navigate" ? languageOf(request.url) : LANG_OF.get(request.url.split(/[?#]/)[0]);
  if (lang && LANGS[lang]) event.waitUntil(keepLanguage(lang).catch(() => {}));
});
