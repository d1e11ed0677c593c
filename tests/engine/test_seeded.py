"""Nothing in a test is left to chance: every game a test plays, in CPython, MicroPython or a
browser, has a fixed seed or the test asserts only what holds for every outcome.

What keeps it so (tests/conftest.py and tests/browser/conftest.py say how):
- a lint over the tests' own code (below): no generator without a seed (``random.Random()``,
  ``random.SystemRandom``, ``os.urandom``, ``secrets``), no call of the module ``random``'s
  shared generator (``random.choice(...)``), no ``Math.random`` in the scripts they run in
  a page, no Hypothesis settings that undo the suite's profile, and no browser context
  outside the guard that seeds its pages;
- Hypothesis's profile "senet": derandomized, no example database;
- in every test, the engine's and the app's fallbacks for fresh randomness draw from a
  generator seeded with the test's node id;
- in the browser tests, crypto.getRandomValues is seeded the same way in every page.
"""

import ast
import random
from pathlib import Path

import senet
from senet.session import Session
from senet.throws import SEED_BITS

TESTS = Path(__file__).resolve().parents[1]
# the module random's functions that use its shared, unseeded generator
SHARED_GENERATOR = {
    "random", "randint", "randrange", "randbytes", "getrandbits", "choice", "choices", "shuffle", "sample",
    "uniform", "triangular", "gauss", "normalvariate", "lognormvariate", "expovariate", "vonmisesvariate",
    "gammavariate", "betavariate", "paretovariate", "weibullvariate", "binomialvariate",
}
# what makes a browser context, which must go through conftest's guard_context
CONTEXT_MAKERS = {"new_context", "launch_persistent_context"}


def _name(node) -> str:
    """The dotted name of an expression, as far as it is names and attributes:
    'random.Random' for random.Random, 'Random' for Random, 'x' for f().x, '' for f()."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return ""


def _unseeded_generators(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("random", "secrets"):
            for alias in node.names:
                if node.module == "secrets" or alias.name in SHARED_GENERATOR | {"SystemRandom"}:
                    found.append(f"line {node.lineno}: from {node.module} import {alias.name}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import secrets" for alias in node.names if alias.name == "secrets"]
        elif isinstance(node, ast.Call):
            name = _name(node.func)
            unseeded = not node.args and not node.keywords or (
                len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and node.args[0].value is None)
            if name in ("Random", "random.Random") and unseeded:
                found.append(f"line {node.lineno}: {name}() without a seed")
            elif name in ("SystemRandom", "random.SystemRandom", "os.urandom", "urandom"):
                found.append(f"line {node.lineno}: {name}()")
            elif name.startswith("random.") and name.split(".", 1)[1] in SHARED_GENERATOR:
                found.append(f"line {node.lineno}: {name}() draws from the shared unseeded generator")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "Math.random" in node.value:
            found.append(f"line {node.lineno}: Math.random in a script for the page")
    return found


def _hypothesis_unpinned(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in ("settings", "hypothesis.settings"):
            for kw in node.keywords:
                if kw.arg == "derandomize" and not (isinstance(kw.value, ast.Constant) and kw.value.value is True):
                    found.append(f"line {node.lineno}: settings(derandomize=...) other than True")
                if kw.arg == "database" and not (isinstance(kw.value, ast.Constant) and kw.value.value is None):
                    found.append(f"line {node.lineno}: settings(database=...) other than None")
        elif name.split(".")[-1] in ("load_profile", "register_profile"):
            found.append(f"line {node.lineno}: a Hypothesis profile other than tests/conftest.py's")
    return found


def _unguarded_contexts(tree: ast.AST) -> list[str]:
    """Functions that make a browser context without handing it to guard_context."""
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = [_name(n.func) for n in ast.walk(func) if isinstance(n, ast.Call)]
        makes = [n for n in names if n.split(".")[-1] in CONTEXT_MAKERS or n == "browser.new_page"]
        if makes and "guard_context" not in names:
            found.append(f"line {func.lineno}: {func.name} makes a context ({makes[0]}) without guard_context")
    return found


def _sources():
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def _problems(check, paths) -> list[str]:
    out = []
    for path in paths:
        for problem in check(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            out.append(f"{path.relative_to(TESTS.parent)}: {problem}")
    return out


def test_the_tests_own_code_has_no_unseeded_generator():
    this = Path(__file__).resolve()
    assert _problems(_unseeded_generators, [p for p in _sources() if p != this]) == []


def test_hypothesis_runs_derandomized_without_a_database_everywhere():
    from hypothesis import settings

    assert settings.default.derandomize is True and settings.default.database is None
    assert _problems(_hypothesis_unpinned, [p for p in _sources() if p != TESTS / "conftest.py"]) == []
    # a settings object a test module makes inherits the profile
    assert settings(max_examples=3).derandomize is True and settings(max_examples=3).database is None


def test_every_browser_context_goes_through_the_guard():
    browser_tests = [p for p in _sources() if p.parent.name == "browser" and p.name != "conftest.py"]
    assert browser_tests and _problems(_unguarded_contexts, browser_tests) == []


def test_the_lint_finds_what_it_looks_for():
    """The checks above are not vacuous: each finds its examples."""
    bad = ast.parse("\n".join([
        "import random",
        "from random import choice",
        "rng = random.Random()",
        "other = random.Random(None)",
        "x = random.random()",
        "random.shuffle(things)",
        "os.urandom(16)",
        "JS = 'Math.' 'random() < 0.5'",
    ]))
    assert len(_unseeded_generators(bad)) == 7
    good = ast.parse("rng = random.Random(7)\nrng.random()\nrng.shuffle(x)\nrandom.Random(f'{seed}|{variant}')")
    assert _unseeded_generators(good) == []
    assert len(_hypothesis_unpinned(ast.parse(
        "S = settings(derandomize=False)\nT = settings(database=db)\nsettings.load_profile('ci')"))) == 3
    assert _hypothesis_unpinned(ast.parse("S = settings(derandomize=True, database=None, max_examples=5)")) == []
    assert len(_unguarded_contexts(ast.parse("def f(browser):\n    c = browser.new_context()\n"))) == 1
    assert _unguarded_contexts(ast.parse("def f(browser):\n    c = browser.new_context()\n    guard_context(c)\n")) == []


def test_a_game_made_without_a_seed_in_a_test_takes_the_tests_seed(request):
    """tests/conftest.py's fallbacks: the same draws on every run of this test."""
    rng = random.Random(request.node.nodeid)
    assert senet.Game("kendall").seed == rng.getrandbits(SEED_BITS)
    assert Session("tait").game.seed == rng.getrandbits(SEED_BITS)
    from app.flow import controller
    ctl = controller.Controller(setup=controller.Setup("kendall", ("human", "human")))
    assert ctl.table.game.seed == int.from_bytes(rng.randbytes(controller.SEED_BYTES), "big")
