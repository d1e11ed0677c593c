#!/usr/bin/env python3
"""Each module's import cost in the page's MicroPython: a table of module, bytes (its
bytecode in page.pack), ms (its own import, without the modules it imports), and which
part of the page asks for it: the first paint (what app/main.py imports before ready) or
a part loaded after it (app/boot/parts.py).

    .venv/bin/python tools/import_costs.py                 # dist/ (make build first)
    .venv/bin/python tools/import_costs.py --runs 5 --sort ms
    .venv/bin/python tools/import_costs.py --dist /work/base-dist --first-paint-only

It runs the vendored MicroPython in Node.js (tools/import_costs.mjs), mounts page.pack as
the page does (app/pack.mpy), and imports app/main.py's modules in its order, then each
part's. A wrapper of ``__import__`` times every import and charges a module with its own
time only (its imports' are theirs). Node's MicroPython is the page's build, but not the
page's machine: compare the rows of one run, not a run with another machine's.
"""

import argparse
import ast
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.platform import pack as app_pack  # noqa: E402 (the pack's format, read in CPython)

# Imported by app/main.py but not from the pack: PyScript's, MicroPython's own, the reader.
NOT_IN_PACK = {"asyncio", "pyscript", "pack", "js", "json", "time"}

SCRIPT = r"""
import builtins
import sys
import js
from pack import mount_file

_fs = mount_file("/page.pack")
try:
    _fs.add_file("/parts.pack")  # the parts' modules in the same folders, as on the page
except (AttributeError, OSError):  # a build before the parts' pack
    pass
sys.path.append("/stubs")  # PyScript's module, a stand-in (tools/import_costs.mjs)
_import = builtins.__import__
_stack = []
costs = {}
order = []  # the modules in the order they were charged (a MicroPython dict has no order)


def _timed(name, *args):
    before = set(sys.modules)
    start = js.performance.now()
    _stack.append([0.0, set()])
    try:
        return _import(name, *args)
    finally:
        spent = js.performance.now() - start
        children, claimed = _stack.pop()
        new = [m for m in sys.modules if m not in before and m not in claimed]
        if new:
            own = max(new, key=len)  # a package and its module in one import: the module's
            if own not in costs:
                order.append(own)
            costs[own] = costs.get(own, 0.0) + spent - children
        if _stack:
            _stack[-1][0] += spent
            _stack[-1][1].update(m for m in sys.modules if m not in before)


builtins.__import__ = _timed
for group, names in GROUPS:
    for name in names:
        done = len(order)
        __import__(name)
        for m in order[done:]:
            print("ROW", group, m, costs[m])
"""


def main_imports(main_py: Path) -> list:
    """The modules app/main.py imports at its top level, in its order (pack's own excluded)."""
    names = []
    for node in ast.parse(main_py.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return [n for n in names if n.split(".")[0] not in NOT_IN_PACK]


def parts_modules(parts_py: Path) -> list:
    """[(part, its modules)] of app/boot/parts.py's MODULES, in its order ([] without it)."""
    if not parts_py.exists():
        return []
    tree = ast.parse(parts_py.read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and len(node.targets) == 1:
            names[node.targets[0].id] = node.value.value
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MODULES":
            return [(names.get(getattr(k, "id", ""), getattr(k, "value", "?")), [e.value for e in v.elts])
                    for k, v in (pair.elts for pair in node.value.elts)]
    return []


def pack_sizes(dist: Path) -> dict:
    """{module name: bytes of its bytecode} of dist/page.pack and dist/parts.pack."""
    sizes = {}
    packed = app_pack.read((dist / "page.pack").read_bytes())
    if (dist / "parts.pack").exists():  # a build before the parts' pack has none
        packed += app_pack.read((dist / "parts.pack").read_bytes())
    for path, body in packed:
        if path.endswith(".mpy"):
            name = path[:-4].replace("/", ".")
            sizes[name[:-9] if name.endswith(".__init__") else name] = len(body)
    return sizes


def run_once(dist: Path, groups: list) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "costs.py"
        script.write_text(f"GROUPS = {json.dumps(groups)}\n" + SCRIPT, encoding="utf-8")
        done = subprocess.run(["node", str(ROOT / "tools" / "import_costs.mjs"), str(dist), str(script)],
                              capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit("import_costs: MicroPython failed:\n" + "\n".join(line[:300] for line in done.stderr.strip().splitlines()[-12:]))
    rows = []
    for line in done.stdout.splitlines():
        if line.startswith("ROW "):
            _, group, module, ms = line.split(" ")
            rows.append((group, module, float(ms)))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="a built site (default: dist/)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each a fresh MicroPython; the median (3)")
    parser.add_argument("--sort", choices=("order", "ms", "bytes"), default="order",
                        help="the rows in import order (default), or by cost")
    parser.add_argument("--first-paint-only", action="store_true", help="only what app/main.py imports")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the sources whose app/main.py and app/boot/parts.py say what to import "
                             "(default: this checkout; give the old one's with an old --dist)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    if not (args.dist / "page.pack").exists():
        parser.error(f"{args.dist}/page.pack is missing: run `make build` (or give --dist)")
    groups = [["first-paint", main_imports(args.source / "app" / "main.py")]]
    if not args.first_paint_only:
        groups += [[name, modules] for name, modules in parts_modules(args.source / "app" / "boot" / "parts.py")]
    sizes = pack_sizes(args.dist)
    runs = [run_once(args.dist, groups) for _ in range(args.runs)]
    order = [(group, module) for group, module, _ in runs[0]]
    times = {}
    for rows in runs:
        for group, module, ms in rows:
            times.setdefault((group, module), []).append(ms)
    table = [(group, module, sizes.get(module, 0), statistics.median(times[(group, module)]))
             for group, module in order]
    if args.sort == "ms":
        table.sort(key=lambda row: -row[3])
    elif args.sort == "bytes":
        table.sort(key=lambda row: -row[2])
    width = max(len(row[1]) for row in table)
    print(f"{'module':<{width}}  {'bytes':>7}  {'ms':>7}  part")
    for group, module, size, ms in table:
        print(f"{module:<{width}}  {size:>7}  {ms:>7.1f}  {group}")
    print()
    totals = {}
    for group, _module, size, ms in table:
        count, b, t = totals.get(group, (0, 0, 0.0))
        totals[group] = (count + 1, b + size, t + ms)
    for group, (count, size, ms) in totals.items():
        print(f"{group}: {count} modules, {size} bytes, {ms:.1f} ms")
    print(f"(median of {args.runs} runs; MicroPython in Node.js: compare rows of one run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
