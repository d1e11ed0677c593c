"""tools/slim.py: the site's own CSS, JavaScript and HTML without their comments. What is
left out is only comments and indentation; strings, template literals, regular
expressions and the insides of <script>, <style>, <pre> and <textarea> are kept as they
are; a file it cannot read with certainty is refused (the build then fails, saying which)."""

from pathlib import Path

import pytest
import slim  # tools/slim.py (pyproject's pythonpath has tools/)

ROOT = Path(__file__).resolve().parents[2]


def test_css_loses_its_comments_and_indentation_and_nothing_else():
    css = """/* the board */
.board {
  color: red; /* a note */
  background: url("a.svg");
}

/* two
   lines */
@media (width < 40em) {
    .board { grid-template-areas: "a b"; }
}
"""
    assert slim.slim_css(css) == ('.board {\ncolor: red;\nbackground: url("a.svg");\n}\n'
                                  '@media (width < 40em) {\n.board { grid-template-areas: "a b"; }\n}\n')


def test_javascript_keeps_strings_templates_regular_expressions_and_comments_after_code():
    js = """// a file's manual
/* a block
   of two lines */
const url = "http://example.org/x"; // after code: kept
const re = /\\/\\/ not a comment/g;
const quote = /["'`]/;
const text = `first line
  // inside a template: kept
    indented: kept ${"a" + `nested ${1}`}
/* kept too */`;
  function f(a) {
    return a / 2 / 3; // two divisions
  }
"""
    assert slim.slim_js(js) == """const url = "http://example.org/x"; // after code: kept
const re = /\\/\\/ not a comment/g;
const quote = /["'`]/;
const text = `first line
  // inside a template: kept
    indented: kept ${"a" + `nested ${1}`}
/* kept too */`;
function f(a) {
return a / 2 / 3; // two divisions
}
"""


@pytest.mark.parametrize("js, why", [
    ("const a = `no end;\n", "template"),
    ('const a = "no end;\n', "string"),
    ("/* no end\n", "comment"),
    ('const a = "two \\\nlines";\n', "next line"),
])
def test_javascript_it_cannot_read_with_certainty_is_refused(js, why):
    with pytest.raises(slim.SlimError, match=why):
        slim.slim_js(js)


def test_html_loses_its_comments_outside_scripts_styles_and_preformatted_text():
    page = """<!doctype html><!-- the page -->
<main><!-- board-drawing -->
<script>/* <!-- kept --> */ const a = 1;</script>
<style>/* kept */ p { color: red }</style>
<pre>  <!-- kept, as everything in a pre --></pre>
<textarea><!-- kept --></textarea>
<!-- two
     lines --></main>
"""
    assert slim.slim_html(page) == """<!doctype html>
<main>
<script>/* <!-- kept --> */ const a = 1;</script>
<style>/* kept */ p { color: red }</style>
<pre>  <!-- kept, as everything in a pre --></pre>
<textarea><!-- kept --></textarea>
</main>
"""


def test_the_projects_scripts_slimmed_keep_every_line_of_code_in_order():
    # the project's own scripts: each slimmed one is smaller and keeps every line of code (the
    # lines that are not comments), in order; the build also has Node.js parse each (tools/build.py)
    for source in sorted((ROOT / "app").rglob("*.js")):
        if source.name == "sw-template.js":
            continue
        text = source.read_text(encoding="utf-8")
        slimmed = slim.slim_js(text)
        assert len(slimmed) < len(text), source.name
        code, in_block = [], False
        for line in (line.strip() for line in text.split("\n")):
            if in_block or line.startswith("/*"):
                in_block = "*/" not in line
            elif line and not line.startswith("//"):
                code.append(line)
        kept = [line.strip() for line in slimmed.split("\n") if line.strip()]
        it = iter(kept)
        assert all(any(line == k for k in it) for line in code), source.name  # a subsequence
