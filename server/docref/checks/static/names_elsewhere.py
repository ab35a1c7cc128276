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

A file whose only code with the name is a stale re-export does not count
(:func:`only_a_stale_reexport`): ``from .module import enable_named_call`` in a package's
``__init__.py`` after ``module.py`` renamed the function is the rename's leftover, not code
that still uses the name.
"""

from __future__ import annotations

import ast
import functools
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.prose_names import RULE_ELSEWHERE
from docref.checks.static.scopes import python_scope
from docref.graph.code_names import files_using

__all__ = ["RULE_ELSEWHERE", "elsewhere_message", "only_a_stale_reexport", "used_elsewhere"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def used_elsewhere(inp: StaticInput, name: str) -> list[str]:
    """The other files of the project whose code uses the bare ``name`` (Python only: the
    signal was measured on Python projects)."""
    if inp.file.language != "python" or _IDENTIFIER.fullmatch(name) is None:
        return []
    users = [rel for rel in files_using(inp.graph, name) if rel != inp.path]
    return [rel for rel in users if not only_a_stale_reexport(inp, rel, name)]


def only_a_stale_reexport(inp: StaticInput, user: str, name: str) -> bool:
    """Project file ``user`` names ``name`` only to import it (and list it in ``__all__``)
    from a project module that provably makes no such name (the resolver's unbound import:
    no star import, no name made at run time, the name in none of that module's code)."""
    fe = inp.graph.get(user)
    imports = [i for i in fe.imports if i.name == name] if fe is not None else []
    if not imports or any(i.scope for i in imports):
        return False
    scope = python_scope(inp)
    if not all(scope.imports_unbound(user, i.bound_name) for i in imports):
        return False
    try:
        source = inp.graph.source(user)
    except OSError:
        return False
    names = _names_used_as_code(source)
    return names is not None and name not in names


@functools.lru_cache(maxsize=16)
def _names_used_as_code(source: str) -> frozenset[str] | None:
    """Every name ``source`` uses as code (see :func:`_used`); ``None`` when it does not
    parse.  One walk per file: a stale mention is asked about once per file that imports it,
    and a module that re-exports many names is asked about each of them."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    return frozenset(name for node in ast.walk(tree) for name in _used(node))


def _used(node: ast.AST) -> list[str]:
    """The names ``node`` uses as code: a name, an attribute, a definition, a parameter, a
    keyword, a plain ``import`` (not the ``from`` import itself, not a string)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword):
        return [node.arg] if node.arg is not None else []
    if isinstance(node, ast.Import):
        return [n for a in node.names for n in (a.name.split(".")[0], a.asname) if n]
    if isinstance(node, ast.ImportFrom):
        # ``from .module import name as other`` binds ``other``: its uses are that name's
        return [a.name for a in node.names if a.asname not in (None, a.name)]
    return []


def elsewhere_message(name: str, users: list[str], message: str) -> str:
    """``message`` saying where ``name`` is still used as code (the first file, and how many
    more)."""
    more = f" (and {len(users) - 1} more)" if len(users) > 1 else ""
    where = f"is still used as code in {users[0]}{more}"
    head, sep, rest = message.partition("names nothing in scope")
    if not sep:
        return f"{message} (`{name}` {where})"
    return f"{head}names nothing in scope but {where}{rest}"
