"""Names a docstring accounts for itself, for the C1 name rules (:mod:`.names`).

* :func:`literal_blocks` -- the reST literal blocks (``For example::`` and the lines indented
  under it) whose code defines the names the prose then uses; a directive (``.. warning::``)
  is prose, not a literal block.
* :func:`parameter_family` -- ``the _codepoint arguments``: a suffix (or a prefix ending in
  ``_``) naming two or more parameters at once (``min_codepoint``, ``max_codepoint``), or
  two or more words of the docstring (``hmc_pyro``, ``nuts_pyro``: :func:`docstring_words`).
* :data:`OTHERS_PARAMETER` -- after a mention, "argument of X" / "keyword to X": the name is a
  parameter of another callable (``the parse_strict argument of Unit``).
* :func:`name_family` -- ``the urfft functions`` for ``urfft2`` and ``urfftn``: a family stem;
  ``IOResultLike`` for the project's ``IOResultLike2`` .. ``IOResultLikeN``.
* :func:`c_type_name` -- ``nvmlMemory_t`` in a ctypes binding: the wrapped C library's type.
* :func:`bound_constant` -- ``GLFW_PRESS`` where the file imports ``glfw``: the bound C
  library's constant.
* :func:`wrapped_name` -- ``grid_sample`` beside ``_torch_grid_sample``: the name a wrapper
  in scope wraps; ``all_gather`` beside ``global_all_gather``, a function the documented one
  calls that hands the work to another library's ``_all_gather``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator

from docref.checks.static.base import StaticInput
from docref.checks.static.names_scope import project_names
from docref.core.word_search import is_word_char, word_count

__all__ = [
    "DEFINED",
    "OTHERS_PARAMETER",
    "bound_constant",
    "c_type_name",
    "docstring_words",
    "family_or_c_type",
    "family_shaped",
    "literal_blocks",
    "name_family",
    "parameter_family",
    "wrapped_name",
]

# after a mention: "argument of X" / "keyword to X" names a parameter of another callable;
# not a value after it, nor the function itself: "A ``timeout`` argument of zero will ..." and
# "The ``timeout`` argument of this method differs ..." (tornado's ``Queue.get``, session 31
# recall) speak of this function's parameter
OTHERS_PARAMETER = re.compile(
    r"[`*'\"]*\s+(?:argument|parameter|keyword|kwarg|option)s?\s+(?:of|to|for|in|accepted\s+by)\s+"
    r"(?![`*'\"]*(?:-?\d|zero|one|none|true|false|null)\b"
    r"|this\s+(?:method|function|callable|constructor|call|class)\b)\S",
    re.I,
)
# "where ``n_world`` is ...", "where ``log_space`` refers to ...", "with `x` being ...", and
# an indefinite article introducing a symbol: "contains a function alpha_bar that takes an
# argument t" (diffusers' ``betas_for_alpha_bar``, round 13) -- "a", not "the": "the function
# `foo` that ..." refers to a function, which may have been renamed
DEFINED = re.compile(  # (the lookahead lets the engine skip, in C, what cannot start a match)
    r"(?=[wa])\b(?:where\s+[`*]*([^\W\d]\w*)[`*]*\s+(?:is|are|denotes|means|refers\s+to|stands\s+for"
    r"|represents|is\s+defined\s+as)"
    r"|with\s+[`*]*([^\W\d]\w*)[`*]*\s+(?:being|representing|denoting)"
    r"|an?\s+(?:function|callable|variable|symbol|quantity|constant)\s+[`*]*([^\W\d]\w*)[`*]*"
    r"\s+(?:that|which|defined\s+as|given\s+by))\b"
)
_WORD = re.compile(r"\w+")
_DIRECTIVE = re.compile(r"\s*\.\.\s+[\w:-]+::")


def literal_blocks(body: str) -> Iterator[str]:
    """The reST literal blocks of ``body``: the lines after one ending in ``::`` that are
    indented deeper than it (blank lines included)."""
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if not line.rstrip().endswith("::") or _DIRECTIVE.match(line):
            continue  # ``.. warning::`` opens a directive of prose, not a literal block
        base = len(line) - len(line.lstrip())
        block = []
        for following in lines[i + 1 :]:
            if following.strip() and len(following) - len(following.lstrip()) <= base:
                break
            block.append(following)
        yield "\n".join(block)


def parameter_family(name: str, params: Iterable[str]) -> bool:
    """``_characters`` for ``include_characters`` and ``exclude_characters``: a suffix (or a
    prefix ending in ``_``) that names a family of two or more parameters at once -- or of
    two or more words of the docstring: "the samplers ending on ``_pyro``" after
    ``hmc_pyro``, ``nuts_pyro`` (round 47, sbi's ``MCMCPosterior``)."""
    others = set(params) - {name}
    if name.startswith("_"):
        return sum(p.endswith(name) for p in others) >= 2
    if name.endswith("_"):
        return sum(p.startswith(name) for p in others) >= 2
    return False


def family_shaped(name: str) -> bool:
    """Whether :func:`parameter_family` can hold for ``name`` at all (a name that starts or
    ends with an underscore): the one test the callers need before gathering the family's
    candidates."""
    return name.startswith("_") or name.endswith("_")


def docstring_words(inp: StaticInput) -> set[str]:
    """The identifiers the docstring's text writes (for :func:`parameter_family`)."""
    return set(_WORD.findall(inp.source, inp.docstring.body_start, inp.docstring.body_end))


def name_family(name: str, candidates: list[str], project: Collection[str] = ()) -> bool:
    """``the ``urfft`` functions`` for ``urfft2`` and ``urfftn``: a name that two or more
    names in scope extend names their family (the stem they share), not a misspelt one.
    So does a stem whose arity-numbered members (``IOResultLike2``, ``IOResultLike3``,
    ``IOResultLikeN``) are the project's, one of them in scope: returns' "with
    ``IOResultLike`` returning function" beside the imported ``IOResultLikeN`` (round 68).
    Only a number or ``N`` after the stem counts project-wide: a word added there
    (``frobnicate_all``) is the renamed helper C1 is there for."""
    if sum(c.startswith(name) and c != name for c in set(candidates)) >= 2:
        return True
    # a member in scope first: the scan of every project name runs only when one is there
    if not any(c in project and _numbered(c, name) for c in set(candidates)):
        return False
    return sum(_numbered(c, name) for c in project) >= 2


def _numbered(member: str, stem: str) -> bool:
    """``member`` is ``stem`` and a number or ``N`` (``IOResultLike2``, ``IOResultLikeN``)."""
    return member.startswith(stem) and _ARITY.fullmatch(member[len(stem) :]) is not None


# what numbers the members of a family of generic types or functions (``Kind1``..``KindN``)
_ARITY = re.compile(r"[0-9]+|[Nn]")


def family_or_c_type(inp: StaticInput, name: str, candidates: list[str]) -> bool:
    """:func:`name_family` with the project's names, or :func:`c_type_name`: the two ways a
    bare name in prose names code of this project's that is not one name in scope."""
    return name_family(name, candidates, project_names(inp.graph)) or c_type_name(
        inp, name, candidates
    )


def c_type_name(inp: StaticInput, name: str, candidates: Iterable[str]) -> bool:
    """``An `nvmlMemory_t` object`` in a ctypes binding whose Python structure is
    ``c_nvmlMemory_t`` (neptune's vendored pynvml, round 68): a file that imports ctypes or
    cffi documents the C library it wraps, and the name a ``c_`` structure in scope mirrors is
    that library's type.  In a file without a C binding the ``c_`` name is this code's own,
    and the name without its prefix a stale one."""
    modules = _imported_modules(inp)
    if not modules & {"ctypes", "cffi"}:
        return False
    return f"c_{name}" in candidates


def wrapped_name(inp: StaticInput, name: str, candidates: tuple[str, ...] | list[str]) -> bool:
    """``grid_sample`` where ``_torch_grid_sample`` is in scope and the file imports ``torch``:
    a multi-word name that a name in scope ends with, after the name of a module the file
    imports, is that library's function the name wraps (kornia's ``_torch_grid_sample`` calls
    torch's ``grid_sample``), which the prose names as such.  So is a name a function of the
    file ends with when the documented function calls it and its body calls another library's
    function of that name (:func:`_delegates`).  Any other prefix (add, user, new) makes a name
    of this code one word longer: a renamed helper's new name, the stale-name evidence C1 is
    there for."""
    if _binding_name(inp, name, candidates):
        return True
    if "_" not in name.strip("_"):
        return False  # one word (``sample``) ends too many names to say whose it is
    modules = _imported_modules(inp)
    for c in candidates:
        if c.endswith(f"_{name}") and c.strip("_") != name:
            prefix = c[: -len(name) - 1].strip("_")
            if prefix and set(prefix.split("_")) & modules:
                return True
            if prefix and _delegates(inp, c, name):
                return True
    return False


def _bound_prefixes(inp: StaticInput) -> set[str]:
    """The lower-case names a file's absolute imports bind a library under: the module's last
    part and its alias (``pyglet.gl as GL``: ``gl``; ``import glfw``: ``glfw``)."""
    prefixes = set()
    for imp in inp.file.imports:
        if imp.module and not imp.level:
            prefixes |= {imp.module.rpartition(".")[2].lower(), (imp.bound_name or "").lower()}
    prefixes.discard("")
    return prefixes


def bound_constant(inp: StaticInput, name: str) -> bool:
    """``GLFW_PRESS`` in a file that imports ``glfw`` (round 63, moderngl-window's key callback:
    "action: ``GLFW_PRESS``, ``GLFW_RELEASE`` or ``GLFW_REPEAT``" beside its ``ACTION_PRESS``):
    an ALL_CAPS name whose first word is a library the file imports is that C library's
    constant, the value the binding passes on, not a constant of this code renamed.  Without
    such an import the prefix is this code's own (a stale name)."""
    head, sep, rest = name.partition("_")
    return bool(sep and rest) and head.isupper() and head.lower() in _bound_prefixes(inp)


def _binding_name(inp: StaticInput, name: str, candidates: tuple[str, ...] | list[str]) -> bool:
    """``glLinkProgramObjectARB`` beside the wrapper ``linkProgramObjectARB`` where the file
    imports ``pyglet.gl as GL`` (round 88, psychopy): the bound library's C-style name -- the
    module's name as a prefix of the wrapper's, camelCase -- which the prose names beside the
    wrapper.  Without such an import the prefix makes a name of this code (a stale one)."""
    prefixes = _bound_prefixes(inp)
    for c in candidates:
        cut = len(name) - len(c)
        camel = cut > 0 and c[:1].islower() and name[cut:] == c[:1].upper() + c[1:]
        if camel and name[:cut].lower() in prefixes:
            return True
    return False


def _imported_modules(inp: StaticInput) -> set[str]:
    """The top-level modules the file imports absolutely (``torch``, ``ctypes``)."""
    return {imp.module.split(".")[0] for imp in inp.file.imports if imp.module and not imp.level}


def _delegates(inp: StaticInput, wrapper: str, name: str) -> bool:
    """The documented function calls ``wrapper``, a function of its file, whose body calls
    ``name`` (or ``_name``) as a member of a module it imports from outside the project:
    "Performs an :obj:`all_gather`" over a call of ``global_all_gather``, which runs
    ``rpc.api._all_gather(obj)`` (torch_geometric, round 42) -- the operation the wrapper hands
    on, named as that library names it.  A wrapper calling a name of this project (its own
    ``self._all_gather``, a project module's) is this code's, and a renamed one stays judged."""
    own = inp.function
    if not any(r.name in (wrapper, f"self.{wrapper}", f"cls.{wrapper}") for r in own.references):
        return False
    external = {
        imp.bound_name
        for imp in inp.file.imports
        if not imp.scope and inp.graph.modules.resolve_import(inp.path, imp)[0] is None
    }
    for fn in inp.file.functions:
        if fn.name != wrapper:
            continue
        for ref in fn.references:
            parts = ref.name.split(".")
            called = ref.kind == "call" and len(parts) > 1 and parts[0] in external
            if called and parts[-1].lstrip("_") == name:
                return True
    return False


_DOCTEST = re.compile(r"^[ \t]*(?:>>>|\.\.\.)[ \t]?(.*)$", re.M)
_OPEN = {"(": ")", "[": "]", "{": "}"}


def passed_keywords(example: str, function: str, qualname: str, params: list[str]) -> set[str]:
    """The keywords the docstring's own example code passes to the documented function by
    name (``memoize(cache={...})``, ``join(..., right_default=None)``; ``Cls(k=1)`` for an
    ``__init__``) that the function does not take, when they are nowhere else in that code:
    the example still calls it with a parameter it no longer has, so a name the prose marks is
    that old parameter, not a name the example defines.  ``params``: the names it takes."""
    parts = qualname.split(".")
    callee = parts[-2] if function == "__init__" and len(parts) > 1 else function
    # the doctest lines only (the prose between segments may name the word as English)
    code = "\n".join(m[1] for m in _DOCTEST.finditer(example))
    if callee not in code:
        # no call to find (most docstrings have no doctest): the pattern below is built per
        # callee, so asking it anyway compiled one regex per function (~1.5% of a cold run)
        return set()
    keywords: list[tuple[str, int]] = []
    for start in _calls_of(callee, code):
        depth, level = 1, []
        for i in range(start, len(code)):
            ch = code[i]
            if ch in _OPEN:
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    break
            level.append(ch if depth == 1 else " ")
        flat = "".join(level)
        keywords += [(m[1], start + m.start(1)) for m in _KEYWORD.finditer(flat)]
    out = set()
    for name, _ in keywords:
        uses = word_count(code, name, not_after=".")
        if name not in params and uses == sum(k == name for k, _ in keywords):
            out.add(name)
    return out


_KEYWORD = re.compile(r"(?:^|,)\s*([^\W\d]\w*)\s*=(?!=)")
_CALL_OPEN = re.compile(r"\s*\(")


def _calls_of(callee: str, code: str) -> Iterator[int]:
    r"""Where the arguments start of each ``callee(`` in ``code``: the ends of the matches of
    ``re.finditer(rf"(?<![\w]){re.escape(callee)}\s*\(", code)``, without a pattern per callee
    (:mod:`docref.core.word_search`)."""
    if not callee:  # (never asked for: a function has a name)
        yield from (m.end() for m in re.finditer(r"(?<![\w])\s*\(", code))
        return
    at = code.find(callee)
    while at != -1:
        opened = (
            None if at and is_word_char(code[at - 1]) else _CALL_OPEN.match(code, at + len(callee))
        )
        if opened is None:
            at = code.find(callee, at + 1)
        else:
            yield opened.end()
            at = code.find(callee, opened.end())
