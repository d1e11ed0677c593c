"""app/platform/lazy.py: the parts loaded after the first paint. A click before a part is
there is kept and answered once it is (once per key); a part that cannot load is said,
drops what waited for it, and is tried again on the next click; ``later`` loads every
part in the background, in order."""

import asyncio
import concurrent.futures
import sys

import pytest

from app.platform.lazy import Parts


@pytest.fixture
def sample(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "lazy_sample_a.py").write_text("WORD = 'a'\n")
    (tmp_path / "lazy_sample_b.py").write_text("import lazy_sample_a\nWORD = lazy_sample_a.WORD + 'b'\n")
    yield
    for name in ("lazy_sample_a", "lazy_sample_b"):
        sys.modules.pop(name, None)


def make_parts(failures, changes, **kwargs):
    parts = Parts(on_failed=lambda name, error, asked: failures.append((name, type(error).__name__, asked)),
                  on_change=lambda p: changes.append(p.loaded()), **kwargs)
    parts.add("ab", ("lazy_sample_a", "lazy_sample_b"), lambda module: "made of " + module.WORD)
    parts.add("missing", ("lazy_sample_a", "lazy_sample_nowhere"), lambda module: module)
    return parts


def in_a_loop(coro):
    """Run ``coro`` in a loop of its own, in a thread of its own: the thread's loop is
    never the global one (asyncio.run would leave no current loop behind, which other
    tests' asyncio.get_event_loop() needs), and Playwright's sync API keeps a loop
    running in the main thread when browser tests ran before in the same process
    (``pytest -n 2 --dist loadfile``), where run_until_complete would refuse to start."""

    def run():
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(coro)
        finally:
            loop.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


async def settle():
    for _ in range(10):
        await asyncio.sleep(0)


def test_a_click_before_the_part_is_there_is_kept_and_answered_once_per_key(sample):
    failures, changes, answers = [], [], []

    async def run():
        parts = make_parts(failures, changes)
        assert parts.get("ab") is None
        assert parts.when("ab", answers.append, "open") is False  # kept, not answered yet
        assert parts.when("ab", answers.append, "open") is False  # the same button again: once
        assert parts.when("ab", lambda v: answers.append("other " + v), "other") is False
        assert answers == [] and "lazy_sample_b" not in sys.modules
        await settle()
        assert answers == ["made of ab", "other made of ab"]
        assert parts.when("ab", answers.append) is True  # there now: answered at once
        assert answers[-1] == "made of ab"
        assert parts.get("ab") == "made of ab"

    in_a_loop(run())
    assert failures == [] and changes == [["ab"]]


def test_a_part_that_cannot_load_is_said_and_tried_again_on_the_next_click(sample):
    failures, changes, answers = [], [], []

    async def run():
        parts = make_parts(failures, changes)
        parts.when("missing", answers.append, "open")
        await settle()
        assert [(name, asked) for name, _error, asked in failures] == [("missing", True)]
        assert answers == []
        parts.when("missing", answers.append, "open")  # tried again: said again
        await settle()
        assert len(failures) == 2 and answers == []
        with pytest.raises(ImportError):
            await parts.need("missing")
        # the other part is not touched by it
        assert await parts.need("ab") == "made of ab"

    in_a_loop(run())


def test_the_fail_hook_makes_a_part_fail_and_later_says_it_only_quietly(sample):
    failures, changes = [], []

    async def run():
        parts = make_parts(failures, changes, fail=("ab",))
        await parts.later()
        assert parts.loaded() == []
        assert [(name, asked) for name, _error, asked in failures] == [("ab", False), ("missing", False)]
        assert failures[0][1] == "ImportError"

    in_a_loop(run())


def test_later_loads_every_part_in_order_one_module_a_task(sample):
    changes, pauses = [], []

    async def pause():
        pauses.append(sorted(m for m in sys.modules if m.startswith("lazy_sample")))
        await asyncio.sleep(0)

    async def run():
        parts = Parts(on_change=lambda p: changes.append(p.loaded()), pause=pause)
        parts.add("a", ("lazy_sample_a",), lambda module: module.WORD)
        parts.add("ab", ("lazy_sample_a", "lazy_sample_b"), lambda module: module.WORD)
        assert parts.later() is parts.later()  # started once
        await parts.later()
        assert parts.loaded() == ["a", "ab"]
        assert parts.now("ab") == "ab"

    in_a_loop(run())
    assert changes == [["a"], ["a", "ab"]]
    # a pause before each import: a's, then ab's first (a, there already) and its last (b)
    assert pauses == [[], ["lazy_sample_a"], ["lazy_sample_a"]]


def test_a_name_is_registered_once():
    parts = Parts()
    parts.add("x", ("json",), lambda module: module)
    with pytest.raises(ValueError):
        parts.add("x", ("json",), lambda module: module)


def test_later_waits_while_the_page_is_busy_and_for_so_long_at_most(sample):
    async def run(busy_for, most):
        parts = Parts()
        parts.add("a", ("lazy_sample_a",), lambda module: module.WORD)
        asked = []

        def busy():
            asked.append(len(parts.loaded()))
            return len(asked) <= busy_for

        await parts.later(busy, most=most, every=0.001)
        sys.modules.pop("lazy_sample_a", None)
        return asked, parts.loaded()

    asked, loaded = in_a_loop(run(3, 10.0))
    assert asked == [0, 0, 0, 0] and loaded == ["a"]  # nothing loaded while busy
    asked, loaded = in_a_loop(run(1000, 0.005))  # busy for ever: loaded all the same
    assert loaded == ["a"] and 3 <= len(asked) <= 6


def test_what_every_part_needs_first_is_prepared_once_before_the_first_import(sample):
    """``prepare`` (the page's parts' pack): a click, ``need`` and ``later`` all wait for
    it, and it runs once however many ask while it is under way."""
    failures, changes, answers, prepared = [], [], [], []

    async def run():
        async def prepare():
            prepared.append(len(answers))
            await settle()  # a fetch: the asks below come meanwhile
            prepared.append("done")

        parts = make_parts(failures, changes, prepare=prepare)
        assert not parts.prepared
        parts.when("ab", answers.append, "open")
        waiting = asyncio.ensure_future(parts.need("ab"))
        background = parts.later()
        await settle()
        await settle()
        assert await waiting == "made of ab"
        await background
        return parts

    parts = in_a_loop(run())
    assert prepared == [0, "done"] and parts.prepared
    assert answers == ["made of ab"]
    assert failures == [("missing", "ModuleNotFoundError", False)]


def test_a_failed_preparation_fails_the_part_asked_for_and_is_tried_again_at_the_next_ask(sample):
    failures, changes, answers, tries = [], [], [], []

    async def run():
        async def prepare():
            tries.append(1)
            if len(tries) == 1:
                raise OSError("parts.pack: 503 Service Unavailable")

        parts = make_parts(failures, changes, prepare=prepare)
        parts.when("ab", answers.append, "open")  # the click: the preparation fails
        await settle()
        assert answers == [] and failures == [("ab", "OSError", True)] and not parts.prepared
        parts.when("ab", answers.append, "open")  # the next click: prepared, then answered
        await settle()
        return parts

    parts = in_a_loop(run())
    assert len(tries) == 2 and parts.prepared and answers == ["made of ab"]
    assert changes[-1] == ["ab"]


def test_a_background_load_whose_preparation_fails_says_it_once_and_loads_nothing(sample):
    failures, changes = [], []

    async def run():
        async def prepare():
            raise OSError("offline")

        parts = make_parts(failures, changes, prepare=prepare)
        await parts.later()
        return parts

    parts = in_a_loop(run())
    assert failures == [("ab", "OSError", False)] and parts.loaded() == [] and changes == []
