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
    seen = {inp.path}
    frontier = [inp.path]
    for _ in range(3):  # the file, then two hops of its imports
        for path in frontier:
            text = inp.graph.source(path)
            if member.search(text) is not None or constant.search(text) is not None:
                return True
        frontier = [p for f in frontier for p in sorted(inp.graph.imports_of(f)) if p not in seen]
        seen.update(frontier)
    return False
