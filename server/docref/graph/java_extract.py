"""Java extraction: one tree-sitter parse per file into :class:`FileExtract` records.

Speed matters (the whole workspace is indexed at start-up), so declarations are found by
iterating the children of ``program`` and of class bodies only (never every node), and the
names a method or field initializer uses come from one C-level query per declaration whose
captures are classified by byte-offset slicing of the source (few ``Node`` calls).

Conventions (where Java differs from what :mod:`docref.graph.model` describes for Python):

* ``Class.bases`` / ``Param.annotation`` / ``Function.returns`` / ``Variable.annotation`` keep
  the type as written, whitespace included (``Comparable<T>``, ``Map<K, V>``, ``int[]``,
  ``void``); :func:`raw_type` gives the bare name (``Comparable``, ``Map``, ``int``).  Edges
  are derived from these records by :meth:`FileExtract.edges`.
* Enum constants and record components are class-scope variables (``Color.RED``,
  ``Point.x``); a compact record constructor gets the components as its parameters.
* A varargs parameter ``String... xs`` is ``Param("xs", "String", kind="vararg")``.
* Annotations go into ``decorators`` without the ``@`` (``Override``,
  ``SuppressWarnings("unchecked")``); keyword modifiers into ``Function.modifiers``.
* A docstring is the ``/** ... */`` comment just before the declaration (line comments in
  between are skipped), or, failing that, one between its annotations and modifiers.
  ``module_docstring`` is the Javadoc before the ``package`` line (``package-info.java``).
* Spans are those of the declaration node: from the first annotation/modifier through the
  closing ``}`` or ``;``; the Javadoc is not part of it.
* References (per method, over its whole declaration: annotations excluded, parameter and
  return types included): a call is ``obj.name`` when the object is a plain dotted chain of
  identifiers / ``this`` / ``super`` (``list.add``, ``this.helper``, ``java.util.List.of``),
  otherwise just the method name (``Foo.bar().baz()``: ``Foo.bar`` and ``baz``);
  ``new Foo<>(..)`` is a call of ``Foo``; a method reference ``String::valueOf`` a call of
  ``String.valueOf`` (``Foo::new``: ``Foo``).  Field accesses on a plain chain are
  ``attribute`` (``this.count``, ``Config.MAX``; nothing for ``f().x``); type names are
  ``annotation`` (``Map.Entry`` whole, ``var`` skipped); identifiers used as values are
  ``name``.  As in the Python extractor, a name seen with several kinds keeps the strongest
  (call > attribute > annotation > name), and bare parameter names are not references.
* ``local_names``: local variables, for-each / catch / resource / pattern variables.
* Static and instance initializer blocks are not functions; what they use is not recorded.
"""

from __future__ import annotations

import bisect
import operator
import re
import threading
from typing import Any

import tree_sitter_java
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from docref.graph.model import (
    Class,
    Docstring,
    FileExtract,
    Function,
    Import,
    Param,
    Reference,
    RefKind,
    Span,
    Variable,
)

__all__ = ["extract_java", "java_language", "parse", "parser", "raw_type"]

# ---- process-wide tree-sitter objects ---------------------------------------------------

_lock = threading.Lock()
_language: Language | None = None
_refs_query: Query | None = None
_local = threading.local()

# ``@id`` captures an identifier only where it is a whole expression (a variable / field /
# enum constant used by name): every parent slot of the grammar (tree-sitter-java 0.23
# node-types) that admits an ``expression``, except annotation arguments (dropped by range)
# and the objects of calls / field accesses / method references (recorded as dotted chains
# by ``@call`` / ``@field`` / ``@mref``).
#
# Every pattern is written so that the query runs in linear time however deep the nesting:
# a pattern rooted at a node type with an unanchored child, like ``(binary_expression
# (identifier))``, keeps a pending state for each such ancestor, which is quadratic on the
# left-deep ``"a" + "b" + ...`` chains of generated code (or deeply nested calls).  So
# field slots use a wildcard parent (``(_ right: (identifier))`` starts matching at the
# child), argument lists / array initializers / parentheses use the token before the
# identifier (``(_ "," . (identifier))``, comments allowed in between), and statements
# anchor on their first child.
_REFS_QUERY_TEXT = """
(annotation) @ann
(method_invocation) @call
(field_access) @field
(method_reference) @mref
(object_creation_expression type: (_) @new)
(scoped_type_identifier) @stype
(type_identifier) @type
(record_pattern (identifier) @atype)

(_ left: (identifier) @id)
(_ right: (identifier) @id)
(_ value: (identifier) @id)
(_ condition: (identifier) @id)
(_ consequence: (identifier) @id)
(_ alternative: (identifier) @id)
(_ operand: (identifier) @id)
(_ array: (identifier) @id)
(_ index: (identifier) @id)
(_ body: (identifier) @id)
(_ init: (identifier) @id)
(_ update: (identifier) @id)
(_ template_processor: (identifier) @id)
(_ "(" . [(line_comment) (block_comment)]* . (identifier) @id)
(_ "," . [(line_comment) (block_comment)]* . (identifier) @id)
(_ "{" . [(line_comment) (block_comment)]* . (identifier) @id)
(assert_statement (identifier) @id)
(dimensions_expr . (identifier) @id)
(explicit_constructor_invocation . (identifier) @id)
(expression_statement . (identifier) @id)
(guard . (identifier) @id)
(object_creation_expression . (identifier) @id)
(resource . (identifier) @id .)
(return_statement . (identifier) @id)
(string_interpolation . (identifier) @id)
(switch_label . (identifier) @id)
(throw_statement . (identifier) @id)
(update_expression (identifier) @id)
(yield_statement . (identifier) @id)
(inferred_parameters (identifier) @skip)

(variable_declarator name: (identifier) @decl)
(enhanced_for_statement name: (identifier) @decl)
(catch_formal_parameter name: (identifier) @decl)
(resource name: (identifier) @decl)
(instanceof_expression name: (identifier) @decl)
(type_pattern (identifier) @decl)
(record_pattern_component (identifier) @decl)
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
_RANK = {"call": 3, "attribute": 2, "annotation": 1, "name": 0}
_SIMPLE_CHAIN = frozenset({"identifier", "field_access", "this", "super"})
_DOTTED_B = re.compile(rb"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_DOTTED_B_WS = re.compile(rb"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*")
_DOTTED_S_WS = re.compile(r"(?:[^\W\d]|\$)[\w$]*(?:\s*\.\s*(?:[^\W\d]|\$)[\w$]*)*")
_WS = re.compile(rb"\s+")
_CLASS_LITERAL = re.compile(rb"\s*\.\s*class(?![\w$])")
_OFFSET = operator.itemgetter(3)

_END_MAX = (1 << 63) - 1


def _span(node: Node) -> Span:
    sp = node.start_point
    ep = node.end_point
    return Span(node.start_byte, node.end_byte, sp[0], sp[1], ep[0], ep[1])


def _spans(node: Node, header_last: Node | None) -> tuple[Span, Span]:
    """The span of ``node`` and its header span (``node`` start to ``header_last`` end)."""
    start = node.start_byte
    sl, sc = node.start_point
    el, ec = node.end_point
    span = Span(start, node.end_byte, sl, sc, el, ec)
    if header_last is None:
        return span, span
    hl, hc = header_last.end_point
    return span, Span(start, header_last.end_byte, sl, sc, hl, hc)


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
    if chunk.isascii():
        if _DOTTED_B_WS.fullmatch(chunk):
            return "".join(chunk.decode("ascii").split())
        return None
    text = chunk.decode("utf-8", "replace")
    if _DOTTED_S_WS.fullmatch(text):
        return "".join(text.split())
    return None


class _Refs:
    """What one query sweep over a declaration found."""

    __slots__ = ("entries", "locals", "seen")

    def __init__(self) -> None:
        # name -> [kind, node of first use, count, byte offset of first use, name]
        self.seen: dict[str, list[Any]] = {}
        self.entries: list[list[Any]] = []  # the values of ``seen`` in first-use order
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
                if body is not None:  # a nameless (broken) class lends its members its owner
                    stack.append([body.children, 0, cls or owner, None])
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
    ) -> tuple[Class | None, Node | None]:
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
        if not name:
            return None, body
        qualname = f"{owner.qualname}.{name}" if owner is not None else name
        bases = [self.text(b) for b in base_nodes]
        span, header_span = _spans(node, header_last)
        cls = Class(
            name=name,
            qualname=qualname,
            span=span,
            header_span=header_span,
            bases=bases,
            decorators=decorators,
            docstring=doc,
            kind=kind,
            parent_class=owner.qualname if owner is not None else None,
        )
        self.out.classes.append(cls)
        if components is not None:
            params = self.params(components)
            self.record_params[qualname] = [p for p, _ in params]
            for p, pnode in params:
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
                params = [p for p, _ in self.params(child)]
                has_params = True
            elif ct == "throws":
                throws = [self.text(c) for c in child.named_children if c.type not in _COMMENTS]
            elif is_method and not name and child.is_named and ct not in _NOT_TYPES:
                returns = self.text(child)
        if not name:
            return  # a broken declaration (e.g. a missing name)
        prefix = f"{owner.qualname}." if owner is not None else ""
        if not has_params and t == "compact_constructor_declaration" and owner is not None:
            params = [
                Param(p.name, p.annotation, p.default, p.kind)
                for p in self.record_params.get(owner.qualname, ())
            ]
        qualname = prefix + name
        span, header_span = _spans(node, header_last)
        fn = Function(
            name=name,
            qualname=qualname,
            span=span,
            header_span=header_span,
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
            Reference(e[4], e[0], e[1].start_point[0], e[2])
            for e in refs.entries
            if e[4] not in pnames
        ]

    def params(self, node: Node) -> list[tuple[Param, Node]]:
        """The parameters of ``formal_parameters`` with their nodes (receivers skipped)."""
        data = self.data
        out: list[tuple[Param, Node]] = []
        for child in node.children:
            ct = child.type
            if ct != "formal_parameter" and ct != "spread_parameter":
                continue
            name = ""
            annotation: str | None = None
            for c in child.children:
                t = c.type
                if t == "identifier":
                    name = data[c.start_byte : c.end_byte].decode("utf-8", "replace")
                elif t == "variable_declarator":  # ``T... name``
                    n = c.child_by_field_name("name")
                    if n is not None:
                        name = self.text(n)
                elif t == "dimensions":
                    if name and annotation is not None:  # C-style ``int x[]``
                        dims = data[c.start_byte : c.end_byte]
                        annotation += _WS.sub(b"", dims).decode("utf-8", "replace")
                elif c.is_named and annotation is None and t not in _NOT_TYPES:
                    annotation = data[c.start_byte : c.end_byte].decode("utf-8", "replace")
            if not name or name == "this":  # ``A this``: a receiver parameter
                continue
            kind = "vararg" if ct == "spread_parameter" else "positional"
            out.append((Param(name, annotation, None, kind), child))
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
            # sweep the declarator: ``x = CONST`` only matches with the declarator as parent
            refs = self.sweep(decl) if value is not None else None
            var = Variable(
                name,
                f"{owner.qualname}.{name}",
                span,
                "class",
                owner.qualname,
                annotation,
                [e[4] for e in refs.entries] if refs is not None else [],
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
                for e in self.sweep(child).entries:
                    if e[4] not in value_refs:
                        value_refs.append(e[4])
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
        self.out.variables.append(var)

    # ---- references ---------------------------------------------------------------------

    def sweep(self, node: Node) -> _Refs:
        """Names used under ``node``: one C-level query, then one pass per capture kind.

        No Python tree walk: whether a field access or type name is part of a longer
        dotted chain (recorded whole) is read off the neighbouring source bytes, and the
        first-use order comes from sorting the distinct names by their first offset.
        """
        return self.classify(QueryCursor(self.query).captures(node))

    def classify(self, caps: dict[str, list[Node]]) -> _Refs:
        data = self.data
        refs = _Refs()
        seen = refs.seen
        get = caps.get
        skip: set[int] = set()  # types ``new`` has recorded as calls
        nodes = get("decl")
        if nodes:
            found = sorted((n.start_byte, n.end_byte) for n in nodes)
            refs.locals = [data[s:e].decode("utf-8", "replace") for s, e in found]
        # annotation arguments (``@Target(ElementType.TYPE)``) are not uses
        ann_max = -1
        ann: list[tuple[int, int]] = []
        nodes = get("ann")
        if nodes:
            for s, e in sorted((n.start_byte, n.end_byte) for n in nodes):
                if ann and s < ann[-1][1]:
                    continue  # nested in the previous one
                ann.append((s, e))
            ann_max = ann[-1][1]

        def add(name: str, kind: RefKind, n: Node, s: int) -> None:
            entry = seen.get(name)
            if entry is None:
                seen[name] = [kind, n, 1, s, name]
            else:
                entry[2] += 1
                if s < entry[3]:
                    entry[1] = n
                    entry[3] = s
                if _RANK[kind] > _RANK[entry[0]]:
                    entry[0] = kind

        nodes = get("new")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                target = n
                if n.type == "generic_type":
                    target = n.named_child(0) or n
                if target.type in ("type_identifier", "scoped_type_identifier"):
                    skip.add(s)
                    add(_squeeze(self.text(target)), "call", n, s)
        nodes = get("call")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                name_node = n.child_by_field_name("name")
                if name_node is None:
                    continue
                meth = self.text(name_node)
                obj = n.child_by_field_name("object")
                if obj is None:
                    add(meth, "call", n, s)
                    continue
                chain = _dotted(data, s, obj.end_byte) if obj.type in _SIMPLE_CHAIN else None
                if chain is not None:
                    add(f"{chain}.{meth}", "call", n, s)
                else:
                    add(meth, "call", name_node, name_node.start_byte)
        nodes = get("field")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                e = n.end_byte
                chain = _dotted(data, s, e)
                # not the head of a longer chain (recorded whole) and not ``f().x`` (a bare
                # ``x`` out of context would only be noise; ``f`` is recorded as a call)
                if chain is not None and not _continues(data, e):
                    add(chain, "attribute", n, s)
        nodes = get("mref")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if not (s < ann_max and _inside(ann, s)):
                    self.method_ref(n, add)
        nodes = get("stype")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s in skip or (s < ann_max and _inside(ann, s)):
                    continue
                e = n.end_byte
                if (
                    e < len(data)
                    and data[e] == _DOT
                    and data[e + 1 : e + 2] != b"."
                    and not _CLASS_LITERAL.match(data, e)
                ):
                    continue  # ``a.b`` in ``a.b.C``
                add(_squeeze(data[s:e].decode("utf-8", "replace")), "annotation", n, s)
        nodes = get("type")
        if nodes:
            size = len(data)
            for n in nodes:
                s = n.start_byte
                if s in skip or (s < ann_max and _inside(ann, s)):
                    continue
                e = n.end_byte
                if (s and data[s - 1] == _DOT) or (
                    e < size
                    and data[e] == _DOT
                    and data[e + 1 : e + 2] != b"."  # ``T... rest``
                    and not _CLASS_LITERAL.match(data, e)
                ):
                    continue  # part of a scoped type (``a.B``), recorded whole
                word = data[s:e]
                if word == b"var":
                    continue
                name = word.decode("utf-8", "replace")
                entry = seen.get(name)
                if entry is None:
                    seen[name] = ["annotation", n, 1, s, name]
                else:
                    entry[2] += 1
                    if s < entry[3]:
                        entry[1] = n
                        entry[3] = s
                    if entry[0] == "name":
                        entry[0] = "annotation"
        nodes = get("atype")
        if nodes:
            for n in nodes:
                add(self.text(n), "annotation", n, n.start_byte)
        nodes = get("skip")
        skip_ids = {n.start_byte for n in nodes} if nodes else None  # lambda ``(a, b)``
        nodes = get("id")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if (s < ann_max and _inside(ann, s)) or (skip_ids and s in skip_ids):
                    continue
                name = data[s : n.end_byte].decode("utf-8", "replace")
                entry = seen.get(name)
                if entry is None:
                    seen[name] = ["name", n, 1, s, name]
                else:
                    entry[2] += 1
                    if s < entry[3]:
                        entry[1] = n
                        entry[3] = s
        refs.entries = sorted(seen.values(), key=_OFFSET) if len(seen) > 1 else list(seen.values())
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
                    add(chain, "call", n, n.start_byte)
                    return True
                if last.type == "identifier" and last.start_byte != first.start_byte:
                    add(f"{chain}.{self.text(last)}", "call", n, n.start_byte)
                    return True
        if last.type == "identifier":
            add(self.text(last), "call", last, last.start_byte)
        return False


_MREF_OBJECTS = frozenset(
    {"identifier", "field_access", "this", "super", "type_identifier", "scoped_type_identifier"}
)


_DOT, _COLON = b"."[0], b":"[0]
_BLANK = frozenset(b" \t\r\n\f")


def _continues(data: bytes, end: int) -> bool:
    """Whether the expression ending at ``end`` is followed by ``.`` or ``::``."""
    size = len(data)
    i = end
    while i < size and data[i] in _BLANK:
        i += 1
    if i >= size:
        return False
    c = data[i]
    return c == _DOT or (c == _COLON and i + 1 < size and data[i + 1] == _COLON)


def _inside(ranges: list[tuple[int, int]], offset: int) -> bool:
    i = bisect.bisect_right(ranges, (offset, _END_MAX)) - 1
    return i >= 0 and offset < ranges[i][1]


def _squeeze(text: str) -> str:
    return "".join(text.split())


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
