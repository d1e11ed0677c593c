"""Hooks for the whole suite, loaded by every pytest process: the one that reports and,
under pytest-xdist (`make test` runs two workers), each worker.

- The browser tests' figures (tests/browser/conftest.py's ``record_timing``) travel in
  their reports' user_properties and are printed once, in the terminal summary.
- Nothing in a test is left to chance. Hypothesis runs under the profile "senet":
  derandomized (the same examples every run, from each test's own name) and with no
  example database, so a failure comes back on the next run and on another machine.
  In every test, the engine's and the app's sources of fresh randomness,
  ``senet.throws.new_seed`` (a Game or Session made without a seed) and
  app/flow/controller.py's ``system_random_bytes`` (a Controller made without
  ``random_bytes``: its new games' seeds, phrases and ids), draw from a generator
  seeded with the test's node id instead of the system's: a game a test plays without
  a seed of its own is the same on every run. A test that checks those functions
  themselves imports them and so calls the real ones. tests/engine/test_seeded.py
  checks the tests' own code for unseeded generators; tests/browser/conftest.py seeds
  the pages (its SEEDED_RANDOM).
"""

import random

import pytest
from hypothesis import settings

from senet.words import Words

settings.register_profile("senet", derandomize=True, database=None)
settings.load_profile("senet")

# A message key or argument missing from the words fails the test that meets it, where
# the page would show the key (senet.words).
Words.strict = True

_TIMINGS: list = []  # (label, ms), from the reports that reached this process


@pytest.fixture(autouse=True)
def _seeded_fallbacks(request, monkeypatch):
    """``senet.throws.new_seed`` and the Controller's ``system_random_bytes`` draw from
    ``random.Random(the test's node id)`` for the length of the test."""
    import senet.throws

    rng = random.Random(request.node.nodeid)
    monkeypatch.setattr(senet.throws, "new_seed", lambda: rng.getrandbits(senet.throws.SEED_BITS))
    from app.flow import controller

    monkeypatch.setattr(controller, "system_random_bytes", rng.randbytes)


def pytest_runtest_logreport(report):
    if report.when == "call":
        _TIMINGS.extend(value for key, value in report.user_properties if key == "browser timing")


def pytest_terminal_summary(terminalreporter, config):
    if _TIMINGS and not hasattr(config, "workerinput"):  # the reporting process only
        terminalreporter.section("browser timings")
        for label, ms in _TIMINGS:
            terminalreporter.write_line(f"{label}: {ms:.0f} ms")

