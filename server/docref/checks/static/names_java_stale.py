"""A Javadoc ``{@code x}``/``<code>x</code>`` naming a parameter's old name that Java's
resolver took for current only because another method of the file declares a parameter or
local variable so named (:func:`renamed_local_elsewhere`; Python's counterpart is
:func:`.names_stale_resolved.renamed_but_used_elsewhere`); :func:`used_elsewhere` asks the
one of the scope's language."""

from __future__ import annotations

import dataclasses
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_intent import marked_not_existing, may_not_exist
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import missing
from docref.checks.static.names_stale import renamed_to, stale_finding
from docref.checks.static.names_stale_resolved import renamed_but_used_elsewhere
from docref.core.findings import Finding
from docref.core.word_search import word_in
from docref.graph.model import Function
from docref.segments import Segment

__all__ = ["renamed_local_elsewhere", "used_elsewhere"]

# a Java comment, string or character literal: words in them are no use of a name
_JAVA_TEXT = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", re.S)


def _declares(fn: Function, name: str, *, locals_too: bool = False) -> bool:
    """``fn`` has a parameter ``name`` (or, ``locals_too``, a local variable so named)."""
    return any(p.name == name for p in fn.params) or (locals_too and name in fn.local_names)


def _declared_wherever_used(inp: StaticInput, name: str) -> bool:
    """Every method of the file whose code uses ``name`` declares it (a parameter or a
    local), and no code reads it as another object's member (Java's ``peer.name``): the name is
    only ever those methods' own variable, never a field -- inherited from a class outside
    the project or not -- that the Javadoc could mean."""
    used = False
    for fn in inp.file.functions:
        code = _JAVA_TEXT.sub(" ", inp.code(fn.span.start_byte, fn.span.end_byte))
        if not word_in(code, name):
            continue
        if not _declares(fn, name, locals_too=True):
            return False
        if re.search(rf"\.\s*{re.escape(name)}\b", code):
            return False
        used = True
    return used


# a method the sentence links or calls by name: ``{@link #name(...)}``, ``#name(``, ``name(``
_METHOD_NAMED = re.compile(r"(?:#|\b)([A-Za-z_$][\w$]*)\s*\(")


def _linked_declarer(inp: StaticInput, sentence: str, name: str) -> bool:
    """Another method of the file that the *sentence* names with its parameter list
    (Vert.x's ``createSharedWorkerExecutor(name, poolSize, maxExecuteTime)``: "Like {@link
    #createSharedWorkerExecutor(String, int, long, TimeUnit)} but with the ... {@code
    maxExecuteTimeUnit}", round 98j) declares ``name``: the sentence speaks of that method's
    parameter, which the documented overload defaults."""
    named = {m[1] for m in _METHOD_NAMED.finditer(sentence)}
    return any(
        fn is not inp.function and fn.name in named and _declares(fn, name)
        for fn in inp.file.functions
    )


# a signature in the bracket notation of optional arguments, ``find( sub [, start [, end ]] )``
# (Python's and man pages'): no Java call has a ``[,``, so it is a signature the docstring quotes
_OPTIONAL_SIGNATURE = re.compile(r"[A-Za-z_$][\w$]*\s*\(([^()]*\[\s*,[^()]*)\)")
_WORD = re.compile(r"[A-Za-z_$][\w$]*")


def _signature_argument(inp: StaticInput, name: str) -> bool:
    """The docstring quotes a signature with optional arguments that names ``name`` among them
    (Jython's "Ready-to-expose implementation of Python {@code find( sub [, start [, end ]] )}
    ... Arguments {@code start} and {@code end} ..." on ``basebytes_find(sub, ostart, oend)``,
    round 107j): the docstring's own name for an argument, which a parameter carries."""
    doc = inp.docstring
    text = inp.source[doc.body_start : doc.body_end]
    if "[" not in text:
        return False
    return any(name in _WORD.findall(match[1]) for match in _OPTIONAL_SIGNATURE.finditer(text))


def renamed_local_elsewhere(
    inp: StaticInput, segment: Segment, mention: Mention, scope: JavaScope
) -> Finding | None:
    """``C1-PROSE-NAME-STALE`` on a bare lower-case name in Javadoc code markup (``{@code
    buffer}``) that resolved only as the parameter or local of other methods of the file
    (``intToBytes(int sample, byte[] buffer)`` beside the documented ``bytesToInt(byte[] buf)``),
    that the documented method's own code never uses, with one renamed twin among its
    parameters (:func:`.stale_finding`, the parameters only): the sentence speaks of the
    method's own argument under its old name.  A field or method of the class, inherited
    members and names another object's member (a Java ``peer.buffer``) stay resolved."""
    name = mention.target
    if mention.kind != "code" or not name[:1].islower() or "." in name or "#" in name:
        return None
    facts = scope.facts
    if name not in facts.locals or name in facts.entities or name in facts.top:
        return None
    fn = inp.function
    if _declares(fn, name, locals_too=True):
        return None
    if any(name in scope.member_names(cls) for cls in scope.chain):
        return None
    if scope.names_a_property(name) or not _declared_wherever_used(inp, name):
        return None
    if _linked_declarer(inp, inp.source[segment.start : segment.end], name):
        return None  # "Like {@link #run(String, long, TimeUnit)} but with the default {@code
        # unit}": the linked method's own parameter, which this one leaves out
    if _signature_argument(inp, name):
        return None
    finding = stale_finding(inp, segment, mention, missing("", name, ()))
    twin = renamed_to(finding)
    if finding is None or twin is None or not _declares(fn, twin):
        # a method of the class the name is near (rx-java's ``onComplete`` signal beside
        # ``onAssembly``) is no parameter the sentence's name became
        return None
    elsewhere = f"is a variable only of other methods of the file, not of {fn.name}()"
    message = finding.message.replace("names nothing in scope", elsewhere, 1)
    return dataclasses.replace(finding, message=message)


def used_elsewhere(
    inp: StaticInput,
    segment: Segment,
    mention: Mention,
    scope: PythonScope | JavaScope,
    *,
    cued: bool,
) -> Finding | None:
    """:func:`.renamed_but_used_elsewhere` (Java: :func:`renamed_local_elsewhere`, for the
    default rule only, ``cued``), unless the text allows the name to be absent."""
    if isinstance(scope, JavaScope):
        finding = renamed_local_elsewhere(inp, segment, mention, scope) if cued else None
    else:
        finding = renamed_but_used_elsewhere(inp, segment, mention, scope, cued=cued)
    if finding is None:
        return None  # nearly every resolved name, by tests cheaper than the two scans below
    if marked_not_existing(inp.source, segment, mention.start):
        return None
    if may_not_exist(inp.source, segment, mention.start):
        return None
    return finding
