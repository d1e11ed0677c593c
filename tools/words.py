#!/usr/bin/env python3
"""The catalogs of words (senet/words/*.po): extract, update, compile (docs/languages.md).

    .venv/bin/python tools/words.py extract     # senet/words/senet.pot, checked against en.po
    .venv/bin/python tools/words.py update      # every <lang>.po brought up to en.po
    .venv/bin/python tools/words.py compile DIR # DIR/<lang>.json, what the page and worker read
    .venv/bin/python tools/words.py check       # every <lang>.po against en.po (arguments, tags)

``extract`` reads the code with Babel (PyPI babel, requirements-build.txt): the keys of
every ``t("key")`` and ``n("key", count)`` of senet/ and app/ (Babel's Python extractor),
the ``data-t`` ids of index.html and pages/*.html (a Babel extractor of this project,
``extract_html``), and the keys the code keeps in tables (string literals shaped like a
key). It writes the template senet/words/senet.pot and fails when a key the code asks for
is not in en.po, or when en.po holds a key nothing uses.

``update`` is what a translator runs after en.po changed: each <lang>.po gets the keys it
lacks (an empty msgstr, the English in a ``#. English:`` comment), an entry whose English
changed gets the new English and the ``fuzzy`` flag (a fuzzy entry is not used: the page
shows the English until someone checks it and removes the flag), keys en.po no longer has
are dropped, and every translation, translator's comment and the file's header (its
glossary) stay. Running it twice changes nothing.

``compile`` writes what tools/build.py puts on the site: ``<lang>.json`` for the page and
the worker (the messages of the code; the site's static text, ``html.`` and ``pages.``,
is written into the pages by the build instead).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "senet" / "words"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from senet.words import SECTIONED, plural, po, section_of  # noqa: E402

ENGLISH = "en"
# The languages of the site, each with its own name in itself (the Settings' choice and
# the language links say a language so, docs/languages.md).
LANGUAGES = {"en": "English", "ar": "العربية", "fr": "Français", "de": "Deutsch", "es": "Español",
             "zh": "简体中文"}
RIGHT_TO_LEFT = {"ar"}
# Messages the build writes into the site's HTML (index.html's, the information pages'):
# the page's and the worker's catalogs need not carry them.
SITE_PREFIXES = ("html.", "pages.")
KEYWORDS = {"t": None, "n": None}  # t("key", ...), n("key", count, ...): the key is the first argument
KEY_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+\.?")
# The code whose words are in the catalogs: the engine, the page's package, the board
# drawings of the information pages (tools/board_svg.py) and the manifests
# (tools/site_words.py); the site's HTML.
SOURCES = ("senet/**.py", "app/**.py", "tools/board_svg.py", "tools/site_words.py")
PAGES = ("index.html", "pages/*.html")
SCRIPTS = ("app/**.js",)  # page scripts that say words themselves (the Puzzles page's word())
TEMPLATE = WORDS / "senet.pot"


class WordsError(Exception):
    pass


# -- extract ---------------------------------------------------------------------------------

def extract_html(fileobj, keywords, comment_tags, options):
    """A Babel extraction method: the message ids of an HTML page's data-t attributes
    (tools/html_words.py), each as (line, "t", key, [what it is])."""
    import html_words

    text = fileobj.read().decode("utf-8")
    for key, _english, el, attribute in html_words.page_words(text, getattr(fileobj, "name", "page")):
        yield el.line, "t", key, [f"the {attribute} of {el.where()}" if attribute else el.where()]


def _keys_of(node) -> list[str]:
    """The keys, or first parts of keys, an expression given to t() or n() can be: a
    literal, either branch of ``a if c else b``, the literal start of ``"x." + y`` or of
    an f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _keys_of(node.body) + _keys_of(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _keys_of(node.left), _keys_of(node.right)
        if left and right and all(isinstance(n, ast.Constant) for n in (node.left, node.right)):
            return [a + b for a in left for b in right]
        return left
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return [node.values[0].value]
    return []


def extract_python(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for the code: the key of every call of a keyword (t, n;
    a function or a method: ``words.t``), each as (line, keyword, key, []), the branches of
    a conditional key each on its own and a key joined in code as its literal first part
    ("refused." + why); then every string literal of the module as (line, None, literal,
    ["literal"]), for the keys the code keeps in tables."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if name in keywords:
                for key in _keys_of(node.args[0]):
                    yield node.lineno, name, key, []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
            yield node.lineno, None, node.value, ["literal"]


def extract_js(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for a page script: each ``word("key"`` call, a key or the
    literal first part of one (``word("puzzles.task." + side``), as (line, "t", key, []),
    then every other string literal shaped as a key as (line, None, literal, ["literal"])."""
    text = fileobj.read().decode("utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        called = set(re.findall(r'\bword\(\s*"([^"]+)"', line))
        for key in called:
            yield number, "t", key, []
        for literal in re.findall(r'"([^"]+)"', line):
            if literal not in called and KEY_SHAPE.fullmatch(literal):
                yield number, None, literal, ["literal"]


def extract() -> dict:
    """What the code uses: {"calls": {key: [place]}, "literals": {string: [place]}}, each
    place "path:line", found with Babel's extraction (extract_python, extract_html). A
    call's key is a whole key, or the first part of one joined in code ("refused." + why)."""
    from babel.messages.extract import extract_from_dir

    calls: dict[str, list[str]] = {}
    literals: dict[str, list[str]] = {}
    method_map = [*((pattern, "words:extract_python") for pattern in SOURCES),
                  *((pattern, "words:extract_html") for pattern in PAGES),
                  *((pattern, "words:extract_js") for pattern in SCRIPTS)]
    for path, line, message, comments, _context in extract_from_dir(
            str(ROOT), method_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True,
            directory_filter=lambda d: Path(d).name not in ("node_modules", ".venv", "dist", "__pycache__", "tests")):
        key = message[0] if isinstance(message, tuple) else message
        if key:
            (literals if comments == ["literal"] else calls).setdefault(key, []).append(f"{path}:{line}")
    return {"calls": calls, "literals": literals}


def _under(prefix: str, key: str) -> bool:
    """Whether ``key`` continues the first part ``prefix`` of a key at a dot."""
    return key.startswith(prefix) and key != prefix and (prefix.endswith(".") or key[len(prefix)] == ".")


def usage(messages: dict, found: dict) -> tuple[dict, list[str], list[str]]:
    """({key: [place]} of en.po's keys the code uses, the keys the code asks for that en.po
    lacks, en.po's keys nothing uses). A key is used when a call names it, or a first part
    of it that ends at a dot, or when a string literal of the code is the key or joins with
    another literal into it ("event.move" + ".you")."""
    used: dict[str, list[str]] = {}
    missing = []
    for key, places in found["calls"].items():
        if key in messages:
            used.setdefault(key, []).extend(places)
        else:
            under = [k for k in messages if _under(key, k)]
            if not under:
                missing.extend(f"{place}: {key}" for place in places)
            for k in under:
                used.setdefault(k, []).extend(places)
    literals = found["literals"]
    for key in messages:
        if key in literals:
            used.setdefault(key, []).extend(literals[key])
            continue
        for i, c in enumerate(key):
            if c == "." and ((key[:i + 1] in literals and key[i + 1:] in literals)
                             or (key[:i] in literals and key[i:] in literals)):
                used.setdefault(key, []).extend(literals.get(key[:i + 1], literals.get(key[:i], [])))
                break
    unused = [key for key in messages if key not in used]
    return used, sorted(missing), unused


def english_entries() -> list[dict]:
    """en.po's entries (senet.words.po's), its header left out."""
    return [e for e in po.parse((WORDS / "en.po").read_text(encoding="utf-8")) if e["msgid"]]


def write_template(entries: list[dict], used: dict, target: Path = TEMPLATE) -> int:
    """senet.pot: every message of en.po that the code uses, with where (Babel's catalog
    and PO writer; no dates, so that the file changes only when the words do)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="senet", fuzzy=False)
    for e in entries:
        key = e["msgid"]
        english = e["msgstr"]
        notes = [*e["notes"], *english_comments(english)]
        places = sorted({place.rsplit(":", 1)[0] for place in used.get(key, [])})
        msgid = (key, key) if isinstance(english, list) else key
        catalog.add(msgid, string=("", "") if isinstance(english, list) else "", auto_comments=notes,
                    locations=[(place, None) for place in places])
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=True, include_lineno=False)
    header = ("# The template of the words of Senet: every message the code and the site's pages use,\n"
              "# extracted with Babel by `tools/words.py extract` (do not edit: edit senet/words/en.po).\n"
              'msgid ""\nmsgstr ""\n"Project-Id-Version: senet\\n"\n"MIME-Version: 1.0\\n"\n'
              '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n\n')
    target.write_text(header + out.getvalue().decode("utf-8").lstrip("\n"), encoding="utf-8")
    return len(catalog)


def cmd_extract(args) -> int:
    entries = english_entries()
    messages = {e["msgid"]: e["msgstr"] for e in entries}
    used, missing, unused = usage(messages, extract())
    faults = [f"used but not in senet/words/en.po: {m}" for m in missing]
    faults += [f"in senet/words/en.po but used nowhere: {key}" for key in unused]
    if faults:
        print("\n".join(faults), file=sys.stderr)
        return 1
    count = write_template(entries, used, args.out)
    print(f"{args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: {count} messages")
    return 0


# -- update ----------------------------------------------------------------------------------

def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def english_comments(english) -> list[str]:
    """The ``#. English`` comments of a message: its English, for a translator to see."""
    if isinstance(english, list):
        return [f"English (one): {quote(english[0])}", f"English (other): {quote(english[-1])}"]
    return [f"English: {quote(english)}"]


def _header(text: str) -> tuple[list[str], list[str]]:
    """(the comment lines before the header entry, the header entry's lines), as written."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith('msgid ""')), None)
    if start is None:
        raise WordsError('no header entry (msgid "")')
    end = start + 1
    while end < len(lines) and lines[end].strip() and not lines[end].startswith("#"):
        end += 1
    return lines[:start], lines[start:end]


def plural_count(text: str) -> int:
    fields = po.headers(po.parse(text))
    rule = plural.rule_of_header(fields.get("Plural-Forms", ""))
    if rule is None:
        raise WordsError(f"unknown Plural-Forms {fields.get('Plural-Forms', '')!r}")
    return plural.RULES[rule][0]


def updated(text: str, entries: list[dict]) -> tuple[str, dict]:
    """A catalog's text brought up to the English ``entries``, and what changed:
    {"added": [...], "fuzzy": [...], "dropped": [...]}."""
    from babel.messages.pofile import read_po

    comments, header = _header(text)
    forms = plural_count(text)
    old = {}
    for message in read_po(io.BytesIO(text.encode("utf-8"))):
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            old[key] = message
    changes = {"added": [], "fuzzy": [], "dropped": sorted(set(old) - {e["msgid"] for e in entries})}
    out = [*comments, *header]
    for e in entries:
        key, english = e["msgid"], e["msgstr"]
        is_plural = isinstance(english, list)
        was = old.get(key)
        lines = [""]
        flags = set()
        strings = [""] * forms if is_plural else [""]
        if was is None:
            changes["added"].append(key)
        else:
            lines += [f"# {c}" if c else "#" for c in was.user_comments]
            flags = set(was.flags) - {"python-format", "python-brace-format"}
            given = list(was.string) if isinstance(was.string, (tuple, list)) else [was.string]
            if isinstance(was.id, tuple) == is_plural:
                strings = (given + [""] * forms)[:forms] if is_plural else given[:1]
            elif any(given):
                flags.add("fuzzy")  # a message that gained or lost its plural forms: start again
            before = [c[len("English"):] for c in was.auto_comments if c.startswith("English")]
            now = [c[len("English"):] for c in english_comments(english)]
            if before != now and any(strings) and "fuzzy" not in flags:
                flags.add("fuzzy")
                changes["fuzzy"].append(key)
        lines += [f"#. {note}" for note in e["notes"] if not note.startswith("English")]
        lines += [f"#. {c}" for c in english_comments(english)]
        if flags:
            lines.append("#, " + ", ".join(sorted(flags)))
        lines.append(f"msgid {quote(key)}")
        if is_plural:
            lines.append(f"msgid_plural {quote(key)}")
            lines += [f"msgstr[{i}] {quote(s)}" for i, s in enumerate(strings)]
        else:
            lines.append(f"msgstr {quote(strings[0])}")
        out += lines
    return "\n".join(out) + "\n", changes


def translations() -> list[Path]:
    return sorted(p for p in WORDS.glob("*.po") if p.stem != ENGLISH)


def cmd_update(args) -> int:
    entries = english_entries()
    paths = [WORDS / f"{lang}.po" for lang in args.langs] if args.langs else translations()
    for path in paths:
        if not path.is_file():
            print(f"{path.relative_to(ROOT)}: no such catalog", file=sys.stderr)
            return 1
        text = path.read_text(encoding="utf-8")
        try:
            new, changes = updated(text, entries)
        except (WordsError, po.PoError) as exc:
            print(f"{path.relative_to(ROOT)}: {exc}", file=sys.stderr)
            return 1
        if new != text:
            path.write_text(new, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(changes['added'])} added, {len(changes['fuzzy'])} marked fuzzy "
              f"(their English changed), {len(changes['dropped'])} dropped"
              + ("" if new != text else ", nothing to write"))
    return 0


# -- check -----------------------------------------------------------------------------------

ARGUMENT = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[:!][^{}]*)?\}")


def arguments(text: str) -> set:
    return set(ARGUMENT.findall(text))


def problems(english: dict, messages: dict) -> list[str]:
    """What is wrong with a compiled catalog's ``messages`` against the English: a key
    English has not, a form missing, an argument added or lost (a plural form may leave out
    {n}), a page's message whose tags or links differ (tools/html_words.py)."""
    import html_words

    out = []
    for key, text in messages.items():
        if key not in english:
            out.append(f"{key}: not in en.po")
            continue
        source = english[key]
        if isinstance(source, list) != isinstance(text, list):
            out.append(f"{key}: plural forms differ from en.po's")
            continue
        want = set().union(*map(arguments, source)) if isinstance(source, list) else arguments(source)
        for form in text if isinstance(text, list) else [text]:
            have = arguments(form)
            if isinstance(text, list):
                if not have <= want or (want - {"n"}) - have:
                    out.append(f"{key}: arguments {sorted(have)}, en.po's {sorted(want)}")
            elif have != want:
                out.append(f"{key}: arguments {sorted(have)}, en.po's {sorted(want)}")
            if key.startswith(SITE_PREFIXES):
                fault = html_words.check_translation(key, source if isinstance(source, str) else source[-1], form,
                                                     arguments=isinstance(source, str))
                if fault:
                    out.append(fault)
    return out


def cmd_check(args) -> int:
    english = catalog(ENGLISH)["messages"]
    bad = 0
    for path in translations():
        data = po.catalog(path.read_text(encoding="utf-8"))
        found = problems(english, data["messages"])
        missing = len(set(english) - set(data["messages"]))
        for line in found:
            print(f"{path.name}: {line}", file=sys.stderr)
        bad += len(found)
        print(f"{path.name}: {len(data['messages'])} of {len(english)} messages translated, {missing} in English, "
              f"{len(found)} problems")
    return 1 if bad else 0


# -- compile ---------------------------------------------------------------------------------

def catalog(lang: str) -> dict:
    """The catalog of ``lang`` as senet.words reads it (fuzzy and empty entries left out)."""
    return po.catalog((WORDS / f"{lang}.po").read_text(encoding="utf-8"))


def languages() -> list[str]:
    """The languages whose catalog exists, English first."""
    return [ENGLISH] + [p.stem for p in translations()]


def runtime(data: dict) -> dict:
    """A catalog without the site's static text (html., pages.)."""
    return {**data, "messages": {k: v for k, v in data["messages"].items() if not k.startswith(SITE_PREFIXES)}}


def compiled(data: dict) -> bytes:
    """A catalog ``{"plural": rule, "messages": {...}}`` as the page and the worker read it
    (senet.words.read_catalog): one JSON document, ``{"plural": rule, "sections": {section:
    {key: message}}}``, its first line the rule and then one section a line, sorted, compact,
    the text as it is (UTF-8)."""
    sections: dict = {}
    for key in sorted(data["messages"]):
        sections.setdefault(section_of(key), {})[key] = data["messages"][key]
    lines = [json.dumps(name) + ":" + json.dumps(body, ensure_ascii=False, separators=(",", ":"))
             for name, body in sorted(sections.items())]
    head = "{" + json.dumps("plural") + ":" + json.dumps(data["plural"]) + "," + SECTIONED
    return (head + "\n" + ",\n".join(lines) + "\n}}").encode("utf-8")


def cmd_compile(args) -> int:
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in languages():
        (args.out / f"{lang}.json").write_bytes(compiled(runtime(catalog(lang))))
    print(f"{args.out}: {', '.join(languages())}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("extract", help="write senet/words/senet.pot from the code; check it against en.po")
    cmd.add_argument("--out", type=Path, default=TEMPLATE, help="the template (default: senet/words/senet.pot)")
    cmd = sub.add_parser("update", help="bring every <lang>.po (or the LANGs named) up to en.po")
    cmd.add_argument("langs", nargs="*", metavar="LANG")
    sub.add_parser("check", help="check every <lang>.po against en.po")
    cmd = sub.add_parser("compile", help="write DIR/<lang>.json for each catalog")
    cmd.add_argument("out", type=Path, metavar="DIR")
    args = parser.parse_args(argv)
    return {"extract": cmd_extract, "update": cmd_update, "check": cmd_check, "compile": cmd_compile}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
