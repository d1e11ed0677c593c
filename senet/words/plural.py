"""The plural rules of the languages the words may be in: which form of a plural message
a count takes. A catalog names its rule: a PO catalog by its header's Plural-Forms (the
expression gettext evaluates, matched here to one of these rules), a compiled catalog
(senet/words/<lang>.json) by the rule's name.

Each rule is (number of forms, the Plural-Forms expression, the form of a count).
"""


def _one_other(n):
    return 0 if n == 1 else 1


def _zero_one_other(n):  # French: 0 and 1 take the first form
    return 0 if n <= 1 else 1


def _arabic(n):
    if n == 0:
        return 0
    if n == 1:
        return 1
    if n == 2:
        return 2
    if 3 <= n % 100 <= 10:
        return 3
    if n % 100 >= 11:
        return 4
    return 5


RULES = {
    "en": (2, "(n != 1)", _one_other),
    "fr": (2, "(n > 1)", _zero_one_other),
    "ar": (6, "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)", _arabic),
}


# The rule of each language of the site (German counts as English does).
OF_LANGUAGE = {"en": "en", "de": "en", "fr": "fr", "ar": "ar"}


def _plain(text: str) -> str:
    return "".join(text.split())


def rule_of_header(plural_forms: str):
    """The name of the rule a PO header's Plural-Forms states ("nplurals=2; plural=(n != 1);"
    is "en"), None when it is none of RULES. Spaces and the last ";" do not count."""
    text = _plain(plural_forms).rstrip(";")
    for name in RULES:  # a dict's order does not matter here: the expressions differ
        count, expression, _ = RULES[name]
        if text == f"nplurals={count};plural={_plain(expression)}":
            return name
    return None


def form(rule: str, count: int) -> int:
    """The index of the plural form ``count`` takes under the rule ``rule``."""
    return RULES[rule][2](count)
