"""Loading evaluation datasets: ReFEree-style JSON lines with configurable field names.

Each line is one item: the code, the rendered related information, the summary under test, a
reference summary and a summary-level label (1-5 in the ReFEree benchmarks).  Optional
segment-level labels (``segments: [{"text", "C1".."C4": 0|1}]``) enable the segment metrics.
A line that cannot be used is a :class:`Problem` with its line number; the loader either skips
it or, with ``on_error="fail"``, raises :class:`DatasetError` listing the problems.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "CRITERIA",
    "Dataset",
    "DatasetError",
    "FieldMap",
    "Item",
    "Problem",
    "SegmentLabel",
    "load_dataset",
]

CRITERIA = ("C1", "C2", "C3", "C4")
OnError = Literal["skip", "fail"]
MAX_PROBLEMS_SHOWN = 20


class DatasetError(Exception):
    """The dataset cannot be used: unreadable, empty, or bad lines with ``on_error="fail"``."""


@dataclass(frozen=True)
class FieldMap:
    """Which JSON field holds what; ``ident`` may be absent (the line number is used)."""

    code: str = "input"
    info: str = "input_information"
    summary: str = "hallucinated_summary"
    reference: str = "human_label"
    label: str = "overall_majority_llm_label"
    ident: str = "_id"
    segments: str = "segments"


@dataclass(frozen=True)
class SegmentLabel:
    """One human-labelled summary sentence: 1 = the criterion holds, 0 = violated."""

    text: str
    labels: Mapping[str, int]


@dataclass(frozen=True)
class Item:
    """One summary to judge; ``extra`` keeps the line's other string fields (``fpath``...)."""

    ident: str
    line: int
    code: str
    info: str
    summary: str
    reference: str | None
    label: float
    segments: tuple[SegmentLabel, ...] | None = None
    extra: Mapping[str, str] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """Hash of everything a method may read, so an edited item is judged again."""
        parts = [self.code, self.info, self.summary, self.reference or "", json.dumps(self.extra)]
        payload = json.dumps(parts, ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@dataclass(frozen=True)
class Problem:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class Dataset:
    path: str
    items: list[Item]
    problems: list[Problem]

    @property
    def name(self) -> str:
        return os.path.basename(self.path)


def _text(row: Mapping[str, Any], name: str, *, required: bool) -> str | None:
    value = row.get(name)
    if value is None:
        if required:
            raise ValueError(f"missing field {name!r}")
        return None
    if not isinstance(value, str):
        raise ValueError(f"field {name!r} must be a string, got {type(value).__name__}")
    return value


def _label(row: Mapping[str, Any], name: str, low: float, high: float) -> float:
    value = row.get(name)
    if value is None:
        raise ValueError(f"missing field {name!r}")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"label {name!r} must be a number, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"label {name!r} = {value!r} is outside {low:g}..{high:g}")
    return float(value)


def _segments(row: Mapping[str, Any], name: str) -> tuple[SegmentLabel, ...] | None:
    raw = row.get(name)
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise ValueError(f"field {name!r} must be a list of {{text, C1..C4}} objects")
    out: list[SegmentLabel] = []
    for number, entry in enumerate(raw, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            raise ValueError(f"segment {number} needs a string 'text'")
        labels: dict[str, int] = {}
        for criterion in CRITERIA:
            value = entry.get(criterion)
            if value is None:
                continue
            if isinstance(value, bool) or value not in (0, 1):
                raise ValueError(f"segment {number}: {criterion} must be 0 or 1, got {value!r}")
            labels[criterion] = int(value)
        out.append(SegmentLabel(entry["text"], labels))
    return tuple(out)


def parse_item(
    row: Any,
    line: int,
    fields: FieldMap,
    *,
    needs_reference: bool,
    label_range: tuple[float, float],
) -> Item:
    """One dataset line as an :class:`Item`; ``ValueError`` says what is wrong with it."""
    if not isinstance(row, dict):
        raise ValueError(f"expected a JSON object, got {type(row).__name__}")
    code = _text(row, fields.code, required=True)
    summary = _text(row, fields.summary, required=True)
    assert code is not None and summary is not None
    info = _text(row, fields.info, required=False) or ""
    reference = _text(row, fields.reference, required=needs_reference)
    label = _label(row, fields.label, *label_range)
    ident_raw = row.get(fields.ident)
    ident = str(ident_raw) if isinstance(ident_raw, str | int) else f"line-{line}"
    taken = {fields.code, fields.summary, fields.info, fields.reference, fields.label}
    extra = {k: v for k, v in row.items() if isinstance(v, str) and k not in taken}
    return Item(
        ident=ident,
        line=line,
        code=code,
        info=info,
        summary=summary,
        reference=reference,
        label=label,
        segments=_segments(row, fields.segments),
        extra=extra,
    )


def _lines(path: str) -> Iterable[tuple[int, str]]:
    try:
        with open(path, encoding="utf-8") as handle:
            yield from enumerate(handle, 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"cannot read dataset {path}: {exc}") from None


def load_dataset(
    path: str,
    fields: FieldMap | None = None,
    *,
    on_error: OnError = "skip",
    needs_reference: bool = False,
    label_range: tuple[float, float] = (1.0, 5.0),
) -> Dataset:
    """Read a JSON-lines dataset; bad lines are skipped (and listed) or fail the load.

    ``needs_reference`` makes the reference field required (reference metrics need it).
    Duplicate item ids are problems too, since results are cached per item.

    Args:
        path: the JSON-lines file.
        fields: which field holds what (default: the ReFEree Java benchmark's names).
        on_error: ``"skip"`` bad lines (listed in ``Dataset.problems``) or ``"fail"``.
        needs_reference: whether an item without a reference is a bad line.
        label_range: the lowest and highest valid label.

    Raises:
        DatasetError: the file cannot be read, no usable item is left, or a line is bad and
            ``on_error`` is ``"fail"``.
    """
    fields = fields or FieldMap()
    items: list[Item] = []
    problems: list[Problem] = []
    seen: set[str] = set()
    for line, text in _lines(path):
        if not text.strip():
            continue
        try:
            row = json.loads(text)
        except ValueError as exc:
            problems.append(Problem(line, f"not valid JSON ({exc.args[0].split(':')[0]})"))
            continue
        try:
            item = parse_item(
                row, line, fields, needs_reference=needs_reference, label_range=label_range
            )
        except ValueError as exc:
            problems.append(Problem(line, str(exc)))
            continue
        if item.ident in seen:
            problems.append(Problem(line, f"duplicate id {item.ident!r}"))
            continue
        seen.add(item.ident)
        items.append(item)
    if problems and on_error == "fail":
        shown = "\n".join(f"  {p}" for p in problems[:MAX_PROBLEMS_SHOWN])
        more = len(problems) - MAX_PROBLEMS_SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        raise DatasetError(f"{path}: {len(problems)} bad line(s):\n{shown}{tail}")
    if not items:
        detail = f" ({len(problems)} bad line(s), first: {problems[0]})" if problems else ""
        raise DatasetError(f"{path}: no usable item{detail}")
    return Dataset(path, items, problems)
