"""How the two tiers' findings become one answer: the same in the editor and in ``docref check``.

* :func:`unsuppressed` -- a model finding goes through the same inline markers and ``ignore``
  list as the static findings (the static tier applied them to its own already).
* :func:`merge_findings` -- static findings first, then the model's on a (sentence, criterion)
  the static tier did not flag: the static finding is proven and more precise, so the model's
  judgement of the same check is not repeated.
* :func:`function_score` -- the ReFEree score of one function from the model's answered checks
  and the function's static findings (a failure from either tier wins).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from docref.core.codes import IgnoreList
from docref.core.findings import Finding

if TYPE_CHECKING:  # a fully cached model run never parses a marker: 2.7 ms of import
    from docref.checks.suppress import Suppressions
    from docref.core.score import CheckResult, Score  # nor scores, printing findings only

__all__ = ["function_score", "merge_findings", "unsuppressed"]


def unsuppressed(
    findings: Sequence[Finding], marks: Suppressions | None, ignore: IgnoreList
) -> list[Finding]:
    """The model's ``findings`` that neither the file's inline markers (``marks``, read by
    the static tier) nor the ``ignore`` list silence."""
    return [f for f in findings if (marks is None or not marks.covers(f)) and not ignore.covers(f)]


def merge_findings(static: Sequence[Finding], model: Sequence[Finding]) -> list[Finding]:
    """``static`` then the ``model`` findings on a (sentence, criterion) it did not flag."""
    proven = {(f.segment_id, f.criterion) for f in static}
    return [*static, *(f for f in model if (f.segment_id, f.criterion) not in proven)]


def function_score(
    static: Sequence[Finding], answered: Sequence[CheckResult], weights: Mapping[str, float]
) -> Score:
    """The score of one function: its ``static`` findings and the model's ``answered`` checks
    (``weights`` empty: the criteria weigh the same)."""
    from docref.core.score import CheckResult, score_docstring

    results = [*(CheckResult.from_finding(f) for f in static), *answered]
    return score_docstring(results, weights=dict(weights) or None)
