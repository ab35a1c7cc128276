"""The code of one file as the C1 name rules read it: its identifiers outside docstrings and
comments, and whether the module may create its names at run time (``globals()``, ``exec``, a
module ``__getattr__``).  Kept per file by the code's text (:func:`code_facts`); the name
facts built on it are :func:`.names_scope.file_facts`'.
"""

from __future__ import annotations

import re

from docref.checks.static.names_getattr import served_names
from docref.graph.model import FileExtract

__all__ = ["code_facts", "identifiers"]

_FACTS_KEEP = 512
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
# ASCII text: every byte that cannot be in an identifier becomes a space (see identifiers)
_NOT_WORD = bytes(
    b if chr(b).isascii() and (chr(b).isalnum() or b == 95) else 32 for b in range(256)
)
_DIGITS = "0123456789"
_JAVA_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DYNAMIC_WORDS = frozenset({"globals", "exec"})
_MAKES_DYNAMIC = _DYNAMIC_WORDS | {"__getattr__", "vars"}
# ``vars()`` without an argument evaluated in module scope is the module's namespace, as
# ``globals()`` is: on a line at column 0, a module-level statement or a top-level ``def``'s
# default (ansible's ``def set_constant(name, value, export=vars())``, which fills
# ``ansible.constants`` from the config definitions at import; round 28).  Indented, it is a
# function's locals (or a class body's) and creates no module name.
_MODULE_VARS = re.compile(r"^(?=\S)[^\n]*(?<![\w.])vars\(\s*\)", re.M)
# what does not make a module's names dynamic: ``__import__(name, globals(), locals(), ...)``
# only tells the import machinery where it is (werkzeug's ``import_string``); a class's
# ``__getattr__`` is its own (the member resolver reads it); a module's is defined by a
# module-level ``def`` (the extract's function ``__getattr__``, also under ``if``/``try``) or
# bound at column 0 by assignment or by unpacking: SPEC 1's ``lazy_loader`` idiom
# ``__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)`` (scikit-image)
_IMPORT_GLOBALS = re.compile(r"__import__\((?:[^()]|\(\))*?\bglobals\(\)(?:[^()]|\(\))*\)")
# ``globals()['IndexMap'] = flaxlib.IndexMap`` (flax's ``nnx.graphlib``, when its compiled
# helpers load): an assignment under a plain string literal creates that one name, spelt in
# the code's strings as any other -- a closed set, as a ``def`` is.  A computed key
# (``globals()[name]``, an f-string), ``globals().update(...)`` may create any name; a read
# (``_LazyModule(__name__, globals()["__file__"], ...)``) is left as it was
_LITERAL_GLOBALS = re.compile(
    r"""(?<![\w.])globals\(\)\s*\[\s*(?:'[^\W\d]\w*'|"[^\W\d]\w*")\s*\]\s*=(?!=)"""
)
_MODULE_GETATTR = re.compile(r"^\(?(?:\w+\s*,\s*)*__getattr__\s*[,)=]", re.M)


def _code_text(fe: FileExtract, source: str) -> str:
    """The file's text without its docstrings (Python) or comments (Java)."""
    if fe.language == "java":
        return _JAVA_COMMENT.sub(" ", source)
    data = source.encode("utf-8", "surrogatepass")
    spans = [d.span for d in (fe.module_docstring,) if d is not None]
    spans += [f.docstring.span for f in fe.functions if f.docstring is not None]
    spans += [c.docstring.span for c in fe.classes if c.docstring is not None]
    pieces: list[bytes] = []
    position = 0
    for span in sorted(spans, key=lambda s: s.start_byte):
        pieces.append(data[position : span.start_byte])
        position = max(position, span.end_byte)
    pieces.append(data[position:])
    return b" ".join(pieces).decode("utf-8", "replace")


# a string literal (kept) or a comment (dropped): a name the code only talks about in a
# comment (``# see send_from_directory``) is no name the code has, and ``"exec"`` in a string
# (``compile(src, name, "exec")``) runs nothing
_STRING_OR_COMMENT = re.compile(
    # the lookahead lets the engine skip, in C, every position that cannot start a match
    # (2x faster over a file than trying the optional prefix everywhere; same matches); the
    # bodies are unrolled loops (a run of plain characters, then one quote or escape and the
    # next run) instead of one alternation or lazy step per character: the same strings,
    # ~30% faster (each triple-quoted one still ends at its first closing triple quote)
    r"""(?=[rRbBuUfF"\'#])"""
    r'(?:(?P<s>[rRbBuUfF]{0,2}(?:"""[^"]*(?:"(?!"")[^"]*)*"""'
    r"|'''[^']*(?:'(?!'')[^']*)*'''"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'))"
    r"|(?P<c>#[^\n]*))"
)
# ``exec(code, namespace, ...)`` with a namespace of its own creates no module names
_EXEC_ELSEWHERE = re.compile(r"\bexec\(\s*[\w.]+\s*,\s*(?!globals\b)[A-Za-z_]\w*\s*[,)]")
# another object's ``globals``/``exec`` (``env.globals[name] = f``: a Jinja environment's
# template globals, flask's blueprints), a keyword argument or a method of that name: not the
# builtins, which are only ever read bare
_NOT_THE_BUILTIN = re.compile(
    r"\.\s*(?:globals|exec)\b|\b(?:globals|exec)\s*=(?!=)|\bdef\s+(?:globals|exec)\b"
)


def identifiers(text: str) -> frozenset[str]:
    """The set of ``_IDENTIFIER.findall(text)``.

    For ASCII text (nearly every file) without the regex: the bytes that cannot be in an
    identifier become spaces (one C-level ``translate``), the runs left are split off, and a
    run's leading digits dropped (``1e10`` holds ``e10``, as the regex finds it) -- the same
    set in 40% less time than a regex match per identifier of a whole file (astropy: 528
    files, 0.23 -> 0.14 s)."""
    if not text.isascii():
        return frozenset(_IDENTIFIER.findall(text))
    runs = set(text.encode("ascii").translate(_NOT_WORD).split())
    words = {r.decode("ascii") if r[0] > 57 else r.decode("ascii").lstrip(_DIGITS) for r in runs}
    words.discard("")
    return frozenset(words)


def _without_comments(code: str, *, strings: bool) -> str:
    """Python ``code`` with its comments dropped (``strings``) or its comments and string
    literals blanked (not ``strings``)."""
    if strings:
        # split keeps each match's groups: [code, s, c, code, s, c, ..., code]; dropping
        # every ``c`` leaves the code and the strings (a comment runs to the end of its line,
        # so no identifier is joined or split).  The template ``\g<s>`` did the same through
        # a Python callback per match (re's group templates are expanded in Python in 3.11).
        parts = _STRING_OR_COMMENT.split(code)
        del parts[2::3]
        return "".join(filter(None, parts))
    return _STRING_OR_COMMENT.sub(" ", code)  # a plain template: expanded in C


def _dynamic(code: str, *, defines_getattr: bool = False, closed_getattr: bool = False) -> bool:
    """Whether a Python module may create its names at run time (``globals()``, ``exec``,
    a module-scope ``vars()``, a module ``__getattr__`` -- ``defines_getattr``: a
    module-level ``def``, or one bound by assignment -- unless ``closed_getattr``: it serves
    a closed set of names, see :mod:`.names_getattr`); ``code`` without strings and
    comments."""
    if not closed_getattr and (
        defines_getattr or ("__getattr__" in code and _MODULE_GETATTR.search(code))
    ):
        return True
    if "vars" in code and _MODULE_VARS.search(code):
        return True
    if "globals" not in code and "exec" not in code:
        return False  # the common case: neither word, so no scan can find one
    code = _EXEC_ELSEWHERE.sub(" ", _IMPORT_GLOBALS.sub(" ", _NOT_THE_BUILTIN.sub(" ", code)))
    return bool(set(_IDENTIFIER.findall(code)) & _DYNAMIC_WORDS)


def _literal_globals_dropped(code: str) -> str:
    """``code`` with each ``globals()['name'] =`` blanked (:data:`_LITERAL_GLOBALS`) but its
    ``=``, before the strings are, which would leave a computed key and a literal one alike."""
    return _LITERAL_GLOBALS.sub(" = ", code) if "globals" in code else code


def code_facts(fe: FileExtract, source: str) -> tuple[frozenset[str], bool]:
    """The identifiers of the file's code and whether its names are dynamic, kept per file
    by the code's text: an edit inside a docstring (the editor's commonest) changes the
    content hash but not the code, and scanning a whole file's identifiers again is most of
    :func:`file_facts`' cost."""
    code = _code_text(fe, source)
    known = _CODE_FACTS.get(fe.path)
    if known is not None and known[0] == code:
        return known[1], known[2]
    if fe.language == "python":
        words = identifiers(_without_comments(code, strings=True))
        # only a module-level ``def __getattr__`` (also under ``if``/``try``: the extract names
        # it ``__getattr__``) can serve names; a class's own (``C.__getattr__``) is no reason
        # to parse the whole file (astropy: 19 files, 0.7 s of a cold run's CPU)
        module_getattr = any(f.qualname == "__getattr__" for f in fe.functions)
        served = served_names(source) if module_getattr and "__getattr__" in code else None
        # blanking strings drops identifiers and adds none: code none of whose identifiers
        # is a word :func:`_dynamic` looks for needs no second pass over the file
        dynamic = not _MAKES_DYNAMIC.isdisjoint(words) and _dynamic(
            _without_comments(_literal_globals_dropped(code), strings=False),
            defines_getattr=module_getattr,
            closed_getattr=bool(served),
        )
        words |= served or frozenset()
    else:
        words, dynamic = identifiers(code), False
    if len(_CODE_FACTS) >= _FACTS_KEEP:
        _CODE_FACTS.clear()
    _CODE_FACTS[fe.path] = (code, words, dynamic)
    return words, dynamic


# path -> (the code text, its identifiers, dynamic): one version per file
_CODE_FACTS: dict[str, tuple[str, frozenset[str], bool]] = {}
