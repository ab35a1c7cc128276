"""Python extraction, the members of a declaration: a function's parameters, module and
class variables, ``type`` aliases and the ``self.x`` attributes a method assigns.

:class:`Members` is the base of :mod:`docref.graph.python_extract`'s walker: it holds the
file's bytes, the extract being filled and the variables each class owns so far.
"""

from __future__ import annotations

import re
from collections import deque

from tree_sitter import Node

from docref.graph.model import Class, FileExtract, Param, Variable
from docref.graph.python_refs import ReferenceCollector
from docref.graph.treesitter import node_span

__all__ = [
    "DEFINITIONS",
    "NESTING",
    "TRY_PARTS",
    "Members",
    "first_named",
    "may_assign_self",
]

# Blocks whose statements still count as module/class level for declarations.
NESTING = frozenset(
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
TRY_PARTS = frozenset({"try_statement", "except_clause", "except_group_clause"})
DEFINITIONS = frozenset({"function_definition", "class_definition", "decorated_definition"})


# ``self.x =``, ``self.x: T``, ``self.x, y =`` -- and whatever else spells ``self``, a dot, a
# name and one of ``=:,`` with only blanks or line continuations between (a superset of the
# statements instance_attributes records: strings and comments are not masked; the name's
# bytes may be non-ASCII)
_SELF_STORE = re.compile(rb"self[\s\\]*\.[\s\\]*(?:\w|[\x80-\xff])+[\s\\]*[=:,]")


def may_assign_self(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]`` may hold a statement assigning an attribute of ``self``."""
    return _SELF_STORE.search(data, start, end) is not None


def first_named(node: Node) -> Node | None:
    return node.named_child(0) if node.named_child_count else None


class Members:
    """What the walker of one file records besides functions and classes."""

    def __init__(self, data: bytes, refs: ReferenceCollector, out: FileExtract) -> None:
        self.data = data
        self.refs = refs
        self.out = out
        # class qualname -> names of the variables it owns so far (first assignment wins)
        self.owned: dict[str, set[str]] = {}

    def add_variable(self, var: Variable) -> None:
        self.out.variables.append(var)
        if var.owner is not None:
            self.owned.setdefault(var.owner, set()).add(var.name)

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    # ---- parameters -------------------------------------------------------------------

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
                target = child.child_by_field_name("name") or first_named(child) or child
            pkind = "keyword_only" if after_star else "positional"
            if target.type == "list_splat_pattern":
                pkind, after_star = "vararg", True
                target = first_named(target) or target
            elif target.type == "dictionary_splat_pattern":
                pkind = "kwarg"
                target = first_named(target) or target
            if target.type != "identifier":
                continue
            out.append(Param(self.text(target), annotation, default, pkind))
        return out

    # ---- variables --------------------------------------------------------------------

    def assignment(self, stmt: Node, owner_class: Class | None, prefix: str) -> None:
        node = first_named(stmt)
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
        value_refs = self.refs.value_refs(value)
        scope = "class" if owner_class else "module"
        owner = owner_class.qualname if owner_class else None
        for target in targets:
            for ident in self.target_names(target):
                var = Variable(
                    ident, f"{prefix}{ident}", node_span(stmt), scope, owner, annotation, value_refs
                )
                self.add_variable(var)

    def type_alias(self, stmt: Node, owner_class: Class | None, prefix: str) -> None:
        """PEP 695 ``type X = …``: a variable annotated ``TypeAlias`` (the C2 rules expand
        it in annotations)."""
        left = stmt.child_by_field_name("left")
        name = first_identifier(left) if left is not None else None
        if name is None:
            return
        scope = "class" if owner_class else "module"
        owner = owner_class.qualname if owner_class else None
        value_refs = self.refs.value_refs(stmt.child_by_field_name("right"))
        var = Variable(
            name, f"{prefix}{name}", node_span(stmt), scope, owner, "TypeAlias", value_refs
        )
        self.add_variable(var)

    def target_names(self, target: Node) -> list[str]:
        if target.type == "identifier":
            return [self.text(target)]
        if target.type in ("pattern_list", "tuple_pattern", "list_pattern"):
            return [n for c in target.named_children for n in self.target_names(c)]
        return []

    def instance_attributes(self, body: Node, owner: Class, *, gated: bool = True) -> None:
        """``self.x = ...`` / ``self.x: T = ...`` anywhere in a method body (first wins).
        ``gated``: skip a body whose text spells no such statement (:func:`may_assign_self`;
        only where the tree has no errors, which may hold nodes the text does not spell)."""
        if gated and not may_assign_self(self.data, body.start_byte, body.end_byte):
            return  # two method bodies in three (astropy): no node walked
        known = self.owned.setdefault(owner.qualname, set())
        # in source order: a deque, as popping the head of a list is quadratic in long bodies
        stack = deque(body.named_children)
        while stack:
            stmt = stack.popleft()
            if stmt.type in DEFINITIONS:
                continue
            if stmt.type in NESTING:
                stack.extendleft(reversed(stmt.named_children))
                continue
            if stmt.type != "expression_statement":
                continue
            node = first_named(stmt)
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
                    node_span(stmt),
                    "instance",
                    owner.qualname,
                    self.text(t) if t is not None else None,
                    self.refs.value_refs(node.child_by_field_name("right")),
                )
                self.add_variable(var)


def first_identifier(node: Node) -> str | None:
    """The first identifier in ``node`` (``X`` of ``type X[T] = …``)."""
    if node.type == "identifier":
        text = node.text
        return text.decode("utf-8", "replace") if text is not None else None
    for child in node.named_children:
        found = first_identifier(child)
        if found is not None:
            return found
    return None
