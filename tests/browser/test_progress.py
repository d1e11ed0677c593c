"""The player's progress in Chromium (docs/progress.md, "On the page"): the rating a
seeded series of games gives, the stand-in's game counted against Average, the Progress
panel's charts in every language at both sizes, a practice puzzle from a game's worst
decision, and the profile through a reload, an update and Settings' export and import.

Every game is seeded (``seed=``); the person's side plays the first movable piece. A rated
game is a whole one (a game from a set position is kept but not rated), so the rated games
are played from the start, or resigned after a few actions."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys

import pytest
from conftest import HUMAN_TURN, READY_TIMEOUT_MS, ROOT, axe_violations, wait_app_ready
from helpers import SIZES, human_step

from senet.level_ratings import RATINGS
from senet.profile import DAY_MS, Profile, level_rating
from senet.rating import Rating, idle, update
from senet.words import load, t

# Three pieces each, four borne off: a game of a few turns (Kendall).
LATE = "kendall ...............wb.w.b.w.b..... w - w=0/4,b=0/4 -"
LANGS = ("en", "fr", "de", "ar", "es", "zh")
SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def _late_game(black: str, seed: int, extra: str = "") -> str:
    return (f"?variant=kendall&white=human&black={black}&seed={seed}&speed=instant&position="
            + LATE.replace(" ", "+") + extra)


def _play_to_end(page, limit: int = 600) -> str:
    """The person's side played by clicks (helpers.human_step, one call to the page each)
    until the game is over: the winner."""
    for _ in range(limit):
        if not human_step(page):
            return page.get_attribute("#board", "data-winner")
    raise AssertionError("the game did not end")


def _profile(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('senet:profile')"))


def _open_progress(page) -> None:
    page.wait_for_function("!document.querySelector('[data-action=\"progress\"]').disabled")
    page.locator('[data-action="progress"]').click()
    page.wait_for_function("document.getElementById('progress-dialog').open"
                           " && document.querySelector('#progress-body figure, #progress-problem')")


def _shown_rating(page) -> str:
    return page.locator("#progress-ratings tbody tr").first.locator("td").first.inner_text()


def _reference(games: list) -> Rating:
    """senet.rating's own computation of a series of rated games against the levels."""
    r, last = Rating(), None
    for g in games:
        if last is not None:
            r = idle(r, (g["time"] - last) // DAY_MS)
        r = update(r, [(level_rating(g["variant"], g["played_by"]), SCORE[g["result"]])])
        last = g["time"]
    return r


def _whole_game(black: str, seed: int, extra: str = "") -> str:
    return f"?variant=kendall&white=human&black={black}&seed={seed}&speed=instant{extra}"


def _resign_after(page, actions: int) -> None:
    """The person's first ``actions`` actions, then Resign: a finished game, a loss."""
    for _ in range(actions):
        assert human_step(page), "the game ended before the person resigned"
    page.wait_for_function(HUMAN_TURN)
    page.locator(".toolbar [data-action='resign']").click()
    page.locator('#resign-dialog button[value="resign"]').click()
    page.wait_for_function("document.getElementById('board').dataset.winner")


def test_the_rating_of_a_seeded_series_is_senet_ratings_own(app):
    """Two whole games, one against Novice played to its end and one against Average
    resigned, then a game from a set position: the profile's rating after each whole game
    is what senet.rating computes from the same results, the game from a set position is
    kept but not rated (and said so on its card), and the panel shows the last rating."""
    app.open(_whole_game("novice", 2))
    winner = _play_to_end(app, limit=3000)
    app.wait_for_selector("#game-over-progress:not([hidden])")
    assert app.inner_text("#game-over-progress") == t("profile.outcome.rated")
    app.open(_whole_game("average", 1))
    _resign_after(app, 3)
    app.wait_for_selector("#game-over-progress:not([hidden])")
    assert app.inner_text("#game-over-progress") == t("profile.outcome.rated")
    app.open(_late_game("average", 3))
    _play_to_end(app)
    app.wait_for_selector("#game-over-progress:not([hidden])")
    assert app.inner_text("#game-over-progress") == t("profile.outcome.set_position")
    profile = _profile(app)
    games = profile["games"]
    assert [g["played_by"] for g in games] == ["novice", "average", "average"]
    assert [g["end"] for g in games] == ["finished", "resigned", "finished"]
    assert [g["result"] for g in games[:2]] == ["win" if winner == "w" else "loss", "loss"]
    assert [g["rated"] for g in games] == [True, True, False] and games[2]["set_position"] is True
    points = profile["ratings"]["kendall"]
    assert len(points) == 2
    for k in range(2):
        want = _reference(games[: k + 1])
        assert points[k]["rating"] == pytest.approx(want.rating, abs=0.01)
        assert points[k]["rd"] == pytest.approx(want.rd, abs=0.01)
    _open_progress(app)
    last = _reference(games[:2])
    assert _shown_rating(app) == t("progress.band", rating=round(last.rating), low=round(last.low()),
                                   high=round(last.high()))


def test_the_stand_in_for_a_missing_expert_counts_against_average_never_the_expert(app):
    """The worker fails: Average plays the Expert's seat for a whole game. The game is rated
    against Average's calibrated rating, said so on the card, and never as a game against the Expert."""
    app.allowed_errors = r"senet: The Expert player failed"  # what ?fail_worker does, said in the console
    app.open(_whole_game("expert", 4, "&fail_worker=1"))
    winner = _play_to_end(app, limit=3000)
    app.wait_for_selector("#game-over-progress:not([hidden])")
    assert app.inner_text("#game-over-progress") == t("profile.outcome.stand_in")
    [game] = _profile(app)["games"]
    assert (game["opponent"], game["played_by"], game["stand_in"]) == ("expert", "average", True)
    average = RATINGS["kendall"]["levels"]["average"]
    assert game["opponent_rating"] == pytest.approx(average["rating"], abs=0.1)
    assert average["rating"] != RATINGS["kendall"]["levels"]["expert"]["rating"]
    [point] = _profile(app)["ratings"]["kendall"]
    want = update(Rating(), [(level_rating("kendall", "average"), 1.0 if winner == "w" else 0.0)])
    assert point["rating"] == pytest.approx(want.rating, abs=0.01)
    against_expert = update(Rating(), [(level_rating("kendall", "expert"), 1.0 if winner == "w" else 0.0)])
    assert abs(point["rating"] - against_expert.rating) > 1


def _profile_of(games: int) -> str:
    rng = random.Random(11)
    p = Profile()
    for i in range(games):
        p.record_game({"id": f"g{i}", "variant": "kendall", "opponent": rng.choice(("novice", "average", "expert")),
                       "played_by": None, "result": rng.choice(("win", "loss", "draw")), "end": "finished",
                       "hints": 0, "undos": 0, "time": 1764000000000 + i * 3600000,
                       "throws": {"1": 4, "2": 6, "3": 4, "4": 1, "none": 1}})
        p.add_review(f"g{i}", {"mean_loss": rng.random() * 0.03, "counted": 20, "luck": rng.uniform(-0.4, 0.4),
                               "rating": "casual", "mistakes": []})
    return p.to_text()


PROFILES = {n: _profile_of(n) for n in (0, 1, 500)}
PUT_PROFILE = "text => { localStorage.clear(); if (text) localStorage.setItem('senet:profile', text); }"


@pytest.mark.parametrize("lang", LANGS)
def test_the_charts_draw_with_0_1_and_500_games_in_every_language_at_both_sizes(guarded_context, server, lang):
    """One page a language: for each profile (none, one game, 500), the panel's four
    charts, each with its words; axe finds nothing serious, on a desktop and on a phone."""
    words = load(lang)
    context, _log = guarded_context(**SIZES["desktop"])
    page = context.new_page()
    page.goto(server.url + ("index.html" if lang == "en" else f"index.{lang}.html") + "?speed=instant")
    wait_app_ready(page)
    for games, text in PROFILES.items():
        page.evaluate(PUT_PROFILE, text if games else "")
        page.reload()
        wait_app_ready(page)
        _open_progress(page)
        figures = page.locator("#progress-body figure")
        assert figures.evaluate_all("fs => fs.map(f => f.dataset.chart)") == ["rating", "error", "luck", "throws"]
        for k in range(3):
            svg = figures.nth(k).locator("svg")
            assert svg.get_attribute("role") == "img"
            assert svg.locator("desc").text_content()
            assert figures.nth(k).locator("tbody tr").count() == games
        games_cell = page.locator("#progress-ratings tbody td").nth(1).text_content()
        assert games_cell == words.number(games)  # in the language's digits
        for size in ("desktop", "phone"):
            page.set_viewport_size(SIZES[size]["viewport"])
            box = page.locator("#progress-dialog").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["viewport"]["width"] + 0.5
            table = page.locator("#progress-ratings").bounding_box()
            assert table["x"] >= box["x"] and table["x"] + table["width"] <= box["x"] + box["width"] + 0.5
            assert axe_violations(page) == [], (lang, games, size)
        page.set_viewport_size(SIZES["desktop"]["viewport"])
        page.locator("#progress-dialog").get_by_role("button").last.click()


def test_a_practice_puzzle_comes_from_the_games_worst_decision(app, server):
    """A whole seeded game against Average, the person playing the first movable piece:
    the review in idle time keeps its key mistakes, the worst becomes a practice position
    with every move's value, and the Puzzles page shows it under "Your mistakes"."""
    app.open("?variant=kendall&white=human&black=average&seed=3&speed=instant")
    _play_to_end(app, limit=3000)
    app.wait_for_function("(JSON.parse(localStorage.getItem('senet:practice') || '{}').positions || [])"
                          ".some(x => x.ranked)", timeout=READY_TIMEOUT_MS)
    [game] = _profile(app)["games"]
    mistakes = game["review"]["mistakes"]
    worst = max(mistakes, key=lambda m: m["loss"])
    assert worst["loss"] >= 0.05
    practice = json.loads(app.evaluate("localStorage.getItem('senet:practice')"))["positions"]
    assert practice[0]["position"] == worst["position"] and practice[0]["best"] == worst["best"]
    assert practice[0]["ranked"][0][0] == worst["best"]  # the worker's values agree on the best move
    app.goto(server.url + "pages/puzzles.html")
    app.locator("#puzzle-mistakes").click()
    app.wait_for_function("document.getElementById('puzzle').dataset.practice")
    assert app.get_attribute("#puzzle", "data-position") == worst["position"]
    assert app.get_attribute("#puzzle", "data-practice") == practice[0]["id"]
    app.locator(f'#puzzle-actions button[data-action="{worst["best"]}"]').click()
    app.wait_for_selector("#puzzle-answer:not([hidden])")
    assert app.get_attribute("#puzzle-answer", "data-verdict") == "best"
    answers = json.loads(app.evaluate("localStorage.getItem('senet:practice:answers')"))
    assert [(a["id"], a["solved"]) for a in answers] == [(practice[0]["id"], True)]
    # the app applies the answer to the profile when it next loads it, and empties the key
    app.open("?speed=instant")
    _open_progress(app)
    kept = [x for x in _profile(app)["practice"] if x["id"] == practice[0]["id"]]
    assert kept and kept[0]["streak"] == 1
    assert json.loads(app.evaluate("localStorage.getItem('senet:practice:answers')")) == []


def test_the_profile_survives_a_reload_and_export_then_import(app, tmp_path):
    """A rated game, a reload: the same profile. Settings' Export my data downloads it with
    the rest; a file that is not Senet's is refused and changes nothing; the exported
    file imported into an emptied browser brings the profile back whole."""
    app.open(_whole_game("novice", 5))
    _resign_after(app, 2)
    app.wait_for_selector("#game-over-progress:not([hidden])")
    before = app.evaluate("localStorage.getItem('senet:profile')")
    assert len(json.loads(before)["games"]) == 1
    app.reopen()
    _open_progress(app)
    shown = _shown_rating(app)
    assert app.evaluate("localStorage.getItem('senet:profile')") == before
    app.locator("#progress-dialog").get_by_role("button").last.click()

    app.locator('[data-action="settings"]').click()
    with app.expect_download() as info:
        app.locator("#data-export").click()
    path = tmp_path / "data.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert (data["kind"], data["format"]) == ("senet-data", 1)
    assert data["data"]["senet:profile"] == before
    assert {"senet:settings", "senet:stats"} <= set(data["data"])
    assert info.value.suggested_filename in app.inner_text("#data-status")

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"kind": "senet-data", "format": 1, "data": {"senet:profile": "{not a profile"}}))
    keys = app.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    app.set_input_files("#data-file", str(bad))
    app.wait_for_selector("#data-status.error")
    assert app.inner_text("#data-status") == t("backup.refused.bad_part", part=t("backup.part.profile"),
                                               error=t("backup.bad.profile"))
    assert app.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == keys

    app.evaluate("localStorage.removeItem('senet:profile')")
    app.reopen()
    app.locator('[data-action="settings"]').click()
    with app.expect_navigation():
        app.set_input_files("#data-file", str(path))
    wait_app_ready(app)
    assert app.evaluate("localStorage.getItem('senet:profile')") == before
    _open_progress(app)
    assert _shown_rating(app) == shown


# -- an update (the way tests/browser/test_pwa.py makes one) ---------------------------------

CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.sw === 'ready'"


def _version(site) -> str:
    return json.loads((site / "build-info.json").read_text())["version"]


def test_the_profile_survives_an_update(guarded_context, serve_dist, dist_dir, tmp_path):
    """A game kept in the profile, a new version deployed, the page reloaded into it: the
    profile is the same, and the Progress panel shows it."""
    v1 = tmp_path / "v1"
    shutil.copytree(dist_dir, v1)
    srv = serve_dist("/senet/")
    srv.directory = v1
    context, _log = guarded_context(**SIZES["desktop"])
    page = context.new_page()
    page.goto(srv.url + "index.html" + _whole_game("novice", 6))
    wait_app_ready(page)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    _resign_after(page, 2)
    page.wait_for_selector("#game-over-progress:not([hidden])")
    before = page.evaluate("localStorage.getItem('senet:profile')")

    v2 = tmp_path / "v2"
    shutil.copytree(v1, v2)
    index = v2 / "index.html"
    index.write_text(index.read_text().replace("</body>", "<!-- v2 -->\n</body>"))
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(v2)], check=True,
                   capture_output=True)
    assert _version(v2) != _version(v1)
    srv.directory = v2
    page.reload()
    wait_app_ready(page)
    reload = page.locator("#pwa-slot [role=status]").get_by_role("button", name="Reload")
    reload.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
    with page.expect_navigation():
        reload.click()
    wait_app_ready(page)
    page.wait_for_function("v => document.documentElement.dataset.version === v", arg=_version(v2),
                           timeout=READY_TIMEOUT_MS)
    assert page.evaluate("localStorage.getItem('senet:profile')") == before
    _open_progress(page)
    assert page.locator("#progress-ratings tbody td").nth(1).inner_text() == "1"
