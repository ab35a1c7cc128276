"""What a documented exception of ``C3-RAISES`` is checked against (:mod:`.returns_raises`):
the names a Raises entry writes, whether one of them names nothing at all, and whether the
body (or a 1-hop callee, or code the rule cannot see into) explains it."""

from __future__ import annotations

import ast
import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_python import PythonScope
from docref.checks.static.names_spelling import suggest
from docref.checks.static.raise_facts import (
    CallResolver,
    RaiseSummary,
    builtin_exception,
    closed_body,
    returns_not_implemented,
)
from docref.checks.static.returns_raises_ast import FuncNode
from docref.core.findings import Criterion, Finding
from docref.graph.model import Class
from docref.segments import Segment

__all__ = ["documented_names", "explained", "unresolved_name"]

RULE_RAISES = "C3-RAISES"
_BROAD = frozenset({"Exception", "BaseException"})
# Nodes that cannot raise: constants and names moved around.  Any call, operation, subscript,
# attribute access, unpacking, loop, ``with`` or ``yield`` may raise (``Exception`` fits).
_INERT = (
    *(ast.Return, ast.Pass, ast.Expr, ast.Constant, ast.Name, ast.Load, ast.Store),
    *(ast.Assign, ast.AnnAssign, ast.Global, ast.Nonlocal),
)
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")
# NumPy's "name : type" written in a Raises entry ("exc : LookupError", round 52, spopt's
# ``find_sublist_containing``): a lower-case variable name, then the exception class
_NAMED_TYPE = re.compile(r"^\s*[a-z_]\w*\s+:\s+([A-Z][\w.]*)\b")


def documented_names(seg: Segment) -> list[str]:
    """The exception names of a Raises entry as written, [] if one is unreadable."""
    raw = (seg.name or "").strip().strip("`~!").removeprefix(":exc:").strip("`~!")
    named = _NAMED_TYPE.match(seg.text)
    if named and raw and seg.text.lstrip().startswith(raw):
        raw = named.group(1)
    names: list[str] = []
    for part in re.split(r"\s*(?:,|\bor\b|\|)\s*", raw):
        part = part.strip().strip("`~!")
        if not part:
            continue
        if not _NAME.match(part):
            return []
        names.append(part)
    return names


def _project_class(inp: StaticInput, name: str) -> tuple[str, Class] | bool | None:
    """The project class ``name`` (dotted as written) resolves to; False: defined outside the
    project (an import that leaves it); None: unknown."""
    found = CallResolver(inp.graph, inp.file, inp.function).entity(name)
    if found is None:
        return None
    if isinstance(found, bool) or not isinstance(found[1], Class):
        return False
    return found[0], found[1]


def _covers(inp: StaticInput, documented: str, raised: str) -> bool:
    """Raising ``raised`` is consistent with documenting ``documented``."""
    if raised == documented:
        return True
    doc_builtin = builtin_exception(documented)
    raised_builtin = builtin_exception(raised)
    if raised_builtin is not None:
        return doc_builtin is not None and issubclass(raised_builtin, doc_builtin)
    found = _project_class(inp, raised)
    if not isinstance(found, tuple):
        return True  # unknown hierarchy: it may well be a subclass
    for base in found[1].bases:
        short = base.split("[", 1)[0].rsplit(".", 1)[-1]
        if short == documented:
            return True
        base_builtin = builtin_exception(short)
        if base_builtin is None:
            return True  # a project or library base: one hop is all we follow
        if doc_builtin is not None and issubclass(base_builtin, doc_builtin):
            return True
    return False


def unresolved_name(
    inp: StaticInput, seg: Segment, names: list[str], summary: RaiseSummary, scope: PythonScope
) -> Finding | None:
    """A finding for the first documented name that names nothing: no builtin, import, class
    of the file or project, member, star import or module attribute.

    A call that leaves the project (or that the rule cannot follow) could raise a library
    exception documented by its bare name without an import, so then only a near-miss of a
    raised name (``CurtomError`` for ``CustomError``) is reported."""
    raised = sorted(summary.raised)
    for name in names:
        parts = name.split(".")
        if parts[-1] in summary.raised:
            continue  # raised under that name somewhere (a callee's import)
        found = scope.resolve_bare(name) if len(parts) == 1 else scope.resolve_dotted(parts)
        if found.verdict != "missing":
            continue
        typo_of = suggest(found.missing, raised)
        if typo_of is None and (summary.opaque or summary.external):
            continue
        meant = typo_of or suggest(found.missing, found.candidates)
        where = f": {found.owner} has no `{found.missing}`" if found.owner else " in scope"
        msg = f"documents raising {name}, but `{name}` names nothing{where}"
        hint = f"name the exception {inp.function.name}() raises, or remove {name}"
        if meant is not None:
            msg += f"; did you mean `{meant}`?"
            hint = f"rename {found.missing} to {meant}"
        return inp.finding(seg, Criterion.C3, RULE_RAISES, msg, hint)
    return None


def _cannot_raise(node: FuncNode) -> bool:
    """Nothing in the body can raise (``return 2``): see ``_INERT``."""
    for stmt in node.body:
        for sub in ast.walk(stmt):
            loaded = isinstance(sub, ast.Tuple | ast.List) and isinstance(sub.ctx, ast.Load)
            if not loaded and not isinstance(sub, _INERT):
                return False
    return True


def explained(inp: StaticInput, dotted_name: str, summary: RaiseSummary, node: FuncNode) -> bool:
    name = dotted_name.rsplit(".", 1)[-1]
    if name in _BROAD:
        return not _cannot_raise(node)
    if name.endswith("Warning"):
        return True
    if any(_covers(inp, name, r) for r in summary.raised):
        return True
    if builtin_exception(name) is not None and "." not in dotted_name:
        if name == "NotImplementedError" and returns_not_implemented(node):
            return False  # ``return NotImplemented`` documented as raising (sympy's ``__eq__``)
        modules = {i.bound_name for i in inp.file.imports if i.name is None}
        return summary.external or not closed_body(node, modules, summary.properties)
    project = _project_class(inp, dotted_name)
    if isinstance(project, tuple):
        return False  # a project exception: external code cannot raise it
    return summary.external or project is None
