"""The opponents' tuning, per rule set, in one place: the only module of senet/ai that
names rule sets (tests/engine/test_rule_names.py). The rules themselves are asked of
the rule set (senet.Rules); what is here are choices measured with games
(docs/opponents.md): the terms of the hand-made evaluations and their weights, the
Expert's node budgets, the review's.

A rule set with house rules takes the tuning of the rule set it names
(``Rules.tuning``: Kendall's house rules use Kendall's), and Expert's weights may have
their own key (``Rules.expert_weights``: Kendall with five pieces).
"""

from ..variants import get_rules
from .bell_terms import make_bell
from .hand import make_jequier, make_kendall, make_piccione, make_tait, make_thibault
from .trap import make_trap

# Weights of the terms: race, threat (side not on throw), threat (side on throw),
# tempo (in pips), variant extra, and the scale of the logistic.
WEIGHTS = {
    "kendall": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "thibault": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "jequier": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "havens": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "tait": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.7},
    "bell": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 1.2, "extra": 1.0, "scale": 0.45},
    "piccione": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
}
# Expert's weights where they differ from the hand-made ones. The hand-made scale is far
# too confident for a probability: fitted to the outcomes of games between Average and
# Novice players (a logistic regression on these features: tools/fit_evaluation.py),
# the same score is worth 4 to 7 times fewer logits. The search averages values over
# the throws, so Expert uses the calibrated scale; the ratios between the terms stay
# the hand-made ones (fitted ratios played no better). "trap" weighs the forced landing
# on 27 of Jéquier and Havens (senet.ai.trap).
EXPERT_WEIGHTS: dict[str, dict] = {
    # Kendall: heavier bump threats and endgame tables, chosen with one-throw trials and
    # confirmed with 800 games at full search (docs/opponents.md)
    "kendall": {"scale": 3.85, "threat": 1.5, "threat_mover": 0.8, "solo": 1.3},
    "thibault": {"scale": 2.75},
    "jequier": {"scale": 4.0, "trap": 2.0},
    "havens": {"scale": 4.0, "trap": 2.0},
    "tait": {"scale": 3.6},
    "bell": {"scale": 2.25},
}
# Kendall with five pieces a side (KO1), chosen by Rules.expert_weights: fitted to games of
# five pieces, the calibrated scale is 4.08 (two seeds), Kendall's 3.85 within noise, and
# no other weights played better one throw ahead (docs/opponents.md): Kendall's values
EXPERT_WEIGHTS["kendall+five"] = dict(EXPERT_WEIGHTS["kendall"])

# Expert's default budget: nodes per decision (reproducible), per rule set, measured with
# the arena (docs/opponents.md): more nodes paid a little in Kendall and Thibault and
# nothing measurable elsewhere. The median decision stays far under 0.3 s in CPython
# (python -m senet.commands.ai_bench); the wall-clock cap is a safety net.
DEFAULT_NODES = {
    "kendall": 20000, "jequier": 5000, "tait": 5000,
    "bell": 8000, "thibault": 20000, "havens": 5000, "piccione": 20000,
}
# The default node budget of each search of a review (senet.ai.review): a review runs one
# search for every possible throw at every throw of the game, so it spends far fewer
# nodes a search than the Expert's play (DEFAULT_NODES). Chosen so that a whole Kendall
# game is reviewed in under 30 s in the browser. The other rule sets get as much as
# keeps a typical game's review about as long: Thibault's games are short; Jequier's and
# Havens' long, Tait's and Bell's searches costly at 500 nodes (the next iteration of the
# search fits), so they get 300 (docs/review.md).
REVIEW_NODES = {
    "kendall": 500, "jequier": 300, "tait": 300,
    "bell": 300, "thibault": 500, "havens": 300, "piccione": 300,
}

# The hand-made evaluations (senet.ai.hand, senet.ai.bell_terms), made once
_KENDALL = make_kendall(get_rules("kendall"))
_JEQUIER = make_jequier(get_rules("jequier"))
_HAVENS = make_jequier(get_rules("havens"))
_THIBAULT = make_thibault(get_rules("thibault"))
BELL = make_bell(get_rules("bell"))
HAND = {
    "kendall": _KENDALL,
    "thibault": _THIBAULT,
    "jequier": _JEQUIER,
    "havens": _HAVENS,
    "tait": make_tait(get_rules("tait")),
    "piccione": make_piccione(get_rules("piccione")),
}
# Average's terms, and Expert's where they differ (Bell: entry, mobility, the goal claim)
FEATURES_OF = {name: hand.terms for name, hand in HAND.items()}
FEATURES_OF["bell"] = BELL.simple
EXPERT_FEATURES = {"bell": BELL.expert}
expert_bell = BELL.expert
J_COST = _JEQUIER.cost  # the race costs of Jéquier and Havens (senet.ai.hand.exact_costs)
V_COST = _HAVENS.cost
GOAL_CLAIMS = {"bell": BELL.claims}

# Expert's race in the rule sets with slow last pieces (see senet.ai.endgame): the two
# rearmost pieces count as the solitaire turns they need, converted to squares at the
# average progress of a turn, the others as in the race table; a piece in the water at
# Kendall's cost of a piece there that may be rescued now (in each of them).
SOLO_RACE = {
    "kendall": (_KENDALL.cost, 2.3125 * 1.6),
    "thibault": (_THIBAULT.cost, 2.3125 * 1.6),
    "jequier": (_JEQUIER.cost, 2.375 * 1.6),
    "havens": (_HAVENS.cost, 2.3125 * 1.6),
}
SOLO_WATER = _KENDALL.water_free

# Expert's trap term (Jéquier, Havens)
TRAP = {
    "jequier": make_trap(get_rules("jequier"), _JEQUIER.cost),
    "havens": make_trap(get_rules("havens"), _HAVENS.cost),
}


def tuned_as(variant: str) -> str:
    """The rule set whose tuning (terms, weights, node budget) serves ``variant``: its
    own, or the one it names (Kendall's house rules use Kendall's)."""
    return get_rules(variant).tuning or variant


def weighed_as(variant: str) -> str:
    """The key of Expert's weights (``EXPERT_WEIGHTS``) for ``variant``: the rule set's own
    choice (``Rules.expert_weights``: Kendall with five pieces has its own), else its tuning's."""
    return get_rules(variant).expert_weights or tuned_as(variant)


def default_nodes(rules) -> int:
    """The Expert's node budget in a rule set (Kendall's house rules take Kendall's)."""
    return DEFAULT_NODES[rules.tuning or rules.name]


def review_nodes(rules) -> int:
    """The review's node budget in a rule set (Kendall's house rules take Kendall's)."""
    return REVIEW_NODES[rules.tuning or rules.name]


# The same words on a scale made for each rule set from its own players' error per
# decision (tools/review_scale.py, its rule in proposed_scale; docs/review.md "A scale
# made for Senet"): master's bound lies at most half the best measured game of a player
# who always moves the first movable piece (but for a Havens game of few decisions and
# no loss, which the rule below holds at master), world class's at most half master's.
REVIEW_SCALES = {
    "kendall": ((0.0002, "flawless"), (0.0009, "world_class"), (0.0018, "master"), (0.0034, "advanced"),
                (0.0062, "intermediate"), (0.0123, "casual"), (None, "beginner")),
    "jequier": ((0.0001, "flawless"), (0.0006, "world_class"), (0.0011, "master"), (0.0019, "advanced"),
                (0.0065, "intermediate"), (0.013, "casual"), (None, "beginner")),
    "tait": ((0.0001, "flawless"), (0.0003, "world_class"), (0.0006, "master"), (0.0011, "advanced"),
             (0.012, "intermediate"), (0.0241, "casual"), (None, "beginner")),
    "bell": ((0.0004, "flawless"), (0.0018, "world_class"), (0.0036, "master"), (0.0042, "advanced"),
             (0.0042, "intermediate"), (0.0083, "casual"), (None, "beginner")),
    "thibault": ((0.0003, "flawless"), (0.001, "world_class"), (0.0021, "master"), (0.0042, "advanced"),
                 (0.0089, "intermediate"), (0.0183, "casual"), (None, "beginner")),
    "havens": ((0.0001, "flawless"), (0.0001, "world_class"), (0.0001, "master"), (0.0023, "advanced"),
               (0.0063, "intermediate"), (0.0126, "casual"), (None, "beginner")),
    "piccione": ((0.0014, "flawless"), (0.0054, "world_class"), (0.0111, "master"), (0.0163, "advanced"),
                 (0.0278, "intermediate"), (0.0557, "casual"), (None, "beginner")),
}
