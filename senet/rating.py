"""Glicko-2 ratings: a player's strength with its uncertainty (Glickman, "Example of the
Glicko-2 system", 2013).

    from senet.rating import Rating, update, expected
    r = Rating()                                   # 1500, RD 350, volatility 0.06
    r = update(r, [(Rating(1400, 30), 1.0)])       # one rating period: (opponent, score) pairs
    r.rating, r.rd, r.volatility                   # the new rating, its deviation, its volatility
    r = idle(r, periods)                           # the deviation grown over idle rating periods
    expected(a, b)                                 # a's expected score against b (0..1)

Why Glicko-2 and not Elo: a rating on one device rests on few games, months apart. Elo
gives a number and no idea how far to trust it, and moves it by the same step whether
the player has played 3 games or 300. Glicko-2 keeps a rating deviation (RD): it starts
wide (350), narrows with each game, and widens again while the player does not play
(``idle``), so a player who comes back after a pause moves faster towards their
present strength; the chart draws it as a band (rating +- 2 RD, about 95%). Its
volatility says how erratic the player's results are, and lets the deviation of an
erratic player stay wider. An opponent's own RD counts too: a result against a computer
level whose rating is less certain moves the player's less. The scale is Elo's (a
400-point difference is 10 to 1 odds), so the levels' ratings fitted Elo-style
(tools/calibrate_levels.py) are read on it directly.

Pure Python (math only): the page's MicroPython runs it as CPython does.
"""

import math

SCALE = 173.7178  # Glicko-2's factor between the Glicko scale and its own (400 / ln 10)
START = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
MAX_RD = 350.0  # the deviation never grows past a newcomer's
TAU = 0.5  # the system constant: how fast the volatility may change (Glickman: 0.3 to 1.2)
EPSILON = 0.000001  # the convergence tolerance of the volatility's iteration


class Rating:
    """A rating (Glicko scale), its deviation RD and its volatility."""

    __slots__ = ("rating", "rd", "volatility")

    def __init__(self, rating=START, rd=START_RD, volatility=START_VOLATILITY):
        self.rating = float(rating)
        self.rd = float(rd)
        self.volatility = float(volatility)

    def __repr__(self):
        return f"Rating({self.rating:.2f}, {self.rd:.2f}, {self.volatility:.6f})"

    def __eq__(self, other):
        return (isinstance(other, Rating) and self.rating == other.rating and self.rd == other.rd
                and self.volatility == other.volatility)

    def low(self):
        """The band's lower edge: rating - 2 RD (about 95%)."""
        return self.rating - 2.0 * self.rd

    def high(self):
        """The band's upper edge: rating + 2 RD."""
        return self.rating + 2.0 * self.rd


def _g(phi):
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu, mu_j, phi_j):
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(a, b):
    """a's expected score against b (a draw counting one half), b's RD taken into account."""
    return _e((a.rating - START) / SCALE, (b.rating - START) / SCALE, b.rd / SCALE)


def idle(r, periods):
    """``r`` after ``periods`` rating periods without a game: the deviation grows by the
    volatility each period (step 6 of Glicko-2), up to MAX_RD; the rating stays."""
    if periods <= 0:
        return Rating(r.rating, r.rd, r.volatility)
    phi = r.rd / SCALE
    phi = math.sqrt(phi * phi + periods * r.volatility * r.volatility)
    return Rating(r.rating, min(MAX_RD, phi * SCALE), r.volatility)


def _volatility(phi, sigma, delta, v, tau):
    """Step 5: the new volatility (the Illinois algorithm of Glickman's paper)."""
    a = math.log(sigma * sigma)
    d2 = delta * delta
    p2 = phi * phi

    def f(x):
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    steps = 0
    while abs(big_b - big_a) > EPSILON and steps < 100:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa = fa / 2.0
        big_b, fb = c, fc
        steps += 1
    return math.exp(big_a / 2.0)


def update(r, results, tau=TAU):
    """``r`` after one rating period whose games are ``results``: (opponent Rating, score)
    pairs, score 1 for a win, 0.5 for a draw, 0 for a loss. No games: ``idle(r, 1)``."""
    if not results:
        return idle(r, 1)
    mu = (r.rating - START) / SCALE
    phi = r.rd / SCALE
    v_inv = 0.0
    total = 0.0
    for opp, score in results:
        mu_j = (opp.rating - START) / SCALE
        g = _g(opp.rd / SCALE)
        e = _e(mu, mu_j, opp.rd / SCALE)
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    sigma = _volatility(phi, r.volatility, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + START, min(MAX_RD, phi_new * SCALE), sigma)


__all__ = ["MAX_RD", "Rating", "START", "START_RD", "START_VOLATILITY", "TAU", "expected", "idle", "update"]
