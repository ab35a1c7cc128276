"""Which entries of a class docstring describe something other than the call ``C(...)``.

:mod:`~docref.checks.static.class_docstrings` checks a class docstring's parameter entries
against the constructor; the gates here take out, before that, the entries a class documents
for another reason, each a general convention seen on public code (``benchmarks/PRECISION.md``):

- :func:`without_declared_fields`: an entry naming a field the class body declares
  (``name: str = field(init=False)``, or an annotated attribute a custom ``__init__(data)``
  fills in; not a ``ClassVar``, nor a private ``_x``, whose parameter attrs names ``x``)
  that the constructor does not take documents the attribute, as huggingface_hub's
  dataclasses do under ``Args:``;
- :func:`without_call_parameters`: an entry naming a parameter of the class's own
  ``__call__`` that the constructor does not take documents the call of its instances, as
  scipy's ``ortho_group_gen`` documents ``dim`` beside the constructor's ``seed``; so does one
  naming a parameter of ``forward`` in a subclass (a torch ``nn.Module``, whose inherited
  ``__call__`` runs ``forward``: kornia's ``LovaszSoftmaxLoss`` documents ``pred, target``
  beside the constructor's ``weight``); without a ``__call__`` of its own, the one its first
  project base defines (networkx's ``EdgeView``, round 19);
- :func:`without_new_parameters`: an entry naming a parameter of the class's own ``__new__``
  beside its own ``__init__`` (``C(...)`` calls both: pandas' ``Grouper``, round 19);
- :func:`renames_inherited_positionals`: a subclass naming what the inherited constructor's
  positional arguments mean for it (Pillow's ``AffineTransform``: ``matrix`` for
  ``Transform.__init__(self, data)``), unless the base documents its own names for them.

A name that is neither a parameter of the call nor such a field, ``__call__`` or ``__new__``
parameter stays judged: a removed or renamed field, a stale entry.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import replace
from difflib import SequenceMatcher

from docref.checks.static.class_constructors import (
    Constructor,
    ConstructorResolver,
    without_receiver,
)
from docref.checks.static.class_fields import short_name
from docref.checks.static.params import split_names
from docref.graph.model import Class, Docstring, FileExtract
from docref.segments import ParsedDocstring, Segment

__all__ = [
    "documented_names",
    "misspelt_varargs_entries",
    "renames_inherited_positionals",
    "without_call_parameters",
    "without_declared_fields",
    "without_entries",
    "without_new_parameters",
]

_TRIVIAL_BASES = frozenset({"object", "Generic", "ABC"})
# a ``ClassVar`` is shared by the class, no attribute of each object: still judged
_CLASS_VAR = re.compile(r"^(?:typing\.)?ClassVar\b")


def documented_names(parsed: ParsedDocstring, *, attributes: bool) -> set[str]:
    """The names the parameter entries (and, with ``attributes``, Attributes entries) of
    ``parsed`` document."""
    kinds = {"param", "attribute"} if attributes else {"param"}
    return {
        name
        for segment in parsed.segments
        if segment.kind in kinds and segment.name
        for name in split_names(segment.name)
    }


def without_entries(parsed: ParsedDocstring, names: set[str]) -> ParsedDocstring:
    """``parsed`` without the parameter entries all of whose names are in ``names``."""

    def kept(segment: Segment) -> bool:
        written = [n.lstrip("*") for n in split_names(segment.name or "")]
        return segment.kind != "param" or not written or not all(n in names for n in written)

    segments = [s for s in parsed.segments if kept(s)]
    return parsed if len(segments) == len(parsed.segments) else replace(parsed, segments=segments)


def misspelt_varargs_entries(parsed: ParsedDocstring, varargs: str) -> ParsedDocstring:
    """Of a class inheriting ``__init__(self, *values)``, only the entries documenting that
    ``*values`` under a misspelt name (``*schema`` for ``*schemas``, round 38): the other
    entries name the positions the subclass gives meaning to (``start``, ``end``) or the
    varargs as the subclass reads them (``*constraints``), which only its docstring can."""
    wanted = varargs.lstrip("*")

    def misspelt(segment: Segment) -> bool:
        # the raw name: ``split_names`` drops the stars that say it documents the varargs
        written = [n.strip().lstrip("\\") for n in (segment.name or "").split(",") if n.strip()]
        return bool(written) and all(
            n.startswith("*")
            and n.lstrip("*") != wanted
            and SequenceMatcher(None, n.lstrip("*"), wanted).ratio() >= 0.8
            for n in written
        )

    segments = [s for s in parsed.segments if s.kind != "param" or misspelt(s)]
    return parsed if len(segments) == len(parsed.segments) else replace(parsed, segments=segments)


def without_declared_fields(
    fe: FileExtract,
    cls: Class,
    parsed: ParsedDocstring,
    params: set[str],
    *,
    generated: bool,
    resolver: ConstructorResolver | None = None,
) -> ParsedDocstring:
    """The docstring without the entries naming annotated class-body fields of ``cls`` that
    are not constructor parameters (``params``): attributes, documented where the class's
    readers look (a ``field(init=False)``, a field a custom ``__init__`` fills in).  A field
    with a leading underscore too when the constructor is a method (round 16, elasticsearch's
    ``CompletionSuggestOption``: ``_id: str`` documented ``:arg _id:``, a key of the document
    it wraps), not when it is ``generated`` (a pydantic private attribute, attrs' ``_x``
    initialised as ``x``: documenting ``_x`` as an argument is wrong).  The fields of the
    first project base (1 hop) count too."""
    owners = [(fe, cls)]
    bases = [b for b in cls.bases if b.split("[", 1)[0].rpartition(".")[2] not in _TRIVIAL_BASES]
    if resolver is not None and bases:
        # a field the first project base declares is an attribute of the class too (gpytorch's
        # ``Likelihood`` documents ``_Likelihood``'s ``has_analytic_marginal``, round 16)
        found = resolver.resolve_class(fe, bases[0], cls.parent_class)
        if found is not None:
            owners.append(found)
    fields = {
        v.name
        for owner_fe, owner in owners
        for v in owner_fe.variables
        if v.scope == "class"
        and v.owner == owner.qualname
        and v.annotation
        and not (generated and v.name.startswith("_"))
        and not _CLASS_VAR.match(v.annotation)
    }
    return without_entries(parsed, fields - params)


def without_call_parameters(
    fe: FileExtract,
    cls: Class,
    parsed: ParsedDocstring,
    params: set[str],
    resolver: ConstructorResolver | None = None,
) -> ParsedDocstring:
    """The docstring without the entries naming parameters of the class's own ``__call__``
    (or, in a subclass, ``forward``: torch's ``nn.Module.__call__`` runs it) that the
    constructor (``params``) does not take: the call of its instances.  Without one of its
    own, the ``__call__`` its first project base defines (1 hop): networkx's ``EdgeView``
    documents ``nbunch``, ``data``, ``default`` of calling the view, ``OutEdgeView.__call__``
    (round 19)."""
    methods = ["__call__"]
    bases = [b for b in cls.bases if b.split("[", 1)[0].rpartition(".")[2] not in _TRIVIAL_BASES]
    if bases:
        methods.append("forward")
    call = next(
        (f for m in methods for f in fe.functions if f.qualname == f"{cls.qualname}.{m}"), None
    )
    if call is None and resolver is not None:
        # (an accessor class may list a library's base first: ``EventTableWrite(TableWrite,
        # UnifiedWrite)``, round 35)
        call = resolver.base_method(fe, cls, "__call__", bases)
    if call is None:
        return parsed
    names = {p.name for p in call.params if p.kind not in ("vararg", "kwarg")}
    variadic = {p.name.lstrip("*") for p in call.params if p.kind in ("vararg", "kwarg")}
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    if len(variadic) == 2 and (
        variadic & documented or _documents_the_call(fe, cls, documented, params)
    ):
        # a docstring documenting the call's own ``*args``/``**kwargs`` documents a call that
        # hands everything on (a registry's ``Class.read``/``write`` accessor, round 35):
        # its other entries are what callers pass through, not constructor parameters
        names |= documented | variadic
    return without_entries(parsed, names - params - {"self"})


def _documents_the_call(
    fe: FileExtract, cls: Class, documented: set[str], params: set[str]
) -> bool:
    """A class without a constructor of its own whose docstring names none of the inherited
    constructor's parameters: with a call taking ``*args, **kwargs`` it documents what its
    callers pass to the call (gwpy's ``SegmentListWrite`` documents only ``target``, the
    first positional of ``SegmentList.write(target, ...)``, round 35, FALSE).  A class with
    its own ``__init__``, or a docstring naming one constructor parameter, documents the
    constructor: its other entries stay judged."""
    if documented & params:
        return False
    own = f"{cls.qualname}.__init__"
    return not any(f.qualname == own for f in fe.functions)


def without_new_parameters(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """The docstring without the entries naming parameters of the class's own ``__new__``
    when the constructor is its own ``__init__``: ``C(...)`` calls both, so its signature is
    theirs together (pandas' ``Grouper`` documents ``*args``, ``**kwargs`` of
    ``Grouper.__new__(cls, *args, **kwargs)``, which dispatches to ``TimeGrouper``; round
    19).  ``__new__``'s ``**kwargs`` names only itself: an entry neither method takes by name
    stays judged."""
    if ctor.own_method != f"{cls.qualname}.__init__":
        return parsed
    new = next((f for f in fe.functions if f.qualname == f"{cls.qualname}.__new__"), None)
    if new is None:
        return parsed
    names = {p.name for p in without_receiver(new)}
    return without_entries(parsed, names - {p.name for p in ctor.params})


def _namedtuple_fields(cls: Class) -> set[str]:
    """The field names of a ``collections.namedtuple(name, fields)`` call among the class's
    bases (a list or tuple of strings, or one string split at commas and spaces)."""
    fields: set[str] = set()
    for base in cls.bases:
        try:
            call = ast.parse(base.strip(), mode="eval").body
        except SyntaxError:
            continue
        if not isinstance(call, ast.Call) or short_name(ast.unparse(call.func)) != "namedtuple":
            continue
        given = call.args[1] if len(call.args) > 1 else None
        given = next((k.value for k in call.keywords if k.arg == "field_names"), given)
        if isinstance(given, ast.Constant) and isinstance(given.value, str):
            fields |= set(given.value.replace(",", " ").split())
        elif isinstance(given, ast.List | ast.Tuple):
            fields |= {
                e.value
                for e in given.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
    return fields


def without_namedtuple_fields(
    cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """The docstring without the entries naming fields of a ``namedtuple(...)`` base the class
    builds itself from (iris' ``_CoordMetaData(namedtuple("CoordMetaData", ["defn", "dims",
    ...]))`` documents its fields under Parameters while its ``__new__(mcs, coord, dims)``
    computes them; round 96): the tuple's items, set through ``super().__new__``.  A name that
    is no field of the base stays judged."""
    fields = _namedtuple_fields(cls)
    return without_entries(parsed, fields - {p.name for p in ctor.params}) if fields else parsed


def renames_inherited_positionals(
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    parsed: ParsedDocstring,
    resolver: ConstructorResolver,
    parse_in: Callable[[str, Docstring], ParsedDocstring],
) -> bool:
    """A subclass that inherits a constructor taking N required positional arguments and
    documents N other names: it names what the arguments mean for it (Pillow's
    ``AffineTransform`` documents ``matrix`` for ``Transform.__init__(self, data)``), as a
    caller passes them by position.  Its own constructor, a count that differs, or a base
    whose docstrings (class or constructor) document names of their own are judged: then the
    base gives the arguments their names, and a subclass still writing others is stale (a
    parameter the base renamed).  ``parse_in(path, docstring)`` segments a docstring of
    another file."""
    if ctor.own_method is not None or ctor.model is not None:
        return False
    required = [
        p.name
        for p in ctor.params
        if p.kind in ("positional", "positional_only") and p.default is None
    ]
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    names = {p.name for p in ctor.params}
    if not required or len(documented) != len(required) or documented & names:
        return False
    return not _base_documents_parameters(fe, cls, ctor, resolver, parse_in)


def _base_documents_parameters(
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    resolver: ConstructorResolver,
    parse_in: Callable[[str, Docstring], ParsedDocstring],
) -> bool:
    """Whether the base class whose constructor ``cls`` inherits documents parameters, in
    its class docstring or its constructor's docstring."""
    if ctor.documented is not None and ctor.documented.docstring is not None:
        path = ctor.documented_path or fe.path
        if documented_names(parse_in(path, ctor.documented.docstring), attributes=False):
            return True
    bases = [b for b in cls.bases if b.split("[", 1)[0].rpartition(".")[2] not in _TRIVIAL_BASES]
    found = resolver.resolve_class(fe, bases[0], cls.parent_class) if bases else None
    docstring = found[1].docstring if found is not None else None
    if found is None or docstring is None:
        return False
    return bool(documented_names(parse_in(found[0].path, docstring), attributes=False))
