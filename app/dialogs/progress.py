"""The Progress panel (a part loaded after the first paint, app/boot/parts.py): the
player's rating in each rule set with its band beside the computer's levels, and the
charts of app/view/progress_charts.py and app/view/throw_chart.py, each with a data
table for a screen reader (docs/progress.md, "The Progress panel").

Everything comes from the profile the page keeps (app/boot/progress_page.py's
``progress.profile()``); a profile that could not be read is said in the panel itself.
"""

import senet
from app.view.progress_charts import error_chart, luck_chart, rating_chart, throw_totals
from app.view.throw_chart import chart_svg, chart_words, markup_text
from app.words.names import KIND_NAMES, rules_name
from senet.profile import LEVELS, level_rating
from senet.words import number as in_digits
from senet.words import t


def _table(caption, heads, rows):
    head = "".join(f'<th scope="col">{markup_text(h)}</th>' for h in heads)
    body = "".join("<tr>" + "".join(f"<td>{markup_text(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return (f'<details class="chart-data"><summary>{markup_text(t("progress.data"))}</summary>'
            f'<table><caption class="vh">{markup_text(caption)}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></details>")


def _figure(name, caption, svg, table):
    return (f'<figure class="progress-figure" data-chart="{name}"><figcaption>{markup_text(caption)}</figcaption>'
            f"{svg}{table}</figure>")


def _name(variant):
    try:
        return rules_name(senet.get_rules(variant))
    except Exception:  # a rule set this version does not know (a newer profile's part)
        return variant


def panel_markup(profile, default_variant):
    """The panel's content as markup, from ``profile`` (senet.profile.Profile)."""
    played = []
    for g in profile.games:
        if g["variant"] not in played:
            played.append(g["variant"])
    rated = [v for v in played if profile.ratings.get(v)] or [default_variant]
    out = [f'<p class="note">{markup_text(t("progress.fair"))}</p>']
    # the ratings, each rule set's band beside its levels'
    rows = []
    for v in rated:
        r = profile.rating(v)
        games = len(profile.ratings.get(v, []))
        levels = []
        for level in LEVELS:
            lr = level_rating(v, level)
            levels.append(in_digits(int(round(lr.rating))) if lr is not None else "–")
        band = t("progress.band", rating=in_digits(int(round(r.rating))), low=in_digits(int(round(r.low()))),
                 high=in_digits(int(round(r.high()))))
        rows.append((_name(v), band, in_digits(games)) + tuple(levels))
    heads = [t("progress.col.rules"), t("progress.col.rating"), t("progress.col.games")]
    heads += [KIND_NAMES.get(level, level) for level in LEVELS]
    head = "".join(f'<th scope="col">{markup_text(h)}</th>' for h in heads)
    # each rule set a row headed by its name; a phone shows it as a card of label: value
    body = "".join(f'<tr><th scope="row">{markup_text(str(row[0]))}</th>'
                   + "".join(f'<td data-label="{markup_text(h)}">{markup_text(str(c))}</td>'
                             for h, c in zip(heads[1:], row[1:])) + "</tr>" for row in rows)
    out.append(f'<table id="progress-ratings"><caption>{markup_text(t("progress.ratings"))}</caption>'
               f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    # the rating over time, each rule set
    for v in rated:
        levels = []
        for level in LEVELS:
            lr = level_rating(v, level)
            if lr is not None:
                levels.append((KIND_NAMES.get(level, level), lr.rating))
        svg, data = rating_chart(profile.history(v), levels)
        table = _table(t("progress.chart.rating.title"), [t("progress.col.game"), t("progress.col.rating"),
                                                          t("progress.col.band")], data)
        out.append(_figure("rating", t("progress.chart.rating.caption", rules=_name(v)), svg, table))
    # the error per decision, every rule set
    series = [(_name(v), [g["review"]["mean_loss"] for g in profile.games
                          if g["variant"] == v and g.get("review") and g["opponent"] != "friend"]) for v in played]
    svg, data = error_chart(series)
    table = _table(t("progress.chart.error.title"), [t("progress.col.rules"), t("progress.col.game"),
                                                     t("progress.col.error")], data)
    out.append(_figure("error", t("progress.chart.error.caption"), svg, table))
    # luck against skill
    svg, data = luck_chart([g for g in profile.games if g["opponent"] != "friend"])
    table = _table(t("progress.chart.luck.title"), [t("progress.col.game"), t("progress.col.result"),
                                                    t("progress.col.deserved"), t("progress.col.luck")], data)
    out.append(_figure("luck", t("progress.chart.luck.caption"), svg, table))
    # the throws seen against their odds
    totals = throw_totals(profile.games)
    labels = [in_digits(c) for c in (1, 2, 3, 4)] + [t("view.chart.none")]
    counts = [in_digits(totals[c]) for c in (1, 2, 3, 4, 0)]
    table = _table(t("progress.chart.throws.title"), [t("progress.col.throw"), t("progress.col.count")],
                   list(zip(labels, counts)))
    out.append(_figure("throws", t("progress.chart.throws.caption"), f'<div class="throw-charts progress-throws">{chart_svg(totals)}</div>'
                       + f'<p class="verdict">{markup_text(chart_words(totals))}</p>', table))
    return "".join(out)


class ProgressDialog:
    def __init__(self, page):
        self.page = page
        self.dialog = page.document.getElementById("progress-dialog")
        self.body = page.document.getElementById("progress-body")

    def open(self):
        page = self.page
        progress = page.progress.progress
        profile = progress.profile()
        if profile is None:
            self.body.innerHTML = f'<p class="note" id="progress-problem">{markup_text(progress.problem)}</p>'
        else:
            self.body.innerHTML = panel_markup(profile, page.ctl.live_setup.variant)
        self.dialog.showModal()
