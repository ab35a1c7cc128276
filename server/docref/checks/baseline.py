"""The baseline file: findings accepted as known, so that a check reports only new ones.

``docref check --write-baseline`` records the current failures; later runs subtract them.
An entry is :meth:`Finding.key` split into its parts (path, qualname, criterion, rule and a
hash of the sentence with whitespace collapsed) plus a count, never a line number: moving or
re-indenting a function keeps its findings baselined, while editing the sentence or renaming
the function makes them new.  Counts give multiset semantics: a baseline holding one
occurrence of a key absorbs one finding with that key, and a second one is new.

The file is JSON, sorted and indented, so that writing the same findings twice gives
byte-identical files (clean diffs in review)::

    {"version": 1, "tool": "docref",
     "findings": [{"path": ..., "qualname": ..., "criterion": ..., "rule": ...,
                   "sentence_sha": ..., "count": 1}]}
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from docref.core.findings import Finding, Verdict

__all__ = ["BASELINE_VERSION", "Baseline", "BaselineError", "load_baseline", "write_baseline"]

BASELINE_VERSION = 1
_TOOL = "docref"
_KEY_FIELDS = ("path", "qualname", "criterion", "rule", "sentence_sha")

# (path, qualname, criterion, rule, sentence_sha), exactly the parts of Finding.key()
BaselineKey = tuple[str, str, str, str, str]


class BaselineError(Exception):
    """The baseline file cannot be read or written; the message is one line naming the file."""


def _key(finding: Finding) -> BaselineKey:
    # Finding.key() is the single definition of identity; the path may itself hold "::", the
    # other parts never do, so split from the right.
    path, qualname, criterion, rule, digest = finding.key().rsplit("::", 4)
    return (path, qualname, criterion, rule, digest)


@dataclass(slots=True)
class Baseline:
    """Accepted findings as a multiset of keys (see the module docstring)."""

    counts: Counter[BaselineKey] = field(default_factory=Counter)

    @classmethod
    def from_findings(cls, findings: Iterable[Finding]) -> Baseline:
        """The baseline of ``findings``' failures (``pass`` verdicts are not problems)."""
        return cls(Counter(_key(f) for f in findings if f.verdict is Verdict.FAIL))

    def __len__(self) -> int:
        """The number of findings the baseline absorbs (counts included)."""
        return sum(self.counts.values())

    def filter(self, findings: Iterable[Finding]) -> tuple[list[Finding], int]:
        """``(new findings in their order, how many the baseline absorbed)``.

        Findings sharing a key are absorbed in order until the baseline's count for that key
        is used up; ``pass`` verdicts always pass through.
        """
        remaining = Counter(self.counts)
        new: list[Finding] = []
        absorbed = 0
        for finding in findings:
            key = _key(finding)
            if finding.verdict is Verdict.FAIL and remaining[key] > 0:
                remaining[key] -= 1
                absorbed += 1
            else:
                new.append(finding)
        return new, absorbed

    def to_json(self) -> dict[str, object]:
        """The file's content: entries sorted by key so the output is stable."""
        entries: list[dict[str, object]] = []
        for key in sorted(self.counts):
            if self.counts[key] > 0:
                entry: dict[str, object] = dict(zip(_KEY_FIELDS, key, strict=True))
                entry["count"] = self.counts[key]
                entries.append(entry)
        return {"version": BASELINE_VERSION, "tool": _TOOL, "findings": entries}

    @classmethod
    def from_json(cls, data: object) -> Baseline:
        """Inverse of :meth:`to_json`; ``ValueError`` says what is wrong and where."""
        if not isinstance(data, Mapping):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        version = data.get("version")
        if version != BASELINE_VERSION:
            raise ValueError(
                f"unsupported version {version!r} (this docref reads version {BASELINE_VERSION})"
            )
        if data.get("tool") != _TOOL:
            raise ValueError(f"'tool' is {data.get('tool')!r}, expected {_TOOL!r}")
        entries = data.get("findings")
        if not isinstance(entries, list):
            raise ValueError("'findings' must be a list")
        counts: Counter[BaselineKey] = Counter()
        for index, entry in enumerate(entries):
            key, count = _entry(entry, index)
            counts[key] += count  # a hand-merged file may repeat a key: keep both
        return cls(counts)


def _entry(entry: object, index: int) -> tuple[BaselineKey, int]:
    where = f"findings[{index}]"
    if not isinstance(entry, Mapping):
        raise ValueError(f"{where} must be an object")
    parts: list[str] = []
    for name in _KEY_FIELDS:
        value = entry.get(name)
        if not isinstance(value, str) or not value:
            raise ValueError(f"{where}.{name} must be a non-empty string, got {value!r}")
        parts.append(value)
    count = entry.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"{where}.count must be a positive integer, got {count!r}")
    path, qualname, criterion, rule, digest = parts
    return (path, qualname, criterion, rule, digest), count


def _dumps(baseline: Baseline) -> str:
    return json.dumps(baseline.to_json(), indent=2, ensure_ascii=False) + "\n"


def write_baseline(path: str | os.PathLike[str], findings: Iterable[Finding]) -> Baseline:
    """Write the baseline of ``findings`` to ``path`` atomically and return it.

    The text goes to a temporary file in the same directory that then replaces ``path``, so
    a crash mid-write never leaves a truncated baseline.  Raises :class:`BaselineError` when
    the file cannot be written (missing directory, no permission).
    """
    target = Path(path)
    baseline = Baseline.from_findings(findings)
    text = _dumps(baseline)
    directory = target.parent
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise BaselineError(f"cannot write baseline {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_name, target)
    except OSError as exc:
        Path(temp_name).unlink(missing_ok=True)
        raise BaselineError(f"cannot write baseline {target}: {exc.strerror or exc}") from None
    return baseline


def load_baseline(path: str | os.PathLike[str]) -> Baseline:
    """Read the baseline at ``path``; :class:`BaselineError` (one line) if it is missing,
    unreadable, not JSON, of another version or malformed."""
    target = Path(path)
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        raise BaselineError(
            f"baseline {target} does not exist (create it with docref check --write-baseline)"
        ) from None
    except OSError as exc:
        raise BaselineError(f"cannot read baseline {target}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BaselineError(f"baseline {target} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BaselineError(
            f"baseline {target} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg})"
        ) from None
    try:
        return Baseline.from_json(data)
    except ValueError as exc:
        raise BaselineError(f"baseline {target}: {exc}") from None
