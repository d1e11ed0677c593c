"""The layers of senet/ and app/, read from the sources (ast, imports inside functions included):

* the import graph has no cycle;
* the engine (all of senet/ but the opponents, senet/ai, and the command-line tools,
  senet/commands) imports its own modules at the top of its modules only, so that what a
  module needs is said once, where a reader looks (a function may still try a module of
  the standard library that one interpreter lacks, as senet.throws.new_seed does);
* only the opponents and the command-line tools import senet.ai, and nothing but the
  command-line tools (and senet/__main__.py, which runs them) imports senet.commands;
* no module imports another's private name (``from x import _y``);
* app/'s packages stand in the order APP_LAYERS declares (docs/architecture.md, "The page's
  layers"), and every import of a page module points down that order or stays in its own
  package: an import that points up, or sideways into another package of the same layer,
  fails with the module, its line and the import; the engine never imports the page.
"""

import ast
from pathlib import Path

from boot_order import import_target  # tools/boot_order.py: a relative import resolved

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "senet"
APP = ROOT / "app"

# The page's layers, lowest first: a module may import its own package and the layers
# below its own, never one above, nor another package of its own layer.
APP_LAYERS = (
    ("values and platform glue", ("app.values", "app.platform")),
    ("the game's account", ("app.game",)),
    ("words", ("app.words",)),
    ("flow", ("app.flow",)),
    ("storage, online play, the worker's link", ("app.storage", "app.online", "app.worker")),
    ("view and input", ("app.view", "app.input")),
    ("dialogs", ("app.dialogs",)),
    ("the page's composition", ("app.boot",)),
    ("the page's entry", ("app.main",)),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict:
    """{module name: path} of every module of senet/ (or of ``package``)."""
    return {module_name(p): p for p in sorted(package.rglob("*.py")) if "__pycache__" not in p.parts}


def imports(name: str, path: Path, known) -> list:
    """[(imported module, names imported from it, at the top level, line)] of one module.
    ``from package import module`` counts as an import of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, (), id(node) in top, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            target = import_target(node, package)
            names = tuple(alias.name for alias in node.names)
            plain = [n for n in names if target + "." + n not in known]
            for n in names:
                if target + "." + n in known:
                    found.append((target + "." + n, (), id(node) in top, node.lineno))
            if plain or not names:
                found.append((target, tuple(plain), id(node) in top, node.lineno))
    return found


def graph(package: Path = PACKAGE) -> dict:
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def app_layer(name: str):
    """(layer's index in APP_LAYERS, package) of a page module; None for one outside app/
    (and for the package app itself, which holds nothing)."""
    for index, (_, packages) in enumerate(APP_LAYERS):
        for package in packages:
            if within(name, package):
                return index, package
    return None


def wrong_way(found: dict) -> list:
    """What in ``found`` ({module: imports}, as graph() gives) breaks APP_LAYERS: an import
    up, or across to another package of the same layer."""
    wrong = []
    for name, imported in sorted(found.items()):
        here = app_layer(name)
        for target, _, _, line in imported:
            there = app_layer(target)
            if here is None or there is None or there[1] == here[1] or there[0] < here[0]:
                continue
            how = "up to" if there[0] > here[0] else "across to"
            wrong.append(f"{name}:{line} imports {target}: {how} the layer of {APP_LAYERS[there[0]][0]} "
                         f"from that of {APP_LAYERS[here[0]][0]}")
    return wrong


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_import_graph_of_senet_has_no_cycle():
    edges = {name: sorted({target for target, *_ in found if within(target, "senet") and target != name})
             for name, found in graph().items()}
    done, path = set(), []

    def visit(name):
        if name in path:
            cycle = path[path.index(name):] + [name]
            raise AssertionError("an import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        path.append(name)
        for target in edges.get(name, ()):
            visit(target)
        path.pop()
        done.add(name)

    for name in sorted(edges):
        visit(name)


def test_the_engine_imports_at_the_top_of_its_modules_only():
    late = [f"{name}:{line} imports {target}" for name, found in graph().items()
            if not within(name, "senet.ai") and not within(name, "senet.commands")
            for target, _, at_top, line in found if not at_top and within(target, "senet")]
    assert late == []


def test_only_the_opponents_and_the_command_line_import_the_opponents():
    wrong = [f"{name}:{line} imports {target}" for name, found in graph().items()
             if not within(name, "senet.ai") and not within(name, "senet.commands")
             for target, _, _, line in found if within(target, "senet.ai")]
    assert wrong == []


def test_nothing_but_the_command_line_imports_it():
    wrong = [f"{name}:{line} imports {target}" for name, found in graph().items()
             if not within(name, "senet.commands") and name != "senet.__main__"
             for target, _, _, line in found if within(target, "senet.commands")]
    assert wrong == []


def test_no_module_imports_another_modules_private_names():
    private = [f"{name}:{line} imports {n} from {target}" for name, found in graph().items()
               for target, names, _, line in found for n in names
               if n.startswith("_") and not (n.startswith("__") and n.endswith("__"))]
    assert private == []


def test_the_check_reads_imports_as_python_does():
    found = graph()
    # "from . import turns" is an import of the module senet.turns; a name from a package
    # is an import of the package
    assert ("senet.turns", (), True) in [f[:3] for f in found["senet.commands.arena"]]
    assert any(t == "senet" and "VARIANTS" in names for t, names, *_ in found["senet.commands.ai_bench"])
    # an import inside a function is found, and said to be one
    assert any(t == "senet.datafile" and not top for t, _, top, _ in found["senet.ai.network"])


def test_every_page_module_has_a_layer():
    names = [name for name in modules(APP) if name != "app"]
    assert names and [name for name in names if app_layer(name) is None] == []


def test_the_page_imports_only_down_its_layers():
    assert wrong_way(graph(APP)) == []


def test_a_page_import_that_points_up_is_named_with_its_line():
    found = {"app.words.narration": [("app.flow.table", ("SIDE_NAMES",), True, 10),
                                      ("app.game.counting", ("count_words",), True, 9)],
             "app.storage.store": [("app.online.flow", (), False, 7)],
             "app.view.board": [("app.view.way", (), True, 7), ("app.flow.controller", (), True, 6)]}
    assert wrong_way(found) == [
        "app.storage.store:7 imports app.online.flow: across to the layer of storage, online play, "
        "the worker's link from that of storage, online play, the worker's link",
        "app.words.narration:10 imports app.flow.table: up to the layer of flow from that of words",
    ]


def test_the_engine_never_imports_the_page():
    wrong = [f"{name}:{line} imports {target}" for name, found in graph().items()
             for target, _, _, line in found if within(target, "app")]
    assert wrong == []


def test_the_layers_are_written_in_the_architecture_doc():
    """docs/architecture.md lists APP_LAYERS' packages, lowest first, one layer a row."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    part = text.split("## The page's layers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in part.splitlines() if line.startswith("| ") and "`app" in line]
    written = [tuple(word.strip("`/").replace("/", ".").removesuffix(".py")
                     for word in row.split("|")[2].split() if word.startswith("`app"))
               for row in rows]
    assert written == [packages for _, packages in APP_LAYERS]
