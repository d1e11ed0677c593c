"""What the page says and plays as a game goes on: the engine's events in the app's words
("you" for the one human), the new game's and the resumed game's first line, the result,
and the sound of an action. Functions of a Table (app/flow/table.py); free of the DOM.
"""

import re

import senet
from app.game.counting import count_words, turns_played
from app.words.names import COLOUR_WORDS, SIDE_NAMES, rules_name
from senet import PASS
from senet.game import MAX_ACTIONS
from senet.state import BLACK, WHITE, other
from senet.words import current, lang, n, t
from senet.words.game import draw_text, event_text

# What ends a sentence already, in the catalogs' languages: Arabic's question mark "؟",
# the full stop "۔" of Arabic script, an ellipsis, Chinese's full-width 。！？.
SENTENCE_ENDS = (".", "!", "?", "؟", "۔", "…", "。", "！", "？")
# The full stop a language ends a sentence with, where it is not "."; the languages that
# put no space between sentences (Chinese: 白方走了。黑方掷出3。).
FULL_STOP = {"zh": "。"}
NO_SPACE = {"zh"}


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last unless it ends one already."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith(SENTENCE_ENDS) else text + FULL_STOP.get(lang(), ".")


def sentences(parts) -> str:
    """Sentences one after the other, a space between them (none in Chinese)."""
    return ("" if lang() in NO_SPACE else " ").join(p for p in parts if p)


def voice(event: dict, you: str | None = None) -> str:
    """A senet.describe event (a dict) in the app's words; ``you``: the colour of the one
    human, who reads "you move", "your piece". A lost throw says why when no piece of the
    side can enter (its pieces wait in the supply, T2); otherwise the throw's own message
    has named the rule already (reasons.lost_reason)."""
    reason = event["kind"] == "pass" and (event.get("reason") or {}).get("why") == "no_entry"
    return event_text(current(), event, you, reason)


def settled(event: dict) -> bool:
    """A win or a draw (said once, with the players' names, by result_text)."""
    return event["kind"] in ("win", "draw")


def said(table, events, side: str) -> list:
    """senet.describe events of ``side``'s action in words, with "you" for the one human."""
    you = table.you
    return [voice(event, you) for event in events]


def intro_text(table) -> str:
    state = table.state
    title = rules_name(table.rules)
    if state.opening:
        return t("narration.intro.draw", rules=title, first=table.seat_name(1), second=table.seat_name(2))
    first = table.seat_to_act
    if table.setup.position:
        return t("narration.intro.position", rules=title, side=SIDE_NAMES[state.side], player=table.seat_name(first))
    if table.you == state.side:
        return t("narration.intro.you_first", rules=title, colour=COLOUR_WORDS[state.side])
    return t("narration.intro.first", rules=title, side=SIDE_NAMES[state.side], player=table.seat_name(first))


def resume_text(table) -> str:
    title = rules_name(table.rules)
    game = table.game
    if game.over:
        return t("narration.resume.over", rules=title, result=result_text(table))
    seat = table.seat_to_act
    turns = count_words(turns_played(game))
    throw = table.state.throw
    you = table.is_you(seat)
    if throw is None:
        key = "narration.resume.you" if you else "narration.resume.other"
        return t(key, rules=title, turns=turns, player=table.seat_name(seat))
    key = "narration.resume.you_throw" if you else "narration.resume.other_throw"
    return t(key, rules=title, turns=turns, player=table.seat_name(seat), throw=throw)


def result_text(table) -> str:
    result = table.game.result
    if result is None:
        return ""
    if result == "draw":
        return t("narration.result.draw", reason=draw_reason(table))
    if table.you == result:
        text = t("narration.result.you_win", colour=COLOUR_WORDS[result])
    else:
        text = t("narration.result.win", side=SIDE_NAMES[result], player=table.seat_name(table.seat_of(result)))
    if table.game.conceded is not None and table.game.conceded[1] == "resigned":
        loser = other(result)
        key = "narration.result.you_resigned" if table.you == loser else "narration.result.resigned"
        text = t(key, side=table.actor(loser), result=text)
    points = penalty(table)
    if points is not None:
        loser = "b" if result == "w" else "w"
        if table.you == loser:
            text = t("narration.result.with_penalty", result=text, penalty=n("narration.penalty.you", points))
        else:
            text = t("narration.result.with_penalty", result=text,
                     penalty=n("narration.penalty.side", points, side=SIDE_NAMES[loser]))
    return text


def draw_reason(table) -> str:
    """Why the game is drawn, for people: without the rule clause the words cite."""
    reason = table.game.draw_reason
    text = draw_text(current(), reason, MAX_ACTIONS) if reason else ""
    return re.sub(r"\s*\([A-Z]\d+[^)]*\)\s*$", "", text).strip()


def penalty(table):
    """The loser's penalty points once the game is won, in a rule set that scores one
    (Havens, V8); None elsewhere."""
    result = table.game.result
    if not table.rules.has_penalty or result not in (WHITE, BLACK):
        return None
    return senet.penalty(table.state, other(result))


def sound_of(table, move, events, side: str, after):
    """The sound of an action: the end of the game, a bump, the water, bearing off or a move."""
    if after.is_terminal and after.winner in ("w", "b"):
        humans = [seat for seat in (1, 2) if table.kind(seat) == "human"]
        if len(humans) == 1 and table.colour_of(humans[0]) != after.winner:
            return "loss"
        return "win"
    if move == PASS:
        return None
    if any(e["kind"] == "bump" for e in events):
        return "bump"
    if any(e["kind"] == "into_water" or e.get("in_water") for e in events):
        return "water"
    if not move.is_special and move.dst == senet.OFF:
        return "off"
    return "move"


def throw_words(state, rules) -> tuple:
    """What the sticks add to their number while a throw is in use: ("3 left", "")
    once a part of a throw used in parts is played (P2; the number shows the throw),
    and "then a throw more" when one more throw is owed after it (P8). ("", "") for
    the rule sets that use a throw whole, and when no throw is pending."""
    if state.throw is None or state.opening:
        return "", ""
    left = t("narration.throw.left", throw=state.throw) if rules.throw_in_use(state) else ""
    return left, t("narration.throw.owed") if rules.throw_owed(state) else ""
