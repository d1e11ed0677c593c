"""Games by correspondence in Chromium (docs/online.md, "Correspondence: the page"): two
browser contexts (two devices that share nothing but the links) play Kendall and, in
Arabic, Bell to the end by passing the links the pages make; a link opened twice, an old
link, a cut link, another game's link and a link on a device that does not hold the game
are refused in words and change nothing; a shared game's link opens its replay in a
fresh context with empty storage; a link's QR code is drawn once its part is opened."""

import pytest
from conftest import DEFAULT_TIMEOUT_MS, POLL_MS
from helpers import ACT, RECORD, open_page

from senet.online.corr_link import decode_link, encode_link
from senet.online.qr import qr_matrix, svg_path
from senet.verify import VERIFIED, verify_record
from senet.words import load

LINK = "() => document.querySelector('[data-corr-link]').getAttribute('data-corr-link') || ''"
STATE = "() => [document.documentElement.dataset.corr || '', document.documentElement.dataset.corrTurn || '']"
KEPT = """() => Object.keys(localStorage).filter(k => k.startsWith('senet:corr')).sort()
  .map(k => [k, localStorage.getItem(k)])"""


@pytest.fixture
def devices(guarded_context):
    pages, logs = [], []
    for _ in range(3):
        context, log = guarded_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        pages.append(page)
        logs.append(log)
    yield pages
    for log in logs:
        assert log.errors == []


def start_game(page, variant):
    page.click('[data-action="corr"]')
    page.wait_for_selector("#corr-dialog[open]")
    page.select_option("#corr-variant", variant)
    page.click('[data-corr="start"]')
    page.wait_for_function(f"({LINK})() !== ''")
    link = page.evaluate(LINK)
    page.evaluate("document.getElementById('corr-dialog').close()")
    return link


# What the loop reads of a page after each step, in one call: [data-corr, data-corr-turn,
# the link to send].
READ = f"() => [...({STATE})(), ({LINK})()]"
# A step of the page in one call, so that a whole game costs one round trip a step: ``act``
# (``ACT``: this page's player throws or moves, then the board or the link changes) or a
# link put in the address bar's fragment (then data-corr changes: taken or refused). The
# correspondence dialog a new link opens is closed, as a player does to see the board.
# Returns READ's three values, or null when there was nothing to click.
STEP = """async ([link, timeoutMs]) => {
  const root = document.documentElement, board = document.getElementById('board');
  const read = """ + READ + """;
  const before = [board.dataset.position, read()];
  if (link === null) {
    if (!(""" + ACT + """)()) return null;
  } else {
    location.hash = new URL(link).hash;
  }
  const changed = link === null
    ? () => board.dataset.position !== before[0] || read()[2] !== before[1][2]
    : () => (root.dataset.corr || '') !== before[1][0];
  const started = performance.now();
  while (!changed()) {
    if (performance.now() - started > timeoutMs) throw new Error('the page did not answer its step');
    await new Promise(resolve => setTimeout(resolve, """ + str(POLL_MS) + """));
  }
  const dialog = document.getElementById('corr-dialog');
  if (dialog.open) dialog.close();
  return read();
}"""


def open_link(page, link):
    """Paste ``link`` in the page's address bar (its fragment): wait until it is taken or
    refused; READ's values."""
    return page.evaluate(STEP, [link, DEFAULT_TIMEOUT_MS])


def act(page):
    """This page's player throws or moves; waits until the board or the link changed;
    READ's values."""
    state = page.evaluate(STEP, [None, DEFAULT_TIMEOUT_MS])
    assert state is not None, "nothing to click on this page's turn"
    return state


def refuse_crafted(page, link):
    """Before ``link`` (a turn with a contribution) is opened: the same link with one byte
    of its contribution changed, then with its number two places on (links out of order).
    Each is refused in words naming what is wrong, and nothing kept changes."""
    en = load("en")
    prefix, code = link.split("#corr=")
    kept = page.evaluate(KEPT)
    changed = decode_link(code)
    throw, element = changed.reveal
    changed.reveal = (throw, bytes([element[0] ^ 1]) + element[1:])
    later = decode_link(code)
    later.seq += 2
    for crafted, words in ((changed, en.t("corr.bad_contribution", throw=throw)),
                           (later, en.t("corr.gap", number=later.seq, missing=later.seq - 2))):
        status = open_link(page, prefix + "#corr=" + encode_link(crafted))[0]
        assert status.startswith("refused") and page.text_content("#corr-status") == words
        assert page.evaluate(KEPT) == kept


def play_to_end(ann, bob, first_link, keep=None):
    """Links go across, each page plays its turns, until both games are over. ``keep``
    collects (receiver, link) of every link passed."""
    pending = [(bob, first_link)]
    sent = {ann: first_link, bob: ""}
    seen = {page: page.evaluate(READ) for page in (ann, bob)}  # after its last step or read
    for _ in range(3000):
        if pending:
            page, link = pending.pop(0)
            if keep is not None and page is bob and "crafted" not in keep:
                turn = decode_link(link.split("#corr=")[1])
                if turn.seq >= 3 and turn.reveal is not None:
                    refuse_crafted(page, link)
                    keep.append("crafted")
            seen[page] = open_link(page, link)
            assert seen[page][0].startswith("applied"), (seen[page], page.text_content("#corr-status"))
            if keep is not None:
                keep.append((page, link))
        else:  # both pages read afresh: a page may have gone on by itself since its step
            seen = {page: page.evaluate(READ) for page in (ann, bob)}
            turns = {page: seen[page][1] for page in (ann, bob)}
            if turns[ann] == turns[bob] == "over":
                return
            if all(seen[page][2] in ("", sent[page]) for page in (ann, bob)):
                mover = ann if turns[ann] == "you" else bob if turns[bob] == "you" else None
                assert mover is not None, turns
                seen[mover] = act(mover)
        for page, other in ((ann, bob), (bob, ann)):
            link = seen[page][2]
            if link and link != sent[page]:
                sent[page] = link
                pending.append((other, link))
    pytest.fail("the game did not end")


def record(page):
    return page.evaluate(RECORD)


def test_kendall_and_bell_by_links_only_and_every_hostile_link(devices, server):
    ann, bob, stranger = devices
    for page in (ann, bob, stranger):
        open_page(page, server.url + "?speed=instant")
    first = start_game(ann, "kendall")
    keep = []
    play_to_end(ann, bob, first, keep)
    kendall = record(ann)
    assert kendall == record(bob) and verify_record(kendall).status == VERIFIED
    assert "variant kendall" in kendall and "throws sha256-duel" in kendall

    # every hostile link is refused in words and changes nothing kept
    kept = bob.evaluate(KEPT)
    assert "crafted" in keep
    to_bob = [link for page, link in (k for k in keep if k != "crafted") if page is bob]
    last_to_bob, older_to_bob = to_bob[-1], to_bob[-3]
    en = load("en")
    for link, words in ((last_to_bob, None), (older_to_bob, None), (last_to_bob[:-8], en.t("corr.link.cut"))):
        status = open_link(bob, link)[0]
        assert status.startswith("refused"), status
        said = bob.text_content("#corr-status")
        assert said, "the refusal is said"
        if words is not None:
            assert said == words
        assert bob.evaluate(KEPT) == kept
    status = open_link(stranger, last_to_bob)[0]  # a device that does not hold the game
    assert status.startswith("refused")
    assert stranger.text_content("#corr-status") == en.t("corr.not_here")
    assert stranger.evaluate("!document.getElementById('corr-import').hidden")  # import the record
    assert stranger.evaluate(KEPT) == []

    # a second game on Bob's device: a link goes to its own game, the list shows both
    other = start_game(stranger, "bell")
    assert open_link(bob, other)[0].startswith("applied")  # an offer joins a new game
    rows = bob.eval_on_selector_all("#corr-games li", "items => items.map(i => i.dataset.turn)")
    assert len(rows) == 2 and "over" in rows
    assert len(bob.evaluate(KEPT)) == 3  # the list and two games


def test_bell_in_arabic_by_links_only(devices, server):
    ann, bob, _ = devices
    for page in (ann, bob):
        open_page(page, server.url + "?speed=instant&lang=ar")
    assert ann.evaluate("document.documentElement.lang") == "ar"
    first = start_game(ann, "bell")
    play_to_end(ann, bob, first)
    bell = record(ann)
    assert bell == record(bob) and verify_record(bell).status == VERIFIED and "variant bell" in bell
    assert ann.text_content("#corr-status") != ""


def test_a_shared_game_opens_its_replay_in_a_fresh_context(devices, server):
    ann, fresh, _ = devices
    open_page(ann, server.url + "?speed=instant&seed=5&white=average&black=average")
    ann.wait_for_function("document.getElementById('board').dataset.winner")
    game = record(ann)
    ann.click('[data-action="record"]')
    ann.click('[data-record="share"]')
    ann.wait_for_function("document.getElementById('record-link').getAttribute('data-game-link')")
    link = ann.get_attribute("#record-link", "data-game-link")
    assert "#game=" in link and len(link) < 1500
    open_page(fresh, link)
    fresh.wait_for_function("document.documentElement.dataset.shared === 'opened'")
    assert fresh.evaluate("Object.keys(localStorage).filter(k => k.startsWith('senet:corr'))") == []
    assert fresh.is_visible("#replay") and "variant" in game


QR = "() => { const p = document.querySelector('#corr-qr path'); return p ? p.getAttribute('d') : ''; }"


def test_a_links_qr_code_is_drawn_when_its_part_is_opened_and_follows_the_link(devices, server):
    """The link's QR code is not made until the player opens "Show the link as a QR code";
    open, it is the code of the link shown (the same as senet.online.qr's in CPython) and
    follows each new link; closed, a new link leaves it, and opening it again draws the new one."""
    ann = devices[0]
    open_page(ann, server.url + "?speed=instant")
    ann.click('[data-action="corr"]')
    ann.wait_for_selector("#corr-dialog[open]")
    ann.click('[data-corr="start"]')
    ann.wait_for_function(f"({LINK})() !== ''")
    first = ann.evaluate(LINK)
    assert ann.evaluate(QR) == "" and not ann.is_visible("#corr-qr")
    assert ann.inner_text("#corr-qr-box summary") == load("en").t("html.corr.show_qr")
    ann.click("#corr-qr-box summary")
    ann.wait_for_function(f"({QR})() !== ''")
    assert ann.evaluate(QR) == svg_path(qr_matrix(first)) and ann.is_visible("#corr-qr")
    width, rem = ann.evaluate("""[document.getElementById('corr-qr').getBoundingClientRect().width,
        parseFloat(getComputedStyle(document.documentElement).fontSize)]""")
    assert 0 < width <= 16 * rem  # no wider than 16rem
    ann.click('[data-corr="start"]')  # a second game: its offer, a new link, drawn at once
    ann.wait_for_function(f"old => ({LINK})() !== old", arg=first)
    second = ann.evaluate(LINK)
    ann.wait_for_function(f"d => ({QR})() !== d", arg=svg_path(qr_matrix(first)))
    assert ann.evaluate(QR) == svg_path(qr_matrix(second))
    ann.click("#corr-qr-box summary")  # closed: the next link is not drawn
    ann.click('[data-corr="start"]')
    ann.wait_for_function(f"old => ({LINK})() !== old", arg=second)
    third = ann.evaluate(LINK)
    assert ann.evaluate(QR) == svg_path(qr_matrix(second))
    ann.click("#corr-qr-box summary")
    ann.wait_for_function(f"d => ({QR})() !== d", arg=svg_path(qr_matrix(second)))
    assert ann.evaluate(QR) == svg_path(qr_matrix(third))
