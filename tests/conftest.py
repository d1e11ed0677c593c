"""Hooks for the whole suite, loaded by every pytest process: the one that reports and,
under pytest-xdist (`make test` runs two workers), each worker.

The browser tests' figures (tests/browser/conftest.py's ``record_timing``) travel in their
reports' user_properties and are printed once, in the terminal summary.

The longest test files run first (``LONGEST_FIRST``): `make test` hands whole files to its
two workers (``--dist loadfile``) in the order collected (``--no-loadscope-reorder``: by
default pytest-xdist sorts files by their number of tests, which put the Firefox and
WebKit files, few tests but long ones, last, and one worker then ran them alone for two
minutes while the other had nothing left to do)."""

from pathlib import Path

import pytest

# The test files that take longest, longest first, by the sum of their tests' times
# (`pytest -n 2 --dist loadfile --durations=0`, 2026-11-27: 204 s for test_app.py down to
# 35 s for test_race_ceiling.py; the whole suite summed 27 minutes). An order, not a
# limit: a file missing here runs after these, in the order pytest collects it.
LONGEST_FIRST = (
    "browser/test_app.py",
    "browser/test_online_play.py",
    "browser/test_play_screen.py",
    "browser/test_pwa.py",
    "browser/test_persist.py",
    "browser/test_online_engines.py",
    "engine/test_micropython.py",
    "browser/test_engines.py",
    "browser/test_game_review.py",
    "browser/test_explains.py",
    "browser/test_boot.py",
    "engine/test_endgame_tables.py",
    "browser/test_touch_and_pages.py",
    "browser/test_fair_throws.py",
    "engine/test_app_online.py",
    "engine/test_race_ceiling.py",
)
TESTS = Path(__file__).parent

_TIMINGS: list = []  # (label, ms), from the reports that reached this process


def pytest_collection_modifyitems(session, config, items):
    gone = [name for name in LONGEST_FIRST if not (TESTS / name).is_file()]
    if gone:
        raise pytest.UsageError(f"tests/conftest.py's LONGEST_FIRST names files that are gone: {gone}")
    rank = {TESTS / name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path, len(rank)))  # stable: a file's own order stays


def pytest_runtest_logreport(report):
    if report.when == "call":
        _TIMINGS.extend(value for key, value in report.user_properties if key == "browser timing")


def pytest_terminal_summary(terminalreporter, config):
    if _TIMINGS and not hasattr(config, "workerinput"):  # the reporting process only
        terminalreporter.section("browser timings")
        for label, ms in _TIMINGS:
            terminalreporter.write_line(f"{label}: {ms:.0f} ms")
