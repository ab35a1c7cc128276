"""What a name in a checked function's annotations stands for, by scope (the C2 rules).

Two lookups the type normaliser cannot make alone, both bounded by the function and one hop:

* :func:`scope_aliases`: the file's import aliases, plus the names its module scope binds to
  project classes (a class defined in the file, or imported from a project module).  A bound
  name is resolved before the typing vocabulary: a project class ``Text`` is not
  ``typing.Text`` (``str``).
* :func:`type_aliases`: the module-level type aliases the function's annotations use, name to
  the aliased expression -- ``KeyFunc = Optional[Callable[...]]``, ``X: TypeAlias = …``,
  PEP 695 ``type X = …``, in this file or imported from a project module (one hop); a
  ``TypeVar`` with constraints stands for their union (``typing.AnyStr``: ``str | bytes``),
  one with a bound for the bound.  Only
  the names the annotations mention are read, so the cost does not grow with the file.
* :func:`type_tested`: whether the body tests a parameter's type with ``isinstance``.
* :func:`unknown_word`: a lower-case word of a documented type that names nothing.
* :func:`array_for_a_number`: an ndarray documented for a parameter annotated as a number.
* :func:`number_for_an_array`: a number documented for an annotation that is a numpy array.
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap
import threading
import warnings
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from docref.checks.static.base import StaticInput
from docref.checks.static.names_scope import project_names
from docref.checks.static.params import import_aliases, signatures
from docref.checks.types_expr import SHADOWABLE, TypeExpr
from docref.core.word_search import first_argument
from docref.graph.model import FileExtract, Import, Variable

__all__ = [
    "array_for_a_number",
    "default_class",
    "file_key",
    "in_reach",
    "number_for_an_array",
    "scope_aliases",
    "type_aliases",
    "type_tested",
    "unknown_word",
]

_IDENT = re.compile(r"[A-Za-z_]\w*")
_PEP695 = re.compile(r"^type\s+(\w+)\s*=\s*(.+)$", re.DOTALL)
_TYPE_ALIAS = frozenset({"TypeAlias", "typing.TypeAlias", "typing_extensions.TypeAlias"})
_MAX_ALIAS_CHARS = 2000
_ISINSTANCE_OPEN, _THEN_COMMA = re.compile(r"isinstance(?<!\wisinstance)\(\s*"), re.compile(r"\s*,")


_CACHED_FILES = 512


@dataclass(frozen=True, slots=True)
class _FileNames:
    """What one extract binds at module scope, computed once per file version."""

    top_classes: frozenset[str]
    variables: dict[str, list[Variable]]
    imports: dict[str, dict[str, Import]]  # scope -> bound name -> ``from m import name``
    import_scopes: frozenset[str]  # scopes with any import ("" for the module)
    module_aliases: dict[str, str]  # :func:`import_aliases` of the module scope
    aliased: dict[str, str | None]  # filled as names are asked for


_FILES: OrderedDict[tuple[str, str], _FileNames] = OrderedDict()
_FILES_LOCK = threading.Lock()  # the language server checks from more than one thread


def file_key(extract: FileExtract) -> tuple[str, str]:
    """The key of one version of a file (its extract is a function of its content)."""
    return (extract.path, extract.content_hash)


def _names(extract: FileExtract) -> _FileNames:
    key = file_key(extract)
    with _FILES_LOCK:
        cached = _FILES.get(key)
        if cached is not None:
            _FILES.move_to_end(key)
            return cached
    variables: dict[str, list[Variable]] = {}
    for var in extract.variables:
        if var.scope == "module":
            variables.setdefault(var.qualname, []).append(var)
    top = frozenset(cls.name for cls in extract.classes if cls.parent_class is None)
    imports: dict[str, dict[str, Import]] = {}
    for imp in extract.imports:
        if imp.name and imp.name != "*":
            imports.setdefault(imp.scope, {})[imp.bound_name] = imp
    scopes = frozenset(imp.scope for imp in extract.imports)
    names = _FileNames(top, variables, imports, scopes, import_aliases(extract), {})
    with _FILES_LOCK:
        _FILES[key] = names
        if len(_FILES) > _CACHED_FILES:
            _FILES.popitem(last=False)
    return names


def _top_classes(extract: FileExtract) -> frozenset[str]:
    return _names(extract).top_classes


def in_reach(inp: StaticInput) -> list[FileExtract]:
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
    names = _names(inp.file)
    if inp.function.qualname in names.import_scopes:
        aliases = import_aliases(inp.file, inp.function)
    else:
        aliases = dict(names.module_aliases)
    for name in names.top_classes:
        aliases.setdefault(name, name)
    for bound, imp in _from_imports(inp).items():
        # only names the typing vocabulary would misread need resolving (the others read
        # the same bound or not): ``from .text import Text``
        if bound in aliases or bound not in SHADOWABLE:
            continue
        extract, symbol = _imported(inp, imp)
        if extract is not None and symbol in _top_classes(extract):
            aliases[imp.bound_name] = symbol
    return aliases


def _from_imports(inp: StaticInput) -> dict[str, Import]:
    """``from m import name`` imports in the function's scope (its own, then the module's)."""
    by_scope = _names(inp.file).imports
    local = by_scope.get(inp.function.qualname)
    module = by_scope.get("", {})
    return {**module, **local} if local else module


def _imported(inp: StaticInput, imp: Import) -> tuple[FileExtract | None, str]:
    """The project file an import names a symbol of, and the symbol (one hop)."""
    target, symbol = inp.graph.modules.resolve_import(inp.file.path, imp)
    if target is None or symbol is None:
        return None, ""
    extract = inp.graph.get(target)
    if extract is None or extract.language != "python":
        return None, ""
    return extract, symbol


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
    found = _names(extract).variables.get(name, [])
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
    return _type_var(value) or _new_type(value) or ast.unparse(value)


_TYPING_MODULES = frozenset({"typing", "typing_extensions"})
_ANY_STR = "Union[str, bytes]"


def _type_var(value: ast.expr) -> str | None:
    """What a ``TypeVar`` stands for in a comparison with a documented type: the union of its
    constraints (``TypeVar("S", str, bytes)``, as ``typing.AnyStr``) or its bound
    (``TypeVar("C", bound="Conn")``); ``None`` for anything else, an unconstrained one too."""
    if not isinstance(value, ast.Call) or not value.args:
        return None
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name != "TypeVar":
        return None
    bound = next((k.value for k in value.keywords if k.arg == "bound"), None)
    if bound is not None:
        text = bound.value if isinstance(bound, ast.Constant) else ast.unparse(bound)
        return text if isinstance(text, str) else None
    constraints = [
        c.value if isinstance(c, ast.Constant) and isinstance(c.value, str) else ast.unparse(c)
        for c in value.args[1:]
    ]
    return f"Union[{', '.join(constraints)}]" if len(constraints) >= 2 else None


def _new_type(value: ast.expr) -> str | None:
    """The base a ``NewType("UserId", int)`` stands for in a comparison (a ``UserId`` is an
    ``int`` at run time and to its reader); ``None`` for anything else."""
    if not isinstance(value, ast.Call) or len(value.args) != 2 or value.keywords:
        return None
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name != "NewType":
        return None
    base = value.args[1]
    text = base.value if isinstance(base, ast.Constant) else ast.unparse(base)
    return text if isinstance(text, str) else None


def _alias_of(inp: StaticInput, extract: FileExtract, name: str) -> str | None:
    """The aliased expression of the module-level ``name`` of ``extract`` (cached)."""
    names = _names(extract)
    if name in names.aliased:
        return names.aliased[name]
    variable = _module_variable(extract, name)
    text = None
    if variable is not None:
        text = _aliased_text(_statement(inp, extract, variable), name, variable.annotation)
    names.aliased[name] = text
    return text


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
    in_scope = _from_imports(inp)
    imported = {name: in_scope[name] for name in names if name in in_scope}
    for name in names - set(imported):
        text = _alias_of(inp, inp.file, name)
        if text is not None:
            found[name] = text
    for bound, imp in imported.items():
        if imp.level == 0 and imp.module in _TYPING_MODULES and imp.name == "AnyStr":
            found[bound] = (
                _ANY_STR  # round 16, asyncssh: ``data: AnyStr`` documented "str or bytes"
            )
            continue
        extract, symbol = _imported(inp, imp)
        if extract is not None:
            text = _alias_of(inp, extract, symbol)
            if text is not None:
                found[bound] = text
    return found


_CONSTRUCTED = re.compile(r"^\s*(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\s*\(")


def default_class(inp: StaticInput, default: str | None) -> str | None:
    """The class a default that names a module-level sentinel constructs, by its last name:
    ``_COMPAT_DEFAULT`` with ``_COMPAT_DEFAULT = CombineKwargDefault(name="compat", ...)`` in
    this file or imported from a project module (one hop) gives ``CombineKwargDefault``."""
    if inp.file.language != "python" or default is None or not default.isidentifier():
        return None
    extract: FileExtract | None = inp.file
    symbol = default
    imp = _from_imports(inp).get(default)
    if imp is not None:
        extract, symbol = _imported(inp, imp)
    variable = _module_variable(extract, symbol) if extract is not None else None
    if extract is None or variable is None:
        return None
    statement = _statement(inp, extract, variable)
    value = statement.split("=", 1)[1] if "=" in statement else ""
    match = _CONSTRUCTED.match(value)
    return match.group(1) if match is not None else None


def type_tested(inp: StaticInput, name: str) -> bool:
    """The body tests the parameter's type (``isinstance(path, (list, tuple))`` on a ``path:
    list[str]`` documented ``str``): the function takes several kinds, the annotation is as
    partial as the docstring and which one is stale cannot be told."""
    fn = inp.function
    start, end = fn.header_span.end_byte, fn.span.end_byte
    if inp.data.find(b"isinstance", start, end) == -1:
        return False  # the common case, without decoding the body (a class's, for its check)
    body = inp.code(start, end)
    # fixed patterns around the name, none compiled per parameter (docref.core.word_search)
    return first_argument(body, _ISINSTANCE_OPEN, name, _THEN_COMMA)


_WORD = re.compile(r"[a-z_][a-z0-9_]*")


def unknown_word(
    expr: TypeExpr, inp: StaticInput, aliases: Mapping[str, str], types: Mapping[str, str]
) -> str | None:
    """A lower-case dotless word of the documented type ``expr`` that is no builtin, alias,
    type alias nor name of the project (``sequence of intdict``, a typo): the type text is
    not read as its author meant it, so what it is compared with would mislead."""
    stack = [expr]
    while stack:
        node = stack.pop()
        stack.extend(node.args)
        name = node.name
        if not _WORD.fullmatch(name) or name in _BUILTINS or name in aliases or name in types:
            continue
        if name not in project_names(inp.graph):
            return name
    return None


_BUILTINS = frozenset(dir(builtins))


_NUMBERS = frozenset({"int", "float", "complex", "None"})


def array_for_a_number(documented: TypeExpr, annotation: TypeExpr) -> bool:
    """``f2 : ndarray`` for ``f2: float``: NumPy-style code broadcasts, so a value annotated as
    one number is as often an array of them (statsmodels' result fields at both confidence
    limits); the annotation is as likely the narrow side as the docstring the wrong one."""
    numbers = all(m.name in _NUMBERS and not m.args for m in annotation.members)
    return numbers and any(m.name == "numpy.ndarray" for m in documented.members)


_SCALARS = frozenset({"int", "float", "complex", "numbers.Number", "scalar"})
_ARRAYS = frozenset({"numpy.ndarray", "numpy.typing.NDArray", "numpy.number", "numpy.generic"})


def number_for_an_array(documented: TypeExpr, annotation: TypeExpr) -> bool:
    """``value : number`` for ``-> np.ndarray``: numpy hands back its scalars (``data[i]``,
    ``np.sign(x)``) where the annotation says array, so the number is as often right as the
    annotation (the opt-in C2-NUMPY-SCALAR, session 12: first pass 0 TRUE of 4)."""
    doc = [m for m in documented.members if m.name != "None"]
    ann = [m for m in annotation.members if m.name != "None"]
    numbers = bool(doc) and all(m.name in _SCALARS and not m.args for m in doc)
    arrays = any(m.name in ("numpy.ndarray", "numpy.typing.NDArray") for m in ann)
    return numbers and arrays and all(m.name in _ARRAYS | _NUMBERS for m in ann)
