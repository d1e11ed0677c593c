"""The game page's words: every text of index.html a player reads names its message in
senet/words/en.po (data-t="key" for an element's own text, data-t-<attribute>="key" for
an attribute's), and the page's English is the catalog's (tools/build.py refuses a build
where they differ)."""

import re
from html.parser import HTMLParser
from pathlib import Path

import build
import pytest

from senet.words import po

ROOT = Path(__file__).resolve().parents[2]

INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
MESSAGES = po.catalog((ROOT / "senet" / "words" / "en.po").read_text(encoding="utf-8"))["messages"]
KEY = re.compile(r"html(\.[a-z0-9_]+)+")

# The attributes whose text a player reads (a screen reader's name, a tooltip, a hint), and
# the page's description (<meta name="description" content>).
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

# Texts of index.html with no message, because the page writes them before a player can
# see them (the element is hidden, or in a dialog, until then). Texts with no letter are
# data, not words, and need no message: the square numbers, the replay's speeds (0.5×),
# the review graph's 0%, 50%, 100%.
UNMARKED = {
    "#meter-label": "app/view/controls.py writes whose chance to win it is before the meter shows",
    'button[data-action="replay-auto"]': "app/view/panels.py writes Play or Pause whenever the replay shows",
    "#review-graph-label": "app/view/panels.py writes the graph's label (whose chance) when the review shows",
    "#tutorial-title": "app/view/panels.py writes the lesson's heading when the tutorial shows",
    "#game-over-title": "app/view/panels.py writes the result when the game is over",
    '<legend> "White"': "app/dialogs/new_game.py writes the sides' headings each time the dialog opens",
    '<legend> "Black"': "app/dialogs/new_game.py writes the sides' headings each time the dialog opens",
    "#friend-link-state": "app/dialogs/friend.py writes the link's state when the page starts",
    "#offline-now": "app/boot/offline.js writes what works offline when it starts",
    "#offline-get": "app/boot/offline.js writes the button with the download's size before it shows it",
}


def _where(tag: str, attrs: dict, text: str) -> str:
    """As tools/build.py's PageElement.where names an element."""
    if attrs.get("id"):
        return f"#{attrs['id']}"
    if attrs.get("data-action"):
        return f'{tag}[data-action="{attrs["data-action"]}"]'
    text = " ".join(text.split())
    return f'<{tag}> "{text}"' if text else f"<{tag}>"


# A key's name inside a message's markup (<kbd>): the build writes the message whole.
INLINE = ("kbd",)


class UnmarkedWords(HTMLParser):
    """The elements of a page with words directly inside them but no data-t, and with a
    read attribute but no data-t-<attribute>: each as (where, attribute or "")."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict]] = []
        self.found: set[tuple[str, str]] = set()
        self.feed(text)
        self.close()

    def _attributes(self, tag: str, attrs: dict) -> None:
        read = READ_ATTRIBUTES + (("content",) if tag == "meta" and attrs.get("name") == "description" else ())
        for name in read:
            if _words(attrs.get(name, "")) and f"data-t-{name}" not in attrs:
                self.found.add((_where(tag, attrs, ""), name))

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        self._attributes(tag, attrs)
        if tag not in VOID:
            self.open.append((tag, attrs))

    def handle_startendtag(self, tag, attrs):
        self._attributes(tag, {name: value or "" for name, value in attrs})

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if not self.open:
            return
        tag, attrs = self.open[-1]
        # inside an element whose message carries markup (a key's name in <kbd>, a <b>): the
        # message writes the whole element, its inner tags included
        inside_message = any("data-t" in outer for _tag, outer in self.open[:-1]) and tag in INLINE
        if tag not in ("script", "style") and _words(data) and "data-t" not in attrs and not inside_message:
            self.found.add((_where(tag, attrs, data), ""))


def _words(text: str) -> bool:
    """The text has a word in it (a letter): not whitespace, numbers or symbols alone."""
    return any(c.isalpha() for c in text)


def test_every_message_the_page_names_is_in_the_catalog_as_the_page_reads():
    assert build.check_page_words(INDEX, MESSAGES) > 150
    found = build.page_words(INDEX)
    assert {key for key, *_ in found} <= set(MESSAGES)
    for key, english, el, attribute in found:
        assert KEY.fullmatch(key), key
        assert MESSAGES[key] == english, (key, el.where(), attribute)


def test_the_catalog_holds_no_message_of_the_page_that_the_page_does_not_name():
    named = {key for key, *_ in build.page_words(INDEX)}
    assert sorted(key for key in MESSAGES if key.startswith("html.") and key not in named) == []


def test_every_text_of_the_page_a_player_reads_names_its_message_but_the_few_the_page_writes():
    found = UnmarkedWords(INDEX).found
    assert {where for where, attribute in found if attribute} == set()
    assert {where for where, _attribute in found} == set(UNMARKED)  # and each of those is still there


def test_the_scan_finds_an_unmarked_text_and_attribute_and_leaves_data_out():
    page = ('<p data-t="a.b">Hi <b>there</b></p><svg><text>12</text></svg><script>let x = "y";</script>'
            '<button title="Undo it" data-t-title="a.c">0.5&times;</button><input placeholder="optional">')
    assert UnmarkedWords(page).found == {('<b> "there"', ""), ("<input>", "placeholder")}


def test_an_elements_text_leaves_out_the_children_at_its_ends_and_names_those_between_its_words():
    page = ('<p id="x" data-t="k.a"><span class="icon"></span> One\n   two <code id="ng-commit">abc</code>, three '
            '<span class="legend-better"></span> four <input type="checkbox"></p>'
            '<label data-t="k.b"><input type="checkbox"> Hints: &hellip;\n on</label>'
            '<div aria-label="  A\n name " data-t-aria-label="k.c"></div>')
    assert [(key, english) for key, english, _el, _attr in build.page_words(page)] == [
        ("k.a", "One two {ng_commit}, three {legend_better} four"), ("k.b", "Hints: \u2026 on"), ("k.c", "A name")]


@pytest.mark.parametrize("page, messages, error", [
    ('<p data-t="k.a">Hello</p>', {}, "names the message k.a, which senet/words/en.po lacks"),
    ('<p data-t="k.a">Hello  there</p>', {"k.a": "Hello, there"}, "reads 'Hello there' but"),
    ('<p id="x" data-t-title="k.a">Hello</p>', {"k.a": "Hello"}, "the title of #x names the message k.a but has no text"),
    ('<button data-action="go" data-t="k.a"></button>', {"k.a": "Go"}, 'button\\[data-action="go"\\] names'),
    ('<p data-t="k.a">Hello</div>', {"k.a": "Hello"}, "</div> on line 1 closes <p>"),
])
def test_the_build_refuses_a_page_whose_english_is_not_the_catalogs(page, messages, error):
    with pytest.raises(build.BuildError, match=error):
        build.check_page_words(page, messages)


def test_the_build_checks_the_pages_words_before_it_writes_anything(monkeypatch, tmp_path):
    def refuse():
        raise build.BuildError("the words differ")

    monkeypatch.setattr(build, "_check_page_words", refuse)
    monkeypatch.setattr(build, "_pinned_versions", dict)
    with pytest.raises(build.BuildError, match="the words differ"):
        build.build(tmp_path / "dist")
    assert list(tmp_path.iterdir()) == []
