"""Python extraction: one tree-sitter parse per file into :class:`FileExtract` records.

Speed matters (the whole workspace is indexed at start-up), so declarations are found by
walking statement lists only; the names a function uses come from
:mod:`docref.graph.python_refs`.
"""

from __future__ import annotations

from tree_sitter import Node, Parser, Tree

from docref.graph.model import (
    Class,
    Docstring,
    FileExtract,
    Function,
)
from docref.graph.python_imports import python_imports
from docref.graph.python_members import DEFINITIONS, NESTING, TRY_PARTS, Members, first_named
from docref.graph.python_refs import PY_LANGUAGE, ReferenceCollector, ReferenceMemo
from docref.graph.python_reuse import ChunkKey, Chunks
from docref.graph.treesitter import (
    node_span,
    parse_with,
    span_between,
    syntax_error_note,
    thread_parser,
)

__all__ = ["PY_LANGUAGE", "ReferenceMemo", "extract_python", "parse", "parser"]


def parser() -> Parser:
    """This thread's parser (see :func:`docref.graph.treesitter.thread_parser`)."""
    return thread_parser(PY_LANGUAGE)


def parse(data: bytes, old_tree: Tree | None = None) -> Tree:
    return parse_with(parser(), data, old_tree)


class _Extractor(Members):
    def __init__(
        self,
        data: bytes,
        path: str,
        content_hash: str,
        refs: ReferenceCollector,
        chunks: Chunks | None = None,
    ) -> None:
        super().__init__(
            data, refs, FileExtract(path=path, language="python", content_hash=content_hash)
        )
        self.chunks = chunks
        # see _may_define: a tree with errors may hold nodes its text does not spell out
        self.walk_bodies = False

    # ---- statements -------------------------------------------------------------------

    def statements(
        self,
        block: Node,
        owner_class: Class | None,
        func: Function | None,
        prefix: str,
        in_try: bool,
    ) -> None:
        for stmt in block.named_children:
            kind = stmt.type
            key: ChunkKey | None = None
            if self.chunks is not None and func is None and kind in DEFINITIONS:
                owner = owner_class.qualname if owner_class is not None else ""
                known = frozenset(self.owned.get(owner, ())) if owner else frozenset()
                key = self.chunks.key(self.data, stmt, prefix, in_try, known)
                replayed = self.chunks.replay(key, stmt, self.out)
                if replayed is not None:
                    for var in replayed.variables:
                        if var.owner is not None:
                            self.owned.setdefault(var.owner, set()).add(var.name)
                    continue
                marks = self.chunks.marks(self.out)
            self.definition(stmt, kind, owner_class, func, prefix, in_try)
            if key is not None and self.chunks is not None:
                self.chunks.record(key, stmt, self.out, marks)

    def definition(
        self,
        stmt: Node,
        kind: str,
        owner_class: Class | None,
        func: Function | None,
        prefix: str,
        in_try: bool,
    ) -> None:
        """Extract one statement of a block."""
        decorators: list[str] = []
        outer = stmt
        if kind == "decorated_definition":
            definition = stmt.child_by_field_name("definition")
            if definition is None:
                return
            decorators = [
                self.text(d)[1:].strip() for d in stmt.named_children if d.type == "decorator"
            ]
            stmt, kind = definition, definition.type
        if kind == "function_definition":
            self.function(stmt, outer, decorators, owner_class, prefix)
        elif kind == "class_definition":
            self.klass(stmt, outer, decorators, owner_class, prefix)
        elif kind in ("import_statement", "import_from_statement", "future_import_statement"):
            scope = func.qualname if func else ""
            self.out.imports.extend(python_imports(self.data, stmt, scope, in_try))
        elif kind == "expression_statement" and func is None:
            self.assignment(stmt, owner_class, prefix)
        elif kind == "type_alias_statement" and func is None:
            self.type_alias(stmt, owner_class, prefix)
        elif kind in NESTING:
            self.statements(stmt, owner_class, func, prefix, in_try or kind in TRY_PARTS)

    def docstring(self, body: Node | None) -> Docstring | None:
        if body is None:
            return None
        # comments are no statements: a licence header above a module's docstring (or a
        # comment above a function's) leaves it the first statement, as Python reads it
        first = next((c for c in body.named_children if c.type != "comment"), None)
        if first is None or first.type != "expression_statement" or first.named_child_count != 1:
            return None
        lit = first_named(first)
        if lit is None or lit.type not in ("string", "concatenated_string"):
            return None
        if lit.type == "string":
            start = lit.child(0)
            if start is not None and b"f" in self.data[start.start_byte : start.end_byte].lower():
                return None  # an f-string is not a docstring
        return Docstring(self.text(lit), node_span(lit))

    # ---- functions --------------------------------------------------------------------

    def function(
        self,
        node: Node,
        outer: Node,
        decorators: list[str],
        owner_class: Class | None,
        prefix: str,
    ) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name = self.text(name_node)
        qualname = f"{prefix}{name}"
        body = node.child_by_field_name("body")
        params_node = node.child_by_field_name("parameters")
        ret = node.child_by_field_name("return_type")
        colon_end = body.prev_sibling if body is not None else None
        header_last = colon_end if colon_end is not None else (ret or params_node or name_node)
        first_child = node.child(0)
        fn = Function(
            name=name,
            qualname=qualname,
            span=node_span(outer),
            header_span=span_between(node, header_last),
            params=self.params(params_node) if params_node is not None else [],
            returns=self.text(ret) if ret is not None else None,
            decorators=decorators,
            docstring=self.docstring(body),
            parent_class=owner_class.qualname if owner_class else None,
            is_async=first_child is not None and first_child.type == "async",
        )
        self.out.functions.append(fn)
        self.refs.references(fn, body)
        if body is not None:
            if owner_class is not None:
                self.instance_attributes(body, owner_class, gated=not self.walk_bodies)
            if self.walk_bodies or _may_define(self.data, body.start_byte, body.end_byte):
                self.statements(body, None, fn, f"{qualname}.", False)

    # ---- classes ----------------------------------------------------------------------

    def klass(
        self,
        node: Node,
        outer: Node,
        decorators: list[str],
        owner_class: Class | None,
        prefix: str,
    ) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name = self.text(name_node)
        qualname = f"{prefix}{name}"
        body = node.child_by_field_name("body")
        supers = node.child_by_field_name("superclasses")
        bases = (
            [self.text(b) for b in supers.named_children if b.type != "keyword_argument"]
            if supers is not None
            else []
        )
        colon = body.prev_sibling if body is not None else None
        cls = Class(
            name=name,
            qualname=qualname,
            span=node_span(outer),
            header_span=span_between(node, colon if colon is not None else name_node),
            bases=bases,
            decorators=decorators,
            docstring=self.docstring(body),
            parent_class=owner_class.qualname if owner_class else None,
        )
        self.out.classes.append(cls)
        if body is not None:
            self.statements(body, cls, None, f"{qualname}.", False)


def extract_python(
    data: bytes,
    path: str,
    content_hash: str,
    tree: Tree | None = None,
    memo: ReferenceMemo | None = None,
    chunks: Chunks | None = None,
) -> FileExtract:
    """Extract one Python file; syntax errors are recovered from and noted, never raised.

    ``memo`` (for repeated extraction of one edited file) maps a function's masked text to
    its references: unchanged functions skip the reference scan.  It is updated in place to
    hold exactly the functions of this version, so it never grows beyond one file.
    ``chunks`` (the same use) replays the definitions whose text did not change
    (:mod:`docref.graph.python_reuse`); not used on a tree with syntax errors, whose recovery
    may read an unchanged text differently.
    """
    if tree is None:
        tree = parse(data)
    root = tree.root_node
    reuse = chunks if not root.has_error else None
    lazy = reuse is not None and bool(reuse.old)  # most definitions replayed, not scanned
    refs = ReferenceCollector(data, root, memo, lazy)
    ex = _Extractor(data, path, content_hash, refs, reuse)
    ex.walk_bodies = root.has_error
    ex.out.module_docstring = ex.docstring(root)
    ex.statements(root, None, None, "", False)
    if root.has_error:
        ex.out.errors.append(syntax_error_note(root))
    ex.refs.update_memo()
    return ex.out


def _may_define(data: bytes, start: int, end: int) -> bool:
    """Whether a function body's text may hold what its statement walk records (a nested
    function or class, an import): in an error-free tree each needs its keyword in the text,
    so most bodies are not walked (a Node object per statement saved)."""
    return any(data.find(word, start, end) >= 0 for word in (b"def", b"class", b"import"))
