"""Consistency checks between docstrings and code.

* :mod:`docref.checks.types` -- the one canonical type normaliser for every C2 rule:
  docstring types and annotations parsed to :class:`~docref.checks.types.TypeExpr` and
  compared with four verdicts (equal, equivalent, compatible, incompatible).
* :mod:`docref.checks.static` -- the static tier (deterministic rules, no model).
* :mod:`docref.checks.llm` -- the LLM tier (the ReFEree judge and its prompts).

Findings, scores and the rule catalog they produce are in :mod:`docref.core`.
"""
