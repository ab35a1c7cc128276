"""Where a name mentioned in a Python docstring leads: the Python resolver of the C1 name rules.

:class:`PythonScope` answers, for one documented function, whether a (dotted) name resolves:
to a parameter or local (also of enclosing functions), an attribute or member of the enclosing
class (``self.x`` assigned in any method, class variables, nested classes, members of project
base classes followed through the graph), a symbol of the file or of any project file, an
import, a builtin, or an attribute of an external module read statically through
:mod:`docref.external.lookup` (nothing is imported or executed here).

``unknown`` whenever the code could supply the name in a way a static reader cannot follow:
a star import it cannot read, a module or class ``__getattr__``, ``globals()`` or ``exec`` in
the module, a base class that does not resolve, a function taking ``**kwargs`` (a mentioned
keyword may be forwarded), a member of an external class.  A name that occurs anywhere in the
code of the file that would define it counts as resolved (see
:func:`~docref.checks.static.names_scope.file_facts`), and so does a member of an external
module the file imports other names from (``parse_qs`` beside ``from urllib.parse import
parse_qsl``).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import Literal

from docref.checks.static.names_external import external_doc
from docref.checks.static.names_passed import (
    PassedOn,
    package_star_unreadable,
    spelt_as_string,
)
from docref.checks.static.names_python_hosts import hosted_self
from docref.checks.static.names_python_roots import script_elsewhere
from docref.checks.static.names_python_targets import (
    LEAF,
    ClassTarget,
    ExternalTarget,
    ModuleTarget,
    Target,
    UnboundImport,
)
from docref.checks.static.names_python_walk import ProjectWalk
from docref.checks.static.names_scope import (
    RESOLVED,
    UNKNOWN,
    Resolution,
    external_complete,
    file_facts,
    missing,
    project_names,
)
from docref.checks.static.params_property import is_property
from docref.checks.static.project_imports import project_imports
from docref.external.lookup import python_external_doc
from docref.graph.model import FileExtract, Function, Import
from docref.graph.project import ProjectGraph

__all__ = ["PythonScope", "Roots"]

#: Which first parts a dotted name may start from to be judged (see
#: :meth:`PythonScope.resolve_dotted`).
Roots = Literal["any", "module", "module_or_class"]

_SELF_NAMES = frozenset({"self", "cls", "mcs", "mcls", "klass", "metacls"})


@dataclass(frozen=True, slots=True)
class _FileIndex:
    """What every scope of one file reads from the whole file, gathered once per file (each
    scope re-walked every function and import of its file: quadratic in a file's functions,
    ~5% of a cold run's CPU on astropy)."""

    defined_in: dict[str, set[str]]  # qualname's parent part -> names of functions there
    module_imports: dict[str, Import]  # bound name -> the module-level import binding it
    scoped_imports: list[Import]  # the imports inside functions and classes, in order
    classes: frozenset[str]


# id(extract) -> (the extract, what its index was made of, the index): the scopes of one
# file are built one after another, so a few entries suffice (and keep few extracts alive)
_INDEXES: dict[int, tuple[FileExtract, tuple[str, int, int, int], _FileIndex]] = {}
_INDEXES_KEEP = 8


def _file_index(fe: FileExtract) -> _FileIndex:
    stamp = (fe.content_hash, len(fe.functions), len(fe.imports), len(fe.classes))
    known = _INDEXES.get(id(fe))
    if known is not None and known[0] is fe and known[1] == stamp:
        return known[2]
    defined_in: dict[str, set[str]] = {}
    for f in fe.functions:
        defined_in.setdefault(f.qualname.rsplit(".", 1)[0], set()).add(f.name)
    index = _FileIndex(
        defined_in,
        {i.bound_name: i for i in fe.imports if not i.scope},
        [i for i in fe.imports if i.scope],
        frozenset(c.qualname for c in fe.classes),
    )
    if len(_INDEXES) >= _INDEXES_KEEP:
        _INDEXES.clear()
    _INDEXES[id(fe)] = (fe, stamp, index)
    return index


class PythonScope(ProjectWalk):
    """The names one documented Python function can refer to (see the module docstring)."""

    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function, source: str) -> None:
        self.graph, self.fe, self.fn = graph, fe, fn
        self.source = source
        self.facts = file_facts(fe, source)
        parts = fn.qualname.split(".")
        prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        functions = [f for f in fe.functions if f.qualname in prefixes]
        self.names = {p.name for f in functions for p in f.params}
        self.names |= {n for f in functions for n in f.local_names} | {f.name for f in functions}
        index = _file_index(fe)
        for prefix in prefixes:  # the functions defined in the function or its enclosers
            self.names |= index.defined_in.get(prefix, set())
        scoped = index.scoped_imports if "" not in prefixes else fe.imports  # (qualname "")
        self.imports = dict(index.module_imports)
        self.imports.update({i.bound_name: i for i in scoped if i.scope in prefixes})
        self.class_chain = [
            q for q in sorted(prefixes, key=len, reverse=True) if q in index.classes
        ]
        self.kwargs = any(p.kind == "kwarg" for f in functions for p in f.params)

    def _start(self, parts: list[str]) -> tuple[Target, int] | None:
        """What the first part(s) of a dotted name lead to, and how many parts that took."""
        head = parts[0]
        first = self.fn.params[0].name if self.fn.params and self.class_chain else ""
        if head == first and head in _SELF_NAMES:
            return ClassTarget(self.fe.path, self.class_chain[0]), 1
        if head in self.names:
            return LEAF, 1
        for qualname in self.class_chain:
            owner = ClassTarget(self.fe.path, qualname)
            if head == qualname.rsplit(".", 1)[-1]:
                return owner, 1
            if head in self._own_members(owner):
                step = self._step(owner, head)
                return (LEAF if isinstance(step, Resolution) else step), 1
        if head in self.imports and self.imports[head].name != "*":
            return self._through_import(self.fe.path, self.imports[head], 0), 1
        top = self._top(self.fe.path, head)
        if top is not None:
            return top, 1
        if head.startswith("__") and head.endswith("__"):
            # ``__class__.__name__``: the data model's attribute of any object, not the
            # ``builtins`` module's own ``__class__`` (its type, which has no ``__name__`` entry)
            return LEAF, 1
        if hasattr(builtins, head):
            kind = "class" if isinstance(getattr(builtins, head), type) else "function"
            return ExternalTarget(head, kind), 1
        if len(parts) > 1 and head in self._constructor_params:
            # ``options.best_fn`` in a method of a class built with ``options``: the field
            # of that argument, not a module of that name elsewhere (orbax, round 16)
            return LEAF, 1
        for size in range(len(parts), 0, -1):
            module = self._module(".".join(parts[:size]))
            if module is not None and not script_elsewhere(self.graph, self.fe.path, module):
                return module, size
        if external_doc(self.graph, head).kind == "module":
            return ExternalTarget(head, "module"), 1
        return None

    def resolve_dotted(self, parts: list[str], roots: Roots = "any") -> Resolution:
        """A dotted name.  An unresolved first part is ``unknown`` (``loop.run``,
        ``obj.attr``: placeholders, not names of the code); ``roots`` narrows which resolved
        first parts count (plain prose is judged only from modules, or modules and classes)."""
        start = self._start(parts)
        if start is None:
            return UNKNOWN
        target, used = start
        is_module = isinstance(target, ModuleTarget) or (
            isinstance(target, ExternalTarget) and target.kind == "module"
        )
        if (roots == "module" and not is_module) or (
            roots == "module_or_class" and not (is_module or isinstance(target, ClassTarget))
        ):
            return UNKNOWN
        # in running prose, ``line.col`` is not a reference to a stray script ``line.py``: a
        # module not imported here counts only if some project file imports it
        local = used > 1 or parts[0] in self.imports
        if (
            roots != "any"
            and isinstance(target, ModuleTarget)
            and not (local or self._imported(target))
        ):
            return UNKNOWN
        found = self._walk(parts, target, used)
        package = self._module(parts[0]) if found.verdict == "missing" and used == 1 else None
        if package is not None and package != target and parts[0] in self.imports:
            # ``~ecdsa.curves.Curve`` in ``ecdsa/curves.py``, which does ``from . import
            # ecdsa`` (the submodule ecdsa.ecdsa): a full path from the project's top-level
            # package of that name, when the local binding does not hold the rest (round 75);
            # a path the package holds further (``ecdsa.curves.Gone``) is judged from there
            again = self._walk(parts, package, 1)
            if again.verdict != "missing" or not isinstance(
                self._step(package, parts[1]), Resolution
            ):
                return again
        return found

    def _walk(self, parts: list[str], target: Target, used: int) -> Resolution:
        """The rest of a dotted name, ``parts[used:]``, from where its first parts led."""
        for index, part in enumerate(parts[used:], start=used):
            step = self._step(target, part)
            if isinstance(step, Resolution) and self._holder_view(parts, index, target, step):
                return UNKNOWN
            own = self.class_chain[0] if self.class_chain else ""
            if isinstance(step, Resolution) and hosted_self(self, parts, index, target, own, step):
                return UNKNOWN
            if isinstance(step, Resolution):
                if step.verdict == "missing" and isinstance(target, ModuleTarget) and target.path:
                    # written from the module's bound name (``stream.makeVoices()``), not a full
                    # path a reader looks up (``dask.array.numblocks``, round 5: TRUE)
                    if len(parts) == 2 and self.noun_member(target, part):
                        return UNKNOWN
                    files = [self.fe.path, target.path]
                    if len(parts) >= 4:
                        # a long dotted path spelt whole as a string anywhere in the project
                        # is a key read by name (distributed's config key
                        # ``distributed.diagnostics.computations.nframes``, which client.py
                        # passes to ``dask.config.get``; round 21)
                        files = sorted(self.graph.entries)
                    return UNKNOWN if spelt_as_string(self.graph, files, ".".join(parts)) else step
                return step
            target = step
        return RESOLVED

    def _holder_view(self, parts: list[str], index: int, target: Target, step: Resolution) -> bool:
        """A three-part path from self (self, holder, member) in a docstring of a class
        that has the member but not the holder: it is written from the object holding this
        one (autobahn's ComponentConfig, whose extra is reached "in your ApplicationSession
        subclass via self.config.extra", round 30), so its self is another class's.  A longer
        path goes on past the member (django's stale related_field path ending in
        model.objects.filter(), round 25, in a class that has a model) and stays judged."""
        return (
            step.verdict == "missing"
            and index == 1
            and len(parts) == 3
            and parts[0] in _SELF_NAMES
            and isinstance(target, ClassTarget)
            and target.qualname == (self.class_chain[0] if self.class_chain else "")
            and parts[2] in self.member_names(target)
        )

    def enclosing_packages(self) -> list[str]:
        """The project packages holding this file, innermost first (``xarray.core``,
        ``xarray`` for ``xarray/core/dataset.py``)."""
        parts = self.fe.path.replace("\\", "/").split("/")[:-1]
        packages = [".".join(parts[:size]) for size in range(len(parts), 0, -1)]
        return [p for p in packages if self._module(p) is not None]

    def resolve_module(self, dotted: str) -> Resolution:
        """The target of a ``:mod:`` role: a project or installed module.  A single name that
        is neither is ``unknown``: not installed here does not mean it does not exist."""
        if self._module(dotted) is not None or external_doc(self.graph, dotted).kind == "module":
            return RESOLVED
        parts = dotted.split(".")
        return self.resolve_dotted(parts) if len(parts) > 1 else UNKNOWN

    # ---- bare names -------------------------------------------------------------------

    def scope_candidates(self) -> set[str]:
        """Names in scope for a did-you-mean: the function's, its class's and the file's."""
        names = {n for n in self.names if n not in _SELF_NAMES}
        for qualname in self.class_chain:
            names |= self.member_names(ClassTarget(self.fe.path, qualname))
        for star in self.facts.stars:
            resolved, _ = self.graph.modules.resolve_import(self.fe.path, star)
            facts = self._facts(resolved) if resolved is not None else None
            names |= facts.top if facts is not None else set()
        return names | self.facts.top

    def resolve_bare(
        self,
        name: str,
        *,
        keyword: bool = True,
        pending: list[Callable[[], bool]] | None = None,
    ) -> Resolution:
        """A single identifier (see the module docstring for what resolves and the unknowns);
        ``keyword=False`` for a name that cannot be a keyword forwarded through ``**kwargs``
        (a Sphinx role names a function, class or attribute).  With a ``pending`` list, the
        last and costliest tests (:meth:`_resolves_elsewhere`) are not run: the answer is
        what it is without them, and a call added to ``pending`` tells whether they would
        have made it ``resolved`` (the caller asks only if that changes what it reports)."""
        facts = self.facts
        if hasattr(builtins, name) or (name.startswith("__") and name.endswith("__")):
            return RESOLVED
        if self._start([name]) is not None or name in facts.entities | facts.locals:
            return RESOLVED
        if name in facts.code_words or any(i.bound_name == name for i in self.fe.imports):
            return RESOLVED
        unsure = facts.dynamic or (keyword and self.kwargs and name.lower() == name)
        for qualname in self.class_chain:
            has = self.has_member(ClassTarget(self.fe.path, qualname), name)
            if has:
                return RESOLVED
            unsure = unsure or has is None
        for star in facts.stars:
            found = self._star_has(star, name)
            if found:
                return RESOLVED
            unsure = unsure or found is None
        unsure = unsure or package_star_unreadable(self.graph, self.fe.path)
        if name in project_names(self.graph) or name in project_imports(self.graph).libraries:
            return RESOLVED  # "overlaps using `rtree`": a library the project imports
        if self._element_of_attribute(name):
            return RESOLVED
        # the two that read installed modules, last (often a module's first reading)
        if pending is not None:
            pending.append(partial(self._resolves_elsewhere, name))
        elif self._resolves_elsewhere(name):
            return RESOLVED
        return UNKNOWN if unsure else missing("", name, self.scope_candidates())

    def _resolves_elsewhere(self, name: str) -> bool:
        """A keyword the function may pass on (:class:`PassedOn`), or a member of an
        external module the file imports from (:meth:`_sibling_of_import`)."""
        return name in self._passed_on or self._sibling_of_import(name)

    def imports_unbound(self, path: str, name: str) -> bool:
        """Project file ``path`` binds ``name`` by importing it from a project module that
        provably makes no such name (:class:`UnboundImport`: a stale re-export)."""
        return isinstance(self._top(path, name), UnboundImport)

    def _element_of_attribute(self, name: str) -> bool:
        """Whether ``name`` is the singular of a data attribute of the enclosing classes that
        the function reads through its first parameter: prose names one element of the
        collection it works on (round 22, markdown: "each `blockprocessor` is stepped
        through" over the attribute ``blockprocessors``).  Attributes only: a parameter
        renamed ``path`` -> ``paths`` with prose still saying ``path`` is drift, a method's
        singular names no element, and an attribute the function does not read may be a
        renamed name (round 14's control).  A property is data ("for each `residual_ntwk`"
        over the property ``residual_ntwks``: scikit-rf, round 31)."""
        if not self.class_chain or len(name) < 3 or not name.isidentifier():
            return False
        plurals = {f"{name}s", f"{name}es"}
        if name.endswith("y"):
            plurals.add(f"{name[:-1]}ies")
        methods = {f.qualname for f in self.fe.functions if not is_property(f)}
        owner = self.fn.params[0].name if self.fn.params else "self"
        span = self.fn.span
        body = "\n".join(self.source.splitlines()[span.start_line : span.end_line + 1])
        for qualname in self.class_chain:
            members = self.member_names(ClassTarget(self.fe.path, qualname))
            for plural in plurals:
                if plural not in members or f"{qualname}.{plural}" in methods:
                    continue
                if re.search(rf"\b(?:self|cls|{re.escape(owner)})\.{plural}\b", body):
                    return True
        return False

    @cached_property
    def _constructor_params(self) -> frozenset[str]:
        """The parameters of the enclosing class's ``__init__`` (the documented function's
        own are in ``names``)."""
        inits = {f"{q}.__init__" for q in self.class_chain[:1]}
        found = {p.name for f in self.fe.functions if f.qualname in inits for p in f.params}
        return frozenset(found - {"self", "cls"})

    @cached_property
    def _passed_on(self) -> PassedOn:
        # once per scope (it reads every imported file's parameters), not per bare name
        return PassedOn(self.graph, self.fe, self.fn)

    def _sibling_of_import(self, name: str) -> bool:
        """``parse_qs`` where the file does ``from urllib.parse import parse_qsl``: a bare name
        of the external module the file takes its neighbours from, or imports whole
        (``NamedTemporaryFile`` in a See Also of a file doing ``import tempfile``) -- unless
        the file mirrors that module (:func:`_mirrors`): its docstrings, copied from the
        original's, name the original's neighbours, and one the project lacks is a dead link
        (dask's ``block``, numpy's namesake: See Also ``vsplit``)."""
        modules = {i.module for i in self.fe.imports if i.module and not i.level}
        whole = {i.module for i in self.fe.imports if i.name is None and not i.level}
        own = tuple(sorted({f.name for f in self.fe.functions if "." not in f.qualname}))
        return any(
            self._module(m) is None
            and external_doc(self.graph, f"{m}.{name}").found
            and not (m in whole and _mirrors(m, own))
            for m in modules
        )

    def _star_has(self, star: Import, name: str) -> bool | None:
        resolved, _ = self.graph.modules.resolve_import(self.fe.path, star)
        if resolved is not None:
            facts = self._facts(resolved)
            if facts is None or facts.dynamic or facts.stars:
                return None
            return name in facts.top or name in facts.code_words
        if not star.level and star.module and external_complete(self.graph, star.module):
            return external_doc(self.graph, f"{star.module}.{name}").found
        return None


@lru_cache(maxsize=1024)
def _mirrors(module: str, functions: tuple[str, ...]) -> bool:
    """Whether a file defining the top-level ``functions`` re-implements the external
    ``module``'s API: three or more of its public functions are namesakes of the module's."""
    found = 0
    for name in functions:
        if not name.startswith("_") and python_external_doc(f"{module}.{name}", render=False).found:
            found += 1
            if found == 3:
                return True
    return False
