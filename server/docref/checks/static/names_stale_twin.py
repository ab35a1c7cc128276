"""The renamed twin of a stale code-marked name, for ``C1-PROSE-NAME-STALE``
(:mod:`.names_stale`): :func:`twin_in_scope` -- the one parameter or name in scope the name
was renamed to (the spelling match is :func:`.prose_names.stale_match`; English plurals of a
class are no old names) -- with what it weighs: the functions linked to the documented one by
calls (:func:`call_linked`) and whether a word is a parameter written shorter
(:func:`contracted`)."""

from __future__ import annotations

import re
from collections import Counter

from docref.checks.static.base import StaticInput
from docref.checks.static.names_plural import SINGULAR_BEFORE
from docref.checks.static.names_scope import Resolution, project_names
from docref.checks.static.names_spelling import inflected
from docref.checks.static.names_used import called_names, used_names, used_twins
from docref.checks.static.prose_names import stale_match
from docref.core.word_search import preceded_by, word_in
from docref.graph.java_refs import raw_type

__all__ = ["call_linked", "contracted", "linked_outward", "twin_in_scope", "unnamed_parameters"]

_UNDERSCORE_BLANK = re.compile(r"_\s")  # in every match of twin_in_scope's cut-name pattern


def contracted(word: str, parameter: str) -> bool:
    """The parameter is the lower-case ``word`` written shorter: its letters in order, from
    the same first letter (``text`` -> ``txt``, ``destination`` -> ``dest``, ``config`` ->
    ``cfg``), or the word cut short of it (``discont`` for ``discontinuity``).  Initials (``ts``
    for ``timesince``), another word one consonant away (``patch``/``path``) and words the
    parameter merely contains (``last`` in ``latest``) are not."""
    if not word.islower() or len(parameter) < 3 or word[0] != parameter[0]:
        return False
    if len(word) < len(parameter):
        return len(word) >= 4 and parameter.startswith(word)
    if 3 * len(parameter) < len(word):
        return False
    if word.startswith(parameter):
        # ``dest`` for ``destination``; ``graph`` for ``graphviz`` is a word with a suffix
        return 2 * len(parameter) <= len(word)
    letters = iter(word)
    if not all(c in letters for c in parameter):
        return False
    # a vowel dropped (``txt``), or a contraction to well under the word (``cfg``, ``msg``);
    # one consonant less (``path`` for ``patch``) is another word
    dropped = Counter(word) - Counter(parameter)
    return set(dropped) <= set("aeiou") or 5 * len(parameter) <= 3 * len(word)


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
    affixed: bool = False,
) -> str | None:
    """The one parameter or name in scope ``name`` was renamed to (:func:`.stale_match`);
    ``affixed``: a plain word may match a parameter the docstring never names by affix."""
    scope = [c for c in resolution.candidates if c != inp.function.name]
    if name[:1].isupper():  # project classes it nearly spells (``FlagValue``: ``FlagValues``)
        scope += [n for n in project_names(inp.graph) if n.startswith(name) and n != name]
        # and the types the function takes (``PreparedStatement``, from a wildcard import)
        scope += [raw_type(p.annotation) for p in inp.function.params if p.annotation]
    defined = {f.name for f in inp.file.functions} | {c.name for c in inp.file.classes}
    # a Sphinx role for a callable (``:meth:`from_frame```) calls it a function as "the
    # ``from_frame`` method" does: an extended twin (``new_from_frame``) counts
    called = called or _role_of_a_callable(sentence, name)
    # "called by try_expanding_sum_type_ / to_union()": a name the line wrap cut after one of
    # its underscores (round 34, mypy); the joined name is in scope, the tail no old name
    head = _UNDERSCORE_BLANK.search(sentence) and re.search(
        rf"(?<![\w.])([A-Za-z_]\w*_)\s+{re.escape(name)}(?!\w)", sentence
    )  # (a pattern per name only where a word may end in ``_`` before a blank)
    if head and head[1] + name in {*params, *scope, *defined}:
        return None
    match = stale_match(
        name,
        params,
        scope,
        sentence,
        plain=plain,
        defined=defined,
        called=called,
        keyword=keyword,
        linked=lambda: call_linked(inp),
        used=lambda: used_twins(name, used_names(inp), called_names(inp)),
        cue=cue,
        documented=inp.function.name,
        unnamed=unnamed_parameters(inp, params) if plain and affixed else (),
    )
    if match is None or not name[:1].isupper():
        return match
    if preceded_by(sentence, name, SINGULAR_BEFORE):
        return match  # "an instance of `RunArtifacts`": a singular, so no English plural
    if inflected(name, match):
        return None  # "find `PrefectFutures`": English plural of the class, not an old name
    # "selects {@code X509CRLs}": the English plural of another project class (``X509CRL``),
    # whatever name the spelling is near (``X509CRLSelector``)
    names = project_names(inp.graph)
    if name.endswith("s") and (name[:-1] in names or (name.endswith("es") and name[:-2] in names)):
        return None
    return match


def _role_of_a_callable(sentence: str, name: str) -> bool:
    """``sentence`` names ``name`` in a Sphinx role for a function or method (``:meth:`name```,
    ``:py:func:`~name()```), the name bare or the last part of a path."""
    if "func:`" not in sentence and "meth:`" not in sentence:
        return False  # what any match holds: no pattern to compile per name
    role = r":(?:py:)?(?:func|meth):`[~!.]?(?:[\w.]*\.)?"
    return re.search(rf"{role}{re.escape(name)}(?:\(\))?`", sentence) is not None


def unnamed_parameters(inp: StaticInput, params: list[str]) -> list[str]:
    """The parameters the docstring names nowhere, as a word of its text."""
    doc = inp.function.docstring
    if doc is None:
        return []
    text = inp.code(doc.span.start_byte, doc.span.end_byte)
    return [p for p in params if not word_in(text, p)]


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


def linked_outward(inp: StaticInput) -> set[str]:
    """:func:`call_linked`, and the functions enclosing one that calls the documented
    function (a decorator whose inner ``wrapper`` calls it)."""
    own = inp.function
    callers = [
        f.qualname
        for f in inp.file.functions
        if f is not own and any(_called_name(r.name) == own.name for r in f.references)
    ]
    outer = {
        f.name for f in inp.file.functions if any(q.startswith(f.qualname + ".") for q in callers)
    }
    return call_linked(inp) | outer
