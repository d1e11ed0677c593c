"""A computer level's name inside a sentence, with the article and contraction its
language gives it: French says « Au tour de l’Expert », « Au tour du Novice »,
« L’Expert vous a battu », never « Au tour de Expert ».

A seat's name is data ("Expert", "Expert 1"), shown alone on the board and in the lists;
only when a message puts it into a sentence does the catalog's form for that place
replace it: ``names.level.<level>.of`` after the language's ``names.level.word_of``
("de"), ``.to`` after ``names.level.word_to`` ("à"), ``.the`` anywhere else, its first
letter a capital at the start of a sentence. A language whose names need no article
gives the bare name as each form (English, German), or the name with its article as the
name itself (Arabic's "الخبير"), and nothing changes.

Pure Python for CPython, Pyodide and MicroPython.
"""

LEVELS = ("novice", "average", "expert")  # senet.ai.LEVELS (not imported: the engine's words stay apart)

SECTION = "names"  # every key below is of this section of a compiled catalog (senet.words.Sections)
# Every key spelled out, so that tools/words.py finds each one in the code.
KIND = {"novice": "names.kind.novice", "average": "names.kind.average", "expert": "names.kind.expert"}
FORMS = {
    "novice": {"the": "names.level.novice.the", "of": "names.level.novice.of", "to": "names.level.novice.to"},
    "average": {"the": "names.level.average.the", "of": "names.level.average.of", "to": "names.level.average.to"},
    "expert": {"the": "names.level.expert.the", "of": "names.level.expert.of", "to": "names.level.expert.to"},
}
WORDS = {"of": "names.level.word_of", "to": "names.level.word_to"}
ENDS = ".!?…"  # the end of a sentence before a name: the next word takes a capital


def _level_of(value: str, names: dict):
    """(level, rest) when ``value`` is a level's name ("Expert") or a numbered one
    ("Expert 1": rest " 1"), else None."""
    for level, name in names.items():
        if value == name:
            return level, ""
        if value.startswith(name + " ") and value[len(name) + 1:].isdigit():
            return level, value[len(name):]
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _form(message: str, at: int, level: str, look) -> tuple:
    """(start, text): where the name's words begin in ``message`` (before ``at``, the
    field's place, when a preposition goes into them) and the level's form there."""
    before = message[:at]
    low = before.lower()
    for which in ("of", "to"):
        word = look(WORDS[which])
        if not isinstance(word, str) or not word:
            continue
        word = word.lower() + " "
        if low == word or low.endswith(" " + word):
            start = at - len(word)
            text = look(FORMS[level][which])
            if isinstance(text, str) and message[start:start + 1].isupper():
                text = _capital(text)
            return start, text
    text = look(FORMS[level]["the"])
    stripped = before.rstrip()
    if isinstance(text, str) and (not stripped or stripped[-1] in ENDS):
        text = _capital(text)
    return at, text


def place(message: str, args: dict, look) -> str:
    """``message`` with each field whose argument is a level's name written out in the
    level's form for its place (a preposition the form includes taken out of the
    message; braces in it doubled, so the message still formats). ``look(key)`` gives a
    message of the language, None when it has none."""
    names = {}
    for level in LEVELS:
        name = look(KIND[level])
        if isinstance(name, str):
            names[level] = name
    if not names:
        return message
    for key, value in args.items():
        if not isinstance(value, str):
            continue
        found = _level_of(value, names)
        if found is None:
            continue
        level, rest = found
        field = "{" + key + "}"
        at = message.find(field)
        while at >= 0:
            start, text = _form(message, at, level, look)
            if not isinstance(text, str):
                break
            text = (text + rest).replace("{", "{{").replace("}", "}}")
            message = message[:start] + text + message[at + len(field):]
            at = message.find(field, start + len(text))
    return message
