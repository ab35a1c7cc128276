"""What the extractors produce for one file: plain, JSON-serialisable records (the entities
here, the parts they are made of -- spans, parameters, references, docstrings -- in
:mod:`docref.graph.parts`, re-exported).

Everything here round-trips through ``to_json``/``from_json`` because the warm-start cache
stores extraction results as JSON (never pickle; docs/how-it-works.md, "Cache").  Positions are byte
offsets into the UTF-8 encoded source plus 0-based (row, byte column) points, exactly as
tree-sitter reports them; converting to characters or UTF-16 columns happens at the edges
(segments, LSP) where the text is at hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import starmap
from typing import Any, Literal

from docref.graph.parts import RECEIVER_NAMES, Docstring, Language, Param, Reference, RefKind, Span

__all__ = [
    "EXTRACTOR_VERSION",
    "RECEIVER_NAMES",
    "Class",
    "Docstring",
    "Edge",
    "EdgeKind",
    "FileExtract",
    "Function",
    "Import",
    "Language",
    "Param",
    "RefKind",
    "Reference",
    "Span",
    "Variable",
]

# Bump when an extractor's output changes shape or meaning: it is part of the cache key.
EXTRACTOR_VERSION = 7

EdgeKind = Literal["assign", "as", "refers", "typeof", "inherits"]


@dataclass(slots=True)
class Function:
    """A function or method definition.

    ``qualname`` is dotted from the file's top level (``Class.method``, ``outer.inner``).
    ``span`` covers decorators/annotations through the end of the body; ``header_span``
    covers the signature (``def ...:`` / Java modifiers through the closing parenthesis and
    ``throws`` clause).
    """

    name: str
    qualname: str
    span: Span
    header_span: Span
    params: list[Param] = field(default_factory=list)
    returns: str | None = None
    decorators: list[str] = field(default_factory=list)
    docstring: Docstring | None = None
    references: list[Reference] = field(default_factory=list)
    parent_class: str | None = None  # qualname of the enclosing class, if a method
    is_async: bool = False
    throws: list[str] = field(default_factory=list)  # Java ``throws`` clause
    modifiers: list[str] = field(default_factory=list)  # Java modifiers (public, static…)
    local_names: list[str] = field(default_factory=list)  # assigned locals (not params)
    # the locals bound only as ``for`` targets (loops, comprehensions; lambda parameters
    # aside): placeholders, not values the function keeps (Python only)
    loop_names: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.name,
            "q": self.qualname,
            "s": self.span.to_json(),
            "h": self.header_span.to_json(),
            "p": [p.to_json() for p in self.params],
            "r": self.returns,
            "d": self.decorators,
            "doc": self.docstring.to_json() if self.docstring else None,
            "refs": [r.to_json() for r in self.references],
            "pc": self.parent_class,
            "a": self.is_async,
            "t": self.throws,
            "m": self.modifiers,
            "l": self.local_names,
            "lp": self.loop_names,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Function:
        return cls(
            name=d["n"],
            qualname=d["q"],
            span=Span(*d["s"]),
            header_span=Span(*d["h"]),
            # starmap: no per-item Python frame; this is the hot path of a warm check
            params=list(starmap(Param, d["p"])),
            returns=d["r"],
            decorators=d["d"],
            docstring=Docstring.from_json(d["doc"]) if d["doc"] else None,
            references=list(starmap(Reference, d["refs"])),
            parent_class=d["pc"],
            is_async=d["a"],
            throws=d["t"],
            modifiers=d["m"],
            local_names=d["l"],
            loop_names=d["lp"],
        )


@dataclass(slots=True)
class Class:
    """A class, interface, enum or record.

    ``bases`` lists base classes / ``extends`` and ``implements`` targets as written.
    ``header_span`` covers ``class X(Base):`` (Python) or the declaration up to ``{`` (Java).
    """

    name: str
    qualname: str
    span: Span
    header_span: Span
    bases: list[str] = field(default_factory=list)
    decorators: list[str] = field(default_factory=list)
    docstring: Docstring | None = None
    kind: str = "class"  # class | interface | enum | record | annotation
    parent_class: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.name,
            "q": self.qualname,
            "s": self.span.to_json(),
            "h": self.header_span.to_json(),
            "b": self.bases,
            "d": self.decorators,
            "doc": self.docstring.to_json() if self.docstring else None,
            "k": self.kind,
            "pc": self.parent_class,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Class:
        return cls(
            name=d["n"],
            qualname=d["q"],
            span=Span.from_json(d["s"]),
            header_span=Span.from_json(d["h"]),
            bases=d["b"],
            decorators=d["d"],
            docstring=Docstring.from_json(d["doc"]) if d["doc"] else None,
            kind=d["k"],
            parent_class=d["pc"],
        )


@dataclass(slots=True)
class Variable:
    """A module-level, class-level or instance (``self.x = ...``) variable / Java field.

    ``span`` covers the whole assignment statement (or field declaration); ``scope`` is
    ``module``, ``class`` or ``instance``; ``owner`` the class qualname for the latter two.
    """

    name: str
    qualname: str
    span: Span
    scope: str = "module"
    owner: str | None = None
    annotation: str | None = None
    value_refs: list[str] = field(default_factory=list)  # names the assigned value uses

    def to_json(self) -> list[Any]:
        return [
            self.name,
            self.qualname,
            self.span.to_json(),
            self.scope,
            self.owner,
            self.annotation,
            self.value_refs,
        ]

    @classmethod
    def from_json(cls, d: list[Any]) -> Variable:
        return cls(d[0], d[1], Span.from_json(d[2]), d[3], d[4], d[5], d[6])


@dataclass(slots=True)
class Import:
    """One imported binding.

    ``import a.b as c`` → module="a.b", name=None, alias="c";
    ``from ..pkg import x as y`` → module="pkg", level=2, name="x", alias="y";
    ``from . import mod`` → module="", level=1, name="mod";
    Java ``import a.b.C;`` → module="a.b", name="C"; ``import a.b.*;`` → name="*";
    ``import static a.b.C.m;`` → module="a.b.C", name="m", is_static=True.
    ``scope`` is "" for file level or the qualname of the function that holds it.
    """

    module: str
    name: str | None
    alias: str | None
    level: int
    line: int
    scope: str = ""
    in_try: bool = False
    is_static: bool = False

    @property
    def bound_name(self) -> str:
        """The local name this import binds (``import a.b`` binds ``a``)."""
        if self.alias:
            return self.alias
        if self.name:
            return self.name
        return self.module.split(".")[0]

    def to_json(self) -> list[Any]:
        return [
            self.module,
            self.name,
            self.alias,
            self.level,
            self.line,
            self.scope,
            self.in_try,
            self.is_static,
        ]

    @classmethod
    def from_json(cls, d: list[Any]) -> Import:
        return cls(*d)


@dataclass(slots=True, frozen=True)
class Edge:
    """A relation of the ReFEree graph between two names of one file.

    ``source`` is a qualname in this file; ``target`` the name as written (resolved later by
    the project graph).  assign: variable → what its value uses; as: alias → imported name;
    refers: function → a name it uses; typeof: parameter/variable/function → its annotation;
    inherits: class → base.
    """

    kind: EdgeKind
    source: str
    target: str

    def to_json(self) -> list[str]:
        return [self.kind, self.source, self.target]

    @classmethod
    def from_json(cls, d: list[str]) -> Edge:
        return cls(d[0], d[1], d[2])  # type: ignore[arg-type]


@dataclass(slots=True)
class FileExtract:
    """Everything extracted from one file.

    ``path`` is the workspace-relative POSIX path.  ``package`` is the Java package ("" for
    Python).  ``errors`` holds human-readable notes (syntax errors recovered from, decoding
    replacements); extraction still returns whatever parsed.
    """

    path: str
    language: Language
    content_hash: str
    package: str = ""
    module_docstring: Docstring | None = None
    functions: list[Function] = field(default_factory=list)
    classes: list[Class] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    imports: list[Import] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def edges(self) -> list[Edge]:
        """The ReFEree relations of this file, derived from the entities (not stored)."""
        out: list[Edge] = []
        for imp in self.imports:
            if imp.alias:
                out.append(Edge("as", imp.alias, imp.name or imp.module))
        for cls in self.classes:
            out.extend(Edge("inherits", cls.qualname, base) for base in cls.bases)
        for fn in self.functions:
            out.extend(Edge("refers", fn.qualname, ref.name) for ref in fn.references)
            if fn.returns:
                out.append(Edge("typeof", fn.qualname, fn.returns))
            out.extend(
                Edge("typeof", f"{fn.qualname}.{p.name}", p.annotation)
                for p in fn.params
                if p.annotation
            )
        for var in self.variables:
            if var.annotation:
                out.append(Edge("typeof", var.qualname, var.annotation))
            out.extend(Edge("assign", var.qualname, ref) for ref in var.value_refs)
        return out

    def edge_count(self) -> int:
        return (
            sum(1 for imp in self.imports if imp.alias)
            + sum(len(c.bases) for c in self.classes)
            + sum(
                len(f.references)
                + (1 if f.returns else 0)
                + sum(1 for p in f.params if p.annotation)
                for f in self.functions
            )
            + sum(len(v.value_refs) + (1 if v.annotation else 0) for v in self.variables)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "v": EXTRACTOR_VERSION,
            "path": self.path,
            "lang": self.language,
            "hash": self.content_hash,
            "pkg": self.package,
            "mdoc": self.module_docstring.to_json() if self.module_docstring else None,
            "f": [f.to_json() for f in self.functions],
            "c": [c.to_json() for c in self.classes],
            "var": [v.to_json() for v in self.variables],
            "imp": [i.to_json() for i in self.imports],
            "err": self.errors,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> FileExtract:
        if d.get("v") != EXTRACTOR_VERSION:
            raise ValueError(f"extract version {d.get('v')} != {EXTRACTOR_VERSION}")
        return cls(
            path=d["path"],
            language=d["lang"],
            content_hash=d["hash"],
            package=d["pkg"],
            module_docstring=Docstring.from_json(d["mdoc"]) if d["mdoc"] else None,
            functions=[Function.from_json(f) for f in d["f"]],
            classes=[Class.from_json(c) for c in d["c"]],
            variables=[Variable.from_json(v) for v in d["var"]],
            imports=[Import.from_json(i) for i in d["imp"]],
            errors=d["err"],
        )
