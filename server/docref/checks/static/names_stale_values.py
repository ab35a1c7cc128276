"""Values of the API that a code-marked name may spell, which no old name is (for
``C1-PROSE-NAME-STALE``, :mod:`.names_stale`): a member of a ``Literal[...]`` type (round 84,
openai's "If `not_detected`, ..."), or the string an upper-case constant holds -- a key of a
configuration file, a setting, an enum member's value (round 103, click-extra's "Read and
validate `_default_subcommands` from the loaded configuration" beside ``DEFAULT_SUBCOMMANDS_KEY
= "_default_subcommands"``, read as the module's ``_dedupe_subcommands`` renamed)."""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput

# an upper-case constant (module level or a class's, an enum member) holding just the string
_CONSTANT = r"""^[ \t]*[A-Z][A-Z0-9_]*[ \t]*(?::[^=\n]+)?=[ \t]*["']{name}["'][ \t]*(?:#.*)?$"""


def api_value(inp: StaticInput, name: str) -> bool:
    """``name`` is a member of a ``Literal[...]`` type, or the whole string an upper-case
    constant is assigned, in the documented file or in a project file it imports, or one those
    import (openai's ``ContentProvenanceCheck.outcome: Literal["detected", "not_detected"]``,
    round 84, beside "If `not_detected`, it means the tool did not find ..." on the method
    returning it; dlt's ``TRefreshMode``, round 50; click-extra's ``PREPEND_SUBCOMMANDS_KEY =
    "_prepend_subcommands"`` in the ``config/schema.py`` its ``subcommands.py`` imports, round
    103): a value of the API, which the prose describes, not an old name of a code name.  A
    string only some call passes, or a lower-case variable holds, is no such evidence: an old
    name may linger in a log message or a local's text."""
    quoted = re.escape(name)
    member = re.compile(rf"""\bLiteral\[[^\]]*?["']{quoted}["']""")
    constant = re.compile(_CONSTANT.format(name=quoted), re.MULTILINE)
    return _spelt_near(inp, member, constant)


# the verbs a remote operation's name begins with (AWS's ``StartQueryExecution``, gRPC's
# ``RunQuery``); a class's name is a noun
_VERBS = frozenset(
    {
        "abort",
        "add",
        "apply",
        "assume",
        "attach",
        "batch",
        "begin",
        "call",
        "cancel",
        "check",
        "commit",
        "complete",
        "copy",
        "create",
        "delete",
        "deregister",
        "describe",
        "detach",
        "disable",
        "download",
        "enable",
        "execute",
        "export",
        "fetch",
        "generate",
        "get",
        "import",
        "insert",
        "invoke",
        "list",
        "lookup",
        "merge",
        "modify",
        "patch",
        "pause",
        "poll",
        "post",
        "publish",
        "put",
        "query",
        "read",
        "receive",
        "register",
        "remove",
        "reset",
        "restore",
        "resume",
        "run",
        "scan",
        "search",
        "send",
        "start",
        "stop",
        "subscribe",
        "terminate",
        "update",
        "upload",
        "upsert",
        "validate",
        "write",
    }
)
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def remote_operation(inp: StaticInput, name: str) -> bool:
    """A verb-led PascalCase ``name`` whose snake_case spelling the code reaches as an attribute
    (``client.start_query_execution``) in the documented file or a project file it imports, or
    one those import: the operation of a remote API, which boto3 and gRPC clients expose as
    that method (pyathena's "after the ``StartQueryExecution`` call", round 106, ten cursors
    beside the project's class ``AthenaQueryExecution``), not an old name of a code name.  A
    noun-led name (``QueryExecution``, an old class name whose snake_case spelling may well be
    an attribute holding one) or a spelling nothing reaches keeps its twin."""
    words = _CAMEL_WORDS.findall(name)
    if not name[:1].isupper() or len(words) < 2 or "".join(words) != name:
        return False  # PascalCase, as AWS and gRPC name operations (camelCase ids: _snake_defined)
    if words[0].lower() not in _VERBS:
        return False
    snake = "_".join(word.lower() for word in words)
    return _spelt_near(inp, re.compile(rf"\.{snake}\b(?!\s*=[^=])"))


def _spelt_near(inp: StaticInput, *patterns: re.Pattern[str]) -> bool:
    """One of ``patterns`` matches the documented file, a project file it imports, or one those
    import."""
    seen = {inp.path}
    frontier = [inp.path]
    for _ in range(3):  # the file, then two hops of its imports
        for path in frontier:
            text = inp.graph.source(path)
            if any(pattern.search(text) is not None for pattern in patterns):
                return True
        frontier = [p for f in frontier for p in sorted(inp.graph.imports_of(f)) if p not in seen]
        seen.update(frontier)
    return False
