"""The file context a model sees when it rebuilds a function, and the splice of its answer.

As in the doc-to-code papers, the model gets what a programmer opening the file would see
around the function -- the module's imports and module-level assignments, the enclosing
class (header, docstring, class attributes, the signatures of the other members) or
enclosing functions, then the target's decorators, signature and docstring -- with the body
replaced by a placeholder line. The function is found through the project graph
(tree-sitter spans), never by importing code.

All positions are byte offsets into the UTF-8 encoding of the file text, the graph's
convention (:mod:`docref.graph.source`).
"""

from __future__ import annotations

from dataclasses import dataclass

from docref.graph.model import Class, FileExtract, Function, Variable
from docref.graph.python_extract import parse
from docref.roundtrip.parsing import indent_code

__all__ = ["LIFT_DOCSTRING", "PLACEHOLDER", "FileContext", "NotRebuildable", "file_context"]

#: The line that stands where the body was.
PLACEHOLDER = "# <BODY>"
#: The uninformative docstring of the forward-lift baseline (as in the Round-Trip paper).
LIFT_DOCSTRING = '"""TODO: Implement."""'

_IMPORTS = frozenset({"import_statement", "import_from_statement", "future_import_statement"})
_MODULE_BLOCKS = frozenset(
    {"if_statement", "else_clause", "elif_clause", "try_statement", "except_clause", "block"}
)


_MAX_VARIABLE_LINES = 12


class NotRebuildable(ValueError):
    """The function cannot be round-tripped (no docstring, not Python); the message says why."""


@dataclass(frozen=True, slots=True)
class FileContext:
    """One function's prompt context and everything needed to splice a new body in.

    ``prefix`` is the skeleton before the target (imports, enclosing scopes), ``head`` the
    target from its first decorator up to the docstring, ``docstring`` the docstring literal
    as written, ``indent`` the body's indentation; ``body_start``/``body_end`` the byte range
    of the original body (from the end of the docstring to the end of the function).
    """

    relpath: str
    qualname: str
    name: str
    is_async: bool
    prefix: str
    head: str
    docstring: str
    indent: str
    body_start: int
    body_end: int
    original_body: str

    def render(self, *, lift: bool = False) -> str:
        """The context shown to the model: with the real docstring, or the TODO one.

        Args:
            lift (bool): Put :data:`LIFT_DOCSTRING` in place of the real docstring.

        Returns:
            str: The skeleton source text ending in the placeholder line.
        """
        doc = LIFT_DOCSTRING if lift else self.docstring
        return f"{self.prefix}{self.head}{doc}\n{self.indent}{PLACEHOLDER}\n"

    def splice(self, text: str, body: str) -> str:
        """``text`` (the file as indexed) with the function's body replaced by ``body``.

        Args:
            text (str): The whole file the context was built from.
            body (str): The new body, dedented (column 0), as the answer parser returns it.

        Returns:
            str: The new file text.
        """
        data = text.encode("utf-8", "surrogatepass")
        new_body = indent_code(body, self.indent).rstrip("\n")
        before = data[: self.body_start].decode("utf-8", "surrogatepass")
        after = data[self.body_end :].decode("utf-8", "surrogatepass")
        return f"{before}\n{new_body}{after}"


def file_context(fe: FileExtract, fn: Function, text: str) -> FileContext:
    """The :class:`FileContext` of ``fn``, a function of the extract ``fe`` of ``text``.

    Args:
        fe (FileExtract): The graph's extract of the file.
        fn (Function): The target function (from ``fe.functions``).
        text (str): The text the extract was made from.

    Returns:
        FileContext: The prompt skeleton and splice positions.

    Raises:
        NotRebuildable: When the file is not Python or the function has no docstring.
    """
    if fe.language != "python":
        raise NotRebuildable(f"{fe.path}: round-trip verification supports Python only")
    if fn.docstring is None:
        raise NotRebuildable(
            f"{fe.path}::{fn.qualname} has no docstring: there is nothing to verify"
        )
    data = text.encode("utf-8", "surrogatepass")
    doc = fn.docstring.span
    head_start = _line_start(data, fn.span.start_byte)
    head = _text(data, head_start, doc.start_byte)
    prefix_parts = [_imports(data), _module_variables(fe, data)]
    prefix_parts.extend(_scopes(fe, fn, data))
    prefix = "".join(part + "\n" for part in prefix_parts if part)
    return FileContext(
        relpath=fe.path,
        qualname=fn.qualname,
        name=fn.name,
        is_async=fn.is_async,
        prefix=prefix + ("\n" if prefix else ""),
        head=head,
        docstring=_text(data, doc.start_byte, doc.end_byte),
        indent=_body_indent(data, fn),
        body_start=doc.end_byte,
        body_end=fn.span.end_byte,
        original_body=_text(data, doc.end_byte, fn.span.end_byte),
    )


def _text(data: bytes, start: int, end: int) -> str:
    return data[start:end].decode("utf-8", "surrogatepass")


def _line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def _from_line_start(data: bytes, start: int, end: int) -> str:
    return _text(data, _line_start(data, start), end)


def _body_indent(data: bytes, fn: Function) -> str:
    """The docstring's indentation when it starts its line, else the ``def`` line's plus 4."""
    assert fn.docstring is not None
    doc_start = fn.docstring.span.start_byte
    lead = _text(data, _line_start(data, doc_start), doc_start)
    if lead and not lead.strip():
        return lead
    def_line = _text(data, _line_start(data, fn.header_span.start_byte), fn.header_span.start_byte)
    return def_line[: len(def_line) - len(def_line.lstrip())] + "    "


def _imports(data: bytes) -> str:
    """Every module-level import statement (also inside top-level ``if``/``try``), dedented."""
    tree = parse(data)
    found: list[str] = []
    stack = list(reversed(tree.root_node.named_children))
    while stack:
        node = stack.pop()
        if node.type in _IMPORTS:
            found.append(_text(data, node.start_byte, node.end_byte))
        elif node.type in _MODULE_BLOCKS:
            stack.extend(reversed(node.named_children))
    return "\n".join(found)


def _module_variables(fe: FileExtract, data: bytes) -> str:
    """Module-level assignments (constants the body may use); long ones cut to a first line."""
    out: list[str] = []
    for var in fe.variables:
        if var.scope != "module":
            continue
        text = _from_line_start(data, var.span.start_byte, var.span.end_byte)
        lines = text.split("\n")
        out.append(text if len(lines) <= _MAX_VARIABLE_LINES else lines[0] + "  # ...")
    return "\n".join(dict.fromkeys(out))


def _scopes(fe: FileExtract, fn: Function, data: bytes) -> list[str]:
    """The enclosing classes/functions of ``fn``, outermost first; the innermost class in full."""
    parts = fn.qualname.split(".")[:-1]
    classes = {c.qualname: c for c in fe.classes}
    functions = {f.qualname: f for f in fe.functions}
    out: list[str] = []
    for depth in range(1, len(parts) + 1):
        qual = ".".join(parts[:depth])
        cls = classes.get(qual)
        if cls is not None:
            innermost = qual == fn.parent_class
            out.append(_class_scope(fe, cls, fn, data) if innermost else _header(data, cls))
            continue
        outer = functions.get(qual)
        if outer is not None:
            out.append(_header(data, outer))
    return out


def _header(data: bytes, ent: Class | Function) -> str:
    """Decorators and header of ``ent`` with their original indentation."""
    return _from_line_start(data, ent.span.start_byte, ent.header_span.end_byte)


def _class_scope(fe: FileExtract, cls: Class, fn: Function, data: bytes) -> str:
    """Header, docstring, class attributes and the other members' signatures of ``cls``."""
    lines = [_header(data, cls)]
    if cls.docstring is not None:
        lines.append(
            _from_line_start(data, cls.docstring.span.start_byte, cls.docstring.span.end_byte)
        )
    members: list[tuple[int, str]] = []
    for var in fe.variables:
        if var.scope == "class" and var.owner == cls.qualname:
            members.append((var.span.start_byte, _variable(data, var)))
    for other in fe.functions:
        if other.parent_class == cls.qualname and other.qualname != fn.qualname:
            members.append((other.span.start_byte, _header(data, other) + " ..."))
    # file order; members written after the target are shown before it too (the model needs
    # their signatures, and the target comes last so the placeholder ends the prompt)
    lines.extend(text for _pos, text in sorted(members))
    return "\n".join(lines)


def _variable(data: bytes, var: Variable) -> str:
    return _from_line_start(data, var.span.start_byte, var.span.end_byte)
