"""The player's progress, kept on the device: ratings against the computer's calibrated
levels and between friends, each game's summary and review, and the positions to
practise (docs/progress.md).

    from senet.profile import Profile, ProfileError, key_mistakes
    p = Profile()                                  # empty; or Profile.from_text(text)
    outcome = p.record_game({"id": "g1", "variant": "kendall", "opponent": "expert",
                             "played_by": "expert", "result": "win", "end": "finished",
                             "hints": 0, "undos": 0, "time": 1764000000000})
    p.rating("kendall")                            # senet.rating.Rating (START when none)
    p.history("kendall")                           # [{"game", "time", "rating", "rd", "volatility"}]
    p.add_review("g1", summary)                    # the worker's review, in idle time
    p.add_practice(...); p.practise(id, solved)    # a position solved twice in a row leaves
    text = p.to_text()                             # versioned JSON text

The fairness rules (``record_game`` returns which one applied, an outcome id, a catalog key profile.outcome.*):

* a finished game is rated against the level that played it ("rated");
* a resignation is a finished game: a loss ("rated");
* a game abandoned without an end is kept but not rated ("unfinished");
* a game begun from a set position (a link's ``position=``, a position pasted or
  practised) is kept but not rated ("set_position"): a rating measures whole games,
  and a position near its end would give a win its weight for a few turns' play;
* a game with a hint or an undo is kept, marked, and not rated ("assisted"):
  the rating says how the player plays alone;
* the stand-in: when the Expert could not run and Average played in its place, the
  game is rated against Average, the level that played, and never counts as a game
  against the Expert ("stand_in");
* a game against a friend changes no rating against the computer: it updates the
  head-to-head ratings of the two ("friend").

A profile that cannot be read raises ProfileError whose ``message_id`` is a catalog key
(profile.problem.*); a part that cannot be read (one game, one rule set's history) is
left out and named in ``problems``, and everything else loads.

Pure Python: runs on the page's MicroPython as in CPython.
"""

from .errors import SenetError
from .game import Game
from .json_text import dumps, load_json
from .level_ratings import RATINGS as LEVEL_RATINGS
from .rating import Rating, idle, update
from .turns import after_throw

KIND = "senet-profile"
FORMAT = 1  # the version of the text; every earlier one still loads (from_text)
LEVELS = ("novice", "average", "expert")
RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
ENDS = ("finished", "resigned", "abandoned")
DAY_MS = 86400000  # a rating period: a day (the deviation grows a period for each idle day)
MAX_GAMES = 2000  # game summaries kept (the oldest go first); the ratings keep their history
MAX_PRACTICE = 40  # positions to practise (the smallest loss goes first)
SOLVED_TO_LEAVE = 2  # solved this many times in a row, a position leaves the list
KEY_MISTAKES = 3  # the key mistakes kept of a game (the largest losses)
PRACTICE_FROM = 0.05  # a decision that lost this much (review.MISTAKE) can become a puzzle

# the message ids (catalog keys, senet/words/en.po): what record_game did with a game
# (the page says it under the game's result), then why a profile did not load
RATED_GAME = "profile.outcome.rated"
RATED = (RATED_GAME, "profile.outcome.stand_in", "profile.outcome.friend")
CORRUPT = "profile.problem.corrupt"
NEWER = "profile.problem.newer"
PART_DROPPED = "profile.problem.part_dropped"


class ProfileError(SenetError):
    """A profile that cannot be loaded: ``message_id`` says why (a catalog key)."""

    def __init__(self, message_id, detail=""):
        SenetError.__init__(self, message_id + (": " + detail if detail else ""))
        self.message_id = message_id


def level_rating(variant, level):
    """The calibrated Rating of a computer level in a rule set (senet.level_ratings;
    Kendall's house rules read Kendall's), or None when it has none."""
    entry = LEVEL_RATINGS.get(variant.split("+")[0])
    if entry is None or level not in entry["levels"]:
        return None
    x = entry["levels"][level]
    return Rating(x["rating"], x["rd"], 0.06)


def _point(game_id, time, r):
    return {"game": game_id, "time": time, "rating": round(r.rating, 2), "rd": round(r.rd, 2),
            "volatility": round(r.volatility, 6)}


def _rating_of(point):
    return Rating(point["rating"], point["rd"], point["volatility"])


def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _check_point(p):
    if not isinstance(p, dict) or not all(_number(p.get(k)) for k in ("time", "rating", "rd", "volatility")):
        raise ValueError("a rating point")
    if not isinstance(p.get("game"), str) or p["rd"] <= 0 or p["volatility"] <= 0:
        raise ValueError("a rating point")
    return p


def _check_game(g):
    if not isinstance(g, dict) or not isinstance(g.get("id"), str) or not isinstance(g.get("variant"), str):
        raise ValueError("a game")
    if g.get("result") not in RESULTS or g.get("end") not in ENDS or not _number(g.get("time")):
        raise ValueError("a game")
    return g


def _check_practice(x):
    if not isinstance(x, dict) or not all(isinstance(x.get(k), str) for k in ("id", "variant", "position")):
        raise ValueError("a practice position")
    if not isinstance(x.get("streak"), int) or not _number(x.get("loss")):
        raise ValueError("a practice position")
    return x


class Profile:
    """The player's progress (see the module's docstring)."""

    def __init__(self):
        self.ratings = {}  # rule set -> [rating point], oldest first
        self.friends = {}  # friend's name -> rule set -> {"me": point, "them": point, "wins", "losses", "draws"}
        self.games = []  # game summaries, oldest first
        self.practice = []  # positions to practise
        self.problems = []  # message ids of the parts left out when loading

    # -- ratings ---------------------------------------------------------------------
    def rating(self, variant):
        """The player's Rating in a rule set (a newcomer's when there is no game)."""
        points = self.ratings.get(variant)
        return _rating_of(points[-1]) if points else Rating()

    def history(self, variant):
        """The rating points of a rule set, oldest first (a copy)."""
        return [dict(p) for p in self.ratings.get(variant, [])]

    def game(self, game_id):
        for g in self.games:
            if g["id"] == game_id:
                return g
        return None

    def record_game(self, game):
        """Keep a game that ended (or was left) and rate it by the rules of the module's
        docstring; returns the outcome id. ``game``: ``id``, ``variant``, ``opponent``
        (a level, or "friend"), ``played_by`` (the level that actually played; the
        stand-in's "average" for a missing Expert), ``result`` (win, draw, loss: the
        player's), ``end`` (finished, resigned, abandoned), ``hints``, ``undos``,
        ``time`` (ms since 1970), for a friend ``friend`` (a name), optionally ``set_position``
        (True: the game began from a set position, not the rules' start) and ``throws``
        ({"1": count, ...}: the player's throws by value). ValueError for a
        game that is not one; a game already kept is not counted twice (KeyError)."""
        g = _check_game(dict(game))
        if self.game(g["id"]) is not None:
            raise KeyError(g["id"])
        opponent = g.get("opponent")
        played_by = g.get("played_by") or opponent
        if opponent != "friend" and (opponent not in LEVELS or played_by not in LEVELS):
            raise ValueError("a game's opponent")
        result = "loss" if g["end"] == "resigned" and g["result"] != "win" else g["result"]
        summary = {
            "id": g["id"], "variant": g["variant"], "opponent": opponent, "played_by": played_by,
            "result": result, "end": g["end"], "time": g["time"],
            "hints": int(g.get("hints") or 0), "undos": int(g.get("undos") or 0),
            "stand_in": opponent != "friend" and played_by != opponent,
        }
        if g.get("set_position"):
            summary["set_position"] = True
        if opponent == "friend":
            summary["friend"] = str(g.get("friend") or "")
        throws = g.get("throws")
        if throws is not None:  # how often the player threw each value (the chart of throws against odds)
            if not isinstance(throws, dict) or not all(isinstance(k, str) and isinstance(n, int) and n >= 0
                                                       for k, n in throws.items()):
                raise ValueError("a game's throws")
            summary["throws"] = dict(throws)
        if g["end"] == "abandoned":
            outcome = "profile.outcome.unfinished"
        elif summary.get("set_position"):
            outcome = "profile.outcome.set_position"
        elif summary["hints"] or summary["undos"]:
            outcome = "profile.outcome.assisted"
        elif opponent == "friend":
            outcome = self._rate_friend(summary)
        else:
            outcome = self._rate(summary)
        summary["rated"] = outcome in RATED
        summary["outcome"] = outcome
        self.games.append(summary)
        if len(self.games) > MAX_GAMES:
            del self.games[0]
        return outcome

    def _rate(self, g):
        opp = level_rating(g["variant"], g["played_by"])
        if opp is None:
            return "profile.outcome.no_level"
        points = self.ratings.setdefault(g["variant"], [])
        mine = self.rating(g["variant"])
        if points:
            mine = idle(mine, (g["time"] - points[-1]["time"]) // DAY_MS)
        new = update(mine, [(opp, RESULTS[g["result"]])])
        points.append(_point(g["id"], g["time"], new))
        g["opponent_rating"] = round(opp.rating, 1)
        return "profile.outcome.stand_in" if g["stand_in"] else RATED_GAME

    def _rate_friend(self, g):
        pair = self.friends.setdefault(g["friend"], {}).get(g["variant"])
        if pair is None:
            pair = self.friends[g["friend"]][g["variant"]] = {"me": None, "them": None, "wins": 0, "losses": 0,
                                                              "draws": 0}
        me = _rating_of(pair["me"]) if pair["me"] else Rating()
        them = _rating_of(pair["them"]) if pair["them"] else Rating()
        if pair["me"]:
            days = (g["time"] - pair["me"]["time"]) // DAY_MS
            me, them = idle(me, days), idle(them, days)
        score = RESULTS[g["result"]]
        pair["me"] = _point(g["id"], g["time"], update(me, [(them, score)]))
        pair["them"] = _point(g["id"], g["time"], update(them, [(me, 1.0 - score)]))
        pair[{"win": "wins", "loss": "losses", "draw": "draws"}[g["result"]]] += 1
        return "profile.outcome.friend"

    def head_to_head(self, friend, variant):
        """(my Rating, the friend's Rating, wins, losses, draws) in a rule set, or None."""
        pair = self.friends.get(friend, {}).get(variant)
        if pair is None or not pair["me"]:
            return None
        return _rating_of(pair["me"]), _rating_of(pair["them"]), pair["wins"], pair["losses"], pair["draws"]

    # -- reviews and practice ----------------------------------------------------------
    def add_review(self, game_id, summary, by_hand=False):
        """Keep a game's review summary (``review_summary``); the worker's review in idle
        time never replaces one the player asked for (``by_hand``). Returns whether it
        was kept."""
        g = self.game(game_id)
        if g is None:
            return False
        if g.get("review") and g["review"].get("by_hand") and not by_hand:
            return False
        kept = dict(summary)
        kept["by_hand"] = bool(by_hand)
        g["review"] = kept
        for m in kept.get("mistakes", []):
            if m.get("loss", 0) >= PRACTICE_FROM and m.get("position"):
                self.add_practice(g["variant"], m["position"], m["best"], m["loss"], game_id)
        return True

    def add_practice(self, variant, position, best, loss, game_id):
        """A position to practise (a decision's position in notation, the pending throw
        in it); the largest losses are kept first."""
        pid = variant + "|" + position
        for x in self.practice:
            if x["id"] == pid:
                x["streak"] = 0
                return x
        x = {"id": pid, "variant": variant, "position": position, "best": best, "loss": round(loss, 4),
             "game": game_id, "streak": 0}
        # in order of loss, the largest first, a new one after those of the same loss
        # (by hand: MicroPython's sort is not stable)
        at = 0
        while at < len(self.practice) and self.practice[at]["loss"] >= x["loss"]:
            at += 1
        self.practice.insert(at, x)
        del self.practice[MAX_PRACTICE:]
        return x

    def practise(self, pid, solved):
        """The player answered a practice position: solved SOLVED_TO_LEAVE times in a
        row, it leaves the list (returns True then); a miss starts the count again."""
        for i, x in enumerate(self.practice):
            if x["id"] == pid:
                x["streak"] = x["streak"] + 1 if solved else 0
                if x["streak"] >= SOLVED_TO_LEAVE:
                    del self.practice[i]
                    return True
                return False
        raise KeyError(pid)

    # -- text ----------------------------------------------------------------------------
    def to_text(self):
        """The profile as JSON text (keys sorted: the same in every interpreter)."""
        return _write({"kind": KIND, "format": FORMAT, "ratings": self.ratings, "friends": self.friends,
                       "games": self.games, "practice": self.practice})

    @classmethod
    def from_text(cls, text):
        """A profile from its text. ProfileError (CORRUPT, NEWER) when it cannot be read
        at all; a part that cannot be read is left out and PART_DROPPED added to
        ``problems`` (once), everything else loads."""
        try:
            data = load_json(text, "the profile")
        except SenetError:
            raise ProfileError(CORRUPT) from None
        if not isinstance(data, dict) or data.get("kind") != KIND or not isinstance(data.get("format"), int):
            raise ProfileError(CORRUPT)
        if data["format"] > FORMAT:
            raise ProfileError(NEWER, str(data["format"]))
        p = cls()
        p.ratings = _salvage_map(p, data.get("ratings"), lambda v: [_check_point(x) for x in _list(v)])
        p.friends = _salvage_map(p, data.get("friends"), lambda v: _salvage_map(p, v, _check_pair))
        p.games = _salvage_list(p, data.get("games"), _check_game)
        p.practice = _salvage_list(p, data.get("practice"), _check_practice)
        return p


def _list(v):
    if not isinstance(v, list):
        raise ValueError("a list")
    return v


def _check_pair(v):
    if not isinstance(v, dict) or not all(isinstance(v.get(k), int) for k in ("wins", "losses", "draws")):
        raise ValueError("a head-to-head")
    _check_point(v.get("me"))
    _check_point(v.get("them"))
    return v


def _dropped(p):
    if PART_DROPPED not in p.problems:
        p.problems.append(PART_DROPPED)


def _salvage_map(p, v, check):
    out = {}
    if v is None:
        return out
    if not isinstance(v, dict):
        _dropped(p)
        return out
    for k in v:
        try:
            out[k] = check(v[k])
        except (ValueError, TypeError, KeyError):
            _dropped(p)
    return out


def _salvage_list(p, v, check):
    out = []
    if v is None:
        return out
    if not isinstance(v, list):
        _dropped(p)
        return out
    for x in v:
        try:
            out.append(check(x))
        except (ValueError, TypeError, KeyError):
            _dropped(p)
    return out


def _write(value):
    """JSON text with the keys of every object sorted (MicroPython's dicts keep no order)."""
    if isinstance(value, dict):
        return "{" + ", ".join(dumps(k) + ": " + _write(value[k]) for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_write(x) for x in value) + "]"
    return dumps(value)


def review_summary(review, side, record_text=None):
    """What a profile keeps of a review (senet.ai.review's result) for the player's
    ``side``: the error per decision, the decisions that mattered, the luck, the rating
    word, and the key mistakes (``key_mistakes``; their positions when ``record_text``,
    the game's record, is given)."""
    s = review["sides"][side]
    return {"mean_loss": s["mean_loss"], "counted": s.get("counted", s["decisions"]), "luck": s["luck"],
            "rating": s["rating"], "mistakes": key_mistakes(review, side, record_text)}


def key_mistakes(review, side, record_text=None, count=KEY_MISTAKES):
    """The ``count`` decisions of ``side`` that lost the most (the largest first, none
    that lost nothing): ply, throw, played, best, loss, and with ``record_text`` the
    position of the decision in notation (the throw pending in it)."""
    ranked = [(-d["loss"], i) for i, d in enumerate(review["decisions"]) if d["side"] == side and d["loss"] > 0]
    ranked.sort()  # by loss, the largest first, then in the game's order
    mine = [review["decisions"][i] for _, i in ranked]
    game = None
    if record_text is not None:
        game = Game.from_record(record_text)
    out = []
    for d in mine[:count]:
        m = {"ply": d["ply"], "throw": d["throw"], "played": d["played"], "best": d["best"], "loss": d["loss"]}
        if game is not None:
            m["position"] = decision_position(game, d["ply"], d["throw"])
        out.append(m)
    return out


def decision_position(game, ply, throw):
    """The position (notation) of the decision of record line ``ply``: the state before
    the line, with ``throw`` pending when the decision was about a throw."""
    state = game.states[ply - 1]
    if throw is not None:
        state = after_throw(state, throw)
    return state.position()


__all__ = ["CORRUPT", "FORMAT", "NEWER", "PART_DROPPED", "Profile", "ProfileError", "decision_position",
           "key_mistakes", "level_rating", "review_summary"]
