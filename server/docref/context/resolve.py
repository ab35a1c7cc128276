"""Resolving one name a function uses to its definition (one hop, ReFEree's edges).

``assign`` / ``as`` / ``refers`` / ``typeof`` / ``inherits`` are followed back through the
function's scopes, its file's imports and (Java) its package, to a project entity or to the
qualified name of an external API.
"""

from __future__ import annotations

import builtins
import posixpath

from docref.context.model import Origin
from docref.graph.model import Class, FileExtract, Function, Import, Variable
from docref.graph.project import ProjectGraph

Entity = Function | Class | Variable

# java.lang is imported implicitly; these are the names worth documenting from it.
_JAVA_LANG = frozenset(
    [
        "String",
        "StringBuilder",
        "Math",
        "Integer",
        "Long",
        "Double",
        "Float",
        "Boolean",
        "Character",
        "Byte",
        "Short",
        "Object",
        "System",
        "Thread",
        "Runnable",
        "Iterable",
        "Comparable",
        "CharSequence",
        "Enum",
        "Class",
        "Number",
        "Exception",
        "RuntimeException",
        "IllegalArgumentException",
        "IllegalStateException",
        "NullPointerException",
        "IndexOutOfBoundsException",
        "UnsupportedOperationException",
        "Throwable",
        "Error",
        "Record",
    ]
)
_PY_BUILTINS = frozenset(dir(builtins))
JAVA_PRIMITIVES = frozenset(
    ["int", "long", "double", "float", "boolean", "char", "byte", "short", "void", "var"]
)


class Found:
    __slots__ = ("entity", "origin", "path")

    def __init__(self, entity: Entity, path: str, origin: Origin) -> None:
        self.entity, self.path, self.origin = entity, path, origin


class Resolver:
    def __init__(self, graph: ProjectGraph, fe: FileExtract, fn: Function) -> None:
        self.graph = graph
        self.fe = fe
        self.fn = fn
        self.scopes = {fn.qualname}
        parts = fn.qualname.split(".")
        self.scopes.update(".".join(parts[:i]) for i in range(1, len(parts)))
        self.imports = [i for i in fe.imports if i.scope == "" or i.scope in self.scopes]
        self.params = {p.name: p for p in fn.params}
        self.locals = set(fn.local_names)

    # ---- lookups in one file ----------------------------------------------------------

    def member(self, path: str, qualname: str) -> Entity | None:
        return self.graph.symbol(path, qualname)

    def class_member(self, path: str, cls: Class, name: str, hops: int = 1) -> Found | None:
        """``name`` on ``cls`` or (one hop) on a base class resolved from ``cls``'s file."""
        ent = self.member(path, f"{cls.qualname}.{name}")
        if ent is not None:
            return Found(ent, path, "internal" if path == self.fe.path else "cross")
        if hops <= 0:
            return None
        for base in cls.bases:
            found = self.resolve_in_file(path, base.split("[", 1)[0].split("<", 1)[0])
            if found is not None and isinstance(found.entity, Class):
                hit = self.class_member(found.path, found.entity, name, hops - 1)
                if hit is not None:
                    return hit
        return None

    def resolve_in_file(self, path: str, dotted: str) -> Found | None:
        """Resolve a dotted name as seen from the top level of file ``path``."""
        fe = self.graph.get(path)
        if fe is None:
            return None
        head, _, rest = dotted.partition(".")
        origin: Origin = "internal" if path == self.fe.path else "cross"
        ent = self.member(path, head)
        if ent is not None:
            if not rest:
                return Found(ent, path, origin)
            if isinstance(ent, Class):
                return self.class_member(path, ent, rest.split(".")[0])
            return None
        imports = self.imports if path == self.fe.path else [i for i in fe.imports if not i.scope]
        for imp in imports:
            if imp.bound_name == head:
                return self.through_import(path, imp, rest)
        return None

    def through_import(self, path: str, imp: Import, rest: str) -> Found | None:
        target, symbol = self.graph.modules.resolve_import(path, imp)
        if target is None:
            return None
        if imp.name is None and not imp.alias and "." in imp.module:
            # ``import a.b.c`` binds ``a``: the use is ``a.b.c.x``; strip the module path
            tail = imp.module.split(".", 1)[1] + "."
            if rest.startswith(tail):
                rest = rest[len(tail) :]
        name = ".".join(p for p in (symbol, rest) if p)
        if not name:
            return None
        if target == path:
            return None
        return self.resolve_in_file(target, name)

    # ---- one reference ----------------------------------------------------------------

    def resolve(self, name: str) -> tuple[Found | None, str | None]:
        """(project entity, or None) and (external qualified name, or None)."""
        head, _, rest = name.partition(".")
        fn, fe = self.fn, self.fe
        if head in ("self", "cls", "this", "super") and fn.parent_class:
            if not rest:
                return None, None
            cls = self.member(fe.path, fn.parent_class)
            if isinstance(cls, Class):
                return self.class_member(fe.path, cls, rest.split(".")[0]), None
            return None, None
        if head in self.params or head in self.locals:
            return self.through_type(head, rest)
        if fe.language == "java":
            return self.resolve_java(head, rest)
        for imp in self.imports:
            if imp.bound_name == head:
                found = self.through_import(fe.path, imp, rest)
                if found is not None:
                    return found, None
                if self.graph.modules.resolve_import(fe.path, imp)[0] is None and not imp.level:
                    return None, external_name(imp, rest)
                return None, None
        return self.resolve_in_file(fe.path, name), None

    def through_type(self, head: str, rest: str) -> tuple[Found | None, str | None]:
        """``param.method`` where the parameter is annotated: follow the typeof edge."""
        param = self.params.get(head)
        if param is None or not param.annotation or not rest:
            return None, None
        type_name = param.annotation.strip("'\"").split("[", 1)[0].split("<", 1)[0].strip()
        if not type_name or type_name in JAVA_PRIMITIVES:
            return None, None
        member = rest.split(".")[0]
        if self.fe.language == "java":
            return self.resolve_java(type_name, member)
        for imp in self.imports:
            if (
                imp.bound_name == type_name.split(".")[0]
                and self.graph.modules.resolve_import(self.fe.path, imp)[0] is None
            ):
                sub = type_name.partition(".")[2]
                return None, external_name(imp, ".".join(p for p in (sub, member) if p))
        return self.resolve_in_file(self.fe.path, f"{type_name}.{member}"), None

    def resolve_java(self, head: str, rest: str) -> tuple[Found | None, str | None]:
        fn, fe = self.fn, self.fe
        member = rest.split(".")[0] if rest else ""
        if fn.parent_class and not rest:
            # a bare call/field in a method: this class (or one hop up its bases)
            cls = self.member(fe.path, fn.parent_class)
            if isinstance(cls, Class):
                found = self.class_member(fe.path, cls, head)
                if found is not None:
                    return found, None
        if fn.parent_class and rest:
            field_ent = self.member(fe.path, f"{fn.parent_class}.{head}")
            if isinstance(field_ent, Variable) and field_ent.annotation:
                # ``prices.priceOf()`` on a field: follow the field's declared type
                type_name = field_ent.annotation.split("<", 1)[0].strip()
                if type_name not in JAVA_PRIMITIVES and type_name != head:
                    return self.resolve_java(type_name, member)
        cls_ent = next((c for c in fe.classes if c.name == head), None)
        if cls_ent is not None:
            if not member:
                return Found(cls_ent, fe.path, "internal"), None
            return self.class_member(fe.path, cls_ent, member), None
        for imp in self.imports:
            if imp.is_static and imp.name in (head, "*"):
                target = self.graph.modules.module_path(imp.module)
                if target is not None:
                    return self.resolve_in_file(target, head), None
                if imp.name == head:
                    return None, f"{imp.module}.{head}"
            if imp.name == head and not imp.is_static:
                target = self.graph.modules.module_path(f"{imp.module}.{head}")
                if target is not None:
                    return self.resolve_in_file(
                        target, ".".join(p for p in (head, member) if p)
                    ), None
                return None, ".".join(p for p in (imp.module, head, member) if p)
        package_files = self.graph.modules.java_package_files(fe.package)
        for imp in self.imports:
            if imp.name == "*" and not imp.is_static:
                package_files = package_files | self.graph.modules.java_package_files(imp.module)
        for other in sorted(package_files):
            if other != fe.path and posixpath.basename(other)[: -len(".java")] == head:
                return self.resolve_in_file(other, ".".join(p for p in (head, member) if p)), None
        if head in _JAVA_LANG:
            return None, ".".join(p for p in ("java.lang", head, member) if p)
        return None, None


def is_builtin(language: str, name: str) -> bool:
    return language == "python" and name in _PY_BUILTINS


def block_name(used: str) -> str:
    """``self.items.append`` → ``self.items``: name the block after what it shows."""
    parts = used.split(".")
    if parts[0] in ("self", "cls", "this") and len(parts) > 2:
        return ".".join(parts[:2])
    return used


def external_name(imp: Import, rest: str) -> str:
    if imp.name:
        base = f"{imp.module}.{imp.name}"
    elif imp.alias:
        base = imp.module
    else:
        # ``import a.b`` binds ``a``: the use already spells ``a.b.x``, so ``rest`` is ``b.x``
        base = imp.bound_name
    return ".".join(p for p in (base, rest) if p)
