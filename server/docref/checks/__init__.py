"""Consistency checks between docstrings and code.

* :mod:`docref.checks.types` -- the one canonical type normaliser for every C2 rule:
  docstring types and annotations parsed to :class:`~docref.checks.types.TypeExpr` and
  compared with four verdicts (equal, equivalent, compatible, incompatible).
* :mod:`docref.checks.findings` -- the criteria C1..C4, verdicts (pass, fail, unknown), tiers
  (static, LLM) and :class:`~docref.checks.findings.Finding` (JSON round-trip,
  line-independent key).
* :mod:`docref.checks.score` -- per-check results and the ReFEree score over the checks
  actually answered (a failure from either tier wins; unknown answers are counted apart).

No checks run yet: the static tier, the LLM tier and ``docref check`` come with issue 3.
"""
