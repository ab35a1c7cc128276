"""Which codes ``docref check`` reports: ``--select/--ignore/--extend-select/--extend-ignore``.

As in ruff, a selector is a code or a prefix of codes: ``C2`` is the criterion (the model's C2
findings and every ``C2-…`` static rule), ``C2-PARAM`` is ``C2-PARAM-TYPE``, ``DOC`` the
completeness rules.  ``--select`` replaces the default set (every rule on by default plus
``enable``), ``--extend-select`` adds to it, ``--ignore`` and ``--extend-ignore`` take away
(both the same on the command line; a more specific selector wins over a shorter one, so
``--select C2 --ignore C2-PROSE`` and ``--ignore C2 --extend-select C2-PARAM-TYPE`` both do
what they say).  An opt-in rule runs when a selector names it (``--extend-select DOC``).
A selector that names no code is a usage error, with a did-you-mean.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from docref.core.catalog import STATIC_RULES
from docref.core.codes import finding_code
from docref.core.findings import Criterion, Finding

__all__ = ["Selection", "SelectionError"]


class SelectionError(ValueError):
    """A selector that names no rule or criterion."""


def _codes() -> list[str]:
    return [c.value for c in Criterion] + list(STATIC_RULES)


def _parse(values: Iterable[str] | None, flag: str) -> tuple[str, ...]:
    """``["C2,C3", "c4"]`` -> ``("C2", "C3", "C4")``, each checked against the catalog."""
    codes = _codes()
    out: list[str] = []
    for value in values or ():
        for item in value.split(","):
            selector = item.strip().upper()
            if not selector:
                continue
            if not any(code.startswith(selector) for code in codes):
                close = difflib.get_close_matches(selector, codes, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]}?)" if close else " (`docref rules` lists them)"
                raise SelectionError(f"{flag} {item.strip()}: names no rule or criterion{hint}")
            out.append(selector)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Selection:
    """The selectors of one run; :meth:`allows` decides per code."""

    select: tuple[str, ...] | None = None  # None: the default set
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def from_flags(
        cls,
        select: Sequence[str] | None,
        extend_select: Sequence[str] | None,
        ignore: Sequence[str] | None,
        extend_ignore: Sequence[str] | None,
    ) -> Selection:
        chosen = _parse(select, "--select") if select else None
        return cls(
            chosen,
            _parse(extend_select, "--extend-select"),
            _parse(ignore, "--ignore") + _parse(extend_ignore, "--extend-ignore"),
        )

    @property
    def empty(self) -> bool:
        return self.select is None and not self.extend_select and not self.ignore

    def allows(self, code: str) -> bool:
        """Whether ``code`` (a rule id or a criterion) is reported: the longest selector
        matching it decides; an ignore wins a tie; no match means the default set's answer."""
        best_in = max(
            (len(s) for s in (*(self.select or ()), *self.extend_select) if code.startswith(s)),
            default=-1,
        )
        best_out = max((len(s) for s in self.ignore if code.startswith(s)), default=-1)
        if best_out >= 0 and best_out >= best_in:
            return False
        # nothing matched: the default set reports it unless --select replaced that set
        # (``--select C2-PARAM`` does not bring the model's C2 findings in)
        return best_in >= 0 or self.select is None

    def allows_finding(self, finding: Finding) -> bool:
        """Whether ``finding`` is reported (its code shown: the rule id, or a model
        finding's criterion; ``C2`` is a prefix of every C2 rule id, so it covers both)."""
        return self.allows(finding_code(finding))

    def opt_in(self) -> tuple[str, ...]:
        """The opt-in rules a selector turns on (``--extend-select DOC-PARAM-MISSING``)."""
        named = (*(self.select or ()), *self.extend_select)
        return tuple(
            r.id
            for r in STATIC_RULES.values()
            if r.opt_in and any(r.id.startswith(s) for s in named) and self.allows(r.id)
        )

    def criteria(self, asked: Sequence[str]) -> tuple[str, ...]:
        """The criteria worth asking the model about: those whose findings are reported."""
        return tuple(c for c in asked if self.allows(c))
