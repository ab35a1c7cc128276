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
from docref.graph.python_inplace import moved_extract
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


def _diff(old: bytes, new: bytes) -> tuple[int, int, int]:
    """``(start, old_end, new_end)``: the one edit that turns ``old`` into ``new``."""
    start = common_prefix(old, new)
    max_suffix = min(len(old), len(new)) - start
    suffix = common_prefix(old[::-1][:max_suffix], new[::-1][:max_suffix])
    return start, len(old) - suffix, len(new) - suffix


def _edit(old: bytes, old_tree: Tree, new: bytes, edit: tuple[int, int, int]) -> None:
    start, old_end, new_end = edit
    old_tree.edit(
        start_byte=start,
        old_end_byte=old_end,
        new_end_byte=new_end,
        start_point=_point(old, start),
        old_end_point=_point(old, old_end),
        new_end_point=_point(new, new_end),
    )


_Kept = tuple[bytes, Tree, ReferenceMemo, dict[ChunkKey, Chunk], FileExtract]


class IncrementalExtractor:
    """Extracts successive versions of files, remembering the last ``size`` edited files.

    An edit inside the words of a Python string (a docstring's, mostly) is not parsed nor
    extracted: the previous records are moved (:mod:`docref.graph.python_inplace`)."""

    def __init__(self, size: int = 32) -> None:
        self._size = size
        self._files: OrderedDict[str, _Kept] = OrderedDict()
        self.replayed = 0  # definitions the last extraction replayed (for tests)
        self.moved = False  # the last extraction moved the previous records (for tests)

    def forget(self, rel: str) -> None:
        self._files.pop(rel, None)

    def extract(self, language: str, rel: str, data: bytes, digest: str) -> FileExtract:
        previous = self._files.pop(rel, None)
        memo: ReferenceMemo = {}
        old_tree: Tree | None = None
        old_chunks: dict[ChunkKey, Chunk] = {}
        self.moved = False
        if previous is not None:
            old, old_tree, memo, old_chunks, old_fe = previous
            edit = _diff(old, data)
            moved = None
            if language == "python":
                moved = moved_extract(old, old_tree, old_fe, data, digest, edit)
            _edit(old, old_tree, data, edit)
            if moved is not None:
                self.moved, self.replayed = True, 0
                self._keep(rel, (data, old_tree, memo, old_chunks, moved))
                return moved
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
        self._keep(rel, (data, tree, memo, chunks.new, fe))
        return fe

    def _keep(self, rel: str, kept: _Kept) -> None:
        self._files[rel] = kept
        while len(self._files) > self._size:
            self._files.popitem(last=False)
