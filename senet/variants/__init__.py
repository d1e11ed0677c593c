"""The rule sets, one module each, and the registry that finds them by name.

A name is a rule set's (``VARIANTS``), or Kendall's with house rules after it
(``kendall+five+trap``, KO1-KO4; senet/variants/kendall.py checks them).
"""

from ..errors import PositionError, shown
from ..rules import Rules
from .bell import Bell
from .havens import Havens
from .jequier import Jequier
from .kendall import OPTIONS, Kendall
from .piccione import Piccione
from .tait import Tait
from .thibault import Thibault

_ALL = (Kendall(), Jequier(), Tait(), Bell(), Thibault(), Havens(), Piccione())
_RULES = {r.name: r for r in _ALL}
VARIANTS = tuple(r.name for r in _ALL)  # in this order everywhere (a dict's is not, in MicroPython)
DEFAULT_VARIANT = Kendall.name  # the rule set of a first game, of the tutorial and of a new setup
KENDALL_OPTIONS = OPTIONS  # KO1-KO4, in the order they are written


def get_rules(name: str) -> Rules:
    """The rule set called ``name``; raises PositionError with one line for an unknown
    name, or house rules that are unknown, out of order or on a rule set without them."""
    rules = _RULES.get(name) if isinstance(name, str) else None
    if rules is None:
        if isinstance(name, str) and "+" in name:
            base, _, rest = name.partition("+")
            plain = _RULES.get(base) if base in VARIANTS else None
            if plain is not None and not plain.house_rules:
                having = [r for r in _ALL if r.house_rules]
                raise PositionError(f"only {', '.join(r.name for r in having)} "
                                    f"{'has' if len(having) == 1 else 'have'} house rules "
                                    f"(+{', +'.join(having[0].house_rules)}), not {base}")
            if plain is not None:
                rules = plain.with_house_rules(rest)
                if len(_RULES) < 64:
                    _RULES[name] = rules
                return rules
        raise PositionError(f"unknown variant '{shown(name)}' (choose from {', '.join(VARIANTS)})")
    return rules


def is_rule_set_name(name) -> bool:
    """``name`` is a rule set's name as written everywhere (a VARIANTS name, or
    Kendall's with known house rules in their order): what statistics keys and saves hold."""
    if name in _RULES:
        return True
    try:
        return get_rules(name).name == name
    except PositionError:
        return False


def base_name(name: str) -> str:
    """The VARIANTS name a rule set's name is built on: "kendall" for ``kendall+five``
    (its rules page, its place in a list); the name itself for the others."""
    return name.partition("+")[0]
