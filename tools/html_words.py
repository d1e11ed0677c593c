"""The words of the site's HTML (index.html and pages/*.html): which element names which
message of senet/words, what the English of each is, and the page in another language.

An element whose text a player reads names its message: ``data-t="key"`` for the
element's own content, ``data-t-<attribute>="key"`` for an attribute's (data-t-aria-label,
data-t-title, data-t-content, data-t-data-label, ...). The page keeps its English, so it
reads the same before any script runs; tools/build.py checks that the English is the
catalog's message, so senet/words/en.po is the one source of the site's English, and
writes each other language's copy of every page from its catalog (``translate``).

An element's message is what is directly inside it, whitespace collapsed, as HTML (the
characters &, < and > written &amp;, &lt;, &gt;, any other entity as its character):

- a child that only formats the words (<a>, <em>, <i>, <b>, <strong>, <cite>, <code>,
  <kbd>, <q>, <var>, <span>, <br>, ... with words in it, no id, no data-t* of its own and
  no drawing inside) is part of the message, its markup kept: a translation keeps the
  same tags and the same links (``check_translation``);
- any other child (an icon, a drawing, a checkbox, a select, an element the code fills in
  by its id, an element with messages of its own) is no part of the message before the
  first word or after the last one, and between words it is the argument {name}, named
  by its id, else its first class, else its tag ("-" written "_"): the fingerprint
  <code id="ng-commit"> in a sentence is {ng_commit}.
"""

from __future__ import annotations

import html
import html.parser
import re

PAGE_WORDS = "data-t"
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                 "track", "wbr"}
# The tags that format words inside a sentence: a message keeps them as markup.
INLINE = {"a", "abbr", "b", "bdi", "br", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "small",
          "span", "strong", "sub", "sup", "time", "u", "var"}
ARGUMENT = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class PageError(ValueError):
    """A page whose words cannot be read or written; the message says where."""


def _html_text(raw: str) -> str:
    """Source text as a message writes it: entities read, then &, < and > escaped again."""
    return html.escape(html.unescape(raw), quote=False)


class PageElement:
    """An element of a page: its tag, attributes, line, parent, what is directly inside it
    (strings, and its child elements), and where it is in the source (``start`` of its
    start tag, ``open_end`` after it, ``close_start`` of its end tag, ``end`` after it)."""

    def __init__(self, tag: str, attrs: dict, line: int, parent: PageElement | None, start: int, open_end: int):
        self.tag, self.attrs, self.line, self.parent = tag, attrs, line, parent
        self.start, self.open_end = start, open_end
        self.close_start = self.end = open_end
        self.content: list = []  # str (raw source text) and PageElement
        self.source = ""

    @property
    def argument(self) -> str:
        name = self.attrs.get("id") or (self.attrs.get("class") or "").split(" ")[0] or self.tag
        return name.replace("-", "_")

    def has_words(self) -> bool:
        return any(c.isalpha() for c in html.unescape(self.inner_source()))

    def inner_source(self) -> str:
        return self.source[self.open_end:self.close_start]

    def _has(self, tag: str) -> bool:
        return any(not isinstance(part, str) and (part.tag == tag or part._has(tag)) for part in self.content)

    @property
    def kept(self) -> bool:
        """Whether this element, inside a message, is part of it (markup that formats words)."""
        if self.tag not in INLINE or self.attrs.get("id") or any(a.startswith(PAGE_WORDS) for a in self.attrs):
            return False
        return self.tag == "br" or (not self._has("svg") and self.has_words())

    def markup(self) -> str:
        """This element as a message writes it: its start tag (whitespace collapsed), its
        content, its end tag."""
        start = " ".join(self.source[self.start:self.open_end].split())
        if self.tag in VOID_ELEMENTS:
            return start
        inner = "".join(_html_text(p) if isinstance(p, str) else p.markup() for p in self.content)
        return f"{start}{inner}</{self.tag}>"

    def _parts(self):
        """(first, last): the indexes of content between which the message lies."""
        words = [i for i, part in enumerate(self.content)
                 if (part.split() if isinstance(part, str) else part.kept)]
        return (words[0], words[-1]) if words else (None, None)

    @property
    def text(self) -> str:
        """The element's message as it stands, whitespace collapsed ("" when it has none)."""
        first, last = self._parts()
        if first is None:
            return ""
        out = []
        for part in self.content[first:last + 1]:
            if isinstance(part, str):
                out.append(_html_text(part))
            else:
                out.append(part.markup() if part.kept else f"{{{part.argument}}}")
        return " ".join("".join(out).split())

    def where(self) -> str:
        """How a message names the element: its id, else its tag and action or text."""
        if self.attrs.get("id"):
            return f"#{self.attrs['id']}"
        if self.attrs.get("data-action"):
            return f'{self.tag}[data-action="{self.attrs["data-action"]}"]'
        text = " ".join(html.unescape(re.sub(r"<[^>]*>", "", self.text)).split())
        return f'<{self.tag}> "{text}"' if text else f"<{self.tag}> on line {self.line}"


class PageReader(html.parser.HTMLParser):
    """A page's elements, in document order (PageElement), with what is directly inside
    each and where; the text of <script> and <style> is left out. PageError on an end tag
    that closes another element than the last one opened."""

    def __init__(self, text: str, name: str = "index.html"):
        super().__init__(convert_charrefs=True)
        self.name, self.text = name, text
        self._lines = [0]
        for i, c in enumerate(text):
            if c == "\n":
                self._lines.append(i + 1)
        self.elements: list[PageElement] = []
        self._open: list[PageElement] = []
        self._after = 0  # where the source after the last markup starts
        self.feed(text)
        self.close()
        self._flush(len(text))
        if self._open:
            raise PageError(f"{name}: <{self._open[-1].tag}> of line {self._open[-1].line} is never closed")

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def _start(self, tag: str, attrs, closed: bool) -> None:
        parent = self._open[-1] if self._open else None
        start = self._offset()
        self._flush(start)
        el = PageElement(tag, {name: value or "" for name, value in attrs}, self.getpos()[0], parent,
                         start, start + len(self.get_starttag_text()))
        self._after = el.open_end
        el.source = self.text
        self.elements.append(el)
        if parent is not None:
            parent.content.append(el)
        if not closed and tag not in VOID_ELEMENTS:
            self._open.append(el)

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs, False)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs, True)

    def handle_endtag(self, tag):
        if not self._open or self._open[-1].tag != tag:
            self._flush(self._offset())
            opened = f"<{self._open[-1].tag}> of line {self._open[-1].line}" if self._open else "nothing"
            raise PageError(f"{self.name}: </{tag}> on line {self.getpos()[0]} closes {opened}")
        offset = self._offset()
        self._flush(offset)
        el = self._open.pop()
        el.close_start = offset
        el.end = self._after = self.text.index(">", offset) + 1

    def _flush(self, offset: int) -> None:
        """The source text between the last markup and ``offset`` goes to the open element."""
        if offset > self._after and self._open and self._open[-1].tag not in ("script", "style"):
            self._open[-1].content.append(Text(self.text[self._after:offset], self._after))

    def handle_comment(self, data):
        offset = self._offset()
        self._flush(offset)
        self._after = offset + len(data) + 7

    def handle_decl(self, decl):
        self._after = self._offset() + len(decl) + 3


class Text(str):
    """Source text inside an element, as written (entities and all), and where it starts."""

    def __new__(cls, text: str, start: int):
        self = super().__new__(cls, text)
        self.start = start
        return self


def page_words(text: str, name: str = "index.html") -> list[tuple[str, str, PageElement, str]]:
    """(key, English, element, attribute or "") of every data-t* attribute of the page."""
    out = []
    for el in PageReader(text, name).elements:
        for attr, key in el.attrs.items():
            if attr == PAGE_WORDS:
                out.append((key, el.text, el, ""))
            elif attr.startswith(PAGE_WORDS + "-"):
                attribute = attr[len(PAGE_WORDS) + 1:]
                out.append((key, " ".join(el.attrs.get(attribute, "").split()), el, attribute))
    return out


def check_page_words(text: str, messages: dict, name: str = "index.html") -> int:
    """Every message the page names (data-t*) is in the catalog ``messages`` and is the
    element's English as it stands; PageError names the key. The number of messages."""
    found = page_words(text, name)
    for key, english, el, attribute in found:
        what = f"the {attribute} of {el.where()}" if attribute else el.where()
        if not english:
            raise PageError(f"{name}: {what} names the message {key} but has no text")
        message = messages.get(key)
        if message is None:
            raise PageError(f"{name}: {what} names the message {key}, which senet/words/en.po lacks")
        if message != english:
            raise PageError(f"{name}: {what} reads {english!r} but senet/words/en.po's {key} is {message!r}")
    return len({key for key, *_ in found})


# -- the page in another language ---------------------------------------------------------

TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*\"[^\"]*\")?)*)\s*/?>")
HREF = re.compile(r'\bhref="([^"]*)"')


def _tags(message: str) -> list[str]:
    """The tags of a message, in order, each as its name and its link (if any)."""
    out = []
    for match in TAG.finditer(message):
        href = HREF.search(match.group(3) or "")
        out.append(match.group(1) + match.group(2).lower() + (f" {href.group(1)}" if href else ""))
    return out


def check_translation(key: str, english: str, translation: str, arguments: bool = True) -> str | None:
    """Why ``translation`` cannot stand for the English message ``english`` of a page (None
    when it can): it must keep the English's arguments (unless ``arguments`` is False: a
    plural form may leave out its count) and tags (their order may change, links stay the
    same) and be well formed HTML."""
    if arguments and set(ARGUMENT.findall(translation)) != set(ARGUMENT.findall(english)):
        return f"{key}: the arguments {sorted(set(ARGUMENT.findall(english)))} must stay"
    if sorted(_tags(translation)) != sorted(_tags(english)):
        return f"{key}: the tags {_tags(english)} must stay (the translation has {_tags(translation)})"
    if re.search(r"<(?![a-zA-Z/])|&(?![a-zA-Z]+;|#[0-9]+;|#x[0-9a-fA-F]+;)", translation):
        return f"{key}: write < as &lt; and & as &amp;"
    try:
        PageReader(f"<p>{translation}</p>", key)
    except PageError as exc:
        return f"{key}: {exc}"
    return None


def _attribute_text(value: str) -> str:
    return html.escape(html.unescape(value), quote=True)


def translate(text: str, say, name: str = "index.html", source_lang: str = "") -> str:
    """The page ``text`` with each message it names (data-t*) replaced by ``say(key,
    english)``, the translation of that key (as HTML: a message keeps its markup, and the
    children that are arguments or lie at the ends stay as they are). ``say`` returns None
    for a message not translated yet: it stays in English, and with ``source_lang`` its
    element says so (lang="en" dir="ltr", so that a screen reader reads it as English and
    a right-to-left page sets it left to right)."""
    edits = []  # (start, end, new source), none overlapping
    for el in PageReader(text, name).elements:
        replaced = {}
        for attr, key in el.attrs.items():
            if attr.startswith(PAGE_WORDS + "-"):
                attribute = attr[len(PAGE_WORDS) + 1:]
                english = " ".join(el.attrs.get(attribute, "").split())
                said = say(key, english)
                replaced[attribute] = english if said is None else said
        key = el.attrs.get(PAGE_WORDS)
        translation = say(key, el.text) if key and el._parts()[0] is not None else None
        if key and translation is None and source_lang and el._parts()[0] is not None:
            replaced["lang"], replaced["dir"] = source_lang, "ltr"
        if replaced:
            edits.append((el.start, el.open_end, _start_tag(el, replaced)))
        if key:
            first, last = el._parts()
            if first is None:
                continue
            if translation is None:
                continue
            children = {part.argument: part for part in el.content[first:last + 1]
                        if not isinstance(part, str) and not part.kept}
            body = ARGUMENT.sub(lambda m, kids=children, src=el.source: (
                src[kids[m.group(1)].start:kids[m.group(1)].end] if m.group(1) in kids else m.group(0)), translation)
            begin = _part_start(el, first)
            end = _part_end(el, last)
            edits.append((begin, end, body))
    edits.sort()
    out, at = [], 0
    for start, end, new in edits:
        if start < at:  # an attribute of an element inside a replaced message: the message wins
            continue
        out.append(text[at:start])
        out.append(new)
        at = end
    out.append(text[at:])
    return "".join(out)


def _part_start(el: PageElement, index: int) -> int:
    part = el.content[index]
    return part.start + len(part) - len(part.lstrip()) if isinstance(part, str) else part.start


def _part_end(el: PageElement, index: int) -> int:
    part = el.content[index]
    return part.start + len(part.rstrip()) if isinstance(part, str) else part.end


def _start_tag(el: PageElement, replaced: dict) -> str:
    """The element's start tag with the attributes ``replaced`` ({name: new text})."""
    tag = el.source[el.start:el.open_end]
    for attribute, value in replaced.items():
        pattern = re.compile(r'(\s' + re.escape(attribute) + r'=")[^"]*(")')
        if not pattern.search(tag):
            if attribute not in ("lang", "dir") or f" {attribute}=" in tag:
                raise PageError(f"{el.where()}: its {attribute} must be written in double quotes")
            end = len(tag) - (2 if tag.endswith("/>") else 1)
            tag = tag[:end] + f' {attribute}="{_attribute_text(value)}"' + tag[end:]
            continue
        new = _attribute_text(value)
        tag = pattern.sub(lambda m, new=new: m.group(1) + new + m.group(2), tag, count=1)
    return tag
