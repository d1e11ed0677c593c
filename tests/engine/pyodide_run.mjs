// Run the worker's Python on the build's trimmed runtime, in Pyodide under Node.js, as
// app/worker/players.js runs it in the browser (a fresh start that keeps a snapshot):
//   node tests/engine/pyodide_run.mjs STDLIB.zip LOCK.json SENET.zip WORKER.py SCRIPT.py
// The standard library and the lock file are the build's (tools/runtime.py); Pyodide's
// WebAssembly and its module are node_modules/pyodide's, the same bytes as the build's.
// Prints the script's output, then one line: JSON of the standard library's modules
// imported from its zip. Exits 1 when anything raised. Used by tests/engine/test_runtime.py.
import { readFileSync } from "node:fs";
import { LIB, boot, install } from "../../tools/pyodide_node.mjs";

const [stdlib, lock, senetZip, workerPy, script] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tests/engine/pyodide_run.mjs STDLIB.zip LOCK.json SENET.zip WORKER.py SCRIPT.py");
  process.exit(2);
}
try {
  const py = await boot(stdlib, lock, {
    makeSnapshot: true,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  install(py, senetZip, workerPy);
  // players.js's SETUP, then its snapshot, then the script
  py.runPython(`import sys
if "${LIB}" not in sys.path:
    sys.path.insert(0, "${LIB}")
import worker
worker.ping()
import senet.ai.evaluate, senet.ai.review
`);
  py.makeMemorySnapshot();
  py.runPython(readFileSync(script, "utf8"));
  const modules = py.runPython(`import json, sys
json.dumps(sorted(name for name, module in sys.modules.items()
                  if type(getattr(getattr(module, "__spec__", None), "loader", None)).__name__ == "zipimporter"))`);
  process.stdout.write(modules + "\n");
} catch (error) {
  process.stderr.write(String((error && error.stack) || error) + "\n");
  process.exit(1);
}
