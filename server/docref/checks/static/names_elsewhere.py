"""A bare name that resolves nothing in scope but is still a word of the project's code.

``C1-NAME-UNRESOLVED`` reports a bare name (in backticks, a reST literal, call syntax) that
names nothing the function sees when a name in scope is one typo away from it (the
did-you-mean).  When another file of the project still uses that name as code -- a
parameter or local of other functions, a keyword argument, an attribute, an imported
library name -- the docstring is far more often speaking that code's vocabulary (another
method's parameter, polars' ``Datetime``, torch's ``grid_sample``) than naming a leftover of
a rename: judged on first sight (rounds 14-22, session 17's ``conventions_elsewhere.py``)
4 of 22 such findings were TRUE, against 58-76% for names found nowhere else.  Such a
finding goes to the opt-in ``C1-PROSE-NAME-ELSEWHERE`` (the rule of names only other code
uses), its message naming a file that uses it.  The table of each file's identifiers is the
graph's (:mod:`docref.graph.code_names`), so the CLI, the editor and a cold run's workers
ask the same question of the same project.
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_stale import RULE_ELSEWHERE
from docref.graph.code_names import files_using

__all__ = ["RULE_ELSEWHERE", "elsewhere_message", "used_elsewhere"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def used_elsewhere(inp: StaticInput, name: str) -> list[str]:
    """The other files of the project whose code uses the bare ``name`` (Python only: the
    signal was measured on Python projects)."""
    if inp.file.language != "python" or _IDENTIFIER.fullmatch(name) is None:
        return []
    return [rel for rel in files_using(inp.graph, name) if rel != inp.path]


def elsewhere_message(name: str, users: list[str], message: str) -> str:
    """``message`` saying where ``name`` is still used as code (the first file, and how many
    more)."""
    more = f" (and {len(users) - 1} more)" if len(users) > 1 else ""
    where = f"is still used as code in {users[0]}{more}"
    head, sep, rest = message.partition("names nothing in scope")
    if not sep:
        return f"{message} (`{name}` {where})"
    return f"{head}names nothing in scope but {where}{rest}"
