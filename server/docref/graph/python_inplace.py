"""An edit inside the words of a Python string literal, re-extracted without a parse.

Most edits in the editor change the words of a docstring.  Such an edit changes no token --
as long as it adds or removes no quote, backslash, brace or line break and stays inside one
string's content, clear of its escape sequences -- so the file's records are those of the
previous version, moved: offsets after the edit (and columns on its line) shift by its
length, and a docstring holding it takes its new text.  Records that keep text in which the
edit could fall (a signature's annotations and defaults, decorators, bases, a variable's
quoted annotation) are left to a real extraction.  The tree is edited, not re-parsed: the
next real extraction re-parses what changed since its last parse.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tree_sitter import Tree

from docref.graph.model import Class, Docstring, FileExtract, Function, Span, Variable

__all__ = ["moved_extract"]

# a byte whose insertion or removal can change the tokens around it
_ACTIVE = re.compile(rb"[\"'\\\n\r{}]")
_PREFIX_LETTERS = re.compile(rb"[fFtT]")  # an f-string's (or t-string's) words hold code


def _in_string_words(old: bytes, tree: Tree, start: int, old_end: int) -> bool:
    root = tree.root_node
    if root.has_error or old[start - 1 : start] == b"\\":
        return False
    node = root.descendant_for_byte_range(start, old_end)
    if node is None or node.type != "string_content":
        return False
    if not node.start_byte <= start <= old_end <= node.end_byte:
        return False
    # clear of escape sequences: one could take the edited characters in
    if any(c.start_byte <= old_end and start <= c.end_byte for c in node.children):
        return False
    string = node.parent
    opening = string.child(0) if string is not None and string.type == "string" else None
    # read from the text: an edited tree's nodes have no text of their own
    prefix = old[opening.start_byte : opening.end_byte] if opening is not None else b"f"
    return not _PREFIX_LETTERS.search(prefix)


class _Move:
    def __init__(self, new: bytes, start: int, old_end: int, delta: int, line: int) -> None:
        self.new, self.start, self.old_end, self.delta, self.line = new, start, old_end, delta, line

    def span(self, s: Span) -> Span:
        if s.end_byte < self.old_end:
            return s  # before the edit: unchanged
        start_byte, start_col = s.start_byte, s.start_col
        if start_byte >= self.old_end:
            start_byte += self.delta
            start_col += self.delta if s.start_line == self.line else 0
        end_col = s.end_col + (self.delta if s.end_line == self.line else 0)
        return Span(
            start_byte, s.end_byte + self.delta, s.start_line, start_col, s.end_line, end_col
        )

    def holds(self, start: int, end: int) -> bool:
        return start <= self.start and self.old_end <= end

    def docstring(self, doc: Docstring | None) -> Docstring | None:
        if doc is None or doc.span.end_byte < self.old_end:
            return doc
        span = self.span(doc.span)
        if not self.holds(doc.span.start_byte, doc.span.end_byte):
            return Docstring(doc.text, span)
        text = self.new[span.start_byte : span.end_byte].decode("utf-8", "replace")
        return Docstring(text, span)

    def function(self, f: Function) -> Function | None:
        if self.holds(f.span.start_byte, f.header_span.end_byte):
            return None  # decorators or signature: their text is in the record
        if f.span.end_byte < self.old_end:
            return f
        span, header = self.span(f.span), self.span(f.header_span)
        return replace(f, span=span, header_span=header, docstring=self.docstring(f.docstring))

    def klass(self, c: Class) -> Class | None:
        if self.holds(c.span.start_byte, c.header_span.end_byte):
            return None  # decorators, bases
        if c.span.end_byte < self.old_end:
            return c
        span, header = self.span(c.span), self.span(c.header_span)
        return replace(c, span=span, header_span=header, docstring=self.docstring(c.docstring))

    def variable(self, v: Variable) -> Variable | None:
        quoted = v.annotation is not None and ('"' in v.annotation or "'" in v.annotation)
        if quoted and self.holds(v.span.start_byte, v.span.end_byte):
            return None
        return v if v.span.end_byte < self.old_end else replace(v, span=self.span(v.span))


def moved_extract(
    old: bytes,
    tree: Tree,
    fe: FileExtract,
    new: bytes,
    digest: str,
    edit: tuple[int, int, int],
) -> FileExtract | None:
    """The extract of ``new`` from ``fe`` (the extract of ``old``, whose tree is ``tree``, not
    yet edited) when the one edit ``(start, old_end, new_end)`` lies in a string's words
    (see the module docstring); ``None`` when a real extraction is needed."""
    start, old_end, new_end = edit
    if _ACTIVE.search(old, start, old_end) or _ACTIVE.search(new, start, new_end):
        return None
    if not _in_string_words(old, tree, start, old_end):
        return None
    move = _Move(new, start, old_end, new_end - old_end, old.count(b"\n", 0, start))
    functions = [move.function(f) for f in fe.functions]
    classes = [move.klass(c) for c in fe.classes]
    variables = [move.variable(v) for v in fe.variables]
    if None in functions or None in classes or None in variables:
        return None
    return FileExtract(
        path=fe.path,
        language=fe.language,
        content_hash=digest,
        package=fe.package,
        module_docstring=move.docstring(fe.module_docstring),
        functions=[f for f in functions if f is not None],
        classes=[c for c in classes if c is not None],
        variables=[v for v in variables if v is not None],
        imports=list(fe.imports),
        errors=[],
    )
