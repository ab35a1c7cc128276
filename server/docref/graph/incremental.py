"""Re-extracting an edited file fast: reuse its previous tree and reference scans.

The previous text and tree of recently edited files are kept; a new version is diffed
against the old one (common prefix and suffix), the old tree is edited accordingly and
tree-sitter re-parses only what changed.  Python functions whose text did not change reuse
their reference scan (the memo of :func:`docref.graph.python_extract.extract_python`).
"""

from __future__ import annotations

from collections import OrderedDict

from tree_sitter import Point, Tree

from docref.graph.model import FileExtract
from docref.graph.python_extract import ReferenceMemo
from docref.graph.python_reuse import Chunk, ChunkKey, Chunks


def common_prefix(a: bytes, b: bytes) -> int:
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # binary search with C-level slice compares
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _point(data: bytes, offset: int) -> Point:
    row = data.count(b"\n", 0, offset)
    col = offset - (data.rfind(b"\n", 0, offset) + 1)
    return Point(row, col)


def _edit(old: bytes, old_tree: Tree, new: bytes) -> None:
    start = common_prefix(old, new)
    max_suffix = min(len(old), len(new)) - start
    suffix = common_prefix(old[::-1][:max_suffix], new[::-1][:max_suffix])
    old_end, new_end = len(old) - suffix, len(new) - suffix
    old_tree.edit(
        start_byte=start,
        old_end_byte=old_end,
        new_end_byte=new_end,
        start_point=_point(old, start),
        old_end_point=_point(old, old_end),
        new_end_point=_point(new, new_end),
    )


class IncrementalExtractor:
    """Extracts successive versions of files, remembering the last ``size`` edited files."""

    def __init__(self, size: int = 32) -> None:
        self._size = size
        self._files: OrderedDict[str, tuple[bytes, Tree, ReferenceMemo, dict[ChunkKey, Chunk]]]
        self._files = OrderedDict()
        self.replayed = 0  # definitions the last extraction replayed (for tests)

    def forget(self, rel: str) -> None:
        self._files.pop(rel, None)

    def extract(self, language: str, rel: str, data: bytes, digest: str) -> FileExtract:
        previous = self._files.pop(rel, None)
        memo: ReferenceMemo = {}
        old_tree: Tree | None = None
        old_chunks: dict[ChunkKey, Chunk] = {}
        if previous is not None:
            old, old_tree, memo, old_chunks = previous
            _edit(old, old_tree, data)
        chunks = Chunks(old_chunks)
        if language == "java":
            from docref.graph import java_extract

            tree = java_extract.parse(data, old_tree)
            fe = java_extract.extract_java(data, rel, digest, tree)
        else:
            from docref.graph import python_extract

            tree = python_extract.parse(data, old_tree)
            fe = python_extract.extract_python(data, rel, digest, tree, memo, chunks)
        self.replayed = chunks.replayed
        self._files[rel] = (data, tree, memo, chunks.new)
        while len(self._files) > self._size:
            self._files.popitem(last=False)
        return fe
