"""tools/boot_order.py: the order app/main.py imports the page's modules in, one step at a
time (the pack's boot-order.json). Each module comes after every module of ours its top
level imports, and the list holds all that app/main.py brings but the engine's and the
parts loaded after the first paint."""

import ast
from pathlib import Path

import boot_order  # tools/ is on the tests' path (pyproject.toml's pythonpath)
import import_costs

ROOT = Path(__file__).resolve().parents[2]

# app/boot/parts.py's parts, read from its source (it needs the browser's js module)
MODULES = import_costs.parts_modules(ROOT / "app" / "boot" / "parts.py")


def test_each_module_comes_after_what_its_top_level_imports():
    order = boot_order.boot_order()["page"]
    engine = set(boot_order.import_order(boot_order.ENGINE_ROOTS))
    assert len(order) == len(set(order)) and not engine & set(order)
    place = {name: i for i, name in enumerate(order)}
    for name in order:
        path = boot_order._path_of(name, ROOT)
        for needed in boot_order.top_level_imports(name, path, ROOT):
            assert needed in engine or place[needed] < place[name], (name, needed)


def test_it_holds_what_main_imports_and_no_part():
    order = boot_order.boot_order()["page"]
    for name in ("app.flow.controller", "app.view.view", "app.boot.page", "app.worker.link"):
        assert name in order
    assert len(MODULES) >= 8
    for _part, modules in MODULES:
        assert modules[-1] not in order  # the part's own module waits until after the first paint


def test_the_parts_pack_holds_the_parts_modules_the_first_paint_does_not_import():
    later = boot_order.later_modules()
    first = boot_order.first_paint()
    assert len(later) == len(set(later)) and not set(later) & first
    assert {"app.dialogs.settings", "app.dialogs.corr", "app.flow.tutorial", "senet.online.duel"} <= set(later)
    # a part's module that the first paint imports anyway stays in page.pack
    assert "app.words.records" in set(boot_order.parts_modules()) & first


def _imports(path: Path, name: str):
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = boot_order.import_target(node, package)
            yield target
            yield from (target + "." + alias.name for alias in node.names)


def test_page_pack_modules_import_the_parts_pack_only_where_the_part_is_loaded_first():
    """A module of page.pack that imported a module of parts.pack before that pack came
    would fail. Only these do, each inside a function that runs once its part is there:
    the New game dialog's kept games (its part loads kept_view first) and a review
    (Page.start_review asks for the review's part). The Expert's readers of its data files
    import senet.datafile too, but the Expert plays in the worker, which has every module
    (senet.zip): on the page they are never called (Average and Novice read no file)."""
    later = set(boot_order.later_modules())
    found = set()
    for path in [*(ROOT / "app").rglob("*.py"), *(ROOT / "senet").rglob("*.py")]:
        name = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
        if name in later:
            continue
        for target in _imports(path, name):  # the packages on the way are imported too
            dotted = target.split(".")
            found |= {(name, ".".join(dotted[:i])) for i in range(1, len(dotted) + 1) if ".".join(dotted[:i]) in later}
    assert found == {("app.view.panels", "app.view.kept_view"), ("app.view.panels", "app.view.review_view"),
                     ("app.flow.review_focus", "app.flow.review_data"),
                     ("senet.ai.exact", "senet.datafile"), ("senet.ai.network", "senet.datafile"),
                     ("senet.ai.endgame", "senet.datafile")}
