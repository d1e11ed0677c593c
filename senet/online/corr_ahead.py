"""How far past the throw due a device may reveal its contribution (docs/online.md,
"Fair throws, in as few links as the rule allows"): past a throw whose every possible
value leaves only forced actions (a lone move, a pass) before the next throw, and so on
from each of those next throws, at most ``limit`` throws past the one due.

    forced_throws(state, limit) -> how many throws after the one due in ``state``

Nobody has a decision before a throw counted here, whatever the throws before it turn
out to be, so the player who learns it early can do nothing with it.
"""

from ..state import CHANCE
from ..turns import CHOICE, OVER, after_throw, step


def forced_throws(state, limit):
    """The number of throws after the one due in ``state`` (a throw due, no choice left
    before it) that follow it through forced actions only, whatever the values of the
    throws between: 0 when a value of the throw due leads to a choice."""
    if limit <= 0:
        return 0
    least = limit
    for value in state.rules.throw_values:
        s = after_throw(state, value)
        while True:
            kind, action = step(s)
            if kind == OVER:
                break  # no throw after: any depth is as good
            if kind == CHOICE:
                return 0
            if kind == CHANCE:
                least = min(least, 1 + forced_throws(s, least - 1))
                break
            s = s.apply(action)  # a forced action, THROW where no rescue is offered
        if least == 0:
            return 0
    return least
