"""A name that is a parameter of a callable the same sentence cross-references (issue 12, r17).

qiskit's ``transpile``: "You can see a list of installed plugins by using
:func:`~.list_stage_plugins` with ``"layout"`` for the ``stage_name`` argument."  The
``stage_name`` is not a name of ``transpile``'s scope but a parameter of the function the
sentence points to; a reader follows the link.  :func:`parameter_of_referenced` resolves the
Sphinx roles of the sentence (``:func:``, ``:meth:``, ``:class:`` -- a class by its
``__init__``; or a doc-builder Markdown link, ``[`~pkg.Class.method`]``) to project functions,
one hop, by the target's last part and its qualifying parts
(``~.name``, ``mod.name``, ``Class.method``), and answers whether the name is one of their
parameters.  A name that is no parameter of the referenced callable stays unresolved.

:func:`parameter_of_recipient` reads the same of a callable the sentence hands something to,
"passed directly to the `Scene` object through the `filenames` keyword argument" (satpy, round
59), "pass a list of media ids to the :meth:`update_status` method using the ``media_ids``
param" (twython, round 73): the name is the recipient's parameter -- one it takes, or any
keyword when it takes ``**kwargs`` -- not this function's.
"""

from __future__ import annotations

import re
import weakref

from docref.checks.static.base import StaticInput
from docref.core.segment import Segment
from docref.graph.model import Function
from docref.graph.project import ProjectGraph

__all__ = ["parameter_of_recipient", "parameter_of_referenced"]

# a callable's cross-reference: ``:func:`~.f```, ``:py:meth:`C.m```, ``:class:`title <C>```,
# or the Markdown link of the Hugging Face doc-builder (``[`~trl.VLLMClient.get_logprobs`]``:
# trl, transformers, diffusers, peft; round 22)
_CALLABLE_ROLE = re.compile(
    r":(?:py:)?(?:func|meth|class):`(?:[^`<]*<)?[~!]?\.?(?P<t>[\w.]+)>?`"
    r"|\[`~?(?P<md>[\w.]+?)(?:\(\))?`\]"
)

# graph -> (names generation, last part of a qualname -> [(path, qualname)])
_BY_LAST: weakref.WeakKeyDictionary[ProjectGraph, tuple[int, dict[str, list[tuple[str, str]]]]] = (
    weakref.WeakKeyDictionary()
)


def parameter_of_referenced(inp: StaticInput, segment: Segment, name: str) -> bool:
    """Whether ``name`` (a bare name) is a parameter of a project callable that a Sphinx
    role or a doc-builder link of ``segment`` (the mention's sentence) cross-references."""
    if "." in name or (":" not in segment.text and "[`" not in segment.text):
        return False
    for match in _CALLABLE_ROLE.finditer(inp.source, segment.start, segment.end):
        for fn in _referenced(inp.graph, match["t"] or match["md"]):
            if any(p.name.lstrip("*") == name for p in fn.params):
                return True
    return False


def _referenced(graph: ProjectGraph, target: str) -> list[Function]:
    """The project functions ``target`` may name (a class stands for its ``__init__``)."""
    parts = target.split(".")
    found: list[Function] = []
    for path, qualname in _by_last(graph).get(parts[-1], []):
        fe = graph.get(path)
        if fe is None:
            continue
        # ``~.f`` / ``f`` name it by its tail, ``pkg.mod.f`` by a module path (maybe a
        # re-export): either is the other's dotted tail; ``Other.f`` is not ``Class.f``
        if not (f".{qualname}".endswith(f".{target}") or f".{target}".endswith(f".{qualname}")):
            continue
        for fn in fe.functions:
            if fn.qualname in (qualname, f"{qualname}.__init__"):
                found.append(fn)
    return found


def _by_last(graph: ProjectGraph) -> dict[str, list[tuple[str, str]]]:
    cached = _BY_LAST.get(graph)
    generation = graph.changes.names_generation
    if cached is not None and cached[0] == generation:
        return cached[1]
    table: dict[str, list[tuple[str, str]]] = {}
    for path, entry in graph.entries.items():
        if entry.language != "python":
            continue
        for qualname in entry.fingerprints:
            table.setdefault(qualname.rsplit(".", 1)[-1], []).append((path, qualname))
    _BY_LAST[graph] = (generation, table)
    return table


# "to the `Scene` object through the ", "to :meth:`update_status` using the ": the recipient,
# marked as code, then how the value reaches it, right before the mention
_RECIPIENT_BEFORE = re.compile(
    r"\bto\s+(?:the\s+|an?\s+)?(?::[\w:]+:)?(?P<q>`+|\*+)~?\.?(?P<t>[\w.]+)(?:\(\))?(?P=q)"
    r"(?:\s+(?:method|function|object|class|constructor|call))?\s+"
    r"(?:\w+\s+)?(?:using|through|via|with|as)\s+(?:the\s+|its\s+|an?\s+)?[`*]*$",
    re.I,
)
# then the mention is called a parameter: "the ``media_ids`` param", "`filenames` keyword argument"
_PARAMETER_AFTER = re.compile(
    r"[`*]*\s+(?:keyword\s+)?(?:argument|arg|param(?:eter)?|keyword|kwarg|option)s?\b", re.I
)


def parameter_of_recipient(inp: StaticInput, segment: Segment, start: int, end: int) -> bool:
    """Whether the mention at ``start:end`` (a bare name) is a parameter of the callable the
    sentence hands something to ("to the `Scene` object through the `filenames` keyword
    argument"): a project callable of that name that takes it or takes ``**kwargs``, or a
    recipient outside the project (nothing here to check it against).  A project recipient
    that takes neither keeps the name judged."""
    before = _RECIPIENT_BEFORE.search(inp.source, max(segment.start, start - 120), start)
    if before is None or not _PARAMETER_AFTER.match(inp.source, end, segment.end):
        return False
    name = inp.source[start:end].strip("`*")
    if "." in name:
        return False
    recipients = _referenced(inp.graph, before["t"])
    if not recipients:
        return not _by_last(inp.graph).get(before["t"].rsplit(".", 1)[-1])
    params = [p for f in recipients for p in f.params]
    return any(p.name.lstrip("*") == name or p.kind == "kwarg" for p in params)
