"""``C1-PROSE-NAME-STALE``'s finding: a code-marked name that resolves nowhere, with one renamed
twin among the parameters or the names in scope (the match is :func:`.prose_names.stale_match`);
the twin is also the did-you-mean of the other name rules when they have none."""

from __future__ import annotations

import dataclasses
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_mentions import Mention, is_plain_word
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import Resolution, project_names
from docref.checks.static.prose_names import (
    RULE_STALE,
    called_in,
    called_not_valued,
    stale_match,
)
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = ["STALE_ONLY", "keyword_or_renamed", "stale_finding", "twin_in_scope"]

# kinds of mention judged only as a renamed name (emphasis is as often English stress)
STALE_ONLY = frozenset({"emphasis", "code"})
_STALE_KINDS = frozenset({"backtick", "literal", "emphasis", "code", "call"})


def stale_finding(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    resolution: Resolution,
    *,
    keyword: bool = False,
) -> Finding | None:
    """``C1-PROSE-NAME-STALE``: a code-marked name with one renamed twin in scope."""
    name = mention.target
    if mention.kind not in _STALE_KINDS or "." in name or "#" in name:
        return None
    if mention.kind == "call" and inp.file.language == "java":
        return None  # ``name()`` in Javadoc prose is as often another object's or a C function
    plain = is_plain_word(name)
    if plain and mention.kind == "emphasis":
        return None
    params = [p.name for p in inp.function.params if p.name not in ("self", "cls")]
    if name in params:
        return None  # Java's member resolver does not see parameters
    sentence = inp.source[segment.start : segment.end]
    called = mention.kind == "call" or called_in(name, sentence)
    cue = plain and parameter_cue(inp.source, mention.start, mention.end)
    match = twin_in_scope(
        inp,
        sentence,
        name,
        resolution,
        params,
        plain=plain,
        called=called,
        keyword=keyword,
        cue=cue,
    )
    if match is None:
        return None
    annotation = next((p.annotation for p in inp.function.params if p.name == match), None)
    if match in params and called_not_valued(name, sentence, annotation):
        return None  # "the `agentmain` method": code elsewhere, not the value `agent`
    what = "parameter" if match in params else "name in scope"
    message = (
        f"`{name}` names nothing in scope; it looks like the {what} `{match}` under its old name"
    )
    fix_hint = f"rename `{name}` to `{match}` in this sentence"
    return inp.finding(segment, Criterion.C1, RULE_STALE, message, fix_hint)


def twin_in_scope(
    inp: StaticInput,
    sentence: str,
    name: str,
    resolution: Resolution,
    params: list[str],
    *,
    plain: bool,
    called: bool = False,
    keyword: bool = False,
    cue: bool = False,
) -> str | None:
    """The one parameter or name in scope ``name`` was renamed to (:func:`.stale_match`)."""
    scope = [c for c in resolution.candidates if c != inp.function.name]
    if name[:1].isupper():  # project classes it nearly spells (``FlagValue``: ``FlagValues``)
        scope += [n for n in project_names(inp.graph) if n.startswith(name) and n != name]
    defined = {f.name for f in inp.file.functions} | {c.name for c in inp.file.classes}
    return stale_match(
        name,
        params,
        scope,
        sentence,
        plain=plain,
        defined=defined,
        called=called,
        keyword=keyword,
        linked=call_linked(inp),
        cue=cue,
    )


_CUE_WORDS = frozenset({"parameter", "argument", "arg", "kwarg", "param"})
# ``* ``shorten``: Long urls ...``: an item of a bulleted parameter list
_ITEM_BEFORE = re.compile(r"(?:^|\n)[ \t]*[*+-][ \t]+[`*]*$")
_ITEM_AFTER = re.compile(r"[`*]*[ \t]*(?::|--?)\s")


def parameter_cue(source: str, start: int, end: int) -> bool:
    """The words next to the name at ``start:end`` call it a parameter (the ``shorten``
    argument, keyword argument ``shorten``) or it opens an item of a bulleted list with a
    colon or dash (``* ``shorten``: ...``), as parameters are listed outside a section."""
    before_text = source[max(0, start - 40) : start]
    after_text = source[end : end + 40]
    if _ITEM_BEFORE.search(before_text) and _ITEM_AFTER.match(after_text):
        return True
    after = re.match(r"[`*\s]*(?:keyword\s+)?(\w+)", after_text)
    before = re.search(r"(\w+)[\s`*]*$", before_text)
    return any(m is not None and m[1].lower().rstrip("s") in _CUE_WORDS for m in (after, before))


def _called_name(reference: str) -> str | None:
    """The function a body's reference names in this file: ``helper`` or ``self.helper``."""
    parts = reference.split(".")
    if len(parts) == 2 and parts[0] in ("self", "cls"):
        return parts[1]
    return reference if len(parts) == 1 else None


def call_linked(inp: StaticInput) -> set[str]:
    """The file's functions that the documented function uses or that use it."""
    own = inp.function
    out = {n for r in own.references if (n := _called_name(r.name)) is not None}
    for fn in inp.file.functions:
        if fn is not own and any(_called_name(r.name) == own.name for r in fn.references):
            out.add(fn.name)
    return out


def keyword_or_renamed(
    inp: StaticInput, segment: Segment, mention: Mention, scope: PythonScope
) -> Finding | None:
    """A bare name the scope left unknown only because the function takes ``**kwargs`` (it
    may be a keyword passed on): stale when it resolves nowhere once keywords are set aside
    and one parameter is its renamed twin (``include_header`` for ``include_hdr``)."""
    name = mention.target
    if not scope.kwargs or scope.facts.dynamic or "." in name or mention.kind not in _STALE_KINDS:
        return None
    again = scope.resolve_bare(name, keyword=False)
    if again.verdict != "missing" or again.owner:
        return None
    # the parameters only: another name in scope is no evidence against a forwarded keyword
    bare = dataclasses.replace(again, candidates=())
    return stale_finding(inp, segment, mention, bare, keyword=True)
