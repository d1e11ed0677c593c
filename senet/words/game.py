"""The game's words: what the engine reports as data, said with a Words catalog
(senet.words): the events of an action (senet.describe.events), why a throw is lost
(senet.obstacles.lost_throw_reason), why a move is refused (Rules.explain), why a game
is drawn (State.draw_reason, Game.draw_reason) and a rule set's name.

Every function takes the Words first: ``event_text(words(), event)`` for English. This
module imports nothing of the engine (the engine's IllegalMove messages are said with it,
in English for now, senet/state.py), only the shapes of its data.
"""


def side_name(words, side: str) -> str:
    """A side ("w" or "b") as a sentence names it: "white", "black"."""
    return words.t("side." + side)


def join(words, items, last=None) -> str:
    """Items in a list: "a, b, c"; with ``last`` "list.or", "a, b or c"."""
    items = [str(item) for item in items]
    if len(items) < 2 or last is None:
        return words.t("list.comma").join(items)
    return words.t(last, items=words.t("list.comma").join(items[:-1]), last=items[-1])


def cite(words, text: str, clause) -> str:
    """``text`` with the rule clause(s) it rests on, if any: "... (K9)"."""
    return words.t("cite", text=text, clause=clause) if clause else text


# -- why a throw is lost -----------------------------------------------------------------
def _throws(words, values) -> str:
    """Throws as a sentence names them: "a 4", "a 4 or a 6"."""
    return join(words, [words.t("throw.a", throw=v) for v in values], "list.or")


def reason_text(words, reason: dict) -> str:
    """A lost throw's reason (senet.obstacles.lost_throw_reason) in a few words."""
    why = reason.get("why")
    if why == "entered_blocked":
        return words.t("lost.entered_blocked", square=reason["square"])
    if why == "water":
        return words.t("lost.water", throws=_throws(words, reason["throws"]), square=reason["square"])
    if why == "no_entry":
        return words.t("lost.no_entry", throws=_throws(words, reason["throws"]))
    if why == "entry_blocked":
        return words.t("lost.entry_blocked", square=reason["square"])
    kinds = []
    obstacles = reason.get("obstacles", {})
    for sq in sorted(obstacles, key=str):
        kind = obstacles[sq]
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        return words.t("lost.none")
    return words.t("list.semicolon").join(words.t("obstacle." + kind) for kind in kinds)


# -- what an action did ------------------------------------------------------------------
def event_text(words, event: dict, you=None, reason: bool = True) -> str:
    """One event (senet.describe.events) in words. ``you``: the side that reads "you"
    ("you move", "your piece"), the others are named; ``reason``: whether a lost throw
    says why, in brackets."""
    kind = event["kind"]
    if kind == "draw":
        return words.t("event.draw", reason=draw_text(words, event["reason"]))
    side = event["side"]
    person = ".you" if side == you else ".side"
    name = side_name(words, side)
    if kind == "move":
        return words.t("event.move" + person, **{"side": name, "from": event["from"], "to": event["to"]})
    if kind == "enter":
        return words.t("event.enter" + person, side=name, to=event["to"])
    if kind == "bear_off":
        return words.t("event.bear_off" + person, **{"side": name, "from": event["from"]})
    if kind == "rescue":
        return words.t("event.rescue" + person, side=name, to=event["to"])
    if kind == "pass":
        key = "event.pass_rest" if event.get("rest") else "event.pass"
        text = words.t(key + person, side=name, throw=event["throw"])
        if reason and event.get("reason"):
            text = words.t("event.why", event=text, why=reason_text(words, event["reason"]))
        return text
    if kind == "to_supply":
        return words.t("event.to_supply" + person, **{"side": name, "from": event["from"]})
    if kind == "left":
        return words.t("event.left" + person, side=name, throw=event["throw"])
    if kind == "into_water":
        then = event["then"]
        if event["fall_back"]:
            return words.t("event.fall_back" + person, side=name)
        if then is None:
            return words.t("event.into_water" + person, side=name)
        if then == "supply":
            return words.t("event.into_water_supply" + person, side=name)
        return words.t("event.into_water_restart" + person, side=name, then=then)
    if kind == "bump":
        if event["to"] == "supply":
            return words.t("event.bump_supply" + person, **{"side": name, "from": event["from"]})
        key = "event.bump_water" if event["water"] else "event.bump"
        return words.t(key + person, **{"side": name, "from": event["from"], "to": event["to"]})
    if kind == "claim":
        key = "event.claim_odd" if event["goals"] == "odd" else "event.claim_even"
        return words.t(key + person, side=name)
    if kind == "win":
        return words.t("event.win" + person, side=name)
    if kind == "extra_throw":
        return words.t("event.extra_throw" + person, side=name)
    raise ValueError(f"unknown event kind '{kind}'")


# -- why a move is refused, why a game is drawn, a rule set's name -----------------------------
def explain_text(words, reason: dict) -> str:
    """Why a move is refused (Rules.explain: ``{"why": ..., "clause": ..., ...}``) in words:
    the message ``refused.WHY`` with the reason's other fields for its arguments ("opp" a
    side, named; a list, of moves or throws, joined), and the clause cited."""
    args = {}
    for key in reason:
        value = reason[key]
        args[key] = join(words, value) if isinstance(value, (list, tuple)) else value
    why = args.pop("why")
    clause = args.pop("clause", None)
    if "opp" in args:
        args["opp"] = side_name(words, args["opp"])
    return cite(words, words.t("refused." + why, **args), clause)


def error_text(words, exc, fallback: str = "error.unreadable") -> str:
    """An engine's error (senet.errors.SenetError) as a player reads it: its message
    ``"error." + exc.key`` with its words (a side named), else why the rules refused a move
    (an IllegalMove's reason, explain_text), else the message ``fallback``; a RecordError's
    line number before it (error.at_line). Never the developer's English."""
    args = dict(getattr(exc, "words", None) or {})
    key = getattr(exc, "key", None)
    reason = args.pop("reason", None)
    if reason is None:  # an IllegalMove's own (the rules' reason as data)
        reason = getattr(exc, "reason", None)
    if key:
        if "side" in args:
            args["side"] = side_name(words, args["side"])
        text = words.t(key if "." in key else "error." + key, **args)  # "online.no_invite": the app's own
    elif isinstance(reason, dict):
        text = explain_text(words, reason)
    else:
        text = words.t(fallback)
    line = getattr(exc, "line", None)
    return words.t("error.at_line", line=line, error=text) if isinstance(line, int) else text


def phrase_text(words, fault):
    """Why a phrase cannot be a player's phrase, ``fault`` being senet.throws.phrase_fault's
    answer, in ``words``; None when it can (``fault`` None)."""
    return None if fault is None else words.t("error." + fault[0], **fault[1])


def link_text(words, exc) -> str:
    """A refusal with a message id (senet.online.corr_link.LinkError: ``key`` and
    ``values``) in ``words``; an argument that is itself an engine's error (a record's
    line that does not replay, share.record_bad's ``reason``) said with error_text."""
    args = {}
    for name, value in (getattr(exc, "values", None) or {}).items():
        args[name] = error_text(words, value) if isinstance(value, BaseException) else value
    return words.t(exc.key, **args)


# senet.verify's statuses (but "verified") and the message that says each to a person
VERDICT_KEYS = {"mismatch": "flow.verify.mismatch", "sealed": "flow.verify.sealed",
                "no-commitment": "flow.verify.no_commitment", "invalid": "flow.verify.invalid"}


def verdict_text(words, verdict) -> str:
    """A senet.verify Verdict as a person reads it, in ``words``: "Verified: ...", or
    "Not verified: line 12: ..." (its ``key`` and ``words``; the page's Verify and
    ``python -m senet verify`` say it alike)."""
    args = dict(verdict.words)
    key = verdict.key
    if key == "no_replay":
        text = words.t("verify.no_replay", error=error_text(words, args["error"]))  # the error names its line
    else:
        if key in ("verified", "verified_duel"):
            args["tail"] = "" if args.pop("over") else words.t("verify.not_over")
        if key == "verified":
            phrase = args.pop("phrase")
            args["phrase"] = words.t("verify.phrase", phrase=phrase) if phrase else words.t("verify.no_phrase")
        text = words.t("verify." + key, **args)
        if verdict.line is not None:
            text = words.t("error.at_line", line=verdict.line, error=text)
    if verdict.ok:
        return text
    return words.t(VERDICT_KEYS[verdict.status], reason=text)


def draw_text(words, reason: str, actions=None) -> str:
    """Why a game is drawn, the clause cited: a State's or a Game's ``draw_reason``,
    "frozen" (C6), or "limit" with ``actions`` the game's limit (senet.game.MAX_ACTIONS)."""
    if reason == "limit":
        return words.n("draw.limit", actions)
    return words.t("draw." + reason)


def rules_title(words, rules) -> str:
    """A rule set's name, its house rules after it: "Bell", "Kendall (five pieces, the trap
    on 27)"; the name a player reads wherever a rule set is named (Rules.title is the
    developer's English, Rules.name the notation's)."""
    # the class's name: Kendall's rules with house rules have "kendall+five" for theirs
    title = words.t("rules.title." + type(rules).name)
    if not rules.options:
        return title
    options = words.t("list.comma").join(words.t("rules.option." + option) for option in rules.options)
    return words.t("rules.title_options", title=title, options=options)


def rules_text(words, rules) -> str:
    """A rule set as a sentence names it: "Bell rules"; Kendall's with its house rules,
    "Kendall rules, five pieces, the trap on 27" (Rules.in_words)."""
    name = words.t("rules.name", title=words.t("rules.title." + type(rules).name))
    if not rules.options:
        return name
    return words.t("list.comma").join([name] + [words.t("rules.option." + option) for option in rules.options])
