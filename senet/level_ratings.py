"""The ratings of the computer levels in each rule set, written by tools/calibrate_levels.py
(do not edit by hand): Elo-style ratings fitted from arena games, Average anchored at
1500, each with its deviation (the standard error of the fit), read by senet.profile as
the Glicko-2 rating of the opponent (docs/opponents.md, "Calibrated levels").
Each rule set's entry holds the command that made it (the same command, the same
ratings: the arena's games are seeded).
"""

FORMAT = 1
ANCHOR = {"level": "average", "rating": 1500.0}
# rule set -> {"levels": {level: {"rating", "rd"}}, "games": {"a-b": {"games", "score" of a,
#              "draws"}}, "command": the command that made it}
RATINGS = {
    "kendall": {
        "levels": {
            "novice": {"rating": 1389.2, "rd": 25.8},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1641.9, "rd": 67.7},
        },
        "games": {
            "novice-average": {"games": 200, "score": 69.0, "draws": 0},
            "expert-average": {"games": 30, "score": 21.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants kendall",
    },
    "jequier": {
        "levels": {
            "novice": {"rating": 1180.0, "rd": 35.7},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1545.1, "rd": 62.9},
        },
        "games": {
            "novice-average": {"games": 200, "score": 27.0, "draws": 0},
            "expert-average": {"games": 30, "score": 17.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants jequier",
    },
    "tait": {
        "levels": {
            "novice": {"rating": 1357.7, "rd": 26.6},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1766.4, "rd": 81.7},
        },
        "games": {
            "novice-average": {"games": 200, "score": 61.0, "draws": 0},
            "expert-average": {"games": 30, "score": 25.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants tait",
    },
    "bell": {
        "levels": {
            "novice": {"rating": 978.2, "rd": 57.7},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1922.7, "rd": 114.6},
        },
        "games": {
            "novice-average": {"games": 200, "score": 9.0, "draws": 0},
            "expert-average": {"games": 30, "score": 28.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants bell",
    },
    "thibault": {
        "levels": {
            "novice": {"rating": 1393.0, "rd": 25.7},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1766.4, "rd": 81.7},
        },
        "games": {
            "novice-average": {"games": 200, "score": 70.0, "draws": 0},
            "expert-average": {"games": 30, "score": 25.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants thibault",
    },
    "havens": {
        "levels": {
            "novice": {"rating": 1404.3, "rd": 25.4},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1563.9, "rd": 32.1},
        },
        "games": {
            "novice-average": {"games": 200, "score": 73.0, "draws": 0},
            "expert-average": {"games": 120, "score": 71.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 120 --games-en 0 --variants havens",
    },
    "piccione": {
        "levels": {
            "novice": {"rating": 1271.3, "rd": 30.0},
            "average": {"rating": 1500.0, "rd": 0.0},
            "expert": {"rating": 1698.4, "rd": 72.9},
        },
        "games": {
            "novice-average": {"games": 200, "score": 42.0, "draws": 0},
            "expert-average": {"games": 30, "score": 23.0, "draws": 0},
        },
        "command": "python tools/calibrate_levels.py --seed 1 --games-na 200 --games-ea 30 --games-en 0 --variants piccione",
    },
}
