"""tools/board_svg.py: the information pages' board drawings say what the engine says
(the start position, the supply, the squares' parts), and the build puts them in."""

from __future__ import annotations

import re
from pathlib import Path

import board_svg
import build
import pytest

import senet

ROOT = Path(__file__).resolve().parents[2]


def drawn_pieces(svg: str) -> dict[str, list[int]]:
    out = {"white": [], "black": []}
    for square, colour in re.findall(r'<circle class="piece [a-z]+" data-square="(\d+)" data-colour="([a-z]+)"', svg):
        out[colour].append(int(square))
    return {colour: sorted(squares) for colour, squares in out.items()}


@pytest.mark.parametrize("name", senet.VARIANTS)
def test_the_drawing_shows_the_engines_start(name):
    svg = board_svg.svg(name)
    state = senet.start(name)
    assert drawn_pieces(svg) == {"white": state.pieces("w"), "black": state.pieces("b")}
    trays = dict(re.findall(r'data-tray="([a-z]+)" data-count="(\d+)"', svg))
    rules = senet.get_rules(name)
    if rules.has_supply:
        assert trays == {"white": str(state.supply[0]), "black": str(state.supply[1])}
        waiting = len(re.findall(r'class="piece [a-z]+ waiting"', svg))
        assert waiting == sum(state.supply)
    else:
        assert trays == {}
    assert len(re.findall(r'<rect class="sq', svg)) == 30
    assert f'aria-labelledby="board-{name}-title board-{name}-desc"' in svg


@pytest.mark.parametrize("name", senet.VARIANTS)
def test_the_marked_squares_are_the_rule_sets(name):
    rules = senet.get_rules(name)
    parts = board_svg.square_parts(rules)
    svg = board_svg.svg(name)
    if rules.water_square is not None:
        assert "water" in parts[rules.water_square]
        assert f'<rect class="sq part-water" data-n="{rules.water_square}"' in svg
    assert {n for n, kinds in parts.items() if "safe" in kinds} == set(rules.safe_squares)
    assert ({n for n, kinds in parts.items() if "gate" in kinds} == {rules.gate_square} - {None})
    legend = board_svg.legend(name)
    for kinds in parts.values():
        for kind in kinds:
            assert f'class="key part-{kind}"' in legend
    assert not re.search(r"\b[A-Z]{1,2}\d+\b", board_svg.figure(name))  # no clause codes


def test_the_build_draws_the_marked_boards_and_refuses_an_unknown_one():
    page = build.with_board_drawings("<main><!-- board-drawing: tait --></main>", "x.html")
    assert 'data-variant="tait"' in page and "board-drawing:" not in page
    with pytest.raises(build.BuildError, match="unknown rule set: chess"):
        build.with_board_drawings("<!-- board-drawing: chess -->", "x.html")


def test_every_rule_page_has_its_board_and_a_play_link():
    for name in senet.VARIANTS:
        text = (ROOT / "pages" / f"rules-{name}.html").read_text(encoding="utf-8")
        assert text.count(f"<!-- board-drawing: {name} -->") == 1
        assert re.search(f'href="../index.html\\?variant={name}"[^>]*>Play these rules</a>', text)
        assert '<span class="clause">' not in text


def test_the_apps_board_lists_its_squares_and_their_numbers_in_order():
    """app/view/view.py and app/view/board.py take index.html's squares and square numbers by
    their place in the document (one call into the browser instead of thirty): the n-th
    square drawn is square n, and so is the n-th number."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    board = page[page.index('<svg id="board"'):page.index("</svg>", page.index('<svg id="board"'))]
    assert [int(n) for n in re.findall(r'data-square="(\d+)"', board)] == list(range(1, 31))
    numbers = board[board.index('<g class="numbers"'):]
    numbers = numbers[:numbers.index("</g>")]
    assert [int(n) for n in re.findall(r"<text [^>]*>(\d+)</text>", numbers)] == list(range(1, 31))
