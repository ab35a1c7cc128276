"""``C1-PROSE-NAME-STALE``'s finding: a code-marked name that resolves nowhere, with one renamed
twin among the parameters or the names in scope (the match is :func:`.prose_names.stale_match`);
the twin is also the did-you-mean of the other name rules when they have none.  What the
words around the name say of it (one of a list of values, a package to install, a parameter
cue) is :mod:`.names_stale_cues`."""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.name_words import one_edit
from docref.checks.static.names_elsewhere import used_elsewhere
from docref.checks.static.names_local import c_type_name
from docref.checks.static.names_mentions import Mention, is_plain_word
from docref.checks.static.names_plural import item_singulars
from docref.checks.static.names_scope import Resolution
from docref.checks.static.names_stale_cues import (
    a_returned_jdk_property,
    another_objects_member,
    has_an_entry,
    in_others_docs,
    in_twin_entry,
    located_at_url,
    marks_other_parameters,
    named_as_alias,
    names_a_package,
    noun_slot,
    one_of_values,
    parameter_cue,
    qualified_in_docstring,
    stands_for_names,
)
from docref.checks.static.names_stale_twin import contracted, linked_outward, twin_in_scope
from docref.checks.static.names_stale_values import api_value, remote_operation
from docref.checks.static.prose_names import RULE_ELSEWHERE, RULE_STALE
from docref.checks.static.prose_names_called import (
    called_in,
    called_not_valued,
    called_twin,
    valued_not_called,
)
from docref.checks.static.prose_names_listed import returned_label
from docref.core.findings import Criterion, Finding
from docref.external.lookup import jdk_api_type
from docref.segments import Segment

__all__ = [
    "RULE_ELSEWHERE",
    "RULE_WORD",
    "STALE_KINDS",
    "STALE_ONLY",
    "renamed_to",
    "stale_finding",
]

# kinds of mention judged only as a renamed name (emphasis is as often English stress)
RULE_WORD = "C1-PROSE-NAME-WORD"
"""The opt-in id of a Python stale-name guess on a name spelled as a word (session 11): an
English word (``last``, ``graphviz``) or a CapWords one (``PrefectFutures``) in a Python
docstring's markup is as often a value, a package or another library's name as an old name
(first-pass precision of rounds 9-12: 4 TRUE of 14); a code-shaped name (an underscore, a
digit, an inner lowercase-to-capital) keeps ``C1-PROSE-NAME-STALE``."""
_WORD_SPELLED = re.compile(r"[A-Za-z][a-z]*|[A-Z][A-Za-z]*")
STALE_ONLY = frozenset({"emphasis", "code"})
STALE_KINDS = frozenset({"backtick", "literal", "emphasis", "code", "call"})


def _numbered_item(inp: StaticInput, name: str, match: str) -> bool:
    """``name`` is the variadic parameter ``match``'s stem and a number: ``prop1``, ``prop2``
    for ``*props`` (round 59, periodictable's ``list(*props)``) name the values it collects,
    one by one, not an old name.  The same names beside a named ``props`` (one list argument)
    stay a rename: ``show(prop1, prop2)`` became ``show(props)``."""
    variadic = any(p.name == match and p.kind == "vararg" for p in inp.function.params)
    stems = {match, match.removesuffix("s"), match.removesuffix("es")}
    return variadic and any(re.fullmatch(rf"{re.escape(s)}_?\d+", name) for s in stems if s)


def _spelt_as_words(inp: StaticInput, name: str) -> bool:
    """``name``'s words (``current_date``) also stand in the docstring as plain words."""
    words = " ".join(w for w in name.lower().split("_") if w)
    text = " ".join(s.text for s in inp.docstring.segments).lower()
    return " " in words and re.search(rf"\b{re.escape(words)}\b", text) is not None


def _called_a_parameter(inp: StaticInput, mention: Mention) -> bool:
    """The words after the mention call it a parameter (:func:`.parameter_cue`), or the
    docstring documents it in a parameter entry (:func:`.has_an_entry`)."""
    return parameter_cue(inp.source, mention.start, mention.end) or has_an_entry(
        inp.docstring.segments, mention.target
    )


# the fix hint of :func:`stale_finding`, which :func:`renamed_to` reads back
_RENAME = "rename `{name}` to `{match}` in this sentence"


def renamed_to(finding: Finding | None) -> str | None:
    """The twin a :func:`stale_finding` finding renames its name to (read from its fix hint,
    whose format this module writes), ``None`` for no finding or another hint."""
    parts = ((finding.fix_hint or "") if finding is not None else "").split("`")
    return parts[3] if len(parts) > 4 and parts[0] == "rename " else None


def stale_finding(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    resolution: Resolution,
    *,
    keyword: bool = False,
    cued: bool = True,
    passed: bool = False,
    twin: str | None = None,
) -> Finding | None:
    """``C1-PROSE-NAME-STALE``: a code-marked name with one renamed twin in scope (``cued``:
    words calling it a parameter let a plain word match as a code-shaped name does; without
    ``cued`` -- a name other code of the file uses -- no plain word is matched by affix;
    ``passed``: the docstring's own example passes it to the function by keyword, which calls
    it a parameter as those words do; ``twin``: the parameter the docstring names nowhere that
    the name was renamed to, :func:`.unnamed_twin`, which says so too -- the one match kept)."""
    name = mention.target
    if mention.kind not in STALE_KINDS or "." in name or "#" in name:
        return None
    if stands_for_names(name):
        return None  # "using `byXxxx(...)` methods of this class": any of a family of names
    java = inp.file.language == "java"
    if mention.kind == "call" and java:
        return None  # ``name()`` in Javadoc prose is as often another object's or a C function
    if c_type_name(inp, name, resolution.candidates):
        return None  # "An `nvmlMemory_t` object" in a ctypes binding: the C library's type
    owner = (inp.function.parent_class or "").rsplit(".", 1)[-1]
    before = inp.source[max(segment.start, mention.start - 60) : mention.start]
    if java and name[:1].islower() and another_objects_member(before, owner):
        return None  # "the column's <code>preferredWidth</code>": that object's member (a
        # type stays a type: "the rowset's <code>XmlReaderDocHandler</code>" names a class)
    plain = is_plain_word(name)
    said = twin is not None or (cued and _called_a_parameter(inp, mention))
    if mention.kind == "emphasis" and (plain or _spelt_as_words(inp, name)) and not said:
        return None  # ``*current_date*`` beside "the current date": a stressed concept (not
        # "the *backlog* argument": reST's emphasis for a parameter, called one)
    params = [p.name for p in inp.function.params if p.name not in ("self", "cls")]
    if name in params:
        return None  # Java's member resolver does not see parameters
    if not java and _sets_private_twin(inp, name):
        return None
    sentence = inp.source[segment.start : segment.end]
    if names_a_package(sentence) or one_of_values(sentence, mention.start - segment.start, params):
        return None
    if named_as_alias(sentence, mention.start - segment.start, mention.end - segment.start):
        return None  # "eci2geodetic() a.k.a. eci2lla()": another name of the function
    if located_at_url(sentence, mention.end - segment.start):
        return None  # "wave_signif() in http://.../waveletFunctions.py": that program's name
    if in_others_docs(sentence, mention.start - segment.start, inp.function.name):
        return None  # "See requests.get docs for the `kwargs` options": that callable's
    offsets = (mention.start - segment.start, mention.end - segment.start)
    if returned_label(segment.kind, sentence, *offsets, function=inp.function.name):
        return None  # "- `func_vals` [array]: ...", "tuple of (`a`, `b`)" under Returns;
        # "A list ``base_ordering`` such that ..." returned by ``_base_ordering``
    called = mention.kind == "call" or called_in(name, sentence)
    cue = passed or twin is not None or (plain and said)
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
    if match is None or (twin is not None and match != twin):
        return None
    if _numbered_item(inp, name, match):
        return None  # ``*prop1*, *prop2*, ...`` for ``*props``: its items one by one
    if match in params and not plain and in_twin_entry(inp.docstring.segments, name, match):
        return None  # "imat_fem_struct : structure ... from an imat_fem": what it is built from
    if java and qualified_in_docstring(inp.docstring.segments, name):
        return None  # "that {@code DateTimeFormatter}" after its qualified link
    if java and a_returned_jdk_property(name, inp.function.returns, inp.file.imports):
        return None  # "the {@code nextValue} ... methods" of a returned JDK spinner model
    if java and match in params and jdk_api_type(name):
        return None  # "must be of type {@code QName}" (XMLBeans, round 98j): the JDK's type,
        # which prose may name unimported -- no old name of the parameter ``name``
    if inp.file.language == "java" and _capitalised_in_scope(name, resolution):
        return None  # ``DirectoryComboBox`` for the field ``directoryComboBox``: that thing
    if java and match == f"engine{name[:1].upper()}{name[1:]}":
        return None  # "`newEncapsulator`" by ``engineNewEncapsulator``: the JCA API it backs
    if not java and _wire_name(inp.source, name):
        return None  # ``envRef`` beside ``'envRefs'`` of an ``attribute_map``: a JSON key
    if not java and _snake_defined(inp, name):
        return None  # "Use `runTask` instead." beside a method ``run_task``: the API's id of it
    if not java and _nested_field(inp.source, name, match):
        return None  # `proxy_address` of "MessagingBinding.ProxyAddress": the nested field
    if not java and api_value(inp, name):
        return None  # "If `not_detected`, ..." beside ``Literal["detected", "not_detected"]``;
        # "Read `_default_subcommands` ..." beside ``KEY = "_default_subcommands"``
    if not java and remote_operation(inp, name):
        return None  # "after the ``StartQueryExecution`` call": ``client.start_query_execution``
    if not java and _item_of_marked_plural(inp, name, match):
        return None  # "the `main_channel_index`" where the docstring marks `main_channel_indices`
    if match not in params and _passed_elsewhere(inp, name):
        return None  # ``Factory.get(mxbeanInterface)``: the callee's parameter, not a member
    if java and _example_value(inp, name):
        return None  # "``object.withFallback(nonObject).withFallback(otherObject)``, then
        # ``otherObject`` is ignored": one of the values the docstring's example passes
    if match not in params and _callable_twin(inp, match) and valued_not_called(name, sentence):
        return None  # "created with `track_x` set to `True`": a keyword, not the function `get_x`
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
        callable_twin = called_twin(name, defined, lambda: linked_outward(inp))
        if callable_twin is not None:
            match, what = callable_twin, "function" if callable_twin[:1].islower() else "class"
    message = (
        f"`{name}` names nothing in scope; it looks like the {what} `{match}` under its old name"
    )
    fix_hint = _RENAME.format(name=name, match=match)
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


def _sets_private_twin(inp: StaticInput, name: str) -> bool:
    """The documented function itself stores ``self._name`` (pygame-menu's ``Menu.resize``,
    "This value defines the ``window_size`` of the Menu", then ``self._window_size = ...``,
    round 88): the sentence names the thing the method sets, spelt without its underscore --
    no old name.  A private twin the function only reads or leaves alone (``_initial_url``
    behind a renamed property ``initial_url``; tornado's module function ``_get_version`` for
    a renamed ``get_version``: recall mutations) is no such evidence."""
    if name.startswith("_"):
        return False
    store = rf"\b(?:self|cls)\._{re.escape(name)}\s*(?::[^=\n]+)?=(?!=)"
    return re.search(store, inp.body_code()) is not None


def _private_used_elsewhere(inp: StaticInput, name: str) -> list[str]:
    """The other project files whose code uses the private ``name`` (Python)."""
    if inp.file.language != "python" or not name.startswith("_") or name.startswith("__"):
        return []
    return used_elsewhere(inp, name)


def _callable_twin(inp: StaticInput, name: str) -> bool:
    """``name`` is a function or class the file defines, or one the documented code calls."""
    defined = {f.name for f in inp.file.functions} | {c.name for c in inp.file.classes}
    return name in defined or _calls(inp, name)


def _calls(inp: StaticInput, name: str) -> bool:
    """The documented function's code calls ``name`` (``name(...)``)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", inp.body_code()) is not None


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


def _example_value(inp: StaticInput, name: str) -> bool:
    """The docstring's own example calls the documented method more than once, passing
    ``name`` in one call and another name in the same place of another (Lightbend Config's
    ``object.withFallback(nonObject).withFallback(otherObject)``, round 95j): the example's
    values, which no single old name of the parameter can be.  A lone call naming it
    (``withFallback(oldName)``) may still spell the parameter's old name."""
    doc = inp.function.docstring
    if doc is None:
        return False
    text = inp.code(doc.span.start_byte, doc.span.end_byte)
    call = rf"(?<![\w$]){re.escape(inp.function.name)}\s*\(([^()]*)\)"
    passed: dict[int, set[str]] = {}
    for found in re.finditer(call, text):
        for place, argument in enumerate(found[1].split(",")):
            passed.setdefault(place, set()).add(argument.strip())
    return any(name in values and len(values) > 1 for values in passed.values())


_CAMEL = re.compile(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+")


def _wire_name(source: str, name: str) -> bool:
    """A camelCase ``name`` that a string literal of the Python file spells, or misses by one
    letter: a key of the JSON/API the code maps its snake_case names to (influxdb-client's
    generated models: ``attribute_map = {'env_refs': 'envRefs'}`` beside "`envRef` objects",
    round 53), not an old name of a parameter."""
    if _CAMEL.fullmatch(name) is None:
        return False
    stem = name[: len(name) // 2]
    for literal in re.findall(rf"""["']({re.escape(stem)}\w*)["']""", source):
        if literal == name or one_edit(literal, name):
            return True
    return False


def _snake_defined(inp: StaticInput, name: str) -> bool:
    """A camelCase ``name`` whose snake_case spelling is a function or method the file defines
    (algoliasearch's generated clients, round 93: "Runs a task using the v1 endpoint. Use
    `runTask` instead." beside the method ``run_task``, read as the parameter
    ``run_task_payload`` renamed, 8 FALSE): the REST operation's id of that method, another
    spelling of code that exists, not an old name.  A camelCase name no function of the file
    spells in snake_case keeps its twin."""
    if _CAMEL.fullmatch(name) is None:
        return False
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    return snake != name and any(fn.name == snake for fn in inp.file.functions)


# a dotted key of the wire format ("MessagingBinding.ProxyAddress": messaging_binding_proxy_address)
_DOTTED_KEY = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']""")


def _folded(word: str) -> str:
    return word.replace("_", "").replace(".", "").lower()


def _nested_field(source: str, name: str, twin: str) -> bool:
    """The code sends ``twin`` under a dotted key of the file whose whole path is ``twin`` and
    whose last segment is ``name`` (twilio's generated clients, round 76: the parameter
    ``messaging_binding_proxy_address`` goes out as ``"MessagingBinding.ProxyAddress"``, and the
    text names the nested object's field `proxy_address` as the API does): the field, not an
    old name of the flattened parameter."""
    for key in _DOTTED_KEY.findall(source):
        if _folded(key) == _folded(twin) and _folded(key.rsplit(".", 1)[-1]) == _folded(name):
            return True
    return False


def _item_of_marked_plural(inp: StaticInput, name: str, twin: str) -> bool:
    """``name`` is the singular of its plural twin (:func:`.item_singulars`), and the docstring
    marks the twin itself as code (spikeinterface's "Computes the `main_channel_indices` ...
    take the "average" channel as the `main_channel_index`", round 94): the writer knows the
    plural's name, so the singular names one of its items, not an old name of it.  A name that
    is no singular of the twin (``new_units_ids`` for ``new_unit_ids``), or a singular beside a
    plural the docstring never marks (``path`` for a parameter renamed ``paths``), keeps it."""
    if name not in item_singulars(twin):
        return False
    doc = inp.function.docstring
    if doc is None:
        return False
    text = inp.code(doc.span.start_byte, doc.span.end_byte)
    marked = rf"(?<![\w`*])[`*]+{re.escape(twin)}[`*]+(?![\w`*])"
    return re.search(marked, text) is not None
