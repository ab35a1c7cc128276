"""What a Java method body can throw, as far as its own text shows (:class:`BodyFacts`).

Read by :mod:`.java_throws` from the method a ``@throws`` tag documents, from the same-class
methods it calls (one hop) and from the project overrides of it: the ``throw new T`` types,
the ``throws`` clause, the JDK exceptions its operations raise implicitly (a dereference, an
index, a division, a cast, ``new T[n]``, ``assert``), its calls, and whether anything could
throw an unchecked exception the text does not name (another ``throw``, a constructor, a
hidden call such as an enhanced ``for``'s ``iterator()`` or ``"" + obj``'s ``toString()``) or
a checked one undeclared (Lombok's ``@SneakyThrows``, a ``sneakyThrow`` helper).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from docref.graph.java_extract import parse
from docref.graph.model import FileExtract, Function

__all__ = ["BodyFacts", "BodyReader", "method_node", "returns_named_constants"]

_METHOD_TYPES = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)
_CONSTRUCTORS = frozenset({"constructor_declaration", "compact_constructor_declaration"})

_PRIMITIVES = ("int", "long", "short", "byte", "char", "float", "double", "boolean")
_BOXED = ("Integer", "Long", "Short", "Byte", "Character", "Float", "Double", "Boolean")
_CONCAT_SAFE = frozenset((*_PRIMITIVES, *_BOXED, "String", "java.lang.String"))
_LITERALS = frozenset(
    {
        "decimal_integer_literal",
        "hex_integer_literal",
        "octal_integer_literal",
        "binary_integer_literal",
        "decimal_floating_point_literal",
        "hex_floating_point_literal",
        "character_literal",
        "string_literal",
        "text_block",
        "true",
        "false",
        "null_literal",
    }
)
# Statements that call code the body does not show: ``iterator()``/``close()`` of a resource.
_HIDDEN_CALLS = frozenset(
    {
        "object_creation_expression",
        "explicit_constructor_invocation",
        "enhanced_for_statement",
        "resource",
    }
)


@dataclass(slots=True)
class BodyFacts:
    """What one method body can throw, as far as its own text shows.

    ``thrown``: the types of ``throw new T(…)``; ``declared``: its ``throws`` clause;
    ``implied``: JDK exceptions its operations raise implicitly; ``calls``: (receiver as
    written or None, method name) of each call; ``opaque``: something could throw anything
    unchecked (another ``throw``, a constructor, a hidden call); ``sneaky``: checked
    exceptions may escape undeclared (``@SneakyThrows``, a ``sneakyThrow`` helper).
    """

    thrown: list[str] = field(default_factory=list)
    declared: list[str] = field(default_factory=list)
    implied: set[str] = field(default_factory=set)
    calls: list[tuple[str | None, str]] = field(default_factory=list)
    # the argument counts each called name is given (an overload of another arity is another
    # method: ``setInput(0, input)`` in ``setInput(Effect)`` is the inherited two-argument one)
    arities: dict[str, set[int]] = field(default_factory=dict)
    opaque: bool = False
    sneaky: bool = False


@functools.lru_cache(maxsize=4)
def _tree(data: bytes) -> Tree:
    return parse(data)


def method_node(data: bytes, fn: Function) -> Node | None:
    start, end = fn.span.start_byte, fn.span.end_byte
    node: Node | None = _tree(data).root_node.descendant_for_byte_range(start, end)
    while node is not None:
        if node.type in _METHOD_TYPES and node.start_byte == start and node.end_byte == end:
            return node
        node = node.parent
    return None


_CONSTANT = re.compile(r"^(?:[\w.]*\.)?[A-Z][A-Z0-9_]*[A-Z0-9]$")  # two characters or more
_NESTED = frozenset({"lambda_expression", "class_body", "method_declaration"})


def _constant_value(node: Node | None) -> bool:
    """An expression that is a named constant (``NULLABLE_UNKNOWN``, ``Tag.SKIP_BODY``), a
    choice between them (``c ? A_B : C_D``) or one in parentheses."""
    if node is None:
        return False
    if node.type == "parenthesized_expression":
        return _constant_value(node.named_children[0] if node.named_children else None)
    if node.type == "ternary_expression":
        branches = node.named_children[1:]
        return len(branches) == 2 and all(_constant_value(b) for b in branches)
    if node.type in ("identifier", "field_access"):
        return _CONSTANT.match((node.text or b"").decode("utf-8", "replace")) is not None
    return False


def returns_named_constants(data: bytes, fn: Function) -> bool:
    """Whether every ``return`` of the method's body hands back a named constant (an int
    code: ``return Column.NULLABLE_UNKNOWN;``), none of a nested lambda or class counted."""
    node = method_node(data, fn)
    body = node.child_by_field_name("body") if node is not None else None
    if body is None:
        return False
    returns: list[Node] = []
    stack = list(body.named_children)
    while stack:
        child = stack.pop()
        if child.type == "return_statement":
            returns.append(child)
        elif child.type not in _NESTED:
            stack.extend(child.named_children)
    values = [r.named_children[0] if r.named_children else None for r in returns]
    return bool(values) and all(_constant_value(v) for v in values)


class BodyReader:
    """Collects :class:`BodyFacts` from one method declaration node."""

    def __init__(self, data: bytes, fe: FileExtract, fn: Function) -> None:
        self.data = data
        self.safe_names = {p.name for p in fn.params if (p.annotation or "") in _CONCAT_SAFE}
        self.safe_names.update(
            v.name
            for v in fe.variables
            if v.owner == fn.parent_class and (v.annotation or "") in _CONCAT_SAFE
        )

    def text(self, node: Node | None) -> str:
        if node is None:
            return ""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def read(self, fn: Function, node: Node) -> BodyFacts | None:
        body = node.child_by_field_name("body")
        if body is None or node.has_error:
            return None
        facts = BodyFacts(declared=list(fn.throws))
        facts.sneaky = any(d.rsplit(".", 1)[-1].startswith("SneakyThrows") for d in fn.decorators)
        facts.opaque = node.type in _CONSTRUCTORS
        self._collect_safe_locals(body)
        stack = [body]
        while stack:
            current = stack.pop()
            self._visit(current, facts)
            if current.type == "throw_statement":
                continue  # _visit queued what matters (the arguments of ``new T(…)``)
            stack.extend(current.children)
        return facts

    def _collect_safe_locals(self, body: Node) -> None:
        stack = [body]
        while stack:
            current = stack.pop()
            if current.type == "local_variable_declaration":
                declared_type = current.child_by_field_name("type")
                if self.text(declared_type) in _CONCAT_SAFE:
                    for declarator in current.children_by_field_name("declarator"):
                        self.safe_names.add(self.text(declarator.child_by_field_name("name")))
            stack.extend(current.children)

    def _visit(self, node: Node, facts: BodyFacts) -> None:
        kind = node.type
        if kind == "throw_statement":
            thrown = next((c for c in node.named_children if "comment" not in c.type), None)
            if thrown is not None and thrown.type == "object_creation_expression":
                facts.thrown.append(self.text(thrown.child_by_field_name("type")))
                arguments = thrown.child_by_field_name("arguments")
                if arguments is not None:
                    self._visit_all(arguments, facts)
            else:
                facts.opaque = True
                if thrown is not None:
                    self._visit_all(thrown, facts)
        elif kind == "method_invocation":
            receiver = node.child_by_field_name("object")
            name = self.text(node.child_by_field_name("name"))
            facts.calls.append((self.text(receiver) if receiver is not None else None, name))
            arguments = node.child_by_field_name("arguments")
            count = len(arguments.named_children) if arguments is not None else 0
            facts.arities.setdefault(name, set()).add(count)
            facts.sneaky |= "sneaky" in name.lower()
        elif kind in _HIDDEN_CALLS:
            facts.opaque = True
        elif kind in ("identifier", "field_access", "method_reference"):
            facts.implied.add("NullPointerException")
        elif kind == "array_access":
            facts.implied.add("ArrayIndexOutOfBoundsException")
            parent = node.parent
            stored = parent is not None and parent.type == "assignment_expression"
            if stored and parent is not None and parent.child_by_field_name("left") == node:
                facts.implied.add("ArrayStoreException")
        elif kind in ("binary_expression", "assignment_expression"):
            self._operator(node, facts)
        elif kind == "cast_expression":
            facts.implied.add("ClassCastException")
        elif kind == "dimensions_expr":
            facts.implied.add("NegativeArraySizeException")
        elif kind == "assert_statement":
            facts.implied.add("AssertionError")

    def _visit_all(self, node: Node, facts: BodyFacts) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            self._visit(current, facts)
            if current.type != "throw_statement":
                stack.extend(current.children)

    def _operator(self, node: Node, facts: BodyFacts) -> None:
        operator = self.text(node.child_by_field_name("operator"))
        if operator in ("/", "%", "/=", "%="):
            facts.implied.add("ArithmeticException")
        elif operator in ("+", "+="):
            operands = (node.child_by_field_name("left"), node.child_by_field_name("right"))
            if not all(self._concat_safe(o) for o in operands):
                facts.opaque = True  # ``"" + obj`` runs obj.toString(): user code

    def _concat_safe(self, node: Node | None) -> bool:
        if node is None:
            return True
        kind = node.type
        if kind in _LITERALS or kind in ("method_invocation", "object_creation_expression"):
            return True  # calls are accounted for on their own
        if kind == "identifier":
            return self.text(node) in self.safe_names
        if kind == "field_access":
            receiver = self.text(node.child_by_field_name("object"))
            member = self.text(node.child_by_field_name("field"))
            return receiver == "this" and member in self.safe_names
        if kind == "cast_expression":
            return self.text(node.child_by_field_name("type")) in _CONCAT_SAFE
        if kind in ("parenthesized_expression", "binary_expression", "unary_expression"):
            return all(self._concat_safe(c) for c in node.named_children)
        if kind == "ternary_expression":
            branches = ("consequence", "alternative")
            return all(self._concat_safe(node.child_by_field_name(b)) for b in branches)
        return False
