"""Consistency checks between docstrings and code.

* :mod:`docref.checks.types` -- the one canonical type normaliser for every C2 rule:
  docstring types and annotations parsed to :class:`~docref.checks.types.TypeExpr` and
  compared with four verdicts (equal, equivalent, compatible, incompatible).
"""
