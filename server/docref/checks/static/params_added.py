"""Parameters a function's call accepts beyond its own signature (C1-PARAM-UNKNOWN's evidence).

* :func:`returned_function_params`: a function returning a function it defines (a factory,
  a pytest fixture) may document the parameters of the one it returns (1 hop).
* :func:`decorator_parameters`: a project decorator may add parameters: those of the
  wrappers it defines, the keywords they read out of their ``**kwargs``, and a keyword's
  name handed to the decorator as a string (1 hop); the members of a project class whose
  names a wrapper takes out of its ``**kwargs`` by a computed key (pwntools' ``@LocalContext``
  pops every keyword that is a ``ContextType`` property: ``asm(..., arch="arm")``).
* :func:`decorator_takes_keywords`: such a wrapper (a computed key) takes keywords of its
  own, which a ``**kwargs`` entry of the function may document (round 91).
* :func:`rewrites_positionals`: a project decorator whose wrapper rebinds its ``*args`` before
  the call (gspread-like ``@cast_to_a1_notation`` turns four row/column numbers into one range
  string): the function accepts another positional form, which its docstring may document.
* :func:`annotated_parameter_names`: a Java parameter annotation naming the parameter
  outside the code (``@PluginElement("PathSorter")``, ``@JsonProperty("id")``,
  ``@RequestParam(value = "q")``): the name a configuration or a caller knows it by.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.decorator_defs import project_function
from docref.graph.model import FileExtract, Function, Param

__all__ = [
    "annotated_parameter_names",
    "decorator_parameters",
    "decorator_takes_keywords",
    "returned_function_params",
    "rewrites_positionals",
]

# a string literal that is an identifier, among a decorator's arguments
_NAME_LITERAL = re.compile(r"""(?<![\w.])["']([A-Za-z_]\w*)["']""")
# a Java annotation whose first argument is a name: ``@Name("x")``, ``@Name(value = "x", ...)``
_ANNOTATION_NAME = re.compile(r'@[\w.]+\s*\(\s*(?:(?:value|name)\s*=\s*)?"([A-Za-z_][\w-]*)"')
# ``.pop("x"`` / ``.get("x"`` / ``["x"]`` after a **kwargs name
_KWARG_READ = r"""(?:\.(?:pop|get|setdefault)\(\s*|\[\s*)["']([A-Za-z_]\w*)["']"""
# ``.pop(k`` / ``del kw[k]`` after a **kwargs name: a key computed, not written out
_KWARG_COMPUTED_POP = r"\.pop\(\s*[A-Za-z_]\w*\s*[,)]"
_KWARG_COMPUTED_DEL = r"\[\s*[A-Za-z_]\w*\s*\]"
# the key tested as a member of a class: ``getattr(ContextType, k, None)``, ``hasattr(Cls, k)``
_MEMBER_TEST = re.compile(r"\b(?:getattr|hasattr)\(\s*([A-Za-z_]\w*)\s*,\s*[A-Za-z_]\w*\s*[,)]")


def returned_function_params(inp: StaticInput) -> list[Param]:
    """The parameters of the nested functions ``inp.function`` returns by name (a factory
    documenting the signature of what it hands out)."""
    fn = inp.function
    nested = [f for f in inp.file.functions if f.qualname.startswith(fn.qualname + ".")]
    if not nested or inp.file.language != "python":
        return []
    body = inp.code(fn.header_span.end_byte, fn.span.end_byte)
    returned = set(re.findall(r"\breturn\s+([A-Za-z_]\w*)\s*$", body, re.MULTILINE))
    return [p for f in nested if f.name in returned for p in f.params]


def annotated_parameter_names(inp: StaticInput) -> set[str]:
    """The names Java parameter annotations give the parameters (round 26: log4j documents
    its plugin factories' ``@PluginElement("PathSorter") PathSorter sorterParameter`` as
    ``@param PathSorter``, the element a configuration writes).  Read in the parameter list
    only: a method annotation's strings are :func:`decorator_parameters`'."""
    fn = inp.function
    if inp.file.language != "java":
        return set()
    header = inp.code(fn.header_span.start_byte, fn.header_span.end_byte)
    opened = re.search(rf"\b{re.escape(fn.name)}\s*\(", header)
    if opened is None:
        return set()
    return set(_ANNOTATION_NAME.findall(header, opened.end()))


def _wrappers(inp: StaticInput, decorator: str) -> tuple[FileExtract, list[Function]] | None:
    """The file of the project function ``decorator`` names and the functions nested in it
    (the wrappers it defines), or ``None`` for a decorator that is no project function."""
    written = decorator.split("(", 1)[0].strip().lstrip("@")
    found = project_function(inp, written) if written else None
    if found is None:
        return None
    extract, fn = found
    return extract, [f for f in extract.functions if f.qualname.startswith(fn.qualname + ".")]


def decorator_parameters(inp: StaticInput) -> set[str]:
    """The named parameters of the wrappers a project decorator defines: what it adds to the
    call (matplotlib's ``@_preprocess_data()`` wraps in ``inner(ax, *args, data=None, ...)``)."""
    names: set[str] = set()
    for decorator in inp.function.decorators:
        # a decorator handed a keyword's name (``@deprecate_kwarg("seed", "rng")``) accepts
        # that keyword on the function's behalf
        names |= set(_NAME_LITERAL.findall(decorator.partition("(")[2]))
        found = _wrappers(inp, decorator)
        if found is None:
            continue
        extract, nested = found
        names |= {p.name for f in nested for p in f.params if p.kind not in ("vararg", "kwarg")}
        names |= _read_from_kwargs(inp, extract.path, nested)
        for text in _computed_key_wrappers(inp, extract.path, nested):
            names |= _tested_members(extract, text)
    return names


def decorator_takes_keywords(inp: StaticInput) -> bool:
    """A project decorator of the function defines a wrapper that takes keywords out of its
    ``**kwargs`` by a computed key (``kw.pop(k)`` for each ``k`` a test admits, ``del kw[k]``):
    the call accepts keywords beyond the function's own, which a ``**kwargs`` entry sums up
    (pwntools' ``@LocalContext`` functions: "\\**kwargs: Override any context values")."""
    for decorator in inp.function.decorators:
        found = _wrappers(inp, decorator)
        if found is not None and _computed_key_wrappers(inp, found[0].path, found[1]):
            return True
    return False


def _computed_key_wrappers(inp: StaticInput, path: str, wrappers: list[Function]) -> list[str]:
    """The code of each of ``wrappers`` that takes a key out of its ``**kwargs`` by a computed
    key (not a string written out: those :func:`_read_from_kwargs` reads)."""
    texts = []
    for wrapper in wrappers:
        kwarg = next((p.name.lstrip("*") for p in wrapper.params if p.kind == "kwarg"), None)
        if kwarg is None:
            continue
        text = _code_of(inp, path, [wrapper], wrappers)
        name = re.escape(kwarg)
        if re.search(rf"\b{name}{_KWARG_COMPUTED_POP}|\bdel\s+{name}{_KWARG_COMPUTED_DEL}", text):
            texts.append(text)
    return texts


def _tested_members(extract: FileExtract, text: str) -> set[str]:
    """The public members (methods, properties) of a class of ``extract`` that ``text`` tests
    a key against (``getattr(ContextType, k, None)``): the keywords such a wrapper takes."""
    names: set[str] = set()
    for tested in _MEMBER_TEST.findall(text):
        cls = next((c for c in extract.classes if c.qualname == tested), None)
        if cls is None:
            continue
        names |= {
            f.name
            for f in extract.functions
            if f.parent_class == cls.qualname and not f.name.startswith("_")
        }
    return names


def rewrites_positionals(inp: StaticInput) -> bool:
    """A project decorator of the function defines a wrapper taking ``*args`` that rebinds
    that name from a slice of itself before handing it on (``args = (a1_range,) + args[4:]``):
    the call takes a positional form the signature does not show.  Read in the wrappers' code, as
    :func:`_read_from_kwargs` does (docstrings left out)."""
    for decorator in inp.function.decorators:
        found = _wrappers(inp, decorator)
        if found is None:
            continue
        extract, nested = found
        for wrapper in nested:
            star = next((p.name.lstrip("*") for p in wrapper.params if p.kind == "vararg"), None)
            if star is None:
                continue
            text = _code_of(inp, extract.path, [wrapper], nested)
            # rebound from a slice of itself: positions dropped or merged, not converted one
            # by one (astropy's ``cosmos = _parse_formats(*cosmos)`` keeps the call's shape)
            name = re.escape(star)
            if re.search(rf"^\s*{name}\s*\+?=(?!=).*\b{name}\s*\[[^\]]*:", text, re.MULTILINE):
                return True
    return False


def _code_of(inp: StaticInput, path: str, wrappers: list[Function], nested: list[Function]) -> str:
    """The code of ``wrappers`` in ``path`` with the docstrings of ``nested`` cut out."""
    try:
        data = inp.data if path == inp.path else inp.graph.source(path).encode("utf-8")
    except Exception:  # an unreadable decorator file only costs this evidence
        return ""
    docs = sorted(
        (w.docstring.span.start_byte, w.docstring.span.end_byte) for w in nested if w.docstring
    )
    texts = []
    for wrapper in wrappers:
        start, end = wrapper.span.start_byte, wrapper.span.end_byte
        cuts = [(lo, hi) for lo, hi in docs if start <= lo and hi <= end]  # in order, disjoint
        bounds = [start, *(b for cut in cuts for b in cut), end]
        pieces = [data[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]
        texts.append(b" ".join(pieces).decode("utf-8", "replace"))
    return "\n".join(texts)


def _read_from_kwargs(inp: StaticInput, path: str, wrappers: list[Function]) -> set[str]:
    """The keywords a wrapper takes out of its ``**kwargs`` (``kwargs.pop("equivalencies")``,
    ``kw.get("x")``, ``kwargs["x"]``): parameters the decorator adds to the call.  Read in
    their code, not in their docstrings (which an edit of the decorator's words must not
    change: the editor's incremental checks rely on it, :mod:`docref.graph.changes`)."""
    names: set[str] = set()
    for wrapper in wrappers:
        kwarg = next((p.name.lstrip("*") for p in wrapper.params if p.kind == "kwarg"), None)
        if kwarg is None:
            continue
        text = _code_of(inp, path, [wrapper], wrappers)
        names |= set(re.findall(rf"\b{re.escape(kwarg)}{_KWARG_READ}", text))
    return names
