"""What the page says and plays as a game goes on: the engine's events in the app's words
("you" for the one human), the new game's and the resumed game's first line, the result,
and the sound of an action. Functions of a Table (app/flow/table.py); free of the DOM.
"""

import re

import senet
from app.flow.counting import count_words, turns_played
from app.flow.table import COLOUR, SIDE_NAMES
from senet import PASS
from senet.game import MAX_ACTIONS
from senet.state import BLACK, WHITE, other
from senet.words import words
from senet.words.game import draw_text, event_text

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def voice(event: dict, you: str | None = None) -> str:
    """A senet.describe event (a dict) in the app's words; ``you``: the colour of the one
    human, who reads "you move", "your piece". A lost throw says why when no piece of the
    side can enter (its pieces wait in the supply, T2); otherwise the throw's own message
    has named the rule already (reasons.lost_reason)."""
    reason = event["kind"] == "pass" and (event.get("reason") or {}).get("why") == "no_entry"
    return event_text(words(), event, you, reason)


def settled(event: dict) -> bool:
    """A win or a draw (said once, with the players' names, by result_text)."""
    return event["kind"] in ("win", "draw")


def said(table, events, side: str) -> list:
    """senet.describe events of ``side``'s action in words, with "you" for the one human."""
    you = table.you
    return [voice(event, you) for event in events]


def intro_text(table) -> str:
    state = table.state
    title = table.rules.title
    if state.opening:
        return (f"New game of Senet, {title} rules. Colour draw: {table.seat_name(1)} and "
                f"{table.seat_name(2)} throw in turn; the first to throw a 1 plays black.")
    first = table.seat_to_act
    if table.setup.position:
        return (f"Senet, {title} rules, from a set position. {SIDE_NAMES[state.side]} "
                f"({table.seat_name(first)}) is to play.")
    if table.actor(state.side) == "You":
        return f"New game of Senet, {title} rules. You play {COLOUR[state.side]} and throw first."
    return (f"New game of Senet, {title} rules. {SIDE_NAMES[state.side]} "
            f"({table.seat_name(first)}) throws first.")


def resume_text(table) -> str:
    title = table.rules.title
    game = table.game
    if game.over:
        return f"Welcome back. Your game of Senet, {title} rules, is over. {result_text(table)}"
    who = table.seat_name(table.seat_to_act)
    text = (f"Welcome back: your game of Senet, {title} rules, is as you left it "
            f"({count_words(turns_played(game))} so far). {who} {'are' if who == 'You' else 'is'} to play")
    throw = table.state.throw
    return text + (f", with a throw of {throw} to use." if throw is not None else ".")


def result_text(table) -> str:
    result = table.game.result
    if result is None:
        return ""
    if result == "draw":
        return f"The game is drawn: {draw_reason(table)}."
    if table.actor(result) == "You":
        text = f"You win, with the {COLOUR[result]} pieces!"
    else:
        text = f"{SIDE_NAMES[result]} ({table.seat_name(table.seat_of(result))}) wins!"
    if table.game.conceded is not None and table.game.conceded[1] == "resigned":
        loser = other(result)
        text = f"{table.actor(loser)} resigned. {text}"
    points = penalty(table)
    if points is not None:
        loser = "b" if result == "w" else "w"
        whose = "Your" if table.actor(loser) == "You" else f"{SIDE_NAMES[loser]}'s"
        text += f" {whose} penalty: {points} point{'s' if points != 1 else ''}."
    return text


def draw_reason(table) -> str:
    """Why the game is drawn, for people: without the rule clause the words cite."""
    reason = table.game.draw_reason
    text = draw_text(words(), reason, MAX_ACTIONS) if reason else ""
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
    if any(e["kind"] == "into_water" for e in events) or (
            not move.is_special and move.dst == 27 and after.square(27) == side):
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
    left = f"{state.throw} left" if rules.throw_in_use(state) else ""
    return left, "then a throw more" if rules.throw_owed(state) else ""
