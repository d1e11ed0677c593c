"""What the player's profile (senet.profile, docs/progress.md) is told of a game the page
played, and what the Puzzles page's answers do to it. Free of the DOM: runs in CPython's
tests (tests/app/test_progress_flow.py) as in the page's MicroPython.

    entry = game_entry(session, game_id, now_ms, stood_in=False, hinted=False)
    entry = game_entry(session, game_id, now_ms, friend="Ana", online_result="win")
    profile.record_game(entry)                    # when entry is not None
    player_side(session)                          # "w" or "b": the colour the review rates
    apply_answers(profile, answers)               # the Puzzles page's answers, once each
"""

from senet.throw_stats import count_throws

# the throws' categories as the profile keeps them (app/storage/formats.py's THROW_KEYS)
THROW_NAMES = {1: "1", 2: "2", 3: "3", 4: "4", 0: "none"}


def human_seat(session):
    """The seat of the one person at this device in a game against the computer (or a
    friend on another device), else None (two people here, or two computers)."""
    humans = [seat for seat, s in session.seats.items() if s.is_human]
    return humans[0] if len(humans) == 1 else None


def player_side(session, seat=None):
    """The colour ("w" or "b") the person here plays (at ``seat`` when given: a game
    between two devices), or None."""
    seat = seat if seat is not None else human_seat(session)
    if seat is None:
        return None
    colours = session.game.seat_colours or {1: "w", 2: "b"}
    return colours[seat]


def player_throws(game, side):
    """How often ``side`` threw each value in ``game``: {"1": n, ..., "none": n}."""
    thrown = [e.throw for i, e in enumerate(game.entries)
              if e.throw is not None and game.states[i].side == side]
    counts = count_throws(thrown, game.rules.none_value)
    return {THROW_NAMES[c]: int(counts.get(c, 0)) for c in THROW_NAMES}


def game_entry(session, game_id, now_ms, stood_in=False, hinted=False, friend=None, online_result=None,
               seat=None):
    """The ``record_game`` dict of a game between the person here and the computer (or a
    friend on another device: ``friend`` names them, ``seat`` is this device's,
    ``online_result`` is "win", "loss" or "draw"), or None
    for a game the profile does not keep (two people at one device, two computers, a
    game with no move). A game not over is "abandoned" (kept, never rated), one begun from
    a set position says so (``set_position``: kept, never rated); ``stood_in``:
    Average played for a missing Expert; ``hinted``: the Expert's hints were shown."""
    game = session.game
    seat = seat if seat is not None else human_seat(session)
    side = player_side(session, seat)
    if side is None or not game.entries:
        return None
    if friend is not None:
        opponent = played_by = "friend"
    else:
        opponent = session.seats[3 - seat].kind
        if opponent not in ("novice", "average", "expert"):
            return None
        played_by = "average" if stood_in and opponent == "expert" else opponent
    if not game.over:
        end, result = "abandoned", "draw"  # never rated: the result stands for none
    else:
        end = "resigned" if game.conceded is not None and game.conceded[1] == "resigned" else "finished"
        if online_result is not None:
            result = online_result
        elif game.result == "draw":
            result = "draw"
        else:
            result = "win" if game.result == side else "loss"
    entry = {"id": game_id, "variant": game.variant, "opponent": opponent, "played_by": played_by,
             "result": result, "end": end, "hints": 1 if hinted else 0, "undos": 1 if session.took_back else 0,
             "time": int(now_ms), "throws": player_throws(game, side)}
    if game.start_state.position() != game.rules.start().position():  # a link's or a pasted position
        entry["set_position"] = True
    if friend is not None:
        entry["friend"] = str(friend or "")
    return entry


def apply_answers(profile, answers):
    """The Puzzles page's answers to practice positions ([{"id", "solved"}], oldest
    first) applied to ``profile`` (senet.profile.Profile.practise); an answer to a
    position no longer on the list is passed over. Returns how many were applied."""
    applied = 0
    for answer in answers if isinstance(answers, list) else []:
        if not isinstance(answer, dict) or not isinstance(answer.get("id"), str):
            continue
        try:
            profile.practise(answer["id"], bool(answer.get("solved")))
        except KeyError:
            continue
        applied += 1
    return applied
