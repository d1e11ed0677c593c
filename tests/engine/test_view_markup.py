"""app/view_board.py's svg_markup: the first drawing sets a game's pieces, trays, tap areas
and the way's chevrons as one string per layer (docs/app.md). The markup must read back
as the elements the page made one by one: the same attributes in the given order, values
and text escaped."""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

from view_board import svg_markup  # noqa: E402


def test_attributes_come_in_the_order_given_with_their_values_as_text():
    text = svg_markup("rect", (("class", "tray-hit"), ("x", 0.0), ("y", 300), ("data-hit", "w-off"),
                               ("aria-hidden", "true")))
    assert text == '<rect class="tray-hit" x="0.0" y="300" data-hit="w-off" aria-hidden="true"></rect>'
    # the same strings as setAttribute(name, str(value)) wrote
    assert svg_markup("circle", (("r", 68 / 2 + 6),)) == f'<circle r="{68 / 2 + 6}"></circle>'


def test_values_and_text_are_escaped_and_read_back_as_given():
    tricky = 'a "quoted" <b> & \'x\''
    text = svg_markup("text", (("class", "tray-label"), ("aria-label", tricky)), tricky)
    element = ET.fromstring(text)
    assert element.tag == "text"
    assert element.attrib == {"class": "tray-label", "aria-label": tricky}
    assert element.text == tricky


def test_children_nest_as_markup():
    inner = svg_markup("rect", (("class", "hit"),)) + svg_markup("use", (("href", "./assets/symbols.svg#piece-cone"),))
    group = ET.fromstring(svg_markup("g", (("class", "piece black"), ("data-piece", "b3")), inner=inner))
    assert group.attrib == {"class": "piece black", "data-piece": "b3"}
    assert [child.tag for child in group] == ["rect", "use"]
    assert group[1].attrib["href"] == "./assets/symbols.svg#piece-cone"
