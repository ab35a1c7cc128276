"""Python extraction: one tree-sitter parse per file into :class:`FileExtract` records.

Speed matters (the whole workspace is indexed at start-up), so declarations are found by
walking statement lists only, and the names a function uses come from one C-level query
per function body rather than a Python walk over every node.
"""

from __future__ import annotations

import bisect
import keyword
import re
import threading
from typing import Any

import tree_sitter_python
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

PY_LANGUAGE = Language(tree_sitter_python.language())

# A dotted name not preceded by ``.``/word char, and what follows it: ``(`` call, ``=`` binding.
_USE_RE = re.compile(
    rb"(?<![\w.])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*(\(|=(?!=))?"
)
_NAME_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_LOCAL_RES: tuple[tuple[bytes, re.Pattern[bytes]], ...] = (
    # ``x = ...``, ``a, b = ...``, ``x: T = ...``, ``x += ...`` at the start of a line
    (
        b"=",
        re.compile(
            rb"^[ \t]*\(?([A-Za-z_][A-Za-z0-9_]*(?:[ \t]*,[ \t]*[A-Za-z_][A-Za-z0-9_]*)*)\)?"
            rb"[ \t]*(?::[^=\n]+)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)",
            re.MULTILINE,
        ),
    ),
    (b"for", re.compile(rb"\bfor[ \t]+\(?([A-Za-z_][A-Za-z0-9_, \t()]*?)\)?[ \t]+in\b")),
    (b"as", re.compile(rb"\bas[ \t]+([A-Za-z_][A-Za-z0-9_]*)")),
    (b":=", re.compile(rb"\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*:=")),
    (b"global", re.compile(rb"\bglobal[ \t]+([A-Za-z_][A-Za-z0-9_, \t]*)")),
    (b"nonlocal", re.compile(rb"\bnonlocal[ \t]+([A-Za-z_][A-Za-z0-9_, \t]*)")),
    (b"lambda", re.compile(rb"\blambda\b([^:\n]*):")),
)
# f-string replacement fields are code: their expressions are un-blanked after the strings.
_MASK_QUERY = Query(
    PY_LANGUAGE,
    "(string) @s (comment) @c"
    " (interpolation expression: (_) @e) (format_expression expression: (_) @e)",
)
_BLANK = bytes(b if b == 10 else 32 for b in range(256))
_DOTTED_RE = re.compile(rb"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_PYTHON_NOISE = frozenset({"self", "cls", "True", "False", "None"})
_KEYWORDS = frozenset(keyword.kwlist) | _PYTHON_NOISE
# Blocks whose statements still count as module/class level for declarations.
_NESTING = frozenset(
    {
        "if_statement",
        "elif_clause",
        "else_clause",
        "try_statement",
        "except_clause",
        "except_group_clause",
        "finally_clause",
        "with_statement",
        "for_statement",
        "while_statement",
        "block",
    }
)
_TRY_PARTS = frozenset({"try_statement", "except_clause", "except_group_clause"})

_local = threading.local()


def parser() -> Parser:
    """A per-thread parser (tree-sitter parsers are not thread-safe)."""
    p: Parser | None = getattr(_local, "parser", None)
    if p is None:
        p = Parser(PY_LANGUAGE)
        _local.parser = p
    return p


def parse(data: bytes, old_tree: Tree | None = None) -> Tree:
    if old_tree is not None:
        return parser().parse(data, old_tree)
    return parser().parse(data)


ReferenceMemo = dict[bytes, tuple[list[tuple[str, RefKind, int, int]], tuple[str, ...]]]

_RANK = {"call": 3, "attribute": 2, "annotation": 1, "name": 0}


def _add(seen: dict[str, list[Any]], name: str, kind: RefKind, offset: int) -> None:
    entry = seen.get(name)
    if entry is None:
        seen[name] = [kind, offset, 1]
    else:
        entry[2] += 1
        if _RANK[kind] > _RANK[entry[0]]:
            entry[0] = kind


def _first_use(masked: bytes, chain: bytes, start: int, end: int) -> int:
    """Offset of the first whole-word occurrence of ``chain`` in ``masked[start:end]``."""
    pos = masked.find(chain, start, end)
    while pos != -1:
        before = masked[pos - 1 : pos]
        after = masked[pos + len(chain) : pos + len(chain) + 1]
        if not (before.isalnum() or before in (b"_", b".")) and not (
            after.isalnum() or after == b"_"
        ):
            return pos
        pos = masked.find(chain, pos + 1, end)
    return start


def _is_bound(name: str, params: set[str], locals_: dict[str, None]) -> bool:
    """A plain parameter/local, or a chain rooted at one other than self/cls."""
    root = name.split(".", 1)[0]
    if root in ("self", "cls"):
        return "." not in name
    return root in params or root in locals_


def _first_named(node: Node) -> Node | None:
    return node.named_child(0) if node.named_child_count else None


class _LineIndex:
    __slots__ = ("starts",)

    def __init__(self, data: bytes) -> None:
        starts = [0]
        find = data.find
        pos = find(b"\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find(b"\n", pos + 1)
        self.starts = starts

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1


def _span(node: Node) -> Span:
    sp = node.start_point
    ep = node.end_point
    return Span(node.start_byte, node.end_byte, sp[0], sp[1], ep[0], ep[1])


def _span_between(first: Node, last: Node) -> Span:
    sp = first.start_point
    ep = last.end_point
    return Span(first.start_byte, last.end_byte, sp[0], sp[1], ep[0], ep[1])


class _Extractor:
    def __init__(self, data: bytes, path: str, content_hash: str) -> None:
        self.data = data
        self.lines = _LineIndex(data)
        self.masked = data
        # masked function text -> (references with header-relative lines, locals); see
        # ``extract_python(memo=...)``
        self.memo: ReferenceMemo | None = None
        self.memo_used: ReferenceMemo = {}
        self.out = FileExtract(path=path, language="python", content_hash=content_hash)

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

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
            decorators: list[str] = []
            outer = stmt
            if kind == "decorated_definition":
                definition = stmt.child_by_field_name("definition")
                if definition is None:
                    continue
                decorators = [
                    self.text(d)[1:].strip() for d in stmt.named_children if d.type == "decorator"
                ]
                stmt, kind = definition, definition.type
            if kind == "function_definition":
                self.function(stmt, outer, decorators, owner_class, prefix)
            elif kind == "class_definition":
                self.klass(stmt, outer, decorators, owner_class, prefix)
            elif kind in ("import_statement", "import_from_statement", "future_import_statement"):
                self.imports(stmt, func.qualname if func else "", in_try)
            elif kind == "expression_statement" and func is None:
                self.assignment(stmt, owner_class, prefix)
            elif kind in _NESTING:
                self.statements(stmt, owner_class, func, prefix, in_try or kind in _TRY_PARTS)

    def docstring(self, body: Node | None) -> Docstring | None:
        if body is None:
            return None
        first = _first_named(body)
        if first is None or first.type != "expression_statement" or first.named_child_count != 1:
            return None
        lit = _first_named(first)
        if lit is None or lit.type not in ("string", "concatenated_string"):
            return None
        if lit.type == "string":
            start = lit.child(0)
            if start is not None and b"f" in self.data[start.start_byte : start.end_byte].lower():
                return None  # an f-string is not a docstring
        return Docstring(self.text(lit), _span(lit))

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
            span=_span(outer),
            header_span=_span_between(node, header_last),
            params=self.params(params_node) if params_node is not None else [],
            returns=self.text(ret) if ret is not None else None,
            decorators=decorators,
            docstring=self.docstring(body),
            parent_class=owner_class.qualname if owner_class else None,
            is_async=first_child is not None and first_child.type == "async",
        )
        self.out.functions.append(fn)
        self.references(fn, body)
        if body is not None:
            if owner_class is not None:
                self.instance_attributes(body, owner_class)
            self.statements(body, None, fn, f"{qualname}.", False)

    def params(self, node: Node) -> list[Param]:
        out: list[Param] = []
        after_star = False
        for child in node.named_children:
            kind = child.type
            if kind == "positional_separator":
                for p in out:
                    p.kind = "positional_only"
                continue
            if kind == "keyword_separator":
                after_star = True
                continue
            annotation = default = None
            target = child
            if kind in ("typed_parameter", "typed_default_parameter", "default_parameter"):
                t = child.child_by_field_name("type")
                v = child.child_by_field_name("value")
                annotation = self.text(t) if t is not None else None
                default = self.text(v) if v is not None else None
                target = child.child_by_field_name("name") or _first_named(child) or child
            pkind = "keyword_only" if after_star else "positional"
            if target.type == "list_splat_pattern":
                pkind, after_star = "vararg", True
                target = _first_named(target) or target
            elif target.type == "dictionary_splat_pattern":
                pkind = "kwarg"
                target = _first_named(target) or target
            if target.type != "identifier":
                continue
            out.append(Param(self.text(target), annotation, default, pkind))
        return out

    def references(self, fn: Function, body: Node | None) -> None:
        """Collect the names ``fn`` uses, deduplicated in first-use order.

        Runs regexes over the body with strings and comments blanked out: one C-level scan
        instead of a Python object per identifier node (the hot path of indexing).
        """
        memo_key = b""
        if self.memo is not None and body is not None:
            memo_key = self.masked[fn.header_span.start_byte : body.end_byte]
            hit = self.memo.get(memo_key)
            if hit is not None:
                base = fn.header_span.start_line
                fn.references = [Reference(n, k, base + ln, c) for n, k, ln, c in hit[0]]
                fn.local_names = list(hit[1])
                self.memo_used[memo_key] = hit
                return
        seen: dict[str, list[Any]] = {}
        for p in fn.params:
            if p.annotation:
                for ident in _IDENT_RE.findall(p.annotation):
                    if ident not in _PYTHON_NOISE:
                        _add(seen, ident, "annotation", fn.header_span.start_byte)
        if fn.returns:
            for ident in _IDENT_RE.findall(fn.returns):
                if ident not in _PYTHON_NOISE:
                    _add(seen, ident, "annotation", fn.header_span.start_byte)
        locals_: dict[str, None] = {}
        if body is not None:
            masked, start, end = self.masked, body.start_byte, body.end_byte
            find = masked.find
            for literal, rx in _LOCAL_RES:
                if literal and find(literal, start, end) == -1:
                    continue  # cheap literal pre-check before a regex scan
                for m in rx.finditer(masked, start, end):
                    for name in _NAME_RE.findall(m.group(1)):
                        locals_[name.decode()] = None
            uses: dict[bytes, list[Any]] = {}
            for chain, after in _USE_RE.findall(masked, start, end):
                if after == b"=":
                    if b"." not in chain:
                        continue  # keyword argument or assignment target: a binding
                    after = b""
                entry = uses.get(chain)
                if entry is None:
                    uses[chain] = [after == b"(", 1]
                else:
                    entry[1] += 1
                    if after == b"(":
                        entry[0] = True
            for chain, (called, count) in uses.items():
                name = chain.decode()
                if name in _KEYWORDS:
                    continue
                kind: RefKind = "call" if called else ("attribute" if b"." in chain else "name")
                _add(seen, name, kind, _first_use(masked, chain, start, end))
                seen[name][2] += count - 1
        params = {p.name for p in fn.params}
        fn.local_names = [n for n in locals_ if n not in params]
        line = self.lines.line
        fn.references = [
            Reference(name, entry[0], line(entry[1]), entry[2])
            for name, entry in seen.items()
            if not _is_bound(name, params, locals_)
        ]
        if memo_key:
            base = fn.header_span.start_line
            self.memo_used[memo_key] = (
                [(r.name, r.kind, r.line - base, r.count) for r in fn.references],
                tuple(fn.local_names),
            )

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
            span=_span(outer),
            header_span=_span_between(node, colon if colon is not None else name_node),
            bases=bases,
            decorators=decorators,
            docstring=self.docstring(body),
            parent_class=owner_class.qualname if owner_class else None,
        )
        self.out.classes.append(cls)
        if body is not None:
            self.statements(body, cls, None, f"{qualname}.", False)

    # ---- variables --------------------------------------------------------------------

    def assignment(self, stmt: Node, owner_class: Class | None, prefix: str) -> None:
        node = _first_named(stmt)
        if node is None or node.type != "assignment":
            return
        targets: list[Node] = []
        annotation: str | None = None
        value: Node | None = None
        cur: Node | None = node
        while cur is not None and cur.type == "assignment":  # chained ``a = b = 1``
            left = cur.child_by_field_name("left")
            if left is not None:
                targets.append(left)
            t = cur.child_by_field_name("type")
            if t is not None and annotation is None:
                annotation = self.text(t)
            value = cur.child_by_field_name("right")
            cur = value
        value_refs = self.value_refs(value)
        scope = "class" if owner_class else "module"
        owner = owner_class.qualname if owner_class else None
        for target in targets:
            for ident in self.target_names(target):
                var = Variable(
                    ident, f"{prefix}{ident}", _span(stmt), scope, owner, annotation, value_refs
                )
                self.add_variable(var)

    def add_variable(self, var: Variable) -> None:
        self.out.variables.append(var)

    def target_names(self, target: Node) -> list[str]:
        if target.type == "identifier":
            return [self.text(target)]
        if target.type in ("pattern_list", "tuple_pattern", "list_pattern"):
            return [n for c in target.named_children for n in self.target_names(c)]
        return []

    def value_refs(self, value: Node | None) -> list[str]:
        if value is None:
            return []
        out: dict[str, None] = {}
        for m in _USE_RE.finditer(self.masked, value.start_byte, value.end_byte):
            if m.group(2) != b"=":
                name = m.group(1).decode()
                if name not in _KEYWORDS:
                    out[name] = None
        return list(out)

    def instance_attributes(self, body: Node, owner: Class) -> None:
        """``self.x = ...`` / ``self.x: T = ...`` anywhere in a method body (first wins)."""
        known = {v.name for v in self.out.variables if v.owner == owner.qualname}
        stack = list(body.named_children)
        while stack:
            stmt = stack.pop(0)
            if stmt.type in ("function_definition", "class_definition", "decorated_definition"):
                continue
            if stmt.type in _NESTING:
                stack[:0] = stmt.named_children
                continue
            if stmt.type != "expression_statement":
                continue
            node = _first_named(stmt)
            if node is None or node.type != "assignment":
                continue
            left = node.child_by_field_name("left")
            if left is None:
                continue
            t = node.child_by_field_name("type")
            lefts = left.named_children if left.type == "pattern_list" else [left]
            for target in lefts:
                if target.type != "attribute":
                    continue
                obj = target.child_by_field_name("object")
                attr = target.child_by_field_name("attribute")
                if obj is None or attr is None or self.text(obj) != "self":
                    continue
                name = self.text(attr)
                if name in known:
                    continue
                known.add(name)
                var = Variable(
                    name,
                    f"{owner.qualname}.{name}",
                    _span(stmt),
                    "instance",
                    owner.qualname,
                    self.text(t) if t is not None else None,
                    self.value_refs(node.child_by_field_name("right")),
                )
                self.add_variable(var)

    # ---- imports ----------------------------------------------------------------------

    def imports(self, stmt: Node, scope: str, in_try: bool) -> None:
        self._imports(stmt, scope, in_try)

    def _imports(self, stmt: Node, scope: str, in_try: bool) -> None:
        line = stmt.start_point[0]
        out = self.out.imports
        if stmt.type == "import_statement":
            for child in stmt.named_children:
                if child.type == "aliased_import":
                    mod = child.child_by_field_name("name")
                    alias = child.child_by_field_name("alias")
                    if mod is not None:
                        imp = Import(
                            self.text(mod),
                            None,
                            self.text(alias) if alias is not None else None,
                            0,
                            line,
                            scope,
                            in_try,
                        )
                        out.append(imp)
                elif child.type == "dotted_name":
                    out.append(Import(self.text(child), None, None, 0, line, scope, in_try))
            return
        if stmt.type == "future_import_statement":
            for child in stmt.named_children:
                out.append(Import("__future__", self.text(child), None, 0, line, scope, in_try))
            return
        module_node = stmt.child_by_field_name("module_name")
        module, level = "", 0
        if module_node is not None:
            if module_node.type == "relative_import":
                for part in module_node.named_children:
                    if part.type == "import_prefix":
                        level = self.text(part).count(".")
                    elif part.type == "dotted_name":
                        module = self.text(part)
            else:
                module = self.text(module_node)
        names = [c for c in stmt.children_by_field_name("name")]
        if not names and any(c.type == "wildcard_import" for c in stmt.named_children):
            out.append(Import(module, "*", None, level, line, scope, in_try))
        for child in names:
            if child.type == "aliased_import":
                n = child.child_by_field_name("name")
                a = child.child_by_field_name("alias")
                if n is not None:
                    out.append(
                        Import(
                            module,
                            self.text(n),
                            self.text(a) if a is not None else None,
                            level,
                            line,
                            scope,
                            in_try,
                        )
                    )
            else:
                out.append(Import(module, self.text(child), None, level, line, scope, in_try))


def extract_python(
    data: bytes,
    path: str,
    content_hash: str,
    tree: Tree | None = None,
    memo: ReferenceMemo | None = None,
) -> FileExtract:
    """Extract one Python file; syntax errors are recovered from and noted, never raised.

    ``memo`` (for repeated extraction of one edited file) maps a function's masked text to
    its references: unchanged functions skip the reference scan.  It is updated in place to
    hold exactly the functions of this version, so it never grows beyond one file.
    """
    if tree is None:
        tree = parse(data)
    ex = _Extractor(data, path, content_hash)
    root = tree.root_node
    ex.masked = _mask_strings(data, root)
    ex.memo = memo
    ex.out.module_docstring = ex.docstring(root)
    ex.statements(root, None, None, "", False)
    if root.has_error:
        ex.out.errors.append(_syntax_error_note(root))
    if memo is not None:
        memo.clear()
        memo.update(ex.memo_used)
    return ex.out


def _mask_strings(data: bytes, root: Node) -> bytes:
    """``data`` with string literals and comments blanked (newlines kept, offsets equal).

    Expressions inside f-string replacement fields (``f"{helper(x)}"``) stay visible; strings
    nested in them are blanked again (outer before inner: sorted by start, longest first).
    """
    masked = bytearray(data)
    ranges: list[tuple[int, int, int]] = []
    for capture, nodes in QueryCursor(_MASK_QUERY).captures(root).items():
        blank = 0 if capture == "e" else 1  # at equal ranges, restore before blanking
        ranges.extend((n.start_byte, n.end_byte, blank) for n in nodes)
    ranges.sort(key=lambda r: (r[0], -r[1], r[2]))
    for s, e, blank in ranges:
        masked[s:e] = data[s:e].translate(_BLANK) if blank else data[s:e]
    return bytes(masked)


def _syntax_error_note(root: Node) -> str:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            return (
                f"syntax error near line {node.start_point[0] + 1} "
                "(recovered: extracted what parsed)"
            )
        if node.has_error:
            stack.extend(reversed(node.children))
    return "syntax error (recovered: extracted what parsed)"
