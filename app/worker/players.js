/* The worker "players": Pyodide in a module worker, where the Expert thinks, with the
 * analyses behind hints, the win meter and the game review (app/worker/worker.py holds them).
 * app/worker/link.py starts it on first need with `new Worker(..., {type: "module"})`.
 *
 * Messages are JSON strings both ways, so that only text crosses (like FEN and UCI):
 *   page -> worker   [id, name, [args...]]      name: one of app/worker/worker.py's __export__
 *   worker -> page   ["ready", start, variants]  booted; start is "snapshot" or "fresh"
 *                    ["failed", message]          could not boot (the page decides alone)
 *                    ["ok", id, value]            the answer to call id
 *                    ["error", id, message]       call id raised
 *                    ["kept", problem]            a new snapshot was stored ("" or why not)
 *                    ["progress", loaded, total]  bytes of the runtime come from the network so far
 *
 * The runtime (tools/runtime.py builds it): the worker fetches its files itself, all at
 * once, counting the bytes as they come for the page's progress: the two large ones, the
 * trimmed standard library and the engine's senet.zip compressed with Zstandard, decoded
 * here by fzstd (npm, pure JavaScript, vendor/fzstd/fzstd.js, fetched beside them), the
 * lock file and worker.py. What the start imports from the library and the engine comes
 * as bytecode, compiled by the build (tools/pyodide_compile.mjs). Where the decoder cannot load, the worker asks for the gzipped twins instead
 * and decompresses them with DecompressionStream; a browser without that fetches the files
 * as they are. A twin that does not decode to the size the build listed is refused (the
 * boot fails: the page's stand-in plays, and says why).
 * Pyodide is then handed those bytes (its fetches of them are answered from memory), so
 * nothing is asked twice. A file the service worker did not serve (the first visit, before
 * it controls the page) is put by the worker into the service worker's runtime cache
 * itself, under the key the service worker looks for, so that it never fetches it again.
 *
 * Starting Pyodide from nothing takes seconds (it sets up the interpreter, then imports
 * the engine and the Expert's weights). So the first start on a device keeps a memory
 * snapshot of the interpreter right after those imports (Pyodide's _makeSnapshot), in
 * Cache Storage, and every later start restores it instead (_loadSnapshot): about a
 * fifth of the time (docs/app.md has the figures). The snapshot's key names Pyodide's
 * version and the sha256 of the engine's files, so an update never restores an engine it
 * did not ship; older snapshots are deleted when a new one is kept. A snapshot that
 * fails to restore is deleted, and the worker boots fresh. Where snapshots cannot be
 * kept (no Cache Storage, or no crypto.subtle outside a secure context) it always boots
 * fresh.
 */
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";

const HERE = import.meta.url;
const INDEX_URL = new URL("../vendor/pyodide/", HERE).href;
const SITE = new URL("../", HERE);
// Cache Storage belongs to the origin: name the cache after the site's path. It never
// starts with "senet /", the service worker's prefix, which would delete it as stale.
const SNAPSHOT_CACHE = "senet-snapshot " + SITE.pathname;
const LIB = "/home/pyodide/lib";
// The runtime's files the worker fetches, by path from the site's root: {size, zst and gz:
// the twins' sizes, unpacked: what the twins decode to}: Pyodide's, the engine's senet.zip
// and the decoder; tools/runtime.py fills it in when it builds the runtime. (worker.py is
// sized by its answer's Content-Length.)
const FILES = /* __SENET_RUNTIME_FILES__ */ {};
// The service worker's runtime cache and the header of its entries (app/boot/sw-template.js).
const RUNTIME_CACHE = "senet " + SITE.pathname + " runtime";
const SRI_HEADER = "x-senet-integrity";
const FRESH_HEADER = "x-senet-fresh"; // the service worker passes on a download as it comes
const GUNZIP = (() => {
  try {
    new DecompressionStream("gzip");
    return true;
  } catch {
    return false; // an older browser: the files as they are
  }
})();
const DECODER = "vendor/fzstd/fzstd.js";
// What the snapshot holds besides the interpreter: the worker's module, the engine, the
// Expert's weights, and the modules app/worker/worker.py imports only when first called.
const SETUP = `import sys
if "${LIB}" not in sys.path:
    sys.path.insert(0, "${LIB}")
import worker
worker.ping()
import senet.ai.evaluate, senet.ai.review
`;

// ---------------------------------------------------------------- the runtime's files

const networkFetch = self.fetch.bind(self);
const receiving = new Map(); // url -> [bytes received, bytes expected], files from the network
let toldAt = 0;

function tellProgress(force) {
  const now = Date.now();
  if (!force && now - toldAt < 150) return; // a progress bar, not a flood of messages
  toldAt = now;
  let loaded = 0;
  let total = 0;
  for (const [got, size] of receiving.values()) {
    loaded += got;
    total += Math.max(got, size); // a host that compresses may announce fewer bytes than come
  }
  if (total) send(["progress", loaded, total]);
}

async function sriOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let bin = "";
  for (const byte of digest) bin += String.fromCharCode(byte);
  return "sha256-" + btoa(bin);
}

/* Put a file fetched from the network into the service worker's runtime cache, as the
 * service worker itself would (its key: the URL and the sha256): it finds it there when it
 * keeps the runtime, instead of downloading it again. Without Cache Storage (plain HTTP, where
 * no service worker runs either) or room: nothing. */
async function keepForOffline(url, bytes, type) {
  if (!self.caches || !self.crypto || !crypto.subtle) return; // no service worker here either (plain HTTP)
  try {
    const integrity = await sriOf(bytes);
    const cache = await caches.open(RUNTIME_CACHE);
    const key = url + "?sri=" + encodeURIComponent(integrity);
    if (await cache.match(key)) return;
    const headers = new Headers({ [SRI_HEADER]: integrity });
    if (type) headers.set("content-type", type);
    await cache.put(key, new Response(bytes, { status: 200, statusText: "OK", headers }));
  } catch (error) {
    console.warn(`senet: ${url} was not kept for offline play (${error})`);
  }
}

/* The bytes of one file, counted as they come when they come from the network (size:
 * as the build listed it, counted in the total from the start; else as the answer says;
 * signal: an AbortSignal that drops it; each: called with each chunk as it comes). */
async function download(path, size, signal, each) {
  const url = new URL(path, SITE).href;
  if (size) receiving.set(url, [0, size]);
  const response = await networkFetch(url, { signal });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  size = size || Number(response.headers.get("content-length")) || 0;
  const kept = response.headers.has(SRI_HEADER); // the service worker keeps it
  const counted = !kept || response.headers.has(FRESH_HEADER);
  if (counted) {
    receiving.set(url, [0, size]);
    tellProgress(true);
  } else {
    receiving.delete(url); // on the device already
  }
  const chunks = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (each) each(value);
    if (counted) {
      receiving.set(url, [received, size]);
      tellProgress(false);
    }
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (counted) tellProgress(true);
  if (!kept) keepForOffline(url, bytes, response.headers.get("content-type")); // not awaited
  return bytes;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/* The Zstandard decoder, fetched as the runtime's files are (counted, kept for offline
 * play) and run from its bytes (a module from a blob: URL, else from its URL): fzstd's
 * build sets self.fzstd. null where it cannot load: the worker takes the gzipped twins. */
async function loadDecoder() {
  try {
    const bytes = await download(DECODER, (FILES[DECODER] || {}).size);
    const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
    try {
      await import(url);
    } catch {
      await import(new URL(DECODER, SITE).href); // a browser that refuses blob: modules
    } finally {
      URL.revokeObjectURL(url);
    }
    if (!self.fzstd || typeof self.fzstd.decompress !== "function") throw new Error("it defines no decompress");
    return self.fzstd;
  } catch (error) {
    console.warn(`senet: the Zstandard decoder did not load (${error}); taking the gzipped runtime`);
    receiving.delete(new URL(DECODER, SITE).href);
    return null;
  }
}

let decoder = null; // loadDecoder(), asked for with the first twin

/* A Zstandard twin decoded as it downloads, into a buffer of the size the build listed:
 * push(chunk) as chunks come (kept until the decoder is there), end() once all came, which
 * gives the bytes. A chunk that does not decode, or more or fewer bytes than listed, make
 * end() throw. */
function zstdStream(size) {
  const out = new Uint8Array(size);
  const waiting = [];
  let at = 0;
  let stream = null;
  let failure = null;
  const feed = (chunk, last) => {
    if (failure) return;
    try {
      stream.push(chunk, last);
    } catch (error) {
      failure = error;
    }
  };
  const started = decoder.then((zstd) => {
    if (!zstd) return;
    stream = new zstd.Decompress((chunk) => {
      if (at + chunk.length > size) throw new Error(`it decodes to more than ${size} bytes`);
      out.set(chunk, at);
      at += chunk.length;
    });
    for (const chunk of waiting.splice(0)) feed(chunk, false);
  });
  return {
    push(chunk) {
      if (stream) feed(chunk, false);
      else waiting.push(chunk);
    },
    async end() {
      await started;
      feed(new Uint8Array(0), true);
      if (failure) throw failure;
      if (at !== size) throw new Error(`it decoded to ${at} bytes, not ${size}`);
      return out;
    },
  };
}

/* What a twin decodes to, refused unless it is the size the build listed. */
async function unpacked(path, twin, bytes, decode, size) {
  let out;
  try {
    out = await decode(bytes);
  } catch (error) {
    throw new Error(`${path}${twin} is damaged (${(error && error.message) || error}): it could not be decoded`);
  }
  if (size && out.length !== size) {
    throw new Error(`${path}${twin} is damaged: it decoded to ${out.length} bytes, not ${size}`);
  }
  return out;
}

/* A file of the runtime, by path: its Zstandard twin, decoded as it comes (its download
 * starts with the decoder's); where the decoder cannot load, its gzipped twin decompressed
 * where the browser can; else the file as it is. */
async function runtimeFile(path) {
  const file = FILES[path] || {};
  if (file.zst) {
    decoder = decoder || loadDecoder();
    const abort = new AbortController();
    const stream = zstdStream(file.unpacked);
    const packed = download(path + ".zst", file.zst, abort.signal, stream.push);
    packed.catch(() => {}); // a failure while the decoder loads is the file's, awaited below
    if (await decoder) return unpacked(path, ".zst", await packed, () => stream.end(), 0);
    abort.abort(); // not needed: the gzipped twin instead
    receiving.delete(new URL(path + ".zst", SITE).href);
  }
  if (GUNZIP && file.gz) return unpacked(path, ".gz", await download(path + ".gz", file.gz), gunzip, file.unpacked);
  return download(path, file.size);
}

/* A file by its path from this script (as "../senet.zip"), fetched as the runtime's
 * files are: counted in the progress, kept for offline play. */
function bytesOf(path) {
  return runtimeFile(new URL(path, HERE).href.slice(SITE.href.length));
}

/* Every file, asked for at once (the largest first): {wasm, asm, stdlib, lock, zip, code}. */
function fetchRuntime() {
  const vendor = (name) => runtimeFile("vendor/pyodide/" + name);
  const files = {
    wasm: vendor("pyodide.asm.wasm"),
    asm: vendor("pyodide.asm.mjs"),
    stdlib: vendor("python_stdlib.zip"),
    lock: vendor("pyodide-lock.json"),
    zip: bytesOf("../senet.zip"),
    code: bytesOf("./worker.py"),
  };
  return files;
}

/* Pyodide's fetches of its WebAssembly and standard library, answered with the bytes
 * above (Pyodide has no option for the first, and asks by URL); anything else goes on
 * to the network. */
function answerPyodide(files) {
  const answers = new Map([
    [INDEX_URL + "pyodide.asm.wasm", [files.wasm, "application/wasm"]],
    [INDEX_URL + "python_stdlib.zip", [files.stdlib, "application/zip"]],
  ]);
  self.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const answer = answers.get(new URL(url, HERE).href);
    if (!answer) return networkFetch(input, init);
    return answer[0].then((bytes) => new Response(bytes, { headers: { "content-type": answer[1] } }));
  };
}

/* pyodide.asm.mjs, imported from its bytes (a module of its own, as Pyodide would import
 * it); null where the browser refuses a module from a blob: Pyodide then imports the
 * file itself. */
async function moduleFactory(bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } catch (error) {
    console.warn(`senet: pyodide.asm.mjs could not be imported from memory (${error}); fetching it`);
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/* loadPyodide's options for the runtime's files. */
async function pyodideOptions(files) {
  const options = {
    indexURL: INDEX_URL,
    lockFileContents: files.lock.then((bytes) => new TextDecoder().decode(bytes)),
    packageBaseUrl: INDEX_URL,
  };
  const factory = await moduleFactory(await files.asm);
  if (factory) options.createPyodideModule = factory;
  return options;
}

/* The snapshot's key: Pyodide's version and the sha256 of senet.zip and app/worker/worker.py. */
async function snapshotKey(zip, code) {
  const joined = new Uint8Array(zip.length + code.length);
  joined.set(zip);
  joined.set(code, zip.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
  const hex = Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`snapshot/pyodide-${version}-${hex}`, SITE).href;
}

/* The engine's files, in Pyodide's file system (a snapshot holds memory, not files). */
function install(py, zip, code) {
  py.FS.mkdirTree(LIB);
  py.unpackArchive(zip, "zip", { extractDir: LIB });
  py.FS.writeFile(`${LIB}/worker.py`, code);
}

/* Keep a snapshot under key, as the only one; its length goes with it (a shorter body is
 * never restored). Not awaited by the boot: the page is told it is ready first. */
async function keepSnapshot(cache, key, snapshot) {
  await cache.put(key, new Response(snapshot, { headers: { "x-senet-bytes": String(snapshot.length) } }));
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
}

async function restored(cache, key, zip, code, options) {
  const stored = await cache.match(key);
  if (!stored) return null;
  try {
    const bytes = new Uint8Array(await stored.arrayBuffer());
    if (String(bytes.length) !== stored.headers.get("x-senet-bytes")) throw new Error("the snapshot is incomplete");
    const py = await loadPyodide({ ...options, _loadSnapshot: bytes });
    install(py, zip, code);
    py.runPython(SETUP); // proves the restored interpreter works (the imports are there already)
    return py;
  } catch (error) {
    console.warn(`senet: the worker's snapshot could not be restored (${error}); starting afresh`);
    await cache.delete(key);
    return null;
  }
}

async function boot() {
  const files = fetchRuntime();
  await Promise.all(Object.values(files)); // a file that fails fails the boot at once
  answerPyodide(files);
  const [zip, code, options] = await Promise.all([files.zip, files.code, pyodideOptions(files)]);
  let cache = null;
  let key = null;
  try {
    key = await snapshotKey(zip, code);
    cache = await caches.open(SNAPSHOT_CACHE);
  } catch {
    cache = key = null; // no snapshots here: boot fresh each time
  }
  if (cache) {
    const py = await restored(cache, key, zip, code, options);
    if (py) return { py, start: "snapshot" };
  }
  const py = await loadPyodide({ ...options, _makeSnapshot: Boolean(cache) });
  install(py, zip, code);
  py.runPython(SETUP);
  if (cache) {
    try {
      const snapshot = py.makeMemorySnapshot();
      keepSnapshot(cache, key, snapshot).then(() => send(["kept", ""]), (error) => {
        console.warn(`senet: the worker's snapshot was not kept (${error})`);
        send(["kept", String(error)]);
      });
    } catch (error) {
      console.warn(`senet: no snapshot of the worker (${error})`);
    }
  }
  return { py, start: "fresh" };
}

function send(message) {
  postMessage(JSON.stringify(message));
}

const booted = boot().then(
  ({ py, start }) => {
    const worker = py.pyimport("worker");
    const exported = new Set(worker.__export__.toJs());
    // The page's language (app/worker/link.py: players.js?lang=fr): the worker's words in it.
    const lang = new URL(self.location.href).searchParams.get("lang");
    if (lang) worker.use_words(lang);
    send(["ready", start, worker.ping()]);
    return { worker, exported };
  },
  (error) => {
    send(["failed", String((error && error.message) || error)]);
    throw error;
  },
);
booted.catch(() => {}); // told to the page above; each call that awaits it says so again

self.onmessage = async (event) => {
  let id = null;
  try {
    const [callId, name, args] = JSON.parse(event.data);
    id = callId;
    const { worker, exported } = await booted;
    if (!exported.has(name)) throw new Error(`the worker has no function ${name}`);
    let value = worker[name](...args);
    if (value && typeof value.destroy === "function") {
      const proxy = value;
      value = String(proxy);
      proxy.destroy();
    }
    send(["ok", id, value]);
  } catch (error) {
    send(["error", id, String((error && error.message) || error)]);
  }
};
