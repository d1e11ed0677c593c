"""Small classes of named fields, in place of dataclasses (which MicroPython lacks).

A subclass lists its fields in ``__slots__`` and sets them in ``__init__`` (a frozen
one through ``_init``); it then compares, hashes (when frozen) and prints by those
fields, and ``value.replace(name=new)`` returns a copy with some of them changed
(what ``dataclasses.replace`` did). The same code runs in CPython, Pyodide and
MicroPython.
"""


class Value:
    """Named fields, compared by value; ``__slots__`` names them, in order."""

    __slots__ = ()

    def values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    def replace(self, **changes):
        """A copy with the fields named in ``changes`` set to the given values."""
        fields = self.as_dict()
        for name in changes:
            if name not in fields:
                raise TypeError(f"{type(self).__name__} has no field '{name}'")
        fields.update(changes)
        return type(self)(**fields)

    def __eq__(self, other):
        return type(other) is type(self) and other.values() == self.values()

    def __ne__(self, other):
        return not self == other

    __hash__ = None  # mutable: not hashable (as a dataclass that is not frozen)

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class FrozenValue(Value):
    """A Value whose fields cannot be set once made (use ``replace``); hashable."""

    __slots__ = ()

    def _init(self, *values) -> None:
        """Set every field, in the order of ``__slots__`` (for ``__init__``)."""
        for name, value in zip(self.__slots__, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen: use replace({name}=...)")

    def __hash__(self):
        return hash(self.values())
