"""Locating the JDK's ``src.zip`` and reading source files out of it.

An opened archive is indexed by path without the JDK 9+ module prefix
(``java/util/List.java`` -> ``java.base/java/util/List.java``; JDK 8 entries have none) and
cached, keyed by (real path, mtime, size), together with the files parsed from it and the
rendered lookups -- the archive is immutable while its key stands.  An archive that cannot be
opened is remembered as such.
"""

from __future__ import annotations

import functools
import glob
import os
import re
import shutil
import threading
import zipfile
from dataclasses import dataclass, field

from docref.external.java_parse import JavaFile, parse_file
from docref.external.lookup import LRU, ExternalDoc

# --------------------------------------------------------------------------- locating src.zip


def _version_key(root: str, path: str) -> tuple[int, str]:
    """Sort key of ``<root>/<jdk>/[lib/]src.zip``: the major version in ``<jdk>``."""
    jdk = os.path.relpath(path, root).split(os.sep)[0]
    numbers = [int(n) for n in re.findall(r"\d+", jdk)]
    if len(numbers) > 1 and numbers[0] == 1:  # java-1.8.0-openjdk
        numbers = numbers[1:]
    return (numbers[0] if numbers else 0), path


@functools.lru_cache(maxsize=8)
def search_src_zip(java_home: str | None, search: str | None, roots: tuple[str, ...]) -> str | None:
    """The first ``src.zip`` of ``$JAVA_HOME`` ``java_home``, of the ``java`` on ``PATH``
    ``search``, then under the JDK directories in ``roots`` (newest version first)."""
    candidates: list[str] = []

    def add_home(home: str) -> None:
        candidates.append(os.path.join(home, "lib", "src.zip"))  # JDK 9+
        candidates.append(os.path.join(home, "src.zip"))  # JDK 8
        candidates.append(os.path.join(home, os.pardir, "src.zip"))  # JDK 8, home = <jdk>/jre

    if java_home:
        add_home(java_home)
    java = shutil.which("java", path=search)
    if java:
        add_home(os.path.dirname(os.path.dirname(os.path.realpath(java))))
    for root in roots:
        found = glob.glob(os.path.join(glob.escape(root), "*", "lib", "src.zip"))
        found += glob.glob(os.path.join(glob.escape(root), "*", "src.zip"))
        candidates.extend(sorted(found, key=functools.partial(_version_key, root), reverse=True))
    for candidate in candidates:
        if os.path.isfile(candidate):  # follows symlinks: broken ones are skipped
            return os.path.normpath(candidate)
    return None


# --------------------------------------------------------------------------- the zip


@dataclass(eq=False)
class SrcZip:
    key: tuple[str, int, int]  # (real path, mtime, size)
    archive: zipfile.ZipFile
    entries: dict[str, str]  # "java/util/List.java" -> "java.base/java/util/List.java"
    lock: threading.Lock = field(default_factory=threading.Lock)
    # rendered lookups: the archive is immutable while its (path, mtime, size) key stands
    results: LRU[tuple[str, int], ExternalDoc] = field(default_factory=lambda: LRU(4096))

    def read(self, entry: str) -> bytes:
        with self.lock:
            return self.archive.read(entry)


_ZIPS: LRU[tuple[str, int, int], SrcZip] = LRU(4)
_FAILED_ZIPS: LRU[tuple[str, int, int], bool] = LRU(16)


def open_zip(path: str) -> SrcZip | None:
    """The archive at ``path``, or ``None`` when it is missing or no zip."""
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except OSError:
        return None
    key = (real, st.st_mtime_ns, st.st_size)
    cached = _ZIPS.get(key)
    if cached is not None:
        return cached
    if _FAILED_ZIPS.get(key):
        return None
    try:
        archive = zipfile.ZipFile(real)
        names = archive.namelist()
    except (OSError, zipfile.BadZipFile, ValueError):
        _FAILED_ZIPS.put(key, True)
        return None
    entries: dict[str, str] = {}
    for name in names:
        if not name.endswith(".java"):
            continue
        first, _, rest = name.partition("/")
        relative = rest if "." in first and rest else name  # strip a JDK 9+ module prefix
        if relative not in entries or name.startswith("java.base/"):
            entries[relative] = name
    opened = SrcZip(key, archive, entries)
    _ZIPS.put(key, opened)
    return opened


# --------------------------------------------------------------------------- parsed files


_FILES: LRU[tuple[tuple[str, int, int], str], JavaFile] = LRU(128)


def clear_caches() -> None:
    _ZIPS.clear()
    _TYPE_NAMES.clear()
    _FAILED_ZIPS.clear()
    _FILES.clear()
    search_src_zip.cache_clear()


def load_file(archive: SrcZip, entry: str) -> JavaFile | None:
    """The parsed source file ``entry`` of ``archive``, or ``None`` when it cannot be read."""
    key = (archive.key, entry)
    cached = _FILES.get(key)
    if cached is not None:
        return cached
    try:
        parsed = parse_file(entry, archive.read(entry))
    except (OSError, KeyError, zipfile.BadZipFile, ValueError, RuntimeError):
        return None
    _FILES.put(key, parsed)
    return parsed


# --------------------------------------------------------------------------- type names


# the JDK's public API packages (not ``sun``, ``com.sun``, ``jdk.internal``)
_API_PACKAGES = ("java/", "javax/", "org/w3c/", "org/xml/", "org/ietf/")
_TYPE_NAMES: LRU[tuple[str, int, int], frozenset[str]] = LRU(4)


def api_type_names(archive: SrcZip) -> frozenset[str]:
    """The simple names of the top-level types of the JDK's public API packages in ``archive``
    (``QName`` for ``javax/xml/namespace/QName.java``): the names a Java sentence may use for
    the platform's types, imported by its file or not."""
    cached = _TYPE_NAMES.get(archive.key)
    if cached is not None:
        return cached
    names = frozenset(
        path.rsplit("/", 1)[-1].removesuffix(".java")
        for path in archive.entries
        if path.startswith(_API_PACKAGES) and "-" not in path.rsplit("/", 1)[-1]
    )
    _TYPE_NAMES.put(archive.key, names)
    return names
