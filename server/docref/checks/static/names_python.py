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
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from docref.checks.static.names_passed import (
    package_star_unreadable,
    passed_on,
    spelt_as_string,
)
from docref.checks.static.names_scope import (
    RESOLVED,
    UNKNOWN,
    FileFacts,
    Resolution,
    class_members,
    external_complete,
    file_facts,
    is_namespace_package,
    missing,
    module_names,
    project_names,
    sometimes_present,
)
from docref.external.lookup import python_external_doc
from docref.graph.model import FileExtract, Function, Import
from docref.graph.project import ProjectGraph

__all__ = ["PythonScope", "Roots"]

#: Which first parts a dotted name may start from to be judged (see
#: :meth:`PythonScope.resolve_dotted`).
Roots = Literal["any", "module", "module_or_class"]

_SELF_NAMES = frozenset({"self", "cls", "mcs", "mcls", "klass", "metacls"})
_MAX_HOPS = 8


# --------------------------------------------------------------------------- walk targets


@dataclass(frozen=True, slots=True)
class _Module:
    name: str
    path: str | None  # None: a namespace package without a file


@dataclass(frozen=True, slots=True)
class _Class:
    path: str
    qualname: str


@dataclass(frozen=True, slots=True)
class _External:
    qualified: str
    kind: str


@dataclass(frozen=True, slots=True)
class _Leaf:
    """Resolved to something whose members the resolver does not follow."""


_Target = _Module | _Class | _External | _Leaf
_LEAF = _Leaf()


class PythonScope:
    """The names one documented Python function can refer to (see the module docstring)."""

    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function, source: str) -> None:
        self.graph, self.fe, self.fn = graph, fe, fn
        self.facts = file_facts(fe, source)
        parts = fn.qualname.split(".")
        prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        functions = [f for f in fe.functions if f.qualname in prefixes]
        self.names = {p.name for f in functions for p in f.params}
        self.names |= {n for f in functions for n in f.local_names} | {f.name for f in functions}
        self.names |= {f.name for f in fe.functions if f.qualname.rsplit(".", 1)[0] in prefixes}
        self.imports = {i.bound_name: i for i in fe.imports if not i.scope}
        self.imports.update({i.bound_name: i for i in fe.imports if i.scope in prefixes})
        classes = {c.qualname for c in fe.classes}
        self.class_chain = [q for q in sorted(prefixes, key=len, reverse=True) if q in classes]
        self.kwargs = any(p.kind == "kwarg" for f in functions for p in f.params)

    def _facts(self, path: str) -> FileFacts | None:
        if path == self.fe.path:
            return self.facts
        fe = self.graph.get(path)
        try:
            return file_facts(fe, self.graph.source(path)) if fe is not None else None
        except Exception:  # an unreadable file only costs the safety net
            return None

    # ---- classes ----------------------------------------------------------------------

    def _own_members(self, target: _Class) -> set[str]:
        return class_members(self.graph, target.path, target.qualname)

    def _bases(self, target: _Class) -> list[_Target | None]:
        fe = self.graph.get(target.path)
        cls = next((c for c in fe.classes if c.qualname == target.qualname), None) if fe else None
        if cls is None:
            return [None]
        out: list[_Target | None] = []
        for base in cls.bases:
            parts = base.split("[", 1)[0].strip().split(".")
            if parts != ["object"]:
                valid = all(p.isidentifier() for p in parts)
                out.append(self._dotted_from(target.path, parts) if valid else None)
        return out

    def has_member(
        self, target: _Class, name: str, seen: frozenset[_Class] = frozenset()
    ) -> bool | None:
        """Whether the class has ``name`` (own, project bases, external bases); ``None``
        when a base or a dynamic ``__getattr__`` leaves it open.  ``seen``: the classes
        already asked on this path (a base-class cycle adds nothing)."""
        own = self._own_members(target)
        facts = self._facts(target.path)
        if name in own or (facts is not None and name in facts.code_words):
            return True
        unsure = bool(own & {"__getattr__", "__getattribute__"}) or len(seen) > _MAX_HOPS
        unsure = unsure or self._rebound(target)
        seen = seen | {target}
        for base in self._bases(target) if not unsure else []:
            if isinstance(base, _Class) and base in seen:
                continue
            if isinstance(base, _Class):
                found = self.has_member(base, name, seen)
                if found:
                    return True
                unsure = unsure or found is None
            elif isinstance(base, _External):
                if python_external_doc(f"{base.qualified}.{name}").found:
                    return True
                unsure = True
            else:
                unsure = True
        return None if unsure else False

    def _rebound(self, target: _Class) -> bool:
        """Whether the module rebinds the class's name to a call taking the class (``Array =
        use_cpp_class(xc.Array)(Array)``): the name then means a class built at import time,
        whose members a static reader cannot list, as under an unknown class decorator."""
        fe = self.graph.get(target.path)
        name = target.qualname
        return (
            fe is not None
            and "." not in name
            and any(
                v.scope == "module"
                and v.name == name
                and name in v.value_refs
                and len(v.value_refs) > 1
                for v in fe.variables
            )
        )

    def member_names(self, target: _Class, seen: frozenset[_Class] = frozenset()) -> set[str]:
        """Members of a project class and of its project bases (for did-you-mean)."""
        names = self._own_members(target)
        seen = seen | {target}
        for base in self._bases(target) if len(seen) <= _MAX_HOPS else []:
            if isinstance(base, _Class) and base not in seen:
                names |= self.member_names(base, seen)
        return names

    # ---- modules and imports ----------------------------------------------------------

    def _module(self, dotted: str) -> _Module | None:
        path = self.graph.modules.module_path(dotted)
        if path is not None:
            return _Module(dotted, path)
        if is_namespace_package(self.graph, dotted):
            return _Module(dotted, None)
        return None

    def _imported(self, module: _Module) -> bool:
        """Whether some project file imports ``module`` or, for a package, one of its
        modules."""
        if module.path is None:
            return False
        if self.graph.importers_of(module.path):
            return True
        folder = module.path.rsplit("/", 1)[0] + "/"
        return module.path.endswith(("__init__.py", "__init__.pyi")) and any(
            path.startswith(folder) and self.graph.importers_of(path) for path in self.graph.entries
        )

    def _public_facades(self, target: _Module) -> list[_Module]:
        """The public packages re-exporting a private module (``jax.lax`` for
        ``jax._src.lax.lax``): inside a library, ``from jax._src.lax import lax`` binds the
        private module, while its docstrings write ``lax.scatter`` for the public API."""
        if target.path is None or not any(p.startswith("_") for p in target.name.split(".")):
            return []
        facades = []
        for path in sorted(self.graph.importers_of(target.path)):
            if path.endswith(("__init__.py", "__init__.pyi")):
                names = self.graph.modules.names_of.get(path, [])
                public = [n for n in names if not any(p.startswith("_") for p in n.split("."))]
                facades += [_Module(public[0], path)] if public else []
        return facades

    def _through_import(self, path: str, imp: Import, hops: int) -> _Target:
        if imp.name is None and not imp.alias:  # ``import a.b`` binds ``a``
            head = imp.module.split(".")[0]
            return self._module(head) or _External(head, "module")
        resolved, symbol = self.graph.modules.resolve_import(path, imp)
        if resolved is not None:
            if symbol is None:
                names = self.graph.modules.names_of.get(resolved, [resolved])
                return _Module(imp.module if imp.name is None else names[0], resolved)
            found = self._top(resolved, symbol, hops + 1) if hops < _MAX_HOPS else None
            return found if found is not None else _LEAF
        if imp.level or not imp.module:
            return _LEAF  # a relative import that leaves the project: nothing to follow
        if imp.name is None:
            return _External(imp.module, "module")
        doc = python_external_doc(f"{imp.module}.{imp.name}")
        return _External(f"{imp.module}.{imp.name}", doc.kind) if doc.found else _LEAF

    def _top(self, path: str, name: str, hops: int = 0) -> _Target | None:
        """``name`` in the module-level namespace of project file ``path``."""
        fe = self.graph.get(path)
        if fe is None:
            return None
        if any(c.qualname == name for c in fe.classes):
            return _Class(path, name)
        if any(f.qualname == name for f in fe.functions) or any(
            v.scope == "module" and v.name == name for v in fe.variables
        ):
            return _LEAF
        imp = next((i for i in fe.imports if not i.scope and i.bound_name == name), None)
        if imp is not None and imp.name != "*":
            return self._through_import(path, imp, hops)
        for module in self.graph.modules.names_of.get(path, []):
            sub = self.graph.modules.module_path(f"{module}.{name}")
            if sub is not None:
                return _Module(f"{module}.{name}", sub)
        return None

    def _dotted_from(self, path: str, parts: list[str]) -> _Target | None:
        """A base class as written in file ``path`` (``Base``, ``mod.Base``)."""
        target = self._top(path, parts[0])
        for part in parts[1:]:
            step = self._step(target, part) if target is not None else UNKNOWN
            target = None if isinstance(step, Resolution) else step
        return target

    # ---- walking ----------------------------------------------------------------------

    def _step(self, target: _Target, part: str) -> _Target | Resolution:
        if isinstance(target, _Leaf):
            return RESOLVED
        if isinstance(target, _Module):
            sub = self._module(f"{target.name}.{part}")
            found = sub or (self._top(target.path, part) if target.path else None)
            if found is not None:
                return found
            facts = self._facts(target.path) if target.path else None
            if facts is None or facts.dynamic or facts.stars or part in facts.code_words:
                return UNKNOWN
            # ``tqdm.write`` means the class ``tqdm`` of module ``tqdm`` as often as the module
            namesake = self._top(target.path or "", target.name.rsplit(".", 1)[-1])
            if isinstance(namesake, _Class) and self.has_member(namesake, part) is not False:
                return UNKNOWN
            for facade in self._public_facades(target):
                found = self._top(facade.path or "", part)
                if found is not None:
                    return found
            prefix = target.name + "."
            subs = {m[len(prefix) :] for m in self.graph.modules.by_name if m.startswith(prefix)}
            return missing(f"module `{target.name}`", part, facts.top | subs)
        if isinstance(target, _Class):
            has = self.has_member(target, part)
            if not has:
                owner = f"class `{target.qualname}`"
                return UNKNOWN if has is None else missing(owner, part, self.member_names(target))
            fe = self.graph.get(target.path)
            nested = f"{target.qualname}.{part}"
            if fe is not None and any(c.qualname == nested for c in fe.classes):
                return _Class(target.path, nested)
            return _LEAF
        doc = python_external_doc(f"{target.qualified}.{part}")
        if doc.found:
            return _External(f"{target.qualified}.{part}", doc.kind)
        if sometimes_present(target.qualified, part):
            return UNKNOWN
        if target.kind == "module" and external_complete(target.qualified):
            owner = f"module `{target.qualified}`"
            return missing(owner, part, module_names(target.qualified), external=True)
        if target.kind == "class" and "." not in target.qualified:  # a builtin type: exact
            names = project_names(self.graph)
            if target.qualified in names and part in names:
                # polars' ``str.starts_with``: the ``Expr.str`` namespace the project defines
                return UNKNOWN
            owner = f"builtin `{target.qualified}`"
            return missing(owner, part, dir(getattr(builtins, target.qualified)), external=True)
        return UNKNOWN

    def _start(self, parts: list[str]) -> tuple[_Target, int] | None:
        """What the first part(s) of a dotted name lead to, and how many parts that took."""
        head = parts[0]
        first = self.fn.params[0].name if self.fn.params and self.class_chain else ""
        if head == first and head in _SELF_NAMES:
            return _Class(self.fe.path, self.class_chain[0]), 1
        if head in self.names:
            return _LEAF, 1
        for qualname in self.class_chain:
            owner = _Class(self.fe.path, qualname)
            if head == qualname.rsplit(".", 1)[-1]:
                return owner, 1
            if head in self._own_members(owner):
                step = self._step(owner, head)
                return (_LEAF if isinstance(step, Resolution) else step), 1
        if head in self.imports and self.imports[head].name != "*":
            return self._through_import(self.fe.path, self.imports[head], 0), 1
        top = self._top(self.fe.path, head)
        if top is not None:
            return top, 1
        if hasattr(builtins, head):
            kind = "class" if isinstance(getattr(builtins, head), type) else "function"
            return _External(head, kind), 1
        for size in range(len(parts), 0, -1):
            module = self._module(".".join(parts[:size]))
            if module is not None:
                return module, size
        if python_external_doc(head).kind == "module":
            return _External(head, "module"), 1
        return None

    def resolve_dotted(self, parts: list[str], roots: Roots = "any") -> Resolution:
        """A dotted name.  An unresolved first part is ``unknown`` (``loop.run``,
        ``obj.attr``: placeholders, not names of the code); ``roots`` narrows which resolved
        first parts count (plain prose is judged only from modules, or modules and classes)."""
        start = self._start(parts)
        if start is None:
            return UNKNOWN
        target, used = start
        is_module = isinstance(target, _Module) or (
            isinstance(target, _External) and target.kind == "module"
        )
        if (roots == "module" and not is_module) or (
            roots == "module_or_class" and not (is_module or isinstance(target, _Class))
        ):
            return UNKNOWN
        # in running prose, ``line.col`` is not a reference to a stray script ``line.py``: a
        # module not imported here counts only if some project file imports it
        local = used > 1 or parts[0] in self.imports
        if roots != "any" and isinstance(target, _Module) and not (local or self._imported(target)):
            return UNKNOWN
        for part in parts[used:]:
            step = self._step(target, part)
            if isinstance(step, Resolution):
                if step.verdict == "missing" and isinstance(target, _Module) and target.path:
                    files = [self.fe.path, target.path]
                    return UNKNOWN if spelt_as_string(self.graph, files, ".".join(parts)) else step
                return step
            target = step
        return RESOLVED

    def enclosing_packages(self) -> list[str]:
        """The project packages holding this file, innermost first (``xarray.core``,
        ``xarray`` for ``xarray/core/dataset.py``)."""
        parts = self.fe.path.replace("\\", "/").split("/")[:-1]
        packages = [".".join(parts[:size]) for size in range(len(parts), 0, -1)]
        return [p for p in packages if self._module(p) is not None]

    def resolve_module(self, dotted: str) -> Resolution:
        """The target of a ``:mod:`` role: a project or installed module.  A single name that
        is neither is ``unknown``: not installed here does not mean it does not exist."""
        if self._module(dotted) is not None or python_external_doc(dotted).kind == "module":
            return RESOLVED
        parts = dotted.split(".")
        return self.resolve_dotted(parts) if len(parts) > 1 else UNKNOWN

    # ---- bare names -------------------------------------------------------------------

    def scope_candidates(self) -> set[str]:
        """Names in scope for a did-you-mean: the function's, its class's and the file's."""
        names = {n for n in self.names if n not in _SELF_NAMES}
        for qualname in self.class_chain:
            names |= self.member_names(_Class(self.fe.path, qualname))
        for star in self.facts.stars:
            resolved, _ = self.graph.modules.resolve_import(self.fe.path, star)
            facts = self._facts(resolved) if resolved is not None else None
            names |= facts.top if facts is not None else set()
        return names | self.facts.top

    def resolve_bare(self, name: str, *, keyword: bool = True) -> Resolution:
        """A single identifier (see the module docstring for what resolves and the unknowns);
        ``keyword=False`` for a name that cannot be a keyword forwarded through ``**kwargs``
        (a Sphinx role names a function, class or attribute)."""
        facts = self.facts
        if hasattr(builtins, name) or (name.startswith("__") and name.endswith("__")):
            return RESOLVED
        if self._start([name]) is not None or name in facts.entities | facts.locals:
            return RESOLVED
        if name in facts.code_words or any(i.bound_name == name for i in self.fe.imports):
            return RESOLVED
        unsure = facts.dynamic or (keyword and self.kwargs and name.lower() == name)
        for qualname in self.class_chain:
            has = self.has_member(_Class(self.fe.path, qualname), name)
            if has:
                return RESOLVED
            unsure = unsure or has is None
        for star in facts.stars:
            found = self._star_has(star, name)
            if found:
                return RESOLVED
            unsure = unsure or found is None
        unsure = unsure or package_star_unreadable(self.graph, self.fe.path)
        if name in project_names(self.graph) or name in self._passed_on:
            return RESOLVED
        if self._sibling_of_import(name):
            return RESOLVED
        return UNKNOWN if unsure else missing("", name, self.scope_candidates())

    @cached_property
    def _passed_on(self) -> set[str]:
        # once per scope (it reads every imported module's parameters), not per bare name
        return passed_on(self.graph, self.fe, self.fn)

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
            and python_external_doc(f"{m}.{name}").found
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
        if not star.level and star.module and external_complete(star.module):
            return python_external_doc(f"{star.module}.{name}").found
        return None


@lru_cache(maxsize=1024)
def _mirrors(module: str, functions: tuple[str, ...]) -> bool:
    """Whether a file defining the top-level ``functions`` re-implements the external
    ``module``'s API: three or more of its public functions are namesakes of the module's."""
    found = 0
    for name in functions:
        if not name.startswith("_") and python_external_doc(f"{module}.{name}").found:
            found += 1
            if found == 3:
                return True
    return False
