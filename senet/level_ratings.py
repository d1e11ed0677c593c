"""The ratings of the computer levels in each rule set, written by tools/calibrate_levels.py
(do not edit by hand): Elo-style ratings fitted from arena games, Average anchored at
1500, each with its deviation (the standard error of the fit), read by senet.profile as
the Glicko-2 rating of the opponent (docs/opponents.md, "Calibrated levels").

    python tools/calibrate_levels.py --seed 1 --games-na 4 --games-ea 2 --games-en 0 --variants tait
"""

FORMAT = 1
ANCHOR = {"level": "average", "rating": 1500.0}
# rule set -> {"levels": {level: {"rating", "rd"}}, "games": {"a-b": {"games", "score" of a, "draws"}}}
RATINGS = {
    "tait": {
        "levels": {
            "novice": {"rating": 1352.8, "rd": 169.5},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1779.6, "rd": 269.1},
        },
        "games": {
            "novice-average": {"games": 4, "score": 1.0, "draws": 0},
            "expert-average": {"games": 2, "score": 2.0, "draws": 0},
        },
    },
}
