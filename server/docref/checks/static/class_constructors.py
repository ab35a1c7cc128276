"""What ``C(...)`` accepts, for checking a class docstring: the constructor of a Python class.

:meth:`ConstructorResolver.constructor` answers, in this order: the class's own ``__init__``
(without ``self``), its own ``__new__`` (without ``cls``), the generated ``__init__`` of a
dataclass, attrs class, pydantic model, ``NamedTuple`` or ``TypedDict`` (the annotated
class-body fields, their defaults included, plus the fields such bases in the project
contribute), or the constructor of the first base class when that base is a project class
one hop away.  It answers ``None`` whenever the call could be something else: a metaclass
other than ``ABCMeta`` the class names (``metaclass=M``, six's ``with_metaclass(M, ...)``
base or ``@add_metaclass(M)``), a project metaclass with ``__call__`` that a base brings
(:mod:`.class_metaclass`), a ``Protocol``, a base outside the project, an attrs ``@attr.s``
class that also writes its own ``__init__`` (attrs replaces it), ``init=False``, a field
statement that does not parse, a class that inherits its constructor under a class decorator
that is not known to leave it alone.  A class with no base and no constructor is left alone too:
``object()`` takes no argument, but ``__init_subclass__`` and class decorators often explain
such docstrings.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace

from docref.checks.static.class_fields import field_param, short_name
from docref.checks.static.class_metaclass import MetaclassReader, declared_metaclass
from docref.checks.static.class_signature import Constructor, without_receiver
from docref.core.findings import Evidence
from docref.graph.model import Class, FileExtract, Function, Param
from docref.graph.project import ProjectGraph

# Constructor and without_receiver (:mod:`.class_signature`) are re-exported for the class checks
__all__ = ["Constructor", "ConstructorResolver", "without_receiver"]

_EVIDENCE_CHARS = 200
_TRIVIAL_BASES = frozenset({"object", "Generic", "ABC"})
# Class decorators known to leave the inherited constructor alone; any other may replace it
# (matplotlib's ``@make_norm_from_scale(..., init=lambda vmin, vmax, *, base=10: None)``).
_TRANSPARENT_DECORATORS = frozenset(
    {"total_ordering", "final", "runtime_checkable", "unique", "deprecated", "register"}
)
_DATACLASS = frozenset({"dataclasses.dataclass", "pydantic.dataclasses.dataclass"})
_ATTRS_CLASSIC = frozenset({"attr.s", "attr.attrs", "attr.dataclass"})
_ATTRS_DEFINE = frozenset(
    {f"{m}.{d}" for m in ("attr", "attrs") for d in ("define", "frozen", "mutable")}
)
_MODEL_BASES = {
    "typing.NamedTuple": "namedtuple",
    "typing_extensions.NamedTuple": "namedtuple",
    "typing.TypedDict": "typeddict",
    "typing_extensions.TypedDict": "typeddict",
    "pydantic.BaseModel": "pydantic",
    "pydantic.main.BaseModel": "pydantic",
    "pydantic.v1.BaseModel": "pydantic",
}
# A subclass of these adds its own fields to the generated constructor without a decorator.
_FIELDS_INHERITED = frozenset({"pydantic", "typeddict"})
_INIT_FALSE = re.compile(r"\binit\s*=\s*False\b")
_AUTO_ATTRIBS = re.compile(r"\bauto_attribs\s*=\s*True\b")
_MAX_REEXPORT_HOPS = 3

# Constructor parameters from class-body fields, and pydantic aliases (alias → field name).
_Fields = tuple[list[Param], dict[str, str]]


@dataclass(frozen=True, slots=True)
class _Model:
    kind: str
    decorator: str = ""  # the decorator text, for ``init=False``/``auto_attribs`` options
    classic_attrs: bool = False


class ConstructorResolver:
    """Finds the constructor of classes of one indexed project (see the module docstring)."""

    def __init__(self, graph: ProjectGraph) -> None:
        self.graph = graph
        self._data: dict[str, bytes] = {}
        # (path, qualname, first line) of each class whose constructor was asked, in order
        self.read: list[tuple[str, str, int]] = []
        # a metaclass base may be re-exported by ``from .analyzer import *`` (backtrader)
        self._metaclasses = MetaclassReader(
            lambda at, written, scope: self.resolve_class(at, written, scope, stars=True),
            self._header,
            self._code,
        )

    def constructor(self, fe: FileExtract, cls: Class, hops: int = 1) -> Constructor | None:
        """The constructor of ``cls`` (in ``fe``), following at most ``hops`` base classes."""
        self.read.append((fe.path, cls.qualname, cls.span.start_line))
        header = self._header(fe, cls)
        if header is None or any(short_name(b) == "Protocol" for b in cls.bases):
            return None
        metaclass = declared_metaclass(cls, header)
        if metaclass is not None and short_name(metaclass) != "ABCMeta":
            return None
        if self._metaclasses.inherited_call(fe, cls):
            return None  # backtrader's ``MetaParams.__call__`` reads a ``params`` tuple
        model = self._model(fe, cls)
        own = self._own_method(fe, cls, "__init__") or self._own_method(fe, cls, "__new__")
        if own is not None:
            if (
                model is not None
                and model.classic_attrs
                and not _INIT_FALSE.search(model.decorator)
            ):
                return None  # @attr.s writes its own __init__ over the class's
            return self._from_method(fe, cls, own)
        if model is not None:
            if _INIT_FALSE.search(model.decorator):
                return None
            inherited = self._inherited_fields(fe, cls, hops)
            own_fields = self._fields(fe, cls, model, header)
            if inherited is None or own_fields is None:
                return None
            return self._generated(fe, cls, model.kind, inherited, own_fields)
        if any(short_name(d) not in _TRANSPARENT_DECORATORS for d in cls.decorators):
            return None  # a class decorator may hand the class another constructor
        return self._from_base(fe, cls, header, hops)

    # ---- the three sources -----------------------------------------------------------

    def _from_method(self, fe: FileExtract, cls: Class, method: list[Function]) -> Constructor:
        implementations = [
            f for f in method if "overload" not in {short_name(d) for d in f.decorators}
        ]
        primary = (implementations or method)[-1]
        span = primary.header_span
        text = " ".join(self._code(fe, span.start_byte, span.end_byte).split())
        return Constructor(
            params=without_receiver(primary),
            evidence=_evidence(text, fe.path, span.start_line),
            overloads=[without_receiver(f) for f in method if f is not primary],
            decorators=list(primary.decorators),
            documented=primary if primary.docstring is not None else None,
            documented_path=fe.path,
            own_method=primary.qualname,
            imports=[i for i in fe.imports if not i.scope],
        )

    def _generated(self, fe: FileExtract, cls: Class, kind: str, *groups: _Fields) -> Constructor:
        merged: dict[str, Param] = {}
        aliases: dict[str, str] = {}
        for params, group_aliases in groups:
            # a field redefined in a subclass keeps its place and takes the new default
            for param in params:
                merged[param.name] = param
            aliases.update(group_aliases)
        shown = ", ".join(_render(p) for p in merged.values())
        return Constructor(
            params=list(merged.values()),
            evidence=_evidence(f"{cls.name}({shown})", fe.path, cls.header_span.start_line),
            model=kind,
            imports=[i for i in fe.imports if not i.scope],
            aliases=aliases,
        )

    def _from_base(
        self, fe: FileExtract, cls: Class, header: dict[str, str], hops: int
    ) -> Constructor | None:
        bases = [b for b in cls.bases if short_name(b) not in _TRIVIAL_BASES]
        if not bases or hops <= 0:
            return None
        found = self.resolve_class(fe, bases[0], cls.parent_class)
        if found is None:
            return None  # an external base may define any constructor
        base = self.constructor(found[0], found[1], hops - 1)
        if base is not None and base.model is None and _only_varargs(base.params):
            # ``AbstractConstraint.__init__(self, *values)`` inherited: the subclass gives
            # the slots their meaning (pyasn1's ValueRangeConstraint reads ``start, end``
            # from ``values``) and can only document them by it, not by the base's name
            base.own_method, base.slots = None, True
            return base
        if base is None or base.model not in _FIELDS_INHERITED:
            if base is not None:
                base.own_method = None  # the base's method: its docstring is the base's own
            return base
        extra = self._fields(fe, cls, _Model(base.model), header)
        if extra is None:
            return None
        combined = self._generated(fe, cls, base.model, (base.params, base.aliases), extra)
        combined.imports = [*combined.imports, *base.imports]
        return combined

    # ---- classes and their members ---------------------------------------------------

    def resolve_class(
        self,
        fe: FileExtract,
        written: str,
        scope: str | None = None,
        hops: int = _MAX_REEXPORT_HOPS,
        stars: bool = False,
    ) -> tuple[FileExtract, Class] | None:
        """The project class a base written as ``written`` in ``fe`` names, if any; with
        ``stars``, also through the ``from m import *`` of the files on the way."""
        name = written.split("[", 1)[0].strip()
        classes = {c.qualname: c for c in fe.classes}
        for candidate in ([f"{scope}.{name}"] if scope else []) + [name]:
            if candidate in classes:
                return fe, classes[candidate]
        head, _, rest = name.partition(".")
        imp = next((i for i in fe.imports if not i.scope and i.bound_name == head), None)
        if imp is None and stars and hops > 0:
            return self._through_stars(fe, name, hops)
        if imp is None or hops <= 0:
            return None
        target, symbol = self.graph.modules.resolve_import(fe.path, imp)
        other = self.graph.get(target) if target is not None else None
        if other is None or other.path == fe.path:
            return None
        if imp.name is None and not imp.alias and "." in imp.module:
            # ``import a.b`` binds ``a``: the base is written ``a.b.Base``
            rest = rest.removeprefix(imp.module.split(".", 1)[1] + ".")
        qualname = ".".join(p for p in (symbol, rest) if p)
        # a package ``__init__`` that re-exports the class: follow its import
        return self.resolve_class(other, qualname, None, hops - 1, stars) if qualname else None

    def _through_stars(
        self, fe: FileExtract, name: str, hops: int
    ) -> tuple[FileExtract, Class] | None:
        for imp in fe.imports:
            if imp.scope or imp.name != "*":
                continue
            target, _ = self.graph.modules.resolve_import(fe.path, imp)
            other = self.graph.get(target) if target is not None else None
            if other is not None and other.path != fe.path:
                found = self.resolve_class(other, name, None, hops - 1, stars=True)
                if found is not None:
                    return found
        return None

    def base_method(
        self, fe: FileExtract, cls: Class, name: str, bases: list[str] | None = None
    ) -> Function | None:
        """``name`` of the first project base of ``cls`` (of ``bases``, written as in ``fe``)
        that defines one, 1 hop: a library base listed first is passed over."""
        for written in cls.bases if bases is None else bases:
            found = self.resolve_class(fe, written, cls.parent_class)
            if found is not None:
                base_fe, base = found
                qualname = f"{base.qualname}.{name}"
                method = next((f for f in base_fe.functions if f.qualname == qualname), None)
                if method is not None:
                    return method
        return None

    def _header(self, fe: FileExtract, cls: Class) -> dict[str, str] | None:
        return _header_keywords(
            self._code(fe, cls.header_span.start_byte, cls.header_span.end_byte)
        )

    def _own_method(self, fe: FileExtract, cls: Class, name: str) -> list[Function] | None:
        found = [f for f in fe.functions if f.parent_class == cls.qualname and f.name == name]
        return found or None

    def _model(self, fe: FileExtract, cls: Class) -> _Model | None:
        aliases = _aliases(fe)
        for decorator in cls.decorators:
            qualified = _qualify(decorator.split("(", 1)[0].strip(), aliases)
            if qualified in _DATACLASS:
                return _Model("dataclass", decorator)
            if qualified in _ATTRS_DEFINE or qualified in _ATTRS_CLASSIC:
                return _Model("attrs", decorator, qualified in _ATTRS_CLASSIC)
        for base in cls.bases:
            kind = _MODEL_BASES.get(_qualify(base.split("[", 1)[0].strip(), aliases))
            if kind is not None:
                return _Model(kind)
        return None

    def _inherited_fields(self, fe: FileExtract, cls: Class, hops: int) -> _Fields | None:
        """Fields the project bases of a decorated or model class add before its own."""
        aliases = _aliases(fe)
        params: list[Param] = []
        field_aliases: dict[str, str] = {}
        for written in cls.bases:
            plain = written.split("[", 1)[0].strip()
            if short_name(plain) in _TRIVIAL_BASES or _qualify(plain, aliases) in _MODEL_BASES:
                continue
            found = self.resolve_class(fe, written, cls.parent_class)
            if found is None or hops <= 0:
                return None
            base_fe, base = found
            base_ctor = self.constructor(base_fe, base, hops - 1)
            if base_ctor is not None and base_ctor.model is not None:
                params.extend(base_ctor.params)
                field_aliases.update(base_ctor.aliases)
            elif self._model(base_fe, base) is not None or any(
                short_name(b) not in _TRIVIAL_BASES for b in base.bases
            ):
                return None  # what the base contributes is not known
        return params, field_aliases

    def _fields(
        self, fe: FileExtract, cls: Class, model: _Model, header: dict[str, str]
    ) -> _Fields | None:
        """The constructor parameters the class body's fields give, ``None`` if unreadable."""
        variables = sorted(
            (v for v in fe.variables if v.scope == "class" and v.owner == cls.qualname),
            key=lambda v: v.span.start_byte,
        )
        total = header.get("total", "True") != "False"
        auto = not model.classic_attrs or bool(_AUTO_ATTRIBS.search(model.decorator))
        params: list[Param] = []
        aliases: dict[str, str] = {}
        for var in variables:
            try:
                statement = ast.parse(
                    self._code(fe, var.span.start_byte, var.span.end_byte).strip()
                )
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None
            node = statement.body[0] if len(statement.body) == 1 else None
            param = field_param(node, var, model.kind, auto=auto, total=total)
            if param is None:
                continue
            params.append(param)
            if model.kind == "pydantic" and param.name != var.name:
                aliases[param.name] = var.name
                params.append(replace(param, name=var.name))
        return params, aliases

    def data(self, fe: FileExtract) -> bytes:
        """The source of ``fe`` as bytes (spans are byte offsets), encoded once per file for
        every class the resolver reads it for."""
        data = self._data.get(fe.path)
        if data is None:
            data = self.graph.source(fe.path).encode("utf-8", "surrogatepass")
            self._data[fe.path] = data
        return data

    def _code(self, fe: FileExtract, start: int, end: int) -> str:
        return self.data(fe)[start:end].decode("utf-8", "replace")


# ---- module-level helpers --------------------------------------------------------------


def _only_varargs(params: list[Param]) -> bool:
    return len(params) == 1 and params[0].kind == "vararg"


def _aliases(fe: FileExtract) -> dict[str, str]:
    """Bound names of top-level imports mapped to what they import (``dataclass`` →
    ``dataclasses.dataclass``, ``t`` → ``typing``)."""
    out: dict[str, str] = {}
    for imp in fe.imports:
        if imp.scope or imp.level or imp.name == "*" or not imp.module:
            continue
        out[imp.bound_name] = f"{imp.module}.{imp.name}" if imp.name else imp.module
    return out


def _qualify(dotted: str, aliases: dict[str, str]) -> str:
    head, dot, rest = dotted.partition(".")
    return f"{aliases.get(head, head)}{dot}{rest}"


def _header_keywords(header: str) -> dict[str, str] | None:
    """The keywords of a ``class X(..., metaclass=M, total=False):`` header, ``None`` when
    the header does not parse."""
    try:
        tree = ast.parse(header.strip() + "\n    pass")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.ClassDef):
        return None
    return {k.arg: ast.unparse(k.value) for k in node.keywords if k.arg}


def _render(param: Param) -> str:
    text = param.name + (f": {param.annotation}" if param.annotation else "")
    return text + (f" = {param.default}" if param.default is not None else "")


def _evidence(text: str, path: str, line: int) -> Evidence:
    if len(text) > _EVIDENCE_CHARS:
        text = text[: _EVIDENCE_CHARS - 1] + "…"
    return Evidence(text=text, path=path, line=line + 1)
