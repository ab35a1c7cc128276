"""The identifiers a docstring defines itself, which its prose may then name as code.

Split from :mod:`.names` (its size): a name the docstring's own examples, literal blocks,
array shapes, pseudo-signatures or output entries introduce is not a stale name of the code.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_local import DEFINED, literal_blocks, passed_keywords

__all__ = ["example_words"]

# (the word boundary looked for behind the literal: a pattern starting with a literal is searched
# for in C, one starting with ``\b`` tried at every position -- the same matches, 10x faster)
_SHAPE = re.compile(r"shape(?<=\bshape)\s*[=:]?\s*\(([^()]*)\)")
# "an array with shape ``shape1``", "broadcastable to shape ``shape2``": numbered placeholders
# the sentence names shapes by (not "of shape `mask_shape`", a stale parameter of jax's)
_SHAPE_NAME = re.compile(r"shape(?<=\bshape)s?\s+[`*]+([A-Za-z_]\w*?\d+)[`*]+")
# a code span holding a ``{name}`` placeholder, and the placeholders in it
_TEMPLATE_SPAN = re.compile(r"`[^`\n]*\{[A-Za-z_]\w*\}[^`\n]*`")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
_PSEUDO_CALL = re.compile(r"\w\((.*)\)")
# a slice written in a code span, ``clip[t_start:t_end]`` or ``clip[t_start:t_end:speed]``: its
# bounds are the example's names for a start and an end (moviepy, round 38), not names of the code
_SLICE_SPAN = re.compile(r"`[\w.]+\[([^\]`\n]*:[^\]`\n]*)\]`")
# "func_name1, func_name2, :meth:`func_name`, func_name3" (numpydoc's See Also sample, in the
# docstring of the parser that reads it: sphinx's napoleon, dipy; rounds 5 and 27): a name
# written with two numbers after it or more is a template, and its bare stem one of the
# placeholders the docstring writes (a single ``shape1`` or ``x1`` is no series)
# a number ending a word right after an ASCII letter or ``_`` (``name1``, ``x_2``): where a
# numbered stem ends; its start is found by walking back over the word (see _numbered_stems)
_NUMBER_END = re.compile(r"[A-Za-z_](\d+)(?![\w.])")
_STEM_HEAD = re.compile(r"[A-Za-z_]")
_OUTPUTS = frozenset({"returns", "yields"})


def example_words(inp: StaticInput) -> tuple[set[str], set[str]]:
    """Identifiers the docstring defines itself: those of its doctests, literal and code
    blocks, where an explanation may define the names its prose then uses, and the dimension
    symbols of its array shapes (``of shape (n_samples, n_output_features)``, numbered ones:
    "with shape ``shape1``"), which the prose
    then names (```n_output_features` is the number of ...``), the parameters of a callable
    a parameter's type spells out (``chunk: callable(x_chunk, axis)``) and the names of its
    Returns and Yields entries, and the bounds of a slice its code spans write
    (``clip[t_start:t_end]``).  Second: the keywords its example code passes to the function,
    which the function does not take (a Python function without ``**kwargs``)."""
    parsed = inp.docstring
    pieces: list[str] = []
    position = parsed.body_start
    for segment in sorted(parsed.segments, key=lambda s: s.start):
        pieces.append(inp.source[position : segment.start])
        position = max(position, segment.end)
    pieces.append(inp.source[position : parsed.body_end])
    body = inp.source[parsed.body_start : parsed.body_end]
    fn = inp.function
    passed: set[str] = set()
    if inp.file.language == "python" and all(p.kind != "kwarg" for p in fn.params):
        code = "\n".join(pieces)
        names = [p.name for p in fn.params]
        passed = passed_keywords(code, fn.name, fn.qualname, names)
    pieces.extend(m[1] for m in _SHAPE.finditer(body))
    pieces.extend(m[1] for m in _SHAPE_NAME.finditer(body))
    pieces.extend(_numbered_stems(body))
    # a literal block inside an entry (``For example::`` then ``def new_function(): ...``),
    # and a symbol the prose defines (```n_world`` is the number of ...``)
    if "::" in body:  # (a literal block opens on a line ending in ``::``)
        pieces.extend(literal_blocks(body))
    defined = {m[1] or m[2] or m[3] for m in DEFINED.finditer(body)}
    pieces.extend(defined)
    # a name built on a placeholder the docstring defines: ``column_x``, "with `x` being ..."
    if defined:  # (no placeholder defined, none built on one: the body's words unread)
        words = set(re.findall(r"[^\W\d]\w*", body))
        pieces.extend(w for w in words if "_" in w.strip("_") and defined & set(w.split("_")))
    # the placeholders of a format template in a code span (`f'{module_name}{op}'`, then
    # "where `op` must be one of ...": metpy, round 21)
    if "{" in body:
        for span in _TEMPLATE_SPAN.finditer(body):
            pieces.extend(_PLACEHOLDER.findall(span[0]))
    if ":" in body:
        pieces.extend(m[1] for m in _SLICE_SPAN.finditer(body))
    # the parameters of a callable an entry's type spells out: ``callable(x_chunk, axis)``
    pieces.extend(m[1] for s in parsed.segments for m in _PSEUDO_CALL.finditer(s.type or ""))
    # the names of its own Returns/Yields entries (NumPy ``g_vector : ndarray``), which the
    # prose names as it names a parameter ("and therefore `g_vector` also zero")
    # (``self : Grid`` returns the instance: ``self._hue_var`` is still an attribute of it)
    params = {p.name for p in inp.function.params} | {"self", "cls"}
    pieces.extend(
        s.name for s in parsed.segments if s.kind in _OUTPUTS and s.name and s.name not in params
    )
    return set(re.findall(r"[^\W\d]\w*", " ".join(pieces))), passed


def _numbered_stems(body: str) -> list[str]:
    """The stems of three letters or more ``body`` writes with two numbers or more after
    them (``func_name1``, ``func_name2``: ``func_name``)."""
    # The stem is the whole word before its number (its first character an ASCII letter or
    # ``_``, no ``.`` before it): ``(?<![\w.])([A-Za-z_]\w*?[A-Za-z_])(\d+)(?![\w.])`` as one
    # pattern tried a lazy match at every word of every docstring; the number's end is rare.
    numbers: dict[str, set[str]] = {}
    for match in _NUMBER_END.finditer(body):
        end = match.start(1)
        start = end - 1
        while start and (body[start - 1].isalnum() or body[start - 1] == "_"):
            start -= 1  # isalnum or ``_``: what ``\w`` matches
        stem = body[start:end]
        if len(stem) < 3 or (start and body[start - 1] == ".") or not _STEM_HEAD.match(stem):
            continue
        numbers.setdefault(stem, set()).add(match[1])
    return [stem for stem, found in numbers.items() if len(found) >= 2]
