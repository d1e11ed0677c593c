// Each module's import cost in the page's MicroPython, run in Node.js: the vendored
// MicroPython (the page's build), page.pack mounted in memory by app/pack.mpy as on the
// page (parts.pack added to it), and a Python script (tools/import_costs.py writes it) that imports the modules.
//   node tools/import_costs.mjs DIST SCRIPT.py
// The browser's window and document are stand-ins (an object that answers every name):
// what a module does with them at import is not the page's cost, only its Python is.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const mpyDir = process.env.MPY_DIR
  || resolve(here, "..", "node_modules", "@micropython", "micropython-webassembly-pyscript");
const { loadMicroPython } = await import(pathToFileURL(join(mpyDir, "micropython.mjs")).href);
const [dist, script] = process.argv.slice(2);
if (!dist || !script) {
  console.error("usage: node tools/import_costs.mjs DIST SCRIPT.py");
  process.exit(2);
}

// A stand-in for the DOM: any property is another stand-in, any call returns one.
function standIn() {
  const fn = function () { return standIn(); };
  return new Proxy(fn, {
    get(target, name) {
      if (name === Symbol.toPrimitive) return () => "";
      if (name === "then") return undefined;
      return standIn();
    },
  });
}
// (set after MicroPython loads: its loader looks for a browser)



const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024, stdout: (l) => process.stdout.write(l + "\n"),
                                   stderr: (l) => process.stderr.write(l + "\n") });
globalThis.window = globalThis;
globalThis.document = standIn();
mp.FS.mkdirTree("/stubs/pyscript");
mp.FS.writeFile("/stubs/pyscript/__init__.py",
  "import js\nwindow = js\ndocument = js.document\nasync def js_import(*a):\n    return None\n");
mp.FS.writeFile("/stubs/pyscript/ffi.py", "def create_proxy(f):\n    return f\ndef to_js(v, **k):\n    return v\n");
mp.FS.writeFile("/page.pack", readFileSync(join(dist, "page.pack")));
if (existsSync(join(dist, "parts.pack"))) mp.FS.writeFile("/parts.pack", readFileSync(join(dist, "parts.pack")));
mp.FS.mkdirTree("/lib");
mp.FS.writeFile("/lib/pack.mpy", readFileSync(join(dist, "app", "pack.mpy")));
try {
  mp.runPython("import sys\nsys.path.append('/lib')\n" + readFileSync(script, "utf8"));
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
