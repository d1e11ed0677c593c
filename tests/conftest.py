"""Hooks for the whole suite, loaded by every pytest process: the one that reports and,
under pytest-xdist (`make test` runs two workers), each worker.

The browser tests' figures (tests/browser/conftest.py's ``record_timing``) travel in their
reports' user_properties and are printed once, in the terminal summary."""

from senet.words import Words

# A message key or argument missing from the words fails the test that meets it, where
# the page would show the key (senet.words).
Words.strict = True

_TIMINGS: list = []  # (label, ms), from the reports that reached this process


def pytest_runtest_logreport(report):
    if report.when == "call":
        _TIMINGS.extend(value for key, value in report.user_properties if key == "browser timing")


def pytest_terminal_summary(terminalreporter, config):
    if _TIMINGS and not hasattr(config, "workerinput"):  # the reporting process only
        terminalreporter.section("browser timings")
        for label, ms in _TIMINGS:
            terminalreporter.write_line(f"{label}: {ms:.0f} ms")
