"""The throw statistics' chart (docs/fair-throws.md): SVG bars of how often each throw
came, with a mark at the count the 4:6:4:1:1 odds expect, and the chi-square result in
words. Free of the DOM: the page sets the markup it returns (numbers and the catalog's
words, escaped; no text from a player) as the chart's innerHTML."""

from senet.throw_stats import CATEGORIES, DEGREES, MIN_THROWS, report
from senet.words import n, t
from senet.words import number as in_digits

WIDTH, HEIGHT = 320, 150
TOP, BOTTOM, LEFT = 18, 28, 10  # room for the counts above and the labels below the bars
SLOT = (WIDTH - 2 * LEFT) // len(CATEGORIES)


def markup_text(text: str) -> str:
    """``text`` made safe to write into the markup, as an element's text or an attribute."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def category_of(category: int, none_value: int | None) -> str:
    """A bar's ``data-category`` (a test hook, not words): "1".."4", "none" or "none (5)"."""
    if category:
        return str(category)
    return "none" if none_value is None else f"none ({none_value})"


def label_of(category: int, none_value: int | None) -> str:
    """A bar's label under it, in words (the throw in the language's digits)."""
    if category:
        return in_digits(category)
    return t("view.chart.none") if none_value is None else t("view.chart.none_worth", value=none_value)


def chart_svg(counts: dict, none_value: int | None = None) -> str:
    """An SVG chart of ``counts`` ({category: count}); ``none_value`` names the worth of
    "no light side" in the label (None over several rule sets)."""
    r = report(counts)
    top = max([r.counts[c] for c in CATEGORIES] + [r.expected[c] for c in CATEGORIES] + [1])
    span = HEIGHT - TOP - BOTTOM
    parts = []
    spoken = []
    for i, c in enumerate(CATEGORIES):
        x = LEFT + i * SLOT
        count, exp = r.counts[c], r.expected[c]
        # written with one decimal by format (MicroPython's round() may print 91.09999999999999)
        height = span * count / top
        h = f"{height:.1f}"
        y = f"{HEIGHT - BOTTOM - height:.1f}"
        ty = f"{HEIGHT - BOTTOM - height - 4:.1f}"
        ey = f"{HEIGHT - BOTTOM - span * exp / top:.1f}"
        label = label_of(c, none_value)
        parts.append(f'<rect class="bar" data-category="{category_of(c, none_value)}" data-count="{count}" x="{x + 10}" y="{y}" '
                     f'width="{SLOT - 20}" height="{h}"></rect>')
        parts.append(f'<line class="expected" x1="{x + 4}" x2="{x + SLOT - 4}" y1="{ey}" y2="{ey}"></line>')
        parts.append(f'<text class="count" x="{x + SLOT // 2}" y="{ty}">{in_digits(count)}</text>')
        parts.append(f'<text class="label" x="{x + SLOT // 2}" y="{HEIGHT - 8}">{markup_text(label)}</text>')
        spoken.append(t("view.chart.bar", label=label, count=count, expected=exp))
    aria = markup_text(t("view.chart.label", bars=t("view.chart.sep").join(spoken)))
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{aria}">'
            f'<line class="axis" x1="{LEFT}" x2="{WIDTH - LEFT}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}"></line>'
            + "".join(parts) + "</svg>")


def chart_words(counts: dict) -> str:
    """What the counts say of the sticks, in a player's words (senet.throw_stats): until
    there are enough throws for the chi-square test (MIN_THROWS) only that there are too
    few to tell, with no figure of a test that would mean nothing yet (one throw of 4
    gives a chi-square of 15, "p = 0.005"); from then on the verdict with the test's
    figures."""
    r = report(counts)
    if not r.total:
        return t("view.chart.no_throws")
    if not r.enough:
        return n("view.chart.too_few", r.total, needed=MIN_THROWS)
    key = "view.chart.unlikely" if r.p < 0.01 else "view.chart.fair"
    return n(key, r.total, chi2=r.chi2, degrees=DEGREES, p=r.p)  # the catalog formats them
