"""An installed module's summary whose ``def`` and ``class`` statements are parsed on first use.

A lookup reads a handful of an installed module's bindings -- ``numpy.ndarray``, the
signature of ``pyplot.plot`` -- but :func:`~docref.external.py_source.load_source` parsed
every top-level statement into :mod:`ast` objects: on a cold astropy run, 166 modules (3,900
KB of ``def`` and ``class`` text), ~0.5 s of CPU per process, and a module both workers need
twice.  Here the module's text is cut into its top-level statements (the skeleton's string
and comment mask, :mod:`.py_skeleton`, then each line that starts at column 0 outside
brackets and continuations).  Runs of other statements (imports, assignments, ``if``/``try``
blocks) are parsed and walked as before; a ``def`` or ``class`` statement -- its name and
kind read from its first line -- becomes a :class:`LazyBinding` that parses its own text
(cut to a skeleton) when its ``nodes`` or ``members`` are first read.  The bindings, their
order and the first-wins rules are those of the whole file's walk: the kind is all the rules
look at, and it is known without the parse.

Used only where the skeleton is (:func:`~docref.external.py_skeleton.compiled_here`: the file
compiled on this interpreter, so each statement parses on its own; 3.11's tokenizer; no tabs
or form feeds); anything else is parsed whole as before.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from docref.external.py_skeleton import exact_mask
from docref.external.py_source import Binding, collect, parse_tree, prune

if TYPE_CHECKING:
    from docref.external.py_source import SourceModule

__all__ = ["LazyBinding", "lazy_summary"]

_TOP_LINE = re.compile(r"\n(?=[^ \n])")  # a line starting at column 0 (masked text)
# the clauses that continue a compound statement at column 0
_CLAUSE = re.compile(r"(?:else|elif|except|finally)\b")
_DEF = re.compile(r"(?:async[ ]+)?def[ ]+(\w+)|class[ ]+(\w+)")
_DECORATED = re.compile(r"\n(?:(?:async[ ]+)?def[ ]+(\w+)|class[ ]+(\w+))")
_OPENERS = "([{"
_CLOSERS = ")]}"


class LazyBinding(Binding):
    """A top-level ``def`` or ``class`` binding whose statements are parsed when ``nodes``
    or (a class's) ``members`` are first read; plain data, so it pickles (py_shared)."""

    def __init__(self, kind: str, name: str, text: str, module: SourceModule) -> None:
        # the dataclass fields, with ``nodes``/``members`` behind the properties below
        self.kind, self.name, self.target, self.attr = kind, name, "", ""
        self.expr, self.doc = None, None
        self._texts = [text]
        self._modname, self._is_pkg, self._path = module.name, module.is_pkg, module.path
        self._nodes: list[ast.stmt] | None = None
        self._members: dict[str, Binding] | None = None

    def add(self, text: str) -> None:
        """Another ``def`` of the same name (an overload), parsed with the first."""
        if self._nodes is None:
            self._texts.append(text)
        else:
            self._nodes.extend(_statements(text, self._path))

    def may_hold(self, word: str) -> bool:
        """Whether its statements may spell ``word`` (a parameter's name, say): false only
        for ASCII text not yet parsed that lacks it (the parser NFKC-normalises names)."""
        return self._nodes is not None or any(
            not text.isascii() or word in text for text in self._texts
        )

    def _load(self) -> list[ast.stmt]:
        if self._nodes is None:
            try:
                nodes = [s for text in self._texts for s in _statements(text, self._path)]
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                # not expected (the file compiled here, and each top-level statement parses
                # on its own): a binding with nothing to show, not a failed rule
                nodes = [ast.Pass()]
            self._texts = []
            for node in nodes:
                if isinstance(node, ast.ClassDef):
                    members: dict[str, Binding] = {}
                    collect(node.body, members, None, self._modname, self._is_pkg)
                    self._members = members
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    prune(node)
            self._nodes = nodes
        return self._nodes

    @property
    def nodes(self) -> list[ast.stmt]:
        return self._load()

    @nodes.setter
    def nodes(self, value: list[ast.stmt]) -> None:
        self._nodes, self._texts = value, []

    @property
    def members(self) -> dict[str, Binding] | None:
        if self.kind != "class":
            return None
        self._load()
        return self._members

    @members.setter
    def members(self, value: dict[str, Binding] | None) -> None:
        self._load()
        self._members = value


def _statements(text: str, path: str) -> list[ast.stmt]:
    """The statement ``text`` holds, parsed from its skeleton when that is exact (its file
    compiled here: :func:`lazy_summary` is only used then)."""
    return parse_tree(text, path, compiled=True).body


def _statement_starts(masked: str) -> list[int]:
    """Offsets (in ``masked``, which starts with a newline) of the newline before each
    top-level statement: a line at column 0 outside brackets and line continuations, not a
    clause of the statement before (``else:``) nor a ``def``/``class`` after decorators."""
    starts: list[int] = []
    depth = 0
    last = 0
    decorated = False
    for found in _TOP_LINE.finditer(masked):
        line = found.start()
        piece = masked[last:line]
        depth += sum(piece.count(c) for c in _OPENERS) - sum(piece.count(c) for c in _CLOSERS)
        last = line
        if depth > 0 or (line > 0 and masked[line - 1] == "\\"):
            continue
        if starts and _CLAUSE.match(masked, line + 1):
            continue
        if decorated:
            decorated = masked[line + 1] == "@" or _DEF.match(masked, line + 1) is None
            continue  # a decorator or the decorated statement: the same statement
        starts.append(line)
        decorated = masked[line + 1] == "@"
    return starts


def lazy_summary(module: SourceModule, text: str) -> bool:
    """Fill ``module`` (empty, named) from ``text`` as :func:`py_source._parse_module` would,
    deferring its top-level ``def``/``class`` statements (see the module docstring); ``False``
    (``module`` untouched) when the cut would not be exact here.  ``text`` must have compiled
    on this interpreter."""
    masked = exact_mask(text)
    if masked is None:
        return False
    text = "\n" + text
    starts = _statement_starts(masked)
    starts.append(len(masked))
    scope, stars = module.scope, module.stars
    name, is_pkg = module.name, module.is_pkg
    run: list[str] = []  # consecutive statements that are not def/class: parsed together
    first = True

    def flush() -> None:
        nonlocal first
        if not run:
            first = False
            return
        body = ast.parse("".join(run), filename=module.path).body
        run.clear()
        if first and body:
            module.doc = ast.get_docstring(ast.Module(body=body, type_ignores=[]))
        first = False
        collect(body, scope, stars, name, is_pkg)

    for index in range(len(starts) - 1):
        lo, hi = starts[index], starts[index + 1]
        head = _DECORATED.search(masked, lo, hi) if masked[lo + 1] == "@" else None
        head = head or _DEF.match(masked, lo + 1, hi)
        if head is None:
            run.append(text[lo + 1 : hi + 1])  # with its newline (the last: to the end)
            continue
        flush()
        piece = text[lo + 1 : hi + 1]
        if head[1] is not None:
            _bind_def(scope, head[1], piece, module)
        else:
            _bind_class(scope, head[2], piece, module)
    flush()
    return True


def _bind_def(scope: dict[str, Binding], fn: str, text: str, module: SourceModule) -> None:
    # as collect(): a def joins the defs of its name, replaces anything but a class
    old = scope.get(fn)
    if isinstance(old, LazyBinding) and old.kind == "def":
        old.add(text)
    elif old is not None and old.kind == "def":
        for node in _statements(text, module.path):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                prune(node)
            old.nodes.append(node)
    elif old is None or old.kind != "class":
        scope[fn] = LazyBinding("def", fn, text, module)


def _bind_class(scope: dict[str, Binding], cls: str, text: str, module: SourceModule) -> None:
    # as collect(): a class binds unless a def or class holds the name
    old = scope.get(cls)
    if old is None or old.kind not in ("def", "class"):
        scope[cls] = LazyBinding("class", cls, text, module)
