"""Realistic edits of real Java code for the Java recall benchmark (``recall_java.py``).

Each edit is made the way a person makes it: the code changes, the Javadoc stays.  Edits are
byte replacements at the positions docref's own tree-sitter Java parser gives, never adding or
removing a line, so the Javadoc's line numbers do not move.  Every mutation also carries a
*control*: the same code edit with the Javadoc updated too, which must not be reported.

Kinds:

* ``param-rename``: a parameter named by ``@param`` (where ``@param``) or only in prose as
  ``{@code x}``/``<code>x</code>`` (where ``prose``) is renamed in the signature and the body;
* ``return-type``: the return type under a claim the new type contradicts: ``boolean`` ->
  ``int`` under "true"/"false" (``return c ? 1 : 0``), ``String`` -> ``byte[]`` under
  "string" (``.getBytes(...)``), ``List<T>`` -> ``Set<T>`` under "list" (``new
  LinkedHashSet<>(...)``);
* ``helper-rename``: a method or field of the file named in another method's Javadoc
  (``{@link #m}``, ``{@code m}``, ``<code>m</code>``, ``@see #m``) is renamed at every use in the
  file (only names no other file of the project uses, and no local variable shadows);
* ``throws``: a checked exception documented by ``@throws``/``@exception`` is dropped from the
  ``throws`` clause and the body now wraps it (``try { ... } catch (X e) { throw new
  IllegalStateException(e); }``), or, bodiless, just dropped.

A mutation's *target lines* are the Javadoc lines that name the old thing (the tag or sentence
a finding must lie on to count as a hit on the right sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from docref.graph.java_extract import parse
from tree_sitter import Node

KINDS = ("param-rename", "return-type", "helper-rename", "throws")


@dataclass(frozen=True)
class Edit:
    """Replace bytes ``[start, end)`` of the file with ``text`` (no newline on either side)."""

    start: int
    end: int
    text: str


@dataclass
class Mutation:
    kind: str
    strategy: str
    where: str
    path: str
    qualname: str
    old: str
    new: str
    target_lines: list[int]
    edits: list[Edit] = field(default_factory=list)
    doc_edits: list[Edit] = field(default_factory=list)  # the control's Javadoc update


def apply(data: bytes, edits: list[Edit]) -> bytes | None:
    """``data`` with ``edits``; None when two overlap or one would move a line."""
    out = data
    last = len(data) + 1
    for e in sorted(set(edits), key=lambda e: (e.start, e.end), reverse=True):
        if e.end > last or b"\n" in data[e.start : e.end] or "\n" in e.text:
            return None
        out = out[: e.start] + e.text.encode() + out[e.end :]
        last = e.start
    return out


# --- names -----------------------------------------------------------------------------------

_ABBREV = {
    "number": "num",
    "message": "msg",
    "value": "val",
    "index": "idx",
    "count": "cnt",
    "length": "len",
    "buffer": "buf",
    "source": "src",
    "string": "str",
    "context": "ctx",
    "request": "req",
    "response": "resp",
    "object": "obj",
    "name": "label",
    "key": "k",
    "file": "path",
}
_EXPAND = {v: k for k, v in _ABBREV.items() if len(v) > 1}
_VERBS = {
    "get": "fetch",
    "set": "assign",
    "is": "check",
    "create": "make",
    "add": "append",
    "remove": "delete",
    "find": "lookup",
    "compute": "calc",
    "to": "as",
    "read": "load",
    "write": "store",
    "parse": "decode",
    "build": "assemble",
    "has": "contains",
    "init": "setup",
}


def _parts(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+|[A-Z][a-z0-9]*|[A-Z]+(?![a-z])", name) or [name]


def renamed(name: str, helper: bool) -> tuple[str, str]:
    """A new name for ``name`` and how it was made (abbrev/expand/verb/suffix)."""
    parts = _parts(name)
    if helper and parts[0] in _VERBS and len(parts) > 1:
        return _VERBS[parts[0]] + name[len(parts[0]) :], "verb"
    for i, part in enumerate(parts):
        low = part.lower()
        for table, how in ((_ABBREV, "abbrev"), (_EXPAND, "expand")):
            if low in table:
                rep = table[low]
                rep = rep if part[0].islower() else rep.capitalize()
                new = "".join(parts[:i]) + rep + "".join(parts[i + 1 :])
                if new != name and new[0].isalpha():
                    return new, how
    return name + ("Impl" if helper else "Value"), "suffix"


# --- the file --------------------------------------------------------------------------------

_METHODS = {"method_declaration", "constructor_declaration"}
_CLASSES = {"class_declaration", "interface_declaration", "enum_declaration", "record_declaration"}


@dataclass
class Method:
    node: Node
    qualname: str
    name: str
    doc: str
    doc_start: int  # byte offset of ``/**``
    doc_line: int  # 1-based line of ``/**``


class JavaFile:
    """One parsed ``.java`` file: its documented methods and its identifiers."""

    def __init__(self, path: str, data: bytes) -> None:
        self.path = path
        self.data = data
        self.root = parse(data).root_node
        self.methods: list[Method] = []
        self.idents: dict[str, list[Node]] = {}
        self.declared_locals: set[str] = set()
        self.members: set[str] = set()
        self.overrides: set[str] = set()
        self._walk(self.root, [])

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def _walk(self, node: Node, owners: list[str]) -> None:
        stack: list[tuple[Node, list[str], bool]] = [(node, owners, True)]
        while stack:
            n, owns, named = stack.pop()
            t = n.type
            if t == "identifier":
                self.idents.setdefault(self.text(n), []).append(n)
            elif t in ("variable_declarator", "formal_parameter", "catch_formal_parameter"):
                name = n.child_by_field_name("name")
                if name is not None:
                    in_class = n.parent is not None and n.parent.type == "field_declaration"
                    (self.members if in_class else self.declared_locals).add(self.text(name))
            elif t == "lambda_expression" or t == "enhanced_for_statement":
                for c in n.children:
                    if c.type == "identifier":
                        self.declared_locals.add(self.text(c))
            inner = owns
            if t in _CLASSES:
                name = n.child_by_field_name("name")
                inner = [*owns, self.text(name)] if name is not None and named else owns
            elif t == "object_creation_expression" or t == "block":
                named = False  # anonymous and local classes: docref names them differently
            if t in _METHODS and named and owns:
                self._method(n, owns)
            for c in reversed(n.children):
                stack.append((c, inner, named))

    def _method(self, node: Node, owners: list[str]) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name = self.text(name_node)
        self.members.add(name)
        mods = next((c for c in node.children if c.type == "modifiers"), None)
        if mods is not None and "@Override" in self.text(mods):
            self.overrides.add(name)
        prev = node.prev_sibling
        while prev is not None and prev.type == "line_comment":
            prev = prev.prev_sibling
        if prev is None or prev.type != "block_comment":
            return
        doc = self.text(prev)
        if not doc.startswith("/**") or len(doc) < 5:
            return
        q = ".".join([*owners, name])
        self.methods.append(Method(node, q, name, doc, prev.start_byte, prev.start_point[0] + 1))


# --- the Javadoc -----------------------------------------------------------------------------


def tag_blocks(doc: str) -> list[tuple[str, str, int, int]]:
    """``(tag, text, first line, last line)`` of each block tag (lines relative to ``/**``,
    0-based); the main description is the tag ``""``."""
    lines = doc.split("\n")
    blocks: list[tuple[str, str, int, int]] = []
    tag, start, buf = "", 0, []
    for i, raw in enumerate(lines):
        line = re.sub(r"^\s*(/\*\*|\*/|\*)?", "", raw).removesuffix("*/")
        m = re.match(r"\s*@(\w+)\b", line)
        if m:
            blocks.append((tag, " ".join(buf), start, i - 1 if i > start else start))
            tag, start, buf = m.group(1), i, [line[m.end() :]]
        else:
            buf.append(line)
    blocks.append((tag, " ".join(buf), start, len(lines) - 1))
    return blocks


def lines_naming(doc: str, pattern: str) -> list[int]:
    """The 0-based lines of ``doc`` matching ``pattern``."""
    return [i for i, line in enumerate(doc.split("\n")) if re.search(pattern, line)]


def doc_edits(
    m: Method, pattern: str, repl: Callable[[str], str], only: list[int] | None = None
) -> list[Edit]:
    """Edits replacing each match of ``pattern`` in ``m``'s Javadoc (on lines ``only``, else
    every line) with ``repl(match)``, as byte offsets in the file."""
    out = []
    offset = m.doc_start
    for i, line in enumerate(m.doc.split("\n")):
        if only is None or i in only:
            for hit in re.finditer(pattern, line):
                s = offset + len(line[: hit.start()].encode())
                e = offset + len(line[: hit.end()].encode())
                out.append(Edit(s, e, repl(hit.group(0))))
        offset += len(line.encode()) + 1
    return out
