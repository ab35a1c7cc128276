"""Extracts in memory and on disk, decoded only when someone looks at them.

A cache entry is two JSON documents in one string: a small *head* (imports, counts, entity
fingerprints, notes) that indexing needs for every file, and the *body* (the full
:class:`FileExtract`) that only context building needs, for a few files.  A warm start
therefore decodes the heads only; bodies are decoded on first access.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docref.graph.code_names import code_identifiers
from docref.graph.model import EXTRACTOR_VERSION, Class, FileExtract, Function, Import, Variable

if TYPE_CHECKING:
    import diskcache

log = logging.getLogger(__name__)

_SEP = "\n"  # json.dumps never emits a raw newline, so it splits head from body


def fingerprints(fe: FileExtract, data: bytes) -> dict[str, str]:
    """Content hash of each entity's source text (spans move; text is what matters)."""
    out: dict[str, str] = {}
    entities: list[Function | Class | Variable] = [*fe.functions, *fe.classes, *fe.variables]
    for ent in entities:
        chunk = data[ent.span.start_byte : ent.span.end_byte]
        key = ent.qualname
        if key in out:  # Java overloads / redefinitions fold into one fingerprint
            chunk = out[key].encode() + chunk
        out[key] = hashlib.blake2b(chunk, digest_size=8).hexdigest()
    return out


@dataclass(slots=True)
class Entry:
    """One file of the graph: head fields always decoded, the extract on demand."""

    path: str
    language: str
    content_hash: str
    package: str
    imports: list[Import]
    counts: tuple[int, int, int]  # functions, classes, edges
    fingerprints: dict[str, str]
    errors: list[str]
    # the identifiers the file's code uses (:mod:`.code_names`): in the head, as every
    # file's are asked for and a body is decoded only for the few files a rule reads
    ids: str = ""
    _body: str | None = None
    _extract: FileExtract | None = field(default=None, repr=False)
    # where the body is read from on first access instead of ``_body`` (a cold run's
    # check workers: the entries extracted by another process stay on disk until used)
    _load: Callable[[], str] | None = field(default=None, repr=False)
    _users: dict[str, list[str]] | None = field(default=None, repr=False)

    def users_by_name(self) -> dict[str, list[str]]:
        """Last name component → qualnames of the functions that use it (built once).

        A class decorator counts as used by every function of the file: it may make members
        of the class (``@async_to_sync``) that any docstring of the file names, so a change
        to it re-checks them (:mod:`docref.checks.static.names_runtime`)."""
        if self._users is None:
            users: dict[str, list[str]] = {}
            decorators = {
                d.split("(", 1)[0].strip().rsplit(".", 1)[-1]
                for c in self.extract.classes
                for d in c.decorators
            }
            for fn in self.extract.functions:
                for name in [*(r.name.rsplit(".", 1)[-1] for r in fn.references), *decorators]:
                    bucket = users.setdefault(name, [])
                    if not bucket or bucket[-1] != fn.qualname:
                        bucket.append(fn.qualname)
            self._users = users
        return self._users

    @property
    def extract(self) -> FileExtract:
        if self._extract is None:
            if self._body is None and self._load is not None:
                self._body, self._load = self._load(), None
            assert self._body is not None
            fe = FileExtract.from_json(json.loads(self._body))
            fe.path = self.path
            fe.errors = self.errors
            self._extract = fe
            self._body = None  # the objects replace the text; keep one copy
        return self._extract

    @classmethod
    def from_extract(cls, fe: FileExtract, data: bytes) -> Entry:
        return cls(
            path=fe.path,
            language=fe.language,
            content_hash=fe.content_hash,
            package=fe.package,
            imports=fe.imports,
            counts=(len(fe.functions), len(fe.classes), fe.edge_count()),
            fingerprints=fingerprints(fe, data),
            errors=fe.errors,
            ids=code_identifiers(fe, data),
            _extract=fe,
        )

    def serialise(self) -> str:
        """The cache value: head JSON, newline, body JSON."""
        head = {
            "v": EXTRACTOR_VERSION,
            "lang": self.language,
            "hash": self.content_hash,
            "pkg": self.package,
            "imp": [i.to_json() for i in self.imports],
            "n": list(self.counts),
            "fp": self.fingerprints,
            "err": self.errors,
            "ids": self.ids,
        }
        body = self._body if self._body is not None else _dumps(self.extract.to_json())
        return _dumps(head) + _SEP + body

    def defer_body(self, load: Callable[[], str]) -> None:
        """Let go of the body text until the extract is asked for; ``load`` returns it then."""
        if self._extract is None:
            self._body, self._load = None, load

    def release(self, load: Callable[[], str]) -> None:
        """Let go of the decoded extract as well (a cold run's worker, once the file is
        checked and reported): ``load`` returns the body text if it is asked for again."""
        self._extract, self._body, self._load = None, None, load

    @classmethod
    def from_head(cls, path: str, head_text: str, load: Callable[[], str]) -> Entry:
        """An entry from its head JSON (the part of :meth:`serialise` before the newline)
        whose body ``load`` returns when the extract is first asked for."""
        entry = cls._from_head(path, json.loads(head_text), None)
        entry._load = load
        return entry

    @classmethod
    def deserialise(cls, path: str, raw: str) -> Entry:
        head_text, _, body = raw.partition(_SEP)
        if not body:
            raise ValueError("stale or truncated cache entry")
        return cls._from_head(path, json.loads(head_text), body)

    @classmethod
    def _from_head(cls, path: str, head: dict[str, Any], body: str | None) -> Entry:
        if head.get("v") != EXTRACTOR_VERSION:
            raise ValueError("stale or truncated cache entry")
        n = head["n"]
        return cls(
            path=path,
            language=head["lang"],
            content_hash=head["hash"],
            package=head["pkg"],
            imports=[Import.from_json(i) for i in head["imp"]],
            counts=(n[0], n[1], n[2]),
            fingerprints=head["fp"],
            errors=list(head["err"]),
            ids=str(head.get("ids", "")),
            _body=body,
        )


# ``json.dumps(obj, separators=(",", ":"), ensure_ascii=False)``, with one encoder made once
# and no check for cycles (a ``to_json`` tree has none): every extract of a cold run is
# written through it, and the C encoder's cycle check (a dict insert and delete per list and
# dict) was ~30% of its time -- the same text (astropy's extracts: 0.095 -> 0.067 s per 300)
_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode


class ExtractMap(Mapping[str, FileExtract]):
    """``relpath → FileExtract`` view over entries, decoding bodies lazily."""

    def __init__(self, entries: dict[str, Entry]) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> FileExtract:
        return self._entries[key].extract

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries


def read_entry(cache: diskcache.Cache | None, key: str, relpath: str) -> Entry | None:
    """The cached entry of ``relpath`` under ``key``; ``None`` (with a warning where the row
    is unusable) when there is none: a corrupt cache never stops indexing."""
    if cache is None:
        return None
    # here, not at the top: extraction workers import this module and never read the cache
    # (nor does a ``--no-cache`` run: the store imports diskcache)
    from docref.cache import UnsafeCacheRow

    try:
        raw = cache.get(key)
    except UnsafeCacheRow:
        log.warning("refused a pickled cache row for %s", relpath)
        return None
    except Exception as exc:
        log.warning("cache read failed for %s: %s", relpath, exc)
        return None
    if not isinstance(raw, str):
        return None
    try:
        return Entry.deserialise(relpath, raw)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        log.warning("ignoring unreadable cache entry for %s: %s", relpath, exc)
        return None


def write_entries(cache: diskcache.Cache | None, pending: list[tuple[str, str]]) -> None:
    """Write ``(key, serialised entry)`` pairs in one transaction and empty ``pending``; a
    full, locked or failing cache is a warning, not an error."""
    if pending and cache is not None:
        try:
            with cache.transact():
                for key, value in pending:
                    cache.set(key, value)
        except Exception as exc:
            log.warning("cache write failed: %s", exc)
    pending.clear()
