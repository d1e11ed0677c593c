"""The game and the information pages in English, Arabic, French and German
(docs/languages.md): each language's copy of a page is chosen before its first paint
(?lang=, the remembered choice, the browser's languages) and its links keep it; a game
is played in each language's words, read from its catalog; the pseudo-language of a test
build (tools/build.py --pseudo: accented, a third longer, bracketed) leaves no English on
the page and nothing clipped; Arabic reads right to left and fits a phone; axe finds
nothing serious in any language.

One module, one shared context (a returning visitor's), few page loads."""

from __future__ import annotations

import subprocess
import sys

import pytest
import words as words_tool  # tools/words.py
from conftest import (
    HUMAN_TURN,
    ROOT,
    DistServer,
    axe_violations,
    human_act,
    position,
    wait_app_ready,
    wait_position_change,
)

import senet
from senet.words import digits, load

# Every language the site has a catalog of, but English (Spanish, Chinese once zh.po exists).
LANGS = tuple(lang for lang in words_tool.languages() if lang != "en")
GAME = "variant=kendall&white=human&black=average&seed=7&speed=instant"


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory):
    """A test build with the pseudo-language xx (tools/build.py --pseudo), served under /senet/."""
    out = tmp_path_factory.mktemp("pseudo") / "dist"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--pseudo", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    srv = DistServer(out, "/senet/")
    yield srv
    srv.close()


def _lang(page) -> list[str]:
    return page.evaluate("[document.documentElement.lang, document.documentElement.dir]")


def _play(page, turns: int) -> None:
    """Play ``turns`` human actions by clicks (the computer answers between them)."""
    for _ in range(turns):
        page.wait_for_function(HUMAN_TURN)
        if page.get_attribute("#board", "data-winner"):
            return
        old = position(page)
        if human_act(page):
            wait_position_change(page, old)


# -- choosing the language -------------------------------------------------------------------

def test_lang_chooses_the_copy_before_the_first_paint_links_keep_it_and_it_is_remembered(app, server):
    app.goto(server.url + "pages/rules.html?lang=de")
    app.wait_for_url("**/pages/rules.de.html")  # ?lang= gone from the address once used
    assert _lang(app) == ["de", "ltr"]
    assert app.get_by_role("heading", level=1).inner_text() == load("de").t("pages.rules.heading")
    app.get_by_role("link", name="Kendall").first.click()
    app.wait_for_url("**/pages/rules-kendall.de.html")
    app.get_by_role("navigation", name=load("de").t("html.site.nav")).get_by_role(
        "link", name=load("de").t("html.site.play")).click()
    app.wait_for_url("**/index.de.html")
    wait_app_ready(app)
    assert app.locator('[data-action="throw"]').inner_text() == load("de").t("html.controls.throw")
    # remembered: the bare site and the English pages go to German
    app.goto(server.url + "pages/intro.html")
    app.wait_for_url("**/pages/intro.de.html")
    app.goto(server.url + "index.html?lang=en")
    wait_app_ready(app)
    assert app.url.endswith("/index.html") and _lang(app) == ["en", "ltr"]
    app.goto(server.url + "pages/about.html")
    assert _lang(app) == ["en", "ltr"] and app.url.endswith("/pages/about.html")


def test_a_first_visit_follows_the_browsers_languages_and_blocked_storage_stops_nothing(guarded_context, server):
    context, log = guarded_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_url("**/index.fr.html")
    wait_app_ready(page)
    assert _lang(page) == ["fr", "ltr"]
    # a browser that refuses storage: ?lang= still chooses, for the visit
    page.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new Error('blocked'); }});")
    page.goto(server.url + "pages/history.html?lang=ar")
    page.wait_for_url("**/pages/history.ar.html")
    assert _lang(page) == ["ar", "rtl"]
    assert [e for e in log.errors if "blocked" not in e] == []


# navigator.languages -> the copy a first visit goes to: a language by its first subtag;
# Chinese in traditional characters goes on to the reader's next language.
BROWSER_LANGUAGES = [(["es-MX", "en"], "es"), (["zh-TW", "zh-Hant", "es-AR", "en-US"], "es"),
                     (["zh-HK", "de-CH"], "de"), (["pt-BR", "es-419"], "es"),
                     (["zh-CN", "en"], "zh"), (["zh-Hans-SG"], "zh"), (["zh"], "zh")]


@pytest.mark.parametrize(("languages", "want"), BROWSER_LANGUAGES)
def test_the_browsers_languages_choose_spanish_and_simplified_chinese(guarded_context, server, languages, want):
    if want not in words_tool.languages():  # the site has no catalog of it: the next language, else English
        want = next((tag.split("-")[0] for tag in languages[1:] if tag.split("-")[0] in words_tool.languages()
                     and not tag.lower().startswith("zh")), "en")
    context, _log = guarded_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(f"Object.defineProperty(navigator, 'languages', {{get: () => {languages!r}}});")
    page.goto(server.url + "pages/rules.html")
    if want != "en":
        page.wait_for_url(f"**/pages/rules.{want}.html")
    page.wait_for_load_state()
    assert _lang(page) == [want, "ltr"]


def test_the_settings_language_keeps_the_game(app, server):
    app.open("index.html?lang=fr&" + GAME)
    assert app.url.split("?")[0].endswith("/index.fr.html")
    _play(app, 3)
    before = position(app)
    app.click('[data-action="settings"]')
    app.wait_for_selector("#settings-dialog[open]")  # a part: opened once it is loaded
    assert app.locator("#set-lang").input_value() == "fr"
    # what app/boot/offline.js writes there is French too
    french = load("fr")
    assert app.locator("#offline-now").inner_text() in {
        french.t("html.offline." + state) for state in ("none", "shell", "all", "no_worker")}
    app.select_option("#set-lang", "de")
    app.wait_for_url("**/index.de.html")
    wait_app_ready(app)
    assert _lang(app) == ["de", "ltr"] and position(app) == before
    app.goto(server.url)  # remembered
    app.wait_for_url("**/index.de.html")
    wait_app_ready(app)
    app.click('[data-action="settings"]')
    app.select_option("#set-lang", "en")
    app.wait_for_url("**/index.html")
    wait_app_ready(app)
    assert _lang(app) == ["en", "ltr"] and position(app) == before


# -- a game in each language -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_seeded_game_is_played_in_the_languages_words(app, lang):
    words = load(lang)
    app.open(f"index.{lang}.html?" + GAME)
    assert _lang(app) == [lang, "rtl" if lang == "ar" else "ltr"]
    assert app.title() == words.t("html.head.title")
    throw = app.locator('[data-action="throw"]')
    assert throw.inner_text() == words.t("html.controls.throw")
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")  # Average opened
    assert app.locator("#prompt").inner_text() == words.t("view.prompt.throw_you")
    old = position(app)
    throw.click()
    wait_position_change(app, old)
    value = app.locator("#throw-value").inner_text()
    thrown = position(app).split(" ")[3]
    assert value == digits.localize(thrown, lang)  # Eastern Arabic digits in Arabic
    if app.locator('[data-movable="true"]').count():
        assert app.locator("#prompt").inner_text() == words.t("view.prompt.choose_piece_you")
    _play(app, 6)
    assert app.locator(".toolbar [data-action='settings']").inner_text() == words.t("html.toolbar.settings")


# Kendall with a house rule, a white piece on 26 (the House of Beauty): whose name, and
# the rules', the page says in its language.
ON_BEAUTY = "kendall+five wbwbwbwb.b...............w.... w - w=0/0,b=0/0 -"
THIS_TURN = "getComputedStyle(document.querySelector('#log-list > li.current .log-who'), '::after').content"


@pytest.mark.parametrize("lang", LANGS)
def test_the_squares_the_rules_and_the_log_are_named_in_the_language(app, lang):
    from senet.online.invite import RULE_SETS
    from senet.words.game import rules_title

    words = load(lang)
    app.open(f"index.{lang}.html?white=human&black=human&seed=3&speed=instant&position="
             + ON_BEAUTY.replace(" ", "+").replace("+five", "%2Bfive"))
    where = words.t("view.where.marked", square=26, name=words.t("board.square.26"))
    assert words.t("view.piece.white", where=where) in app.get_attribute('#board [data-at="26"]', "aria-label")
    rules = rules_title(words, senet.get_rules("kendall+five"))
    assert app.locator("#rules-link").inner_text() == words.t("view.rules_link", rules=rules)
    assert rules in app.get_attribute("#board", "aria-label")
    _play(app, 2)
    if not app.locator("#log-list > li.current").count():  # the other side is to throw: its turn begins
        app.click('[data-action="throw"]')
        app.wait_for_selector("#log-list > li.current")
    assert words.t("view.log.this_turn") in app.evaluate(THIS_TURN)
    app.locator(".toolbar [data-action='friend']").click()
    options = app.locator("#friend-variant option").all_inner_texts()
    assert len(options) == len(RULE_SETS)
    assert all(words.t("rules.title." + name) in text for name, text in zip(RULE_SETS, options, strict=True))
    app.keyboard.press("Escape")


def test_arabic_reads_right_to_left_fits_a_phone_and_keeps_the_boards_direction(app):
    app.set_viewport_size({"width": 390, "height": 844})
    app.open("index.ar.html?" + GAME)
    _play(app, 4)
    sizes = app.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1]  # no sideways scrolling
    # the board as the ancient track runs: square 1 at the top left; the page mirrored:
    # the first player's box (White's, first in the document) on the right
    one, ten = (app.locator(f'#board [data-square="{n}"]').bounding_box() for n in (1, 10))
    assert one["x"] < ten["x"]
    white, black = (app.locator(f".player.{c}").bounding_box() for c in ("white", "black"))
    assert white["x"] > black["x"]
    numbers = app.locator("#board .numbers text").all_text_contents()
    assert numbers[:3] == ["١", "٢", "٣"] and numbers[-1] == "٣٠"


@pytest.mark.parametrize("lang", [lang for lang in ("es", "zh") if lang in LANGS])
def test_spanish_and_chinese_fit_a_phone_the_game_and_its_dialogs_clip_nothing(app, lang):
    """Spanish runs about a quarter longer than English, Chinese breaks lines without
    spaces: at 390 px wide nothing scrolls sideways and no button, label or name is cut."""
    app.set_viewport_size({"width": 390, "height": 844})
    app.open(f"index.{lang}.html?" + GAME)
    _play(app, 4)
    sizes = app.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1]  # no sideways scrolling
    clipped = {"page": app.evaluate(CLIPPED)}
    for action, dialog in DIALOGS:
        app.evaluate(f"document.querySelector(\".toolbar [data-action='{action}']\").click()")
        app.locator(dialog).wait_for(state="visible")
        clipped[action] = app.evaluate(CLIPPED)
        app.keyboard.press("Escape")
        app.locator(dialog).wait_for(state="hidden")
    assert {k: v for k, v in clipped.items() if v} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_nothing_serious_in_the_game_and_a_rules_page(app, server, lang):
    app.open(f"index.{lang}.html?" + GAME)
    assert axe_violations(app) == []
    app.goto(server.url + f"pages/rules-kendall.{lang}.html")
    assert axe_violations(app) == []


# -- the pseudo-language: no English left, nothing clipped -----------------------------------

# Every text a player may read, and the attributes read aloud, that hold a Latin word
# outside a pseudo-language message ("[...]" at most three elements up). Left out: the
# notation, fingerprints and records (<code>, <kbd>, <textarea>: language-neutral by
# design, docs/words.md) and the square numbers.
ENGLISH_LEFT = """() => {
  const bracketed = (el) => {
    for (let up = 0; el && up < 4; up++, el = el.parentElement) if (/\\[[^\\]]*\\]/s.test(el.textContent)) return true;
    return false;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el.closest('script, style, code, kbd, textarea, samp, [aria-hidden="true"] text')) continue;
    if (/[A-Za-z]{2}/.test(node.textContent) && !bracketed(el)) out.push(node.textContent.trim().slice(0, 60));
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && /[A-Za-z]{2}/.test(value) && !/\\[.*\\]/s.test(value)) out.push(name + ': ' + value.slice(0, 60));
    }
  }
  if (!/\\[/.test(document.title)) out.push('title: ' + document.title);
  return out;
}"""
# Buttons, labels and names whose words do not fit their box (cut off or overflowing).
CLIPPED = """() => [...document.querySelectorAll('button, label, summary, select, .name, .kind, th, a.button, .toolbar a')]
  .filter((el) => el.offsetParent !== null && !el.matches('.vh') && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.outerHTML.slice(0, 80))"""
DIALOGS = (("new-game", "#new-game"), ("settings", "#settings-dialog"), ("stats", "#stats-dialog"),
           ("record", "#record-dialog"), ("friend", "#friend-dialog"), ("resign", "#resign-dialog"))


# The service worker's first-visit notice, read the moment it shows (it goes after a few
# seconds): the test server's origin is new to the browser, so this is a first visit.
READY_NOTICE = """() => document.documentElement.dataset.sw === 'ready'
  && document.querySelector('#pwa-slot .pwa-message').textContent"""


def test_the_pseudo_language_leaves_no_english_and_clips_nothing(app, pseudo_site):
    app.goto(pseudo_site.url + "index.html?lang=xx&" + GAME)
    app.wait_for_url("**/index.xx.html*")
    wait_app_ready(app)
    # the transient notices too: "ready to play offline" while it shows
    notice = app.wait_for_function(READY_NOTICE, timeout=180_000).json_value()
    found = {"sw-ready": app.evaluate(ENGLISH_LEFT)}
    assert notice.startswith("[") and notice.endswith("]"), notice
    _play(app, 6)
    found["page"] = app.evaluate(ENGLISH_LEFT)
    clipped = {"page": app.evaluate(CLIPPED)}
    for action, dialog in DIALOGS:
        app.locator(f".toolbar [data-action='{action}']").click()
        app.locator(dialog).wait_for(state="visible")
        found[action] = app.evaluate(ENGLISH_LEFT)
        clipped[action] = app.evaluate(CLIPPED)
        app.keyboard.press("Escape")
        app.locator(dialog).wait_for(state="hidden")
    assert {k: v for k, v in found.items() if v} == {}
    assert {k: v for k, v in clipped.items() if v} == {}
    app.goto(pseudo_site.url + "pages/rules-kendall.xx.html")
    assert app.evaluate(ENGLISH_LEFT) == []
    app.goto(pseudo_site.url + "pages/rules-kendall.html?lang=en")  # the check sees English
    assert "Kendall rules" in app.evaluate(ENGLISH_LEFT)


# -- offline, in the visit's language --------------------------------------------------------

CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.sw === 'ready'"
FIRST_VISIT_BUDGET = 2_000_000  # bytes, as tests/browser/test_pwa.py's English first visit


def test_a_first_visit_in_french_stays_light_and_keeps_french_offline(guarded_context, serve_dist):
    srv = serve_dist()
    context, _log = guarded_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(srv.url + "?" + GAME)  # the bare site: French, as the browser asks
    page.wait_for_url("**/index.fr.html*")
    wait_app_ready(page)
    page.wait_for_function(CONTROLLED, timeout=180_000)
    cached = page.evaluate("""async () => {
      const out = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(r.url);
      return out;
    }""")
    names = {url.split("/senet/", 1)[1] for url in cached}
    assert {"index.fr.html", "pages/rules-kendall.fr.html", "words/fr.json.gz", "manifest.fr.webmanifest"} <= names
    assert not any(".de." in name or ".ar." in name or name == "pages/intro.html" for name in names)
    sent = 0
    for line in srv.log:
        _method, path, code = line.split()[:3]
        if code.startswith("200"):
            sent += (srv.directory / path.split("?")[0].removeprefix("/senet/")).stat().st_size
    assert 1_000_000 < sent < FIRST_VISIT_BUDGET, sent
    srv.stop()  # offline: French pages from the cache
    page.goto(srv.url + "pages/history.fr.html")
    assert page.get_by_role("heading", level=1).inner_text() == load("fr").t("pages.history.heading")
    # German was never visited: Settings' Language says it needs a connection once, and the
    # game stays in French, as it was
    page.goto(srv.url + "index.fr.html")
    wait_app_ready(page)
    before = position(page)
    page.click('[data-action="settings"]')
    page.select_option("#set-lang", "de")
    said = page.locator("#settings-dialog .dialog-notice")
    said.wait_for(state="visible")
    assert said.inner_text() == load("fr").t("settings.lang_offline")
    assert page.url.split("?")[0].endswith("/index.fr.html") and _lang(page) == ["fr", "ltr"]
    assert page.locator("#set-lang").input_value() == "fr" and position(page) == before
