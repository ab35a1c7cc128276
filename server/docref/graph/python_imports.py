"""Python import statements into :class:`~docref.graph.model.Import` records."""

from __future__ import annotations

from tree_sitter import Node

from docref.graph.model import Import

__all__ = ["python_imports"]


def python_imports(data: bytes, stmt: Node, scope: str, in_try: bool) -> list[Import]:
    """The bindings of one import statement (``scope``: the qualname of the function holding
    it, "" at file level)."""

    def text(node: Node) -> str:
        return data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    line = stmt.start_point[0]
    out: list[Import] = []
    if stmt.type == "import_statement":
        for child in stmt.named_children:
            if child.type == "aliased_import":
                mod = child.child_by_field_name("name")
                alias = child.child_by_field_name("alias")
                if mod is not None:
                    as_ = text(alias) if alias is not None else None
                    out.append(Import(text(mod), None, as_, 0, line, scope, in_try))
            elif child.type == "dotted_name":
                out.append(Import(text(child), None, None, 0, line, scope, in_try))
        return out
    if stmt.type == "future_import_statement":
        for child in stmt.named_children:
            out.append(Import("__future__", text(child), None, 0, line, scope, in_try))
        return out
    module_node = stmt.child_by_field_name("module_name")
    module, level = "", 0
    if module_node is not None:
        if module_node.type == "relative_import":
            for part in module_node.named_children:
                if part.type == "import_prefix":
                    level = text(part).count(".")
                elif part.type == "dotted_name":
                    module = text(part)
        else:
            module = text(module_node)
    names = [c for c in stmt.children_by_field_name("name")]
    if not names and any(c.type == "wildcard_import" for c in stmt.named_children):
        out.append(Import(module, "*", None, level, line, scope, in_try))
    for child in names:
        if child.type == "aliased_import":
            n = child.child_by_field_name("name")
            a = child.child_by_field_name("alias")
            if n is not None:
                as_ = text(a) if a is not None else None
                out.append(Import(module, text(n), as_, level, line, scope, in_try))
        else:
            out.append(Import(module, text(child), None, level, line, scope, in_try))
    return out
