"""The project graph: every file's extract, the module map and who depends on whom.

``index()`` builds it for a workspace (warm from the content-hash cache where possible),
``update(path, text)`` replaces one file's entries (an editor buffer overrides the disk),
``remove(path)`` drops one, and both report the functions whose 1-hop context may have
changed so callers can re-check exactly those.
"""

from __future__ import annotations

import logging
import os
import posixpath
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING

from docref.graph.changes import ChangeTracker
from docref.graph.code_names import note_ids
from docref.graph.discovery import Candidate, Skipped, language_of, walk_workspace
from docref.graph.extraction import SideJob, cache_key, extract_many
from docref.graph.incremental import IncrementalExtractor
from docref.graph.links import ImportLinks
from docref.graph.model import Class, FileExtract, Function, Variable
from docref.graph.modules import ModuleMap
from docref.graph.reports import IndexReport as IndexReport  # re-exported: its old home
from docref.graph.reports import UpdateResult as UpdateResult
from docref.graph.source import (
    DEFAULT_MAX_BYTES,
    SkipFile,
    SourceText,
    decode_source,
    read_source,
)
from docref.graph.store import Entry, ExtractMap, read_entry, write_entries
from docref.graph.texts import FileTexts

if TYPE_CHECKING:
    import diskcache

log = logging.getLogger(__name__)

Entity = Function | Class | Variable
Progress = Callable[[int, int], None]
Extracted = Callable[[Entry, str | None], None]
Extractor = Callable[
    [Iterable[tuple[Candidate, SourceText]], int | None, SideJob | None],
    Generator[tuple[Candidate, str, str | None], None, None],
]
"""What turns the cache misses into serialised entries, in order (as :func:`extract_many`)."""


class ProjectGraph:
    """An incremental index of one workspace folder."""

    def __init__(
        self,
        root: str,
        *,
        use_cache: bool = True,
        cache_directory: str | None = None,
        max_file_bytes: int = DEFAULT_MAX_BYTES,
        tree_cache_size: int = 32,
    ) -> None:
        self.root = os.path.abspath(root)
        self.max_file_bytes = max_file_bytes
        self.entries: dict[str, Entry] = {}
        self.files = ExtractMap(self.entries)
        self.skipped: dict[str, str] = {}
        self.modules = ModuleMap()
        self._texts = FileTexts(max_file_bytes)
        self._buffers = self._texts.buffers  # the editor's, by relpath (they win over the disk)
        self._links = ImportLinks()
        self._incremental = IncrementalExtractor(tree_cache_size)
        self.cache_directory = cache_directory
        # bumped whenever a file's entry is added, replaced or removed: lets derived tables
        # (project-wide name sets) know when to rebuild without comparing every entry
        self.generation = 0
        # the files whose extract or text was asked for, while someone records them (the
        # results cache keys a file's findings by the files its check read)
        self.touched: set[str] | None = None
        # the names asked of the project's code identifiers (code_names.files_using) and the
        # files that used each, while someone records them (the results cache validates a
        # report that read them against the project as it is, not by the project's shape)
        self.asked: dict[str, list[str]] | None = None
        # the answers of code_names.files_using so far, kept in step by _install and remove
        self.id_users: dict[str, set[str]] = {}
        # what incremental checking needs to know of each change (graph.changes)
        self.changes = ChangeTracker()
        self._cache: diskcache.Cache | None = None
        if use_cache:
            from docref.cache import open_cache  # diskcache only for a run that caches

            self._cache = open_cache("graph", cache_directory)

    # ---- paths ------------------------------------------------------------------------

    def relpath(self, path: str) -> str:
        """Workspace-relative POSIX path for an absolute or relative path."""
        if path in self.entries:  # already one (the checks ask by relpath, thousands of times)
            return path
        absolute = path if os.path.isabs(path) else os.path.join(self.root, path)
        return os.path.relpath(absolute, self.root).replace(os.sep, "/")

    def abspath(self, relpath: str) -> str:
        return os.path.join(self.root, *relpath.split("/"))

    # ---- building ---------------------------------------------------------------------

    def index(
        self,
        progress: Progress | None = None,
        workers: int | None = None,
        *,
        side_job: SideJob | None = None,
        on_extracted: Extracted | None = None,
        cancelled: Callable[[], bool] | None = None,
        extractor: Extractor | None = None,
    ) -> IndexReport:
        """Index the whole workspace; files already in the cache are not re-parsed.

        Cache misses are extracted in worker processes when there are many of them (cold
        start on a big workspace); ``workers=1`` forces in-process extraction.  ``side_job``
        runs on each freshly extracted file where it is extracted; ``on_extracted`` is called
        here with each freshly extracted file's entry and that result (``None`` without one),
        while later files may still be extracted.  ``cancelled`` is polled between files: once
        it answers true, indexing stops and the files indexed so far are linked and kept
        (``IndexReport.cancelled``).  ``extractor`` replaces :func:`extract_many` (a cold
        run's pool whose workers keep their extracts to check them).
        """
        started = time.perf_counter()
        candidates: list[Candidate] = []
        walk_skipped: list[Skipped] = []
        read_skipped: list[Skipped] = []
        # a re-index starts over (deleted files must go); open editor buffers still win
        self.entries.clear()
        self.id_users.clear()
        self.generation += 1
        self.changes.names_changed()
        self.skipped.clear()
        self.modules = ModuleMap()
        src_note: dict[Candidate, str | None] = {}
        total = done = hits = 0

        def walked() -> Iterator[Candidate]:
            # the walk is read as the files are (a tree of many folders, Django's locales,
            # takes 0.2-0.5 s to walk: extraction workers start on the first files meanwhile)
            for item in walk_workspace(self.root):
                if isinstance(item, Candidate):
                    candidates.append(item)
                    yield item
                else:
                    walk_skipped.append(item)

        found: list[Entry] = []  # cache hits, installed once every package is known
        walk_done: list[bool] = []

        def end_walk() -> None:
            nonlocal total
            if walk_done:
                return
            walk_done.append(True)
            total = len(candidates)
            # module names depend on which folders are packages: all of them, first
            self.modules.note_paths(c.relpath for c in candidates)
            for entry in found:
                self._install(entry)

        def misses() -> Iterator[tuple[Candidate, SourceText]]:
            # lazy: extraction workers start on the first misses while the rest are read
            try:
                yield from _read()
            finally:
                end_walk()
            if progress is not None and total:
                progress(done, total)

        def _read() -> Iterator[tuple[Candidate, SourceText]]:
            nonlocal done, hits
            for cand in walked():
                if cancelled is not None and cancelled():
                    return
                try:
                    buffer = self._buffers.get(cand.relpath)
                    if buffer is not None:
                        data = buffer.encode("utf-8", "surrogatepass")
                        src = decode_source(data, cand.language)
                    else:
                        src = read_source(cand.abspath, cand.language, self.max_file_bytes)
                    src_note[cand] = src.note
                except SkipFile as exc:
                    read_skipped.append(Skipped(cand.relpath, exc.reason))
                    done += 1
                    continue
                key = cache_key(cand.language, src.content_hash, src.note)
                entry = read_entry(self._cache, key, cand.relpath)
                if entry is None:
                    yield cand, src
                    continue
                hits += 1
                done += 1
                found.append(entry)

        pending: list[tuple[str, str]] = []
        extracted = (extractor or extract_many)(misses(), workers, side_job)
        for cand, raw, side in extracted:
            if cancelled is not None and cancelled():
                extracted.close()  # stops the workers' queued work
                break
            entry = Entry.deserialise(cand.relpath, raw)
            self._install(entry)
            if on_extracted is not None:
                on_extracted(entry, side)
            pending.append((cache_key(cand.language, entry.content_hash, src_note[cand]), raw))
            if len(pending) >= 256:
                write_entries(self._cache, pending)
            done += 1
            if progress is not None and (done % 50 == 0 or done == total):
                progress(done, total)
        write_entries(self._cache, pending)
        end_walk()  # when the extractor never started ``misses`` (nothing was read)
        skipped = walk_skipped + read_skipped  # the walk's, then the unreadable files
        for s in skipped:
            self.skipped[s.relpath] = s.reason
        self._links.link_all(self.entries, self.modules)
        entries = self.entries.values()
        return IndexReport(
            files=len(self.entries),
            functions=sum(e.counts[0] for e in entries),
            classes=sum(e.counts[1] for e in entries),
            edges=sum(e.counts[2] for e in entries),
            skipped=skipped,
            seconds=time.perf_counter() - started,
            cache_hits=hits,
            cancelled=cancelled is not None and cancelled(),
        )

    def adopt(
        self, entries: Iterable[Entry], package_dirs: set[str], skipped: dict[str, str]
    ) -> None:
        """Take another process's index as it is: its entries in its order (the module map's
        first registration wins), its package folders and skipped files."""
        self.entries.clear()
        self.id_users.clear()
        self.generation += 1
        self.changes.names_changed()
        self.modules = ModuleMap()
        self.modules.package_dirs = set(package_dirs)
        for entry in entries:
            self._install(entry)
        self.skipped = dict(skipped)
        self._links.link_all(self.entries, self.modules)

    def _install(self, entry: Entry) -> None:
        self.generation += 1
        self.entries[entry.path] = entry
        if self.id_users:
            note_ids(self.id_users, entry.path, entry.ids)
        self.skipped.pop(entry.path, None)
        self.modules.add_entry(entry.path, entry.language, entry.package)

    # ---- incremental ------------------------------------------------------------------

    def update(
        self, path: str, text: str | None = None, *, dependents: bool = True
    ) -> UpdateResult:
        """Re-extract one file from ``text`` (an editor buffer) or, if None, from disk.

        ``dependents=False`` leaves the result's ``dependents`` empty: the editor's path,
        where finding them would read every importer's extract on the first edit of a
        widely imported file; the change logs work them out when a file is checked."""
        rel = self.relpath(path)
        language = language_of(rel)
        if language is None:
            return UpdateResult(rel, note="not a Python or Java file")
        if text is not None:
            # a BOM is not content: keep the buffer and the extract's byte offsets in step
            text = text.removeprefix("\ufeff")
            if self._buffers.get(rel) == text and rel in self.entries:
                return UpdateResult(rel)  # the editor's change, then its save: read once
            self._buffers[rel] = text
            src = decode_source(text.encode("utf-8", "surrogatepass"), language)
        else:
            self._buffers.pop(rel, None)
            try:
                src = read_source(self.abspath(rel), language, self.max_file_bytes)
            except SkipFile as exc:
                result = self.remove(rel)
                self.skipped[rel] = exc.reason
                result.note = exc.reason
                return result
        old = self.entries.get(rel)
        old_prints = old.fingerprints if old is not None else {}
        new_package = old is None and rel.endswith(("__init__.py", "__init__.pyi"))
        if new_package:
            self.modules.note_paths([rel])
        fe = self._incremental.extract(language, rel, src.data, src.content_hash)
        if src.note:
            fe.errors.append(src.note)
        entry = Entry.from_extract(fe, src.data)
        self._install(entry)
        self._links.link(rel, self.entries, self.modules)
        if new_package:
            self._rename_modules()  # the files of that directory now have dotted names
        elif old is None:
            # a new file can satisfy imports that were unresolved before
            self._links.relink_importers_of(rel, self.entries, self.modules)
        new_prints = entry.fingerprints
        changed = [q for q, h in new_prints.items() if old_prints.get(q) != h]
        changed += [q for q in old_prints if q not in new_prints]
        found = self._links.dependents(rel, changed, self.entries) if dependents else []
        before = None if old is None else (old_prints, old.imports)
        after = (new_prints, entry.imports)
        users = [rel, *self._links.importers.get(rel, ())]
        self.changes.updated(rel, before, after, fe, src.data, changed, users)
        self.changes.ids_changed(old.ids if old is not None else "", entry.ids)
        return UpdateResult(rel, changed, found, src.note)

    def remove(self, path: str) -> UpdateResult:
        """Drop a deleted file; report the functions that imported from it."""
        rel = self.relpath(path)
        old = self.entries.get(rel)
        old_prints = old.fingerprints if old is not None else {}
        dependents = self._links.dependents(rel, list(old_prints), self.entries)
        self.entries.pop(rel, None)
        if self.id_users:
            note_ids(self.id_users, rel, "")
        self.generation += 1
        self.changes.names_changed(rel)
        self._buffers.pop(rel, None)
        self._incremental.forget(rel)
        self.modules.remove(rel)
        if rel.endswith(("__init__.py", "__init__.pyi")) and old is not None:
            self.modules.package_dirs.discard(posixpath.dirname(rel))
            self._rename_modules()
        self._links.forget(rel, self.entries, self.modules)
        return UpdateResult(rel, list(old_prints), [d for d in dependents if d[0] != rel])

    def _rename_modules(self) -> None:
        """Recompute every module name and link (a package ``__init__`` came or went)."""
        for entry in self.entries.values():
            self.modules.add_entry(entry.path, entry.language, entry.package)
        self._links.link_all(self.entries, self.modules)

    def close(self) -> None:
        """Release the on-disk cache handle."""
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    # ---- queries ----------------------------------------------------------------------

    def get(self, path: str) -> FileExtract | None:
        rel = self.relpath(path)
        if self.touched is not None:
            self.touched.add(rel)
        entry = self.entries.get(rel)
        return entry.extract if entry is not None else None

    @property
    def uses_cache(self) -> bool:
        """Whether extracts are read from and written to the on-disk cache."""
        return self._cache is not None

    def source(self, path: str) -> str:
        """The text the extract was made from: the editor buffer if any, else the disk."""
        rel = self.relpath(path)
        if self.touched is not None:
            self.touched.add(rel)
        return self._texts.text(rel, self.abspath(rel))

    def importers_of(self, path: str) -> set[str]:
        return set(self._links.importers.get(self.relpath(path), ()))

    def imports_of(self, path: str) -> set[str]:
        return set(self._links.imports_of.get(self.relpath(path), ()))

    def find_function(self, path: str, qualname: str) -> Function | None:
        fe = self.get(path)
        if fe is None:
            return None
        return next((f for f in fe.functions if f.qualname == qualname), None)

    def symbol(self, relpath: str, name: str) -> Entity | None:
        """A top-level entity of a file by name, or a class member by a dotted name such as
        ``Outer.method``."""
        fe = self.get(relpath)
        if fe is None:
            return None
        for group in (fe.functions, fe.classes, fe.variables):
            for ent in group:
                if ent.qualname == name:
                    return ent
        return None
