"""Small helpers over tree-sitter nodes shared by the Python and Java extractors."""

from __future__ import annotations

import threading

from tree_sitter import Language, Node, Parser, Tree

from docref.graph.model import Span

_local = threading.local()


def thread_parser(language: Language) -> Parser:
    """This thread's parser for ``language``: tree-sitter parsers are not thread-safe, so each
    thread (and each worker process) creates its own, once."""
    parsers: dict[int, Parser] | None = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    key = id(language)
    p = parsers.get(key)
    if p is None:
        p = parsers[key] = Parser(language)
    return p


def parse_with(parser: Parser, data: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse ``data``, reusing ``old_tree`` (already edited) for an incremental re-parse."""
    if old_tree is not None:
        return parser.parse(data, old_tree)
    return parser.parse(data)


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
