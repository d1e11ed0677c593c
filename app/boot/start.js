// The page's start, asked for once the page has been drawn for the first time.
//
// Everything that brings the board to life (PyScript's core.js and its chunks, MicroPython
// and its WebAssembly, the page's pack and app/main.py) is about a megabyte. Asked for
// while the page is still being parsed, on a slow connection it takes the bandwidth the
// first paint needs: Lighthouse's simulated phone put that paint after the whole megabyte
// (docs/build.md, "The whole start asked for at once, after the first paint"). So this
// classic script, loaded in <head>, waits for the first paint on a first visit and then
// asks for all of it at once. Its own tag names the module scripts to run, in order
// (data-modules); the build adds the rest of the chain (data-preload-modules,
// data-preload-fetched; tools/build.py, `_preload_start`). The performance mark
// "senet:start-asked" follows the last request (tests/browser/test_boot.py).
(function () {
  const tag = document.currentScript;
  const listed = (name) => (tag.dataset[name] || "").split(/\s+/).filter(Boolean);
  let asked = false;

  // Every file of the start, asked for at once.
  function ask() {
    if (asked) return;
    asked = true;
    const head = document.head;
    for (const href of [...listed("modules"), ...listed("preloadModules")]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      head.appendChild(link);
    }
    // crossOrigin "anonymous" (credentials "same-origin") is what fetch() asks, so
    // PyScript's and MicroPython's own requests take the preloaded answers.
    for (const href of listed("preloadFetched")) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = href;
      head.appendChild(link);
    }
    place();
    unzipWasm();
    performance.mark("senet:start-asked");
    startExpert();
    whenParsed(run);
  }

  // The files MicroPython reads before app/main.py's first import (data-placed: the
  // page's pack, a copy's catalog of words). Each is fetched gzipped (NAME.gz, written by
  // tools/build.py beside NAME: the pack is half its size so) and unpacked by the
  // browser's DecompressionStream, off MicroPython's thread of work; a browser without it,
  // or a server that sent something else, gets the plain file. app/main.py awaits
  // window.senetPlace(), which writes them into MicroPython's file system, where PyScript
  // writes pyscript.toml's [files] (docs/build.md, "The page's files sent gzipped").
  let placing = null;
  const GZIP = [0x1f, 0x8b];

  const pageFetch = window.fetch; // unzipWasm() answers one request of the page's own

  async function fetchBytes(url) {
    const response = await pageFetch.call(window, url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function unpacked(name) {
    if (window.DecompressionStream) {
      try {
        const data = await fetchBytes(name + ".gz");
        if (data[0] !== GZIP[0] || data[1] !== GZIP[1]) return data; // the server unpacked it
        const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
        return new Uint8Array(await new Response(stream).arrayBuffer());
      } catch (error) {
        console.warn(`Senet: ${name}.gz could not be unpacked (${error}); the plain file instead`);
      }
    }
    return fetchBytes(name);
  }

  function place() {
    if (!placing) {
      placing = Promise.all(listed("placed").map(async (name) => [name.replace(/^\.\//, ""), await unpacked(name)]));
      placing.catch(() => {}); // said when app/main.py awaits it
    }
    return placing;
  }

  // MicroPython's WebAssembly (data-wasm), fetched gzipped (NAME.gz, 44% of its size) with
  // the rest of the start and unpacked by DecompressionStream as the pack is. MicroPython's
  // own request for NAME (its fetch(), then WebAssembly.instantiateStreaming) is answered
  // with those bytes: the page's first start sends some 240 KB less. (Answered with the
  // unpacking stream itself, the compile took the main thread for longer: tools/build.py's
  // UNZIPPED_WASM.) Without DecompressionStream MicroPython fetches the plain file itself;
  // when the twin fails, unpacked() takes the plain file.
  function unzipWasm() {
    const name = tag.dataset.wasm;
    if (!name || !window.DecompressionStream) return;
    const target = new URL(name, document.baseURI).href;
    const bytes = unpacked(name);
    bytes.catch(() => {}); // MicroPython's request then goes to the network
    window.fetch = function (input, init) {
      const asked = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (new URL(asked, document.baseURI).href !== target) return pageFetch.call(this, input, init);
      window.fetch = pageFetch; // once: MicroPython's fallback, if it needs one, takes the plain file
      return bytes.then((data) => new Response(data, { headers: { "content-type": "application/wasm" } }),
                        () => pageFetch.call(window, input, init));
    };
  }

  // A turn for the browser, as a promise (app/platform/main_thread.py): a message the page
  // posts to itself, which the browser answers after what it had queued, without the
  // 4 ms that nested timers wait.
  window.senetPause = function () {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
      channel.port2.postMessage(null);
    });
  };

  // Called by app/main.py once MicroPython runs: the placed files written into its file
  // system (the vendored MicroPython's Emscripten module, globalThis.Module). Their count.
  window.senetPlace = async function () {
    const files = await place();
    const fs = globalThis.Module && globalThis.Module.FS;
    if (!fs) throw new Error("MicroPython's file system is not there (globalThis.Module.FS)");
    for (const [path, data] of files) {
      const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
      if (folder) fs.mkdirTree(folder);
      fs.writeFile(path, data);
    }
    return files.length;
  };

  // A file of the page's it needs later (the parts' pack, once the board is live):
  // app/main.py asks for it as soon as the start's own files are placed (senetFetchLater:
  // the link is free then, while MicroPython imports the page's modules), and has it
  // written into MicroPython's file system at NAME when it needs it (senetPlaceLater,
  // which fetches it then if it was not asked for). Fetched and unpacked as the placed
  // files are; a failed fetch is asked again. Its size in bytes.
  const later = new Map();

  window.senetFetchLater = function (name, plain) {
    if (!later.has(name)) {
      // ``plain``: a file compressed already (the Expert's opening book), fetched as it is
      const data = plain ? fetchBytes("./" + name) : unpacked("./" + name);
      data.catch(() => later.delete(name)); // said when app/main.py places it
      later.set(name, data);
    }
  };

  window.senetPlaceLater = async function (name, plain) {
    window.senetFetchLater(name, plain);
    const data = await later.get(name);
    later.delete(name);
    const fs = globalThis.Module && globalThis.Module.FS;
    if (!fs) throw new Error("MicroPython's file system is not there (globalThis.Module.FS)");
    fs.writeFile(name, data);
    return data.length;
  };

  // A link to a game against the Expert (white=expert or black=expert): its worker starts
  // with the page's start, so that the runtime's download (docs/build.md, "The Expert's
  // runtime") has the link while MicroPython starts, instead of beginning once the board is
  // live. app/worker/link.py takes it over (window.senetEarlyWorker), with the messages it
  // said meanwhile. Not with the test hook ?fail_worker (the page then fails every call).
  function startExpert() {
    const query = new URLSearchParams(window.location.search);
    const expert = ["white", "black"].some((seat) => query.get(seat) === "expert");
    if (!expert || query.has("fail_worker") || !window.Worker) return;
    try {
      // the page's language, as app/worker/link.py asks for it: the worker's words in it
      const lang = document.documentElement.lang || "en";
      const src = lang === "en" ? "./app/players.js" : "./app/players.js?lang=" + encodeURIComponent(lang);
      const worker = new Worker(src, { type: "module" });
      const said = [];
      worker.onmessage = worker.onerror = (event) => said.push(event);
      window.senetEarlyWorker = { worker, said };
    } catch (error) {
      console.warn("Senet: the Expert's worker did not start early:", error);
    }
  }

  // The module scripts run, in their order, once the page is parsed (they look for its
  // elements), as they would from tags of their own.
  function run() {
    for (const src of listed("modules")) {
      const script = document.createElement("script");
      script.type = "module";
      script.async = false; // inserted scripts run as they arrive, unless async is off
      script.src = src;
      document.head.appendChild(script);
    }
  }

  function whenParsed(then) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then, { once: true });
    else then();
  }

  // The browser may offer to install the app before app/boot/pwa.js starts (it comes once the
  // board is live, app/boot/later.js): the offer is kept from the first moment for its Install
  // button (window.senetInstallOffer), as pwa.js does with a later one.
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    window.senetInstallOffer = event;
  });

  // A page its service worker serves (app/boot/pwa.js) has its files on the device: nothing
  // competes with the first paint, so it asks at once, as does a page hidden as it
  // loads (it has no paint to wait for). A first visit waits until the first paint is on
  // the screen, which the browser's paint timing tells; without it, until a task queued
  // from the first frame's callback runs (once that frame is drawn). A page hidden before
  // its first paint asks then; FALLBACK_MS covers a paint that is never reported.
  const FALLBACK_MS = 10000;
  const timing = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  const served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  if (served || document.visibilityState === "hidden") {
    ask();
  } else if (timing.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        ask();
      }
    }).observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") ask(); });
    setTimeout(ask, FALLBACK_MS);
  } else {
    requestAnimationFrame(() => setTimeout(ask, 0));
  }
})();
