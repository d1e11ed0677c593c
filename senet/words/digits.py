"""The digits numbers are written in: Western (0-9) in every language but Arabic, where
the page writes the Eastern Arabic digits (٠-٩) that Egyptian print and signs use
(docs/languages.md; CLDR's numbering system of ar-EG is "arab"); and the decimal
separator between a number's whole part and its decimals: "." in English and Chinese, ","
in French, German and Spanish, "٫" in Arabic (CLDR's decimal symbols of en, zh, fr, de, es
and ar-EG).

Only numbers a player reads change: a count, a square, a throw, a score in a sentence.
The notation, the game records and a rule's clause id (K9) stay Western in every
language, so a record reads the same everywhere; ``localize`` therefore leaves a number
that is part of a word ("K9", "SHA-256") as it is. Pure Python for CPython, Pyodide and
MicroPython (no re).
"""

EASTERN_ARABIC = "٠١٢٣٤٥٦٧٨٩"
SYSTEMS = {"ar": "arab"}
# A language's decimal separator, where it is not "." (between two digits only).
DECIMAL = {"ar": "٫", "fr": ",", "de": ",", "es": ","}


def _base(lang: str) -> str:
    return (lang or "").split("-")[0].split("_")[0]


def system(lang: str) -> str:
    """The numbering system of ``lang`` (CLDR's names): "arab" or "latn"."""
    return SYSTEMS.get(_base(lang), "latn")


def decimal(lang: str) -> str:
    """The decimal separator of ``lang``: ".", "," or "٫"."""
    return DECIMAL.get(_base(lang), ".")


def plain(lang: str) -> bool:
    """Whether ``lang`` writes numbers as Python does (Western digits, a decimal point):
    nothing to change."""
    return system(lang) == "latn" and decimal(lang) == "."


def _latin(c: str) -> bool:
    return ("a" <= c <= "z") or ("A" <= c <= "Z")


def localize(text: str, lang: str) -> str:
    """``text`` with its numbers in ``lang``'s digits and decimal separator; a number
    joined to a Latin word (K9, SHA-256, in-4, v1.2) stays as it is."""
    if plain(lang):
        return text
    eastern = system(lang) == "arab"
    point = decimal(lang)
    out = []
    i, size = 0, len(text)
    while i < size:
        c = text[i]
        if not ("0" <= c <= "9"):
            out.append(c)
            i += 1
            continue
        j = i
        while j < size and (("0" <= text[j] <= "9") or (text[j] == "." and j + 1 < size and "0" <= text[j + 1] <= "9"
                                                          and j > i)):
            j += 1
        before = text[i - 1] if i else ""
        if before == "-" and i >= 2:
            before = text[i - 2]
        after = text[j] if j < size else ""
        run = text[i:j]
        if _latin(before) or _latin(after):
            out.append(run)
        else:
            out.append("".join(point if d == "." else EASTERN_ARABIC[ord(d) - 48] if eastern else d for d in run))
        i = j
    return "".join(out)


def localize_template(text: str, lang: str) -> str:
    """A message's text (str.format's) with the numbers of its words in ``lang``'s digits,
    its fields ({n}, {seconds:.1f}) as they are: a translator writes "square 27" with
    Western digits, the reader sees them as the language writes them. A language of
    Western digits keeps the text as its translator wrote it (a French "37,5 %")."""
    if system(lang) == "latn":
        return text
    if "{" not in text:
        return localize(text, lang)
    out = []
    i = 0
    while i < len(text):
        start = text.find("{", i)
        if start < 0:
            out.append(localize(text[i:], lang))
            break
        end = text.find("}", start)
        if end < 0:
            out.append(localize(text[i:], lang))
            break
        out.append(localize(text[i:start], lang))
        out.append(text[start:end + 1])
        i = end + 1
    return "".join(out)
