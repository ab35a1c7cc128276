"""Names a docstring introduces or quotes itself, for the C1 name rules (:mod:`.names`).

Held-out round 16's false alarms on bare names the docstring itself accounts for:

* :func:`introduced_names` -- names the prose defines: "Define ``shared_min`` to be ...",
  "the ``offset_tolerance`` will equal the ``ref_duration * 0.2``" (mir_eval, round 94),
  "an ApplyUnitaryArgs object `uargs`"
  (an indefinite article, a noun, then ``object``/``instance`` and the name: cirq), the items
  of a tuple the docstring spells out, "as a tuple ``(id_name, version, codename)``" (distro),
  or writes in code markup alone (``(anchor, axial_anchor, direction, u, v)``, a shape's
  ``[state_size, state_size]``),
  and every identifier of a Google ``Usage:``/``Example:`` block whose lines are code (an
  indented block with no ``::``: cirq's ``alternative``), and the function or class a code
  line of it defines (``def logerfcx(x):`` in botorch's prose).
* :func:`quoted_keys` -- the keys it quotes as strings (``- 'RiseTime': Time from 10% to 90%
  ...``, round 19's control), which its prose then names bare (```RiseTime```): a key of a
  value, not an old parameter name (an option value ``'gensim':`` says nothing of the
  cross-reference ``:meth:`gensim.models.X.update```).
* :func:`quoted_spans` -- text that is not prose at all: those code blocks, quoted program
  output ("asyncio/base_events.py:641: RuntimeWarning: ...", a traceback), whose words are
  the program's, not references to this code (slack-sdk), and a docstring that is all code
  (thermo's docstring ``from sympy import * ... cse(diff(... Psati(T) ...))``, round 35:
  the derivation the method's body was generated from).
* :func:`one_of_plural` -- "a `resolved_circuit`" for the parameter ``resolved_circuits``:
  an indefinite article or ``each`` before the singular of a plural parameter names one of its
  items (cirq), and so does the singular heading a hyphenated compound ("the
  `control_cat`-grouped samples").
* :func:`data_named` -- "a column named `instance_id`": the name a sentence gives a piece of
  the caller's data (a column, key, field, file), not a name of the code (featuretools,
  round 42), or a parenthesis gives the thing before it ("the accessed time (called
  `atime`)", manim, round 67).
* :func:`loop_variable` -- a did-you-mean candidate that is only a ``for`` target of the body
  (``termid`` in ``{termid: ... for termid, df in dfs.items()}``) is a placeholder of the code,
  as the prose's ``term_id`` is of the data: no evidence that the prose names code (gensim).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator

from docref.checks.static.base import StaticInput
from docref.checks.static.names_plural import word_singulars

__all__ = [
    "data_named",
    "introduced_names",
    "loop_variable",
    "one_of_plural",
    "quoted_keys",
    "quoted_spans",
]

# "an ApplyUnitaryArgs object `uargs`", "a ``Foo`` instance ``foo``": the name the sentence
# gives a new value ("the object `uargs`" refers to one, which may have been renamed)
_OBJECT_NAMED = re.compile(
    r"\ban?\s+(?:[`*]*[\w.]+[`*]*\s+){0,2}(?:object|instance)\s+[`*]+([^\W\d]\w*)[`*]+"
)
# "as a tuple ``(id_name, version, codename)``", "returns a pair `(key, value)`", "a tuple of
# ``(predictive_mean, predictive_covar)``" (gpytorch, round 16): the items
# the docstring names the parts of a value by (described one by one after it)
_TUPLE_NAMED = re.compile(
    r"\b(?:tuple|pair|triple|triplet|namedtuple)s?\s+(?:of\s+(?:the\s+)?(?:form\s+)?)?"
    r"[`*]+\(\s*([^\W\d]\w*(?:\s*,\s*[^\W\d]\w*)+)\s*,?\s*\)[`*]+"
)
# a code-marked tuple or list display of bare names, ``(anchor, axial_anchor, direction, u,
# v)`` (round 84, optiland's ``entry_frame``), ``[n,m,theta,phi,n_size]`` (strawberryfields),
# ``(n_world, n_pix)`` (astropy): the labels of a value's parts or of a shape's axes, which
# the prose then names one by one; not a call or subscript (``f(a, b)``, ``x[i, j]``: the
# bracket right after the markup)
_DISPLAY = re.compile(r"(`{1,2})[(\[]\s*([^\W\d]\w*(?:\s*,\s*[^\W\d]\w*)+)\s*,?\s*[)\]]\1(?!`)")
_DISPLAY_WORDS = ("`(", "`[")
# a Google section of example code written without ``::`` (napoleon renders it as a literal)
_EXAMPLE_HEADER = re.compile(r"^(\s*)(?:Usage|Example|Examples|Example\s+usage)\s*:\s*$")
# a line that is Python code, not a sentence: a statement keyword, a decorator, a comment,
# an assignment or a call statement
_CODE_LINE = re.compile(
    r"^\s*(?:(?:class|def|async\s+def|import|from|return|with|for|if)\s+\S"
    r"|@[\w.]+|#|[\w.\[\]]+\s*=[^=]|[\w.]+\(.*\)\s*$|\.\.\.\s*$)"
)
# quoted program output: "path/file.py:641: RuntimeWarning: ...", "Traceback (most recent ..."
_OUTPUT_LINE = re.compile(
    r"^\s*(?:\S+\.py:\d+:\s*\w*(?:Warning|Error|Exception)\b|Traceback \(most recent call last\))"
)
# "- 'RiseTime': Time from 10% to 90% ...": a key the docstring quotes as a string (control's
# ``stepinfo`` lists the keys of the dict it returns, then says "after `RiseTime`")
# (the lookbehind after the quote, the pattern's first item a set: searched for in C)
_QUOTED_KEY = re.compile(r"""(['"])(?<![\w'"].)([^\W\d]\w*)\1\s*:(?!:)""")
# a function or class a code line of the docstring defines, in a block with or without
# ``::`` ("based on the following implementation ... def logerfcx(x): ...": botorch, round 16)
_DEF_LINE = re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([^\W\d]\w*)[ \t]*[(:]", re.M)
# "Define ``shared_min`` to be the minimum value ...", "Let `n_eff` denote ...", "``x0`` is
# defined as ...": a term of the docstring's own (nibabel's ``float_to_int``), which the rest
# of it names in code markup ("we threshold `arr` at ``shared_min``"); "the ``offset_tolerance``
# will equal the ``ref_duration * 0.2``": a quantity the sentence defines by its value (mir_eval,
# round 94), not a name of the code
_DEFINED = re.compile(
    r"\b(?:[Dd]efine|[Ll]et)\s+[`*]+([^\W\d]\w*)[`*]+\s+(?:to\s+be|be|as|denote)\b"
    r"|[`*]+([^\W\d]\w*)[`*]+\s+(?:is|are)\s+defined\s+(?:as|to\s+be)\b"
    r"|[`*]+([^\W\d]\w*)[`*]+\s+(?:will|would|shall)\s+equal\b"
)
_DEFINED_WORDS = ("efine", "Let", "let", " equal")
_OBJECT_WORDS = ("object", "instance")
_TUPLE_WORDS = ("tuple", "pair", "triple")
_ONE_OF = re.compile(r"\b(?:an?|each|every|any|one)\s+[`*]+$", re.I)


def introduced_names(body: str) -> set[str]:
    """The names ``body`` (a docstring's text) introduces itself (see the module docstring)."""
    # each pattern's words first: most docstrings lack them, and a pattern opening with ``\b``
    # or ``^`` is tried at every position of the text
    names = {m[1] for m in _OBJECT_NAMED.finditer(body)} if _has(body, _OBJECT_WORDS) else set()
    if _has(body, ("def", "class")):
        names.update(m[1] for m in _DEF_LINE.finditer(body))
    for match in _DEFINED.finditer(body) if _has(body, _DEFINED_WORDS) else ():
        names.add(match[1] or match[2] or match[3])
    for match in _TUPLE_NAMED.finditer(body) if _has(body, _TUPLE_WORDS) else ():
        names.update(part.strip() for part in match[1].split(","))
    for match in _DISPLAY.finditer(body) if _has(body, _DISPLAY_WORDS) else ():
        names.update(part.strip() for part in match[2].split(","))
    for start, end in _example_code(body):
        names.update(re.findall(r"[^\W\d]\w*", body[start:end]))
    return names


def _has(body: str, words: tuple[str, ...]) -> bool:
    return any(map(body.__contains__, words))


def quoted_keys(body: str) -> set[str]:
    """The keys ``body`` quotes as strings before a colon (``- 'RiseTime': Time from ...``)."""
    return {m[2] for m in _QUOTED_KEY.finditer(body)}


def quoted_spans(body: str) -> list[tuple[int, int]]:
    """Offsets in ``body`` of text that is code or program output, not prose: Google example
    blocks of code and quoted warnings or tracebacks (the line and the lines indented under
    it, up to a blank line)."""
    if _all_code(body):
        return [(0, len(body))]
    spans = list(_example_code(body))
    if ".py:" not in body and "Traceback (" not in body:
        return spans  # what every output line holds (:data:`_OUTPUT_LINE`)
    lines = body.splitlines(keepends=True)
    offsets = _line_offsets(lines)
    for i, line in enumerate(lines):
        if not _OUTPUT_LINE.match(line):
            continue
        indent = len(line) - len(line.lstrip())
        j = i + 1
        while j < len(lines) and lines[j].strip():
            if len(lines[j]) - len(lines[j].lstrip()) < indent:
                break
            j += 1
        spans.append((offsets[i], offsets[j]))
    return spans


def _all_code(body: str) -> bool:
    """``body`` is two lines or more of Python and nothing else, its first line a statement
    (:data:`_CODE_LINE`): a snippet kept as the docstring (a symbolic derivation, a recipe),
    whose names are the snippet's.  A prose line anywhere fails to parse."""
    lines = [line for line in body.splitlines() if line.strip()]
    if len(lines) < 2 or not _CODE_LINE.match(lines[0]):
        return False
    # the first line starts after the quotes, the others at the docstring's indent
    first, _, rest = body.strip("\n").partition("\n")
    try:
        ast.parse(first.strip() + "\n" + textwrap.dedent(rest))
    except (SyntaxError, ValueError):
        return False
    return True


def _line_offsets(lines: list[str]) -> list[int]:
    """Where each line starts in the text they split, and where the text ends."""
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    return offsets


def _example_code(body: str) -> Iterator[tuple[int, int]]:
    """Offsets of the Google ``Usage:``/``Example:`` blocks of ``body`` that are code: the
    lines indented under the header, when most of their first lines read as Python."""
    if "sage" not in body and "xample" not in body:
        return
    lines = body.splitlines(keepends=True)
    offsets = _line_offsets(lines)
    for i, line in enumerate(lines):
        header = _EXAMPLE_HEADER.match(line)
        if header is None:
            continue
        base = len(header[1])
        j = i + 1
        while j < len(lines) and (
            not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > base
        ):
            j += 1
        block = [b for b in lines[i + 1 : j] if b.strip()]
        if not block or block[0].lstrip().startswith(">>>"):
            continue  # a doctest is read as such elsewhere
        code = sum(bool(_CODE_LINE.match(b)) for b in block[:6])
        if code * 2 > min(len(block), 6):
            yield offsets[i + 1], offsets[j]


def one_of_plural(
    inp: StaticInput, start: int, name: str, sentence: str = "", end: int | None = None
) -> bool:
    """``name``, a mention starting at ``start``, follows "a"/"an"/"each", or heads a
    hyphenated compound (it ends at ``end``: "the `control_cat`-grouped samples", scikit-bio,
    round 16), and a parameter of the function is its plural: one item of that parameter.  Or
    the ``sentence`` holding it names in code markup the singulars of two plural parameters or
    more, ``name`` among them ("every combination of `svg_path`, `color`, and `opacity`" for
    ``svg_paths``, ``colors``, ``opacities``: napari, round 15): one item of each."""
    plural_of = {}
    for p in inp.function.params:
        for single in word_singulars(p.name):
            plural_of[single] = p.name
    if name not in plural_of:
        return False
    if _ONE_OF.search(inp.source[max(0, start - 12) : start]):
        return True
    if end is not None and _COMPOUND.match(inp.source, end):
        return True
    marked = {m[1] for m in _MARKED.finditer(sentence)}
    return len({plural_of[m] for m in marked if m in plural_of}) >= 2


_MARKED = re.compile(r"(?<![\w`*])[`*]+([A-Za-z_]\w*)[`*]+(?![\w`*])")
# "the `control_cat`-grouped samples", "the `control_cat`-group": the mention (its markup), then
# a hyphen and a word -- the first part of a compound adjective or noun, not a name on its own
_COMPOUND = re.compile(r"[`*]*-[a-z]")


# right before a mention: a piece of data, then the verb naming it ("a column named `time`",
# "the key called ``id``", "a file named ``setup.cfg``"); "a parameter named `x`", "the method
# called `x`" name code and stay judged
# ... and "the accessed time (called `atime`)": a parenthesis naming the thing before it
# gives a term of the domain (manim's ``modify_atime``, round 67), not a name of the code
_DATA_NAMED = re.compile(
    r"(?:\b(?:column|key|field|header|file|folder|directory|table|sheet|dimension|coordinate"
    r"|label|tag|entry|environment\s+variable)s?\s+(?:named|called|titled|labell?ed)"
    r"|\(\s*(?:also\s+)?(?:called|named|known\s+as|aka|a\.k\.a\.|referred\s+to\s+as|termed))"
    r"\s+[`*'\"]+$",
    re.I,
)


def data_named(inp: StaticInput, start: int) -> bool:
    """The mention starting at ``start`` follows a piece of data and the verb naming it ("If
    a DataFrame is passed ... a column named `instance_id`": the caller's column, whatever the
    code's names are; featuretools' ``dfs``, round 42, beside ``instance_ids``)."""
    return _DATA_NAMED.search(inp.source, max(0, start - 40), start) is not None


def loop_variable(inp: StaticInput, name: str) -> bool:
    """``name`` is bound in the function only as a ``for`` target (a loop or a
    comprehension): not a parameter, nor assigned, nor defined anywhere in the file.

    The extraction records those names (``Function.loop_names``) while it scans the body's
    bindings, strings and comments blanked: a name assigned, bound by ``with ... as``,
    ``:=`` or ``global`` too is a real local."""
    if name not in inp.function.loop_names:
        return False
    return name not in {f.name for f in inp.file.functions} | {c.name for c in inp.file.classes}
