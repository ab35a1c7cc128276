"""How severe a finding is: one rule for the editor, the JSON, SARIF and GitHub outputs.

A static finding is proven from the code alone and defaults to ``error``; a model finding is a
model's judgement and defaults to ``warning``.  The ``severity`` setting overrides this per rule
id (``C2-PARAM-TYPE``), criterion (``C2``) or tier (``static``, ``llm``), the most specific key
winning.  Levels are ``error``, ``warning``, ``note`` and ``hint`` (an editor's faint hint; the
file formats, which have no such level, report it as ``note``).  ``off`` is not a level: the
settings turn it into an ignore entry, so such findings never reach a front end.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from docref.core.findings import Criterion, Finding, Tier

__all__ = ["DEFAULT_SEVERITY", "LEVELS", "Level", "level_of", "rule_level"]

Level = Literal["error", "warning", "note", "hint"]
LEVELS: tuple[Level, ...] = ("error", "warning", "note", "hint")
DEFAULT_SEVERITY: Mapping[str, Level] = MappingProxyType({"static": "error", "llm": "warning"})


def rule_level(severity: Mapping[str, str], rule: str, criterion: Criterion, tier: Tier) -> Level:
    """The level ``severity`` gives a finding of ``rule`` / ``criterion`` / ``tier`` (entries
    with an unknown level are skipped, as if absent; the tier's default last)."""
    for key in (rule, criterion.value, tier.value):
        level = severity.get(key)
        for known in LEVELS:
            if level == known:
                return known
    return DEFAULT_SEVERITY[tier.value]


def level_of(finding: Finding, severity: Mapping[str, str]) -> Level:
    """The level of ``finding`` under the ``severity`` setting (see the module docstring)."""
    return rule_level(severity, finding.rule, finding.criterion, finding.tier)
