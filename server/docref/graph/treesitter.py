"""Small helpers over tree-sitter nodes shared by the Python and Java extractors."""

from __future__ import annotations

from tree_sitter import Node

from docref.graph.model import Span


def node_span(node: Node) -> Span:
    sp = node.start_point
    ep = node.end_point
    return Span(node.start_byte, node.end_byte, sp[0], sp[1], ep[0], ep[1])


def span_between(first: Node, last: Node) -> Span:
    """From the start of ``first`` to the end of ``last``."""
    sp = first.start_point
    ep = last.end_point
    return Span(first.start_byte, last.end_byte, sp[0], sp[1], ep[0], ep[1])


def syntax_error_note(root: Node) -> str:
    """A one-line note on the first syntax error of a tree that ``has_error``."""
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
