"""Lines of a Python docstring body, and the line-level patterns of its markup."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .mapped import Mapped

__all__ = [
    "ADMONITIONS",
    "BULLET",
    "COMMENT",
    "DIRECTIVE",
    "ENTRY_BULLET",
    "EPY_FIELD",
    "GOOGLE_HEADER",
    "NUMPY_TITLE",
    "REST_FIELD",
    "UNDERLINE",
    "Line",
    "described",
    "doctest_end",
    "extent",
    "fence_end",
    "looks_like_code",
    "next_text",
    "split_lines",
]

GOOGLE_HEADER = re.compile(r"([A-Za-z][A-Za-z ]*?)\s*:")
NUMPY_TITLE = re.compile(r"[A-Za-z][A-Za-z ]*:?")  # ``Example:`` over its rule: a title too
# a trailing comment after the rule (a noqa comment, round 31 elephant) keeps it one:
# numpydoc reads any line starting with the dashes as the underline
UNDERLINE = re.compile(r"(?:-{3,}|={3,}|~{3,})(?:\s+#.*)?")
REST_FIELD = re.compile(r":(?P<tag>[A-Za-z_][\w-]*)(?:\s+(?P<arg>[^:`]*?))?\s*:(?=\s|$)")
EPY_FIELD = re.compile(r"@(?P<tag>[A-Za-z_]\w*)(?:\s+(?P<arg>[^:]*?))?\s*:(?=\s|$)")
DIRECTIVE = re.compile(r"\.\.\s+(?P<name>[A-Za-z][\w:.-]*)::(?=\s|$)")
COMMENT = re.compile(r"\.\.(?:\s|$)")
ENTRY_BULLET = re.compile(r"[-+*\u2022]\s+")
BULLET = re.compile(r"(?:[-*+\u2022]|\(?\d{1,3}[.)]|#\.|\(?[a-z]\))(?:\s+|$)")
ADMONITIONS = frozenset(
    {
        "admonition",
        "attention",
        "caution",
        "danger",
        "deprecated",
        "error",
        "hint",
        "important",
        "note",
        "seealso",
        "tip",
        "todo",
        "versionadded",
        "versionchanged",
        "versionremoved",
        "warning",
    }
)
CODE_START = re.compile(
    r"""(?x)
      from\s+[\w.]+\s+import\s
    | import\s+[\w.]+(?:\s*,\s*[\w.]+)*(?:\s+as\s+\w+)?\s*(?:\#.*)?$
    | (?:async\s+)?def\s+\w+\s*\(
    | class\s+\w+\s*[(:]
    | (?:if|elif|while|for|with|try|except|else|finally)\b.*:\s*(?:\#.*)?$
    | (?:return|yield|raise|assert|del|await)\b.*[()\[\]=]
    | pass\s*$
    | print\(
    | @\w[\w.]*(?:\(.*\))?\s*$
    """
)
CODE_SIGNS = re.compile(r"\s=\s|==|!=|->|\w\(.*\)|[\[{(,\\]$|\s#\s|^#|;$")


@dataclass(slots=True)
class Line:
    """One docstring line: relative indentation and stripped, mapped content."""

    indent: int
    content: Mapped
    # ``content.text``, kept as a field: the section parsers read it ~80 times per docstring
    # (astropy: 386,000 reads), a property call each
    text: str


def split_lines(body: Mapped) -> list[Line]:
    """Lines with indentation relative to the margin (the first line counts as 0)."""
    # one pass over the text: each line's stripped content sliced from the body once (not
    # the line, then its stripped copy), its indentation from the leading run of blanks
    text = body.text
    # a body mapped one-to-one (no escapes: most) gives each line's map without a slice
    src = body.one_to_one_from()
    one_to_one = Mapped.one_to_one
    measured: list[tuple[int, Mapped]] = []
    pos = 0
    for raw in text.split("\n"):
        blanks = len(raw) - len(raw.lstrip(_INDENT_CHARS))
        col = _column(raw[:blanks]) if "\t" in raw[:blanks] else blanks
        hi = len(raw.rstrip())
        lo = hi - len(raw[:hi].lstrip())  # as Mapped.strip bounds it
        if src is not None:
            measured.append((col, one_to_one(raw[lo:hi], src + pos + lo)))
        else:
            measured.append((col, body.slice(pos + lo, pos + hi)))
        pos += len(raw) + 1
    margin = min((col for n, (col, m) in enumerate(measured) if n and m.text), default=0)
    return [
        Line(0 if n == 0 else max(col - margin, 0), content, content.text)
        for n, (col, content) in enumerate(measured)
    ]


# the characters a line's indentation is counted over (a tab to the next multiple of 8)
_INDENT_CHARS = " \t\f\v\r"


def _column(blanks: str) -> int:
    col = 0
    for char in blanks:
        col = (col // 8 + 1) * 8 if char == "\t" else col + 1
    return col


def looks_like_code(texts: list[str]) -> bool:
    """Lines that read as code: no sentence ends, and a keyword or code punctuation."""
    if any(t.endswith((".", "!", "?")) and not t.endswith("...") for t in texts):
        return False
    return any(CODE_START.match(t) or CODE_SIGNS.search(t) for t in texts)


def next_text(lines: list[Line], i: int, hi: int) -> int | None:
    """The first non-blank line in ``lines[i:hi]``, or None."""
    for j in range(i, hi):
        if lines[j].text:
            return j
    return None


def extent(lines: list[Line], i: int, hi: int, indent: int) -> int:
    """End of the block at ``i``: the following lines indented deeper than ``indent``."""
    last = i
    for j in range(i + 1, hi):
        line = lines[j]
        if line.text:
            if line.indent <= indent:
                break
            last = j
    return last + 1


def title_within(lines: list[Line], lo: int, hi: int, title: Callable[[int], object]) -> int:
    """Where a section's body ``lines[lo:hi]`` ends: at the first line indented shallower
    than its first line (its entries) that ``title`` accepts (a known title), else ``hi``."""
    first = next_text(lines, lo, hi)
    if first is None:
        return hi
    for j in range(first + 1, hi):
        if lines[j].text and lines[j].indent < lines[first].indent and title(j) is not None:
            return j
    return hi


def described(lines: list[Line], i: int, hi: int) -> bool:
    """Line ``i`` is followed at once by a deeper-indented line (an entry's description)."""
    if i + 1 >= hi or not lines[i + 1].text:
        return False
    return lines[i + 1].indent > lines[i].indent


def doctest_end(lines: list[Line], i: int, hi: int) -> int:
    """End of the doctest at ``i``: the next blank line."""
    j = i
    while j < hi and lines[j].text:
        j += 1
    return j


_FENCE = re.compile(r"(`{3,}|~{3,})")


def fence_end(lines: list[Line], i: int, hi: int) -> int | None:
    """End of the Markdown code fence opening at ``i`` (```` ```python ````, ``~~~``): the line
    after its closing fence (the same marker, at least as long, alone).  None when line ``i``
    opens no fence, or no fence closes it: a lone marker is a typo, and must not swallow the
    rest of the docstring."""
    opening = _FENCE.match(lines[i].text)
    if opening is None:
        return None
    marker = opening.group(1)
    for j in range(i + 1, hi):
        text = lines[j].text
        if text.startswith(marker) and not text.lstrip(marker[0]).strip():
            return j + 1
    return None
