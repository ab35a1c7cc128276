"""1-hop related information for one function (ReFEree "related information").

Every name the function uses is followed one hop back to its definition and classified:
internal (same file), cross (another project file, through an import or, in Java, the same
package) or external (outside the project: rendered from its real documentation).  The
released ReFEree retrieval's defects are not copied: same-file variables are included,
definitions below the target are visible, ``self.method()`` renders that method only, a
lookup spanning files keeps every block, relative imports follow package semantics and
externals keep their full dotted path (``os.path.join``, not ``os.join``).
"""

from __future__ import annotations

import builtins
import posixpath
from collections.abc import Callable

from docref.context.model import DroppedBlock, FunctionContext, Origin, RelatedBlock
from docref.context.render import render_entity
from docref.defaults import DEFAULT_TOKEN_BUDGET
from docref.external.lookup import java_external_doc, python_external_doc
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
_JAVA_PRIMITIVES = frozenset(
    ["int", "long", "double", "float", "boolean", "char", "byte", "short", "void", "var"]
)


class ContextError(LookupError):
    """The function cannot be found; ``suggestions`` lists close qualnames."""

    def __init__(self, message: str, suggestions: list[str]) -> None:
        super().__init__(message)
        self.suggestions = suggestions


class _Found:
    __slots__ = ("entity", "origin", "path")

    def __init__(self, entity: Entity, path: str, origin: Origin) -> None:
        self.entity, self.path, self.origin = entity, path, origin


class _Resolver:
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

    def class_member(self, path: str, cls: Class, name: str, hops: int = 1) -> _Found | None:
        """``name`` on ``cls`` or (one hop) on a base class resolved from ``cls``'s file."""
        ent = self.member(path, f"{cls.qualname}.{name}")
        if ent is not None:
            return _Found(ent, path, "internal" if path == self.fe.path else "cross")
        if hops <= 0:
            return None
        for base in cls.bases:
            found = self.resolve_in_file(path, base.split("[", 1)[0].split("<", 1)[0])
            if found is not None and isinstance(found.entity, Class):
                hit = self.class_member(found.path, found.entity, name, hops - 1)
                if hit is not None:
                    return hit
        return None

    def resolve_in_file(self, path: str, dotted: str) -> _Found | None:
        """Resolve a dotted name as seen from the top level of file ``path``."""
        fe = self.graph.get(path)
        if fe is None:
            return None
        head, _, rest = dotted.partition(".")
        origin: Origin = "internal" if path == self.fe.path else "cross"
        ent = self.member(path, head)
        if ent is not None:
            if not rest:
                return _Found(ent, path, origin)
            if isinstance(ent, Class):
                return self.class_member(path, ent, rest.split(".")[0])
            return None
        imports = self.imports if path == self.fe.path else [i for i in fe.imports if not i.scope]
        for imp in imports:
            if imp.bound_name == head:
                return self.through_import(path, imp, rest)
        return None

    def through_import(self, path: str, imp: Import, rest: str) -> _Found | None:
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

    def resolve(self, name: str) -> tuple[_Found | None, str | None]:
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
                    return None, _external_name(imp, rest)
                return None, None
        return self.resolve_in_file(fe.path, name), None

    def through_type(self, head: str, rest: str) -> tuple[_Found | None, str | None]:
        """``param.method`` where the parameter is annotated: follow the typeof edge."""
        param = self.params.get(head)
        if param is None or not param.annotation or not rest:
            return None, None
        type_name = param.annotation.strip("'\"").split("[", 1)[0].split("<", 1)[0].strip()
        if not type_name or type_name in _JAVA_PRIMITIVES:
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
                return None, _external_name(imp, ".".join(p for p in (sub, member) if p))
        return self.resolve_in_file(self.fe.path, f"{type_name}.{member}"), None

    def resolve_java(self, head: str, rest: str) -> tuple[_Found | None, str | None]:
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
                if type_name not in _JAVA_PRIMITIVES and type_name != head:
                    return self.resolve_java(type_name, member)
        cls_ent = next((c for c in fe.classes if c.name == head), None)
        if cls_ent is not None:
            if not member:
                return _Found(cls_ent, fe.path, "internal"), None
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


def _is_builtin(language: str, name: str) -> bool:
    return language == "python" and name in _PY_BUILTINS


def _block_name(used: str) -> str:
    """``self.items.append`` → ``self.items``: name the block after what it shows."""
    parts = used.split(".")
    if parts[0] in ("self", "cls", "this") and len(parts) > 2:
        return ".".join(parts[:2])
    return used


def _external_name(imp: Import, rest: str) -> str:
    if imp.name:
        base = f"{imp.module}.{imp.name}"
    elif imp.alias:
        base = imp.module
    else:
        # ``import a.b`` binds ``a``: the use already spells ``a.b.x``, so ``rest`` is ``b.x``
        base = imp.bound_name
    return ".".join(p for p in (base, rest) if p)


def find_function(graph: ProjectGraph, path: str, qualname: str) -> tuple[FileExtract, Function]:
    """The function ``qualname`` of ``path``, or :class:`ContextError` with suggestions."""
    import difflib

    fe = graph.get(path)
    if fe is None:
        reason = graph.skipped.get(graph.relpath(path))
        message = f"{path}: not indexed" + (f" ({reason})" if reason else "")
        known = list(graph.files)
        raise ContextError(message, difflib.get_close_matches(graph.relpath(path), known, 3))
    for fn in fe.functions:
        if fn.qualname == qualname:
            return fe, fn
    names = [f.qualname for f in fe.functions]
    close = difflib.get_close_matches(qualname, names, 5, 0.5)
    tail = qualname.rsplit(".", 1)[-1]
    close += [n for n in names if n.rsplit(".", 1)[-1] == tail and n not in close]
    raise ContextError(f"{path}: no function or method named {qualname!r}", close[:5])


def _code_without_docstring(data: bytes, fn: Function) -> str:
    """The function's source without its own docstring: the judge compares the docstring's
    sentences with the code, so the code must not already contain them (the benchmark's
    ``input`` has no Javadoc either) -- and an edit of one sentence must not change the code
    every other sentence's question is asked with.  A docstring on lines of its own goes
    with its lines; a body left empty gets ``...``."""
    start, end = fn.span.start_byte, fn.span.end_byte
    doc = fn.docstring
    if doc is None or not (start <= doc.span.start_byte < doc.span.end_byte <= end):
        return data[start:end].decode("utf-8", "replace")
    cut_from, cut_to = doc.span.start_byte, doc.span.end_byte
    line_start = data.rfind(b"\n", start, cut_from) + 1 or start
    line_end = data.find(b"\n", cut_to, end)
    line_end = end if line_end < 0 else line_end + 1
    own_lines = not data[line_start:cut_from].strip() and not data[cut_to:line_end].strip()
    if own_lines:
        indent = data[line_start:cut_from]
        cut_from, cut_to = line_start, line_end
    head, tail = data[start:cut_from], data[cut_to:end]
    if own_lines and not tail.strip():
        tail = indent + b"...\n"
    return (head + tail).decode("utf-8", "replace")


def build_context(
    graph: ProjectGraph,
    path: str,
    qualname: str,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    external: bool = True,
    external_lookup: Callable[[str, str], tuple[str, str, str]] | None = None,
) -> FunctionContext:
    """The code of ``path::qualname`` and its related information within ``token_budget``."""
    fe, fn = find_function(graph, path, qualname)
    data = graph.source(fe.path).encode("utf-8", "surrogatepass")
    resolver = _Resolver(graph, fe, fn)
    ctx = FunctionContext(
        path=fe.path,
        qualname=fn.qualname,
        language=fe.language,
        code=_code_without_docstring(data, fn),
        token_budget=token_budget,
    )
    lookup = external_lookup or _external_lookup
    seen_names: set[str] = set()
    seen_targets: set[tuple[str, str]] = set()
    for ref in fn.references:
        if ref.name in seen_names:
            continue
        found, ext = resolver.resolve(ref.name)
        if found is not None:
            key = (found.path, found.entity.qualname)
            if key in seen_targets or (found.path == fe.path and found.entity is fn):
                continue
            seen_targets.add(key)
            seen_names.add(ref.name)
            text, entity_kind = render_entity(graph, found.path, found.entity, fe.language)
            ctx.related.append(
                RelatedBlock(
                    name=_block_name(ref.name),
                    origin=found.origin,
                    entity=entity_kind,
                    target=f"{found.path}::{found.entity.qualname}",
                    text=text,
                    uses=ref.count,
                    path=found.path,
                    line=found.entity.span.start_line,
                )
            )
        elif ext is not None and external:
            if ("", ext) in seen_targets:
                continue
            seen_targets.add(("", ext))
            seen_names.add(ref.name)
            text, kind, source = lookup(fe.language, ext)
            ctx.related.append(
                RelatedBlock(ref.name, "external", kind, ext, text, ref.count, source=source)
            )
        elif ref.kind == "call" and "." not in ref.name and not _is_builtin(fe.language, ref.name):
            # builtins are not dependencies (nothing imports them): not "unresolved" either
            ctx.unresolved.append(ref.name)
    _apply_budget(ctx)
    return ctx


def _external_lookup(language: str, qualified: str) -> tuple[str, str, str]:
    doc = java_external_doc(qualified) if language == "java" else python_external_doc(qualified)
    return doc.render(), doc.kind, doc.source


def _apply_budget(ctx: FunctionContext) -> None:
    """Drop the least-used blocks (latest first among equals) until the budget holds."""
    total = ctx.tokens
    if total <= ctx.token_budget:
        return
    order = sorted(range(len(ctx.related)), key=lambda i: (ctx.related[i].uses, -i))
    drop: set[int] = set()
    for i in order:
        if total <= ctx.token_budget:
            break
        block = ctx.related[i]
        drop.add(i)
        total -= block.tokens
        ctx.dropped.append(
            DroppedBlock(
                block.name,
                block.origin,
                block.tokens,
                f"token budget {ctx.token_budget} exceeded (used {block.uses}x)",
            )
        )
    ctx.related = [b for i, b in enumerate(ctx.related) if i not in drop]
