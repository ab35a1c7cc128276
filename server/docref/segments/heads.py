"""Recognisers for the first line of a Google or NumPy docstring entry (the reST and Epydoc
field tags are read in :mod:`docref.segments.python_fields`).

Each function takes the stripped text of one line and returns a :class:`Head` (what the
entry documents, with character spans relative to that line) or ``None`` when the line does
not start an entry of that grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docref.core.brackets import closing_bracket
from docref.core.frozen_init import fast_init

from .drafts import looks_like_type

__all__ = [
    "Head",
    "body_exception",
    "named_return",
    "numpy_described",
    "numpy_sibling",
]


@fast_init  # built by the ten thousand: docref.core.frozen_init
@dataclass(frozen=True, slots=True)
class Head:
    name: str | None = None
    name_span: tuple[int, int] | None = None
    type: str | None = None
    type_span: tuple[int, int] | None = None


# Stars may be escaped one by one (reST needs it): ``*args``, ``\*args``, ``\*\*kwargs``.
# A name starts with any letter, as a Python identifier may: the maths notation of scientific
# docstrings (``θ : float``, ``μ_Q (ndarray):``) is read as reST's ``:param θ:`` is.
_NAME = r"(?:\\?\*){0,2}[^\W\d][\w.]*"
_NAMES = re.compile(rf"{_NAME}(?:\s*,\s*{_NAME})*")
_EXC = r"~?[A-Za-z_][\w.]*"
_EXCS_GOOGLE = re.compile(rf"({_EXC}(?:\s*(?:,|\bor\b|\|)\s*{_EXC})*)\s*:(?=\s|$)")
_EXCS_NUMPY = re.compile(rf"{_EXC}(?:\s*,\s*{_EXC})*")
_TYPED_GOOGLE = re.compile(r"(?P<type>[^:]+?)\s*:(?=\s|$)")
_NUMPY_NAME_TYPE = re.compile(
    rf"(?P<name>{_NAME}(?:\s*,\s*{_NAME})*)(?P<sep>\s+:|:)\s*(?P<type>.*)"
)
# ``callback=None : Callable`` (round 73's py_cui): the default written in the name part,
# numpydoc's spaced separator after it
_NUMPY_NAME_DEFAULT = re.compile(rf"(?P<name>{_NAME})\s*=\s*[^\s:=][^:]*?\s+:\s*(?P<type>.+)")


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _close_paren(text: str, i: int) -> int | None:
    """Where the ``(`` at ``i`` closes, ``None`` when a ``]`` or ``}`` closes it instead."""
    close = closing_bracket(text, i + 1, "([{", ")]}")
    return close if close is not None and text[close] == ")" else None


def _strip_span(text: str, lo: int, hi: int) -> tuple[str, tuple[int, int]]:
    while lo < hi and text[lo].isspace():
        lo += 1
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    return text[lo:hi], (lo, hi)


def google_named(text: str) -> Head | None:
    """``x: …``, ``x (int): …``, ``*args: …``, ``x, y (int): …``."""
    match = _NAMES.match(text)
    if not match:
        return None
    k = _skip_spaces(text, match.end())
    type_text: str | None = None
    type_span: tuple[int, int] | None = None
    if k < len(text) and text[k] == "(":
        close = _close_paren(text, k)
        if close is None:
            return None
        type_text, type_span = _strip_span(text, k + 1, close)
        k = _skip_spaces(text, close + 1)
    if k < len(text) and text[k] == ":" and (k + 1 == len(text) or text[k + 1].isspace()):
        if type_text is None:
            # The common slip ``name: (int): desc`` still states a type.
            k = _skip_spaces(text, k + 1)
            close = _close_paren(text, k) if k < len(text) and text[k] == "(" else None
            after = close + 1 if close is not None else 0
            if close is not None and text[after : after + 1] == ":":
                found, span = _strip_span(text, k + 1, close)
                if looks_like_type(found):
                    type_text, type_span = found, span
        return Head(
            match.group(), match.span(), type_text or None, type_span if type_text else None
        )
    return None


def google_colonless(text: str) -> Head | None:
    """``x (int, optional)`` alone on its line, the colon forgotten: napoleon reads a line at
    the entries' indent as an entry all the same (the caller checks a description follows)."""
    match = re.match(_NAME, text)
    if match is None:
        return None
    k = _skip_spaces(text, match.end())
    close = _close_paren(text, k) if k < len(text) and text[k] == "(" else None
    if close is None or text[close + 1 :].strip():
        return None
    type_text, type_span = _strip_span(text, k + 1, close)
    if not looks_like_type(type_text):
        return None
    return Head(match.group(), match.span(), type_text, type_span)


def google_comma(text: str) -> Head | None:
    """``openings (list[Face], optional), sequence of faces to open`` at the entries' indent
    (round 84, build123d's ``offset``): a comma written for the colon after the type, which
    napoleon reads as an entry all the same; a line going on with no comma after the
    parenthesis (``values (in mm) are ...``) is prose."""
    match = re.match(_NAME, text)
    if match is None or "." in match.group():
        return None
    k = _skip_spaces(text, match.end())
    close = _close_paren(text, k) if k < len(text) and text[k] == "(" else None
    if close is None or re.match(r",\s+\S", text[close + 1 :]) is None:
        return None
    type_text, type_span = _strip_span(text, k + 1, close)
    if not looks_like_type(type_text):
        return None
    return Head(match.group(), match.span(), type_text, type_span)


def google_unclosed(text: str) -> Head | None:
    """``wep_max (float: Wormhole ...``, the closing parenthesis forgotten before the colon
    (round 60, mealpy): napoleon reads the line at the entries' indent as an entry all the
    same; a parenthesis closed later on the line (``values (see below: ...)``) is prose."""
    match = re.match(_NAME, text)
    if match is None or "." in match.group():
        return None
    k = _skip_spaces(text, match.end())
    if k >= len(text) or text[k] != "(" or _close_paren(text, k) is not None:
        return None
    colon = text.find(":", k)
    if colon < 0 or not text[colon + 1 :].strip() or any(c in "([{" for c in text[k + 1 : colon]):
        return None
    if text.startswith("//", colon + 1):
        return None  # ``see (https://…``: a link opening in prose
    type_text, type_span = _strip_span(text, k + 1, colon)
    if not type_text or not looks_like_type(type_text):
        return None
    return Head(match.group(), match.span(), type_text, type_span)


def numpy_named(text: str) -> Head | None:
    """``x : int``, ``x1, x2 : array_like``, ``x`` (names only), ``x: int`` (type-like),
    ``x=None : int`` (the entry of ``x``)."""
    defaulted = _NUMPY_NAME_DEFAULT.fullmatch(text)
    if defaulted and looks_like_type(defaulted["type"].strip()):
        type_text, type_span = _strip_span(text, defaulted.start("type"), defaulted.end("type"))
        return Head(defaulted["name"], defaulted.span("name"), type_text, type_span)
    match = _NUMPY_NAME_TYPE.fullmatch(text)
    if match:
        if _OPENS_ROLE.match(text, match.end("sep")):
            # ``Instantiated :py:class:`Run` class.``: the colon opens a Sphinx role of a
            # description line, not an entry's separator (numpydoc splits on " : ", napoleon
            # skips roles); round 42's skorch
            return None
        type_text, type_span = _strip_span(text, match.start("type"), match.end("type"))
        if match.group("sep") == ":" and type_text and not looks_like_type(type_text):
            return None
        # ``mask, optional : str`` (round 50's ase): the optional marker written before the
        # colon ends the name list; it is no parameter named ``optional``
        marked = _OPTIONAL_TAIL.fullmatch(match.group("name"))
        name, name_span = match.group("name"), match.span("name")
        if marked:
            name, name_span = marked["names"], (name_span[0], name_span[0] + marked.end("names"))
        return Head(name, name_span, type_text or None, type_span if type_text else None)
    if _NAMES.fullmatch(text):
        typed = _COMMA_TYPED.fullmatch(text)
        if typed:
            # ``crop_noise_tail, bool, optional`` (round 57's pyfar): a builtin type after the
            # names, written with a comma for the colon; no parameter is named ``bool``
            return Head(typed["names"], typed.span("names"), typed["type"], typed.span("type"))
        marked = _OPTIONAL_TAIL.fullmatch(text)
        if marked:
            # ``freq, optional`` (VS Code autoDocstring's NumPy template): napoleon's
            # optionality marker written without a type, not a parameter named ``optional``
            return Head(marked["names"], marked.span("names"), "optional", marked.span("mark"))
        return Head(text, (0, len(text)))
    return None


# a role's name and its target's backtick right after a colon: ``:py:class:`X```, ``:obj:`x```
_OPENS_ROLE = re.compile(r"[A-Za-z][\w.+-]*(?::[A-Za-z][\w.+-]*)*:`")
_OPTIONAL_TAIL = re.compile(rf"(?P<names>{_NAMES.pattern})\s*,\s*(?P<mark>[Oo]ptional)")
# (the names lower-case and no type themselves: ``Point3D, Line3D, Plane, tuple, list`` lists
# the types an argument may have, round 8's sympy)
_BUILTIN_TYPE = r"(?:bool|int|float|complex|str|bytes|list|dict|tuple|set)\b"
_LOWER_NAME = rf"(?!{_BUILTIN_TYPE})[a-z_][a-z0-9_]*"
_COMMA_TYPED = re.compile(
    rf"(?P<names>{_LOWER_NAME}(?:\s*,\s*{_LOWER_NAME})*)\s*,\s*"
    rf"(?P<type>{_BUILTIN_TYPE}(?:\s*,\s*[Oo]ptional)?)"
)
_NUMPY_LOOSE = re.compile(rf"(?P<name>{_NAME})\s*:\s*(?P<type>\S.*)")


def numpy_described(text: str) -> Head | None:
    """``mode: int (default 3)``: a NumPy ``name: type`` line whose type does not read as
    one.  Only for a line an indented description follows (see the caller): prose such as
    ``Note: …`` has none, so it is never read as an entry."""
    match = _NUMPY_LOOSE.fullmatch(text)
    if match is None:
        return None
    # a sentence end is punctuation, not part of the type (``x: str, or file object.``)
    type_text, type_span = _strip_span(text, match.start("type"), len(text.rstrip(".")))
    if not type_text:
        return Head(match.group("name"), match.span("name"))
    return Head(match.group("name"), match.span("name"), type_text, type_span)


def google_typed(text: str) -> Head:
    """First line of a Google ``Returns:``/``Yields:`` section: ``int: …``, a named value
    with its type (:func:`named_return`) or plain prose."""
    match = _TYPED_GOOGLE.match(text)
    if match and looks_like_type(_unticked(match.group("type"))):
        return Head(type=match.group("type").strip(), type_span=match.span("type"))
    return named_return(text) or Head()


def named_return(text: str) -> Head | None:
    """``writer_batch_size (`Optional[int]`): …``: a Google Returns entry naming the value,
    its type in parentheses, as Hugging Face's doc-builder writes one (datasets,
    transformers; a session 38 recall miss): the type of what comes back.  The name is
    left out of the head: the entry documents the return value, not a parameter."""
    head = google_named(text)
    if head is None or head.type is None or head.name is None or not head.name.isidentifier():
        return None
    if head.name.lower() in _TYPE_WORDS or not looks_like_type(_unticked(head.type)):
        # ``list (str): A list of accepted attributes`` (pennylane): the kind first, then
        # its items' type in parentheses -- no name
        return None
    return Head(type=head.type, type_span=head.type_span)


# the kinds a writer may put where a named return's name goes (``list (str): …``)
_TYPE_WORDS = frozenset(
    {"list", "dict", "tuple", "set", "frozenset", "str", "string", "int", "integer", "float"}
    | {"bool", "boolean", "bytes", "object", "array", "ndarray", "tensor", "sequence"}
    | {"iterable", "iterator", "generator", "callable", "mapping", "dictionary", "none"}
)


def _unticked(text: str) -> str:
    """A type wholly in code markup, as the Hugging Face doc-builder writes a Returns entry
    (```List[str]`: A list of paths.``), without the backticks; other text as it is."""
    match = re.fullmatch(r"\s*(`{1,2})([^`]+)\1\s*", text)
    return match.group(2) if match else text


def numpy_typed(text: str) -> Head | None:
    """NumPy ``Returns``/``Yields`` line: ``name : type`` or a bare type."""
    match = _NUMPY_NAME_TYPE.fullmatch(text)
    if match and match.group("type").strip():
        type_text, type_span = _strip_span(text, match.start("type"), match.end("type"))
        if match.group("sep") != ":" or looks_like_type(type_text):
            return Head(match.group("name"), match.span("name"), type_text, type_span)
    if looks_like_type(text):
        return Head(type=text, type_span=(0, len(text)))
    return None


def numpy_sibling(text: str) -> Head | None:
    """A NumPy ``name: description`` line among named ``Returns`` entries: an entry of its
    own (numpydoc reads every line at the entries' indent as one), its words not a type."""
    match = _NUMPY_NAME_TYPE.fullmatch(text)
    if match is None or not match.group("name").isidentifier():
        return None
    return Head(match.group("name"), match.span("name"))


def google_exc(text: str) -> Head | None:
    match = _EXCS_GOOGLE.match(text)
    if not match:
        return None
    return Head(match.group(1), match.span(1))


def numpy_exc(text: str) -> Head | None:
    if _EXCS_NUMPY.fullmatch(text):
        return Head(text, (0, len(text)))
    return google_exc(text)


_BODY_EXCS = re.compile(rf"\s*({_EXC}(?:\s*(?:,|\bor\b|\|)\s*{_EXC})*)\s*(?::(?=\s|$)|$)")


def body_exception(text: str, start: int) -> Head | None:
    """The exception a ``:raises:`` field without argument names at the start of its body
    (``:raises: TypeError: when …``, ``:raises: TypeError``); ``start`` is where the body
    begins in the line ``text``.  Only class-like names count (the last dotted part starts
    with a capital): ``:raises: error: …`` is prose."""
    match = _BODY_EXCS.match(text, start)
    if match is None:
        return None
    names = re.split(r"\s*(?:,|\bor\b|\|)\s*", match.group(1))
    if not all(n.lstrip("~").rsplit(".", 1)[-1][:1].isupper() for n in names):
        return None
    return Head(match.group(1), match.span(1))


_ENTRY_BULLET = re.compile(r"[-+*\u2022]\s+")
_TICKED_NAME = re.compile(r"(`{1,2})([^`\s]+)\1")


def _shift(
    span: tuple[int, int] | None, cut: int, tick: int, offset: int
) -> tuple[int, int] | None:
    if span is None:
        return None
    lo, hi = span
    return (
        lo + offset + (tick if lo < cut else 2 * tick),
        hi + offset + (tick if hi <= cut else 2 * tick),
    )


def entry_head(grammar: str, text: str, numpy: bool) -> Head | None:
    """Dispatch to the recogniser for ``grammar`` (``named`` / ``typed`` / ``exc``).

    A bullet (``- x: …``) and backticks around the name (````x``: …``) are tolerated; the
    spans still point into ``text``.
    """
    bullet = _ENTRY_BULLET.match(text)
    ticked = _TICKED_NAME.match(text, bullet.end() if bullet else 0)
    if grammar != "typed" and (bullet or ticked):
        offset = bullet.end() if bullet else 0
        body = text[offset:]
        tick = 0
        if ticked:
            tick = len(ticked.group(1))
            body = ticked.group(2) + text[ticked.end() :]
        head = _dispatch(grammar, body, numpy)
        if head is None:
            return None
        cut = len(ticked.group(2)) if ticked else len(body)
        return Head(
            head.name,
            _shift(head.name_span, cut, tick, offset),
            head.type,
            _shift(head.type_span, cut, tick, offset),
        )
    return _dispatch(grammar, text, numpy)


def _dispatch(grammar: str, text: str, numpy: bool) -> Head | None:
    if grammar == "named":
        return numpy_named(text) if numpy else google_named(text)
    if grammar == "exc":
        return numpy_exc(text) if numpy else google_exc(text)
    return numpy_typed(text) if numpy else google_typed(text)
