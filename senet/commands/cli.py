"""Command line: ``python -m senet moves "POSITION"``, ``python -m senet play "POSITION" MOVE``
``python -m senet review RECORD`` (senet.commands.review), ``python -m senet exact "POSITION"``
(senet.commands.exact) and ``python -m senet verify RECORD`` (a file, or ``-`` for standard
input).

``--lang LANG`` (anywhere among the arguments), else the environment's LANGUAGE or LANG
("fr_FR.UTF-8" is French), chooses the language of the words a person reads (the
review's table, verify's verdict); English when the catalogs have no such language. What a program reads
stays the same in every language: positions and moves in notation, JSON, records."""

import os
import sys

from ..errors import SenetError
from ..notation import parse_position

USAGE = ('usage: python -m senet [--lang LANG] moves "POSITION" | python -m senet play "POSITION" MOVE'
         ' | python -m senet review RECORD [--nodes N] [--json]'
         ' | python -m senet exact "POSITION" [--json]'
         ' | python -m senet verify RECORD')


def language(args: list, environ=None) -> tuple:
    """(the arguments without ``--lang LANG``, the language asked for: the option's, else
    the first of LANGUAGE's list or LANG's; "en" when none names one)."""
    environ = os.environ if environ is None else environ
    rest, chosen = [], None
    i = 0
    while i < len(args):
        if args[i] == "--lang" and i + 1 < len(args):
            chosen = args[i + 1]
            i += 2
            continue
        if args[i].startswith("--lang="):
            chosen = args[i][len("--lang="):]
        else:
            rest.append(args[i])
        i += 1
    if chosen is None:
        for name in ("LANGUAGE", "LANG"):
            value = environ.get(name, "")
            if value:
                chosen = value.split(":")[0]
                break
    base = (chosen or "en").split(".")[0].split("_")[0].split("-")[0].lower()
    return rest, base if base not in ("c", "posix", "") else "en"


def use_language(lang: str) -> str:
    """The words in use: ``lang``'s, or English's when there is no catalog of it."""
    from .. import words

    try:
        words.use(words.load(lang))
    except (KeyError, ValueError):
        words.use(words.words())
    return words.lang()


def verify(path: str) -> int:
    """Print whether a record's committed throws (or, for a game between two devices, both
    players' contributions) check out (senet.verify): exit code 0 when
    verified, 1 when not (or not verifiable), 2 when the record cannot be read at all."""
    from ..verify import INVALID, verify_record
    from ..words import current
    from ..words.game import verdict_text

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    verdict = verify_record(text)
    said = verdict_text(current(), verdict)  # in the words in use (--lang, LANGUAGE, LANG)
    if verdict.status == INVALID:
        print(f"error: {said}", file=sys.stderr)
        return 2
    print(said)
    return 0 if verdict.ok else 1


def main(argv: list[str] | None = None) -> int:
    args, lang = language(sys.argv[1:] if argv is None else argv)
    use_language(lang)
    if args and args[0] == "review":  # python -m senet review RECORD [--nodes N] [--json]
        from .review import main as review_main

        return review_main(args[1:])
    if args and args[0] == "exact":  # python -m senet exact "POSITION" [--json]
        from .exact import main as exact_main

        return exact_main(args[1:])
    if len(args) == 2 and args[0] == "verify":
        return verify(args[1])
    try:
        if len(args) == 2 and args[0] == "moves":
            state = parse_position(args[1])
            moves = state.legal_actions() if state.throw is not None else state.pre_throw_actions()
            for move in moves:
                print(move)
            return 0
        if len(args) == 3 and args[0] == "play":
            state = parse_position(args[1]).apply(args[2])
            print(state.position())
            winner = state.winner
            if winner == "draw":
                print("draw")
            elif winner:
                print(f"winner {winner}")
            return 0
    except SenetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(USAGE, file=sys.stderr)
    return 2
