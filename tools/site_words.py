"""The site in every language of senet/words: tools/build.py writes, beside each English
page, its copy in each other language, from that language's catalog (docs/languages.md).

    index.html          index.<lang>.html            (the game)
    pages/<name>.html   pages/<name>.<lang>.html     (the information pages)
    manifest.webmanifest manifest.<lang>.webmanifest (the installed app's name)
    page.pack           words/<lang>.json(.gz)       (the page's words, fetched by that copy alone)

A copy sits in the same folder as its English page, so every relative URL (styles, the
page's modules, the service worker, the manifest's icons) stays what it is and the site
works at / and under a sub-path (GitHub Pages) alike. Each copy is written whole in its
language: ``<html lang dir>``, every text named by a data-t attribute (tools/html_words.py),
the boards drawn on the rules pages, its links to the other pages (to their copies in the
same language) and its manifest; so its first paint is already in its language and
direction. app/words/lang.js, in the <head> of every page, goes to the copy of the
player's language (``?lang=``, the remembered choice, else the browser's languages).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import html_words
import words as catalogs  # tools/words.py
from runtime import gzipped  # tools/runtime.py: NAME.gz as the build writes it

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from senet import words as senet_words  # noqa: E402
from senet.words import digits  # noqa: E402

PSEUDO = "xx"  # the pseudo-language of the tests (``tools/build.py --pseudo``)
# The board drawings' mark in a page of pages/ (tools/build.py's BOARD_MARK).
BOARD_MARK = re.compile(r"<!-- board-drawing: ([a-z]+) -->")
HTML_TAG = re.compile(r"<html\b[^>]*>")
LANG_SCRIPT = re.compile(r'(<script src="(?:\./|\.\./)app/lang\.js")')
MANIFEST_LINK = re.compile(r'(<link rel="manifest" href="(?:\./|\.\./))manifest\.webmanifest"')
LINK = re.compile(r'(<a\b[^>]*?\shref=")([^"]*)(")')
PLACED = re.compile(r'data-placed="([^"]*)"')


def words_of(lang: str):
    """The Words of ``lang`` read from its PO file (English behind it), or the pseudo-language's."""
    if lang == PSEUDO:
        return senet_words.Words(pseudo_messages(), "en", PSEUDO, senet_words.words())
    data = catalogs.catalog(lang)
    return senet_words.Words(data["messages"], data["plural"], lang,
                             None if lang == catalogs.ENGLISH else senet_words.words())


def direction(lang: str) -> str:
    return "rtl" if lang in catalogs.RIGHT_TO_LEFT else "ltr"


def localized_name(path: str, lang: str) -> str:
    """The copy of the page ``path`` (relative, maybe with ?query or #fragment) in ``lang``:
    "rules.html#k" is "rules.fr.html#k"; English is the page itself."""
    cut = min((i for i in (path.find("?"), path.find("#")) if i >= 0), default=len(path))
    base, rest = path[:cut], path[cut:]
    if lang == catalogs.ENGLISH or not base.endswith(".html") or "://" in base or base.startswith("/"):
        return path
    return base[:-len(".html")] + f".{lang}.html" + rest


def _links(text: str, lang: str) -> str:
    return LINK.sub(lambda m: m.group(1) + localized_name(m.group(2), lang) + m.group(3), text)


def _html_tag(text: str, lang: str) -> str:
    def tag(match):
        out = re.sub(r'\slang="[^"]*"', "", match.group(0))
        out = re.sub(r'\sdir="[^"]*"', "", out)
        return out[:-1] + f' lang="{lang}" dir="{direction(lang)}">'
    out, count = HTML_TAG.subn(tag, text, count=1)
    if count != 1:
        raise html_words.PageError("no <html> tag")
    return out


OPTION = re.compile(r'\s*<option value="([a-z]+)" lang="[^"]*"[^>]*>[^<]*</option>')


def language_list(text: str, langs: list[str]) -> str:
    """The page's app/words/lang.js told the languages the site has (data-langs), and the
    Settings' list of languages cut to them."""
    text = OPTION.sub(lambda m: m.group(0) if m.group(1) in langs else "", text)
    out, count = LANG_SCRIPT.subn(lambda m: m.group(1) + f' data-langs="{" ".join(langs)}"', text, count=1)
    if count != 1:
        raise html_words.PageError('a page must load app/words/lang.js once: <script src="./app/lang.js">')
    return out


def localize(text: str, lang: str, words, name: str) -> str:
    """The page ``text`` (an English page of the site, as built) in ``lang``."""
    def say(key, english):
        message = words.messages.get(key)  # a key not translated yet: None, the English stays
        if message is None:
            return None
        return message[-1] if isinstance(message, list) else message  # a page's text has no count
    out = html_words.translate(text, say, name, "" if lang == catalogs.ENGLISH else catalogs.ENGLISH)
    out = _html_tag(out, lang)
    if lang != catalogs.ENGLISH:
        out = _links(out, lang)
        out = MANIFEST_LINK.sub(lambda m: m.group(1) + f'manifest.{lang}.webmanifest"', out)
    if digits.system(lang) != "latn":
        out = digits_in_html(out, lang)
    return out


# -- digits ----------------------------------------------------------------------------------
SKIPPED = ("script", "style", "code", "kbd", "samp")
TEXT_OR_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)


def digits_in_html(text: str, lang: str) -> str:
    """The numbers of a page's text in ``lang``'s digits (senet.words.digits), but inside
    <script>, <style>, <code>, <kbd> and <samp>, in an element left in English
    (lang="en": not translated yet) and in attributes."""
    out, skipping = [], []  # the names of the open elements whose numbers stay as written
    for part in TEXT_OR_TAG.split(text):
        match = re.match(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)", part)
        if match:
            name = match.group(2).lower()
            if match.group(1):
                if skipping and skipping[-1] == name:
                    skipping.pop()
            elif not part.endswith("/>") and (name in SKIPPED or (name != "html" and ' lang="en"' in part)):
                skipping.append(name)
            out.append(part)
        else:
            out.append(part if skipping or part.startswith("<") else digits.localize(part, lang))
    return "".join(out)


# -- the game page ---------------------------------------------------------------------------

def game_page(built: str, lang: str, words) -> str:
    """dist/index.html (as built: its start's files named on app/boot/start.js's tag) in
    ``lang``: the page's catalog words/<lang>.json placed with the page's pack at its start
    (fetched gzipped, words/<lang>.json.gz, and unpacked by the browser)."""
    out = localize(built, lang, words, "index.html")
    if lang == catalogs.ENGLISH:
        return out
    url = f"./words/{lang}.json"
    out, found = PLACED.subn(lambda m: f'data-placed="{m.group(1)} {url}"', out, count=1)
    if not found:
        raise html_words.PageError("index.html's app/start.js tag has no data-placed")
    return out


def manifest(base: dict, lang: str, words) -> dict:
    """The web app manifest of ``lang``: its name, description, language, direction and
    start (the game's copy in that language); the same id, so it is one app."""
    out = dict(base)
    out.update(name=words.t("site.manifest.name"), short_name=words.t("site.manifest.short_name"),
               description=words.t("site.manifest.description"), lang=lang, dir=direction(lang))
    if lang != catalogs.ENGLISH:
        out["start_url"] = f"./index.{lang}.html"
    return out


def write(out: Path, langs: list[str], page_with_header, board_figure) -> list[str]:
    """Write the site's copies in each of ``langs`` (English's own pages as well: their
    <html dir> and language list) into the built site ``out``; the paths written."""
    written = []
    index = (out / "index.html").read_text(encoding="utf-8")
    for lang in langs:
        words = words_of(lang)
        suffix = "" if lang == catalogs.ENGLISH else f".{lang}"
        (out / f"index{suffix}.html").write_text(language_list(game_page(index, lang, words), langs),
                                                 encoding="utf-8")
        written.append(f"index{suffix}.html")
        for path in sorted((ROOT / "pages").glob("*.html")):
            text = page_with_header(path.read_text(encoding="utf-8"), path.name)
            text = BOARD_MARK.sub(lambda m, w=words: board_figure(m.group(1), w), text)
            text = language_list(localize(text, lang, words, f"pages/{path.name}"), langs)
            (out / "pages" / f"{path.stem}{suffix}.html").write_text(text, encoding="utf-8")
            written.append(f"pages/{path.stem}{suffix}.html")
        if lang != catalogs.ENGLISH:
            (out / "words").mkdir(exist_ok=True)
            data = catalogs.runtime(catalogs.catalog(lang)) if lang != PSEUDO else {
                "plural": "en", "messages": catalogs.runtime({"messages": pseudo_messages()})["messages"]}
            compiled = catalogs.compiled(data)
            (out / "words" / f"{lang}.json").write_bytes(compiled)
            (out / "words" / f"{lang}.json.gz").write_bytes(gzipped(compiled))
            written += [f"words/{lang}.json", f"words/{lang}.json.gz"]
    return written


# -- the pseudo-language ---------------------------------------------------------------------
ACCENTED = dict(zip("aceilnorsuyzACEILNORSUYZ", "áçéíłñóŕšúýžÁÇÉÍŁÑÓŔŠÚÝŽ"))
PAD = "ŧŵőþŕéé ƒőúŕ ƒíṽé šíx šéṽéñ "


def pseudo(text: str) -> str:
    """A message in the pseudo-language: its letters accented, a third longer, in
    brackets; its arguments ({side}), HTML tags and entities as they are."""
    out, letters = [], 0
    for part in re.split(r"(\{[^{}]*\}|<[^>]*>|&[a-zA-Z]+;|&#x?[0-9a-fA-F]+;)", text):
        if part[:1] in ("{", "<", "&") and len(part) > 1:
            out.append(part)
        else:
            letters += sum(c.isalpha() for c in part)
            out.append("".join(ACCENTED.get(c, c) for c in part))
    pad = (PAD * (1 + letters // len(PAD)))[:max(1, (letters * 3 + 9) // 10)].strip()
    return "[" + "".join(out) + (" " + pad if pad else "") + "]"


def pseudo_messages() -> dict:
    english = senet_words.words().messages
    return {key: [pseudo(form) for form in value] if isinstance(value, list) else pseudo(value)
            for key, value in english.items()}
