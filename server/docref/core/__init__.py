"""The vocabulary every layer shares, importing nothing else of docref.

* :mod:`docref.core.findings` -- the criteria C1..C4, verdicts (pass, fail, unknown), tiers
  (static, LLM) and :class:`~docref.core.findings.Finding` (JSON round-trip, line-independent key).
* :mod:`docref.core.score` -- per-check results and the ReFEree score over the checks actually
  answered (a failure from either tier wins; unknown answers are counted apart).
* :mod:`docref.core.catalog` -- the rule catalog: every static rule's id, summary and criterion.
"""
