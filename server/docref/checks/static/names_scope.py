"""Shared ground of the C1 name rules: resolutions, per-file name facts, project names.

A name mentioned in a docstring is judged by a resolver (:mod:`.names_python`,
:mod:`.names_java`); each answers with a :class:`Resolution`: ``resolved``, ``missing``
(provably names nothing) or ``unknown`` (the code could supply the name in a way a static
reader cannot follow: then the rules stay silent).  :func:`file_facts` collects the names of
one file once per content hash, including every identifier of its code outside docstrings and
comments: a name that occurs there is never reported.  :func:`project_names` gives the last
part of every entity and module name of the project, read from the graph without decoding
extracts.  :func:`suggest` picks the did-you-mean.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from docref.checks.static.params import closest_parameter
from docref.external.lookup import python_external_doc
from docref.external.py_introspect import INTROSPECTION, import_stdlib
from docref.external.py_locate import is_stdlib
from docref.external.py_source import load_source
from docref.graph.model import FileExtract, Import
from docref.graph.project import ProjectGraph

__all__ = [
    "RESOLVED",
    "UNKNOWN",
    "FileFacts",
    "Resolution",
    "external_complete",
    "file_facts",
    "hint",
    "inflected",
    "missing",
    "module_names",
    "project_names",
    "project_variant",
    "sometimes_present",
    "suggest",
]

Verdict = Literal["resolved", "unknown", "missing"]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a name leads to.  For ``missing``: ``owner`` describes what did resolve
    (``module `os.path```, ``class `Widget```; empty for a bare name), ``missing`` is the part
    that names nothing and ``candidates`` the names that owner offers; ``external`` tells that
    the owner is outside the project (its installed version may differ from the one the
    project targets: ``copy.replace`` is new in Python 3.13)."""

    verdict: Verdict
    owner: str = ""
    missing: str = ""
    candidates: tuple[str, ...] = ()
    external: bool = False


RESOLVED = Resolution("resolved")
UNKNOWN = Resolution("unknown")


def missing(
    owner: str, name: str, candidates: Iterable[str] = (), *, external: bool = False
) -> Resolution:
    """A ``missing`` resolution: ``owner`` has nothing called ``name``."""
    return Resolution("missing", owner, name, tuple(sorted(set(candidates))), external)


_IDENTIFIER = re.compile(r"[^\W\d]\w*")
_JAVA_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DYNAMIC_WORDS = frozenset({"globals", "exec"})
# what does not make a module's names dynamic: ``__import__(name, globals(), locals(), ...)``
# only tells the import machinery where it is (werkzeug's ``import_string``); a class's
# ``__getattr__`` is its own (the member resolver reads it), a module's is at column 0,
# bound by ``def``, by assignment, or by unpacking: SPEC 1's ``lazy_loader`` idiom
# ``__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)`` (scikit-image)
_IMPORT_GLOBALS = re.compile(r"__import__\((?:[^()]|\(\))*?\bglobals\(\)(?:[^()]|\(\))*\)")
_MODULE_GETATTR = re.compile(
    r"^(?:async\s+)?def\s+__getattr__\b|^\(?(?:\w+\s*,\s*)*__getattr__\s*[,)=]", re.M
)
_FACTS_KEEP = 512
_PACKAGE_FILES = ("__init__.py", "__init__.pyi")
# Attributes a module has only at times: ``sys.ps1`` in interactive sessions, ``sys.last_*``
# after an uncaught exception.  Introspecting the live module cannot prove them absent.
_SOMETIMES = {
    "sys": frozenset({"ps1", "ps2", "last_type", "last_value", "last_traceback", "last_exc"})
    | frozenset({"tracebacklimit"}),
    "builtins": frozenset({"_"}),
}


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Names of one file, computed once per content hash.

    ``top``: module-level functions, classes, variables and file-level imports (Java: the
    top-level types); ``entities``: the last part of every entity qualname; ``locals``: the
    parameters and locals of every function; ``code_words``: every identifier of the code
    outside docstrings and Javadoc (string contents included); ``stars``: file-level star
    imports; ``dynamic``: the module may create names at run time.
    """

    top: frozenset[str]
    entities: frozenset[str]
    locals: frozenset[str]
    code_words: frozenset[str]
    stars: tuple[Import, ...]
    dynamic: bool


_FACTS: dict[tuple[str, str], FileFacts] = {}


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


def _without_comments(code: str, *, strings: bool) -> str:
    """Python ``code`` with its comments dropped (``strings``) or its comments and string
    literals blanked (not ``strings``)."""

    # templates, not a Python callback per match (with ``strings`` a comment is dropped, not
    # blanked: it runs to the end of its line, so no identifier is joined or split by that)
    return _STRING_OR_COMMENT.sub(r"\g<s>" if strings else " ", code)


def _dynamic(code: str) -> bool:
    """Whether a Python module may create its names at run time (``globals()``, ``exec``, a
    module ``__getattr__``); ``code`` without strings and comments."""
    if "__getattr__" in code and _MODULE_GETATTR.search(code):
        return True
    if "globals" not in code and "exec" not in code:
        return False  # the common case: neither word, so no scan can find one
    code = _EXEC_ELSEWHERE.sub(" ", _IMPORT_GLOBALS.sub(" ", code))
    return bool(set(_IDENTIFIER.findall(code)) & _DYNAMIC_WORDS)


def file_facts(fe: FileExtract, source: str) -> FileFacts:
    """The :class:`FileFacts` of ``fe`` whose text is ``source`` (cached by content hash)."""
    key = (fe.path, fe.content_hash)
    cached = _FACTS.get(key)
    if cached is not None:
        return cached
    top = {c.qualname for c in fe.classes if "." not in c.qualname}
    top |= {f.qualname for f in fe.functions if "." not in f.qualname}
    top |= {v.name for v in fe.variables if v.scope == "module"}
    top |= {i.bound_name for i in fe.imports if not i.scope and i.name != "*"}
    entities = {f.name for f in fe.functions} | {c.name for c in fe.classes}
    entities |= {v.name for v in fe.variables}
    local_names = {p.name for f in fe.functions for p in f.params}
    local_names |= {n for f in fe.functions for n in f.local_names}
    code_words, dynamic = _code_facts(fe, source)
    stars = tuple(i for i in fe.imports if i.name == "*" and not i.scope)
    facts = FileFacts(
        frozenset(top), frozenset(entities), frozenset(local_names), code_words, stars, dynamic
    )
    if len(_FACTS) >= _FACTS_KEEP:
        _FACTS.clear()  # a crude bound: facts are cheap to recompute
    _FACTS[key] = facts
    return facts


def _code_facts(fe: FileExtract, source: str) -> tuple[frozenset[str], bool]:
    """The identifiers of the file's code and whether its names are dynamic, kept per file
    by the code's text: an edit inside a docstring (the editor's commonest) changes the
    content hash but not the code, and scanning a whole file's identifiers again is most of
    :func:`file_facts`' cost."""
    code = _code_text(fe, source)
    known = _CODE_FACTS.get(fe.path)
    if known is not None and known[0] == code:
        return known[1], known[2]
    if fe.language == "python":
        words = frozenset(_IDENTIFIER.findall(_without_comments(code, strings=True)))
        dynamic = _dynamic(_without_comments(code, strings=False))
    else:
        words, dynamic = frozenset(_IDENTIFIER.findall(code)), False
    if len(_CODE_FACTS) >= _FACTS_KEEP:
        _CODE_FACTS.clear()
    _CODE_FACTS[fe.path] = (code, words, dynamic)
    return words, dynamic


# path -> (the code text, its identifiers, dynamic): one version per file
_CODE_FACTS: dict[str, tuple[str, frozenset[str], bool]] = {}


_PROJECT_NAMES: weakref.WeakKeyDictionary[ProjectGraph, tuple[int, _ProjectTables]] = (
    weakref.WeakKeyDictionary()
)


def class_members(graph: ProjectGraph, path: str, qualname: str) -> set[str]:
    """Names a class defines itself: methods, fields/attributes and nested classes."""
    fe = graph.get(path)
    if fe is None:
        return set()
    names = {f.name for f in fe.functions if f.parent_class == qualname}
    names |= {v.name for v in fe.variables if v.owner == qualname}
    return names | {c.name for c in fe.classes if c.parent_class == qualname}


def project_names(graph: ProjectGraph) -> frozenset[str]:
    """The last part of every entity qualname and module name of the project.

    Read from the entries' heads (fingerprints), so no extract is decoded; rebuilt when the
    graph says the project's set of names may have changed (``changes.names_generation``), not on
    every edit.
    """
    return _tables(graph).names


def project_variants(graph: ProjectGraph, folded: str) -> list[str]:
    """Project names whose case/underscore-folded form is ``folded``."""
    return _tables(graph).by_fold.get(folded, [])


def is_namespace_package(graph: ProjectGraph, dotted: str) -> bool:
    """Whether some project module lives below ``dotted`` (a package without ``__init__``)."""
    return dotted in _tables(graph).packages


@dataclass(frozen=True)
class _ProjectTables:
    names: frozenset[str]
    by_fold: dict[str, list[str]]
    packages: frozenset[str]


def _tables(graph: ProjectGraph) -> _ProjectTables:
    cached = _PROJECT_NAMES.get(graph)
    if cached is not None and cached[0] == graph.changes.names_generation:
        return cached[1]
    names = {q.rsplit(".", 1)[-1] for e in graph.entries.values() for q in e.fingerprints}
    names |= {part for module in graph.modules.by_name for part in module.split(".")}
    by_fold: dict[str, list[str]] = {}
    for name in sorted(names):
        by_fold.setdefault(_fold(name), []).append(name)
    packages = {
        ".".join(parts[:i])
        for module in graph.modules.by_name
        for parts in [module.split(".")]
        for i in range(1, len(parts))
    }
    tables = _ProjectTables(frozenset(names), by_fold, frozenset(packages))
    _PROJECT_NAMES[graph] = (graph.changes.names_generation, tables)
    return tables


# --------------------------------------------------------------------------- external modules


def external_complete(qualified: str) -> bool:
    """Whether every attribute of external module ``qualified`` is visible to the static
    reader (so a missing one provably does not exist)."""
    doc = python_external_doc(qualified)
    if doc.kind != "module" or python_external_doc(f"{qualified}.__getattr__").found:
        return False
    if doc.source == INTROSPECTION or is_stdlib(qualified, doc.source):
        return True  # the lookup falls back on the imported stdlib module: exact
    if not doc.source.endswith((".py", ".pyi")):
        return False
    module = load_source(qualified, doc.source, doc.source.endswith(_PACKAGE_FILES))
    # a star import the reader cannot follow may supply any name
    return module.error is None and all(python_external_doc(s).found for s in module.stars)


def sometimes_present(module: str, name: str) -> bool:
    """``name`` is an attribute ``module`` has only in some states (``sys.ps2``)."""
    return name in _SOMETIMES.get(module, frozenset())


def module_names(qualified: str) -> set[str]:
    """Public top-level names of an external module (for did-you-mean): from its source, or
    from the imported module for a compiled standard-library one."""
    doc = python_external_doc(qualified)
    if doc.source == INTROSPECTION:
        module = import_stdlib(qualified)
        return {n for n in dir(module) if not n.startswith("__")} if module else set()
    if not doc.source.endswith((".py", ".pyi")):
        return set()
    source = load_source(qualified, doc.source, doc.source.endswith(_PACKAGE_FILES))
    return {name for name in source.scope if not name.startswith("_")}


# --------------------------------------------------------------------------- did you mean


def _fold(name: str) -> str:
    return name.replace("_", "").lower()


def _shape(name: str) -> str:
    bare = name.strip("_")
    if bare.upper() == bare:
        return "constant"
    return "class" if bare[:1].isupper() else "value"


def _variant(a: str, b: str) -> bool:
    """Case/underscore variants of one shape (``getValue``/``get_value``; not the class
    ``TaskStatus`` for the value ``task_status``, nor ``INFINITY`` for ``Infinity``)."""
    return _fold(a) == _fold(b) and _shape(a) == _shape(b)


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one insertion, deletion, substitution or transposition."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
        return a[i + 1 :] == b[i + 1 :] or (swapped and a[i + 2 :] == b[i + 2 :])
    return a[i + 1 :] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1 :]


def _subsequence(short: str, long: str) -> bool:
    rest = iter(long)
    return all(char in rest for char in short)


def _close_spelling(name: str, nearest: str) -> bool:
    """Two edits are a misspelling of a bare name only when they are all insertions or all
    deletions (``in_vals`` for ``in_values``: an abbreviation) or the name is long enough to
    keep its shape (``set_reference_frames`` for ``stc_reference_frames``); two replaced
    letters in a short name make another word (``log_space``/``log_scale``,
    ``new_function``/``get_function``, ``n_world``/``iworld``), which is what a docstring
    defining its own terms names -- in the wild, its true findings nearly all carry a close
    suggestion and its false ones a distant one.  A private name can only be the project's
    own, so any suggestion counts."""
    if _one_edit(name, nearest) or len(name) >= _LONG_NAME or name.startswith("_"):
        return True  # a private name is this project's: ``_load_rows`` for ``_read_rows``
    short, long = sorted((name, nearest), key=len)
    return len(long) - len(short) == 2 and _subsequence(short, long)


_LONG_NAME = 16


def _plural(single: str, many: str) -> bool:
    """``many`` is the English plural of ``single`` (``entry``/``entries``, ``hook``/``hooks``)."""
    if len(single) < 3:
        return False
    if single.endswith("y") and many == single[:-1] + "ies":
        return True
    return many in (single + "s", single + "es")


def inflected(name: str, base: str) -> bool:
    """``name`` is an English inflection of ``base`` (``Widgets``, ``archived``, ``CFGs``)."""
    if _plural(base, name):
        return True
    return any(name == base + end for end in ("d", "ed", "ing", "s"))


def _evidence_pool(name: str, candidates: Iterable[str], bare: bool) -> list[str]:
    """Candidates that may count as evidence of a typo.  Left out: special names for an
    ordinary one (``floor`` is not a misspelt ``__floor__``), private twins (``none`` in
    prose is not ``_none``: a public name often fronts a private implementation) and, for a
    ``bare`` name in prose, names that it inflects ("a list of `Widgets`" is English about
    ``Widget``; after a module or class name the same ending is a typo)."""
    dunder = name.startswith("__") and name.endswith("__")
    return [
        c
        for c in dict.fromkeys(candidates)
        if c != name
        and c.lstrip("_") != name.lstrip("_")
        and not (bare and inflected(name, c))
        and (dunder or not (c.startswith("__") and c.endswith("__")))
    ]


def suggest(
    name: str, candidates: Iterable[str], *, strict: bool = False, bare: bool = True
) -> str | None:
    """The one candidate ``name`` was probably meant to be (evidence of a typo), or ``None``.

    Loose: the one plural of a singular ``name`` (``create_entries`` for ``create_entry``; the
    other way round is English: "a list of `Widgets`"), else a case/underscore variant of the
    same shape (``get_value`` for ``getValue``, not the class ``TaskStatus`` for
    ``task_status``), else an edit distance of at most 2 (see
    :func:`~docref.checks.static.params.closest_parameter`).  Strict, for plain English words
    whose only evidence of being code is the suggestion: a variant of the same shape, or one
    edit (not just a capital) away from a name of at least five characters.  Two edits
    count only for names of six characters or more (``CFGs`` is not ``PCFG``), and never
    between a capitalised name and a lower-case one (``Decompress`` is not ``compress``).
    """
    pool = _evidence_pool(name, candidates, bare)
    if not strict:
        plural = [c for c in pool if _plural(name, c)]
        if len(plural) == 1:
            return plural[0]
        variants = [c for c in pool if _variant(c, name)]
        if variants:
            return variants[0] if len(variants) == 1 else None
        nearest = closest_parameter(name, [c for c in pool if _fold(c) != _fold(name)])
        if nearest is not None and len(name) < 6 and not _one_edit(name, nearest):
            return None
        if nearest is not None and name[:1].isupper() != nearest[:1].isupper():
            return None  # a class's name is no typo of a function's (``zlib.Decompress``)
        if nearest is not None and bare and not _close_spelling(name, nearest):
            return None
        return nearest
    close = [c for c in pool if _variant(c, name)]
    if not close and len(name) >= 5:
        close = [c for c in pool if _one_edit(name, c) and c.lower() != name.lower()]
    return close[0] if len(close) == 1 else None


def project_variant(graph: ProjectGraph, name: str) -> str | None:
    """The one name of the project that is a case/underscore variant of ``name`` of the same
    shape (``HtmlFormatter`` for ``HTMLFormatter``)."""
    return suggest(name, project_variants(graph, _fold(name)), strict=True)


def hint(name: str, candidates: Iterable[str]) -> str | None:
    """A weaker did-you-mean for the message once other evidence made the finding: the one
    private twin (``_munge`` for ``munge``), else the one candidate that ``name`` extends by
    one underscore-separated word or that extends ``name`` so (``frobnicate`` for
    ``frobnicate_all``)."""

    def by_one_word(short: str, long: str) -> bool:
        rest = long[len(short) + 1 :]
        return long.startswith(short + "_") and rest.isidentifier() and "_" not in rest

    pool = [c for c in dict.fromkeys(candidates) if c != name]
    twins = [c for c in pool if c.lstrip("_") == name.lstrip("_")]
    if len(twins) == 1:
        return twins[0]
    extended = [c for c in pool if by_one_word(c, name) or by_one_word(name, c)]
    return extended[0] if len(extended) == 1 else None
