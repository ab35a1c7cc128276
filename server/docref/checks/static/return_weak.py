"""The opt-in return rules of :mod:`.return_evidence`: the findings of C2-RETURN-TYPE,
C2-PROSE-RETURN-TYPE and C3-RETURNS-YIELDS whose evidence the code does not corroborate.

Each is on with ``enable = ["<id>"]`` or ``--extend-select <id>``."""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.prose_returns import c2_prose_return_weak
from docref.checks.static.return_evidence import RULE_RETURN_WEAK, RULE_RETURNS_WEAK
from docref.checks.static.returns_raises import returns_vs_yields
from docref.checks.static.types_returns import return_types
from docref.core.findings import Finding

# C2-PROSE-RETURN-WEAK lives beside the rules whose guard it shares (:mod:`.prose_returns`),
# re-exported here with the other opt-in return rules
__all__ = ["c2_prose_return_weak", "c2_return_type_weak", "c3_returns_weak"]


def c2_return_type_weak(inp: StaticInput) -> list[Finding]:
    """``C2-RETURN-TYPE-WEAK``: a documented return type incompatible with the annotation where
    a side names a type that resolves nowhere, siblings of one project base, a class for a
    ``Callable`` or ``type[X]`` for ``X``."""
    return [f for f in return_types(inp) if f.rule == RULE_RETURN_WEAK]


def c3_returns_weak(inp: StaticInput) -> list[Finding]:
    """``C3-RETURNS-WEAK``: Returns on a generator whose docstring says it yields, or Yields
    on a coroutine annotated with the value awaiting it gives."""
    return [f for f in returns_vs_yields(inp) if f.rule == RULE_RETURNS_WEAK]
