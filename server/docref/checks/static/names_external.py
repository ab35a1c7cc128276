"""The external lookups of the C1 name rules, remembered for one version of the project graph.

A cold run asks the same few hundred installed names thousands of times: every ``np.x`` of
every docstring, each bare name against every module its file imports from, every import of
every documented function for the keywords it may pass on.  Each lookup walks the module
summaries again (:mod:`docref.external.python`), and on astropy the repeats were a tenth of
the lookups' time.  Here each answer is kept per graph and its ``generation``, which moves
with every edit: a cold run keeps them for the whole run, the editor for one check at most
(an installed package changed meanwhile is read again, as without the memo).  The rules ask
only whether a name exists and what it is, so the lookups do not render documentation
(``render=False``: a module is not parsed only for its docstring); a caller that reads a
signature asks :func:`external_signature`.

Nothing here reads the project's files, so the results cache's record of what a check read
(``graph.touched``) is the same with or without the memo.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from docref.external.lookup import ExternalDoc, python_external_doc
from docref.graph.project import ProjectGraph

__all__ = ["external_doc", "external_fact", "external_signature"]

T = TypeVar("T")


@dataclass
class _Memo:
    generation: int
    docs: dict[str, ExternalDoc] = field(default_factory=dict)
    signatures: dict[str, ExternalDoc] = field(default_factory=dict)
    facts: dict[tuple[str, str], object] = field(default_factory=dict)


_MEMOS: weakref.WeakKeyDictionary[ProjectGraph, _Memo] = weakref.WeakKeyDictionary()


def _memo(graph: ProjectGraph) -> _Memo:
    memo = _MEMOS.get(graph)
    if memo is None or memo.generation != graph.generation:
        memo = _MEMOS[graph] = _Memo(graph.generation)
    return memo


def external_doc(graph: ProjectGraph, qualified: str) -> ExternalDoc:
    """Whether installed name ``qualified`` exists, its ``kind`` and ``source`` (no
    signature nor documentation)."""
    docs = _memo(graph).docs
    doc = docs.get(qualified)
    if doc is None:
        doc = docs[qualified] = python_external_doc(qualified, render=False)
    return doc


def external_signature(graph: ProjectGraph, qualified: str) -> ExternalDoc:
    """The rendered lookup of ``qualified`` (its signature included)."""
    docs = _memo(graph).signatures
    doc = docs.get(qualified)
    if doc is None:
        doc = docs[qualified] = python_external_doc(qualified)
    return doc


def external_fact(graph: ProjectGraph, what: str, qualified: str, compute: Callable[[str], T]) -> T:
    """``compute(qualified)``, computed once per graph version for the question ``what``
    (a fact about an installed module: whether all its names are visible, its names)."""
    facts = _memo(graph).facts
    key = (what, qualified)
    if key in facts:
        return facts[key]  # type: ignore[return-value]
    value = facts[key] = compute(qualified)
    return value
