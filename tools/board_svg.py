"""A drawing of a rule set's board for the information pages: its start position and the
squares its rules give a part to play, as inline SVG, asked of the engine.

``tools/build.py`` puts ``figure(name)`` where a page holds ``<!-- board-drawing: NAME -->``.
Everything comes from ``senet.start(name)`` and the rule set's queries (docs/engine-api.md,
"Rule-set queries"); nothing here knows one rule set from another. The pieces carry
``data-square`` and ``data-colour``, the trays ``data-count``, so a test can read the
drawing back and compare it with the engine (tests/engine/test_board_svg.py).

    python3 tools/board_svg.py kendall > kendall.svg
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import senet
from senet.board import square_cell
from senet.words.game import rules_title

COLOURS = {"w": "white", "b": "black"}
BOARD_H = 300
TRAY_Y, TRAY_H = 314, 86
HEIGHT = TRAY_Y + TRAY_H
# The parts a square may play, in the order a square shows them (the first gives its
# colour); the words of each are the catalog's pages.board.part.<part>, its letter on the
# drawing pages.board.mark.<part> (the water's is a wave in every language).
PARTS = ("water", "rebirth", "gate", "safe", "leave", "entry")


# A side's start in words: (its pieces on the board, on the board and in the supply, in
# the supply alone), and the words when it moves first.
START_WORDS = {"white": ("pages.board.white_on", "pages.board.white_on_supply", "pages.board.white_supply"),
               "black": ("pages.board.black_on", "pages.board.black_on_supply", "pages.board.black_supply")}
FIRST_WORDS = {"white": "pages.board.first_white", "black": "pages.board.first_black"}


def _mark(words, part: str) -> str:
    return "~" if part == "water" else words.t("pages.board.mark." + part)


def _squares(words, squares) -> str:
    return words.t("pages.board.comma").join(map(str, squares))


def square_parts(rules) -> dict[int, list[str]]:
    """The parts the rule set gives to squares: {square: [part, ...]} (PARTS' order)."""
    found = {
        "water": {rules.water_square} - {None},
        "rebirth": {rules.rescue_target} - {None},
        "gate": {rules.gate_square} - {None},
        "safe": set(rules.safe_squares),
        "leave": set(rules.bear_off_only_squares),
        "entry": ({rules.entry_square(t) for t in rules.throw_values} - {None}) if rules.has_supply else set(),
    }
    out: dict[int, list[str]] = {}
    for part in PARTS:
        for n in sorted(found[part]):
            out.setdefault(n, []).append(part)
    return out


def _centre(n: int) -> tuple[int, int]:
    row, col = square_cell(n)
    return 100 * col + 50, 100 * row + 50


def _words(words, rules, state) -> str:
    """The drawing in words (its <desc>)."""
    parts = []
    first = COLOURS.get(state.side)
    for i, colour in enumerate("wb"):
        squares = state.pieces(colour)
        on, on_supply, supply = START_WORDS[COLOURS[colour]]
        if not rules.has_supply:
            parts.append(words.t(on, squares=_squares(words, squares)))
        elif squares:
            parts.append(words.n(on_supply, state.supply[i], squares=_squares(words, squares)))
        else:
            parts.append(words.n(supply, state.supply[i]))
    parts.append(words.t("pages.board.run_down" if rules.direction < 0 else "pages.board.run_up"))
    if first and not state.flag("opening"):
        parts.append(words.t(FIRST_WORDS[first]))
    return " ".join(parts)


def _english():
    from senet.words import words

    return words()


def svg(name: str, words=None) -> str:
    """The board of the rule set ``name`` at its start, as an <svg> element, in the words
    ``words`` (a senet.words.Words; English when None)."""
    words = words or _english()
    rules = senet.get_rules(name)
    state = senet.start(name)
    parts = square_parts(rules)
    out = [f'<svg class="board-drawing" viewBox="0 0 1000 {HEIGHT}" role="img" '
           f'aria-labelledby="board-{name}-title board-{name}-desc" data-variant="{escape(name)}">',
           f'<title id="board-{name}-title">{escape(words.t("pages.board.title", rules=rules_title(words, rules)))}</title>',
           f'<desc id="board-{name}-desc">{escape(_words(words, rules, state))}</desc>',
           f'<rect class="frame" x="0" y="0" width="1000" height="{BOARD_H}" rx="10"/>']
    for n in range(1, 31):
        row, col = square_cell(n)
        kinds = parts.get(n, [])
        cls = "sq" + (f" part-{kinds[0]}" if kinds else "")
        out.append(f'<rect class="{cls}" data-n="{n}" x="{100 * col + 4}" y="{100 * row + 4}" '
                   f'width="92" height="92" rx="5"/>')
        out.append(f'<text class="num" x="{100 * col + 12}" y="{100 * row + 28}">{n}</text>')
        if kinds:  # the parts' letters in the bottom right corner, clear of a piece
            out.append(f'<text class="part" x="{100 * col + 90}" y="{100 * row + 88}">'
                       f'{escape("".join(_mark(words, k) for k in kinds))}</text>')
    for colour in "wb":
        for n in state.pieces(colour):
            x, y = _centre(n)
            out.append(f'<circle class="piece {COLOURS[colour]}" data-square="{n}" '
                       f'data-colour="{COLOURS[colour]}" cx="{x + 4}" cy="{y + 4}" r="30"/>')
    if rules.has_supply:
        for i, (colour, x) in enumerate((("w", 0), ("b", 506))):
            count = state.supply[i]
            out.append(f'<rect class="tray {COLOURS[colour]}" data-tray="{COLOURS[colour]}" data-count="{count}" '
                       f'x="{x}" y="{TRAY_Y}" width="494" height="{TRAY_H}" rx="10"/>')
            for k in range(count):
                out.append(f'<circle class="piece {COLOURS[colour]} waiting" cx="{x + 40 + k * 44}" '
                           f'cy="{TRAY_Y + TRAY_H / 2:g}" r="20"/>')
    out.append("</svg>")
    return "\n".join(out)


def legend(name: str, words=None) -> str:
    """What the letters on the squares mean, for the parts this rule set has."""
    words = words or _english()
    rules = senet.get_rules(name)
    parts = square_parts(rules)
    items = []
    for part in PARTS:
        squares = sorted(n for n, kinds in parts.items() if part in kinds)
        if squares:
            text = words.n("pages.board.legend", len(squares), squares=_squares(words, squares),
                           part=words.t("pages.board.part." + part))
            items.append(f'<li><span class="key part-{part}" aria-hidden="true">{escape(_mark(words, part))}</span> '
                         f'{escape(text, quote=False)}</li>')
    if rules.has_supply:
        white, black = senet.start(name).supply
        items.append(f'<li>{escape(words.t("pages.board.supply", white=white, black=black), quote=False)}</li>')
    return '<ul class="board-legend">\n' + "\n".join(items) + "\n</ul>" if items else ""


def figure(name: str, words=None) -> str:
    """The drawing with its caption and legend, as the pages show it, in the words
    ``words`` (English when None)."""
    words = words or _english()
    rules = senet.get_rules(name)
    caption = escape(words.t("pages.board.caption", rules=rules_title(words, rules)), quote=False)
    return (f'<figure class="board-figure">\n{svg(name, words)}\n<figcaption>{caption}</figcaption>\n'
            f'{legend(name, words)}\n</figure>')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", metavar="NAME", choices=senet.VARIANTS,
                        help=f"the rule set to draw, one of {', '.join(senet.VARIANTS)}")
    print(svg(parser.parse_args(argv).name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
