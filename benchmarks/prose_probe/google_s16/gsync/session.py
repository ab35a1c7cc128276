"""A sync session: state kept between runs (Google style)."""

from __future__ import annotations

import json
import os

from gsync.mirror import Entry, scan

STATE_FILE = ".gsync.json"


class Manifest:
    """The entries recorded by the last run."""

    def __init__(self, root: str) -> None:
        self.root = root
        self._records: dict[str, Entry] = {}
        self.dirty = False

    # PROBE attr-name stale C1 | kept in ``self._entries`` between calls
    def record(self, entry: Entry) -> None:
        """Remember an entry.

        The entry is kept in ``self._entries`` between calls and marks the
        manifest dirty.

        Args:
            entry: The entry to remember.
        """
        self._records[entry.rel_path] = entry
        self.dirty = True

    # PROBE attr-name ctrl - | kept in ``self._records`` between calls
    def forget(self, rel_path: str) -> None:
        """Drop an entry.

        The entry kept in ``self._records`` between calls is removed and the
        manifest marked dirty.

        Args:
            rel_path: Path of the entry to drop.
        """
        self._records.pop(rel_path, None)
        self.dirty = True

    # PROBE attr-name stale C1 | unless `self.modified` is set
    def save(self) -> bool:
        """Write the manifest to disk.

        Nothing is written unless `self.modified` is set.

        Returns:
            Whether a file was written.
        """
        if not self.dirty:
            return False
        path = os.path.join(self.root, STATE_FILE)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({k: vars(v) for k, v in self._records.items()}, fh)
        self.dirty = False
        return True

    # PROBE attr-name ctrl - | unless `self.dirty` is unset
    def needs_save(self) -> bool:
        """Tell whether the manifest should be written.

        True unless `self.dirty` is unset.

        Returns:
            Whether :meth:`save` would write a file.
        """
        return self.dirty


# PROBE class-name stale C1 | a :class:`Snapshot` is built
def load(root: str) -> Manifest:
    """Read the manifest of a tree.

    When no state file exists, a :class:`Snapshot` is built by scanning the
    tree instead.

    Args:
        root: The tree.

    Returns:
        The manifest.
    """
    manifest = Manifest(root)
    path = os.path.join(root, STATE_FILE)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for rel, data in json.load(fh).items():
                manifest._records[rel] = Entry(**data)
    else:
        for entry in scan(root):
            manifest.record(entry)
    return manifest


# PROBE class-name ctrl - | a :class:`Manifest` is built
def rebuild(root: str) -> Manifest:
    """Build a fresh manifest of a tree.

    Whatever the state file says, a :class:`Manifest` is built by scanning the
    tree.

    Args:
        root: The tree.

    Returns:
        The manifest.
    """
    manifest = Manifest(root)
    for entry in scan(root):
        manifest.record(entry)
    return manifest


# PROBE param-name stale C1 | The manifest's entries are merged into dest's
def merge(manifest: Manifest, target: Manifest) -> int:
    """Merge one manifest into another.

    The manifest's entries are merged into dest's, newer digests winning.

    Args:
        manifest: The manifest to read.
        target: The manifest to update.

    Returns:
        How many entries changed.
    """
    changed = 0
    for rel, entry in manifest._records.items():
        if target._records.get(rel) != entry:
            target.record(entry)
            changed += 1
    return changed


# PROBE param-name ctrl - | The manifest's entries are merged into target's
def merge_missing(manifest: Manifest, target: Manifest) -> int:
    """Merge the entries one manifest lacks.

    The manifest's entries are merged into target's when target has none
    for that path.

    Args:
        manifest: The manifest to read.
        target: The manifest to update.

    Returns:
        How many entries were added.
    """
    added = 0
    for rel, entry in manifest._records.items():
        if rel not in target._records:
            target.record(entry)
            added += 1
    return added


# PROBE param-name stale C1 | ``skip_digest`` is true
def compare(old: Manifest, new: Manifest, ignore_digest: bool = False) -> dict[str, list[str]]:
    """Compare two manifests.

    The result has three keys:

    - ``old_only``: entries only in the old manifest,
    - ``new_only``: entries only in the new one,
    - ``changed``: entries in both whose digest differs (skipped when
      ``skip_digest`` is true).

    Args:
        old: The earlier manifest.
        new: The later manifest.
        ignore_digest: Compare paths only.

    Returns:
        Paths per key.
    """
    a, b = old._records, new._records
    out = {
        "old_only": sorted(set(a) - set(b)),
        "new_only": sorted(set(b) - set(a)),
        "changed": [],
    }
    if not ignore_digest:
        out["changed"] = sorted(k for k in set(a) & set(b) if a[k].digest != b[k].digest)
    return out


# PROBE param-name stale C1 | ``skip_size`` is true
def compare_quick(old: Manifest, new: Manifest, ignore_size: bool = False) -> dict[str, list[str]]:
    """Compare two manifests by size.

    The result maps ``"changed"`` to the paths in both manifests whose
    digest differs (ignored when ``skip_size`` is true) and whose size
    differs.

    Args:
        old: The earlier manifest.
        new: The later manifest.
        ignore_size: Compare paths only.

    Returns:
        Paths per key.
    """
    a, b = old._records, new._records
    both = set(a) & set(b)
    if ignore_size:
        return {"changed": []}
    return {"changed": sorted(k for k in both if a[k].size != b[k].size)}


# PROBE param-name ctrl - | ``ignore_digest`` is true
def compare_strict(
    old: Manifest, new: Manifest, ignore_digest: bool = False
) -> dict[str, list[str]]:
    """Compare two manifests strictly.

    The result has one key:

    - ``changed``: entries in both whose digest differs (skipped when
      ``ignore_digest`` is true).

    Args:
        old: The earlier manifest.
        new: The later manifest.
        ignore_digest: Compare paths only.

    Returns:
        Paths per key.
    """
    a, b = old._records, new._records
    if ignore_digest:
        return {"changed": []}
    return {"changed": sorted(k for k in set(a) & set(b) if a[k].digest != b[k].digest)}


# PROBE param-name stale C1 | Note that dry_run
def apply(manifest: Manifest, target_root: str, simulate: bool = False) -> list[str]:
    """Copy the manifest's files into a tree.

    Note:
        Note that dry_run only prints what would be copied.

    Args:
        manifest: The manifest.
        target_root: The tree to write.
        simulate: Print instead of copying.

    Returns:
        The paths copied (or that would be).
    """
    done = []
    for rel in sorted(manifest._records):
        if simulate:
            print("would copy", rel)
        else:
            dst = os.path.join(target_root, rel)
            os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
            with open(os.path.join(manifest.root, rel), "rb") as fin, open(dst, "wb") as fout:
                fout.write(fin.read())
        done.append(rel)
    return done


# PROBE param-name ctrl - | Note that simulate
def apply_one(manifest: Manifest, rel_path: str, simulate: bool = False) -> bool:
    """Copy one of the manifest's files into its own tree's backup folder.

    Note:
        Note that simulate only prints what would be copied.

    Args:
        manifest: The manifest.
        rel_path: The file.
        simulate: Print instead of copying.

    Returns:
        Whether the file is known.
    """
    if rel_path not in manifest._records:
        return False
    if simulate:
        print("would copy", rel_path)
    return True


# PROBE ret-type stale C2 | Returns a string of the form
def describe(entry: Entry) -> tuple[str, int]:
    """Describe an entry.

    Returns a string of the form ``"path (size bytes)"``.

    Args:
        entry: The entry.
    """
    return entry.rel_path, entry.size


# PROBE ret-type ctrl - | Returns a string of the form
def describe_line(entry: Entry) -> str:
    """Describe an entry on one line.

    Returns a string of the form ``"path (size bytes)"``.

    Args:
        entry: The entry.
    """
    return f"{entry.rel_path} ({entry.size} bytes)"


# PROBE ret-type stale C2 | The paths are returned as a set
def stale_paths(manifest: Manifest) -> list[str]:
    """Find the entries whose file is gone.

    The paths are returned as a set, one per missing file.

    Args:
        manifest: The manifest.
    """
    return sorted(
        r for r in manifest._records if not os.path.exists(os.path.join(manifest.root, r))
    )


# PROBE ret-type ctrl - | The paths are returned as a set
def stale_path_set(manifest: Manifest) -> set[str]:
    """Find the entries whose file is gone, unordered.

    The paths are returned as a set, one per missing file.

    Args:
        manifest: The manifest.
    """
    return {r for r in manifest._records if not os.path.exists(os.path.join(manifest.root, r))}


# PROBE trap ctrl - | Set GSYNC_HOME to move the state file
def state_path(root: str) -> str:
    """Where the state file of a tree lives.

    Set GSYNC_HOME to move the state file elsewhere; see
    https://example.org/gsync/state_file for the format.

    Args:
        root: The tree.

    Returns:
        The state file's path.
    """
    home = os.environ.get("GSYNC_HOME")
    return os.path.join(home or root, STATE_FILE)


# PROBE trap ctrl - | >>> merge(a, b, target=c)
def merged(a: Manifest, b: Manifest) -> Manifest:
    """Merge two manifests into a new one.

    Unlike merge(), neither input changes:

    >>> merge(a, b, target=c)  # the old three-argument form, for contrast
    >>> new = merged(a, b)

    Args:
        a: One manifest.
        b: The other; its entries win.

    Returns:
        A new manifest rooted at *a*'s root.
    """
    out = Manifest(a.root)
    merge(a, out)
    merge(b, out)
    return out


# PROBE trap ctrl - | The target_root of apply() is not touched
def preview(manifest: Manifest) -> list[str]:
    """List what apply() would copy.

    The target_root of apply() is not touched, nor is its simulate flag
    needed.

    Args:
        manifest: The manifest.

    Returns:
        The paths, sorted.
    """
    return sorted(manifest._records)


# PROBE trap ctrl - | Each key and value is written as is
def dump_state(manifest: Manifest, path: str) -> None:
    """Write the manifest's state.

    Each key and value is written as is, with the path as the key and
    the entry's fields as the value.

    Args:
        manifest: The manifest.
        path: The file to write.
    """
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({k: vars(v) for k, v in manifest._records.items()}, fh)
