"""The examples in docs/ are checked, so the documentation cannot drift from the code."""

from __future__ import annotations

import ast
import importlib.util
import pathlib
import re
import sys

import senet

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


def indented_blocks(text: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"(?m)(?:^    \S.*\n)+", text)]


def test_record_example_replays_to_the_documented_position():
    text = (DOCS / "record.md").read_text()
    blocks = indented_blocks(text)
    record = next(b for b in blocks if "senet-record 1" in b)
    record = "\n".join(line[4:] for line in record.splitlines())
    game = senet.Game.from_record(record)
    documented = next(b.strip() for b in blocks if b.strip().startswith("kendall "))
    assert game.state.position() == documented


def test_notation_examples_parse_and_round_trip():
    text = (DOCS / "notation.md").read_text()
    positions = [line.strip() for b in indented_blocks(text) for line in b.splitlines()
                 if line.strip().split(" ")[0] in senet.VARIANTS]
    assert len(positions) >= 5
    for p in positions:
        assert senet.parse_position(p).position() == p
    # the second example follows the first after black's 14-18 on a 4
    first = senet.parse_position(positions[0])
    assert first.apply(4).apply("14-18").position() == positions[1]


# -- every file and module the manual names exists ----------------------------------------
ROOT = DOCS.parent
SKIP = {"node_modules", ".venv", "dist", "dist.tmp", ".git", "__pycache__", ".pytest_cache", ".ruff_cache"}
# Names that are not files of the repository, each with where it comes from. A name
# missing from the repository and from this list is a stale reference.
ELSEWHERE = {
    "sw.js": "written by tools/pwa.py into dist/",
    "build-info.json": "written by tools/build.py into dist/",
    "boot-order.json": "written by tools/build.py into page.pack (tools/boot_order.py)",
    "intro.fr.html": "a page in French, written by tools/build.py",
    "pack.mpy": "app/boot/pack.py as bytecode, written by tools/build.py",
    "en.json": "a compiled catalog in page.pack (tools/build.py)",
    "senet.zip": "the worker's engine, written by tools/build.py",
    "senet.zip.zst": "the worker's engine compressed whole, written by tools/runtime.py",
    "senet.zip.gz": "the worker's engine gzipped whole, written by tools/runtime.py",
    "micropython.mjs": "vendored from npm by tools/build.py",
    "pyodide.mjs": "vendored by tools/runtime.py",
    "pyodide-lock.json": "vendored by tools/runtime.py",
    "python_stdlib.zip": "Pyodide's standard library, trimmed by tools/runtime.py",
    "core.js": "PyScript's, vendored from npm by tools/build.py",
    "zip.js": "the JavaScript library PyScript unpacks zips with",
    "test-console.js": "written by tests/browser/test_engines.py",
    "rules-spec.md": "the rules' spec, beside the repository (../shared/rules-spec.md)",
    "rules-kendall.ar.html": "a page in Arabic, written by tools/build.py",
    "rules-NAME.html": "a pattern: pages/rules-<rule set>.html",
    "game.txt": "a record's file name in an example command",
    "senet-VARIANT-SEED.txt": "a download's name, its parts named",
    "senet-VARIANT-COMMIT.txt": "a download's name, its parts named",
    "Node.js": "not a file: the JavaScript runtime",
}
# What the page serves flat under dist/app/ (tools/build.py's _web_files): app/NAME.js and
# the worker's app/worker.py are URLs, the source of the same name lives in a subpackage.
SERVED = re.compile(r"app/(?:[\w-]+\.js|\*\.js|worker\.py|pack\.mpy)")
EXTENSIONS = "py|js|mjs|css|md|po|pot|bin|json|html|toml|txt|zip"
PATH = re.compile(r"(?<![\w/.-])((?:senet|app|tools|tests|docs|styles|assets|pages)/[\w./*-]*[\w*/])")
BARE = re.compile(rf"(?<![\w/.<{{-])([\w-]+\.(?:{EXTENSIONS}))\b(?![\w/-])")
DOTTED = re.compile(r"(?<![\w./-])((?:senet|app|tools)(?:\.\w+)+)")
PYTHON_M = re.compile(r"python3? -m ([\w.]+\w)")


def repository_names() -> set:
    return {p.name for p in ROOT.rglob("*") if p.is_file() and not set(p.relative_to(ROOT).parts) & SKIP}


def cited_texts() -> list:
    """(file, text) of README.md, docs/*.md (history.md aside: dated, it names what was
    true then) and the module docstrings of senet/, app/ and tools/."""
    texts = [(ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8"))]
    texts += [(p, p.read_text(encoding="utf-8")) for p in sorted(DOCS.glob("*.md")) if p.name != "history.md"]
    for top in ("senet", "app", "tools"):
        for path in sorted((ROOT / top).rglob("*.py")):
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
            if doc:
                texts.append((path, doc))
    return texts


def module_file(parts: list) -> pathlib.Path | None:
    base = ROOT.joinpath(*parts)
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def top_level_names(path: pathlib.Path) -> set:
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def module_exists(dotted: str) -> bool:
    """``senet.ai.exact`` or ``senet.ai.exact.K``: a module, or a name at a module's top."""
    parts = dotted.split(".")
    k = len(parts)
    while k and module_file(parts[:k]) is None:
        k -= 1
    if k == 0:
        return False
    return k == len(parts) or parts[k] in top_level_names(module_file(parts[:k]))


def stale_references() -> list:
    names = repository_names()
    fixture = (ROOT / "tests" / "browser" / "conftest.py").read_text(encoding="utf-8")
    stale = []
    for path, text in cited_texts():
        where = str(path.relative_to(ROOT))
        for m in PATH.finditer(text):
            cited = m.group(1).rstrip(".")
            found = list(ROOT.glob(cited)) if "*" in cited else (ROOT / cited).exists()
            if not found and not SERVED.fullmatch(cited) and cited.rsplit("/", 1)[-1] not in ELSEWHERE:
                stale.append((where, cited))
        for m in BARE.finditer(text):
            if m.group(1) not in names and m.group(1) not in ELSEWHERE:
                stale.append((where, m.group(1)))
        for m in DOTTED.finditer(text):
            cited = m.group(1)
            if re.search(rf"\.(?:{EXTENSIONS})(?:\.zst|\.gz)?$", cited):
                continue  # a file's name (app.md, senet.zip): the names above
            if cited.startswith("app.") and f"page.{cited[4:]} =" in fixture:
                continue  # the browser tests' `app` fixture (tests/browser/conftest.py)
            if not module_exists(cited):
                stale.append((where, cited))
        for m in PYTHON_M.finditer(text):
            if importlib.util.find_spec(m.group(1)) is None:
                stale.append((where, f"python -m {m.group(1)}"))
    return stale


def test_every_file_and_module_the_manual_names_exists():
    assert stale_references() == []


def test_the_reference_check_finds_a_stale_name(monkeypatch):
    # the check itself: a path, a module, a module's name and a command that are gone
    extra = (DOCS / "none.md", "`app/board_input.py`, `save_policy.py`, `senet.arena`, `senet.session._dumps`, "
                               "`senet.ai.exact.K`, python -m senet.bench")
    monkeypatch.setattr(sys.modules[__name__], "cited_texts", lambda: [extra])
    assert [name for _, name in stale_references()] == [
        "app/board_input.py", "save_policy.py", "senet.arena", "senet.session._dumps", "senet.bench",
        "python -m senet.bench"]


def test_no_test_edits_sys_path():
    # pyproject.toml's pythonpath puts the root, tests/engine, tests/app and tools/ on the
    # path; a test that edits sys.path hides an import the suite could not otherwise make
    edit = re.compile(r"sys\.path\s*(?:\.(?:insert|append|extend|remove)\s*\(|\+=|=[^=])")
    found = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests").rglob("*.py"))
             if edit.search(p.read_text(encoding="utf-8"))]
    assert found == []
    assert edit.search("sys.path" + ".insert(0, 'tools')") and not edit.search('print("path", sys.path)')


# An import of a test module: `import test_x`, `from test_x import ...`, at any indentation.
TEST_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(test_\w+)[ \t]+import\b|import[ \t]+(test_\w+))", re.M)


def test_no_test_module_imports_another():
    # what two test modules share lives in a module of its own (tests/browser/helpers.py,
    # conftest.py's fixtures, tests/app/app_harness.py...): a test module imported by
    # another runs its fixtures and checks twice, and its tests cannot change alone
    found = [(str(p.relative_to(ROOT)), m.group(1) or m.group(2))
             for p in sorted((ROOT / "tests").rglob("*.py"))
             for m in TEST_IMPORT.finditer(p.read_text(encoding="utf-8"))]
    assert found == []
    seen = [m.group(1) or m.group(2) for m in TEST_IMPORT.finditer(
        "from test_pwa import precached\n    import test_engines\nfrom helpers import PLAY\n"
        "import testing\n# test_refusals.FILL_STORAGE, from test_refusals\n")]
    assert seen == ["test_pwa", "test_engines"]

