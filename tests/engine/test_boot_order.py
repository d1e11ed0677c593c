"""tools/boot_order.py: the order app/main.py imports the page's modules in, one step at a
time (the pack's boot-order.json). Each module comes after every module of ours its top
level imports, and the list holds all that app/main.py brings but the engine's and the
parts loaded after the first paint."""

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
