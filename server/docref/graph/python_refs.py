"""Python references: the names a function (or an assigned value) uses.

Speed matters (every function of the workspace is scanned at start-up), so the names come
from regexes run over the source with strings and comments blanked out (one C-level scan per
function body) rather than from a Python walk over every identifier node.  While one file is
edited, a :data:`ReferenceMemo` lets the functions whose text did not change skip the scan.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterator
from typing import Any

import tree_sitter_python
from tree_sitter import Language, Node, Query, QueryCursor

from docref.graph.model import Function, Reference, RefKind

__all__ = ["PY_LANGUAGE", "ReferenceCollector", "ReferenceMemo", "typed_locals"]

# the language lives here, not in python_extract, because the masking query needs it and
# python_extract imports this module (never the reverse)
PY_LANGUAGE = Language(tree_sitter_python.language())

# A dotted name not preceded by ``.``/word char, and what follows it: ``(`` call, ``=`` binding.
# The name's first character comes before the check of the one ahead of it (a lookbehind
# over both): a pattern opening with a lookbehind is tried at every byte, one opening with a
# character class lets the regex engine skip to the next letter or ``_`` (same matches, ~10%
# less time for this scan, the extraction's largest)
_USE_RE = re.compile(
    rb"([A-Za-z_](?<![\w.][A-Za-z_])[A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*(\(|=(?!=))?"
)
_NAME_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
# ``x = ...``, ``a, b = ...``, ``x: T = ...``, ``x += ...`` at the start of a line; for a
# local whose type the context stage can follow (``r: Repo = ...``, ``r = make_repo(...)``)
# group 2 is the annotation and group 4 the callee of the value (group 3 an augmented
# assignment's operator).  One scan finds both the locals and their types.
_ASSIGN_RE = re.compile(
    rb"^[ \t]*\(?([A-Za-z_][A-Za-z0-9_]*(?:[ \t]*,[ \t]*[A-Za-z_][A-Za-z0-9_]*)*)\)?"
    rb"[ \t]*(?::([^=\n]+))?([-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)[ \t]*"
    rb"(?:await[ \t]+)?(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*\()?",
    re.MULTILINE,
)
# A keyword first, its word boundary checked after it (``for(?<!\wfor)`` is ``\bfor``): a
# pattern that starts with a literal lets the regex engine jump between occurrences of it
# instead of trying every position, 2-4x faster on function bodies, same matches.
_LOCAL_RES: tuple[tuple[bytes, re.Pattern[bytes]], ...] = (
    (b"=", _ASSIGN_RE),
    (b"for", re.compile(rb"for(?<!\wfor)[ \t]+\(?([A-Za-z_][A-Za-z0-9_, \t()]*?)\)?[ \t]+in\b")),
    (b"as", re.compile(rb"as(?<!\was)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")),
    (b":=", re.compile(rb"\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*:=")),
    (b"global", re.compile(rb"global(?<!\wglobal)[ \t]+([A-Za-z_][A-Za-z0-9_, \t]*)")),
    (b"nonlocal", re.compile(rb"nonlocal(?<!\wnonlocal)[ \t]+([A-Za-z_][A-Za-z0-9_, \t]*)")),
    (b"lambda", re.compile(rb"lambda(?<!\wlambda)\b([^:\n]*):")),
    # a nested ``def``/``class`` binds its name in the enclosing function
    (b"def", re.compile(rb"def(?<!\wdef)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")),
    (b"class", re.compile(rb"class(?<!\wclass)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")),
)
# Functions and classes nested in a function: what they use is theirs, not the enclosing
# function's (they are extracted as functions of their own).
_NESTED_QUERY = Query(
    PY_LANGUAGE,
    "(function_definition) @b (class_definition) @b",
)
# f-string replacement fields are code: their expressions are un-blanked after the strings.
_MASK_QUERY = Query(
    PY_LANGUAGE,
    "(string) @s (comment) @c"
    " (interpolation expression: (_) @e) (format_expression expression: (_) @e)"
    # an import inside a function binds names, it does not use them; the binding is
    # resolved through the function-scoped Import record
    " (import_statement) @i (import_from_statement) @i (future_import_statement) @i",
)
_BLANK = bytes(b if b == 10 else 32 for b in range(256))
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_PYTHON_NOISE = frozenset({"self", "cls", "True", "False", "None"})
_KEYWORDS = frozenset(keyword.kwlist) | _PYTHON_NOISE


ReferenceMemo = dict[
    bytes, tuple[list[tuple[str, RefKind, int, int]], tuple[str, ...], tuple[str, ...]]
]
# the binding kinds (keys of ``_LOCAL_RES``) that leave a ``for`` target a placeholder: a
# lambda's parameter is one too; any other (an assignment, ``as``, ``:=``, ``global``, a
# nested ``def``) makes the name a real local
_PLACEHOLDER_KINDS = frozenset({b"for", b"lambda"})

_RANK = {"call": 3, "attribute": 2, "annotation": 1, "name": 0}


def _add(seen: dict[str, list[Any]], name: str, kind: RefKind, offset: int) -> None:
    entry = seen.get(name)
    if entry is None:
        seen[name] = [kind, offset, 1]
    else:
        entry[2] += 1
        if _RANK[kind] > _RANK[entry[0]]:
            entry[0] = kind


# ASCII letters, digits and ``_`` (what ``bytes.isalnum()`` or ``== b"_"`` accepts of one byte)
_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_BEFORE_BYTES = _WORD_BYTES | {ord(".")}


def _first_use(masked: bytes | bytearray, chain: bytes, start: int, end: int) -> int:
    """Offset of the first whole-word occurrence of ``chain`` in ``masked[start:end]``."""
    pos = masked.find(chain, start, end)
    size, last = len(chain), len(masked)
    while pos != -1:
        # byte values, not one-byte slices: this runs for every name of every function
        after = pos + size
        if not (pos and masked[pos - 1] in _BEFORE_BYTES) and not (
            after < last and masked[after] in _WORD_BYTES
        ):
            return pos
        pos = masked.find(chain, pos + 1, end)
    return start


def _assignments(masked: bytes | bytearray, start: int, end: int) -> Iterator[re.Match[bytes]]:
    """``_ASSIGN_RE.finditer(masked, start, end)``, tried only at the starts of the lines that
    hold a ``=``: a match lies within one line (no part of the pattern crosses a newline) and
    starts at a line start, so no other line can match.  The pattern starts with ``^``, which
    the regex engine tries at every position of the body (twice the time)."""
    find, rfind, match = masked.find, masked.rfind, _ASSIGN_RE.match
    eq = find(b"=", start, end)
    while eq != -1:
        line = rfind(b"\n", 0, eq) + 1
        if line >= start:  # (``^`` never matches at ``start`` unless a line starts there)
            m = match(masked, line, end)
            if m is not None:
                yield m
        next_line = find(b"\n", eq, end)
        if next_line == -1:
            return
        eq = find(b"=", next_line, end)


def _local_type(m: re.Match[bytes]) -> str | None:
    """The type expression of one ``_ASSIGN_RE`` match: the annotation, or ``callee()``
    (``r = make_repo()``: the callee's return type, or the class constructed); None for a
    tuple target, an augmented assignment or any other value."""
    if m.group(3) is not None or b"," in m.group(1):
        return None
    annotation, callee = m.group(2), m.group(4)
    if annotation and annotation.strip():
        return annotation.decode().strip()
    return callee.decode() + "()" if callee else None


def typed_locals(text: bytes, start: int = 0, end: int | None = None) -> dict[str, str]:
    """The locals of a function body whose type can be followed (first assignment with a
    type wins): name → its annotation or ``callee()``.  ``text`` should have its strings
    and comments blanked (a ``=`` inside a string is not an assignment)."""
    out: dict[str, str] = {}
    for m in _ASSIGN_RE.finditer(text, start, len(text) if end is None else end):
        kind = _local_type(m)
        key = m.group(1).decode().strip("( \t")
        if kind is not None and key not in out and key not in _KEYWORDS:
            out[key] = kind
    return out


def _is_bound(name: str, params: set[str], locals_: dict[str, None], typed: set[str]) -> bool:
    """A plain parameter/local, or a chain rooted at one other than self/cls.

    A chain rooted at an annotated parameter (``stock.level`` with ``stock: Inventory``) or
    at a local assigned a call or an annotation (``r = make_repo()``, then ``r.save``) is
    kept: the context stage follows the type to the member's own definition.
    """
    root, dot, _ = name.partition(".")
    if root in ("self", "cls"):
        return not dot
    if dot and root in typed:
        return False
    return root in params or root in locals_


class ReferenceCollector:
    """Collects the references of the functions and assigned values of one file."""

    def __init__(
        self, data: bytes, root: Node, memo: ReferenceMemo | None, lazy: bool = False
    ) -> None:
        # ``lazy`` (a re-extraction that replays most definitions): strings and comments are
        # blanked only in the regions scanned, not over the whole file
        self._data, self._root = data, root
        self.masked = bytearray(data) if lazy else bytearray(_mask_strings(data, root))
        self._covered: list[tuple[int, int]] | None = [] if lazy else None
        # masked function text -> (references with header-relative lines, locals); see
        # ``extract_python(memo=...)``
        self.memo = memo
        self.memo_used: ReferenceMemo = {}

    def _mask(self, start: int, end: int) -> None:
        """Blank the strings and comments of ``data[start:end]`` in ``masked`` (a region
        holding whole definitions or a whole value: every string in it ends in it)."""
        covered = self._covered
        if covered is None or any(s <= start and end <= e for s, e in covered):
            return
        covered.append((start, end))
        cursor = QueryCursor(_MASK_QUERY)
        cursor.set_byte_range(start, end)
        _apply_mask(self.masked, self._data, cursor.captures(self._root))

    def update_memo(self) -> None:
        """Leave in ``memo`` exactly the functions of this version (it never grows)."""
        if self.memo is not None:
            self.memo.clear()
            self.memo.update(self.memo_used)

    def references(self, fn: Function, body: Node | None) -> None:
        """Collect the names ``fn`` uses, deduplicated in first-use order.

        Runs regexes over the body with strings and comments blanked out: one C-level scan
        instead of a Python object per identifier node (the hot path of indexing).
        """
        memo_key = b""
        self._mask(fn.span.start_byte, max(fn.span.end_byte, body.end_byte if body else 0))
        if self.memo is not None and body is not None:
            # decorators and signature as written (the words of a default or a quoted
            # annotation are read as names, below), the body masked
            head = self._data[fn.span.start_byte : fn.header_span.end_byte]
            memo_key = head + bytes(self.masked[fn.header_span.end_byte : body.end_byte])
            hit = self.memo.get(memo_key)
            if hit is not None:
                base = fn.header_span.start_line
                fn.references = [Reference(n, k, base + ln, c) for n, k, ln, c in hit[0]]
                fn.local_names = list(hit[1])
                fn.loop_names = list(hit[2])
                self.memo_used[memo_key] = hit
                return
        seen: dict[str, list[Any]] = {}
        for p in fn.params:
            if p.annotation:
                for ident in _IDENT_RE.findall(p.annotation):
                    if ident not in _PYTHON_NOISE:
                        _add(seen, ident, "annotation", fn.header_span.start_byte)
        if fn.returns:
            for ident in _IDENT_RE.findall(fn.returns):
                if ident not in _PYTHON_NOISE:
                    _add(seen, ident, "annotation", fn.header_span.start_byte)
        masked = self.masked
        # decorators and default values are evaluated where the function is defined, but
        # they are what the function depends on (``@lru_cache``, ``timeout=DEFAULT``)
        header = [(fn.span.start_byte, fn.header_span.start_byte)]
        for p in fn.params:
            if p.default:
                for ident in _IDENT_RE.findall(p.default):
                    if ident not in _KEYWORDS:
                        _add(seen, ident, "name", fn.header_span.start_byte)
        locals_: dict[str, None] = {}
        looped: set[str] = set()  # bound as a ``for`` target (a loop or a comprehension)
        bound: set[str] = set()  # bound otherwise (see _PLACEHOLDER_KINDS)
        # annotated parameters and locals with a followable type: chains rooted at them
        # (``stock.level``) are kept for the context stage
        typed = {p.name for p in fn.params if p.annotation}
        params = {p.name for p in fn.params}
        if body is not None:
            start, end = body.start_byte, body.end_byte
            find = masked.find
            # from the start of the body's first line: ``^`` does not match at a search's
            # start position, and the first statement (``r = make()``) binds a local too
            line_start = masked.rfind(b"\n", 0, start) + 1
            line_start = start if masked[line_start:start].strip() else line_start
            for literal, rx in _LOCAL_RES:
                if literal and find(literal, start, end) == -1:
                    continue  # cheap literal pre-check before a regex scan
                found = (
                    _assignments(masked, line_start, end)
                    if rx is _ASSIGN_RE
                    else rx.finditer(masked, line_start, end)
                )
                kinds = looped if literal == b"for" else None
                if literal not in _PLACEHOLDER_KINDS:
                    kinds = bound
                for m in found:
                    for name in _NAME_RE.findall(m.group(1)):
                        locals_[name.decode()] = None
                        if kinds is not None:
                            kinds.add(name.decode())
                    if rx is _ASSIGN_RE and _local_type(m) is not None:
                        typed.add(m.group(1).decode())
            uses: dict[bytes, list[Any]] = {}
            for lo, hi in header + _outside_nested(masked, body):
                for chain, after in _USE_RE.findall(masked, lo, hi):
                    if after == b"=":
                        if b"." not in chain:
                            continue  # keyword argument or assignment target: a binding
                        after = b""
                    entry = uses.get(chain)
                    if entry is None:
                        uses[chain] = [after == b"(", 1]
                    else:
                        entry[1] += 1
                        if after == b"(":
                            entry[0] = True
            start = fn.span.start_byte
            for chain, (called, count) in uses.items():
                name = chain.decode()
                if name in _KEYWORDS or _is_bound(name, params, locals_, typed):
                    continue  # a bound name is dropped below: no need to find its first use
                kind: RefKind = "call" if called else ("attribute" if b"." in chain else "name")
                _add(seen, name, kind, _first_use(masked, chain, start, end))
                seen[name][2] += count - 1
        fn.local_names = [n for n in locals_ if n not in params]
        fn.loop_names = [n for n in fn.local_names if n in looped and n not in bound]
        # every use lies in the function: its line is counted from the function's first line
        # (a C-level count over the function's text, no index of the whole file's lines)
        data, first, first_line = self._data, fn.span.start_byte, fn.span.start_line
        fn.references = [
            Reference(name, entry[0], first_line + data.count(b"\n", first, entry[1]), entry[2])
            for name, entry in seen.items()
            if not _is_bound(name, params, locals_, typed)
        ]
        if memo_key:
            base = fn.header_span.start_line
            self.memo_used[memo_key] = (
                [(r.name, r.kind, r.line - base, r.count) for r in fn.references],
                tuple(fn.local_names),
                tuple(fn.loop_names),
            )

    def value_refs(self, value: Node | None) -> list[str]:
        if value is None:
            return []
        out: dict[str, None] = {}
        self._mask(value.start_byte, value.end_byte)
        for m in _USE_RE.finditer(self.masked, value.start_byte, value.end_byte):
            if m.group(2) != b"=":
                name = m.group(1).decode()
                if name not in _KEYWORDS:
                    out[name] = None
        return list(out)


def _outside_nested(masked: bytes | bytearray, body: Node) -> list[tuple[int, int]]:
    """Byte ranges of ``body`` outside the functions/classes nested in it."""
    start, end = body.start_byte, body.end_byte
    if masked.find(b"def ", start, end) == -1 and masked.find(b"class ", start, end) == -1:
        return [(start, end)]  # the common case: no query needed
    nested = sorted(
        (n.start_byte, n.end_byte) for n in QueryCursor(_NESTED_QUERY).captures(body).get("b", ())
    )
    ranges: list[tuple[int, int]] = []
    cursor = start
    for lo, hi in nested:
        if lo < cursor:
            continue  # inside a nested body already excluded
        ranges.append((cursor, lo))
        cursor = hi
    ranges.append((cursor, end))
    return ranges


def _mask_strings(data: bytes, root: Node) -> bytes:
    """``data`` with string literals and comments blanked (newlines kept, offsets equal).

    Expressions inside f-string replacement fields (``f"{helper(x)}"``) stay visible; strings
    nested in them are blanked again (outer before inner: sorted by start, longest first).
    """
    masked = bytearray(data)
    _apply_mask(masked, data, QueryCursor(_MASK_QUERY).captures(root))
    return bytes(masked)


def _apply_mask(masked: bytearray, data: bytes, captures: dict[str, list[Node]]) -> None:
    if "e" not in captures:
        # nothing to restore: blank the union of the ranges, each stretch once (a data
        # module's tens of thousands of strings cost a sort of tuples and one slice each)
        spans = sorted([(n.start_byte, n.end_byte) for nodes in captures.values() for n in nodes])
        lo = hi = -1
        for s, e in spans:
            if s <= hi:
                hi = max(hi, e)
                continue
            if hi > lo:
                masked[lo:hi] = data[lo:hi].translate(_BLANK)
            lo, hi = s, e
        if hi > lo:
            masked[lo:hi] = data[lo:hi].translate(_BLANK)
        return
    ranges: list[tuple[int, int, int]] = []
    for capture, nodes in captures.items():
        blank = 0 if capture == "e" else 1  # at equal ranges, restore before blanking
        ranges.extend((n.start_byte, n.end_byte, blank) for n in nodes)
    ranges.sort(key=lambda r: (r[0], -r[1], r[2]))
    for s, e, blank in ranges:
        masked[s:e] = data[s:e].translate(_BLANK) if blank else data[s:e]
