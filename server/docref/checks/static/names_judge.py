"""How a mention found in a docstring resolves in its function's scope (Python or Java): the
lookup :mod:`.names` judges each mention by, apart from what it then reports."""

from __future__ import annotations

import re
from collections.abc import Callable

from docref.checks.static.java_outside_types import package_imports
from docref.checks.static.names_java import JavaScope
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_scope import RESOLVED, Resolution

__all__ = ["judge_java", "judge_python"]

# Java's keywords and literals (JLS 3.9, 3.10): ``{@code char}`` is the primitive type (guava's
# HashFunction.hashString: "hashes every {@code char}", round 23), never a name to resolve --
# Python's keyword list, which the mention finder applies, lacks most of them
_JAVA_KEYWORDS = frozenset(
    {
        "abstract",
        "assert",
        "boolean",
        "break",
        "byte",
        "case",
        "catch",
        "char",
        "class",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extends",
        "final",
        "finally",
        "float",
        "for",
        "goto",
        "if",
        "implements",
        "import",
        "instanceof",
        "int",
        "interface",
        "long",
        "native",
        "new",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "short",
        "static",
        "strictfp",
        "super",
        "switch",
        "synchronized",
        "this",
        "throw",
        "throws",
        "transient",
        "try",
        "void",
        "volatile",
        "while",
        "var",
        "record",
        "yield",
        "sealed",
        "permits",
        "true",
        "false",
        "null",
    }
)


def judge_python(
    scope: PythonScope, mention: Mention, pending: list[Callable[[], bool]] | None = None
) -> Resolution:
    """How a Python docstring's mention resolves in its function's scope: a module, a bare
    name, a dotted path, or a cross-reference Sphinx would also look up relative to the
    current module's packages.  ``pending``: as :meth:`PythonScope.resolve_bare`'s, for a bare
    name (whatever else the verdict is, one of them holding makes it ``resolved``)."""
    parts = mention.target.split(".")
    if mention.role == "mod":
        return scope.resolve_module(mention.target)
    if len(parts) == 1:
        # a role (``:func:`set_theme```) names an object, never a keyword passed on
        resolution = scope.resolve_bare(
            mention.target, keyword=mention.kind != "role", pending=pending
        )
    elif mention.kind == "dotted":
        return scope.resolve_dotted(parts, "module")
    elif mention.kind == "call":
        return scope.resolve_dotted(parts, "module_or_class")
    else:
        resolution = scope.resolve_dotted(parts)
    if mention.is_xref and resolution.verdict == "missing":
        # Sphinx resolves a reference relative to the current module and its packages (API
        # pages set ``currentmodule`` to the top-level package): ``computation.rolling.X``
        # written in ``xarray/core/dataset.py`` is ``xarray.computation.rolling.X``
        # and one that gets as far as the last part names what is really missing
        for package in scope.enclosing_packages():
            relative = scope.resolve_dotted([*package.split("."), *parts])
            if relative.verdict == "resolved":
                return RESOLVED
            deeper = relative.verdict == "missing" and relative.missing == parts[-1]
            if deeper and resolution.missing != parts[-1]:
                resolution = relative
    return resolution


# an alternation whose items after the first drop the head they share: Mockito's
# ``<code>doReturn</code>|<code>Answer</code>|<code>Throw()</code>|<code>CallRealMethod</code>``
# for doReturn, doAnswer, doThrow and doCallRealMethod (round 26): the items before a mention
_ALTERNATION = re.compile(
    r"(?:<code>|\{@code\s+)?(?<!\w)(?P<head>[a-z]+)[A-Z]\w*(?:\(\))?(?:</code>|\})?\s*\|\s*"
    r"(?:(?:<code>|\{@code\s+)?[A-Z]\w*(?:\(\))?(?:</code>|\})?\s*\|\s*)*"
    r"(?:<code>|\{@code\s+)?$"
)


def _shared_head(scope: JavaScope, mention: Mention) -> bool:
    """``Answer`` in ``doReturn|Answer|Throw()``: the first item's lower-case head and the
    mention name a member of the class (``doAnswer``)."""
    if not mention.target[:1].isupper():
        return False
    before = _ALTERNATION.search(scope.source, max(0, mention.start - 300), mention.start)
    if before is None:
        return False
    full = before["head"] + mention.target
    return scope.resolve_reference(f"#{full}").verdict == "resolved"


# a lower-case snake_case name (``num_annotations``, ``attribute_info``): Java code is camel
# case, so in a Javadoc such a name is a format's own spelling (the JVM class-file items a
# bytecode library's ``numAnnotations``/``AttributeInfo`` write and model), not old code
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
# a C type's name, POSIX's ``_t`` typedefs (``pid_t``, ``psinfo_t``): the struct a native
# binding reads (OSHI's "the ``pr_argv`` field from a {@code psinfo_t}", round 89j)
_C_TYPEDEF = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*_t")


def _spec_spelling(scope: JavaScope, target: str) -> bool:
    """``num_annotations`` in ``numAnnotations``'s Javadoc: the snake_case name is the camel
    case member (or Pascal case type) in scope spelled as the specification it implements
    spells it, or a C type (:data:`_C_TYPEDEF`).  A parameter does not count: a snake_case
    spelling of a parameter's name is a slip the reader of the signature would fix."""
    if not _SNAKE.fullmatch(target):
        return False
    if _C_TYPEDEF.fullmatch(target):
        return True
    words = target.split("_")
    camel = words[0] + "".join(w.capitalize() for w in words[1:])
    pascal = "".join(w.capitalize() for w in words)
    if scope.resolve_reference(f"#{camel}").verdict == "resolved":
        return True
    return scope.resolve_reference(pascal).verdict == "resolved"


# a CamelCase type name (two humps at least: ``SecurityManager``, not a sentence's first word)
_TYPE_WORD = re.compile(r"(?<![\w.#])[A-Z][a-z0-9]+[A-Z]\w*")


def _member_of_a_named_type(scope: JavaScope, mention: Mention) -> bool:
    """ "If a SecurityManager exists and its checkPermission method denies ...": a name that is
    a member of a type the Javadoc names before it (the JDK's Javadoc copied into an
    implementation names the collaborator's method, not one of this class)."""
    window = scope.source[max(0, mention.start - 2000) : mention.start]
    opening = window.rfind("/**")
    docstring = window[opening:] if opening >= 0 else window
    for word in dict.fromkeys(_TYPE_WORD.findall(docstring)):
        if scope.type_has_member(word, mention.target):
            return True
    return False


# a list item opened by a code-marked label and a dash: ``<li><code>scriptName</code> - CGI
# variable SCRIPT_NAME; ...`` labels a part of what the method returns, not a code name
_ITEM_OPEN = re.compile(r"<li>[\s*]*(?:<code>|\{@code\s+)?$", re.I)
_ITEM_DASH = re.compile(r"(?:</code>|\})?\s*(?:-|&ndash;|:)\s", re.I)


def _list_item_label(scope: JavaScope, mention: Mention) -> bool:
    """The mention is the label opening an HTML list item (see :data:`_ITEM_OPEN`)."""
    before = scope.source[max(0, mention.start - 40) : mention.start]
    return bool(_ITEM_OPEN.search(before)) and bool(
        _ITEM_DASH.match(scope.source, mention.end, mention.end + 20)
    )


def judge_java(scope: JavaScope, mention: Mention) -> Resolution:
    """How a Javadoc or Markdown mention resolves in a Java scope (a call, a member or a
    type)."""
    if mention.kind == "call":
        return scope.resolve_call(mention.target)
    target = mention.target
    if target in _JAVA_KEYWORDS:
        return RESOLVED
    if mention.kind in ("backtick", "literal", "code") and "." not in target and "#" not in target:
        # a bare name in a Markdown code span is a member as often as a type: resolved if
        # either is; otherwise a bare name (no owner), so it needs a did-you-mean from the
        # members and types in scope to be reported -- a method of another class, or a type
        # the file does not import, is as likely as stale code
        member = scope.resolve_reference(f"#{target}")
        if member.verdict != "missing":
            return member
        as_type = scope.resolve_reference(target)
        if as_type.verdict != "missing":
            return as_type
        if target[:1].isupper() and scope.imported_package_has(target):
            return RESOLVED  # ``<code>SimpleTimeZone</code>`` beside an imported TimeZone
        if target[:1].isupper() and package_imports(scope, target):
            return RESOLVED  # ``{@code ContextRegistry}``: a library type the package imports
        if scope.names_a_property(target):
            return RESOLVED  # ``{@code maxWait}`` in ``setMaxWait``'s Javadoc
        if _shared_head(scope, mention):
            return RESOLVED  # ``doReturn|Answer``: ``doAnswer`` with the shared head dropped
        if target.startswith("$") or _spec_spelling(scope, target):
            # ``<code>$relativePath</code>``: a template's (Velocity, shell) variable -- no
            # Java name starts with ``$`` but generated ones
            return RESOLVED
        if _member_of_a_named_type(scope, mention) or _list_item_label(scope, mention):
            return RESOLVED
        candidates = tuple(dict.fromkeys((*member.candidates, *as_type.candidates)))
        return Resolution("missing", missing=target, candidates=candidates)
    bare = "." not in target and "#" not in target
    if mention.kind == "caps" and bare:
        # an ALL_CAPS name is a constant before it is a type: one the class inherits (an
        # event reader implementing the JDK's ``XMLStreamConstants`` documents returning
        # ``<code>END_DOCUMENT</code>``) or its code uses resolves as a member
        member = scope.resolve_reference(f"#{target}")
        if member.verdict != "missing":
            return member
    resolution = scope.resolve_reference(target)
    if resolution.verdict == "missing" and bare and _member_of_a_named_type(scope, mention):
        return RESOLVED
    return resolution
