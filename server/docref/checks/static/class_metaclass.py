"""Whether a metaclass stands between ``C(...)`` and the class's constructor.

A metaclass that defines ``__call__`` decides what ``C(...)`` accepts: backtrader's
``MetaParams`` (through ``MetaBase.__call__``) pops the keywords its ``params`` tuple declares
before ``__init__(self)`` runs.  Such a metaclass usually reaches a class through a base:
``class BackBroker(bt.BrokerBase)``, where ``BrokerBase(with_metaclass(MetaBroker, object))``
and ``MetaBroker(MetaParams)``.  :class:`MetaclassReader` follows project base classes (and the
bases a six-style ``with_metaclass(M, *bases)`` hands on) and then the metaclass's own project
bases, a few hops each.  A metaclass outside the project (``ABCMeta``, an enum's, an ORM's
model metaclass) is taken to keep the ordinary constructor.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Callable

from docref.checks.static.class_fields import short_name
from docref.graph.model import Class, FileExtract, Function

__all__ = ["MetaclassReader", "declared_metaclass"]

# classes up from the checked one, and metaclasses up from the one found
_MAX_CLASS_HOPS = 4
_MAX_METACLASS_HOPS = 4
_WITH_METACLASS = "with_metaclass"
_ADD_METACLASS = "add_metaclass"

Resolve = Callable[[FileExtract, str, str | None], tuple[FileExtract, Class] | None]
Header = Callable[[FileExtract, Class], dict[str, str] | None]
Code = Callable[[FileExtract, int, int], str]


def declared_metaclass(cls: Class, header: dict[str, str]) -> str | None:
    """The metaclass ``cls`` names itself, as written: a ``metaclass=M`` keyword, a six-style
    ``with_metaclass(M, ...)`` base or an ``@add_metaclass(M)`` decorator."""
    if "metaclass" in header:
        return header["metaclass"]
    for written in [*cls.bases, *cls.decorators]:
        call = _call(written)
        if call is not None and call[0] in (_WITH_METACLASS, _ADD_METACLASS) and call[1]:
            return call[1][0]
    return None


def plain_bases(cls: Class) -> list[str]:
    """The bases of ``cls`` with a ``with_metaclass(M, *bases)`` base replaced by its bases."""
    out: list[str] = []
    for written in cls.bases:
        call = _call(written)
        if call is not None and call[0] == _WITH_METACLASS:
            out.extend(call[1][1:])
        else:
            out.append(written)
    return out


class MetaclassReader:
    """Answers :meth:`inherited_call` for the classes of one project."""

    def __init__(self, resolve: Resolve, header: Header, code: Code) -> None:
        self._resolve = resolve
        self._header = header
        self._code = code
        self._classes: dict[tuple[str, str, int], bool] = {}

    def inherited_call(self, fe: FileExtract, cls: Class) -> bool:
        """Whether a project base of ``cls`` (up to four classes up) has a metaclass whose
        project ancestry defines ``__call__``; ``cls``'s own metaclass is the caller's."""
        return self._bases_call(fe, cls, _MAX_CLASS_HOPS)

    def _bases_call(self, fe: FileExtract, cls: Class, hops: int) -> bool:
        if hops <= 0:
            return False
        for written in plain_bases(cls):
            found = self._resolve(fe, written, cls.parent_class)
            if found is not None and found[1] is not cls and self._class_call(*found, hops - 1):
                return True
        return False

    def _class_call(self, fe: FileExtract, cls: Class, hops: int) -> bool:
        key = (fe.path, cls.qualname, hops)
        if key not in self._classes:
            self._classes[key] = False  # a cycle of bases answers "no" on its way round
            header = self._header(fe, cls)
            meta = declared_metaclass(cls, header) if header is not None else None
            self._classes[key] = (
                meta is not None and self._metaclass_call(fe, meta, cls.parent_class)
            ) or self._bases_call(fe, cls, hops)
        return self._classes[key]

    def _metaclass_call(self, fe: FileExtract, written: str, scope: str | None) -> bool:
        seen: set[tuple[str, str]] = set()
        todo = [(fe, written, scope, _MAX_METACLASS_HOPS)]
        while todo:
            at, name, where, hops = todo.pop()
            found = self._resolve(at, name, where)
            if found is None or hops <= 0:
                continue  # a metaclass outside the project keeps the ordinary constructor
            meta_fe, meta = found
            if (meta_fe.path, meta.qualname) in seen:
                continue
            seen.add((meta_fe.path, meta.qualname))
            calls = [
                f
                for f in meta_fe.functions
                if f.parent_class == meta.qualname and f.name == "__call__"
            ]
            if calls and not all(_forwards(self._code, meta_fe, f) for f in calls):
                return True
            todo.extend((meta_fe, b, meta.parent_class, hops - 1) for b in meta.bases)
        return False


def _forwards(code: Code, fe: FileExtract, method: Function) -> bool:
    """Whether a metaclass's ``__call__`` hands the ``*args, **kwargs`` it takes on
    unchanged (pennylane's capture, pyro's coercions, a singleton: ``return
    super().__call__(*args, **kwargs)``), so ``__init__`` still gets the caller's
    arguments; backtrader's ``MetaBase.__call__`` rebinds them (``cls, args, kwargs =
    cls.doprenew(*args, **kwargs)``) and pops the ``params`` keywords on the way."""
    # the span starts at its first decorator or ``def`` (the indentation is before it)
    first, _, rest = code(fe, method.span.start_byte, method.span.end_byte).partition("\n")
    rest = textwrap.dedent(rest)
    text = (
        first.strip()
        + "\n"
        + (rest if first.lstrip().startswith("@") else textwrap.indent(rest, "    "))
    )
    try:
        node = ast.parse(text).body[0]
    except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
        return False
    if not isinstance(node, ast.FunctionDef) or not node.args.vararg or not node.args.kwarg:
        return False
    names = {node.args.vararg.arg, node.args.kwarg.arg}
    if any(
        isinstance(n, ast.Name) and n.id in names and not isinstance(n.ctx, ast.Load)
        for n in ast.walk(node)
    ):
        return False  # rebound: the arguments ``__init__`` gets are the metaclass's own
    return any(
        isinstance(n, ast.Call)
        and any(isinstance(a, ast.Starred) and _named(a.value, names) for a in n.args)
        and any(k.arg is None and _named(k.value, names) for k in n.keywords)
        for n in ast.walk(node)
    )


def _named(node: ast.expr, names: set[str]) -> bool:
    return isinstance(node, ast.Name) and node.id in names


def _call(written: str) -> tuple[str, list[str]] | None:
    """``(short name of the callee, its positional arguments as written)`` when ``written``
    is a call expression such as ``six.with_metaclass(Meta, Base)``."""
    if "(" not in written:
        return None
    try:
        node = ast.parse(written.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if not isinstance(node, ast.Call):
        return None
    return short_name(ast.unparse(node.func)), [ast.unparse(a) for a in node.args]
