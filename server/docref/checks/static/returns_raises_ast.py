"""AST facts for the Returns/Yields rules: one function body, read, never executed.

:func:`function_node` finds the ``def`` of a graph :class:`Function` in its file;
:func:`body_facts` says whether it returns a value or yields and whether it is a stub.
What a body raises is :mod:`docref.checks.static.raise_facts`, built on these.
"""

from __future__ import annotations

import ast
import functools
import re
import textwrap
from dataclasses import dataclass

from docref.core.ast_nodes import children, without_docstring
from docref.graph.model import Function

FuncNode = ast.FunctionDef | ast.AsyncFunctionDef
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)

ABSTRACT_DECORATORS = frozenset(
    {
        "abstractmethod",
        "abstractproperty",
        "abstractclassmethod",
        "abstractstaticmethod",
        "overload",
    }
)

# ---- locating the def --------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _parse_file(data: bytes) -> ast.Module | None:
    try:
        return ast.parse(data)
    except (SyntaxError, ValueError):
        return None


def function_node(data: bytes, fn: Function) -> FuncNode | None:
    """The ``def`` node of ``fn``: its own text dedented, else found in the whole file.

    Several rules ask for the same function one after the other (returns, yields, raises,
    prose return claims): the parse is kept for the last few functions.  The rules only read
    the tree."""
    span = fn.span
    return _function_node(
        data, span.start_byte, span.end_byte, span.start_col, span.start_line, fn.name
    )


# set on a def node whose source text holds no ``yield`` (see :func:`_body_facts`)
_YIELD_FREE = "_docref_yield_free"


@functools.lru_cache(maxsize=32)
def _function_node(
    data: bytes, start: int, end: int, col: int, line: int, name: str
) -> FuncNode | None:
    node = _find_node(data, start, end, col, line, name)
    if node is not None and b"yield" not in data[start:end]:
        setattr(node, _YIELD_FREE, True)
    return node


def _find_node(
    data: bytes, start: int, end: int, col: int, line: int, name: str
) -> FuncNode | None:
    text = data[start:end].decode("utf-8", "replace")
    try:
        tree = ast.parse(textwrap.dedent(" " * col + text))
    except (SyntaxError, ValueError):
        tree = None
    if tree is not None and len(tree.body) == 1:
        node = tree.body[0]
        if isinstance(node, FuncNode) and node.name == name:
            return node
    if col:
        # a string in the body reaching further left than the def defeats dedent: parse the
        # def inside an ``if`` block instead (its own text, not the whole file: an edit in a
        # big file must not cost a parse of all of it)
        try:
            wrapped = ast.parse("if 1:\n" + " " * col + text)
        except (SyntaxError, ValueError):
            wrapped = None
        block = wrapped.body[0] if wrapped is not None and len(wrapped.body) == 1 else None
        if isinstance(block, ast.If) and len(block.body) == 1:
            node = block.body[0]
            if isinstance(node, FuncNode) and node.name == name:
                ast.increment_lineno(node, -1)
                return node
    module = _parse_file(data)
    if module is None:
        return None
    for cand in ast.walk(module):
        if isinstance(cand, FuncNode) and cand.name == name:
            first = min([cand.lineno, *(d.lineno for d in cand.decorator_list)])
            if first - 1 == line:
                return cand
    return None


# a last line ``return <value>`` (after its indentation): no comment, string, bracket first,
# backslash or ``;`` that could make it anything but one statement returning a value
_RETURN_LINE = re.compile(rb"return[ \t]+[^\s#'\"(\\;][^#'\"\\;]*")


def ends_in_return_value(data: bytes, fn: Function) -> bool:
    """Whether ``fn``'s last line is ``return <value>`` at its body's indentation (that of
    its docstring, the body's first statement): then a ``return`` with a value is one of its
    own statements, known without a parse.  False when unsure.  A line at the body's
    indentation is no nested function's or block's, and one without quotes cannot be inside
    a string (the function would end inside it); inside brackets ``return`` does not parse,
    and a function that does not parse is skipped by the rules either way."""
    doc = fn.docstring
    if doc is None:
        return False
    begin = doc.span.start_byte
    indent = data[data.rfind(b"\n", 0, begin) + 1 : begin]
    if not indent or indent.strip():
        return False
    text = data[fn.span.start_byte : fn.span.end_byte].rstrip()
    last = text[text.rfind(b"\n") + 1 :]
    if not last.startswith(indent) or last[len(indent) : len(indent) + 1] in (b" ", b"\t"):
        return False
    match = _RETURN_LINE.fullmatch(last, len(indent))
    return match is not None and match[0][6:].strip() != b"None"


def own_nodes(fn: FuncNode) -> list[ast.AST]:
    """Every node of ``fn``'s body outside nested functions, lambdas and classes."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = list(reversed(fn.body))
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, _SCOPES):
            continue
        stack.extend(reversed(children(node)))
    return out


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def decorator_names(fn: FuncNode) -> list[str]:
    names: list[str] = []
    for dec in fn.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        names.append(dotted(target) or "?")
    return names


# ---- returns and yields ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BodyFacts:
    returns_value: bool
    yields: bool
    stub: bool
    abstract: bool


def _is_none(node: ast.expr | None) -> bool:
    return node is None or (isinstance(node, ast.Constant) and node.value is None)


def is_stub(fn: FuncNode) -> bool:
    """Only a docstring, ``pass``, ``...`` and ``raise`` statements, or a lone ``return`` /
    ``return None``: the default of a hook that subclasses fill in (``get_cred_info``).
    ``del`` of the parameters first (keras' ``del index; raise NotImplementedError``: the
    linters' way to mark them unused) changes nothing, nor do local names assigned first for
    the message of the ``raise`` (scipy's ``clsname = self.__class__.__name__; raise
    NotImplementedError(f"... {clsname}")``)."""
    body = without_docstring(fn.body)
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    while (
        body
        and isinstance(body[0], ast.Delete)
        and all(isinstance(t, ast.Name) and t.id in params for t in body[0].targets)
    ):
        body = body[1:]
    if len(body) == 1 and isinstance(body[0], ast.Return) and _is_none(body[0].value):
        return True
    body = _without_message_locals(_without_setup_lines(body))
    for stmt in body:
        if isinstance(stmt, ast.Pass | ast.Raise):
            continue
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # ``...`` or a stray string
        return False
    return True


def _without_setup_lines(body: list[ast.stmt]) -> list[ast.stmt]:
    """``body`` from its last statement on when that is ``raise NotImplementedError`` and every
    statement before it only binds plain names (``if samples is None: samples = []``: the
    defaults of an interface method written before the subclasses' part); else ``body``.
    A call, a loop, an attribute store or a ``return`` before the raise is work, not set-up."""
    if len(body) < 2 or not raises_not_implemented(body[-1]):
        return body
    return body[-1:] if all(_is_setup(stmt) for stmt in body[:-1]) else body


def raises_not_implemented(stmt: ast.stmt) -> bool:
    """``raise NotImplementedError`` (the class or an instance of it)."""
    if not isinstance(stmt, ast.Raise) or stmt.exc is None:
        return False
    exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def _is_setup(stmt: ast.stmt) -> bool:
    """A binding of plain names to call-free values, or an ``if`` of only such bindings."""
    if isinstance(stmt, ast.If):
        return not _has_call(stmt.test) and all(_is_setup(s) for s in (*stmt.body, *stmt.orelse))
    if isinstance(stmt, ast.Assign):
        targets: list[ast.expr] = list(stmt.targets)
    elif isinstance(stmt, ast.AnnAssign | ast.AugAssign):
        targets = [stmt.target]
    else:
        return isinstance(stmt, ast.Pass)
    value_is_plain = stmt.value is None or not _has_call(stmt.value)
    return value_is_plain and all(isinstance(t, ast.Name) for t in targets)


def _has_call(node: ast.expr) -> bool:
    return any(
        isinstance(n, ast.Call | ast.Await | ast.Yield | ast.YieldFrom) for n in ast.walk(node)
    )


def _without_message_locals(body: list[ast.stmt]) -> list[ast.stmt]:
    """``body`` without its leading assignments to plain names when every such name is read
    by a ``raise`` after them (the message of the stub's exception); else ``body``."""
    count = 0
    assigned: set[str] = set()
    for stmt in body:
        if not isinstance(stmt, ast.Assign):
            break
        names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
        if len(names) != len(stmt.targets):
            return body
        assigned.update(names)
        count += 1
    read = {
        n.id
        for stmt in body[count:]
        if isinstance(stmt, ast.Raise)
        for n in ast.walk(stmt)
        if isinstance(n, ast.Name)
    }
    return body[count:] if assigned and assigned <= read else body


# the last function's facts: the C3 rules ask for the same node one after the other (the
# node is shared through function_node's cache)
_last_facts: tuple[FuncNode, BodyFacts] | None = None


def body_facts(fn: FuncNode) -> BodyFacts:
    global _last_facts
    last = _last_facts
    if last is not None and last[0] is fn:
        return last[1]
    facts = _body_facts(fn)
    _last_facts = (fn, facts)
    return facts


def _returns_value(body: list[ast.stmt]) -> bool:
    """Whether a ``return`` with a value is among these statements, nested blocks included,
    nested functions and classes not.  ``return`` is a statement: only statement lists are
    walked, not the expressions (most of a body's nodes)."""
    stack = list(body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, ast.Return):
            if not _is_none(stmt.value):
                return True
        elif not isinstance(stmt, _SCOPES):
            for field in _BLOCKS:
                block = getattr(stmt, field, None)
                if block:
                    stack.extend(block)
            for case in getattr(stmt, "cases", None) or ():  # ``match``
                stack.extend(case.body)
    return False


# the statement lists of compound statements (``handlers`` holds ``except`` clauses, whose
# ``body`` the walk then reads)
_BLOCKS = ("body", "orelse", "finalbody", "handlers")


def _body_facts(fn: FuncNode) -> BodyFacts:
    if getattr(fn, _YIELD_FREE, False):
        # no ``yield`` in its text: no Yield node anywhere, and ``return`` is a statement
        returns_value, yields = _returns_value(fn.body), False
    else:
        nodes = own_nodes(fn)
        returns_value = any(isinstance(n, ast.Return) and not _is_none(n.value) for n in nodes)
        yields = any(isinstance(n, ast.Yield | ast.YieldFrom) for n in nodes)
    abstract = any(name.rsplit(".", 1)[-1] in ABSTRACT_DECORATORS for name in decorator_names(fn))
    return BodyFacts(returns_value, yields, is_stub(fn), abstract)
