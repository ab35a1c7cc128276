"""What the per-file results cache (:mod:`docref.engine.file_cache`) keys on: the run's
fingerprint (versions, code, environment, settings), a file's record (stat, content hash,
surface, shape) and the project's directories as last walked.

Kept free of heavy imports: a warm ``docref check`` computes all of it before it knows
whether anything must be read, so every module here costs the run's start-up.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from docref.core.file_stamp import file_stamp
from docref.graph.model import EXTRACTOR_VERSION

if TYPE_CHECKING:
    from docref.config.settings import Settings
    from docref.graph.store import Entry

__all__ = [
    "DirRecord",
    "FileRecord",
    "digest",
    "model_fingerprint",
    "project_shape",
    "run_fingerprint",
    "shape_of",
    "surface_of",
    "wheel_record",
]

FORMAT = 2  # bump when a stored value's JSON changes


def digest(*parts: object) -> str:
    """A short stable hash of JSON-able ``parts``."""
    text = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def run_fingerprint(settings: Settings) -> str:
    """What every key of one run shares: versions, the rule set, the effective settings (the
    model's included), and a stamp of docref's own code (a rule edited in a checkout without
    a version bump must not be answered by its old results)."""
    from docref.core.catalog import STATIC_RULES

    rules = sorted(STATIC_RULES)
    code = (_code_stamp(), _environment_stamp())
    version = installed_version()
    return digest(FORMAT, version, EXTRACTOR_VERSION, rules, code, asdict(settings))


def model_fingerprint(run: str, settings: Settings) -> str:
    """What a file's model answers depend on besides its text and its context's files: the
    run's fingerprint (the model, endpoints, profile, criteria, context budget are settings),
    the prompts' version, and the environment variables an endpoint is resolved from (a
    base URL set in the environment names another server)."""
    from docref.checks.llm.prompts import PROMPT_VERSION

    env = sorted((k, v) for k, v in os.environ.items() if k.endswith(("_API_BASE", "_BASE_URL")))
    return digest(run, "model", PROMPT_VERSION, env, settings.model)


def installed_version() -> str:
    """docref's version, from its ``.dist-info`` folder's name in an import folder.

    ``importlib.metadata`` would read the same folder but costs ~50 ms of imports (``email``)
    at every start-up; the folder's name is ``{name}-{version}.dist-info`` by the wheel spec.
    """
    for entry in sys.path:
        if not entry.endswith(("site-packages", "dist-packages")):
            continue
        try:
            names = os.listdir(entry)
        except OSError:
            continue
        for name in names:
            if name.startswith("docref-") and name.endswith(".dist-info"):
                return name[len("docref-") : -len(".dist-info")]
    return "0+unknown"


def _environment_stamp() -> list[object]:
    """The interpreter and the folders its imports come from, with their mtimes: the name
    rules read installed packages' sources (``numpy.foo`` exists or not), and installing,
    upgrading or removing a package changes its ``site-packages`` folder's entries."""
    stamps: list[object] = [sys.version, sys.prefix]
    # only the package folders: the working directory (``python -m``) changes with every
    # file created in it, and the standard library with the interpreter's version
    for entry in sys.path:
        if entry.endswith(("site-packages", "dist-packages")) and os.path.isdir(entry):
            stamps.append((entry, os.stat(entry).st_mtime_ns))
    return stamps


@functools.cache
def _code_stamp() -> str:
    """A stamp of docref's own code, once a process (a rule edited in a checkout or an
    editable install, without a version bump, must not be answered by its old results)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    record = wheel_record(package)
    return digest("record", record) if record is not None else _stat_stamp(package)


def wheel_record(package: str) -> str | None:
    """The ``RECORD`` of the wheel ``package`` was installed from, when it was: a
    ``docref-*.dist-info`` beside it listing the package's own files (an editable install
    keeps its ``.dist-info`` in ``site-packages`` and the code elsewhere, and its ``RECORD``
    lists no module).  The ``RECORD`` holds every installed file's content hash: one read
    stands for the few hundred stats of :func:`_stat_stamp` (files edited by hand in
    ``site-packages`` are not seen: ``docref cache clear results``)."""
    parent, name = os.path.split(package)
    try:
        infos = [
            n for n in os.listdir(parent) if n.startswith(f"{name}-") and n.endswith(".dist-info")
        ]
    except OSError:
        return None
    for info in infos:
        try:
            with open(os.path.join(parent, info, "RECORD"), encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        if f"\n{name}/__init__.py," in f"\n{text}":
            return text
    return None


def _stat_stamp(package: str) -> str:
    """``(path, mtime, size)`` of every module of ``package`` (a few hundred stats)."""
    stamps: list[tuple[str, int, int]] = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                st = os.stat(path)
                stamps.append((os.path.relpath(path, package), st.st_mtime_ns, st.st_size))
    return digest(stamps)


def surface_of(entry: Entry) -> str:
    """A file as the files that depend on it see it: package, imports, entity texts."""
    return digest(entry.package, [repr(i) for i in entry.imports], entry.fingerprints)


def shape_of(entry: Entry) -> str:
    """A file's share of the project-wide tables: its entities' last names, its imports.

    Not the identifiers its code uses: almost every edit changes those, and a shape that held
    them would make every file's report miss after any edit.  The few reports that asked
    which files use a name (:func:`docref.graph.code_names.files_using`) keep the answer and
    are checked against it instead (:mod:`docref.engine.file_cache`)."""
    names = sorted({q.rsplit(".", 1)[-1] for q in entry.fingerprints})
    return digest(entry.package, names, [repr(i) for i in entry.imports])


@dataclass(frozen=True, slots=True)
class FileRecord:
    """A file as last seen: its stat, content hash, surface and shape."""

    mtime_ns: int
    size: int
    content_hash: str
    surface: str
    shape: str

    def to_json(self) -> list[object]:
        return [self.mtime_ns, self.size, self.content_hash, self.surface, self.shape]

    @classmethod
    def from_json(cls, row: object) -> FileRecord | None:
        if not isinstance(row, list) or len(row) != 5:
            return None
        mtime, size, digest_, surface, shape = row
        if not (isinstance(mtime, int) and isinstance(size, int)):
            return None
        return cls(mtime, size, str(digest_), str(surface), str(shape))


@dataclass(frozen=True, slots=True)
class DirRecord:
    """A directory the workspace walk entered: its mtime (an entry added, removed or renamed
    in it changes it) and the stat of its ``.gitignore`` (an edit in place does not change
    the directory's mtime, yet changes which files are indexed)."""

    mtime_ns: int
    gitignore: tuple[int, int] | None

    @classmethod
    def now(cls, path: str) -> DirRecord | None:
        """``path`` as it is now (``None`` when it cannot be stat'ed)."""
        try:
            mtime = os.stat(path).st_mtime_ns
        except OSError:
            return None
        return cls(mtime, file_stamp(os.path.join(path, ".gitignore")))

    def to_json(self) -> list[object]:
        return [self.mtime_ns, None if self.gitignore is None else list(self.gitignore)]

    @classmethod
    def from_json(cls, row: object) -> DirRecord | None:
        if not isinstance(row, list) or len(row) != 2 or not isinstance(row[0], int):
            return None
        ignore = row[1]
        if ignore is None:
            return cls(row[0], None)
        if (
            isinstance(ignore, list)
            and len(ignore) == 2
            and all(isinstance(i, int) for i in ignore)
        ):
            return cls(row[0], (ignore[0], ignore[1]))
        return None


def project_shape(records: Mapping[str, FileRecord]) -> str:
    """The shape of the whole project: its file list and every file's shape."""
    return digest(sorted((rel, rec.shape) for rel, rec in records.items()))
