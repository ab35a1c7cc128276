"""A file's model answers in the results cache (:mod:`docref.engine.file_cache`).

A file's entry holds, per documented function, every (segment, criterion) answer and the
model's findings (through the file's inline markers already: a run served from the cache
has no parsed markers), the functions whose context could not be built (as messages), and
the endpoint's description.  Its key is the file's static key with the model's fingerprint
(:func:`~docref.engine.cache_key.model_fingerprint`); its dependencies are the files the
static check and the functions' 1-hop contexts read, by surface.

A row is two JSON texts on two lines: the entry without the answers (its dependencies,
each function's findings and how many answers it had) and, after a newline, the answers,
with their CRC-32 in the first.  A run reads the first and checks the second's checksum (a
damaged or cut row is a miss, with a warning, and is asked again).  The answers themselves
are built only for a run that reads them (the scores of ``--format json`` and ``sarif``:
then a row whose answers cannot be read is a miss too); one that prints findings gets
:class:`~docref.checks.llm.result.StoredResults` that build them if ever read, and builds
none: a fully cached run over flask skips 4,088 of them.

Only a complete answer is kept: a file with a model error, a question left unanswered
(``max_calls``, a fatal error, an answer that was not a verdict -- the answer cache does not
keep those either, so the next run asks again) is asked again next time.  An entry served
counts each of its answers as a cache hit and no call: the model was not asked.
"""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from docref.core.findings import Criterion, Finding, Tier, Verdict
from docref.engine.cache_key import FileRecord, digest, project_shape
from docref.engine.cache_rows import deps_of, deps_valid
from docref.engine.file_cache import ResultsCache

if TYPE_CHECKING:
    from docref.checks.llm.result import LlmFunctionResult
    from docref.checks.static.report import FileReport
    from docref.config.settings import Settings
    from docref.core.score import CheckResult
    from docref.engine.outcome import ModelOutcome

__all__ = ["ModelEntry", "load_entries", "served_outcome", "store_entries"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class ModelEntry:
    """One file's stored model answers."""

    path: str
    endpoint: str
    functions: list[LlmFunctionResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _key(fingerprint: str, rel: str, record: FileRecord, shape: str) -> str:
    return "model:" + digest(fingerprint, rel, record.content_hash, shape)


def load_entries(
    cache: ResultsCache,
    fingerprint: str,
    targets: Sequence[str],
    records: Mapping[str, FileRecord],
    *,
    answers: bool = True,
) -> dict[str, ModelEntry]:
    """The stored entries of ``targets`` still valid under ``records`` (a damaged one is a
    miss, with a warning).  Without ``answers`` (the caller reads findings and counts only),
    each function's answers are built if and when read."""
    shape = project_shape(records)
    out: dict[str, ModelEntry] = {}
    for rel in targets:
        record = records.get(rel)
        if record is None:
            continue
        text = cache.text(_key(fingerprint, rel, record, shape))
        if text is None:
            continue
        head, newline, text_answers = text.partition("\n")
        try:
            raw = json.loads(head)
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            if not deps_valid(raw.get("deps"), records):
                continue
            if not newline or raw["crc"] != zlib.crc32(text_answers.encode()):
                raise ValueError("the stored answers do not match their checksum")
            out[rel] = _entry_from_json(rel, raw, text_answers, eager=answers)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            log.warning("results cache: the model answers stored for %s are damaged (%s): "
                        "asking again", rel, exc)  # fmt: skip
    return out


def store_entries(
    cache: ResultsCache,
    fingerprint: str,
    records: Mapping[str, FileRecord],
    reports: Sequence[FileReport],
    outcome: ModelOutcome,
    tracked: Mapping[str, tuple[list[str], list[str]]],
) -> None:
    """Keep the complete answers of ``outcome`` for each of ``reports`` (see the module
    docstring); ``tracked`` holds each file's context files and problems."""
    if outcome.fatal is not None or outcome.not_asked:
        return
    by_path: dict[str, list[LlmFunctionResult]] = {}
    for res in outcome.results:
        by_path.setdefault(res.path, []).append(res)
    shape = project_shape(records)
    rows: dict[str, str] = {}
    for report in reports:
        record, seen = records.get(report.path), tracked.get(report.path)
        if record is None or seen is None:
            continue
        functions = by_path.get(report.path, [])
        if any(f.errors or f.fatal or _incomplete(f.results) for f in functions):
            continue
        marks = report.suppressions
        answers = json.dumps([[_result_to_json(r) for r in f.results] for f in functions])
        value = {
            "deps": deps_of([*report.deps, *seen[0]], records),
            "endpoint": outcome.endpoint,
            "problems": seen[1],
            "functions": [
                {
                    "qualname": f.qualname,
                    "answers": len(f.results),
                    "unknown": f.unknown,
                    "findings": [
                        x.to_json() for x in f.findings if marks is None or not marks.covers(x)
                    ],
                }
                for f in functions
            ],
            "crc": zlib.crc32(answers.encode()),
        }
        # json.dumps writes no raw newline: the first one ends the entry
        rows[_key(fingerprint, report.path, record, shape)] = json.dumps(value) + "\n" + answers
    cache.set_many(rows)


def _incomplete(results: Sequence[CheckResult]) -> bool:
    return any(r.verdict is Verdict.UNKNOWN for r in results)


def served_outcome(
    settings: Settings,
    targets: Sequence[str],
    entries: Mapping[str, ModelEntry],
    fresh: ModelOutcome | None,
) -> ModelOutcome:
    """One outcome from the stored ``entries`` and the ``fresh`` run over the other files:
    results in the order of ``targets``, usage and unanswered counts over all of them."""
    from docref.engine.outcome import ModelOutcome, Usage, count_unanswered

    endpoint = next((e.endpoint for e in entries.values()), "")
    outcome = fresh if fresh is not None else ModelOutcome(settings.model or "", endpoint)
    fresh_by_path: dict[str, list[LlmFunctionResult]] = {}
    for res in outcome.results:
        fresh_by_path.setdefault(res.path, []).append(res)
    results: list[LlmFunctionResult] = []
    problems: list[str] = []
    for rel in targets:
        entry = entries.get(rel)
        if entry is not None:
            results.extend(entry.functions)
            problems.extend(entry.problems)
        else:
            results.extend(fresh_by_path.pop(rel, []))
    for rest in fresh_by_path.values():  # not among targets: kept, never dropped
        results.extend(rest)
    outcome.results = results
    outcome.errors[:0] = problems
    outcome.usage = Usage.of(results)
    outcome.asked, outcome.unanswered, outcome.unanswered_warning = {}, {}, None
    count_unanswered(outcome, settings)
    return outcome


def _result_to_json(result: CheckResult) -> list[object]:
    # a list, not a keyed object: a fully cached run reads thousands, and the keys were half
    # of the text to decode (the results cache is keyed on docref's code: no older form is read)
    return [
        result.start,
        result.end,
        result.criterion.value,
        result.verdict.value,
        result.tier.value,
        result.rule,
        None if result.finding is None else result.finding.to_json(),
        result.reason,
    ]


_CRITERIA: dict[object, Criterion] = {c.value: c for c in Criterion}
_VERDICTS: dict[object, Verdict] = {v.value: v for v in Verdict}
_TIERS: dict[object, Tier] = {t.value: t for t in Tier}


def _entry_from_json(rel: str, raw: Mapping[str, Any], answers: str, *, eager: bool) -> ModelEntry:
    from docref.checks.llm.result import LlmFunctionResult, StoredResults

    entry = ModelEntry(rel, str(raw["endpoint"]), problems=[str(p) for p in raw["problems"]])
    stored = _Answers(rel, answers)
    for index, fn in enumerate(raw["functions"]):
        qualname, count, unknown = str(fn["qualname"]), int(fn["answers"]), int(fn["unknown"])
        findings = [Finding.from_json(f).cached() for f in fn["findings"]]
        results: Sequence[CheckResult]
        if eager:  # read now: a row that cannot be read is a miss
            results = stored.function(index, qualname, count)
        else:
            results = StoredResults(count, unknown, partial(stored.later, index, qualname, count))
        entry.functions.append(
            LlmFunctionResult(rel, qualname, results=results, findings=findings, cache_hits=count)
        )
    return entry


class _Answers:
    """One file's stored answers, decoded for the first function read (once for the file)."""

    def __init__(self, rel: str, text: str) -> None:
        self.rel, self._text = rel, text
        self._rows: list[Any] | None = None

    def function(self, index: int, qualname: str, count: int) -> list[CheckResult]:
        """The ``count`` answers of the ``index``-th function (``ValueError``, ``TypeError``,
        ``IndexError``: they cannot be read)."""
        if self._rows is None:
            self._rows = json.loads(self._text)
        results = _results(self.rel, qualname, self._rows[index])
        if len(results) != count:
            raise ValueError(f"{len(results)} answers where {count} were stored")
        return results

    def later(self, index: int, qualname: str, count: int) -> list[CheckResult]:
        """:meth:`function` for a run that has already been served: answers that cannot be
        read are left out with a warning (their checksum held, so only a forged row, or one
        a faulty docref wrote, gets here)."""
        try:
            return self.function(index, qualname, count)
        except (IndexError, TypeError, ValueError) as exc:
            log.warning("results cache: the model answers stored for %s (%s) cannot be read "
                        "(%s) and are left out; `docref cache clear results` drops them",
                        self.rel, qualname, exc)  # fmt: skip
            return []


def _results(rel: str, qualname: str, rows: list[Any]) -> list[CheckResult]:
    from docref.core.score import CheckResult

    results = []
    for start, end, criterion, verdict, tier, rule, found, reason in rows:
        results.append(
            CheckResult(  # positional: a run with --format json builds thousands
                rel,
                qualname,
                int(start),
                int(end),
                # a dict lookup, not the enum's call
                _CRITERIA.get(criterion) or Criterion(criterion),
                _VERDICTS.get(verdict) or Verdict(verdict),
                _TIERS.get(tier) or Tier(tier),
                None if rule is None else str(rule),
                None if found is None else Finding.from_json(found).cached(),
                None if reason is None else str(reason),
            )
        )
    return results
