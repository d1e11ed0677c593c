"""Command line: ``python -m senet moves "POSITION"``, ``python -m senet play "POSITION" MOVE``
``python -m senet review RECORD`` (senet.commands.review), ``python -m senet exact "POSITION"``
(senet.commands.exact) and ``python -m senet verify RECORD`` (a file, or ``-`` for standard
input). ``python -m senet --help`` and ``python -m senet COMMAND --help`` say the rest;
argparse reads the arguments (senet.commands.parser: a refusal is one line, exit status 2).

``--lang LANG`` (anywhere among the arguments), else the environment's LANGUAGE or LANG
("fr_FR.UTF-8" is French), chooses the language of the words a person reads (the
review's table, verify's verdict); English when the catalogs have no such language. What a program reads
stays the same in every language: positions and moves in notation, JSON, records."""

import argparse
import os
import sys

from ..errors import SenetError
from ..notation import parse_position
from .parser import OneLineParser
from .said import cannot_read, fail, said

USAGE = ('python -m senet [--lang LANG] moves "POSITION" | python -m senet play "POSITION" MOVE'
         ' | python -m senet review RECORD [--nodes N] [--json]'
         ' | python -m senet exact "POSITION" [--json]'
         ' | python -m senet verify RECORD')
POSITION_HELP = 'a position in notation (docs/notation.md), one argument: quote it'


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
        return fail(cannot_read(path, exc))
    verdict = verify_record(text)
    said = verdict_text(current(), verdict)  # in the words in use (--lang, LANGUAGE, LANG)
    if verdict.status == INVALID:
        return fail(said)
    print(said)
    return 0 if verdict.ok else 1


def moves(options) -> int:
    """Print the legal actions of a position, one a line."""
    try:
        state = parse_position(options.position)
    except SenetError as exc:
        return fail(said(exc, "error.position"))
    for move in state.legal_actions() if state.throw is not None else state.pre_throw_actions():
        print(move)
    return 0


def play(options) -> int:
    """Print the position after a move, and the winner (or "draw") when it ends the game."""
    try:
        state = parse_position(options.position)
    except SenetError as exc:
        return fail(said(exc, "error.position"))
    try:
        state = state.apply(options.move)
    except SenetError as exc:
        return fail(said(exc, "error.move"))
    print(state.position())
    winner = state.winner
    if winner == "draw":
        print("draw")
    elif winner:
        print(f"winner {winner}")
    return 0


def parser() -> OneLineParser:
    """The whole command line: one subcommand a duty, each with its --help."""
    from . import exact, review

    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", metavar="LANG",
                      help="the language of the words a person reads (en, fr, de, ar); else LANGUAGE or LANG")
    top = OneLineParser(prog="python -m senet", usage=USAGE, parents=[lang],
                        description="Senet's rules engine on the command line: positions and moves in notation "
                                    "(docs/notation.md), records, reviews and the endgame tables.",
                        epilog="python -m senet COMMAND --help describes a command.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name, run, usage, summary, too_many="") -> OneLineParser:
        sub = commands.add_parser(name, prog=f"python -m senet {name}", usage=f"python -m senet {usage}",
                                  help=summary, description=summary, parents=[lang], too_many=too_many)
        sub.set_defaults(run=run, parser=sub)
        return sub

    sub = command("moves", moves, 'moves "POSITION"',
                  "the legal actions of a position, one a line (before a throw: throw, or rescue)")
    sub.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    sub = command("play", play, 'play "POSITION" MOVE',
                  "the position after a move (and 'winner w', 'winner b' or 'draw' when the game ends)")
    sub.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    sub.add_argument("move", metavar="MOVE", help="a move in notation: 14-18, in-4, 26-off, pass, rescue")
    sub = command("verify", lambda options: verify(options.record), "verify RECORD",
                  "whether a record's committed throws check out: exit status 0 verified, 1 not, "
                  "2 unreadable", too_many="one record at a time ('{extra}' is one too many)")
    sub.add_argument("record", metavar="RECORD", help="a game record: a file, or - for standard input")
    sub = command("review", review.run, "review RECORD [--nodes N] [--json]", review.SUMMARY,
                  too_many="one record at a time ('{extra}' is one too many)")
    review.configure(sub)
    sub = command("exact", exact.run, 'exact "POSITION" [--json]', exact.SUMMARY)
    exact.configure(sub)
    return top


def main(argv: list[str] | None = None) -> int:
    args, lang = language(sys.argv[1:] if argv is None else argv)
    use_language(lang)
    try:
        options, extra = parser().parse_known_args(args)
        if extra:  # said by the command's parser, which knows its own options
            options.parser.error("unrecognized arguments: " + " ".join(extra))
    except SystemExit as stop:  # --help (0), or a refusal already printed (2)
        return stop.code
    return options.run(options)
