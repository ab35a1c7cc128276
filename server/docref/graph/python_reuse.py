"""Re-extracting an edited Python file without re-walking the definitions that did not change.

Each module- or class-level definition (a ``def`` or ``class`` with its decorators) adds a
contiguous run of records to the extract's lists: itself, what it nests, the instance
attributes its methods assign, the imports in its bodies.  :class:`Chunks` keeps those runs of
the previous version of a file by the definition's text and context; when the new version has
a definition with the same text in the same context (same column, same enclosing qualname,
same try-block state, same instance attributes already known to its class), its records are
replayed, moved to where it now is, instead of walking its tree and scanning its body again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from tree_sitter import Node

from docref.graph.model import Class, Docstring, FileExtract, Function, Import, Span, Variable

__all__ = ["Chunk", "ChunkKey", "Chunks"]

ChunkKey = tuple[bytes, int, str, bool, frozenset[str]]


@dataclass(slots=True)
class Chunk:
    """The records one definition added, and where it started (byte, line) then."""

    start_byte: int
    start_line: int
    functions: list[Function]
    classes: list[Class]
    variables: list[Variable]
    imports: list[Import]
    inner: list[ChunkKey]  # the chunks of the definitions it nests (a class's methods)


def _span(span: Span, db: int, dl: int) -> Span:
    return Span(
        span.start_byte + db,
        span.end_byte + db,
        span.start_line + dl,
        span.start_col,
        span.end_line + dl,
        span.end_col,
    )


def _doc(doc: Docstring | None, db: int, dl: int) -> Docstring | None:
    return None if doc is None else Docstring(doc.text, _span(doc.span, db, dl))


def _moved(chunk: Chunk, db: int, dl: int) -> Chunk:
    functions = [
        replace(
            f,
            span=_span(f.span, db, dl),
            header_span=_span(f.header_span, db, dl),
            docstring=_doc(f.docstring, db, dl),
            references=[replace(r, line=r.line + dl) for r in f.references],
        )
        for f in chunk.functions
    ]
    classes = [
        replace(
            c,
            span=_span(c.span, db, dl),
            header_span=_span(c.header_span, db, dl),
            docstring=_doc(c.docstring, db, dl),
        )
        for c in chunk.classes
    ]
    variables = [replace(v, span=_span(v.span, db, dl)) for v in chunk.variables]
    imports = [replace(i, line=i.line + dl) for i in chunk.imports]
    return Chunk(
        chunk.start_byte + db,
        chunk.start_line + dl,
        functions,
        classes,
        variables,
        imports,
        chunk.inner,
    )


class Chunks:
    """The chunks of the previous version (``old``) and those of this one (``new``)."""

    def __init__(self, old: dict[ChunkKey, Chunk] | None) -> None:
        self.old = old or {}
        self.new: dict[ChunkKey, Chunk] = {}
        self._added: list[ChunkKey] = []  # keys in the order they were kept
        self.replayed = 0

    @staticmethod
    def key(data: bytes, node: Node, prefix: str, in_try: bool, known: frozenset[str]) -> ChunkKey:
        digest = hashlib.blake2b(data[node.start_byte : node.end_byte], digest_size=16).digest()
        return digest, node.start_point[1], prefix, in_try, known

    def replay(self, key: ChunkKey, node: Node, out: FileExtract) -> Chunk | None:
        """Append the records of the definition ``key`` names to ``out`` if the previous
        version had it; the chunk replayed (``None``: extract it)."""
        chunk = self.old.get(key) or self.new.get(key)
        if chunk is None:
            return None
        db = node.start_byte - chunk.start_byte
        dl = node.start_point[0] - chunk.start_line
        if db or dl:
            chunk = _moved(chunk, db, dl)
        out.functions.extend(chunk.functions)
        out.classes.extend(chunk.classes)
        out.variables.extend(chunk.variables)
        out.imports.extend(chunk.imports)
        self._keep(key, chunk)
        # its nested definitions stay known (unmoved: a replay moves what it uses), so an
        # edit of one method next time replays the class's other methods
        for inner in chunk.inner:
            found = self.old.get(inner)
            if found is not None and inner not in self.new:
                self._keep(inner, found)
        self.replayed += 1
        return chunk

    def _keep(self, key: ChunkKey, chunk: Chunk) -> None:
        self.new[key] = chunk
        self._added.append(key)

    def marks(self, out: FileExtract) -> tuple[int, int, int, int, int]:
        """Where ``out``'s lists (and the kept chunks) end before a definition is extracted."""
        lengths = len(out.functions), len(out.classes), len(out.variables), len(out.imports)
        return (*lengths, len(self._added))

    def record(
        self, key: ChunkKey, node: Node, out: FileExtract, marks: tuple[int, int, int, int, int]
    ) -> None:
        """Keep what extracting the definition ``key`` names added to ``out``."""
        f, c, v, i, k = marks
        chunk = Chunk(
            node.start_byte,
            node.start_point[0],
            out.functions[f:],
            out.classes[c:],
            out.variables[v:],
            out.imports[i:],
            self._added[k:],
        )
        self._keep(key, chunk)
