// The worker's Pyodide under Node.js, as app/worker/players.js starts it in the browser:
// the runtime's files from disk, the engine unpacked into LIB. Shared by
// tools/pyodide_compile.mjs, tools/bench_pyodide_start.py's script and
// tests/engine/pyodide_run.mjs. node_modules/pyodide (or $PYODIDE_DIR) gives the
// WebAssembly and the module: the same bytes as the build's.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const LIB = "/home/pyodide/lib";
export const pyodideDir = process.env.PYODIDE_DIR
  || resolve(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);

const bytes = (path) => new Uint8Array(readFileSync(path));

/* Pyodide booted on the standard library STDLIB (a zip's path) and, when given, the lock
 * file LOCK; options: makeSnapshot, stdout, stderr (each a line's callback). */
export function boot(stdlib, lock, { makeSnapshot = false, stdout, stderr } = {}) {
  return loadPyodide({
    indexURL: pyodideDir + "/",
    stdLibURL: resolve(stdlib),
    ...(lock ? { lockFileContents: readFileSync(lock, "utf8") } : {}),
    packageBaseUrl: pyodideDir + "/",
    _makeSnapshot: makeSnapshot,
    ...(stdout ? { stdout } : {}),
    ...(stderr ? { stderr } : {}),
  });
}

/* The engine's senet.zip unpacked into LIB and the worker's module beside it. */
export function install(py, senetZip, workerPy) {
  py.FS.mkdirTree(LIB);
  py.unpackArchive(bytes(senetZip), "zip", { extractDir: LIB });
  py.FS.writeFile(`${LIB}/worker.py`, bytes(workerPy));
}
