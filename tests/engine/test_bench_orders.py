"""`--compare` (tools/bench_compare.py, run by tools/bench_browser.py) boots its sites in
turn, in orders that weigh the machine's load on each alike: each site in each place as
often, and right after each other site as often (a Williams design)."""

from collections import Counter

import pytest
from bench_compare import balanced_orders  # tools/ is on the tests' path (pyproject.toml)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_each_site_comes_in_each_place_and_after_each_other_one_as_often(n):
    labels = [f"site {i}" for i in range(n)]
    orders = balanced_orders(labels)
    assert len(orders) == (n if n % 2 == 0 else 2 * n)
    assert all(sorted(order) == sorted(labels) for order in orders)
    places = Counter((label, place) for order in orders for place, label in enumerate(order))
    assert len(places) == n * n and len(set(places.values())) == 1
    pairs = Counter(pair for order in orders for pair in zip(order, order[1:]))
    assert len(pairs) == n * (n - 1) and len(set(pairs.values())) == 1
