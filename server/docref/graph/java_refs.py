"""Java references: the names a method or field initializer uses.

Speed matters (every declaration of the workspace is swept at start-up), so the names come
from one C-level query per declaration (:mod:`docref.graph.java_query`) whose captures are
classified here by byte-offset slicing of the source (few ``Node`` calls), never from a
Python walk over the tree.

What is recorded (per method, over its whole declaration: annotations excluded, parameter
and return types included): a call is ``obj.name`` when the object is a plain dotted chain of
identifiers / ``this`` / ``super`` (``list.add``, ``this.helper``, ``java.util.List.of``),
otherwise just the method name (``Foo.bar().baz()``: ``Foo.bar`` and ``baz``);
``new Foo<>(..)`` is a call of ``Foo``; a method reference ``String::valueOf`` a call of
``String.valueOf`` (``Foo::new``: ``Foo``).  Field accesses on a plain chain are
``attribute`` (``this.count``, ``Config.MAX``; nothing for ``f().x``); type names are
``annotation`` (``Map.Entry`` whole, ``var`` skipped); identifiers used as values are
``name``.  As in the Python extractor, a name seen with several kinds keeps the strongest
(call > attribute > annotation > name), and bare parameter names are not references.
Local variables (for-each / catch / resource / pattern variables included) are collected
alongside, as ``Function.local_names``.
"""

from __future__ import annotations

import bisect
import operator
import re
from typing import Any

from tree_sitter import Node, QueryCursor

from docref.graph.java_query import java_language, refs_query
from docref.graph.model import Param, Reference, RefKind

# ``java_language`` is :mod:`docref.graph.java_query`'s, still importable from here
__all__ = ["ReferenceCollector", "java_language", "raw_type", "squeeze"]

_RANK = {"call": 3, "attribute": 2, "annotation": 1, "name": 0}
_SIMPLE_CHAIN = frozenset({"identifier", "field_access", "this", "super"})
_MREF_OBJECTS = frozenset(
    {"identifier", "field_access", "this", "super", "type_identifier", "scoped_type_identifier"}
)
_DOTTED_B = re.compile(rb"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_DOTTED_B_WS = re.compile(rb"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*")
_DOTTED_S_WS = re.compile(r"(?:[^\W\d]|\$)[\w$]*(?:\s*\.\s*(?:[^\W\d]|\$)[\w$]*)*")
_CLASS_LITERAL = re.compile(rb"\s*\.\s*class(?![\w$])")
_OFFSET = operator.itemgetter(3)
_DOT, _COLON = b"."[0], b":"[0]
_BLANK = frozenset(b" \t\r\n\f")

_END_MAX = (1 << 63) - 1


def raw_type(written: str) -> str:
    """``List<String>`` → ``List``, ``int[]`` → ``int``, ``@NonNull Foo`` → ``Foo``."""
    if "<" not in written and "[" not in written and "@" not in written and "." not in written:
        return written.strip()
    out: list[str] = []
    depth = 0
    for ch in written:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    text = "".join(out)
    # drop type annotations (``@A Foo``, ``@A(x) Foo``) and array dimensions / varargs
    text = re.sub(r"@[\w$.]+(\([^)]*\))?", " ", text)
    text = text.replace("[", " ").replace("]", " ").replace("...", " ")
    return "".join(text.split())


def _dotted(data: bytes, start: int, end: int) -> str | None:
    """The text of a plain dotted chain (``a.b.c``), whitespace removed, else None."""
    chunk = data[start:end]
    if _DOTTED_B.fullmatch(chunk):
        return chunk.decode("ascii")
    if chunk.isascii():
        if _DOTTED_B_WS.fullmatch(chunk):
            return "".join(chunk.decode("ascii").split())
        return None
    text = chunk.decode("utf-8", "replace")
    if _DOTTED_S_WS.fullmatch(text):
        return "".join(text.split())
    return None


class _Refs:
    """What one query sweep over a declaration found."""

    __slots__ = ("entries", "locals", "seen")

    def __init__(self) -> None:
        # name -> [kind, node of first use, count, byte offset of first use, name]
        self.seen: dict[str, list[Any]] = {}
        self.entries: list[list[Any]] = []  # the values of ``seen`` in first-use order
        self.locals: list[str] = []


class ReferenceCollector:
    """Sweeps the declarations of one file (``data``) for the names they use."""

    __slots__ = ("data", "query")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.query = refs_query()

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def function_uses(self, node: Node, params: list[Param]) -> tuple[list[str], list[Reference]]:
        """``(local_names, references)`` of a method declaration ``node``."""
        refs = self.sweep(node)
        pnames = {p.name for p in params}
        local_names = [n for n in dict.fromkeys(refs.locals) if n not in pnames]
        references = [
            Reference(e[4], e[0], e[1].start_point[0], e[2])
            for e in refs.entries
            if e[4] not in pnames
        ]
        return local_names, references

    def value_names(self, node: Node) -> list[str]:
        """The names used under ``node`` (an initializer), in first-use order."""
        return [e[4] for e in self.sweep(node).entries]

    def sweep(self, node: Node) -> _Refs:
        """Names used under ``node``: one C-level query, then one pass per capture kind.

        No Python tree walk: whether a field access or type name is part of a longer
        dotted chain (recorded whole) is read off the neighbouring source bytes, and the
        first-use order comes from sorting the distinct names by their first offset.
        """
        return self.classify(QueryCursor(self.query).captures(node))

    def classify(self, caps: dict[str, list[Node]]) -> _Refs:
        data = self.data
        refs = _Refs()
        seen = refs.seen
        get = caps.get
        skip: set[int] = set()  # types ``new`` has recorded as calls
        nodes = get("decl")
        if nodes:
            found = sorted((n.start_byte, n.end_byte) for n in nodes)
            refs.locals = [data[s:e].decode("utf-8", "replace") for s, e in found]
        # annotation arguments (``@Target(ElementType.TYPE)``) are not uses
        ann_max = -1
        ann: list[tuple[int, int]] = []
        nodes = get("ann")
        if nodes:
            for s, e in sorted((n.start_byte, n.end_byte) for n in nodes):
                if ann and s < ann[-1][1]:
                    continue  # nested in the previous one
                ann.append((s, e))
            ann_max = ann[-1][1]

        def add(name: str, kind: RefKind, n: Node, s: int) -> None:
            entry = seen.get(name)
            if entry is None:
                seen[name] = [kind, n, 1, s, name]
            else:
                entry[2] += 1
                if s < entry[3]:
                    entry[1] = n
                    entry[3] = s
                if _RANK[kind] > _RANK[entry[0]]:
                    entry[0] = kind

        nodes = get("new")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                target = n
                if n.type == "generic_type":
                    target = n.named_child(0) or n
                if target.type in ("type_identifier", "scoped_type_identifier"):
                    skip.add(s)
                    add(squeeze(self.text(target)), "call", n, s)
        nodes = get("call")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                name_node = n.child_by_field_name("name")
                if name_node is None:
                    continue
                meth = self.text(name_node)
                obj = n.child_by_field_name("object")
                if obj is None:
                    add(meth, "call", n, s)
                    continue
                chain = _dotted(data, s, obj.end_byte) if obj.type in _SIMPLE_CHAIN else None
                if chain is not None:
                    add(f"{chain}.{meth}", "call", n, s)
                else:
                    add(meth, "call", name_node, name_node.start_byte)
        nodes = get("field")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s < ann_max and _inside(ann, s):
                    continue
                e = n.end_byte
                chain = _dotted(data, s, e)
                # not the head of a longer chain (recorded whole) and not ``f().x`` (a bare
                # ``x`` out of context would only be noise; ``f`` is recorded as a call)
                if chain is not None and not _continues(data, e):
                    add(chain, "attribute", n, s)
        nodes = get("mref")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if not (s < ann_max and _inside(ann, s)):
                    self.method_ref(n, add)
        nodes = get("stype")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if s in skip or (s < ann_max and _inside(ann, s)):
                    continue
                e = n.end_byte
                if (
                    e < len(data)
                    and data[e] == _DOT
                    and data[e + 1 : e + 2] != b"."
                    and not _CLASS_LITERAL.match(data, e)
                ):
                    continue  # ``a.b`` in ``a.b.C``
                add(squeeze(data[s:e].decode("utf-8", "replace")), "annotation", n, s)
        nodes = get("type")
        if nodes:
            size = len(data)
            for n in nodes:
                s = n.start_byte
                if s in skip or (s < ann_max and _inside(ann, s)):
                    continue
                e = n.end_byte
                if (s and data[s - 1] == _DOT) or (
                    e < size
                    and data[e] == _DOT
                    and data[e + 1 : e + 2] != b"."  # ``T... rest``
                    and not _CLASS_LITERAL.match(data, e)
                ):
                    continue  # part of a scoped type (``a.B``), recorded whole
                word = data[s:e]
                if word == b"var":
                    continue
                name = word.decode("utf-8", "replace")
                entry = seen.get(name)
                if entry is None:
                    seen[name] = ["annotation", n, 1, s, name]
                else:
                    entry[2] += 1
                    if s < entry[3]:
                        entry[1] = n
                        entry[3] = s
                    if entry[0] == "name":
                        entry[0] = "annotation"
        nodes = get("atype")
        if nodes:
            for n in nodes:
                add(self.text(n), "annotation", n, n.start_byte)
        nodes = get("skip")
        skip_ids = {n.start_byte for n in nodes} if nodes else None  # lambda ``(a, b)``
        nodes = get("id")
        if nodes:
            for n in nodes:
                s = n.start_byte
                if (s < ann_max and _inside(ann, s)) or (skip_ids and s in skip_ids):
                    continue
                name = data[s : n.end_byte].decode("utf-8", "replace")
                entry = seen.get(name)
                if entry is None:
                    seen[name] = ["name", n, 1, s, name]
                else:
                    entry[2] += 1
                    if s < entry[3]:
                        entry[1] = n
                        entry[3] = s
        refs.entries = sorted(seen.values(), key=_OFFSET) if len(seen) > 1 else list(seen.values())
        return refs

    def method_ref(self, n: Node, add: Any) -> bool:
        """``String::valueOf`` → call ``String.valueOf``; ``Foo::new`` → call ``Foo``.

        Returns True when the whole reference was recorded (its parts are then skipped).
        """
        first = n.named_child(0)
        last = n.child(n.child_count - 1)
        if first is None or last is None:
            return False
        if first.type in _MREF_OBJECTS:
            chain = _dotted(self.data, first.start_byte, first.end_byte)
            if chain is not None:
                if last.type == "new":
                    add(chain, "call", n, n.start_byte)
                    return True
                if last.type == "identifier" and last.start_byte != first.start_byte:
                    add(f"{chain}.{self.text(last)}", "call", n, n.start_byte)
                    return True
        if last.type == "identifier":
            add(self.text(last), "call", last, last.start_byte)
        return False


def _continues(data: bytes, end: int) -> bool:
    """Whether the expression ending at ``end`` is followed by ``.`` or ``::``."""
    size = len(data)
    i = end
    while i < size and data[i] in _BLANK:
        i += 1
    if i >= size:
        return False
    c = data[i]
    return c == _DOT or (c == _COLON and i + 1 < size and data[i + 1] == _COLON)


def _inside(ranges: list[tuple[int, int]], offset: int) -> bool:
    i = bisect.bisect_right(ranges, (offset, _END_MAX)) - 1
    return i >= 0 and offset < ranges[i][1]


def squeeze(text: str) -> str:
    return "".join(text.split())
