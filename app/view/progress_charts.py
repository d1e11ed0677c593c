"""The Progress panel's charts (docs/progress.md, "The Progress panel"), drawn as SVG markup
by this module: the rating over time with its band and the levels' ratings, the error per
decision over time in each rule set, and luck against skill (the result a game deserved
beside the one it got). The throws against their odds are app/view/throw_chart.py's.

Free of the DOM and of any chart library: each function returns markup (numbers and the
catalog's words, escaped; no text a player typed) that the page sets as a figure's
innerHTML, and the rows of the data table beside it. Every chart has a <title> and a
<desc> that say what it shows in words; the colours are the theme's variables
(styles/app.css, ".progress-chart"), so dark theme needs nothing more. Runs in CPython's
tests (tests/app/test_progress_charts.py) as in the page's MicroPython.
"""

from app.view.throw_chart import markup_text
from senet.words import number as in_digits
from senet.words import t

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 24  # room for the scale's numbers at the left, the games' below
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
SERIES = 6  # line styles for the rule sets (class s0..s5)
LABEL_GAP = 11  # the least room between two labels' baselines (10-unit text)


def _num(x, places=0):
    """``x`` rounded, in the language's digits (and its decimal sign)."""
    if places == 0:
        return in_digits(int(round(x)))
    return in_digits(("%." + str(places) + "f") % x)


def _svg(title, desc, body, cls):
    """``cls``: the chart's name, as the class progress-<name> (a bare "error" would take
    the dialogs' error colour)."""
    return (f'<svg class="progress-chart progress-{cls}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{markup_text(title)}">'
            f"<title>{markup_text(title)}</title><desc>{markup_text(desc)}</desc>{body}</svg>")


def _scale(low, high, steps=4):
    """(low, high, ticks) of an axis that holds low..high, with round ticks."""
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    raw = (high - low) / steps
    step = 1.0
    while step * 10 <= raw:
        step *= 10
    while step > raw:
        step /= 10
    for f in (1, 2, 2.5, 5, 10):
        if step * f >= raw:
            step *= f
            break
    start = int(low // step) * step
    end = -int(-high // step) * step
    ticks = []
    v = start
    while v <= end + step / 1000:
        ticks.append(round(v, 6))
        v += step
    return start, end, ticks


def _y(v, low, high):
    return TOP + PLOT_H - (v - low) / (high - low) * PLOT_H


def _x(i, count):
    return LEFT + (PLOT_W * i / (count - 1) if count > 1 else PLOT_W / 2)


def _axes(low, high, ticks, places, count):
    out = [f'<line class="axis" x1="{LEFT}" y1="{TOP + PLOT_H}" x2="{WIDTH - RIGHT}" y2="{TOP + PLOT_H}"/>']
    for v in ticks:
        y = _y(v, low, high)
        out.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>')
        out.append(f'<text class="tick" x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{_num(v, places)}</text>')
    if count == 1:  # one game: its number under its one point
        out.append(f'<text class="tick" x="{_x(0, 1):.1f}" y="{HEIGHT - 6}" text-anchor="middle">{_num(1)}</text>')
    elif count:
        out.append(f'<text class="tick" x="{LEFT}" y="{HEIGHT - 6}">{_num(1)}</text>')
        out.append(f'<text class="tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">{_num(count)}</text>')
    return "".join(out)


def _empty(title, text, cls):
    body = f'<text class="empty" x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle">{markup_text(text)}</text>'
    return _svg(title, text, body, cls)


def _path(points):
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _label_places(ys, gap=LABEL_GAP):
    """The baselines of labels wanted at ``ys``, moved apart so that no two are closer
    than ``gap`` (the levels' names, whose ratings may lie a few points apart), kept
    inside the plot; in the order given."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = {}
    last = None
    for i in order:
        y = max(ys[i], TOP + gap - 2) if last is None else max(ys[i], last + gap)
        placed[i] = last = y
    over = (last or 0) - (TOP + PLOT_H)
    if over > 0:  # pushed below the plot: move them all up together
        for i in placed:
            placed[i] -= over
    return [placed[i] for i in range(len(ys))]


# -- the rating ----------------------------------------------------------------------------
def rating_chart(points, levels):
    """The rating after each rated game of a rule set (``points``: senet.profile's history,
    oldest first) with its band (rating -+ 2 RD) and the levels' ratings (``levels``:
    [(name in words, rating)]) as dashed lines. Returns (svg, table rows)."""
    title = t("progress.chart.rating.title")
    rows = [(_num(i + 1), _num(p["rating"]), _num(p["rating"] - 2 * p["rd"]) + " – " + _num(p["rating"] + 2 * p["rd"]))
            for i, p in enumerate(points)]
    if not points:
        return _empty(title, t("progress.chart.none"), "rating"), rows
    values = [p["rating"] - 2 * p["rd"] for p in points] + [p["rating"] + 2 * p["rd"] for p in points]
    values += [r for _, r in levels]
    low, high, ticks = _scale(min(values), max(values))
    count = len(points)
    top = [(_x(i, count), _y(p["rating"] + 2 * p["rd"], low, high)) for i, p in enumerate(points)]
    bottom = [(_x(i, count), _y(p["rating"] - 2 * p["rd"], low, high)) for i, p in enumerate(points)]
    line = [(_x(i, count), _y(p["rating"], low, high)) for i, p in enumerate(points)]
    if count == 1:  # one game: a short band and a dot
        top = [(x - 6, y) for x, y in top] + [(x + 6, y) for x, y in top]
        bottom = [(x - 6, y) for x, y in bottom] + [(x + 6, y) for x, y in bottom]
    body = [_axes(low, high, ticks, 0, count),
            f'<polygon class="band" points="{_path(top + list(reversed(bottom)))}"/>']
    for (name, r), at in zip(levels, _label_places([_y(r, low, high) - 3 for _, r in levels])):
        y = _y(r, low, high)
        body.append(f'<line class="level" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
                    f'<text class="level-name" x="{WIDTH - RIGHT - 2}" y="{at:.1f}" text-anchor="end">'
                    f"{markup_text(name)}</text>")
    body.append(f'<polyline class="line s0" points="{_path(line)}"/>')
    x, y = line[-1]
    body.append(f'<circle class="dot s0" cx="{x:.1f}" cy="{y:.1f}" r="3"/>')
    last = points[-1]
    desc = t("progress.chart.rating.desc", games=_num(count), rating=_num(last["rating"]),
             low=_num(last["rating"] - 2 * last["rd"]), high=_num(last["rating"] + 2 * last["rd"]),
             first=_num(points[0]["rating"]))
    return _svg(title, desc, "".join(body), "rating"), rows


# -- the error per decision ----------------------------------------------------------------
def error_chart(series):
    """The error per decision (a share of a game, shown in thousandths) of each reviewed
    game, in order, one line a rule set (``series``: [(rule set in words, [mean_loss,
    ...])]). Returns (svg, table rows)."""
    title = t("progress.chart.error.title")
    rows = []
    for name, losses in series:
        for i, loss in enumerate(losses):
            rows.append((name, _num(i + 1), _num(loss * 1000, 1)))
    series = [(name, losses) for name, losses in series if losses]
    if not series:
        return _empty(title, t("progress.chart.none_reviewed"), "error"), rows
    values = [loss * 1000 for _, losses in series for loss in losses]
    low, high, ticks = _scale(0, max(values + [1]))
    count = max(len(losses) for _, losses in series)
    body = [_axes(low, high, ticks, 1 if high <= 5 else 0, count)]
    parts = []
    for k, (name, losses) in enumerate(series):
        pts = [(_x(i, count), _y(loss * 1000, low, high)) for i, loss in enumerate(losses)]
        cls = f"s{k % SERIES}"
        if len(pts) > 1:
            body.append(f'<polyline class="line {cls}" points="{_path(pts)}"/>')
        x, y = pts[-1]
        body.append(f'<circle class="dot {cls}" cx="{x:.1f}" cy="{y:.1f}" r="3"/>')
        mean = sum(losses) / len(losses)
        parts.append(t("progress.chart.error.part", rules=name, games=_num(len(losses)),
                       mean=_num(mean * 1000, 1), last=_num(losses[-1] * 1000, 1)))
    desc = t("progress.chart.error.desc", parts=t("list.comma").join(parts))
    return _svg(title, desc, "".join(body), "error"), rows


# -- luck against skill ----------------------------------------------------------------------
SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def deserved(score, luck):
    """The result a game deserved on the play alone: the result got, less the luck of the
    throws (both on the scale of a game: the luck is the share of a win the throws gave),
    between 0 and 1."""
    return max(0.0, min(1.0, score - luck))


def luck_chart(games):
    """The reviewed games' score got beside the one deserved (``games``: senet.profile's
    summaries with a review), summed over every reviewed game, and each game's luck. Returns
    (svg, table rows)."""
    title = t("progress.chart.luck.title")
    reviewed = [g for g in games if g.get("review") and g.get("result") in SCORE and g.get("end") != "abandoned"]
    rows = [(_num(i + 1), t("progress.result." + g["result"]),
             _num(deserved(SCORE[g["result"]], g["review"]["luck"]), 2), _num(g["review"]["luck"] * 100))
            for i, g in enumerate(reviewed)]
    if not reviewed:
        return _empty(title, t("progress.chart.none_reviewed"), "luck"), rows
    got = sum(SCORE[g["result"]] for g in reviewed)
    fair = sum(deserved(SCORE[g["result"]], g["review"]["luck"]) for g in reviewed)
    count = len(reviewed)
    low, high, ticks = _scale(0, max(1.0, got, fair) * 1.1)  # room above the taller bar for its figure
    bar = PLOT_W / 5
    body = [_axes(low, high, ticks, 0 if high >= 4 else 1, 0)]
    for k, (value, cls, key) in enumerate(((got, "got", "progress.chart.luck.got"),
                                            (fair, "deserved", "progress.chart.luck.deserved"))):
        x = LEFT + bar * (1 + 2 * k)
        y = _y(value, low, high)
        body.append(f'<rect class="bar {cls}" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" '
                    f'height="{TOP + PLOT_H - y:.1f}"/>')
        body.append(f'<text class="tick" x="{x + bar / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">'
                    f"{markup_text(t(key))}</text>")
        body.append(f'<text class="value" x="{x + bar / 2:.1f}" y="{y - 3:.1f}" '
                    f'text-anchor="middle">{_num(value, 1)}</text>')
    luck = sum(g["review"]["luck"] for g in reviewed) / count
    desc = t("progress.chart.luck.desc", games=_num(count), got=_num(got, 1), deserved=_num(fair, 1),
             luck=_num(luck * 100))
    return _svg(title, desc, "".join(body), "luck"), rows


def throw_totals(games):
    """The player's throws of every kept game, summed: {category: count} for
    app/view/throw_chart.py (1..4, 0 for no light side)."""
    total = {1: 0, 2: 0, 3: 0, 4: 0, 0: 0}
    names = {"1": 1, "2": 2, "3": 3, "4": 4, "none": 0}
    for g in games:
        for name, count in (g.get("throws") or {}).items():
            if name in names and isinstance(count, int):
                total[names[name]] += count
    return total
