// The worker's start as bytecode: Pyodide, under Node.js, boots on the trimmed standard
// library (tools/runtime.py), runs the worker's start as app/worker/players.js does, and
// writes the standard library's zip and the engine's again, with each module that start
// imported compiled by Pyodide's own CPython:
//   node tools/pyodide_compile.mjs STDLIB.zip LOCK.json SENET.zip WORKER.py SETUP.py OUT_STDLIB.zip OUT_SENET.zip
// In both (their entries in the same order and dated as before; OUT_STDLIB.zip stored):
// - a module the start imported: its .pyc alone, unchecked (hash-based, so that no source
//   is read or compared), compiled under the path it is imported from, its docstrings left
//   out (as python -OO does, asserts kept) but in Pyodide's own packages, which read them;
// - a module CPython has frozen into Pyodide (os, site, codecs...): left out of the standard
//   library, the frozen one is imported before any zip is looked in;
// - any other module (imported later, if ever), and every other file: as before.
// Prints one line of JSON: {"compiled": [...], "frozen": [...], "source": [...]}, the
// engine's modules under "senet". Exits 1 when anything raised. tools/runtime.py runs it
// at build time (docs/build.md).
import { readFileSync, writeFileSync } from "node:fs";
import { LIB, boot, install } from "./pyodide_node.mjs";

const [stdlib, lock, senetZip, workerPy, setup, out, outSenet] = process.argv.slice(2);
if (!outSenet) {
  console.error("usage: node tools/pyodide_compile.mjs STDLIB.zip LOCK.json SENET.zip WORKER.py SETUP.py "
                + "OUT_STDLIB.zip OUT_SENET.zip");
  process.exit(2);
}
const bytes = (path) => new Uint8Array(readFileSync(path));
try {
  const log = (line) => process.stderr.write(line + "\n");
  const py = await boot(stdlib, lock, { stdout: log, stderr: log });
  install(py, senetZip, workerPy);
  py.runPython(readFileSync(setup, "utf8"));
  py.FS.writeFile("/tmp/stdlib.zip", bytes(stdlib));
  py.FS.writeFile("/tmp/senet.zip", bytes(senetZip));
  const report = py.runPython(`
import _imp, ast, importlib._bootstrap_external as external, importlib.util, json, sys, zipfile

DOCUMENTED = ("_pyodide", "pyodide")  # Pyodide's own packages read their docstrings


def without_docstrings(tree):
    """The tree with each docstring a \`pass\` (its lines kept): __doc__ is None, as under
    python -OO, which the standard library is tested with; unlike -OO, asserts stay."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body[0] = ast.copy_location(ast.Pass(), first)
    return tree


imported = {}  # module name -> the zip it came from
engine = set()  # the engine's modules, from ${LIB}
for name, module in list(sys.modules.items()):
    loader = getattr(getattr(module, "__spec__", None), "loader", None)
    if type(loader).__name__ == "zipimporter":
        imported[name] = loader.archive
    elif (getattr(module, "__file__", None) or "").startswith("${LIB}/senet/"):
        engine.add(name)
archive = next(iter(imported.values()))


def module_of(path):
    return path[:-3].replace("/", ".").removesuffix(".__init__")


def bytecode(data, path, documented):
    tree = ast.parse(data, path)
    if not documented:
        tree = without_docstrings(tree)
    code = compile(tree, path, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))


def rewrite(source_path, target_path, compiled, where, report, drop_frozen):
    with zipfile.ZipFile(source_path) as source, zipfile.ZipFile(target_path, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            module = module_of(name) if name.endswith(".py") else None
            if module is not None and drop_frozen and _imp.is_frozen(module):
                report["frozen"].append(module)
                continue
            if module in compiled:
                data = bytecode(data, where + name, module.split(".")[0] in DOCUMENTED)
                old = info
                info = zipfile.ZipInfo(name + "c", old.date_time)
                info.compress_type = old.compress_type
                info.external_attr = 0o644 << 16
                info.create_system = 3
                report["compiled"].append(module)
            elif module is not None:
                report["source"].append(module)
            target.writestr(info, data, compresslevel=9)


report = {"compiled": [], "frozen": [], "source": [], "senet": {"compiled": [], "frozen": [], "source": []}}
rewrite("/tmp/stdlib.zip", "/tmp/out.zip", imported, archive + "/", report, True)
rewrite("/tmp/senet.zip", "/tmp/out-senet.zip", engine, "${LIB}/", report["senet"], False)
del report["senet"]["frozen"]
json.dumps(report)
`);
  writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
  writeFileSync(outSenet, py.FS.readFile("/tmp/out-senet.zip"));
  process.stdout.write(report + "\n");
} catch (error) {
  process.stderr.write(String((error && error.stack) || error) + "\n");
  process.exit(1);
}
