"""Rule sets are asked, not named: no code under senet/ and app/ names a rule set outside
the rule sets themselves (senet/variants/) and the opponents' tuning (senet/ai/tuning.py).

What counts as naming a rule set: a string constant in the code (not a docstring) that
is a rule set's name, "kendall", or a name with house rules, "kendall+five". A rule set's
difference (its water, its table's layout, its house rules...) is a property of
``senet.Rules``, the opponents' tuning a row of senet/ai/tuning.py.

Aside, because a person or a file reads the name there:
- senet/commands/: a command line's choices and defaults are names a user types;
- senet/level_ratings.py: data, not code, written by tools/calibrate_levels.py (the
  levels' measured ratings, a row per rule set, read by senet/profile.py; a Python
  module so that the page's pack carries it);
- a dict from rule sets to message ids ("tutorial.difference.tait"): the catalogs are
  keyed by literal ids, so the words of each rule set are listed by name;
- text that contains a name but is not one: a position ("kendall wbwb... w - ..."), a
  message id, a file name.
"""

import ast
from pathlib import Path

import senet

ROOT = Path(__file__).resolve().parent.parent.parent
NAMES = set(senet.VARIANTS)
ALLOWED = ("senet/variants/", "senet/ai/tuning.py", "senet/commands/", "senet/level_ratings.py")


def _is_name(value) -> bool:
    return isinstance(value, str) and value.partition("+")[0] in NAMES


def _docstrings(tree) -> set:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _message_tables(tree) -> set:
    """The keys of dicts whose values are all message ids (text with a dot, no space)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and node.values and all(
                isinstance(v, ast.Constant) and isinstance(v.value, str) and "." in v.value and " " not in v.value
                for v in node.values):
            out.update(id(k) for k in node.keys)
    return out


def named(path: Path) -> list:
    """(line, text) of every rule-set name in ``path``'s code, the allowed ones aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _message_tables(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and _is_name(node.value) and id(node) not in skip]


def _files():
    for top in ("senet", "app"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(ALLOWED):
                yield rel, path


def test_no_rule_set_is_named_outside_the_rule_sets_and_the_tuning():
    found = [f"{rel}:{line}: {text!r}" for rel, path in _files() for line, text in named(path)]
    assert found == []


def test_the_check_finds_a_name(tmp_path):
    """The check itself: a name in code is found; in a docstring, a position, a message
    table or a message id it is not."""
    source = tmp_path / "sample.py"
    source.write_text('"""kendall"""\n'
                      'A = "tait"\n'
                      'B = {"bell": "new_game.note.bell"}\n'
                      'C = "kendall wbwb w - w=0/0,b=0/0 -"\n'
                      'D = get("kendall+five")\n'
                      'E = "tutorial.difference.havens"\n', encoding="utf-8")
    assert named(source) == [(2, "tait"), (5, "kendall+five")]
