"""Rendering a project entity as the content of a ``# name #`` block.

function → its code; method → the class header line plus the method; class → header,
docstring and member signatures; variable → its assignment statement (ReFEree's rules).
"""

from __future__ import annotations

import textwrap

from docref.graph.model import Class, Function, Span, Variable
from docref.graph.project import ProjectGraph

Entity = Function | Class | Variable


def _slice(data: bytes, span: Span) -> str:
    return data[span.start_byte : span.end_byte].decode("utf-8", "replace")


def _with_indent(data: bytes, span: Span) -> str:
    """The span's text with the indentation of its first line restored."""
    return " " * span.start_col + _slice(data, span)


def render_entity(graph: ProjectGraph, path: str, entity: Entity, language: str) -> tuple[str, str]:
    """(block text, entity kind) for ``entity`` defined in ``path``."""
    data = graph.source(path).encode("utf-8", "surrogatepass")
    fe = graph.get(path)
    if isinstance(entity, Function):
        if entity.parent_class and fe is not None:
            owner = next((c for c in fe.classes if c.qualname == entity.parent_class), None)
            if owner is not None:
                header = _header_line(data, owner, language)
                body = textwrap.dedent(_with_indent(data, entity.span))
                text = f"{header}\n{textwrap.indent(body, '    ')}"
                return (text + "\n}" if language == "java" else text), "method"
        return textwrap.dedent(_with_indent(data, entity.span)), "function"
    if isinstance(entity, Class):
        return _render_class(graph, path, data, entity, language), "class"
    return textwrap.dedent(_with_indent(data, entity.span)).strip(), "variable"


def _header_line(data: bytes, cls: Class, language: str) -> str:
    header = " ".join(_slice(data, cls.header_span).split())
    return header + " {" if language == "java" and not header.endswith("{") else header


def _render_class(graph: ProjectGraph, path: str, data: bytes, cls: Class, language: str) -> str:
    fe = graph.get(path)
    # decorators change what a class is (``@dataclass`` writes ``__init__``): keep them
    lines = [f"@{d}" for d in cls.decorators]
    lines.append(_header_line(data, cls, language))
    if cls.docstring is not None:
        doc = textwrap.dedent(_with_indent(data, cls.docstring.span))
        lines.append(textwrap.indent(doc, "    "))
    if fe is not None:
        for var in fe.variables:
            if var.owner == cls.qualname and var.scope == "class":
                stmt = " ".join(_slice(data, var.span).split())
                lines.append(f"    {stmt}")
        for fn in fe.functions:
            if fn.parent_class == cls.qualname:
                sig = " ".join(_slice(data, fn.header_span).split())
                lines.append(f"    {sig}" + (" ..." if language == "python" else ";"))
    if language == "java":
        lines.append("}")
    return "\n".join(lines)
