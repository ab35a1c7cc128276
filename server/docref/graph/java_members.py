"""Java extraction, the members of a declaration: a method's parameters, a class's fields and
enum constants (class-scope variables).

:class:`Members` is the base of :mod:`docref.graph.java_extract`'s walker, as
:mod:`docref.graph.python_members` is of the Python one: it holds the file's bytes, the
extract being filled, the reference collector and the record components seen so far.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from docref.graph.java_refs import ReferenceCollector
from docref.graph.model import Class, FileExtract, Param, Variable
from docref.graph.treesitter import node_span

__all__ = ["NOT_TYPES", "Members"]

# children of a declaration that are never its type
NOT_TYPES = frozenset({"modifiers", "type_parameters", "block_comment", "line_comment"})
_WS = re.compile(rb"\s+")


class Members:
    def __init__(self, data: bytes, path: str, content_hash: str) -> None:
        self.data = data
        self.out = FileExtract(path=path, language="java", content_hash=content_hash)
        self.refs = ReferenceCollector(data)
        self.record_params: dict[str, list[Param]] = {}

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

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
                elif c.is_named and annotation is None and t not in NOT_TYPES:
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
            elif child.is_named and ct not in NOT_TYPES and type_text is None:
                type_text = self.text(child)
        span = node_span(node)
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
            value_refs = self.refs.value_names(decl) if value is not None else []
            qualname = f"{owner.qualname}.{name}"
            var = Variable(name, qualname, span, "class", owner.qualname, annotation, value_refs)
            self.out.variables.append(var)

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
                for used in self.refs.value_names(child):
                    if used not in value_refs:
                        value_refs.append(used)
        if name:
            qualname = f"{owner.qualname}.{name}"
            var = Variable(
                name, qualname, node_span(node), "class", owner.qualname, None, value_refs
            )
            self.out.variables.append(var)
