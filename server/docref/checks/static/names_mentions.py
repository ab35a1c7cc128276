"""Identifiers that docstring prose names explicitly, found with their source offsets.

:func:`find_mentions` scans one segment of a docstring in the file's source text (so that
Javadoc inline tags, which the segment's clean text has already rendered, are still visible)
and returns a :class:`Mention` for each explicit reference:

* cross-references (``C1-XREF-UNRESOLVED``): Sphinx roles (``:func:`~mod.f```, ``:py:meth:``),
  Epydoc ``L{name}``, NumPy "See Also" entries, Javadoc ``{@link}``/``{@linkplain}`` and
  ``@see`` targets;
* names in prose (``C1-NAME-UNRESOLVED``): single and double backticks, Epydoc ``C{name}``,
  ``name()`` call syntax and dotted ``mod.name`` in plain text, and Javadoc ``{@code name()}``
  and Markdown code spans.

Everything that is not shaped like an identifier is left out here: literals (``None``, numbers,
strings), keywords, option names (``--foo``), ``key=value``, file names (``setup.py``), shell
commands, URLs, math, reST hyperlink references (`` `text`_ ``) and generic placeholders
(``foo``, ``spam``, single letters): :mod:`.names_words`.  Whether a name resolves is the
caller's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from docref.checks.static.names_marks import any_mark, dot_then_name, word_then_paren
from docref.checks.static.names_mention import Mention, MentionKind
from docref.checks.static.names_words import (
    caps_constant,
    is_plain_word,
    math_symbol,
    name_pattern,
    plural_parens,
    silent_name,
)
from docref.segments import ParsedDocstring, Segment
from docref.segments.markdown_links import LINK as _MARKDOWN_LINK
from docref.segments.markdown_links import defined_labels, is_link

# Mention and MentionKind (:mod:`.names_mention`) are re-exported: the rules import them from here
__all__ = ["Mention", "MentionKind", "find_mentions", "is_plain_word"]

# Roles of the Python domain that name an object (``:py:`` prefix optional).
_PY_ROLES = frozenset(
    {
        "func",
        "meth",
        "class",
        "attr",
        "mod",
        "exc",
        "data",
        "obj",
        "const",
        "deco",
        "property",
        "type",
    }
)
_IDENT = r"[^\W\d]\w*"
_DOTTED = rf"{_IDENT}(?:\.{_IDENT})*"
_DOTTED_RE = re.compile(_DOTTED)
_TARGET = re.compile(rf"(?P<prefix>[~!.]?)(?P<name>{_DOTTED})(?P<call>\((?P<args>[^()]*)\))?")
_BLANK_LINE = re.compile(r"\n[ \t*]*\n")
_SEE_ALSO_HEAD = re.compile(rf"\s*(?P<names>[~.]?{_DOTTED}(?:\s*,\s*[~.]?{_DOTTED})*)\s*(?::\s|$)")

# Python markup, in the order it is consumed (a later pattern never matches inside an earlier).
_FENCE = re.compile(r"```.*?```", re.S)
_URL = re.compile(r"(?:https?|ftp|file)://[^\s>`)]+|<[^<>\s]+@[^<>\s]+>")
# A Markdown reference link ``[Operations.List][google.longrunning.Operations.List]``: the
# generated (GAPIC) docstrings of protobuf APIs link proto names, not Python ones.
_REFERENCE_LINK = re.compile(r"\[[^\[\]\n]+\]\[[^\[\]\s]*\]")
# (the patterns start with their literal and look behind it: a pattern starting with a literal is
# searched for in C, one starting with a lookbehind is tried at every position; same matches)
_ROLE = re.compile(
    r":(?<![\w`]:)(?P<role>[A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*):`(?P<body>[^`]+)`"
)
_SUFFIX_ROLE = re.compile(r"`[^`]+`:[A-Za-z][\w.+-]*:")
_DOUBLE = re.compile(r"``(?P<body>[^`].*?)``(?!`)", re.S)
_EPYDOC = re.compile(r"\b(?P<tag>[LC])\{(?P<body>[^{}]+)\}")
_EPYDOC_OTHER = re.compile(r"\b[IBMUXSE]\{[^{}]*\}")
_HYPERLINK = re.compile(r"(?<![\w`])_?`[^`]+`__?(?!\w)|(?<![\w`])_`[^`]+`")
_SINGLE = re.compile(r"`(?<![\w`\\]`)(?P<body>[^`]+)`(?![`\w])")
# reST emphasis around an identifier (``*include_header*``), not ``*args``/``**kwargs**``
_EMPHASIS = re.compile(r"\*(?<![\w*\\]\*)(?P<body>[A-Za-z_]\w*)\*(?![\w*])")
# possessive (``*+``): a shorter name is followed by a word character or a dot, never by what
# the patterns want next, so giving characters back finds nothing (the same matches, ~25%
# faster: these two run over every segment with a dot or a parenthesis)
_IDENT_ONCE = r"[^\W\d]\w*+"
_CALL = re.compile(
    rf"(?<![\w.\-/\\@$*])(?P<name>{_IDENT_ONCE}(?:\.{_IDENT_ONCE})*+)\((?P<args>[^()\n]*)\)"
)
_PLAIN_DOTTED = re.compile(  # (``bool\_``: reST's escaped ``_`` ends the name)
    rf"(?<![\w.\-/\\@$*])(?P<name>{_IDENT_ONCE}(?:\.{_IDENT_ONCE})+(?:\\_\w*+)*+)(?![\w(\-/@])"
)

# In plain prose: e-mail addresses, numbers and versions, and quoted strings (a quoted
# ``"py.warnings"`` or ``'line.col'`` is a value, not a reference to code).
_NOT_PROSE = re.compile(r"\S+@\S+|\b\d[\w.]*|(?<!\w)\"[^\"\n]*\"(?!\w)|(?<!\w)'[^'\n]*'(?!\w)")
# The same without the e-mail branch, for a text with no ``@`` (nearly all: that branch can
# match nowhere there, so the matches are the same); the lookahead lets the engine skip, in C,
# every position where neither a digit nor a quote starts (4x faster: it ran on every window
# and was the scan's costliest pattern, ``\S+@`` trying each non-space position)
_NOT_PROSE_NO_AT = re.compile(
    r"(?=[\d\"'])(?:\b\d[\w.]*|(?<!\w)\"[^\"\n]*\"(?!\w)|(?<!\w)'[^'\n]*'(?!\w))"
)

# Javadoc markup.
_PRE = re.compile(r"<pre\b.*?</pre\s*>|<!--.*?-->", re.S | re.I)
_JAVA_LINK = re.compile(
    r"\{@(?P<tag>link|linkplain)[\s*]+(?P<body>[\w$.]*(?:#[\w$]+(?:\([^)]*\))?)?)"
)
_JAVA_CODE = re.compile(r"\{@(?:code|literal)[\s*]+(?P<body>[^{}]*)\}")
_JAVA_NAME = re.compile(r"\s*(?P<name>[A-Za-z_$][\w$]*)\s*")
_HTML_CODE = re.compile(r"<code>(?P<body>[^<>]*)</code>", re.I)
_JAVA_CALL = re.compile(r"\s*(?P<name>[A-Za-z_$][\w$]*)\((?P<args>[^()]*)\)\s*")
# An article then two more words as an ``@see`` target: a book or spec title written unquoted
# (``@see Widener the helper`` stays a reference with a label).
_ARTICLES = frozenset({"the", "a", "an"})
_TITLE_AFTER = re.compile(r"[ \t]+[A-Za-z]+[ \t]+[A-Za-z]+")
# ``@see sections 3.1 & 3.2 of the RFC 1320`` (smbj's ``MD4.pad``, round 81jb): a lower-case
# word and a section or page number is a citation in plain text, no reference with a label
_CITATION = re.compile(r"[a-z]+[ \t]+\d+(?:\.\d+)*\b")
# ``@see JLS8, section 7.6, "Top Level Type Declarations"`` (Janino, round 98j): a name and a
# comma, then the section or chapter of that document -- a citation, where a reference would
# end at a space before its label
_CITED_PART = re.compile(
    r",[ \t]*(?:sections?|chapters?|clauses?|paragraphs?|parts?|pages?|pp?\.|sec\.|ch\.|\u00a7)"
    r"[ \t]*\d",
    re.I,
)
# ``@see JSL 14.3. Local Class Declarations`` (Roaster, round 101j): a document's acronym and a
# section number straight after it -- a citation, as no label of a reference opens with one
_CITED_SECTION = re.compile(r"[ \t]+(?:\u00a7[ \t]*)?\d+(?:\.\d+)+(?![\w.]*[\w(#])")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,7}")
# the markup a Javadoc sentence's text leaves out before its first word (see ``_window``); in a
# ``///`` comment also the ``[`` of a reference link (``[Foo#bar] does...``)
_OPENER = re.compile(r"(?:<code>|\{@(?:code|literal|link|linkplain)[\s*]+)$", re.I)
_MARKDOWN_OPENER = re.compile(r"(?:<code>|\{@(?:code|literal|link|linkplain)[\s*]+|\[)$", re.I)
_JAVA_SEE = re.compile(r"@see[\s*]+(?P<body>[\w$.]*(?:#[\w$]+(?:\([^)]*\))?)?)")
_JAVA_TARGET = re.compile(r"(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)?(?:#[A-Za-z_$][\w$]*)?")

# What every match of a pattern contains (one of): most windows lack most of them, and a
# substring test is cheaper than a regex pass (the scan runs 14 patterns per window).
_NEEDS: dict[re.Pattern[str], tuple[str, ...]] = {
    _FENCE: ("```",),
    _URL: ("://", "@"),
    _REFERENCE_LINK: ("][",),
    _ROLE: (":`",),
    _SUFFIX_ROLE: ("`:",),
    _DOUBLE: ("``",),
    _EPYDOC: ("{",),
    _EPYDOC_OTHER: ("{",),
    _HYPERLINK: ("`_", "_`"),
    _SINGLE: ("`",),
    _EMPHASIS: ("*",),
    _CALL: ("(",),
    _PLAIN_DOTTED: (".",),
    _PRE: ("<",),
    _JAVA_LINK: ("{@",),
    _JAVA_CODE: ("{@",),
    _HTML_CODE: ("<",),
    _JAVA_SEE: ("@see",),
    _MARKDOWN_LINK: ("]",),
}


# Stronger tests than :data:`_NEEDS` for the two costliest patterns (both start with a
# lookbehind, so the regex is tried at every position of every window it runs on).
_HOLDS: dict[re.Pattern[str], Callable[[str], bool]] = {
    _CALL: word_then_paren,
    _PLAIN_DOTTED: dot_then_name,
}


def _target(body: str, *, xref: bool) -> str | None:
    """The dotted name of markup content that is a whole identifier (``~a.b``, ``f(x)``,
    ``title <a.b>``), else ``None``."""
    body = body.strip()
    if xref and body.endswith(">") and "<" in body:
        body = body[body.rindex("<") + 1 : -1].strip()  # ``title <target>``
    match = _TARGET.fullmatch(body)
    if match is None or match["prefix"] == "." or (xref and match["prefix"] == "!"):
        # ``!`` asks Sphinx not to link: no cross-reference, but still a name in prose
        # (psycopg's `!size` for a parameter); ``.`` searches every module
        return None
    if match["call"] and name_pattern(match["name"], match["args"]):
        return None
    return None if silent_name(match["name"], xref=xref) else match["name"]


def _caps(body: str) -> str | None:
    """The ALL_CAPS constant name that is the whole of markup content (``MAX_RETRIES``):
    judged only as a renamed constant (kind ``caps``), never as a name to resolve -- an
    environment variable is written the same way."""
    body = body.strip()
    return body if caps_constant(body) else None


class _Scan:
    """Collects mentions from one text window, never inside a span already consumed."""

    def __init__(self, source: str, start: int, stop: int, keep_before: int) -> None:
        self.source = source
        self.start = start
        self.text = source[start:stop]
        self.keep_before = keep_before
        self.taken: list[tuple[int, int]] = []
        self.mentions: list[Mention] = []

    def free(self, begin: int, end: int) -> bool:
        return all(end <= b or begin >= e for b, e in self.taken)

    def consume(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """Matches of ``pattern`` outside consumed spans, now consumed themselves."""
        needs = _NEEDS.get(pattern)
        if needs is not None and not any(n in self.text for n in needs):
            return []  # the text lacks what every match holds: no regex pass
        holds = _HOLDS.get(pattern)
        if holds is not None and not holds(self.text):
            return []
        found: list[re.Match[str]] = []
        for match in pattern.finditer(self.text):
            if self.free(match.start(), match.end()) and not _BLANK_LINE.search(match[0]):
                self.taken.append((match.start(), match.end()))
                found.append(match)
        return found

    def add(
        self,
        match: re.Match[str],
        group: str | int,
        target: str,
        kind: MentionKind,
        role: str | None = None,
    ) -> None:
        begin = self.start + match.start(group)
        if begin >= self.keep_before:
            return  # the window runs past the segment only to close markup opened inside it
        self.mentions.append(Mention(target, kind, begin, self.start + match.end(group), role))


def _python_markup(scan: _Scan) -> None:
    scan.consume(_FENCE)
    scan.consume(_URL)
    scan.consume(_REFERENCE_LINK)
    for match in scan.consume(_ROLE):
        role = match["role"].split(":")[-1]
        if match["role"].count(":") > 1 or match["role"].split(":")[0] not in ("py", role):
            continue  # another domain (``:c:func:``)
        if role in _PY_ROLES and (found := _target(match["body"], xref=True)) is not None:
            scan.add(match, "body", found, "role", role)
    scan.consume(_SUFFIX_ROLE)
    for match in scan.consume(_DOUBLE):
        if (found := _target(match["body"], xref=False)) is not None:
            scan.add(match, "body", found, "literal")
        elif (found := _caps(match["body"])) is not None:
            scan.add(match, "body", found, "caps")
    for match in scan.consume(_EPYDOC):
        xref = match["tag"] == "L"
        if (found := _target(match["body"], xref=xref)) is not None:
            scan.add(match, "body", found, "role" if xref else "literal")
    scan.consume(_EPYDOC_OTHER)
    scan.consume(_HYPERLINK)
    for match in scan.consume(_SINGLE):
        if (found := _target(match["body"], xref=False)) is not None:
            scan.add(match, "body", found, "backtick")
        elif (found := _caps(match["body"])) is not None:
            scan.add(match, "body", found, "caps")
    for match in scan.consume(_EMPHASIS):
        if (found := _target(match["body"], xref=False)) is not None:
            scan.add(match, "body", found, "emphasis")


def _python_plain(scan: _Scan) -> None:
    """``name()`` and ``mod.name`` in text that no markup claimed."""
    scan.consume(_NOT_PROSE if "@" in scan.text else _NOT_PROSE_NO_AT)
    for match in scan.consume(_CALL):
        name, args = match["name"], match["args"].strip()
        if "." not in name and (plural_parens(args) or args.isdigit()):
            continue  # "value(s)", "location(-s)", man-page sections "ls(1)"
        if name_pattern(name, args) or math_symbol(name, args):
            continue  # ``prefix_(a|b)``, ``Phi_eff(r)`` (a formula's function)
        if not silent_name(name, xref=False):
            scan.add(match, "name", name, "call")
    for match in scan.consume(_PLAIN_DOTTED):
        if not silent_name(name := match["name"].replace("\\", ""), xref=False):
            scan.add(match, "name", name, "dotted")  # ``rasterio.bool\_`` names ``bool_``


def _see_also(scan: _Scan) -> None:
    """NumPy "See Also" entries: ``name : description`` or ``name1, name2`` (nothing else)."""
    entry = scan.text[: scan.keep_before - scan.start]
    head = _SEE_ALSO_HEAD.match(entry)
    if head is None:
        return
    for match in _DOTTED_RE.finditer(entry, head.start("names"), head.end("names")):
        if scan.free(match.start(), match.end()) and not silent_name(match[0], xref=True):
            scan.taken.append((match.start(), match.end()))
            scan.add(match, 0, match[0], "seealso")


def _java(scan: _Scan, segment: Segment, defined: frozenset[str] | None) -> None:
    scan.consume(_PRE)
    # a URL is no name: ``{@link http://en.wikipedia.org/...}`` (rome), ``@see http://...``
    scan.consume(_URL)
    # Markdown code spans (JEP 467 Markdown comments, and the habit of writing Markdown in
    # classic Javadoc): names in them are checked like Python's backticks
    scan.consume(_FENCE)
    for match in scan.consume(_DOUBLE):
        if (found := _target(match["body"], xref=False)) is not None:
            scan.add(match, "body", found, "literal")
    for match in scan.consume(_SINGLE):
        if (found := _target(match["body"], xref=False)) is not None:
            scan.add(match, "body", found, "backtick")
    for match in scan.consume(_JAVA_LINK):
        target = match["body"].split("(")[0]
        if target and _JAVA_TARGET.fullmatch(target):
            scan.add(match, "body", target, "link")
    if defined is not None:
        _markdown_links(scan, defined)
    for match in [*scan.consume(_JAVA_CODE), *scan.consume(_HTML_CODE)]:
        call = _JAVA_CALL.fullmatch(match["body"])
        if call is not None and math_symbol(call["name"], call["args"]):
            continue  # ``<code>arctan(y / x)</code>``: a formula, not a call
        if call is not None and not silent_name(call["name"], xref=False):
            scan.add(match, "body", call["name"], "call")
            continue
        # a bare name in code markup: judged only as a renamed name (``C1-PROSE-NAME-STALE``)
        bare = _JAVA_NAME.fullmatch(match["body"])
        if bare is not None and not silent_name(bare["name"], xref=False):
            scan.add(match, "body", bare["name"], "code")
        elif bare is not None and caps_constant(bare["name"]):
            scan.add(match, "body", bare["name"], "caps")
    if segment.section == "@see":
        for match in scan.consume(_JAVA_SEE):
            target = match["body"].split("(")[0]
            if target.lower() in _ARTICLES and _TITLE_AFTER.match(match.string, match.end()):
                continue  # ``@see The Java Virtual Machine Specification``: an unquoted title
            if _CITATION.match(match.string, match.start("body")):
                continue  # ``@see sections 3.1 & 3.2 of the RFC``: a citation
            if _CITED_PART.match(match.string, match.end()):
                continue  # ``@see JLS8, section 7.6, "..."``: the document and its section
            if _ACRONYM.fullmatch(target) and _CITED_SECTION.match(match.string, match.end()):
                continue  # ``@see JSL 14.3. Local Class Declarations``: a section of a document
            if target and _JAVA_TARGET.fullmatch(target):
                scan.add(match, "body", target, "see")


def _markdown_links(scan: _Scan, defined: frozenset[str]) -> None:
    """JEP 467 reference links (``[Foo#bar]``, ``[label][Foo#bar(int)]``) of a ``///`` comment:
    cross-references, as ``{@link}`` (:mod:`docref.segments.markdown_links`), unless the
    comment ``defined`` the label as a URL; a bare word in brackets that is no name to judge
    (``[x]``, ``[null]``, a placeholder) is left out."""
    for match in scan.consume(_MARKDOWN_LINK):
        target = match["target"].split("(")[0]
        if "/" in target or not is_link(scan.text, match):
            continue  # a module (``[java.base/]``), or a link reference definition
        if match["target"].casefold() in defined:
            continue
        if "#" not in target and "." not in target and silent_name(target, xref=True):
            continue
        scan.add(match, "target", target, "link")


def _window(
    source: str, segment: Segment, parsed: ParsedDocstring, following: int, markdown: bool
) -> tuple[int, int]:
    """Where to scan: after the entry's name and type, up to the next segment (markup opened
    inside the segment may close after its last word, as in ``{@link Foo label}``).  A Javadoc
    sentence's text has its markup taken out, so one that opens with ``<code>sample</code>``
    or ``{@code value}`` starts at the name: the opener before it is the segment's too."""
    begin = segment.start
    for span in (segment.name_span, segment.type_span):
        if span is not None and segment.section != "@see":
            begin = max(begin, span[1])
    if begin == segment.start:
        pattern = _MARKDOWN_OPENER if markdown else _OPENER
        opener = pattern.search(source, max(parsed.body_start, begin - 24), begin)
        begin = opener.start() if opener is not None else begin
    return begin, min(following, parsed.body_end)


def find_mentions(
    source: str, parsed: ParsedDocstring, segment: Segment, language: str
) -> list[Mention]:
    """The explicit identifier mentions of ``segment`` (a segment of ``parsed``), in order."""
    later = [s.start for s in parsed.segments if s.start >= segment.end]
    # a ``///`` comment's reference links (``[Foo#bar]``) are marks of their own
    markdown = language == "java" and source.startswith("///", parsed.body_start - 3)
    following = min(later, default=parsed.body_end)
    begin, stop = _window(source, segment, parsed, following, markdown)
    if begin >= segment.end:
        return []
    see_also = language != "java" and (segment.section or "").lower() == "see also"
    marked = markdown and source.find("[", begin, stop) != -1
    if not see_also and not marked and not any_mark(source, begin, stop):
        return []
    scan = _Scan(source, begin, stop, segment.end)
    if language == "java":
        comment = source[parsed.body_start : parsed.body_end]
        _java(scan, segment, defined_labels(comment) if markdown else None)
    else:
        if see_also:
            _see_also(scan)
        _python_markup(scan)
        if not see_also:
            _python_plain(scan)
    # a Markdown code fence may open in an earlier segment than the one scanned
    fences = [m.span() for m in _FENCE.finditer(source, parsed.body_start, parsed.body_end)]
    kept = [m for m in scan.mentions if not any(b <= m.start < e for b, e in fences)]
    return sorted(kept, key=lambda m: m.start)
