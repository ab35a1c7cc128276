"""What a name in a checked function's annotations stands for, by scope (the C2 rules).

Two lookups the type normaliser cannot make alone, both bounded by the function and one hop:

* :func:`scope_aliases`: the file's import aliases, plus the names its module scope binds to
  project classes (a class defined in the file, or imported from a project module).  A bound
  name is resolved before the typing vocabulary: a project class ``Text`` is not
  ``typing.Text`` (``str``).
* :func:`type_aliases`: the module-level type aliases the function's annotations use, name to
  the aliased expression -- ``KeyFunc = Optional[Callable[...]]``, ``X: TypeAlias = …``,
  PEP 695 ``type X = …``, in this file or imported from a project module (one hop).  Only
  the names the annotations mention are read, so the cost does not grow with the file.
"""

from __future__ import annotations

import ast
import re
import textwrap
import warnings

from docref.checks.static.base import StaticInput
from docref.checks.static.params import import_aliases, signatures
from docref.graph.model import FileExtract, Variable

__all__ = ["scope_aliases", "type_aliases"]

_IDENT = re.compile(r"[A-Za-z_]\w*")
_PEP695 = re.compile(r"^type\s+(\w+)\s*=\s*(.+)$", re.DOTALL)
_TYPE_ALIAS = frozenset({"TypeAlias", "typing.TypeAlias", "typing_extensions.TypeAlias"})
_MAX_ALIAS_CHARS = 2000


def _top_classes(extract: FileExtract) -> set[str]:
    return {cls.name for cls in extract.classes if cls.parent_class is None}


def _project_files(inp: StaticInput) -> list[FileExtract]:
    """The project files this file imports (the graph resolved them), in a stable order."""
    found: list[FileExtract] = []
    for path in sorted(inp.graph.imports_of(inp.path)):
        extract = inp.graph.get(path)
        if extract is not None and extract.language == "python":
            found.append(extract)
    return found


def scope_aliases(inp: StaticInput) -> dict[str, str]:
    """Import aliases of the function's scope, plus each module-scope name bound to a
    project class (bare: the subclass oracle relates project classes by their last name)."""
    aliases = import_aliases(inp.file, inp.function)
    for name in _top_classes(inp.file):
        aliases.setdefault(name, name)
    scopes = {"", inp.function.qualname}
    imported = [
        imp
        for imp in inp.file.imports
        if imp.scope in scopes and imp.name and imp.name != "*" and imp.bound_name not in aliases
    ]
    if imported:
        classes: set[str] = set()
        for extract in _project_files(inp):
            classes |= _top_classes(extract)
        for imp in imported:
            if imp.name in classes:
                aliases[imp.bound_name] = imp.name or imp.bound_name
    return aliases


def _annotation_names(inp: StaticInput) -> set[str]:
    names: set[str] = set()
    for function in signatures(inp):
        texts = [p.annotation for p in function.params if p.annotation]
        if function.returns:
            texts.append(function.returns)
        for text in texts:
            names.update(_IDENT.findall(text))
    return names


def _module_variable(extract: FileExtract, name: str) -> Variable | None:
    """The one module-level assignment of ``name`` (``None`` when absent or reassigned)."""
    found = [v for v in extract.variables if v.scope == "module" and v.qualname == name]
    return found[0] if len(found) == 1 else None


def _aliased_text(statement: str, name: str, annotation: str | None) -> str | None:
    """The aliased expression of a module-level statement, ``None`` when it is no alias
    (an annotated variable that is not a ``TypeAlias``, a tuple target, a syntax error)."""
    statement = textwrap.dedent(statement).strip()
    if len(statement) > _MAX_ALIAS_CHARS:
        return None
    pep695 = _PEP695.match(statement)
    if pep695 is not None:
        return pep695.group(2).strip() if pep695.group(1) == name else None
    if annotation is not None and annotation.strip() not in _TYPE_ALIAS:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            tree = ast.parse(statement)
    except (SyntaxError, ValueError):
        return None
    if len(tree.body) != 1:
        return None
    node = tree.body[0]
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, value = node.targets[0], node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        target, value = node.target, node.value
    else:
        return None
    if not isinstance(target, ast.Name) or target.id != name:
        return None
    return ast.unparse(value)


def _statement(inp: StaticInput, extract: FileExtract, variable: Variable) -> str:
    span = variable.span
    if extract is inp.file:
        return inp.code(span.start_byte, span.end_byte)
    data = inp.graph.source(extract.path).encode("utf-8", "surrogatepass")
    return data[span.start_byte : span.end_byte].decode("utf-8", "replace")


def type_aliases(inp: StaticInput) -> dict[str, str]:
    """Each name the function's annotations use that is a module-level type alias, in this
    file or imported from a project module, mapped to the aliased expression's text."""
    if inp.file.language != "python":
        return {}
    names = _annotation_names(inp)
    if not names:
        return {}
    found: dict[str, str] = {}
    wanted: dict[str, str] = {}  # bound name -> the name in the imported module
    scopes = {"", inp.function.qualname}
    for imp in inp.file.imports:
        if imp.scope in scopes and imp.name and imp.bound_name in names:
            wanted[imp.bound_name] = imp.name
    for name in names - set(wanted):
        variable = _module_variable(inp.file, name)
        if variable is not None:
            text = _aliased_text(_statement(inp, inp.file, variable), name, variable.annotation)
            if text is not None:
                found[name] = text
    if wanted:
        extracts = _project_files(inp)
        for bound, name in wanted.items():
            hits = [(e, v) for e in extracts if (v := _module_variable(e, name)) is not None]
            if len(hits) != 1:
                continue  # absent from the project, or ambiguous: left as a name
            extract, variable = hits[0]
            text = _aliased_text(_statement(inp, extract, variable), name, variable.annotation)
            if text is not None:
                found[bound] = text
    return found
