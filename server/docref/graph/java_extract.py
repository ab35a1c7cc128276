"""Java extraction: one tree-sitter parse per file into :class:`FileExtract` records.

Speed matters (the whole workspace is indexed at start-up), so declarations are found by
iterating the children of ``program`` and of class bodies only (never every node), and the
names a method or field initializer uses come from one C-level query per declaration, swept
once in source order in Python with byte-offset slicing.

Conventions (where Java differs from what :mod:`docref.graph.model` describes for Python):

* ``Class.bases`` / ``Param.annotation`` / ``Function.returns`` / ``Variable.annotation`` keep
  the type as written (``Comparable<T>``, ``List<String>``, ``int[]``); the graph *edges*
  (``inherits``, ``typeof``) use the raw name (``Comparable``, ``List``, ``int``), and no
  ``typeof`` edge is made for primitives, ``void`` or ``var``.
* A varargs parameter ``String... xs`` is ``Param("xs", "String", kind="vararg")``.
* Annotations go into ``decorators`` without the ``@`` (``Override``,
  ``SuppressWarnings("unchecked")``); keyword modifiers into ``Function.modifiers``.
* A docstring is the ``/** ... */`` comment just before the declaration (line comments in
  between are skipped), or, failing that, one between its annotations and modifiers.
  ``module_docstring`` is the Javadoc before the ``package`` line (``package-info.java``).
* Spans are those of the declaration node: from the first annotation/modifier through the
  closing ``}`` or ``;``; the Javadoc is not part of it.
* References: calls are recorded as ``obj.name`` when the object is a plain dotted chain of
  identifiers / ``this`` / ``super`` (``list.add``, ``this.helper``, ``java.util.List.of``),
  otherwise as just the method name; ``new Foo<>(..)`` is a call of ``Foo``; method
  references ``String::valueOf`` are calls of ``String.valueOf`` (``Foo::new``: ``Foo``).
  Field accesses are ``attribute`` (full chain, or just the field after a call); type names
  in signatures and bodies are ``annotation``; other identifiers are ``name``.  Like the
  Python extractor, a name seen with several kinds keeps the strongest (call > attribute >
  annotation > name), and bare parameter names are not references.
"""

from __future__ import annotations

import re
import threading
from typing import Any

import tree_sitter_java
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from docref.graph.model import (
    Class,
    Docstring,
    Edge,
    FileExtract,
    Function,
    Import,
    Param,
    Reference,
    RefKind,
    Span,
    Variable,
)

__all__ = ["extract_java", "java_language", "parse", "parser"]

# ---- process-wide tree-sitter objects ---------------------------------------------------

_lock = threading.Lock()
_language: Language | None = None
_refs_query: Query | None = None
_local = threading.local()

# Capture names, in the order the sweep must see them when they cover the same bytes.
_CONSUME, _CALL, _FIELD, _MREF, _NEW, _STYPE, _TYPE, _ATYPE, _ID = range(9)
_SWEPT = (
    ("consume", _CONSUME),
    ("call", _CALL),
    ("field", _FIELD),
    ("mref", _MREF),
    ("new", _NEW),
    ("stype", _STYPE),
    ("type", _TYPE),
    ("atype", _ATYPE),
    ("id", _ID),
)

_REFS_QUERY_TEXT = """
(marker_annotation) @consume
(annotation) @consume
(scoped_identifier) @consume
(method_invocation) @call
(field_access) @field
(method_reference) @mref
(object_creation_expression type: (_) @new)
(scoped_type_identifier) @stype
(type_identifier) @type
(record_pattern (identifier) @atype)
(identifier) @id

(variable_declarator name: (identifier) @decl)
(enhanced_for_statement name: (identifier) @decl)
(catch_formal_parameter name: (identifier) @decl)
(resource name: (identifier) @decl)
(instanceof_expression name: (identifier) @decl)
(type_pattern (identifier) @decl)
(record_pattern_component (identifier) @decl)

(method_invocation name: (identifier) @skip)
(field_access field: (identifier) @skip)
(method_reference (identifier) @skip .)
(formal_parameter name: (identifier) @skip)
(inferred_parameters (identifier) @skip)
(lambda_expression parameters: (identifier) @skip)
(labeled_statement (identifier) @skip)
(break_statement (identifier) @skip)
(continue_statement (identifier) @skip)
(method_declaration name: (identifier) @skip)
(constructor_declaration name: (identifier) @skip)
(compact_constructor_declaration name: (identifier) @skip)
(class_declaration name: (identifier) @skip)
(interface_declaration name: (identifier) @skip)
(enum_declaration name: (identifier) @skip)
(record_declaration name: (identifier) @skip)
(enum_constant name: (identifier) @skip)
(annotation_type_element_declaration name: (identifier) @skip)
"""


def java_language() -> Language:
    """The tree-sitter Java language, created once per process."""
    global _language
    if _language is None:
        with _lock:
            if _language is None:
                _language = Language(tree_sitter_java.language())
    return _language


def _query() -> Query:
    global _refs_query
    if _refs_query is None:
        lang = java_language()
        with _lock:
            if _refs_query is None:
                _refs_query = Query(lang, _REFS_QUERY_TEXT)
    return _refs_query


def parser() -> Parser:
    """The cached Java parser: created lazily, once per process and thread.

    tree-sitter parsers are not thread-safe, so each thread gets its own; a single-threaded
    indexer (or each worker process of a pool) creates exactly one.
    """
    p: Parser | None = getattr(_local, "parser", None)
    if p is None:
        p = Parser(java_language())
        _local.parser = p
    return p


def parse(data: bytes, old_tree: Tree | None = None) -> Tree:
    if old_tree is not None:
        return parser().parse(data, old_tree)
    return parser().parse(data)


# ---- helpers ----------------------------------------------------------------------------

_TYPE_DECLS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}
_METHODS = frozenset(
    {
        "method_declaration",
        "constructor_declaration",
        "compact_constructor_declaration",
        "annotation_type_element_declaration",
    }
)
_BODIES = frozenset({"class_body", "interface_body", "enum_body", "annotation_type_body"})
_COMMENTS = frozenset({"block_comment", "line_comment"})
_NOT_TYPES = frozenset({"modifiers", "type_parameters", "block_comment", "line_comment"})
_PRIMITIVES = frozenset(
    {"void", "var", "boolean", "byte", "char", "short", "int", "long", "float", "double"}
)
_RANK = {"call": 3, "attribute": 2, "annotation": 1, "name": 0}
_SIMPLE_CHAIN = frozenset({"identifier", "field_access", "this", "super"})
_DOTTED_B = re.compile(rb"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_DOTTED_S = re.compile(r"[^\W\d][\w$]*(?:\.[^\W\d][\w$]*)*|\$[\w$]*(?:\.[\w$]+)*")
_WS = re.compile(rb"\s+")

# Sort keys pack (start, -end, priority) into one int: start << 36 | (MAX - end) << 4 | prio.
_END_MAX = (1 << 32) - 1


def _span(node: Node) -> Span:
    sp = node.start_point
    ep = node.end_point
    return Span(node.start_byte, node.end_byte, sp[0], sp[1], ep[0], ep[1])


def _span_between(first: Node, last: Node) -> Span:
    sp = first.start_point
    ep = last.end_point
    return Span(first.start_byte, last.end_byte, sp[0], sp[1], ep[0], ep[1])


def raw_type(written: str) -> str:
    """``List<String>`` → ``List``, ``int[]`` → ``int``, ``@NonNull Foo`` → ``Foo``."""
    if "<" not in written and "[" not in written and "@" not in written and "." not in written:
        return written.strip()
    out: list[str] = []
    depth = 0
    for ch in written:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    text = "".join(out)
    # drop type annotations (``@A Foo``, ``@A(x) Foo``) and array dimensions / varargs
    text = re.sub(r"@[\w$.]+(\([^)]*\))?", " ", text)
    text = text.replace("[", " ").replace("]", " ").replace("...", " ")
    return "".join(text.split())


def _dotted(data: bytes, start: int, end: int) -> str | None:
    """The text of a plain dotted chain (``a.b.c``), whitespace removed, else None."""
    chunk = data[start:end]
    if _DOTTED_B.fullmatch(chunk):
        return chunk.decode("ascii")
    squeezed = _WS.sub(b"", chunk)
    if _DOTTED_B.fullmatch(squeezed):
        return squeezed.decode("ascii")
    text = squeezed.decode("utf-8", "replace")
    if _DOTTED_S.fullmatch(text):
        return text
    return None


class _Refs:
    """What one query sweep over a declaration found."""

    __slots__ = ("locals", "seen")

    def __init__(self) -> None:
        # name -> [kind, first line, count, first byte offset]
        self.seen: dict[str, list[Any]] = {}
        self.locals: list[str] = []


class _Extractor:
    def __init__(self, data: bytes, path: str, content_hash: str) -> None:
        self.data = data
        self.out = FileExtract(path=path, language="java", content_hash=content_hash)
        self.query = _query()
        self.record_params: dict[str, list[Param]] = {}

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def javadoc(self, node: Node) -> Docstring | None:
        s, e = node.start_byte, node.end_byte
        if self.data[s : s + 3] != b"/**" or e - s < 5:  # ``/**/`` is an empty comment
            return None
        return Docstring(self.text(node), _span(node))

    # ---- declarations -------------------------------------------------------------------

    def run(self, root: Node) -> None:
        # frames: [children, next index, owner class, pending javadoc]
        stack: list[list[Any]] = [[root.children, 0, None, None]]
        while stack:
            frame = stack[-1]
            children: list[Node] = frame[0]
            i: int = frame[1]
            if i >= len(children):
                stack.pop()
                continue
            frame[1] = i + 1
            node = children[i]
            t = node.type
            owner: Class | None = frame[2]
            doc: Docstring | None = frame[3]
            frame[3] = None
            if t == "block_comment":
                frame[3] = self.javadoc(node)
            elif t == "line_comment":
                frame[3] = doc
            elif t in _TYPE_DECLS:
                cls, body = self.klass(node, _TYPE_DECLS[t], owner, doc)
                if body is not None:
                    stack.append([body.children, 0, cls, None])
            elif t in _METHODS:
                self.method(node, t, owner, doc)
            elif t == "field_declaration" or t == "constant_declaration":
                self.field(node, owner)
            elif t == "enum_constant":
                self.enum_constant(node, owner)
            elif t == "enum_body_declarations" or t == "ERROR":
                stack.append([node.children, 0, owner, doc if t == "ERROR" else None])
            elif owner is None:
                if t == "import_declaration":
                    self.import_(node)
                elif t == "package_declaration":
                    self.package(node, doc)

    def package(self, node: Node, doc: Docstring | None) -> None:
        for child in node.children:
            if child.type in ("scoped_identifier", "identifier"):
                self.out.package = _squeeze(self.text(child))
        if doc is not None:
            self.out.module_docstring = doc

    def import_(self, node: Node) -> None:
        path = ""
        is_static = wildcard = False
        for child in node.children:
            t = child.type
            if t in ("scoped_identifier", "identifier"):
                path = _squeeze(self.text(child))
            elif t == "static":
                is_static = True
            elif t == "asterisk":
                wildcard = True
        if not path:
            return
        line = node.start_point[0]
        if wildcard:
            module, name = path, "*"
        elif "." in path:
            module, name = path.rsplit(".", 1)
        else:
            module, name = "", path
        self.out.imports.append(Import(module, name, None, 0, line, "", False, is_static))

    def modifiers(
        self, node: Node, mods: list[str] | None, decorators: list[str]
    ) -> Docstring | None:
        """Fill ``mods``/``decorators`` from a ``modifiers`` node; return a Javadoc inside."""
        doc: Docstring | None = None
        for child in node.children:
            t = child.type
            if t == "marker_annotation" or t == "annotation":
                decorators.append(self.text(child)[1:].strip())
            elif t == "block_comment":
                doc = doc or self.javadoc(child)
            elif t != "line_comment" and mods is not None:
                mods.append(t)
        return doc

    def klass(
        self, node: Node, kind: str, owner: Class | None, doc: Docstring | None
    ) -> tuple[Class, Node | None]:
        name = ""
        body: Node | None = None
        header_last: Node | None = None
        decorators: list[str] = []
        base_nodes: list[Node] = []
        components: Node | None = None
        for child in node.children:
            t = child.type
            if t in _BODIES:
                body = child
                break
            if t in _COMMENTS:
                continue
            header_last = child
            if t == "identifier":
                name = self.text(child)
            elif t == "modifiers":
                inner = self.modifiers(child, None, decorators)
                doc = doc or inner
            elif t == "superclass":
                base_nodes.extend(c for c in child.named_children if c.type not in _COMMENTS)
            elif t in ("super_interfaces", "extends_interfaces"):
                for tl in child.named_children:
                    if tl.type == "type_list":
                        base_nodes.extend(c for c in tl.named_children if c.type not in _COMMENTS)
            elif t == "formal_parameters":
                components = child
        qualname = f"{owner.qualname}.{name}" if owner is not None else name
        bases = [self.text(b) for b in base_nodes]
        cls = Class(
            name=name,
            qualname=qualname,
            span=_span(node),
            header_span=_span_between(node, header_last or node),
            bases=bases,
            decorators=decorators,
            docstring=doc,
            kind=kind,
            parent_class=owner.qualname if owner is not None else None,
        )
        out = self.out
        out.classes.append(cls)
        for base in bases:
            out.edges.append(Edge("inherits", qualname, raw_type(base)))
        if components is not None:
            params = self.params(components)
            self.record_params[qualname] = params
            pnodes = [c for c in components.named_children if c.type == "formal_parameter"]
            for p, pnode in zip(params, pnodes, strict=False):
                var = Variable(
                    p.name, f"{qualname}.{p.name}", _span(pnode), "class", qualname, p.annotation
                )
                self.add_variable(var)
        return cls, body

    def method(self, node: Node, t: str, owner: Class | None, doc: Docstring | None) -> None:
        name = ""
        returns: str | None = None
        header_last: Node | None = None
        mods: list[str] = []
        decorators: list[str] = []
        params: list[Param] = []
        throws: list[str] = []
        has_params = False
        is_method = t == "method_declaration" or t == "annotation_type_element_declaration"
        for child in node.children:
            ct = child.type
            if ct in ("block", "constructor_body", ";", "default"):
                break
            if ct in _COMMENTS:
                continue
            header_last = child
            if ct == "modifiers":
                inner = self.modifiers(child, mods, decorators)
                doc = doc or inner
            elif ct == "identifier":
                name = self.text(child)
            elif ct == "formal_parameters":
                params = self.params(child)
                has_params = True
            elif ct == "throws":
                throws = [self.text(c) for c in child.named_children if c.type not in _COMMENTS]
            elif is_method and not name and child.is_named and ct not in _NOT_TYPES:
                returns = self.text(child)
        prefix = f"{owner.qualname}." if owner is not None else ""
        if not has_params and t == "compact_constructor_declaration" and owner is not None:
            params = [
                Param(p.name, p.annotation, p.default, p.kind)
                for p in self.record_params.get(owner.qualname, ())
            ]
        qualname = prefix + name
        fn = Function(
            name=name,
            qualname=qualname,
            span=_span(node),
            header_span=_span_between(node, header_last or node),
            params=params,
            returns=returns,
            decorators=decorators,
            docstring=doc,
            parent_class=owner.qualname if owner is not None else None,
            throws=throws,
            modifiers=mods,
        )
        self.out.functions.append(fn)
        refs = self.sweep(node)
        pnames = {p.name for p in params}
        fn.local_names = [n for n in dict.fromkeys(refs.locals) if n not in pnames]
        fn.references = [
            Reference(ref, entry[0], entry[1], entry[2])
            for ref, entry in refs.seen.items()
            if ref not in pnames
        ]
        edges = self.out.edges
        for r in fn.references:
            edges.append(Edge("refers", qualname, r.name))
        if returns is not None:
            raw = raw_type(returns)
            if raw and raw not in _PRIMITIVES:
                edges.append(Edge("typeof", qualname, raw))
        for p in params:
            if p.annotation:
                raw = raw_type(p.annotation)
                if raw and raw not in _PRIMITIVES:
                    edges.append(Edge("typeof", f"{qualname}.{p.name}", raw))

    def params(self, node: Node) -> list[Param]:
        out: list[Param] = []
        for child in node.named_children:
            ct = child.type
            if ct == "formal_parameter":
                type_node = child.child_by_field_name("type")
                name_node = child.child_by_field_name("name")
                if name_node is None:
                    continue
                annotation = self.text(type_node) if type_node is not None else None
                if annotation is not None and name_node.end_byte < child.end_byte:
                    # C-style array dimensions after the name: ``int x[]``
                    dims = self.data[name_node.end_byte : child.end_byte]
                    annotation += _WS.sub(b"", dims).decode("utf-8", "replace")
                name = self.text(name_node)
                if name == "this":
                    continue  # receiver parameter
                out.append(Param(name, annotation))
            elif ct == "spread_parameter":
                annotation = None
                name = ""
                for c in child.named_children:
                    if c.type == "variable_declarator":
                        n = c.child_by_field_name("name")
                        name = self.text(n) if n is not None else ""
                    elif c.type not in _NOT_TYPES and annotation is None:
                        annotation = self.text(c)
                if name:
                    out.append(Param(name, annotation, None, "vararg"))
        return out

    def field(self, node: Node, owner: Class | None) -> None:
        if owner is None:
            return
        type_text: str | None = None
        declarators: list[Node] = []
        for child in node.children:
            ct = child.type
            if ct == "variable_declarator":
                declarators.append(child)
            elif child.is_named and ct not in _NOT_TYPES and type_text is None:
                type_text = self.text(child)
        span = _span(node)
        for decl in declarators:
            name_node = decl.child_by_field_name("name")
            if name_node is None:
                continue
            name = self.text(name_node)
            annotation = type_text
            value = decl.child_by_field_name("value")
            dims_end = value.start_byte if value is not None else decl.end_byte
            if annotation is not None and name_node.end_byte < dims_end:
                dims = _WS.sub(b"", self.data[name_node.end_byte : dims_end]).rstrip(b"=")
                annotation += dims.decode("utf-8", "replace")
            refs = self.sweep(value) if value is not None else None
            var = Variable(
                name,
                f"{owner.qualname}.{name}",
                span,
                "class",
                owner.qualname,
                annotation,
                list(refs.seen) if refs is not None else [],
            )
            self.add_variable(var)

    def enum_constant(self, node: Node, owner: Class | None) -> None:
        if owner is None:
            return
        name = ""
        value_refs: list[str] = []
        for child in node.children:
            ct = child.type
            if ct == "identifier" and not name:
                name = self.text(child)
            elif ct in ("argument_list", "class_body"):
                for ref in self.sweep(child).seen:
                    if ref not in value_refs:
                        value_refs.append(ref)
        if name:
            var = Variable(
                name,
                f"{owner.qualname}.{name}",
                _span(node),
                "class",
                owner.qualname,
                None,
                value_refs,
            )
            self.add_variable(var)

    def add_variable(self, var: Variable) -> None:
        out = self.out
        out.variables.append(var)
        edges = out.edges
        if var.annotation:
            raw = raw_type(var.annotation)
            if raw and raw not in _PRIMITIVES:
                edges.append(Edge("typeof", var.qualname, raw))
        for ref in var.value_refs:
            edges.append(Edge("assign", var.qualname, ref))

    # ---- references ---------------------------------------------------------------------

    def sweep(self, node: Node) -> _Refs:
        """Names used under ``node``, in first-use order, from one query in source order."""
        data = self.data
        refs = _Refs()
        seen = refs.seen
        caps = QueryCursor(self.query).captures(node)
        get = caps.get
        skip = {n.start_byte for n in get("skip", ())}
        decls = get("decl")
        if decls:
            found = sorted((n.start_byte, n.end_byte) for n in decls)
            skip.update(s for s, _ in found)
            refs.locals = [data[s:e].decode("utf-8", "replace") for s, e in found]
        atypes = get("atype")
        if atypes:
            skip.update(n.start_byte for n in atypes)
        keyed: dict[int, Node] = {}
        for cap, prio in _SWEPT:
            nodes = get(cap)
            if nodes:
                for n in nodes:
                    keyed[(n.start_byte << 36) | ((_END_MAX - n.end_byte) << 4) | prio] = n

        def add(name: str, kind: RefKind, n: Node) -> None:
            entry = seen.get(name)
            if entry is None:
                seen[name] = [kind, n.start_point[0], 1, n.start_byte]
            else:
                entry[2] += 1
                if _RANK[kind] > _RANK[entry[0]]:
                    entry[0] = kind

        consumed = -1
        for key in sorted(keyed):
            s = key >> 36
            if s < consumed:
                continue
            prio = key & 15
            n = keyed[key]
            if prio == _ID:
                if s not in skip:
                    add(data[s : n.end_byte].decode("utf-8", "replace"), "name", n)
            elif prio == _TYPE:
                word = data[s : n.end_byte]
                if word != b"var":
                    add(word.decode("utf-8", "replace"), "annotation", n)
            elif prio == _CALL:
                name_node = n.child_by_field_name("name")
                if name_node is None:
                    continue
                meth = data[name_node.start_byte : name_node.end_byte].decode("utf-8", "replace")
                obj = n.child_by_field_name("object")
                if obj is not None and obj.type in _SIMPLE_CHAIN:
                    chain = _dotted(data, s, obj.end_byte)
                    if chain is not None:
                        add(f"{chain}.{meth}", "call", n)
                        consumed = obj.end_byte
                        continue
                add(meth, "call", name_node if obj is not None else n)
            elif prio == _FIELD:
                e = _END_MAX - ((key >> 4) & _END_MAX)
                chain = _dotted(data, s, e)
                if chain is not None:
                    add(chain, "attribute", n)
                    consumed = e
                else:
                    f = n.child_by_field_name("field")
                    if f is not None:
                        add(self.text(f), "attribute", f)
            elif prio == _STYPE:
                e = _END_MAX - ((key >> 4) & _END_MAX)
                add(_squeeze(data[s:e].decode("utf-8", "replace")), "annotation", n)
                consumed = e
            elif prio == _NEW:
                target = n
                if n.type == "generic_type":
                    target = n.named_child(0) or n
                if target.type in ("type_identifier", "scoped_type_identifier"):
                    e = target.end_byte
                    add(_squeeze(data[s:e].decode("utf-8", "replace")), "call", n)
                    consumed = e
            elif prio == _MREF:
                if self.method_ref(n, add):
                    consumed = _END_MAX - ((key >> 4) & _END_MAX)
            elif prio == _ATYPE:
                add(data[s : n.end_byte].decode("utf-8", "replace"), "annotation", n)
            elif prio == _CONSUME:
                consumed = _END_MAX - ((key >> 4) & _END_MAX)
        if len(seen) > 1:
            # first-use order by where each name is written (``a().b()``: ``a`` before ``b``)
            refs.seen = dict(sorted(seen.items(), key=_by_offset))
        return refs

    def method_ref(self, n: Node, add: Any) -> bool:
        """``String::valueOf`` → call ``String.valueOf``; ``Foo::new`` → call ``Foo``.

        Returns True when the whole reference was recorded (its parts are then skipped).
        """
        first = n.named_child(0)
        last = n.child(n.child_count - 1)
        if first is None or last is None:
            return False
        if first.type in _MREF_OBJECTS:
            chain = _dotted(self.data, first.start_byte, first.end_byte)
            if chain is not None:
                if last.type == "new":
                    add(chain, "call", n)
                    return True
                if last.type == "identifier" and last.start_byte != first.start_byte:
                    add(f"{chain}.{self.text(last)}", "call", n)
                    return True
        if last.type == "identifier":
            add(self.text(last), "call", last)
        return False


_MREF_OBJECTS = frozenset(
    {"identifier", "field_access", "this", "super", "type_identifier", "scoped_type_identifier"}
)


def _by_offset(item: tuple[str, list[Any]]) -> int:
    offset: int = item[1][3]
    return offset


def _squeeze(text: str) -> str:
    return "".join(text.split()) if any(c.isspace() for c in text) else text


def extract_java(
    source: bytes, path: str, content_hash: str, tree: Tree | None = None
) -> FileExtract:
    """Extract one Java file; syntax errors are recovered from and noted, never raised.

    ``path`` is the workspace-relative POSIX path; ``tree`` an already parsed tree of
    ``source`` (e.g. from an incremental re-parse), else the file is parsed here.
    """
    if tree is None:
        tree = parse(source)
    ex = _Extractor(source, path, content_hash)
    root = tree.root_node
    ex.run(root)
    if ex.out.edges:
        ex.out.edges = list(dict.fromkeys(ex.out.edges))  # overloads repeat the same edges
    if root.has_error:
        ex.out.errors.append(_syntax_error_note(root))
    return ex.out


def _syntax_error_note(root: Node) -> str:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            what = f": missing {node.type!r}" if node.is_missing else ""
            return (
                f"syntax error near line {node.start_point[0] + 1}{what} "
                "(recovered: extracted what parsed)"
            )
        if node.has_error:
            stack.extend(reversed(node.children))
    return "syntax error (recovered: extracted what parsed)"
