"""Class docstrings that document the call of another method than the constructor.

:mod:`~docref.checks.static.class_docstrings` checks a class docstring's parameter entries
against the constructor; a docstring that documents none of the constructor's parameters but
those of another method the class's objects are used through is not judged at all (unlike
:mod:`.class_gates`, which takes out single entries):

- :func:`documents_its_call`: a class with its own ``__call__`` (the call of its instances);
- :func:`documents_its_items`: an indexer (its own ``__getitem__``) documenting the methods of
  the object indexing gives;
- :func:`documents_its_value`: a data descriptor (its own ``__set__``) documenting the value
  assigned through it;
- :func:`documents_its_method`: a class with a constructor of its own documenting, instead,
  the options of one of its public methods (satpy's resamplers, round 59);
- :func:`cannot_be_built`: a class whose own constructor takes nothing and only raises
  ``NotImplementedError`` (flopy's ``Mt3dCts``, round 41: 22 DEB) -- its
  docstring documents a planned call no code makes yet.

:func:`without_hook_parameters` takes out the entries naming the parameters of the one method
a subclass that inherits its constructor implements (the hook the base's machinery calls), when
the docstring documents none of the inherited constructor's parameters: s3transfer's
``IORenameFileTask(Task)`` documents ``fileobj``, ``final_filename``, ``osutil`` of its
``_main``, which ``Task.__init__`` receives packed in ``main_kwargs`` (round 22).  The hook's
``*args``/``**kwargs`` count too: a hook taking ``**options`` receives any keyword option.
"""

from __future__ import annotations

import re

from docref.checks.static.class_constructors import Constructor, without_receiver
from docref.checks.static.class_gates import documented_names, without_entries
from docref.checks.static.returns_raises_ast import function_node, raises_not_implemented
from docref.core.ast_nodes import without_docstring
from docref.graph.model import Class, FileExtract, Function
from docref.graph.project import ProjectGraph
from docref.segments import ParsedDocstring

__all__ = [
    "cannot_be_built",
    "documents_its_call",
    "documents_its_items",
    "documents_its_method",
    "documents_its_value",
    "without_hook_parameters",
]

# the methods the constructor gates judge already (or that are the constructor itself)
_CONSTRUCTION = frozenset({"__init__", "__new__", "__call__", "__init_subclass__"})
_RETURN_CALL = re.compile(r"\breturn\s+([A-Za-z_][\w.]*)\s*\(")


def documents_its_call(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> bool:
    """A class with its own ``__call__`` whose docstring documents none of the constructor's
    parameters documents the call of its instances (astropy's ``Table.read``: a descriptor
    built with ``(instance, cls)`` and called with ``(*args, format=..., **kwargs)``), which
    the constructor rules do not judge."""
    call = f"{cls.qualname}.__call__"
    if not any(f.qualname == call for f in fe.functions):
        return False
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    return not documented & {p.name for p in ctor.params}


def cannot_be_built(fe: FileExtract, ctor: Constructor, data: bytes) -> bool:
    """The class's own constructor method takes no parameter and its body (after a docstring)
    is only ``raise NotImplementedError``: nothing can build the class, so its docstring's
    entries describe a call still to be written, not a stale one."""
    if ctor.params or ctor.model is not None or ctor.own_method is None:
        return False
    method = next((f for f in fe.functions if f.qualname == ctor.own_method), None)
    if method is None:
        return False
    node = function_node(data, method)
    if node is None:
        return False
    body = without_docstring(node.body)
    return len(body) == 1 and raises_not_implemented(body[0])


def documents_its_value(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> bool:
    """A data descriptor (a class with its own ``__set__``) whose docstring documents one name,
    not a constructor parameter, documents the value assigned through it: selenium's
    ``_TimeoutsDescriptor(name)`` documents ``timeouts``, what ``options.timeouts = {...}``
    hands to ``__set__`` (round 43).  Two or more such names stay judged."""
    if not any(f.qualname == f"{cls.qualname}.__set__" for f in fe.functions):
        return False
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    return len(documented) == 1 and not documented & {p.name for p in ctor.params}


def documents_its_method(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> bool:
    """A class with its own constructor whose docstring documents none of the constructor's
    parameters but two or more names that are all named parameters of one public method of the
    class documents that method's options: satpy's ``KDTreeResampler(source_geo_def,
    target_geo_def)`` lists ``cache_dir``, ``mask``, ``radius_of_influence`` and ``epsilon``,
    the keywords of its ``precompute`` (round 59, 8 DEB; pyresample's ``compute`` options,
    round 41, 6 DEB).  One name (a constructor's argument moved to a method), a name the
    method does not take, a private method, or a renamed twin of a constructor parameter
    (``p_0`` for ``p0``: a stale entry that a static helper happens to share) stay judged."""
    if ctor.own_method is None or ctor.model is not None:
        return False  # an inherited constructor: :func:`without_hook_parameters` judges it
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    taken = [p.name.lstrip("*") for p in ctor.params]
    if len(documented) < 2 or documented & set(taken):
        return False
    # imported here: prose_names -> names_scope -> params, which the class checks import
    from docref.checks.static.prose_names import renamed_twin

    if any(renamed_twin(name, taken) is not None for name in documented):
        return False
    return any(
        documented <= {p.name for p in without_receiver(f) if p.kind not in ("vararg", "kwarg")}
        for f in fe.functions
        if f.parent_class == cls.qualname
        and f.qualname == f"{cls.qualname}.{f.name}"
        and not f.name.startswith("_")
    )


def documents_its_items(
    graph: ProjectGraph,
    fe: FileExtract,
    cls: Class,
    ctor: Constructor,
    parsed: ParsedDocstring,
    data: bytes,
) -> bool:
    """An indexer (a class with its own ``__getitem__``) whose docstring documents, instead of
    the constructor's parameters, those of the methods of the object indexing it gives: jax's
    ``x.at[idx].set(y, mode=...)`` is documented on the ``at`` helper, with ``mode`` a
    parameter of ``_IndexUpdateRef.set``.  Every documented name must be such a parameter."""
    getitem = next((f for f in fe.functions if f.qualname == f"{cls.qualname}.__getitem__"), None)
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    if getitem is None or not documented or documented & {p.name for p in ctor.params}:
        return False
    written = (getitem.returns or "").strip().strip("'\"")
    if not written:
        body = data[getitem.header_span.end_byte : getitem.span.end_byte].decode("utf-8", "replace")
        returned = set(_RETURN_CALL.findall(body))
        written = returned.pop() if len(returned) == 1 else ""
    name = written.split("[", 1)[0].rpartition(".")[2]
    reach = [fe] + [graph.get(p) for p in sorted(graph.imports_of(fe.path))]
    params = {
        p.name
        for other in reach
        if other is not None
        for item in other.classes
        if item.name == name
        for f in other.functions
        if f.parent_class == item.qualname
        for p in f.params
    }
    return bool(name) and documented <= params


def without_hook_parameters(
    fe: FileExtract, cls: Class, ctor: Constructor, parsed: ParsedDocstring
) -> ParsedDocstring:
    """``parsed`` without the entries naming parameters of the class's own method that most
    of its entries name, when the class inherits its constructor (a method of a project
    base, not generated) and documents none of that constructor's parameters: a subclass
    whose only code is the hook the base calls documents the hook's arguments (see the
    module docstring).  A name that method does not take stays judged, and so does every
    entry of a class with a constructor of its own (its docstring describes that call)."""
    if ctor.own_method is not None or ctor.model is not None:
        return parsed
    documented = {n.lstrip("*") for n in documented_names(parsed, attributes=False)}
    if not documented or documented & {p.name.lstrip("*") for p in ctor.params}:
        return parsed
    prefix = cls.qualname + "."
    best: set[str] = set()
    hook: Function | None = None
    for f in fe.functions:
        if f.parent_class != cls.qualname or not f.qualname.startswith(prefix):
            continue
        if f.name in _CONSTRUCTION:
            continue
        named = {p.name for p in without_receiver(f) if p.kind not in ("vararg", "kwarg")}
        if len(named & documented) > len(best):
            best, hook = named & documented, f
    if hook is None:
        return parsed
    return without_entries(parsed, best | _through_varargs(hook, documented - best))


def _through_varargs(hook: Function, rest: set[str]) -> set[str]:
    """Of the documented names ``rest`` the hook's named parameters leave, those its
    ``*args``/``**kwargs`` stand for: their own names, and with a ``**kwargs`` every name
    that is no renamed twin of a named parameter (django's ``TemplateCommand`` documents
    ``handle(app_or_project, name, target=None, **options)``: ``options`` and the command
    line's ``directory`` that arrives in it, round 25); a twin is a stale name."""
    variadic = {p.name.lstrip("*"): p.kind for p in hook.params if p.kind in ("vararg", "kwarg")}
    if not variadic:
        return set()
    taken = rest & variadic.keys()
    if "kwarg" not in variadic.values():
        return taken
    # imported here: prose_names -> names_scope -> params, which the class checks import
    from docref.checks.static.prose_names import renamed_twin

    named = [p.name for p in without_receiver(hook) if p.kind not in ("vararg", "kwarg")]
    return taken | {n for n in rest if renamed_twin(n, named) is None}
