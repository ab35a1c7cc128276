"""Names a docstring may use that the function's file does not define: the parameter names a
function may pass a keyword on to (see :func:`passed_on`: a keyword the docstring mentions
that is none of its own names may belong to an API the file uses), and the names of a package
whose ``__init__`` star-imports a module with no source (:func:`package_star_unreadable`);
and dotted keys the code spells as strings (:func:`spelt_as_string`)."""

from __future__ import annotations

import ast
import builtins
import re
import weakref

from docref.checks.static.names_external import external_doc, external_signature
from docref.external.lookup import ExternalDoc
from docref.external.py_lazy import LazyBinding
from docref.external.py_probe import never_mentions
from docref.external.py_source import SourceModule, load_source, loaded, stamp_of
from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph

__all__ = ["PassedOn", "package_star_unreadable", "passed_on", "spelt_as_string"]

_PACKAGE_FILES = ("__init__.py", "__init__.pyi")


def _signature_params(doc: ExternalDoc) -> set[str]:
    """Parameter names in an external signature line (``def open(file, mode='r', ...)``)."""
    if not doc.signature or "(" not in doc.signature:
        return set()
    inside = doc.signature.split("(", 1)[1]
    return set(re.findall(r"(?:^|[(,*\s])(\w+)\s*(?=[:=,)])", inside))


def _external_params(graph: ProjectGraph, module: str) -> frozenset[str]:
    """Parameter names of the functions and methods of external module ``module``, read from
    its source (a mentioned keyword may belong to an API the file uses)."""
    doc = external_doc(graph, module)
    if doc.kind != "module" or not doc.source.endswith((".py", ".pyi")):
        return frozenset()
    source = load_source(module, doc.source, doc.source.endswith(_PACKAGE_FILES))
    known = _MODULE_PARAMS.get(source)
    if known is None:
        known = _MODULE_PARAMS[source] = frozenset(_module_params(source))
    return known


# Per parsed summary: ``load_source`` hands back the same object until the file changes,
# and the walk over a large module (``typing``) was paid again for every documented function
# of every file importing it.
_MODULE_PARAMS: weakref.WeakKeyDictionary[SourceModule, frozenset[str]] = (
    weakref.WeakKeyDictionary()
)


# Per parsed summary and word: whether a function of it takes that parameter (a summary
# whose statements are parsed on first use, py_lazy: only those that spell the word are)
_MODULE_TAKES: weakref.WeakKeyDictionary[SourceModule, dict[str, bool]] = (
    weakref.WeakKeyDictionary()
)


def _module_params(source: SourceModule, word: str | None = None) -> set[str]:
    """The parameter names of ``source``'s functions and methods; with ``word``, of those
    whose text may spell it (the others cannot take it)."""
    bindings = [
        b
        for b in source.scope.values()
        if word is None or not isinstance(b, LazyBinding) or b.may_hold(word)
    ]
    bindings += [m for b in bindings if b.members for m in b.members.values()]
    names: set[str] = set()
    for binding in bindings:
        for node in binding.nodes if binding.kind == "def" else []:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                arguments = node.args
                every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
                every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
                names |= {a.arg for a in every}
    return names


def passed_on(graph: ProjectGraph, fe: FileExtract, fn: Function) -> set[str]:
    """Parameter names of the functions of the project files ``fe`` imports, of the external
    modules it imports and of the external functions ``fn`` calls: a keyword the docstring
    mentions may be passed on to one of them."""
    passed = PassedOn(graph, fe, fn)
    names = set(passed.names)
    for module in passed.modules:
        names |= _external_params(graph, module)
    return names | passed.signatures()


class PassedOn:
    """``name in PassedOn(graph, fe, fn)`` is ``name in passed_on(graph, fe, fn)``, worked
    out only as far as one name needs: an installed module is parsed for its parameter names
    only when its text holds the name at all, and the signatures of the external functions
    ``fn`` calls are read only for a name no imported module has (on Django, the parsing of
    every module a file imports was a fortieth of a cold run, for names most of which are
    decided before)."""

    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function) -> None:
        self.graph = graph
        self.names: set[str] = set()
        for path in sorted(graph.imports_of(fe.path)):
            other = graph.get(path)
            self.names |= {p.name for f in other.functions for p in f.params} if other else set()
        scopes = {"", fn.qualname, *(fn.qualname.rsplit(".", n)[0] for n in range(1, 4))}
        imports = {i.bound_name: i for i in fe.imports if i.scope in scopes and i.name != "*"}
        in_project = {n for n, i in imports.items() if graph.modules.resolve_import(fe.path, i)[0]}
        modules = [i.module for n, i in imports.items() if n not in in_project and not i.level]
        self.modules = list(dict.fromkeys(modules))
        self.calls: list[str] = []
        for call in (r.name for r in fn.references if r.kind == "call"):
            head, _, rest = call.partition(".")
            imp = imports.get(head)
            if head in in_project or (imp is None and not hasattr(builtins, head)):
                continue  # a project callee: its file's parameters are in already
            base = head
            if imp is not None and (imp.name is not None or imp.alias):
                base = f"{imp.module}.{imp.name}" if imp.name else imp.module
            self.calls.append(".".join(filter(None, (base, rest))))
        self._signatures: set[str] | None = None

    def signatures(self) -> set[str]:
        """The parameter names of the external functions ``fn`` calls."""
        if self._signatures is None:
            self._signatures = set()
            for call in self.calls:
                self._signatures |= _signature_params(external_signature(self.graph, call))
        return self._signatures

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name in self.names:
            return True
        if any(_module_takes(self.graph, module, name) for module in self.modules):
            return True
        return name in self.signatures()


def _module_takes(graph: ProjectGraph, module: str, name: str) -> bool:
    """Whether some function of external module ``module`` has a parameter ``name``
    (:func:`_external_params`), without parsing a module whose text lacks the word, nor
    the statements of one whose statements are parsed on first use and lack it."""
    doc = external_doc(graph, module)
    if doc.kind != "module" or not doc.source.endswith((".py", ".pyi")):
        return False
    stamp = stamp_of(doc.source)
    summary = loaded(module, doc.source, stamp)
    known = _MODULE_PARAMS.get(summary) if summary is not None else None
    if known is not None:
        return name in known
    if never_mentions(doc.source, stamp, name):
        return False  # (also for a summary whose statements are parsed on first use)
    source = load_source(module, doc.source, doc.source.endswith(_PACKAGE_FILES))
    takes = _MODULE_TAKES.get(source)
    if takes is None:
        takes = _MODULE_TAKES[source] = {}
    found = takes.get(name)
    if found is None:
        found = takes[name] = name in _module_params(source, name)
    return found


def package_star_unreadable(graph: ProjectGraph, path: str) -> bool:
    """Whether the ``__init__`` of the package of file ``path`` star-imports a sibling module
    the project has no source for (scipy.special's ``from ._ufuncs import *``, a compiled
    extension): the package's names, which a See Also resolves in (numpydoc reads it in the
    public module), are then not all known."""
    folder = path.replace("\\", "/").rpartition("/")[0]
    init = f"{folder}/__init__.py" if folder else "__init__.py"
    package = graph.get(init) if init != path else None
    return package is not None and any(
        i.name == "*" and i.level and graph.modules.resolve_import(init, i)[0] is None
        for i in package.imports
        if not i.scope
    )


def spelt_as_string(graph: ProjectGraph, paths: list[str], dotted: str) -> bool:
    """Whether ``dotted`` is written as a whole string literal (``"mlflow.prompt.is_prompt"``)
    in one of the files ``paths`` or, for a package ``__init__`` among them, the files beside
    it: a tag, setting or logger name spelt like a Python path, not a reference to one."""
    quoted = (f'"{dotted}"', f"'{dotted}'")
    files = set(paths)
    for path in paths:
        folder, _, name = path.replace("\\", "/").rpartition("/")
        if name == "__init__.py":
            prefix = folder + "/" if folder else ""
            files |= {
                p for p in graph.entries if p.startswith(prefix) and "/" not in p[len(prefix) :]
            }
    return any(_in_code(graph.source(p), q) for p in sorted(files) for q in quoted)


def _in_code(text: str, quoted: str) -> bool:
    """``quoted`` occurs in ``text`` outside a ``#`` comment (a comment quoting a name is prose
    about it: google-cloud-storage's ``# "..._media.common.DataCorruption" despite ...``)."""
    start = text.find(quoted)
    while start != -1:
        line = text[text.rfind("\n", 0, start) + 1 : start]
        if "#" not in line:
            return True
        start = text.find(quoted, start + 1)
    return False
