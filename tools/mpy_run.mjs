// Run Python under the vendored MicroPython (the page's interpreter) in Node.js.
//   node tools/mpy_run.mjs [--path DIR]... [--js MODULE.mjs]... SCRIPT.py
// Each --path DIR is copied into MicroPython's /lib (so `import senet` works when DIR
// holds senet/): its modules (.py, .mpy) and catalogs of words (.po, .json). Each --js
// MODULE is imported first, in order (app/platform/guard.js sets globalThis.senetGuard, as
// on the page; `import js` in the script is globalThis). The script's stdout and stderr
// pass through; the exit code is 1 when the script raised, or when a JavaScript error
// passed through it (which no Python `except` catches: tests/app/test_guard.py). Used by
// tests/engine/test_micropython.py and tests/app/ (docs/build.md).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const mpyDir = process.env.MPY_DIR
  || resolve(here, "..", "node_modules", "@micropython", "micropython-webassembly-pyscript");
const { loadMicroPython } = await import(pathToFileURL(join(mpyDir, "micropython.mjs")).href);

const args = process.argv.slice(2);
const paths = [];
const modules = [];
let script = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--path") paths.push(args[++i]);
  else if (args[i] === "--js") modules.push(args[++i]);
  else script = args[i];
}
if (!script) {
  console.error("usage: node tools/mpy_run.mjs [--path DIR]... [--js MODULE.mjs]... SCRIPT.py");
  process.exit(2);
}

for (const module of modules) await import(pathToFileURL(resolve(module)).href);

const out = (line) => process.stdout.write(line + "\n");
const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024, stdout: out, stderr: (l) => process.stderr.write(l + "\n") });

const COPIED = [".py", ".mpy", ".po", ".json"];
const copied = (name) => COPIED.some((suffix) => name.endsWith(suffix));

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    if (name === "__pycache__") continue;
    const from = join(src, name);
    const to = dst + "/" + name;
    if (statSync(from).isDirectory()) copyTree(from, to);
    else if (copied(name)) mp.FS.writeFile(to, readFileSync(from));
  }
}
for (const p of paths) {
  for (const name of readdirSync(p)) {
    const from = join(p, name);
    if (statSync(from).isDirectory() && name !== "__pycache__") copyTree(from, "/lib/" + name);
    else if (copied(name)) { mp.FS.mkdirTree("/lib"); mp.FS.writeFile("/lib/" + name, readFileSync(from)); }
  }
}
try {
  mp.runPython("import sys\nif '/lib' not in sys.path: sys.path.append('/lib')\n" + readFileSync(script, "utf8"));
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
