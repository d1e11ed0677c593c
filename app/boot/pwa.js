// Senet as an installable, offline web app: service worker registration, the
// "new version" banner and the Install button. No framework, no build step.
// See docs/offline.md.
//
// Renders into <div id="pwa-slot"> (created at the top of <body> when missing):
//   .pwa-message (role=status)  "A new version of Senet is ready. [Reload]"
//   .pwa-install                "Install Senet", shown only when the browser offers it
// Sets on <html>:
//   data-version   build-info.json's version of the files this page runs
//   data-sw        "none" | "installing" | "ready" (a worker controls the page) | "update" (one waits)
// Fires on window, just before reloading into a new version:
//   "senet:before-update-reload"   last chance to save (the app saves every move anyway)

const root = document.documentElement;
const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);
const INFO_URL = new URL("../build-info.json", import.meta.url);
const UPDATE_CHECK_MS = 60 * 60 * 1000; // a page left open for days still learns of updates
// "Ready to play offline" is said once, when the service worker first installs, and briefly.
const OFFLINE_SAID_MS = 4000;
const STYLESHEET = new URL("./pwa.css", import.meta.url);

let slot;
let message;
let installButton;
let reloading = false;
// The notices' words, in the page's language: the build writes them into #pwa-slot's data-
// attributes from the catalogs (html.pwa.*), as it writes every word of the page.
let words = {};
const watched = new WeakSet();

function setupSlot() {
  slot = document.getElementById("pwa-slot");
  if (!slot) {
    slot = document.createElement("div");
    slot.id = "pwa-slot";
    document.body.prepend(slot);
  }
  words = slot.dataset;
  // A file, not an inline <style>: the page's Content-Security-Policy may forbid those.
  // index.html links it itself, so that it applies from the first paint.
  const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === STYLESHEET.href);
  if (!linked) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = STYLESHEET.href;
    document.head.append(link);
  }

  // The live region exists from the start so that screen readers announce its changes.
  message = document.createElement("div");
  message.className = "pwa-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");

  installButton = document.createElement("button");
  installButton.type = "button";
  installButton.className = "pwa-install";
  installButton.textContent = words.install || "Install Senet";
  installButton.hidden = true;
  slot.append(message, installButton);
}

function say(text, action) {
  message.replaceChildren();
  if (!text) return;
  const span = document.createElement("span");
  span.textContent = text;
  message.append(span);
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pwa-reload";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    message.append(button);
  }
}

async function showVersion() {
  try {
    const response = await fetch(INFO_URL, { cache: "no-cache" });
    if (response.ok) root.dataset.version = (await response.json()).version;
  } catch (err) {
    // Offline without a service worker: nothing to show.
  }
}

function reloadInto(worker) {
  if (reloading) return;
  reloading = true;
  say(words.updating || "Updating\u2026");
  window.dispatchEvent(new CustomEvent("senet:before-update-reload"));
  if (worker && worker.state === "installed") {
    worker.postMessage({ type: "SKIP_WAITING" }); // controllerchange reloads the page
    setTimeout(() => window.location.reload(), 4000); // in case it never comes
  } else {
    window.location.reload();
  }
}

function offerUpdate(worker) {
  root.dataset.sw = "update";
  say(words.update || "A new version of Senet is ready.", { label: words.reload || "Reload", run: () => reloadInto(worker) });
}

function watchInstalling(reg, worker, hadController) {
  if (watched.has(worker)) return;
  watched.add(worker);
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && hadController) offerUpdate(worker);
    if (worker.state === "activated" && !hadController) {
      root.dataset.sw = "ready";
      const ready = words.ready || "Senet is ready to play offline.";
      say(ready);
      setTimeout(() => { if (message.textContent === ready) say(""); }, OFFLINE_SAID_MS);
    }
    if (worker.state === "redundant" && root.dataset.sw === "installing") root.dataset.sw = "none";
  });
}

function untilAppReady() {
  // On a first visit, precaching the shell while Python boots would slow the boot and
  // download everything twice: wait until the app is up (or 20 s at most). A game that
  // starts the Expert's worker at once (an Expert link) waits for its first answer too
  // (up to 60 s more): its runtime's download and the Expert's first move, which the
  // player waits for, get the whole link, and the shell's precache, which nobody waits
  // for, comes after.
  const appUp = () => root.dataset.ready === "true";
  // no worker at work (none asked for, off, failed), or it is up with no question
  // waiting for it (app/worker/link.py marks data-worker-idle) and a person is to act (the
  // computer's turn is over: app/view/view.py marks data-person-to-act). An Expert whose
  // first moves were forced asked the worker nothing: its precache waits for nothing more.
  const workerUp = () => {
    const state = root.dataset.worker;
    return state === undefined || state === "off" || state === "failed"
      || (state !== "starting" && root.dataset.workerIdle === "true" && root.dataset.personToAct === "true");
  };
  if (appUp() && workerUp()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (appUp() && workerUp()) done();
    });
    let timer = setTimeout(() => {
      if (!appUp() || workerUp()) return done();
      timer = setTimeout(done, 60000); // the app is up, its worker still starting
    }, 20000);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-worker", "data-worker-idle",
                                                        "data-person-to-act"] });
  });
}

async function registerWorker() {
  const sw = navigator.serviceWorker;
  const hadController = Boolean(sw.controller);
  root.dataset.sw = hadController ? "ready" : "installing";
  if (!hadController) await untilAppReady();

  sw.addEventListener("controllerchange", () => {
    if (reloading) window.location.reload();
    else if (hadController) offerUpdate(null); // another tab switched to the new version
  });

  const reg = await sw.register(SW_URL, { scope: SCOPE.href });
  if (reg.waiting && hadController) offerUpdate(reg.waiting);
  if (reg.installing) watchInstalling(reg, reg.installing, hadController);
  reg.addEventListener("updatefound", () => {
    if (reg.installing) watchInstalling(reg, reg.installing, Boolean(sw.controller) || hadController);
  });
  if (!hadController && reg.active && !reg.installing && !reg.waiting) {
    root.dataset.sw = "ready"; // a hard reload bypasses the worker; it is there all the same
  }

  // Installed on a phone: ask the browser not to evict the 15 MB cache when space runs low.
  // (Only then: Firefox asks the player about this, which would be odd on a first visit.)
  if (navigator.storage && navigator.storage.persist && window.matchMedia("(display-mode: standalone)").matches) {
    navigator.storage.persist().catch(() => {});
  }

  const check = () => { if (navigator.onLine) reg.update().catch(() => {}); };
  if (hadController) check();
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

function setupInstall() {
  // An offer made before this module started (app/boot/later.js kept it), else none yet.
  let deferred = window.senetInstallOffer || null;
  installButton.hidden = !deferred;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // our own button instead of the browser's mini-infobar
    deferred = event;
    installButton.hidden = false;
  });
  installButton.addEventListener("click", async () => {
    if (!deferred) return;
    installButton.hidden = true;
    deferred.prompt();
    await deferred.userChoice.catch(() => null);
    deferred = null;
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installButton.hidden = true;
  });
}

setupSlot();
setupInstall();
showVersion();
if ("serviceWorker" in navigator && window.isSecureContext) {
  registerWorker().catch((err) => {
    root.dataset.sw = "none";
    console.warn("Senet: service worker registration failed:", err);
  });
} else {
  root.dataset.sw = "none";
}
