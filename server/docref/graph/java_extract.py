"""Java extraction: one tree-sitter parse per file into :class:`FileExtract` records.

Speed matters (the whole workspace is indexed at start-up), so declarations are found by
iterating the children of ``program`` and of class bodies only (never every node); what a
method or field initializer uses comes from :mod:`docref.graph.java_refs`.

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
  between are skipped), or, failing that, one between its annotations and modifiers; or a
  Markdown documentation comment (JEP 467): the contiguous ``///`` lines before it, its span
  from the first line's ``///`` to the last line's end (see ``_Extractor.markdown_line``).
  ``module_docstring`` is the Javadoc before the ``package`` line (``package-info.java``).
* Spans are those of the declaration node: from the first annotation/modifier through the
  closing ``}`` or ``;``; the Javadoc is not part of it.
* Static and instance initializer blocks are not functions; what they use is not recorded.
"""

from __future__ import annotations

import re
from typing import Any

from tree_sitter import Node, Parser, Tree

from docref.graph.java_members import NOT_TYPES, Members
from docref.graph.java_refs import java_language, raw_type, squeeze
from docref.graph.model import (
    Class,
    Docstring,
    FileExtract,
    Function,
    Import,
    Param,
    Span,
    Variable,
)
from docref.graph.treesitter import node_span, parse_with, syntax_error_note, thread_parser

__all__ = ["extract_java", "java_language", "parse", "parser", "raw_type"]


def parser() -> Parser:
    """This thread's parser (see :func:`docref.graph.treesitter.thread_parser`)."""
    return thread_parser(java_language())


# ``Object @Nullable ... args``, a type annotation on a varargs parameter (JLS 8.4.1), is valid
# Java that tree-sitter-java cannot parse: the parameter list breaks and the varargs parameter
# is lost (reactor's ``Logger.debug(String format, @Nullable Object @Nullable... arguments)``,
# round 85j).  Those annotations are blanked before parsing, keeping every byte and line break,
# so the tree's offsets and points still hold for the real source its readers slice.
_VARARG_ANNOTATIONS = re.compile(
    rb"(?<=[\w$>\]\s])(?:@[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\s*\([^()]*\))?\s*)+"
    rb"(?=\.\.\.)"
)
_NOT_LINE_BREAK = re.compile(rb"[^\r\n]")


def parse(data: bytes, old_tree: Tree | None = None) -> Tree:
    if b"..." in data and b"@" in data:
        data = _VARARG_ANNOTATIONS.sub(lambda m: _NOT_LINE_BREAK.sub(b" ", m[0]), data)
    return parse_with(parser(), data, old_tree)


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
# a line comment holding a method's header: modifiers, a type, a name, "("
_COMMENTED_DECL = re.compile(
    r"^//\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|protected|private|static|final|abstract"
    r"|synchronized|native|default)\s+)+(?:<[^>]*>\s*)?[\w.<>\[\],? ]+?\s+\w+\s*\("
)


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


def _is_markdown(doc: Docstring | None) -> bool:
    return doc is not None and doc.text.startswith("///")


class _Extractor(Members):
    def javadoc(self, node: Node) -> Docstring | None:
        s, e = node.start_byte, node.end_byte
        if self.data[s : s + 3] != b"/**" or e - s < 5:  # ``/**/`` is an empty comment
            return None
        return Docstring(self.text(node), node_span(node))

    def markdown_line(self, node: Node, text: str, pending: Docstring | None) -> Docstring | None:
        """A ``///`` line: the first or the next line of a Markdown documentation comment
        (JEP 467, Java 23: contiguous lines each starting with ``///``), or no doc at all.

        Two departures from javadoc keep pre-23 code's comments out: a ``////...`` line (a
        banner, or code commented out twice) is no doc line and ends a ``///`` comment above
        it (choco-solver's ``/// Public methods`` between two banners documents no method),
        and a ``///`` after code on its line is a trailing remark."""
        if text.startswith("////"):
            return None if _is_markdown(pending) else pending
        line_start = self.data.rfind(b"\n", 0, node.start_byte) + 1
        if self.data[line_start : node.start_byte].strip():
            return pending
        here = node_span(node)
        if (
            pending is not None
            and _is_markdown(pending)
            and pending.span.end_line + 1 == here.start_line
        ):
            first = pending.span
            span = Span(
                first.start_byte,
                here.end_byte,
                first.start_line,
                first.start_col,
                here.end_line,
                here.end_col,
            )
            # only the bytes after the comment so far are decoded: re-decoding it whole for
            # each line was quadratic in its length.  The cut is at a line break, so the
            # text is the same as decoding it at once
            more = self.data[first.end_byte : here.end_byte].decode("utf-8", "replace")
            return Docstring(pending.text + more, span)
        return Docstring(text, here)

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
                text = self.text(node)
                if text.startswith("///"):
                    frame[3] = self.markdown_line(node, text, doc)
                else:
                    # a method commented out below its Javadoc leaves the Javadoc an orphan,
                    # not the next method's (round 74j, OpenChemLib's ``// private static
                    # boolean fixOrCheckParities(...) {`` above ``void rotateBond``)
                    frame[3] = None if _COMMENTED_DECL.match(text) else doc
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
                self.out.package = squeeze(self.text(child))
        if doc is not None:
            self.out.module_docstring = doc

    def import_(self, node: Node) -> None:
        path = ""
        is_static = wildcard = False
        for child in node.children:
            t = child.type
            if t in ("scoped_identifier", "identifier"):
                path = squeeze(self.text(child))
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
                    p.name,
                    f"{qualname}.{p.name}",
                    node_span(pnode),
                    "class",
                    qualname,
                    p.annotation,
                )
                self.out.variables.append(var)
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
            elif is_method and not name and child.is_named and ct not in NOT_TYPES:
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
        fn.local_names, fn.references = self.refs.function_uses(node, params)


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
        ex.out.errors.append(syntax_error_note(root))
    return ex.out
