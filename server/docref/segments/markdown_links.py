"""Reference links of a Markdown documentation comment (JEP 467, Java 23).

In a ``///`` comment ``[Foo#bar]``, ``[Foo#bar(int)]``, ``[java.util.List]`` and
``[a label][Foo#bar]`` link a program element as ``{@link Foo#bar}`` and ``{@link Foo#bar a
label}`` do: javadoc (``jdk.internal.markdown.MarkdownTransformer``) turns a reference link
whose label no link reference definition claims, and which parses as a reference, into that
``{@link}``.  So the segmenter renders them as it renders ``{@link}`` (the reference, or the
label) and the name checks read the reference as a cross-reference, not as prose.

Not reference links, as in CommonMark: an inline link ``[text](url)``, a link reference
definition ``[id]: url`` at the start of a line, an image ``![alt][id]``, an escaped
``\\[x]``, an index after a name (``map[key]``), brackets inside a code span (the callers
skip those), and brackets whose content is no reference (``[0, 1]``, ``[see below]``).  Array
brackets in a reference are escaped, as javadoc asks: ``[String#copyValueOf(char\\[\\])]``.
"""

from __future__ import annotations

import re

__all__ = ["LINK", "defined_labels", "is_link", "reference_link_at"]

_NAME = r"[A-Za-z_$][\w$]*"
# ``module/``, a dotted type or package, ``#member``, ``(parameter types)``: javadoc's
# ``ReferenceParser`` in its member-optional mode, which also takes ``#member`` alone
_REFERENCE = (
    rf"(?:{_NAME}(?:\.{_NAME})*/)?"
    rf"(?:{_NAME}(?:\.{_NAME})*)?"
    rf"(?:#{_NAME}(?:\((?:[^()\[\]\n\\]|\\\[\\\])*\))?)?"
)
# a word character before the bracket is an index (``map[key]``, ``args[i]``), which javadoc
# would link too; an author writing one means the index, so it is left as text here
LINK = re.compile(
    r"(?<![\\!\]\w])\["
    r"(?:(?P<label>(?:[^\[\]\n\\]|\\.)+)\]\[)?"
    rf"(?P<target>(?=[\w$#])(?:{_REFERENCE}))"
    r"\](?![(\[])"
)
# what may come before a link reference definition's ``[id]:`` on its line
_DEFINITION_LEAD = re.compile(r"[ \t]*(?:///)?[ \t]{0,3}")
_DEFINITION = re.compile(r"^[ \t]*(?:///)?[ \t]{0,3}\[(?P<label>[^\[\]\n]+)\]:", re.M)


def is_link(text: str, match: re.Match[str]) -> bool:
    """Whether ``match`` (of :data:`LINK` in ``text``) is a reference link, not the ``[id]:``
    opening a link reference definition."""
    if not text.startswith(":", match.end()):
        return True
    line_start = text.rfind("\n", 0, match.start()) + 1
    return _DEFINITION_LEAD.fullmatch(text, line_start, match.start()) is None


def reference_link_at(text: str, pos: int) -> re.Match[str] | None:
    """The reference link starting at ``text[pos]`` (a ``[``), if one does: its ``target``
    group is the reference (``Foo#bar(int)``), its ``label`` group the link's text when it has
    one."""
    match = LINK.match(text, pos)
    return match if match is not None and is_link(text, match) else None


def defined_labels(comment: str) -> frozenset[str]:
    """The labels that the link reference definitions of ``comment`` define (case-folded, as
    CommonMark matches them): ``[the spec][rfc]`` with ``[rfc]: https://...`` links that URL,
    no program element."""
    if "]:" not in comment:
        return frozenset()
    return frozenset(m["label"].strip().casefold() for m in _DEFINITION.finditer(comment))
