"""The game review's panel (#review): its progress, the graph of the game's course, the
summary of both sides and the decisions it names. Drawn by app/view/panels.py's
``_render_review`` once a review exists: a part loaded after the first paint
(app/boot/parts.py), as a review starts only on a click and after the worker."""

from app.flow.review_data import rating_scale
from app.words.names import SIDE_NAMES
from senet.words import number as in_digits
from senet.words import t

# The review's table: each cell's field (a test hook) and the key of its heading
# (senet/words), said again by each cell on a phone, where a side's row is a card.
SUMMARY_FIELDS = (("decisions", "view.review.decisions"), ("best", "view.review.best"),
                  ("mean", "view.review.mean"), ("luck", "view.review.luck"),
                  ("inaccuracy", "view.review.inaccuracy"), ("mistake", "view.review.mistake"),
                  ("blunder", "view.review.blunder"))


def render_review(view, ctl) -> None:
    """The review panel: progress, the graph, the summary and the decisions it names."""
    review = ctl.reviews.review
    els = view.review_els
    view._set("review", view.review_box, "data-state", review.state)
    progress = els["progress"]
    view._set("review-progress", progress, "max", str(max(1, review.total)))
    view._set("review-progress", progress, "value", str(review.done))
    view._set("review-progress", progress, "data-done", str(review.done))
    view._text("review-status", els["status"], review.progress_text())
    view._set("review-stop", view.review_stop, "hidden", None if review.running else "")
    focus = ctl.reviews.focus
    key = (id(review), review.state, review.data is not None, focus, ctl.gen)
    if key == view._review_key:
        return
    view._review_key = key
    have = review.data is not None
    for name in ("chart", "key", "summary"):
        view._set(f"review-{name}", els[name], "hidden", None if have else "")
    names = ctl.reviews.names()
    decisions = review.decisions
    # the graph from the side of the player at this device; White's when nobody here played
    you = ctl.table.you
    view._set("review-graph", els["graph"], "data-decisions", str(len(decisions)))
    view._set("review-graph", els["graph"], "data-side", you or "w")
    els["graph-label"].textContent = review.graph_label(you)
    view._text("review-axis", els["axis"], t("view.review.axis_you") if you else t("view.review.axis_white"))
    view._text("review-ahead", els["ahead"], t("view.review.ahead_you", other=SIDE_NAMES["b" if you == "w" else "w"])
               if you else t("view.review.ahead_white"))
    points = review.points(you or "w")
    view._set("review-line", els["line"], "points", " ".join(f"{x:g},{y:g}" for x, y, _i, _c in points))
    layer = els["points"]
    layer.replaceChildren()
    for x, y, i, cls in points:
        marked = cls in ("mistake", "blunder")
        dot = view._svg("circle", layer, cx=x, cy=y, r=3.2 if marked else 1.4, class_=f"point {cls}")
        dot.setAttribute("data-decision", str(i))
        dot.setAttribute("data-class", cls)
        if marked:
            dot.setAttribute("role", "button")
            dot.setAttribute("tabindex", "0")
            dot.setAttribute("aria-label", review.decision_text(i, names))
        if i == focus:
            dot.setAttribute("data-focus", "true")
    rows = els["summary-rows"]
    rows.replaceChildren()
    for row in review.summary_rows(names):
        tr = view.doc.createElement("tr")
        tr.setAttribute("data-side", row["side"])
        th = view.doc.createElement("th")
        th.setAttribute("scope", "row")
        th.textContent = row["who"]
        tr.append(th)
        for field, label in SUMMARY_FIELDS:
            td = view.doc.createElement("td")
            td.setAttribute("data-field", field)
            td.setAttribute("data-label", t(label))  # a phone shows each side as a card: label, value
            td.textContent = in_digits(row[field]) if isinstance(row[field], (int, float)) else str(row[field])
            if field == "mean":
                td.setAttribute("title", rating_scale(review.data.get("scale")))  # what the skill's names mean
            tr.append(td)
        rows.append(tr)
    listing = els["list"]
    listing.replaceChildren()
    for i in review.listed():
        li = view.doc.createElement("li")
        button = view.doc.createElement("button")
        button.setAttribute("type", "button")
        button.setAttribute("data-decision", str(i))
        button.setAttribute("data-class", decisions[i]["class"])
        if i == focus:
            button.setAttribute("aria-current", "true")
        button.textContent = review.decision_text(i, names)
        li.append(button)
        listing.append(li)
    clean = review.clean_text(names)
    view._text("review-clean", els["clean"], clean)
    view._set("review-clean", els["clean"], "hidden", None if clean else "")
    ticks = els["ticks"]
    ticks.replaceChildren()
    for turn, share in review.turn_ticks():
        tick = view.doc.createElement("span")
        tick.textContent = in_digits(turn)
        # the graph's viewBox has 4 units of margin on each side of its 300
        tick.setAttribute("style", f"left: {(4 + share * 300) / 308 * 100:.2f}%")
        ticks.append(tick)
    text = review.decision_text(focus, names) if focus is not None else ""
    view._text("review-decision", els["decision"], text)
    view._set("review-decision", els["decision"], "hidden", None if text else "")
    view._set("review-legend", els["legend"], "hidden", None if ctl.reviews.better_move is not None else "")
