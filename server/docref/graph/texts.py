"""The texts of a workspace's files: an open editor buffer wins over the disk.

:class:`FileTexts` holds the editor buffers and the recently read disk texts (context
building asks for the same file once per related block; a check asks for the texts of the
files it follows names into), each disk text revalidated by its (mtime, size) so an edit on
disk is never served stale.
"""

from __future__ import annotations

from collections import OrderedDict

from docref.core.file_stamp import file_stamp
from docref.graph.discovery import language_of
from docref.graph.source import read_source

# The disk texts kept are bounded by their total length, not their number: a check reads
# the texts of many files (a package ``__init__``'s siblings, every module a name walk
# passes through), again and again.  At 64 texts a cold run over astropy (528 files, 8 MB)
# read 2,170 files for 528 distinct ones; a whole project of that size now stays in.  The
# bound holds the memory of a run over a far larger tree (the full standard library) to
# this much per process.
_DISK_TEXT_CHARS = 12_000_000


class FileTexts:
    """Editor buffers by workspace-relative path, and a bounded cache of disk texts."""

    def __init__(self, max_file_bytes: int, keep_chars: int = _DISK_TEXT_CHARS) -> None:
        self.max_file_bytes = max_file_bytes
        self.buffers: dict[str, str] = {}
        self._disk: OrderedDict[str, tuple[tuple[int, int], str]] = OrderedDict()
        self._keep_chars = keep_chars
        self._chars = 0  # the total length of the texts in ``_disk``

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
        if cached is not None:
            del self._disk[rel]  # stale: the file changed on disk
            self._chars -= len(cached[1])
        if stamp is not None and len(text) <= self._keep_chars:
            self._disk[rel] = (stamp, text)
            self._chars += len(text)
            while self._chars > self._keep_chars:
                _, (_, old) = self._disk.popitem(last=False)
                self._chars -= len(old)
        return text

    def kept(self) -> int:
        """How many disk texts are kept now."""
        return len(self._disk)
