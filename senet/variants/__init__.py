"""The rule sets, one module each, and the registry that finds them by name."""

from ..errors import PositionError, shown
from ..state import Rules
from .bell import Bell
from .havens import Havens
from .jequier import Jequier
from .kendall import Kendall
from .tait import Tait
from .thibault import Thibault

_ALL = (Kendall(), Jequier(), Tait(), Bell(), Thibault(), Havens())
_RULES = {r.name: r for r in _ALL}
VARIANTS = tuple(r.name for r in _ALL)  # in this order everywhere (a dict's is not, in MicroPython)


def get_rules(name: str) -> Rules:
    rules = _RULES.get(name) if isinstance(name, str) else None
    if rules is None:
        raise PositionError(f"unknown variant '{shown(name)}' (choose from {', '.join(VARIANTS)})")
    return rules
