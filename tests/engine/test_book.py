"""The Expert's opening book (senet/ai/tables/book.bin, senet.book; docs/opponents.md, "The
opening book"): its format, what it covers, that its choices are the Expert's, and that
the page's MicroPython reads it as CPython does."""

import base64
import shutil
import subprocess

import opening_book
import pytest

import senet
from senet import book as book_file
from senet import datafile
from senet.ai.players import Expert
from senet.ai.tuning import default_nodes


@pytest.fixture(scope="module")
def book():
    return book_file.Book(opening_book.BOOK.read_bytes())


def _most_likely(book, variant, count):
    """The ``count`` likeliest decisions of ``variant``'s first turn, walked with the
    book's own choices, as [(position, chance)]."""
    chances = {}
    opening_book.first_turn(variant, lambda state: book.choice(state.position()), book.head["reach"], chances)
    return sorted(chances.items(), key=lambda item: -item[1])[:count]


def test_a_book_round_trips_and_a_damaged_one_is_refused():
    entries = [("kendall wbwbwbwbwbwbwb................ b 1 w=0/0,b=0/0 -", "10-11")]
    data = book_file.encode({"kendall": (900, 0.5, entries), "tait": (300, 1.0, [])}, 1e-3)
    book = book_file.Book(data)
    assert book.choice(entries[0][0]) == "10-11"
    assert book.choice(entries[0][0].replace(" 1 ", " 2 ")) is None
    assert book.choice("bell .............................. b - w=10/0,b=10/0 -") is None  # no such rule set
    assert book.nodes("kendall") == 900 and book.nodes("bell") is None
    assert book.head["variants"]["kendall"]["covered"] == 0.5 and book.head["reach"] == 1e-3
    damaged = bytearray(data)
    damaged[-3] ^= 0xFF
    cut = data[:-10]
    other = datafile.encode(b"senet-nets\n", {"version": 1}, b"x")
    later = datafile.encode(book_file.MAGIC, {"version": 2, "variants": {}}, b"")
    for bad in (bytes(damaged), cut, other, later, b""):
        with pytest.raises(book_file.BookError):
            book_file.Book(bad)


def test_the_book_covers_the_first_turn_of_every_rule_set_at_the_experts_budget(book):
    """Every rule set is in the book, at the Expert's node budget of today; walked with
    the book's own choices, its first turn needs a decision the book lacks no more often
    than the head says, and at most 1% of the time."""
    assert sorted(book.variants) == sorted(senet.VARIANTS)
    for variant in senet.VARIANTS:
        assert book.nodes(variant) == default_nodes(senet.start(variant).rules), variant
        answered, missed = opening_book.first_turn(variant, lambda state: book.choice(state.position()),
                                                   book.head["reach"])
        assert len(answered) == len(book.entries(variant)), variant  # every line is met: none is stale
        assert 1 - missed == pytest.approx(book.head["variants"][variant]["covered"], abs=1e-5), variant
        assert 1 - missed >= 0.99, variant


def test_the_books_most_likely_choices_are_the_experts(book):
    """The two likeliest decisions of each rule set's first turn (tools/opening_book.py
    --check asks the Expert at every line): the book plays what the Expert chooses."""
    expert = Expert(time_cap=None)
    asked = 0
    for variant in senet.VARIANTS:
        for position, _chance in _most_likely(book, variant, 2):
            assert book.choice(position) == str(expert.choose(senet.parse_position(position))), position
            asked += 1
    assert asked == 12  # Bell's first turn has no decision at all


def test_micropython_reads_the_book_as_cpython_does(tmp_path, book):
    """The page's interpreter reads the book with the same reader (senet.datafile has
    no os.path there, and its zlib is MicroPython's) and finds the same choices."""
    lib = tmp_path / "lib"
    shutil.copytree(opening_book.ROOT / "senet", lib / "senet", ignore=shutil.ignore_patterns("__pycache__"))
    positions = [p for v in ("kendall", "jequier", "havens", "piccione") for p, _ in _most_likely(book, v, 2)]
    positions.append("kendall .............................. b - w=0/0,b=0/0 -")  # none
    data = base64.b64encode(opening_book.BOOK.read_bytes())
    script = (
        "import binascii\nfrom senet.book import Book\n"
        f"book = Book(binascii.a2b_base64({data!r}))\n"
        f"for position in {positions!r}:\n    print(book.choice(position))\n"
        "print(book.nodes('bell'), book.head['reach'])\n"
    )
    expected = [str(book.choice(p)) for p in positions] + [f"{book.nodes('bell')} {book.head['reach']}"]
    (tmp_path / "main.py").write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(opening_book.ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib),
                           str(tmp_path / "main.py")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == expected
    assert expected[-2] == "None" and "None" not in expected[:-2]
