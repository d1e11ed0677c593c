"""The pages' crypto.getRandomValues in the tests (conftest.SEEDED_RANDOM): seeded by the
test and the page, so that every game a test plays, with or without `seed=`, is the same
on every run; the real function's checks still apply."""

import json

from conftest import seed_words

import senet
from senet.throws import COMMIT

MASK = 0xFFFFFFFF


def expected_bytes(words: list[int], n: int, skip: int = 0) -> list[int]:
    """The bytes SEEDED_RANDOM gives from ``words``: ``skip`` draws of 8 bytes, then ``n``."""
    a, b, c, d = words

    def sfc32():
        nonlocal a, b, c, d
        t = (a + b + d) & MASK
        d = (d + 1) & MASK
        a = b ^ (b >> 9)
        b = (c + (c << 3)) & MASK
        c = ((((c << 21) | (c >> 11)) & MASK) + t) & MASK
        return t

    for _ in range(12):
        sfc32()
    for _ in range(skip * 2):  # 8 bytes: two words
        sfc32()
    out = []
    while len(out) < n:
        word = sfc32()
        out += [word >> shift & 255 for shift in (0, 8, 16, 24)][:n - len(out)]
    return out


def draw(page, n: int = 8) -> list[int]:
    return page.evaluate(f"Array.from(crypto.getRandomValues(new Uint8Array({n})))")


def test_each_page_draws_from_its_tests_seed_and_goes_on_after_a_reload(guarded_context, server, request):
    context, log = guarded_context()
    first = context.new_page()
    first.goto(server.url + "pages/about.html")  # a page of the site that draws nothing itself
    node = request.node.nodeid
    assert draw(first) == expected_bytes(seed_words(node, "page 1"), 8)
    first.reload()  # the tab goes on where it was: no value comes twice
    assert draw(first) == expected_bytes(seed_words(node, "page 1"), 8, skip=1)
    second = context.new_page()  # another page of the test: another seed
    second.goto(server.url + "pages/about.html")
    assert draw(second) == expected_bytes(seed_words(node, "page 2"), 8)
    # other integer arrays are filled byte for byte; the real function's checks stay
    assert second.evaluate("crypto.getRandomValues(new Uint32Array(3)).length") == 3
    for bad, error in (("new Float64Array(2)", "TypeMismatchError"), ("new Uint8Array(65537)", "QuotaExceededError")):
        assert second.evaluate(f"() => {{ try {{ crypto.getRandomValues({bad}); return ''; }}"
                               " catch (e) { return e.name; } }") == error
    assert log.errors == []


def test_the_apps_new_game_takes_its_seed_from_the_pages_generator(app, request):
    """A link without `seed=`: the committed game's seed is 16 bytes of the page's seeded
    stream (after what the runtimes drew as they started), so the game is the same on
    every run of the test."""
    app.open("?white=human&black=human&speed=instant")
    record = json.loads(app.evaluate("localStorage.getItem('senet:save')"))["session"]["record"]
    game = senet.Game.from_record(record)
    assert game.throws == COMMIT  # the save on this device keeps the secret seed
    stream = bytes(expected_bytes(seed_words(request.node.nodeid, "page 1"), 4096))
    assert game.seed.to_bytes(16, "big") in stream
