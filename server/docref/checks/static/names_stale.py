"""``C1-PROSE-NAME-STALE``'s finding: a code-marked name that resolves nowhere, with one renamed
twin among the parameters or the names in scope (the match is :func:`.prose_names.stale_match`);
the twin is also the did-you-mean of the other name rules when they have none.  What the
words around the name say of it (one of a list of values, a package to install, a parameter
cue) is :mod:`.names_stale_cues`."""

from __future__ import annotations

import builtins
import dataclasses
import re
from collections import Counter

from docref.checks.static.base import StaticInput
from docref.checks.static.names_mentions import Mention, is_plain_word
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import Resolution, missing, project_names
from docref.checks.static.names_spelling import inflected
from docref.checks.static.names_stale_cues import (
    a_returned_jdk_property,
    another_objects_member,
    marks_other_parameters,
    names_a_package,
    noun_slot,
    one_of_values,
    parameter_cue,
)
from docref.checks.static.names_used import called_names, used_names, used_twins
from docref.checks.static.prose_names import RULE_STALE, stale_match
from docref.checks.static.prose_names_called import called_in, called_not_valued, called_twin
from docref.checks.static.prose_names_listed import returned_label
from docref.core.findings import Criterion, Finding
from docref.graph.code_names import files_using
from docref.graph.java_refs import raw_type
from docref.segments import Segment

__all__ = [
    "RULE_ELSEWHERE",
    "RULE_WORD",
    "STALE_ONLY",
    "keyword_or_renamed",
    "renamed_but_used_elsewhere",
    "stale_finding",
    "twin_in_scope",
]

# kinds of mention judged only as a renamed name (emphasis is as often English stress)
RULE_ELSEWHERE = "C1-PROSE-NAME-ELSEWHERE"
"""The opt-in id of :func:`renamed_but_used_elsewhere`'s findings (session 10)."""
RULE_WORD = "C1-PROSE-NAME-WORD"
"""The opt-in id of a Python stale-name guess on a name spelled as a word (session 11): an
English word (``last``, ``graphviz``) or a CapWords one (``PrefectFutures``) in a Python
docstring's markup is as often a value, a package or another library's name as an old name
(first-pass precision of rounds 9-12: 4 TRUE of 14); a code-shaped name (an underscore, a
digit, an inner lowercase-to-capital) keeps ``C1-PROSE-NAME-STALE``."""
_WORD_SPELLED = re.compile(r"[A-Za-z][a-z]*|[A-Z][A-Za-z]*")
STALE_ONLY = frozenset({"emphasis", "code"})
_STALE_KINDS = frozenset({"backtick", "literal", "emphasis", "code", "call"})


def _spelt_as_words(inp: StaticInput, name: str) -> bool:
    """``name``'s words (``current_date``) also stand in the docstring as plain words."""
    words = " ".join(w for w in name.lower().split("_") if w)
    text = " ".join(s.text for s in inp.docstring.segments).lower()
    return " " in words and re.search(rf"\b{re.escape(words)}\b", text) is not None


def stale_finding(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    resolution: Resolution,
    *,
    keyword: bool = False,
    cued: bool = True,
    passed: bool = False,
) -> Finding | None:
    """``C1-PROSE-NAME-STALE``: a code-marked name with one renamed twin in scope (``cued``:
    words calling it a parameter let a plain word match as a code-shaped name does; without
    ``cued`` -- a name other code of the file uses -- no plain word is matched by affix;
    ``passed``: the docstring's own example passes it to the function by keyword, which calls
    it a parameter as those words do)."""
    name = mention.target
    if mention.kind not in _STALE_KINDS or "." in name or "#" in name:
        return None
    java = inp.file.language == "java"
    if mention.kind == "call" and java:
        return None  # ``name()`` in Javadoc prose is as often another object's or a C function
    owner = (inp.function.parent_class or "").rsplit(".", 1)[-1]
    before = inp.source[max(segment.start, mention.start - 60) : mention.start]
    if java and name[:1].islower() and another_objects_member(before, owner):
        return None  # "the column's <code>preferredWidth</code>": that object's member (a
        # type stays a type: "the rowset's <code>XmlReaderDocHandler</code>" names a class)
    plain = is_plain_word(name)
    if mention.kind == "emphasis" and (plain or _spelt_as_words(inp, name)):
        return None  # ``*current_date*`` beside "the current date": a stressed concept
    params = [p.name for p in inp.function.params if p.name not in ("self", "cls")]
    if name in params:
        return None  # Java's member resolver does not see parameters
    sentence = inp.source[segment.start : segment.end]
    if names_a_package(sentence) or one_of_values(sentence, mention.start - segment.start, params):
        return None
    if returned_label(
        segment.kind, sentence, mention.start - segment.start, mention.end - segment.start
    ):
        return None  # "- `func_vals` [array]: ..." or "tuple of (`a`, `b`)" under Returns
    called = mention.kind == "call" or called_in(name, sentence)
    cue = passed or (cued and plain and parameter_cue(inp.source, mention.start, mention.end))
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
        affixed=cued and plain and noun_slot(inp.source, mention.start, mention.end),
    )
    if match is None:
        return None
    if java and a_returned_jdk_property(name, inp.function.returns, inp.file.imports):
        return None  # "the {@code nextValue} ... methods" of a returned JDK spinner model
    if inp.file.language == "java" and _capitalised_in_scope(name, resolution):
        return None  # ``DirectoryComboBox`` for the field ``directoryComboBox``: that thing
    if match not in params and _passed_elsewhere(inp, name):
        return None  # ``Factory.get(mxbeanInterface)``: the callee's parameter, not a member
    annotation = next((p.annotation for p in inp.function.params if p.name == match), None)
    if match in params and called_not_valued(name, sentence, annotation):
        return None  # "the `agentmain` method": code elsewhere, not the value `agent`
    written_call = mention.kind == "call" or inp.source[mention.start : mention.end].endswith(")")
    if match in params and plain and written_call and not _calls(inp, match):
        # "called by react()" beside a parameter ``reactor`` the code never calls: the call
        # names a function elsewhere (Twisted's ``task.react``, round 30), not the parameter
        return None
    what = "parameter" if match in params else "name in scope"
    if match in params and called:
        # ``replace_parameters()``: a call names a function, not the parameter sharing words
        defined = [f.name for f in inp.file.functions] + [c.name for c in inp.file.classes]
        callable_twin = called_twin(name, defined, lambda: _linked_outward(inp))
        if callable_twin is not None:
            match, what = callable_twin, "function" if callable_twin[:1].islower() else "class"
    message = (
        f"`{name}` names nothing in scope; it looks like the {what} `{match}` under its old name"
    )
    fix_hint = f"rename `{name}` to `{match}` in this sentence"
    # Javadoc's {@code x} is explicit code markup; Python's `x` is any term a writer marks,
    # unless the sentence calls it a parameter or marks the function's other parameters too
    # ("from `src` to `dest`")
    word = (
        inp.file.language == "python"
        and _WORD_SPELLED.fullmatch(name) is not None
        and not cue
        and not marks_other_parameters(sentence, mention.start - segment.start, params)
        and not (match in params and contracted(name, match))
    )
    rule = RULE_WORD if word else RULE_STALE
    users = _private_used_elsewhere(inp, name) if match not in params else []
    if users:
        # ``_supports_daily_offset_mask`` beside a ``_get_daily_offset_mask`` in scope, read as
        # ``freq._supports_daily_offset_mask`` in another file (an attribute pandas' offsets
        # define in Cython, round 16): that code's name, not an old one -- the opt-in rule
        more = f" (and {len(users) - 1} more)" if len(users) > 1 else ""
        used = f"names nothing in scope but is still used as code in {users[0]}{more}"
        rule, message = RULE_ELSEWHERE, message.replace("names nothing in scope", used, 1)
    return inp.finding(segment, Criterion.C1, rule, message, fix_hint)


def _private_used_elsewhere(inp: StaticInput, name: str) -> list[str]:
    """The other project files whose code uses the private ``name`` (Python)."""
    if inp.file.language != "python" or not name.startswith("_") or name.startswith("__"):
        return []
    return [rel for rel in files_using(inp.graph, name) if rel != inp.path]


def _calls(inp: StaticInput, name: str) -> bool:
    """The documented function's code calls ``name`` (``name(...)``)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", inp.body_code()) is not None


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


def _capitalised_in_scope(name: str, resolution: Resolution) -> bool:
    """A name in scope differs from ``name`` only in its first letter's case: Javadoc prose
    capitalises a field's thing as a class-like noun ("the model for {@code
    DirectoryComboBox}", field ``directoryComboBox``), which is no old name of another."""
    swapped = name[:1].swapcase() + name[1:]
    return swapped != name and swapped in resolution.candidates


def _passed_elsewhere(inp: StaticInput, name: str) -> bool:
    """The docstring itself shows ``name`` as an argument of another method's call
    (``ManagementFactory.getPlatformMXBean(mxbeanInterface)``, often a link's label), so the
    prose means that method's parameter.  Java only: a Python docstring's ``f(x)`` example
    passes the function's own names as often."""
    doc = inp.function.docstring
    if doc is None or inp.file.language != "java":
        return False
    text = inp.code(doc.span.start_byte, doc.span.end_byte)
    arg = re.escape(name)
    # the first argument or one after a comma; what follows may hold calls of its own
    # (``GregorianCalendar(timeZone, Locale.getDefault())``)
    call = rf"([\w$]+)\s*\((?:[^()]*,)?\s*{arg}\s*[,)]"
    return any(m[1] != inp.function.name for m in re.finditer(call, text))


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
    # "called by try_expanding_sum_type_ / to_union()": a name the line wrap cut after one of
    # its underscores (round 34, mypy); the joined name is in scope, the tail no old name
    head = re.search(rf"(?<![\w.])([A-Za-z_]\w*_)\s+{re.escape(name)}(?!\w)", sentence)
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
        unnamed=_unnamed(inp, params) if plain and affixed else (),
    )
    if match is None or not name[:1].isupper():
        return match
    singular = rf"\b(?:an?|one|single|instance\s+of)\s+[`*]*{re.escape(name)}\b"
    if re.search(singular, sentence, re.I):
        return match  # "an instance of `RunArtifacts`": a singular, so no English plural
    if inflected(name, match):
        return None  # "find `PrefectFutures`": English plural of the class, not an old name
    # "selects {@code X509CRLs}": the English plural of another project class (``X509CRL``),
    # whatever name the spelling is near (``X509CRLSelector``)
    names = project_names(inp.graph)
    if name.endswith("s") and (name[:-1] in names or (name.endswith("es") and name[:-2] in names)):
        return None
    return match


def _unnamed(inp: StaticInput, params: list[str]) -> list[str]:
    """The parameters the docstring names nowhere, as a word of its text."""
    doc = inp.function.docstring
    if doc is None:
        return []
    text = inp.code(doc.span.start_byte, doc.span.end_byte)
    return [p for p in params if not re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]


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


def _linked_outward(inp: StaticInput) -> set[str]:
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


def _in_own_code(inp: StaticInput, name: str) -> bool:
    """``name`` is a word of the function's code outside its docstring (strings included)."""
    span, doc = inp.function.span, inp.function.docstring
    code = inp.code(span.start_byte, span.end_byte)
    if doc is not None:
        before = inp.code(span.start_byte, doc.span.start_byte)
        code = before + inp.code(doc.span.end_byte, span.end_byte)
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", code) is not None


def renamed_but_used_elsewhere(
    inp: StaticInput, segment: Segment, mention: Mention, scope: PythonScope
) -> Finding | None:
    """A code-marked name that resolves only because other code of the file uses it (another
    function's parameter or local: ``response`` in scrapy's every callback), that this
    function's code never uses, while one of its parameters is its renamed twin
    (``max_length`` -> ``max_len``): judged as a stale name against the parameters only, a
    snake_case name (``keyAltNames`` is a document's field, pymongo's ``key_alt_name`` the
    value for it) abbreviated or one edit away, whatever words surround it."""
    name = mention.target
    if mention.kind not in _STALE_KINDS or "." in name or "#" in name or scope.facts.dynamic:
        return None
    if name != name.lower():
        return None
    fn = inp.function
    if not fn.params or hasattr(builtins, name) or name.startswith("__"):
        return None
    if any(p.name.startswith(name) and p.name[len(name) :][:1].isalnum() for p in fn.params):
        return None  # a word cut short: "``visit`` methods" next to a ``visitor`` (docutils)
    own = {part for r in fn.references for part in r.name.split(".")} | set(fn.local_names)
    facts = scope.facts
    if name in own or name in facts.entities or name in facts.top:
        return None
    if _in_own_code(inp, name):
        return None  # ``kwargs.pop("include_header")``: the function reads it by name
    if any(name in (i.bound_name, i.module.split(".")[0]) for i in inp.file.imports):
        return None  # ``argparse`` after ``from argparse import ArgumentParser``: the library
    if name in project_names(inp.graph):
        return None
    finding = stale_finding(inp, segment, mention, missing("", name, ()), cued=False)
    if finding is None or name in scope.scope_candidates():
        return None  # a member of the class or a name the function sees
    message = finding.message.replace(
        "names nothing in scope", f"is used only by other code of the file, not by {fn.name}()"
    )
    return dataclasses.replace(finding, message=message, rule=RULE_ELSEWHERE)
