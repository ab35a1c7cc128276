"""Whether a fixed file may be written without review: it still parses and nothing but its
docstrings changed (Python: the same ``ast`` with every docstring blanked; Java: the same
tokens outside comments, and no parse error the old text did not have)."""

from __future__ import annotations

import ast

from docref.core.ast_nodes import docstring_constant
from docref.graph.java_extract import parse as parse_java

__all__ = ["only_docstrings_changed", "why_unsafe"]


def why_unsafe(old: str, new: str, language: str) -> str | None:
    """Why ``new`` may not replace ``old`` (``None``: it parses and only docstrings differ)."""
    if language == "python":
        try:
            ast.parse(new)
        except (SyntaxError, ValueError) as exc:
            return f"the fixed file does not parse ({exc})"
    elif _java_errors(new) > _java_errors(old):
        return "the fixed file does not parse"
    if not only_docstrings_changed(old, new, language):
        return "it would change more than docstrings"
    return None


def only_docstrings_changed(old: str, new: str, language: str) -> bool:
    """Whether ``new`` is ``old`` with nothing but docstrings (Java: comments) changed."""
    if language == "python":
        try:
            return _blank_docstrings(old) == _blank_docstrings(new)
        except (SyntaxError, ValueError):
            return False
    return _java_tokens(old) == _java_tokens(new)


def _java_errors(text: str) -> int:
    root = parse_java(text.encode("utf-8", "surrogatepass")).root_node
    return 1 if root.has_error else 0


def _blank_docstrings(text: str) -> str:
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = docstring_constant(node.body)
            if docstring is not None:
                docstring.value = ""
    return ast.dump(tree, include_attributes=False)


def _java_tokens(text: str) -> list[bytes]:
    data = text.encode("utf-8", "surrogatepass")
    tokens: list[bytes] = []
    stack = [parse_java(data).root_node]
    while stack:
        node = stack.pop()
        if node.type in ("block_comment", "line_comment"):
            continue
        if node.child_count == 0:
            tokens.append(data[node.start_byte : node.end_byte])
        stack.extend(reversed(node.children))
    return tokens
