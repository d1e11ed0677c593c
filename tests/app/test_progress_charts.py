"""app/view/progress_charts.py and the Progress panel's markup (app/dialogs/progress.py's
panel_markup) under CPython: 0, 1 and 500 games in every language, each chart with its
words (a <title>, a <desc>) and a table of its figures, numbers in the language's digits."""

import random
import xml.etree.ElementTree as ET

import pytest

import senet.words
from app.dialogs.progress import panel_markup
from app.view.progress_charts import deserved, error_chart, luck_chart, rating_chart, throw_totals
from senet.profile import Profile

LANGS = ("en", "fr", "de", "ar", "es", "zh")


def profile_of(games, seed=11):
    rng = random.Random(seed)
    p = Profile()
    for i in range(games):
        result = rng.choice(("win", "loss", "loss", "draw"))
        p.record_game({"id": f"g{i}", "variant": "kendall", "opponent": rng.choice(("novice", "average", "expert")),
                       "played_by": None, "result": result, "end": "finished", "hints": 0, "undos": 0,
                       "time": 1764000000000 + i * 3600000, "throws": {"1": 4, "2": 6, "3": 4, "4": 1, "none": 1}})
        p.add_review(f"g{i}", {"mean_loss": rng.random() * 0.03, "counted": 20, "luck": rng.uniform(-0.4, 0.4),
                               "rating": "casual", "mistakes": []})
    return p


@pytest.fixture(params=LANGS)
def lang(request):
    if request.param != "en":
        senet.words.use(senet.words.load(request.param))
    yield request.param
    senet.words.use(None)


@pytest.mark.parametrize("games", [0, 1, 500])
def test_the_panel_draws_with_0_1_and_500_games_in_every_language(lang, games):
    markup = panel_markup(profile_of(games), "kendall")
    root = ET.fromstring("<div>" + markup + "</div>")  # well-formed markup
    figures = root.findall(".//figure")
    assert [f.get("data-chart") for f in figures] == ["rating", "error", "luck", "throws"]
    for svg in root.iter("svg"):
        assert svg.get("role") == "img" and svg.get("aria-label")
    for figure in figures[:3]:
        svg = figure.find("svg")
        assert svg.find("title").text
        assert svg.find("desc").text
        rows = figure.findall(".//tbody/tr")
        assert len(rows) == games
    if lang == "ar" and games:
        assert "٥٠٠" in markup if games == 500 else "١" in markup
        assert not any(c.isdigit() and c.isascii() for c in root.find(".//table").findtext(".//tbody/tr/td[3]"))


def test_the_rating_chart_draws_its_band_and_the_levels():
    p = profile_of(3)
    svg, rows = rating_chart(p.history("kendall"), [("Average", 1500.0)])
    assert "<polygon class=\"band\"" in svg and 'class="level"' in svg and len(rows) == 3


def test_the_error_chart_keeps_small_errors_apart():
    svg, rows = error_chart([("Kendall", [0.0004, 0.0009])])
    assert [r[2] for r in rows] == ["0.4", "0.9"]  # below a thousandth: shown to a tenth of one


def test_luck_and_what_was_deserved():
    assert deserved(1.0, 0.3) == pytest.approx(0.7)
    assert deserved(0.0, -0.2) == pytest.approx(0.2)
    assert deserved(1.0, -0.5) == 1.0
    games = [{"result": "win", "end": "finished", "review": {"luck": 0.5}},
             {"result": "loss", "end": "finished", "review": {"luck": -0.25}}]
    svg, rows = luck_chart(games)
    assert "1.0" in svg and "0.8" in svg  # got 1, deserved 0.5 + 0.25


def test_throw_totals_sum_the_player_throws():
    assert throw_totals([{"throws": {"1": 2, "none": 1}}, {"throws": {"1": 3}}, {}]) == {1: 5, 2: 0, 3: 0, 4: 0, 0: 1}
