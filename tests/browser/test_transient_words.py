"""The words that come and go, in the player's language (docs/languages.md): a first visit
and an update in Arabic, French and German, each read at the moment its notice shows
(the service worker's "ready to play offline", which shows once and for a few seconds,
its "new version" banner and Reload, the "Updating…" of the reload), and the page
around them: no English a player can see, none left from the catalogs' English.

Each language gets a context of its own (a first visit: no service worker yet) and the
browser's language, so that the bare site chooses the copy (app/words/lang.js)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import READY_TIMEOUT_MS, ROOT, DistServer, wait_app_ready

from senet.words import load

LANGS = {"ar": "ar-EG", "fr": "fr-FR", "de": "de-DE"}
GAME = "variant=kendall&white=human&black=average&seed=7&speed=instant"
ENGLISH = load("en")
# The first-visit notice, read the moment the service worker says it is ready (it goes
# away after a few seconds: app/boot/pwa.js's OFFLINE_SAID_MS).
READY_NOTICE = """() => document.documentElement.dataset.sw === 'ready'
  && document.querySelector('#pwa-slot .pwa-message').textContent"""
# What a player can see or hear: the visible text, and the names read aloud.
SEEN = """() => {
  const out = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (el.closest('[hidden], dialog:not([open])')) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) if (el.hasAttribute(name)) out.push(el.getAttribute(name));
  }
  return out.join('\\n');
}"""


def english_pieces(lang: str) -> dict[str, str]:
    """{key: a piece of its English} for the catalogs' messages whose English the language
    translates differently: the longest run of a message's text between its {arguments},
    kept when it is long enough (14 characters) to be English and nothing else."""
    words = load(lang)
    out = {}
    for key, english in ENGLISH.messages.items():
        if key.startswith("pages.") or not isinstance(english, str):
            continue
        theirs = words.messages.get(key)
        if not theirs or theirs == english:
            continue
        piece = max(re.split(r"\{[^}]*\}", english), key=len).strip()
        if len(piece) >= 14 and re.search(r"[a-z]{3} [a-z]{2,}", piece):
            out[key] = piece
    return out


def english_seen(page, pieces: dict[str, str]) -> list[str]:
    text = page.evaluate(SEEN)
    return sorted(f"{key}: {piece}" for key, piece in pieces.items() if piece in text)


def _version(site: Path) -> str:
    return json.loads((site / "build-info.json").read_text())["version"]


@pytest.fixture(scope="module")
def versions(dist_dir, tmp_path_factory):
    """Two deploys of the site: v1 (dist/ as built) and v2 (one file changed, the service
    worker redone by tools/pwa.py), as tests/browser/test_pwa.py's update makes them."""
    base = tmp_path_factory.mktemp("transient")
    v1, v2 = base / "v1", base / "v2"
    shutil.copytree(dist_dir, v1)
    shutil.copytree(dist_dir, v2)
    index = v2 / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</body>", "<!-- v2 -->\n</body>"), encoding="utf-8")
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(v2)], check=True, capture_output=True)
    assert _version(v1) != _version(v2)
    return v1, v2


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_a_first_visit_and_an_update_say_every_notice_in_the_language(guarded_context, versions, lang):
    words = load(lang)
    pieces = english_pieces(lang)
    assert len(pieces) > 500  # the check knows the English it looks for
    v1, v2 = versions
    srv = DistServer(v1, "/senet/")
    try:
        context, log = guarded_context(locale=LANGS[lang], viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(srv.url + "?" + GAME)  # a first visit to the bare site
        page.wait_for_url(f"**/index.{lang}.html*")
        wait_app_ready(page)
        seen = {"boot": english_seen(page, pieces)}
        ready = page.wait_for_function(READY_NOTICE, timeout=180_000).json_value()
        assert ready == words.t("html.pwa.ready")
        seen["ready"] = english_seen(page, pieces)

        # a new deploy: the next visit runs the old version and offers the new one
        srv.directory = v2
        page.reload()
        wait_app_ready(page)
        banner = page.locator("#pwa-slot .pwa-message")
        reload = banner.get_by_role("button", name=words.t("html.pwa.reload"))
        reload.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
        assert banner.inner_text().startswith(words.t("html.pwa.update"))
        seen["update"] = english_seen(page, pieces)
        with page.expect_navigation():
            updating = page.evaluate("""() => {
              document.querySelector('#pwa-slot .pwa-reload').click();
              return document.querySelector('#pwa-slot .pwa-message').textContent;
            }""")
        assert updating == words.t("html.pwa.updating")
        wait_app_ready(page)
        page.wait_for_function("(v) => document.documentElement.dataset.version === v", arg=_version(v2),
                               timeout=READY_TIMEOUT_MS)
        seen["updated"] = english_seen(page, pieces)
        assert {k: v for k, v in seen.items() if v} == {}
        assert log.errors == []
    finally:
        srv.close()


def test_the_check_sees_english_when_it_is_there(guarded_context, versions):
    """The English detector of these tests finds the English page's words."""
    srv = DistServer(versions[0], "/senet/")
    try:
        context, _log = guarded_context(locale="en-GB")
        page = context.new_page()
        page.goto(srv.url + "index.html?" + GAME)
        wait_app_ready(page)
        found = english_seen(page, english_pieces("fr"))
        assert any(item.startswith("html.") for item in found), found
    finally:
        srv.close()
