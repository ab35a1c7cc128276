"""Rendering a project entity as the content of a ``# name #`` block.

function → its code; method → the class header line plus the method; class → header,
docstring and member signatures; variable → its assignment statement (ReFEree's rules).
"""

from __future__ import annotations

import textwrap

from docref.graph.model import Class, FileExtract, Function, Span, Variable
from docref.graph.project import ProjectGraph

Entity = Function | Class | Variable


def _slice(data: bytes, span: Span) -> str:
    return data[span.start_byte : span.end_byte].decode("utf-8", "replace")


def _with_indent(data: bytes, span: Span) -> str:
    """The span's text with the indentation of its first line restored."""
    return " " * span.start_col + _slice(data, span)


def render_entity(
    graph: ProjectGraph, path: str, entity: Entity, language: str, *, with_fields: bool = False
) -> tuple[str, str]:
    """(block text, entity kind) for ``entity`` defined in ``path``.

    ``with_fields``: a method is shown with the declarations of its class's fields that it
    uses (a member reached through a typed receiver: its class is not in the context).
    """
    data = graph.source(path).encode("utf-8", "surrogatepass")
    fe = graph.get(path)
    if isinstance(entity, Function):
        if entity.parent_class and fe is not None:
            owner = next((c for c in fe.classes if c.qualname == entity.parent_class), None)
            if owner is not None:
                lines = [_header_line(data, owner, language)]
                if with_fields:
                    lines.extend(_used_fields(fe, data, entity, language))
                body = textwrap.dedent(_with_indent(data, entity.span))
                lines.append(textwrap.indent(body, "    "))
                text = "\n".join(lines)
                return (text + "\n}" if language == "java" else text), "method"
        return textwrap.dedent(_with_indent(data, entity.span)), "function"
    if isinstance(entity, Class):
        return _render_class(graph, path, data, entity, language), "class"
    text = textwrap.dedent(_with_indent(data, entity.span)).strip()
    if language == "java":
        doc = _javadoc_before(data, entity.span)
        text = f"{doc}\n{text}" if doc else text
    return text, "variable"


def _javadoc_before(data: bytes, span: Span) -> str:
    """The ``/** ... */`` right above a Java field (the extractor keeps it for classes and
    methods only), dedented; "" when there is none."""
    before = data[: span.start_byte].rstrip()
    if not before.endswith(b"*/"):
        return ""
    start = before.rfind(b"/**")
    if start < 0 or b"*/" in before[start:-2]:
        return ""
    line_start = data.rfind(b"\n", 0, start) + 1
    if data[line_start:start].strip():
        return ""  # the comment ends a line of code: not this field's
    return textwrap.dedent(before[line_start:].decode("utf-8", "replace"))


def _used_fields(fe: FileExtract, data: bytes, method: Function, language: str) -> list[str]:
    """The declarations of the fields of ``method``'s class that ``method`` reads or writes,
    indented under the class header; an instance attribute under the signature of the
    method that assigns it (Python ``self.x = ...`` lives in ``__init__``)."""
    owner = method.parent_class
    fields = {v.name: v for v in fe.variables if v.owner == owner}
    shadowed = {p.name for p in method.params} | set(method.local_names)
    used: dict[str, Variable] = {}
    for ref in method.references:
        parts = ref.name.split(".")
        if parts[0] in ("self", "cls", "this") and len(parts) > 1:
            name = parts[1]
        elif language == "java" and parts[0] not in shadowed:
            name = parts[0]
        else:
            continue
        var = fields.get(name)
        if var is not None:
            used.setdefault(name, var)
    lines: list[str] = []
    for var in sorted(used.values(), key=lambda v: v.span.start_byte):
        stmt = textwrap.dedent(_with_indent(data, var.span)).strip()
        if language == "java":
            doc = _javadoc_before(data, var.span)
            stmt = f"{doc}\n{stmt}" if doc else stmt
        if var.scope == "instance":
            assigner = next((f for f in fe.functions if f.span.contains(var.span)), None)
            if assigner is not None and assigner is not method:
                sig = " ".join(_slice(data, assigner.header_span).split())
                lines.append(f"    {sig}\n        {stmt}\n        ...")
                continue
            if assigner is method:
                continue  # shown with the method itself
        lines.append(textwrap.indent(stmt, "    "))
    return lines


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
