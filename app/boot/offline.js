// What works offline, and the Expert's runtime: the page's side of the service worker's
// runtime cache (app/boot/sw-template.js). A plain ES module loaded by index.html, beside
// app/boot/pwa.js (which registers the service worker). See docs/offline.md.
//
// The first visit precaches the app shell only (the page, MicroPython, the rules pages):
// games between people and against Novice and Average work offline at once. Pyodide, on
// which the Expert, hints, the win meter and the review run (the worker "players"), is
// kept by the service worker once fetched: when a game first needs the worker (fetched
// through the service worker, or, on a first visit before it controls the page, by the
// worker, which puts what it fetched into the service worker's cache itself; the rest
// comes once the worker is up), or ahead of time when the player asks in Settings
// ("Make the Expert available offline") or the app is installed.
//
// Fills in, in the Settings dialog (index.html, #offline-settings):
//   #offline-now        what works offline now
//   #offline-get        the download's button, with its size (sw.js has it from the build)
//   #offline-progress   its progress; #offline-error the failure, with #offline-retry
// (The worker's boot and its download's progress, #worker-boot, are the page's:
// app/worker/boot_view.py.)
// Sets on <html>:
//   data-offline   "none" (no service worker yet) | "shell" (all but the worker's features) | "all"
//   data-runtime   "absent" | "downloading" | "cached" | "failed"

const root = document.documentElement;
const sw = "serviceWorker" in navigator && window.isSecureContext ? navigator.serviceWorker : null;
const $ = (id) => document.getElementById(id);

// The words it writes: #offline-settings' data-* attributes, which the build writes in each
// language (index.html's data-t-data-*; senet/words/en.po's html.offline.*).
const words = () => ($("offline-settings") || { dataset: {} }).dataset;
const NOW_WORD = { none: "none", shell: "shell", all: "all" };

/* A message's {name} arguments filled in. */
function fill(text, args) {
  return (text || "").replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m));
}

let status = null; // the service worker's last answer: {bytes, cached, complete}
let failure = "";
let downloading = false;
let progress = { loaded: 0, total: 0 };

/* A count of bytes in megabytes, one decimal, in the page's language's digits and decimal
   separator (senet/words/digits.py: Eastern Arabic digits in Arabic, as in Egypt). */
function megabytes(bytes) {
  const lang = root.lang === "ar" ? "ar-EG" : root.lang || "en";
  let n;
  try {
    n = (bytes / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  } catch {
    n = (bytes / 1e6).toFixed(1); // a language tag the browser does not know
  }
  return fill(words().megabytes, { n });
}

function settingsOpen() {
  const settings = $("settings-dialog");
  return !settings || settings.open;
}

function render() {
  const offline = !status ? "none" : status.complete ? "all" : "shell";
  root.dataset.offline = offline;
  const runtime = status && status.complete ? "cached" : downloading ? "downloading" : failure ? "failed" : "absent";
  root.dataset.runtime = runtime;

  const now = $("offline-now");
  if (!now) return;
  now.textContent = sw ? words()[NOW_WORD[offline]] : words().noWorker;
  // The sizes are written only while Settings is open (it opens with a render): a
  // number's first toLocaleString sets up the browser's number formats, 15 ms or more of
  // a phone's main thread just after ready, when the service worker first answers.
  const shown = settingsOpen();
  const get = $("offline-get");
  get.hidden = !status || status.complete;
  get.disabled = downloading;
  if (status && !get.hidden && shown) get.textContent = fill(words().get, { size: megabytes(status.bytes) });
  const row = $("offline-progress-row");
  row.hidden = runtime !== "downloading";
  const bar = $("offline-progress");
  bar.max = progress.total || 1;
  bar.value = Math.min(progress.loaded, bar.max);
  if (!row.hidden && shown) {
    $("offline-progress-text").textContent = fill(words().progress,
      { loaded: megabytes(progress.loaded), total: megabytes(progress.total) });
  }
  $("offline-error").hidden = runtime !== "failed";
  $("offline-error-text").textContent = failure
    ? fill(words().failed, { reason: failure }) : "";
}

// ---------------------------------------------------------------- the service worker

async function active() {
  const reg = await sw.ready;
  return reg.active;
}

async function refresh() {
  if (!sw) return render();
  const worker = await active();
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => { channel.port1.onmessage = (event) => resolve(event.data); });
  worker.postMessage({ type: "RUNTIME_STATUS" }, [channel.port2]);
  status = await answer;
  if (status.complete) {
    downloading = false;
    failure = "";
  } else if (status.failure && !downloading) {
    failure = status.failure; // said before this page listened (the worker starts with the page)
  }
  render();
  // The worker ran on this page, maybe before the service worker controlled it (a first
  // visit straight to a game against the Expert): keep what it needed for offline play.
  // Not while it starts: it is fetching those files, and keeps them itself
  // (app/worker/players.js); this asks for the rest once it is up.
  const used = root.dataset.worker || "off";
  if (!status.complete && !failure && !["off", "failed", "starting"].includes(used)) await getRuntime();
}

/* Once a download the player asked for is complete (Settings' button, or an installed
   app), start the worker "players" once in the background, only so that it keeps the
   memory snapshot of its interpreter (app/worker/players.js): the first game against the Expert
   then starts the worker in about a second, offline too, instead of several. Stopped as
   soon as the snapshot is kept (or was there already, or the start failed). Not when the
   page has started the worker itself, which keeps the snapshot anyway. */
let prewarmed = false;
function prewarm() {
  if (prewarmed || (root.dataset.worker || "off") !== "off") return;
  prewarmed = true;
  const worker = new Worker(new URL("./players.js", import.meta.url), { type: "module" });
  const stop = () => {
    clearTimeout(timer);
    worker.terminate();
  };
  const timer = setTimeout(stop, 180000);
  worker.onerror = stop;
  worker.onmessage = (event) => {
    let message = [];
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    const [kind, start] = message;
    if (kind === "kept" || kind === "failed" || (kind === "ready" && start === "snapshot")) stop();
  };
}

let asked = false; // this page asked for the whole runtime
async function getRuntime() {
  if (!sw || downloading || (status && status.complete)) return;
  asked = true;
  failure = "";
  downloading = true;
  progress = { loaded: status ? status.cached : 0, total: status ? status.bytes : 0 };
  render();
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  (await active()).postMessage({ type: "RUNTIME_DOWNLOAD" });
}

function onMessage(event) {
  const data = event.data || {};
  if (data.type !== "senet:runtime") return;
  progress = { loaded: data.loaded || 0, total: data.total || 0 };
  // The runtime's bytes on the device so far; a change tells a booting worker's link
  // (app/worker/link.py) that its boot goes on. A download fast enough to be over before
  // the service worker's second word of progress still ends with the whole count.
  if (data.state === "downloading" || data.state === "cached") root.dataset.runtimeLoaded = String(progress.loaded);
  if (data.state === "downloading") {
    downloading = true;
  } else if (data.state === "failed") {
    downloading = false;
    failure = data.message || "no answer";
  } else if (data.state === "cached") {
    downloading = false;
    failure = "";
    if (asked) prewarm();
  }
  render();
  if (data.state !== "downloading") refresh().catch(() => {});
}

function setup() {
  const get = $("offline-get");
  if (get) get.addEventListener("click", () => getRuntime().catch(() => {}));
  const retry = $("offline-retry");
  if (retry) retry.addEventListener("click", () => getRuntime().catch(() => {}));
  // The worker's state (app/worker/link.py): show its boot; once it is up, what it
  // fetched is kept, so what works offline may have changed.
  new MutationObserver(() => {
    if (root.dataset.worker !== "starting") downloading = false;
    render();
    if (root.dataset.worker !== "starting") refresh().catch(() => {});
  }).observe(root, { attributes: true, attributeFilter: ["data-worker"] });
  const settings = $("settings-dialog");
  if (settings) {
    new MutationObserver(() => {
      if (!settings.open) return;
      render(); // the sizes, at once
      refresh().catch(() => {});
    })
      .observe(settings, { attributes: true, attributeFilter: ["open"] });
  }
  render();
  if (!sw) return;
  sw.addEventListener("message", onMessage);
  sw.startMessages();
  // An installed app gets the runtime ahead of time: it is meant to work on a plane.
  const installed = window.matchMedia && window.matchMedia("(display-mode: standalone)").matches;
  window.addEventListener("appinstalled", () => getRuntime().catch(() => {}));
  refresh().then(() => { if (installed) return getRuntime(); }).catch(() => {});
}

setup();
