"""senet.rating: Glicko-2 against Glickman's worked example and against an independent,
straightforward implementation written here (bisection instead of the Illinois method)."""

import math

from senet.rating import MAX_RD, Rating, expected, idle, update


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won),
    1550/100 (lost), 1700/300 (lost), tau 0.5 -> 1464.06, RD 151.52, volatility 0.05999
    (the paper rounds its intermediate values: the exact figure is 1464.05)."""
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                        (Rating(1700, 300), 0.0)])
    assert abs(r.rating - 1464.06) < 0.02
    assert abs(r.rd - 151.52) < 0.01
    assert abs(r.volatility - 0.05999) < 0.00001


def _reference(r, rd, vol, games, tau=0.5):
    """Glicko-2 step by step as the paper states it; the volatility by bisection on f."""
    mu, phi = (r - 1500) / 173.7178, rd / 173.7178
    g = [1 / math.sqrt(1 + 3 * (ord_ / 173.7178) ** 2 / math.pi ** 2) for _, ord_, _ in games]
    e = [1 / (1 + math.exp(-gj * (mu - (rj - 1500) / 173.7178))) for gj, (rj, _, _) in zip(g, games)]
    v = 1 / sum(gj ** 2 * ej * (1 - ej) for gj, ej in zip(g, e))
    delta = v * sum(gj * (s - ej) for gj, ej, (_, _, s) in zip(g, e, games))
    a = math.log(vol ** 2)

    def f(x):
        return (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x)) / (2 * (phi ** 2 + v + math.exp(x)) ** 2)
                - (x - a) / tau ** 2)

    lo, hi = a - 20.0, a + 20.0  # f falls from + to -: bisect
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    vol2 = math.exp(lo / 2)
    phi_star = math.sqrt(phi ** 2 + vol2 ** 2)
    phi2 = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * sum(gj * (s - ej) for gj, ej, (_, _, s) in zip(g, e, games))
    return 173.7178 * mu2 + 1500, 173.7178 * phi2, vol2


def test_a_seeded_series_of_games_matches_the_reference():
    """200 games, one a rating period, against opponents and with results drawn from a
    seeded generator: every step agrees with the reference to 1e-4 rating points (the
    Illinois iteration stops at EPSILON = 1e-6 on the log scale, the bisection later)."""
    x = 12345
    mine = Rating()
    ref = (1500.0, 350.0, 0.06)
    for _ in range(200):
        x = (x * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        opp = Rating(1200 + (x >> 40) % 700, 20 + (x >> 20) % 200)
        score = ((x >> 10) % 3) / 2
        mine = update(mine, [(opp, score)])
        ref = _reference(*ref, [(opp.rating, opp.rd, score)])
        assert abs(mine.rating - ref[0]) < 1e-4 and abs(mine.rd - ref[1]) < 1e-4
        assert abs(mine.volatility - ref[2]) < 1e-7


def test_the_deviation_grows_while_idle_and_never_past_a_newcomers():
    r = Rating(1600, 60, 0.06)
    assert idle(r, 0) == r
    later = idle(r, 30)
    assert later.rating == 1600 and later.rd > 60
    assert abs(later.rd - 173.7178 * math.sqrt((60 / 173.7178) ** 2 + 30 * 0.06 ** 2)) < 1e-9
    assert idle(r, 10 ** 6).rd == MAX_RD
    assert update(r, []).rd > r.rd  # a period without games


def test_expected_scores_and_a_results_direction():
    a, b = Rating(1700, 50), Rating(1500, 50)
    assert 0.5 < expected(a, b) < 1 and abs(expected(a, a) - 0.5) < 1e-12
    assert update(b, [(a, 1.0)]).rating > b.rating > update(b, [(a, 0.0)]).rating
    # a result against a less certain opponent moves the rating less
    sure, unsure = Rating(1500, 30), Rating(1500, 300)
    assert update(b, [(sure, 1.0)]).rating > update(b, [(unsure, 1.0)]).rating
