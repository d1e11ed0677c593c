"""app/input/actions.py: every button of the page reaches its handler, and each handler does
what its button says, checked on a page that records the calls (no browser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.input.actions import ACTIONS, RECORD_ACTIONS, dispatch

ROOT = Path(__file__).resolve().parents[2]

INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


def names_in_page(attribute: str) -> set[str]:
    """The values of ``attribute`` in index.html and in what app/'s modules write or look up."""
    found = set(re.findall(rf'{attribute}="([^"{{]+)"', INDEX))
    for path in (ROOT / "app").rglob("*.py"):
        found |= set(re.findall(rf'{attribute}="([^"{{]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_button_of_the_page_has_a_handler_and_every_handler_a_button():
    in_page = names_in_page("data-action")
    assert {"throw", "undo", "replay-close", "tutorial-finish"} <= in_page  # the scan finds them
    assert in_page == set(ACTIONS)
    assert set(re.findall(r'data-record="([^"]+)"', INDEX)) == set(RECORD_ACTIONS)


class Recorder:
    """An object whose every method call is written to a shared log as "name.method";
    attributes given are plain values, and calls return ``returns`` (True by default)."""

    def __init__(self, name, log, returns=True, **attrs):
        self._name, self._log, self._returns = name, log, returns
        self.__dict__.update(attrs)

    def __getattr__(self, method):
        if method.startswith("_"):
            raise AttributeError(method)

        def call(*args, **kwargs):
            self._log.append(f"{self._name}.{method}")
            return self._returns

        return call


class Lesson:
    index, last = 3, True


class Shown:
    step, last = 4, 9


def fake_page(returns=True, **ctl_attrs):
    log = []
    attrs = {"tutorial": None, "replay": None, "review": None}
    attrs.update(ctl_attrs)
    page = Recorder("page", log)
    page.ctl = Recorder("ctl", log, returns)
    for part in ("history", "replays", "reviews", "lessons", "fair", "advice", "turn_loop"):
        setattr(page.ctl, part, Recorder(f"ctl.{part}", log, returns))
    page.ctl.table = Recorder("ctl.table", log, returns, tutorial=attrs["tutorial"], replay=attrs["replay"])
    page.ctl.reviews.review = attrs["review"]
    page.view = Recorder("view", log, offering=False)
    for part in ("new_game", "play_here", "resign", "record", "settings_dialogs", "policy", "progress_dialog"):
        setattr(page, part, Recorder(part, log))
    # the dialogs are parts loaded after the first paint (app/boot/parts.py): here, loaded
    by_name = {"new-game": "new_game", "play-here": "play_here", "resign": "resign", "record": "record",
               "settings": "settings_dialogs", "progress": "progress_dialog"}
    page.use = lambda name, call, key=None: call(getattr(page, by_name[name]))
    if attrs["review"] is True:
        page.ctl.reviews.review = Recorder("review", log)
    return page, log


# action -> (the controller's state for it, the calls it makes, in order)
EXPECTED = {
    "throw": ({}, ["ctl.throw", "view.restore_focus"]),
    "hint": ({}, ["ctl.advice.ask"]),
    "rescue": ({}, ["ctl.rescue", "view.restore_focus"]),
    "pass": ({}, ["ctl.pass_turn", "view.restore_focus"]),
    "play-again": ({}, ["ctl.play_again", "view.restore_focus"]),
    "new-game": ({}, ["new_game.open_new_game"]),
    "review": ({}, ["page.start_review"]),
    "review-stop": ({"review": True}, ["review.stop", "view.render"]),
    "review-close": ({"review": True}, ["review.stop", "ctl.reviews.close", "view.restore_focus"]),
    "undo": ({}, ["ctl.history.undo", "view.restore_focus"]),
    "redo": ({}, ["ctl.history.redo", "view.restore_focus"]),
    "resign": ({}, ["resign.ask"]),
    "friend": ({}, ["page.open_friend"]),
    "corr": ({}, ["page.open_corr"]),
    "record": ({}, ["record.open"]),
    "settings": ({}, ["settings_dialogs.open_settings"]),
    "stats": ({}, ["settings_dialogs.open_stats"]),
    "progress": ({}, ["progress_dialog.open"]),
    "fair-phrase": ({}, ["page.apply_phrase"]),
    "verify": ({}, ["ctl.fair.verify_text", "view.fair_message"]),
    "throw-stats": ({}, ["settings_dialogs.open_stats", "page.scroll_to"]),
    "notice-dismiss": ({}, ["view.dismiss_notice"]),
    "notice-resume": ({}, ["page.resume_previous"]),
    "worker-retry": ({}, ["page.retry_worker"]),
    "tutorial": ({}, ["page.open_tutorial"]),
    "tutorial-start": ({}, ["page.open_tutorial"]),
    "tutorial-decline": ({}, ["view.offer_tutorial", "policy.answer_tutorial", "view.restore_focus"]),
    "tutorial-back": ({"tutorial": Lesson()}, ["ctl.lessons.go", "view.restore_focus"]),
    "tutorial-next": ({"tutorial": Lesson()}, ["ctl.lessons.go", "view.restore_focus"]),
    "tutorial-skip": ({"tutorial": Lesson()}, ["ctl.lessons.close", "view.restore_focus", "page.focus_if_lost"]),
    "tutorial-finish": ({"tutorial": Lesson()}, ["policy.answer_tutorial", "ctl.lessons.close",
                                                 "view.restore_focus", "page.focus_if_lost"]),
    "replay-start": ({"replay": Shown()}, ["ctl.replays.go"]),
    "replay-back": ({"replay": Shown()}, ["ctl.replays.go"]),
    "replay-forward": ({"replay": Shown()}, ["ctl.replays.go"]),
    "replay-end": ({"replay": Shown()}, ["ctl.replays.go"]),
    "replay-play": ({"replay": Shown()}, ["play_here.ask"]),
    "replay-auto": ({"replay": Shown()}, ["ctl.replays.toggle_autoplay"]),
    "replay-close": ({"replay": Shown()}, ["ctl.replays.close", "view.restore_focus"]),
}


def test_each_action_is_checked_here():
    assert set(EXPECTED) == set(ACTIONS)


@pytest.mark.parametrize("action", sorted(EXPECTED))
def test_each_action_reaches_its_handler(action):
    state, calls = EXPECTED[action]
    page, log = fake_page(**state)
    assert dispatch(page, action)
    assert log == calls


def test_the_replay_steps_go_where_their_buttons_say():
    targets = {}
    for action in ("replay-start", "replay-back", "replay-forward", "replay-end"):
        page, _log = fake_page(replay=Shown())
        page.ctl.replays.go = lambda step, action=action: targets.__setitem__(action, step)
        dispatch(page, action)
    assert targets == {"replay-start": 0, "replay-back": 3, "replay-forward": 5, "replay-end": 9}


def test_the_tutorial_steps_and_answers():
    asked = []
    page, _log = fake_page(tutorial=Lesson())
    page.ctl.lessons.go = lambda index: asked.append(index) or True
    page.policy.answer_tutorial = asked.append
    for action in ("tutorial-back", "tutorial-next", "tutorial-finish", "tutorial-decline"):
        dispatch(page, action)
    assert asked == [2, 4, "finished", "declined"]


def test_a_refused_action_keeps_the_focus_where_it_is():
    for action in ("throw", "rescue", "pass", "undo", "redo"):
        page, log = fake_page(returns=False)
        dispatch(page, action)
        assert "view.restore_focus" not in log, action


def test_buttons_of_a_closed_replay_tutorial_or_review_do_nothing():
    for action in EXPECTED:
        if action.startswith(("replay-", "review-")) or action in ("tutorial-back", "tutorial-next",
                                                                    "tutorial-skip", "tutorial-finish"):
            page, log = fake_page()
            assert dispatch(page, action)
            assert log == [], action


def test_the_first_throw_answers_the_tutorials_offer():
    page, log = fake_page()
    page.view.offering = True
    dispatch(page, "throw")
    assert log == ["view.offer_tutorial", "ctl.throw", "view.restore_focus"]
    page, log = fake_page(tutorial=Lesson())  # in the tutorial itself, the offer stays as it is
    page.view.offering = True
    dispatch(page, "throw")
    assert log == ["ctl.throw", "view.restore_focus"]
    page, log = fake_page(tutorial=Lesson())
    dispatch(page, "tutorial")  # already open: nothing
    assert log == []


def test_the_record_dialogs_buttons():
    for what, call in (("copy", "record.copy"), ("download", "record.download"), ("replay", "record.replay"),
                       ("verify", "record.verify"), ("share", "record.share")):
        page, log = fake_page()
        assert dispatch(page, what, RECORD_ACTIONS)
        assert log == [call]


def test_an_unknown_name_does_nothing():
    page, log = fake_page()
    assert not dispatch(page, "format-disk")
    assert not dispatch(page, None)
    assert not dispatch(page, "copy")  # a record dialog's name is not a page action
    assert log == []
