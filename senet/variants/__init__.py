"""The rule sets, one module each, and the registry that finds them by name."""

from ..errors import PositionError
from ..state import Rules
from .bell import Bell
from .havens import Havens
from .jequier import Jequier
from .kendall import Kendall
from .tait import Tait
from .thibault import Thibault

_RULES: dict[str, Rules] = {r.name: r for r in (Kendall(), Jequier(), Tait(), Bell(), Thibault(), Havens())}
VARIANTS: tuple[str, ...] = tuple(_RULES)


def get_rules(name: str) -> Rules:
    try:
        return _RULES[name]
    except KeyError:
        raise PositionError(
            f"unknown variant '{name}' (choose from {', '.join(VARIANTS)})"
        ) from None
