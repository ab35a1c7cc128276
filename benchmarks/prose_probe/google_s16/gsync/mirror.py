"""Mirror files from a source tree to a target tree (Google style)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

CHUNK_BYTES = 65536
MAX_ATTEMPTS = 3
DEFAULT_IGNORE = (".git", "__pycache__")


@dataclass
class Entry:
    """One file of a tree.

    Attributes:
        rel_path: Path relative to the tree's root.
        size: Size in bytes.
        digest: Hex digest of the content.
    """

    rel_path: str
    size: int
    digest: str = ""


def _hash_file(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK_BYTES), b""):
            digest.update(block)
    return digest.hexdigest()


def _walk_tree(root: str, skip: tuple[str, ...]) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in skip]
        found.extend(os.path.relpath(os.path.join(folder, f), root) for f in files)
    return sorted(found)


# PROBE param-name stale C1 | The files below *src_root* are hashed
def scan(source_dir: str, skip: tuple[str, ...] = DEFAULT_IGNORE) -> list[Entry]:
    """List a tree's files.

    The files below *src_root* are hashed one by one; directories named in
    ``skip`` are not entered.

    Args:
        source_dir: The tree to scan.
        skip: Directory names to leave out.

    Returns:
        The entries, sorted by path.
    """
    entries = []
    for rel in _walk_tree(source_dir, skip):
        full = os.path.join(source_dir, rel)
        entries.append(Entry(rel, os.path.getsize(full), _hash_file(full)))
    return entries


# PROBE param-name ctrl - | The files below *source_dir* are hashed
def scan_shallow(source_dir: str, skip: tuple[str, ...] = DEFAULT_IGNORE) -> list[Entry]:
    """List a tree's files without hashing them.

    The files below *source_dir* are hashed only on demand; directories named in
    ``skip`` are not entered.

    Args:
        source_dir: The tree to scan.
        skip: Directory names to leave out.

    Returns:
        The entries, sorted by path.
    """
    return [
        Entry(rel, os.path.getsize(os.path.join(source_dir, rel)))
        for rel in _walk_tree(source_dir, skip)
    ]


# PROBE param-name stale C1 | If given, ``max_size`` caps the
def pick_large(
    entries: list[Entry], min_size: int = 0, max_bytes: int | None = None
) -> list[Entry]:
    """Keep the entries in a size band.

    If given, ``max_size`` caps the size of the entries kept; ``min_size`` is
    the floor.

    Args:
        entries: The entries to filter.
        min_size: Smallest size kept.
        max_bytes: Largest size kept, or None for no limit.

    Returns:
        The kept entries.
    """
    return [e for e in entries if e.size >= min_size and (max_bytes is None or e.size <= max_bytes)]


# PROBE param-name ctrl - | If given, ``max_bytes`` caps the
def pick_small(
    entries: list[Entry], min_size: int = 0, max_bytes: int | None = None
) -> list[Entry]:
    """Keep the entries in a size band, smallest first.

    If given, ``max_bytes`` caps the size of the entries kept; ``min_size`` is
    the floor.

    Args:
        entries: The entries to filter.
        min_size: Smallest size kept.
        max_bytes: Largest size kept, or None for no limit.

    Returns:
        The kept entries, smallest first.
    """
    kept = pick_large(entries, min_size, max_bytes)
    return sorted(kept, key=lambda e: e.size)


# PROBE param-name stale C1 | is compared against the target_dir's copy
def diff(entries: list[Entry], target_root: str) -> list[Entry]:
    """Find the entries whose target copy is missing or different.

    Each entry is compared against the target_dir's copy by digest.

    Args:
        entries: The source entries, hashed.
        target_root: The tree to compare with.

    Returns:
        The entries to copy.
    """
    changed = []
    for entry in entries:
        other = os.path.join(target_root, entry.rel_path)
        if not os.path.exists(other) or _hash_file(other) != entry.digest:
            changed.append(entry)
    return changed


# PROBE param-name ctrl - | is compared against the target_root's copy
def diff_sizes(entries: list[Entry], target_root: str) -> list[Entry]:
    """Find the entries whose target copy is missing or of another size.

    Each entry is compared against the target_root's copy by size only.

    Args:
        entries: The source entries.
        target_root: The tree to compare with.

    Returns:
        The entries to copy.
    """
    changed = []
    for entry in entries:
        other = os.path.join(target_root, entry.rel_path)
        if not os.path.exists(other) or os.path.getsize(other) != entry.size:
            changed.append(entry)
    return changed


# PROBE helper-name stale C1 | Hashing is done by ``_digest_file()``
def verify(entry: Entry, root: str) -> bool:
    """Check an entry against the file on disk.

    Hashing is done by ``_digest_file()``, which reads the file in chunks.

    Args:
        entry: The entry to check.
        root: The tree it belongs to.

    Returns:
        True if the digests match.
    """
    return _hash_file(os.path.join(root, entry.rel_path)) == entry.digest


# PROBE helper-name ctrl - | Hashing is done by ``_hash_file()``
def verify_all(entries: list[Entry], root: str) -> bool:
    """Check every entry against the files on disk.

    Hashing is done by ``_hash_file()``, which reads each file in chunks.

    Args:
        entries: The entries to check.
        root: The tree they belong to.

    Returns:
        True if every digest matches.
    """
    return all(verify(entry, root) for entry in entries)


# PROBE helper-name stale C1 | The walk itself is delegated to `_walk_files`
def count_files(root: str) -> int:
    """Count the files of a tree.

    The walk itself is delegated to `_walk_files`, so ignored directories
    are not counted.

    Args:
        root: The tree.

    Returns:
        How many files it holds.
    """
    return len(_walk_tree(root, DEFAULT_IGNORE))


# PROBE helper-name ctrl - | The walk itself is delegated to `_walk_tree`
def list_files(root: str) -> list[str]:
    """List the files of a tree.

    The walk itself is delegated to `_walk_tree`, so ignored directories
    are not listed.

    Args:
        root: The tree.

    Returns:
        Relative paths, sorted.
    """
    return _walk_tree(root, DEFAULT_IGNORE)


# PROBE const-name stale C1 | Files are read in blocks of ``BLOCK_SIZE`` bytes
def checksum(path: str) -> str:
    """Checksum one file.

    Files are read in blocks of ``BLOCK_SIZE`` bytes so that large files
    do not fill memory.

    Args:
        path: The file.

    Returns:
        The SHA-256 hex digest.
    """
    return _hash_file(path)


# PROBE const-name ctrl - | Files are read in blocks of ``CHUNK_BYTES`` bytes
def checksum_many(paths: list[str]) -> dict[str, str]:
    """Checksum several files.

    Files are read in blocks of ``CHUNK_BYTES`` bytes so that large files
    do not fill memory.

    Args:
        paths: The files.

    Returns:
        Each path's SHA-256 hex digest.
    """
    return {p: _hash_file(p) for p in paths}


# PROBE const-name stale C1 | up to MAX_RETRIES times
def copy_with_retry(src: str, dst: str) -> int:
    """Copy one file, retrying on OSError.

    The copy is attempted up to MAX_RETRIES times before the error is raised.

    Args:
        src: File to read.
        dst: File to write.

    Returns:
        The number of attempts it took.

    Raises:
        OSError: If every attempt failed.
    """
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            with open(src, "rb") as fin, open(dst, "wb") as fout:
                fout.write(fin.read())
            return attempt
        except OSError:
            if attempt == MAX_ATTEMPTS:
                raise
    return MAX_ATTEMPTS


# PROBE const-name ctrl - | up to MAX_ATTEMPTS times
def move_with_retry(src: str, dst: str) -> int:
    """Move one file, retrying on OSError.

    The move is attempted up to MAX_ATTEMPTS times before the error is raised.

    Args:
        src: File to move.
        dst: Where to put it.

    Returns:
        The number of attempts it took.

    Raises:
        OSError: If every attempt failed.
    """
    attempts = copy_with_retry(src, dst)
    os.remove(src)
    return attempts


# PROBE ret-type stale C2 | Returns a list of the relative paths
def index_by_path(entries: list[Entry]) -> dict[str, Entry]:
    """Index entries by path.

    Returns a list of the relative paths, in the order given.

    Args:
        entries: The entries.
    """
    return {e.rel_path: e for e in entries}


# PROBE ret-type ctrl - | Returns a list of the relative paths
def paths_of(entries: list[Entry]) -> list[str]:
    """Collect the entries' paths.

    Returns a list of the relative paths, in the order given.

    Args:
        entries: The entries.
    """
    return [e.rel_path for e in entries]


# PROBE ret-type stale C2 | The function returns the total as a float
def total_size(entries: list[Entry]) -> int:
    """Add up the entries' sizes.

    The function returns the total as a float, in bytes.

    Args:
        entries: The entries.
    """
    return sum(e.size for e in entries)


# PROBE ret-type ctrl - | The function returns the total as a float
def mean_size(entries: list[Entry]) -> float:
    """Average the entries' sizes.

    The function returns the total as a float, divided by the count.

    Args:
        entries: The entries.
    """
    return sum(e.size for e in entries) / max(len(entries), 1)


# PROBE ret-type stale C2 | A tuple of (copied, skipped) counts
def plan(entries: list[Entry], target_root: str) -> dict[str, int]:
    """Count what a sync would do.

    Args:
        entries: The source entries, hashed.
        target_root: The target tree.

    Returns:
        A tuple of (copied, skipped) counts.
    """
    todo = diff(entries, target_root)
    return {"copied": len(todo), "skipped": len(entries) - len(todo)}


# PROBE ret-type ctrl - | A tuple of (copied, skipped) counts
def plan_pair(entries: list[Entry], target_root: str) -> tuple[int, int]:
    """Count what a sync would do, as a pair.

    Args:
        entries: The source entries, hashed.
        target_root: The target tree.

    Returns:
        A tuple of (copied, skipped) counts.
    """
    todo = diff(entries, target_root)
    return len(todo), len(entries) - len(todo)


# PROBE param-type stale C2 | *patterns* is a list of glob patterns
def exclude(entries: list[Entry], patterns: str) -> list[Entry]:
    """Drop entries matching glob patterns.

    *patterns* is a list of glob patterns, matched against each relative path.

    Args:
        patterns: Comma-separated globs.
        entries: The entries.

    Returns:
        The entries left.
    """
    import fnmatch

    globs = [p.strip() for p in patterns.split(",") if p.strip()]
    return [e for e in entries if not any(fnmatch.fnmatch(e.rel_path, g) for g in globs)]


# PROBE param-type ctrl - | *patterns* is a list of glob patterns
def include(entries: list[Entry], patterns: list[str]) -> list[Entry]:
    """Keep only entries matching glob patterns.

    *patterns* is a list of glob patterns, matched against each relative path.

    Args:
        patterns: The globs.
        entries: The entries.

    Returns:
        The entries kept.
    """
    import fnmatch

    return [e for e in entries if any(fnmatch.fnmatch(e.rel_path, g) for g in patterns)]
