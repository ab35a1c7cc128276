"""Consistency checks between docstrings and code.

* :mod:`docref.checks.types` -- the one canonical type normaliser for every C2 rule:
  docstring types and annotations parsed to :class:`~docref.checks.types.TypeExpr` and
  compared with four verdicts (equal, equivalent, compatible, incompatible).
* :mod:`docref.checks.findings` -- the criteria C1..C4, per-check verdicts (pass, fail,
  unknown) from the static and LLM tiers, :class:`~docref.checks.findings.Finding` (JSON
  round-trip, line-independent key) and the ReFEree score over the checks actually answered.
"""
