"""When a required parameter is optional in practice (``C2-OPTIONAL-FLAG``, round 13).

Hugging Face pipelines take ``encode_prompt(prompt, prompt_2, ..., prompt_embeds=None)`` and
document ``prompt`` and ``prompt_2`` "*optional*": callers pass ``prompt=None`` with
``prompt_embeds``.  The body says so in one of two ways, each a general rule:

* a fallback: ``prompt_2 = prompt_2 or prompt`` -- a falsy (``None``) value stands for "not
  given" (:func:`falls_back`);
* an alternative: every read of ``prompt`` sits under ``if prompt_embeds is None:`` (another
  parameter that is not given), apart from the parameter rewriting itself
  (``prompt = [prompt] if isinstance(prompt, str) else prompt``) -- it is only needed when the
  alternative is missing (:func:`read_only_without_alternative`).

A third way is a truth test of a value that is not a flag (session 18, rounds 6 and 25):
``if not hist_file:`` (cmd2: no history file), ``compressor and ...`` (cassandra-driver: no
compression), ``if not keywords:`` (astropy: all cards) -- an empty or ``None`` value stands for
"not given", so "optional path" describes the value (:func:`tests_truth`).  A ``bool`` (by its
entry or its annotation) is tested for its truth whatever it means: ``if compressed:`` reads the
flag, and "optional" on a required flag stays reported.  ``assert x`` demands a value: no evidence.

A fourth is a record's field (session 20, round 29's pyomo ``IterationLogRecord``): "int or
None, optional" on a constructor parameter the constructor only stores (``self.x = x``) --
the written type admits None, and "optional" says the field may be None, as the class's
Attributes do (:func:`stored_maybe_none`).  "float, optional" on the same class, a parameter
the body computes with, and an entry stating a default ("Defaults to None") stay reported.
The same field described "optional" in its text rather than its type ("optional description")
moves to the opt-in weak rule (:func:`stored_as_described`, session 22).

A parameter read anywhere else is required, and stays reported.
"""

from __future__ import annotations

import ast
import re
import textwrap

from docref.checks.static.base import StaticInput
from docref.checks.static.returns_raises_ast import function_node

__all__ = [
    "falls_back",
    "read_only_without_alternative",
    "stored_as_described",
    "stored_maybe_none",
    "tests_truth",
]

_BOOL = re.compile(r"\bbool(?:ean)?\b", re.I)
# a written type that admits None: "int or None", "None or float", "Optional[int]", "int | None"
_WRITTEN_NONE = re.compile(r"\bor\s+None\b|\bNone\s+or\b|\|\s*None\b|\bNone\s*\||\bOptional\[")
_STATES_DEFAULT = re.compile(r"\bdefault", re.I)
# an entry's description opening with "optional": "optional description", "(Optional) The",
# "Optional. State."
_OPTIONAL_WORDS = re.compile(r"^\s*[(\[]?optional\b", re.I)


def stored_maybe_none(inp: StaticInput, name: str, written_type: str, entry: str) -> bool:
    """The entry's written type admits None, it states no default, and the constructor only
    stores ``name`` in an attribute of ``self`` (a record's field)."""
    if not _WRITTEN_NONE.search(written_type) or _STATES_DEFAULT.search(entry):
        return False
    return _only_stored(inp, name)


def stored_as_described(inp: StaticInput, name: str, written_type: str, entry: str) -> bool:
    """ "Optional" in the entry's description, not its type ("optional description of the
    group", "Optional. State."), no default stated, and the constructor only stores ``name``
    (a record's field): the words describe the field's value, which may be missing, as the
    class's Attributes say (round 16 azure's ``namespace: Optional namespace.`` x2, round 17
    python-telegram-bot's ``Optional.`` fields x3, round 43 libcloud's ``CloudStackAffinityGroup``,
    all DEBATABLE).  The finding moves to the opt-in weak rule: one judged TRUE of the
    shape states its default (pymatgen's "Defaults to the reduced formula") and stays."""
    if "optional" in written_type.lower() or _STATES_DEFAULT.search(entry):
        return False
    if not _OPTIONAL_WORDS.match(entry):
        return False
    return _only_stored(inp, name)


def _only_stored(inp: StaticInput, name: str) -> bool:
    init = _constructor(inp)
    if init is None:
        return False
    stores = _Stores(name)
    for statement in init.body:
        stores.visit(statement)
    return stores.stored > 0 and not stores.other


def _constructor(inp: StaticInput) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``__init__`` the entry documents: the function itself, or the class's own (a class
    docstring's record spans the class)."""
    fn = inp.function
    if fn.name == "__init__":
        node = function_node(inp.data, fn)
        return node if isinstance(node, ast.FunctionDef) else None
    if fn.parent_class != fn.qualname:
        return None  # a function of its own, not a class's call
    text = inp.data[fn.span.start_byte : fn.span.end_byte].decode("utf-8", "replace")
    try:
        tree = ast.parse(textwrap.dedent(" " * fn.span.start_col + text))
    except SyntaxError:
        return None
    cls = tree.body[0] if tree.body else None
    if not isinstance(cls, ast.ClassDef):
        return None
    return next(
        (s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None
    )


class _Stores(ast.NodeVisitor):
    """Counts ``self.attr = name`` statements and any other read of ``name``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stored = 0
        self.other = False

    def _is_store(self, targets: list[ast.expr], value: ast.expr | None) -> bool:
        return (
            isinstance(value, ast.Name)
            and value.id == self.name
            and all(
                isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
                for t in targets
            )
        )

    def visit_Assign(self, node: ast.Assign) -> None:
        if self._is_store(node.targets, node.value):
            self.stored += 1
        else:
            self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if self._is_store([node.target], node.value):
            self.stored += 1
        else:
            self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id == self.name:
            self.other = True


def falls_back(inp: StaticInput, name: str) -> bool:
    """``name or default`` in the body: a falsy ``name`` means "not given"."""
    fn = inp.function
    body = inp.code(fn.header_span.end_byte, fn.span.end_byte)
    return re.search(rf"(?<![\w.]){re.escape(name)}\s+or\b", body) is not None


def tests_truth(inp: StaticInput, name: str, written_types: list[str]) -> bool:
    """``if name:``, ``if not name:``, ``name and ...``, ``while name``, ``a if name else b``
    in the body, for a parameter whose entry type and annotations (``written_types``) are not
    ``bool``: an empty or ``None`` value is "not given"."""
    if any(_BOOL.search(t) for t in written_types):
        return False
    node = function_node(inp.data, inp.function)
    if node is None:
        return False
    for sub in ast.walk(node):
        if isinstance(sub, ast.If | ast.While | ast.IfExp) and _truth_tested(sub.test, name):
            return True
        # ``name and f(name)`` tests it; ``other or name`` only hands it on (the last operand
        # is the value, not a test)
        if isinstance(sub, ast.BoolOp) and any(_truth_tested(v, name) for v in sub.values[:-1]):
            return True
    return False


def _truth_tested(test: ast.expr, name: str) -> bool:
    """``name`` itself, ``not name``, or one of the operands of ``and``/``or``."""
    if isinstance(test, ast.Name):
        return test.id == name
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _truth_tested(test.operand, name)
    if isinstance(test, ast.BoolOp):
        return any(_truth_tested(value, name) for value in test.values)
    return False


def read_only_without_alternative(inp: StaticInput, name: str) -> bool:
    """Every read of ``name`` is under ``if other is None:`` (``other`` another parameter) or
    in ``name``'s own rewriting, and there is at least one such guarded read."""
    node = function_node(inp.data, inp.function)
    if node is None:
        return False
    others = {p.name for p in inp.function.params} - {name}
    guarded = _Reads(name, others)
    for statement in node.body:
        guarded.visit(statement)
    return guarded.guarded > 0 and not guarded.bare


class _Reads(ast.NodeVisitor):
    def __init__(self, name: str, others: set[str]) -> None:
        self.name = name
        self.others = others
        self.depth = 0  # how many ``if other is None:`` bodies enclose the visit
        self.guarded = 0
        self.bare = False

    def visit_Name(self, node: ast.Name) -> None:
        if node.id == self.name and isinstance(node.ctx, ast.Load):
            if self.depth:
                self.guarded += 1
            else:
                self.bare = True

    def visit_Assign(self, node: ast.Assign) -> None:
        targets = [t for t in node.targets if isinstance(t, ast.Name)]
        if len(targets) == len(node.targets) and all(t.id == self.name for t in targets):
            return  # ``prompt = [prompt] if isinstance(prompt, str) else prompt``
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        self.visit(node.test)
        alternative = self._tests_other_none(node.test)
        self.depth += alternative
        for statement in node.body:
            self.visit(statement)
        self.depth -= alternative
        for statement in node.orelse:
            self.visit(statement)

    def _tests_other_none(self, test: ast.expr) -> bool:
        """``other is None`` alone or as a conjunct of an ``and``."""
        parts = (
            test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        )
        return any(
            isinstance(p, ast.Compare)
            and isinstance(p.left, ast.Name)
            and p.left.id in self.others
            and len(p.ops) == 1
            and isinstance(p.ops[0], ast.Is)
            and isinstance(p.comparators[0], ast.Constant)
            and p.comparators[0].value is None
            for p in parts
        )
