"""The site's own CSS, JavaScript and HTML without their comments, as served (tools/build.py).

The sources keep their comments (they are the manual of each file); a visitor's browser
does not read them. Served by a server that does not compress, they were a sixth of the
bytes a first visit fetches before MicroPython can start (docs/build.md, "Slim files"):

- CSS: every ``/* ... */`` comment and each line's indentation go;
- JavaScript: a line that holds only a comment (``// ...``, or a ``/* ... */`` block
  that begins and ends on lines of its own) goes, and each line's indentation; a comment
  after code stays. Strings, template literals and regular expressions are read as such,
  so a ``//`` inside one is never taken for a comment;
- HTML: every ``<!-- ... -->`` outside ``<script>``, ``<style>``, ``<pre>`` and
  ``<textarea>`` goes (whatever is inside those is kept as it is).

Only dist/'s copies change: the vendored files (vendor/) and the service worker are
served as they are. ``slim_site(dist)`` returns the bytes saved.
"""

import re
from pathlib import Path

CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
HTML_KEPT = re.compile(r"(<(script|style|pre|textarea)\b.*?</\2\s*>)|(<!--.*?-->)", re.S | re.I)
# After these a "/" begins a regular expression, not a division.
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
               "else", "yield", "await"}


class SlimError(ValueError):
    """A file the slimmer cannot read with certainty (it is then served as it is)."""


def slim_css(text: str) -> str:
    text = CSS_COMMENT.sub("", text)
    lines = (line.strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line) + "\n"


def slim_html(text: str) -> str:
    def keep(match):
        return match.group(1) if match.group(1) is not None else ""

    return HTML_KEPT.sub(keep, text)


def _js_lines(text: str) -> list:
    """The text's lines, each with whether it begins inside a template literal (then it is
    kept exactly as it is). SlimError when the text cannot be read with certainty."""
    lines = []  # (line, starts_in_literal)
    i, n = 0, len(text)
    stack = []  # template literals and their ${ } nesting: "`" or "{"
    last = ""  # the last significant token's end: a character, or a word
    line_start, starts_in_literal = 0, False
    while i < n:
        c = text[i]
        if stack and stack[-1] == "`":  # inside a template literal
            if c == "\\":
                i += 2
                continue
            if c == "`":
                stack.pop()
                last = "`"
            elif c == "$" and text.startswith("${", i):
                stack.append("{")
                last = "{"
                i += 2
                continue
            elif c == "\n":
                lines.append((text[line_start:i], starts_in_literal))
                line_start, starts_in_literal = i + 1, True
            i += 1
            continue
        if c == "\n":
            lines.append((text[line_start:i], starts_in_literal))
            line_start, starts_in_literal = i + 1, False
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise SlimError("a /* comment without its end")
            for at in range(i, end):  # a block over several lines: each line is noted
                if text[at] == "\n":
                    lines.append((text[line_start:at], starts_in_literal))
                    line_start, starts_in_literal = at + 1, False
            i = end + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\\":
                    j += 1
                    if j < n and text[j] in "\r\n":
                        raise SlimError("a string goes on to the next line")
                elif text[j] == "\n":
                    raise SlimError("a string runs past its line's end")
                j += 1
            if j >= n:
                raise SlimError("a string without its end")
            i, last = j + 1, c
            continue
        if c == "`":
            stack.append("`")
            i += 1
            continue
        if c == "{":
            if stack:
                stack.append("{")
            last = c
            i += 1
            continue
        if c == "}":
            if stack and stack[-1] == "{":
                stack.pop()
                last = "`" if stack and stack[-1] == "`" else "}"
            else:
                last = "}"
            i += 1
            continue
        if c == "/" and (last in REGEX_AFTER or last in REGEX_WORDS):  # a regular expression
            j, in_class = i + 1, False
            while j < n:
                d = text[j]
                if d == "\\":
                    j += 2
                    continue
                if d == "\n":
                    raise SlimError("a regular expression runs past its line's end")
                if d == "[":
                    in_class = True
                elif d == "]":
                    in_class = False
                elif d == "/" and not in_class:
                    break
                j += 1
            j += 1
            while j < n and (text[j].isalpha()):
                j += 1
            i, last = j, "/"
            continue
        if c.isalnum() or c in "_$":
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_$"):
                j += 1
            last = text[i:j]
            i = j
            continue
        last = c
        i += 1
    if stack:
        raise SlimError("a template literal or ${ } without its end")
    lines.append((text[line_start:], starts_in_literal))
    return lines


def slim_js(text: str) -> str:
    """``text`` without the lines that hold only a comment and without indentation; the
    lines of a template literal are kept as they are. SlimError when it cannot be read."""
    out = []
    in_block = False
    for line, literal in _js_lines(text):
        if literal:
            out.append(line)
            continue
        stripped = line.strip()
        if in_block:
            if "*/" in stripped:
                in_block = False
                rest = stripped[stripped.index("*/") + 2:].strip()
                if rest:
                    out.append(rest)
            continue
        if stripped.startswith("//") or not stripped:
            continue
        if stripped.startswith("/*"):
            end = stripped.find("*/", 2)
            if end < 0:
                in_block = True
                continue
            rest = stripped[end + 2:].strip()
            if not rest:
                continue
        out.append(line.lstrip())  # the indentation only: the line's end may be a template's
    return "\n".join(out) + "\n"


def slim_site(dist: Path, check=None) -> int:
    """Slim dist/'s own CSS, JavaScript and HTML in place; the bytes saved. ``check(path,
    old, new)`` may refuse a slimmed script (tools/build.py has Node.js parse it)."""
    saved = 0
    targets = [(p, slim_css) for p in sorted([*dist.glob("styles/*.css"), *dist.glob("app/*.css")])]
    targets += [(p, slim_js) for p in sorted(dist.glob("app/*.js"))]
    targets += [(p, slim_html) for p in sorted([*dist.glob("*.html"), *dist.glob("pages/*.html")])]
    for path, slim in targets:
        old = path.read_text(encoding="utf-8")
        try:
            new = slim(old)
        except SlimError as exc:
            raise SlimError(f"{path.name}: {exc}") from None
        if check is not None and slim is slim_js:
            check(path, old, new)
        if new != old:
            path.write_text(new, encoding="utf-8")
            saved += len(old.encode()) - len(new.encode())
    return saved
