"""The texts of a workspace's files: an open editor buffer wins over the disk.

:class:`FileTexts` holds the editor buffers and a few recently read disk texts (context
building asks for the same file once per related block), each disk text revalidated by its
(mtime, size) so an edit on disk is never served stale.
"""

from __future__ import annotations

from collections import OrderedDict

from docref.core.file_stamp import file_stamp
from docref.graph.discovery import language_of
from docref.graph.source import read_source

_DISK_TEXTS_KEPT = 64


class FileTexts:
    """Editor buffers by workspace-relative path, and a small cache of disk texts."""

    def __init__(self, max_file_bytes: int) -> None:
        self.max_file_bytes = max_file_bytes
        self.buffers: dict[str, str] = {}
        self._disk: OrderedDict[str, tuple[tuple[int, int], str]] = OrderedDict()

    def text(self, rel: str, full: str) -> str:
        """The buffer of ``rel`` if one is open, else the text of the file ``full`` on disk."""
        if rel in self.buffers:
            return self.buffers[rel]
        stamp = file_stamp(full)
        cached = self._disk.get(rel)
        if stamp is not None and cached is not None and cached[0] == stamp:
            self._disk.move_to_end(rel)
            return cached[1]
        language = language_of(rel) or "python"
        text = read_source(full, language, self.max_file_bytes).text
        if stamp is not None:
            self._disk[rel] = (stamp, text)
            if len(self._disk) > _DISK_TEXTS_KEPT:
                self._disk.popitem(last=False)
        return text
