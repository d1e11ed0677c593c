"""The order in which the page's start imports its modules, written into page.pack as
``boot-order.json`` by tools/build.py: app/main.py imports them one after another and
hands the main thread back to the browser whenever a few of them have taken its budget
(a phone's main thread then has no long task of a whole package's imports).

One list, ``page``: what app/main.py imports at its top level after the engine (``import
senet`` brings the whole engine in one step: a package's ``__init__`` runs before any of
its modules, and senet's imports them all), deepest first, in the order Python itself
would import them (a module after every module its top level imports, in the order its
statements name them). app/'s packages' ``__init__`` files import nothing, so each of
its modules is a step of its own. The parts loaded after the first paint are not in it
(app/boot/parts.py).

``later_modules`` names what tools/build.py puts in parts.pack instead of page.pack: the
modules of those parts (and what their top levels import) that the first paint does not
import (app/main.py adds the pack to
the mounted page pack before the first part is imported: app/platform/lazy.py's prepare).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = ("senet", "app")
ENGINE_ROOTS = ("senet", "senet.words")


def _path_of(name: str, root: Path):
    """The source of the module ``name`` under ``root``, or None (not ours, or none)."""
    if name.split(".")[0] not in OURS:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def import_target(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` names, its dots resolved against ``package``
    (the package of the module that holds it)."""
    if not node.level:
        return node.module
    base = package
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    return base + "." + node.module if node.module else base


def top_level_imports(name: str, path: Path, root: Path) -> list:
    """The modules of ours that ``name``'s top level imports, in the order it names them
    (``from pkg import mod`` names pkg, then pkg.mod when that is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = import_target(node, package)
            found.append(target)
            found += [target + "." + alias.name for alias in node.names
                      if _path_of(target + "." + alias.name, root) is not None]
    return [n for n in found if _path_of(n, root) is not None]


def import_order(roots, root: Path = ROOT, done=None) -> list:
    """The modules ``roots`` bring, deepest first, leaving out those in ``done``."""
    done = set() if done is None else set(done)
    order = []

    def visit(name):
        if name in done:
            return
        done.add(name)
        parts = name.split(".")
        for i in range(1, len(parts)):  # a package runs before its modules
            visit(".".join(parts[:i]))
        path = _path_of(name, root)
        for target in top_level_imports(name, path, root):
            visit(target)
        order.append(name)

    for name in roots:
        if _path_of(name, root) is not None:
            visit(name)
    return order


def boot_order(root: Path = ROOT) -> dict:
    """{"page": [...]}: app/main.py's imports after the engine's, deepest first."""
    main_py = root / "app" / "main.py"
    engine = import_order(ENGINE_ROOTS, root)
    roots = top_level_imports("app.main", main_py, root)
    return {"page": import_order([n for n in roots if n not in ENGINE_ROOTS], root, done=engine)}


def first_paint(root: Path = ROOT) -> set:
    """Every module the page imports before its first paint: the engine's and app/main.py's
    (what ``boot_order`` lists), with the packages they sit in."""
    return set(import_order(ENGINE_ROOTS, root)) | set(boot_order(root)["page"])


def parts_modules(root: Path = ROOT) -> list:
    """The modules app/boot/parts.py's MODULES names, in its order (each once)."""
    tree = ast.parse((root / "app" / "boot" / "parts.py").read_text(encoding="utf-8"))
    names = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "MODULES" for t in node.targets):
            for constant in ast.walk(node.value):
                if isinstance(constant, ast.Constant) and isinstance(constant.value, str) \
                        and "." in constant.value and constant.value not in names:
                    names.append(constant.value)
    if not names:
        raise ValueError("app/boot/parts.py names no modules in MODULES")
    return names


def later_modules(root: Path = ROOT) -> list:
    """The parts' modules, and those their top levels import, that the first paint does
    not import: parts.pack's, deepest first."""
    return import_order(parts_modules(root), root, done=first_paint(root))


def pack_path(name: str, root: Path = ROOT) -> str:
    """The module ``name``'s path in a pack: ``senet/online/__init__.mpy`` for a package."""
    path = _path_of(name, root)
    if path is None:
        raise ValueError(f"no module {name} under {root}")
    return path.relative_to(root).with_suffix(".mpy").as_posix()
