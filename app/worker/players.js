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
// What the snapshot holds besides the interpreter: the worker's module, the engine, the
// Expert's weights, and the modules app/worker/worker.py imports only when first called.
const SETUP = `import sys
if "${LIB}" not in sys.path:
    sys.path.insert(0, "${LIB}")
import worker
worker.ping()
import senet.ai.evaluate, senet.ai.review
`;

async function bytesOf(path) {
  const response = await fetch(new URL(path, HERE));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
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
async function keep(cache, key, snapshot) {
  await cache.put(key, new Response(snapshot, { headers: { "x-senet-bytes": String(snapshot.length) } }));
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
}

async function restored(cache, key, zip, code) {
  const stored = await cache.match(key);
  if (!stored) return null;
  try {
    const bytes = new Uint8Array(await stored.arrayBuffer());
    if (String(bytes.length) !== stored.headers.get("x-senet-bytes")) throw new Error("the snapshot is incomplete");
    const py = await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: bytes });
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
  const [zip, code] = await Promise.all([bytesOf("../senet.zip"), bytesOf("./worker.py")]);
  let cache = null;
  let key = null;
  try {
    key = await snapshotKey(zip, code);
    cache = await caches.open(SNAPSHOT_CACHE);
  } catch {
    cache = key = null; // no snapshots here: boot fresh each time
  }
  if (cache) {
    const py = await restored(cache, key, zip, code);
    if (py) return { py, start: "snapshot" };
  }
  const py = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: Boolean(cache) });
  install(py, zip, code);
  py.runPython(SETUP);
  if (cache) {
    try {
      const snapshot = py.makeMemorySnapshot();
      keep(cache, key, snapshot).then(() => send(["kept", ""]), (error) => {
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
