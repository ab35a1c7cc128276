"""C3-RAISES for Javadoc: an ``@throws``/``@exception`` tag the method provably never throws.

Two cases, precision first (:mod:`.java_hierarchy` resolves the names; an unresolved
hierarchy always counts as "could be"):

* A **checked** exception (not below ``RuntimeException``/``Error``) that the method neither
  declares in its ``throws`` clause nor throws with ``throw new X`` (a subtype or supertype
  counts): the compiler forbids throwing it otherwise.  Lombok's ``@SneakyThrows`` and
  "sneaky throw" helpers are the exceptions and silence the rule.  ``Exception`` itself is
  checked, but every unchecked exception is one too, so it is judged as unchecked.
* An **unchecked** (or unresolved) exception, only when nothing in the body could throw it:
  no ``throw`` of it (any other ``throw``, of a variable or a call's result, could be it), no
  call of a method or constructor other than a same-class method that cannot be overridden
  (private, static, final, or of a final class) whose own body, one hop deep, does not throw
  it either, no operation that raises it implicitly: ``NullPointerException`` from any use of
  a variable or field (unboxing, dereference), ``ArrayIndexOutOfBoundsException`` and
  ``ArrayStoreException`` from indexing, ``ArithmeticException`` from ``/`` and ``%``,
  ``ClassCastException`` from a cast, ``NegativeArraySizeException`` from ``new T[n]``,
  ``AssertionError`` from ``assert``.  ``NumberFormatException`` only comes from calls
  (``parseInt``, ``valueOf``) and ``IllegalArgumentException`` only from an explicit
  ``throw``; string concatenation counts as a call unless every operand is a primitive, boxed
  or ``String`` value (``toString()`` of anything else is user code).  Constructors always
  count as calling (the implicit ``super()`` and field initialisers), and JVM errors
  (``OutOfMemoryError``, ``LinkageError``…) can be thrown anywhere, so they are never reported.

Never judged: ``UnsupportedOperationException`` on a method a subclass may override (the
JDK's "optional operation": ``ThreadInfo.getBlockedTime`` documents it for the VMs that do not
support the feature; a final or private method is still judged), stubs whose body only
throws (``UnsupportedOperationException`` in an abstract collection: their tags are the
contract of overriders), an unchecked exception on a method that a project subclass overrides
(:mod:`.overriders`: the base documents its overriders' contract, as the JDK's
``KeyPairGenerator.initialize`` does for its ``Delegate``; a checked one stays judged, since no
override may throw what the base does not declare) and ``@throws X {@inheritDoc}`` tags, which
copy the overridden method's contract.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from docref.checks.static.base import StaticInput
from docref.checks.static.java_hierarchy import (
    Ancestry,
    ExceptionHierarchy,
    is_subtype,
    jdk_ancestry,
)
from docref.checks.static.overriders import overridden_in_project
from docref.core.findings import Criterion, Finding
from docref.graph.java_extract import parse
from docref.graph.model import Function
from docref.segments import Segment

__all__ = ["RULE_RAISES", "java_unthrown"]

RULE_RAISES = "C3-RAISES"

_METHOD_TYPES = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)
_CONSTRUCTORS = frozenset({"constructor_declaration", "compact_constructor_declaration"})
_NAME = re.compile(r"^[A-Za-z_$][\w$.]*$")
# Errors the JVM may throw anywhere (JLS 11.1.3): documenting them is never provably wrong.
_ANYWHERE = ("VirtualMachineError", "LinkageError", "ThreadDeath", "IOError")
_RUNTIME = jdk_ancestry("RuntimeException")
_CHECKED_REASON = "neither declares nor throws it, and the compiler allows no other way"
_NOT_OVERRIDABLE = frozenset({"private", "static", "final"})
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
class _BodyFacts:
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
    opaque: bool = False
    sneaky: bool = False


@functools.lru_cache(maxsize=4)
def _tree(data: bytes) -> Tree:
    return parse(data)


def _method_node(data: bytes, fn: Function) -> Node | None:
    start, end = fn.span.start_byte, fn.span.end_byte
    node: Node | None = _tree(data).root_node.descendant_for_byte_range(start, end)
    while node is not None:
        if node.type in _METHOD_TYPES and node.start_byte == start and node.end_byte == end:
            return node
        node = node.parent
    return None


class _BodyReader:
    """Collects :class:`_BodyFacts` from one method declaration node."""

    def __init__(self, inp: StaticInput, fn: Function) -> None:
        self.data = inp.data
        self.safe_names = {p.name for p in fn.params if (p.annotation or "") in _CONCAT_SAFE}
        self.safe_names.update(
            v.name
            for v in inp.file.variables
            if v.owner == fn.parent_class and (v.annotation or "") in _CONCAT_SAFE
        )

    def text(self, node: Node | None) -> str:
        if node is None:
            return ""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def read(self, fn: Function, node: Node) -> _BodyFacts | None:
        body = node.child_by_field_name("body")
        if body is None or node.has_error:
            return None
        facts = _BodyFacts(declared=list(fn.throws))
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

    def _visit(self, node: Node, facts: _BodyFacts) -> None:
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

    def _visit_all(self, node: Node, facts: _BodyFacts) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            self._visit(current, facts)
            if current.type != "throw_statement":
                stack.extend(current.children)

    def _operator(self, node: Node, facts: _BodyFacts) -> None:
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


def _is_stub(node: Node) -> bool:
    """A body of ``throw`` statements only (``throw new UnsupportedOperationException()``)."""
    body = node.child_by_field_name("body")
    statements = [c for c in body.named_children if "comment" not in c.type] if body else []
    return bool(statements) and all(c.type == "throw_statement" for c in statements)


def _class_is_final(inp: StaticInput) -> bool:
    owner = inp.function.parent_class
    cls = next((c for c in inp.file.classes if c.qualname == owner), None)
    if cls is None:
        return False
    if cls.kind in ("record", "enum"):
        return cls.kind == "record"  # enum constants may override methods in their bodies
    header = inp.code(cls.header_span.start_byte, cls.header_span.end_byte)
    return re.search(r"\bfinal\b", header.split(cls.name, 1)[0]) is not None


class _Judge:
    """Decides, per documented exception, whether the method could throw it."""

    def __init__(self, inp: StaticInput, facts: _BodyFacts) -> None:
        self.inp = inp
        self.facts = facts
        self.hierarchy = ExceptionHierarchy(inp.graph)
        self.callees = self._callees()

    def ancestry(self, written: str) -> Ancestry:
        return self.hierarchy.ancestry(self.inp.file, written)

    def _callees(self) -> list[_BodyFacts] | None:
        """Facts of the same-class methods the body calls; None when a call is not followed."""
        inp, fn = self.inp, self.inp.function
        out: list[_BodyFacts] = []
        final_class = _class_is_final(inp)
        owner = fn.parent_class or ""
        for receiver, name in self.facts.calls:
            if receiver not in (None, "this", owner.rsplit(".", 1)[-1]):
                return None
            targets = [f for f in inp.file.functions if f.qualname == f"{owner}.{name}"]
            if not targets:
                return None  # inherited, from an outer class, or unknown
            for target in targets:
                if target is fn:
                    continue
                if not (final_class or _NOT_OVERRIDABLE & set(target.modifiers)):
                    return None  # a subclass may override it
                node = _method_node(inp.data, target)
                sub = _BodyReader(inp, target).read(target, node) if node is not None else None
                if sub is None or sub.opaque:
                    return None
                # a call to a same-name overload is one of ``targets``: judged on its own
                if any(c != (None, target.name) and c != ("this", target.name) for c in sub.calls):
                    return None
                out.append(sub)
        return out

    def _related(self, written: str, documented: Ancestry, *, either_way: bool) -> bool:
        """``written`` is (or, ``either_way``, is above) the documented type, or may be."""
        other = self.ancestry(written)
        if is_subtype(other, documented) is not False:
            return True
        return either_way and is_subtype(documented, other) is not False

    def _explains(self, facts: _BodyFacts, documented: Ancestry, *, checked: bool) -> bool:
        """``facts`` show a way to throw ``documented`` (or the hierarchy cannot rule it out).

        A ``throws`` clause naming a supertype may throw the documented subtype; ``throw new``
        of a supertype counts only for a checked exception (where the rule is the compiler's
        and a wrongly narrow tag is not what it proves).
        """
        if any(self._related(t, documented, either_way=True) for t in facts.declared):
            return True
        if any(self._related(t, documented, either_way=checked) for t in facts.thrown):
            return True
        if checked:
            return facts.sneaky
        return any(is_subtype(jdk_ancestry(n), documented) is not False for n in facts.implied)

    def verdict(self, written: str) -> str | None:
        """Why ``written`` can never be thrown, or None when it might be."""
        documented = self.ancestry(written)
        if documented.complete and (
            documented.keys[0] in ("jdk:Throwable", "jdk:Error")
            or any(documented.includes(e) for e in _ANYWHERE)
        ):
            return None
        # ``Exception`` is checked, yet any unchecked exception is one too: judge it as unchecked
        if documented.checked and not is_subtype(_RUNTIME, documented):
            if self._explains(self.facts, documented, checked=True):
                return None
            return _CHECKED_REASON
        if self.facts.opaque or self.callees is None:
            return None
        if any(self._explains(f, documented, checked=False) for f in (self.facts, *self.callees)):
            return None
        return "neither throws it nor calls anything that does"


def java_unthrown(inp: StaticInput, raises: list[Segment]) -> list[Finding]:
    """``C3-RAISES`` for a Java method: documented exceptions it provably never throws.

    The caller has already ruled out interface methods and hook documentation.
    """
    fn = inp.function
    if {"abstract", "native"} & set(fn.modifiers):
        return []
    node = _method_node(inp.data, fn)
    facts = _BodyReader(inp, fn).read(fn, node) if node is not None else None
    if node is None or facts is None or _is_stub(node):
        return []  # no body, a syntax error in it, or a stub documenting overriders' contract
    judge = _Judge(inp, facts)
    overridable = not {"final", "private", "static"} & set(fn.modifiers)
    overridable = overridable and not _class_is_final(inp)
    overridden: bool | None = None  # asked once, and only when an unchecked tag would be reported
    out: list[Finding] = []
    for seg in raises:
        written = (seg.name or "").strip()
        if not _NAME.match(written) or "{@inheritDoc}" in inp.source[seg.start : seg.end]:
            continue  # unreadable, or the overridden method's contract copied in
        if overridable and written.rsplit(".", 1)[-1] == "UnsupportedOperationException":
            continue  # an optional operation: the contract of every implementation
        reason = judge.verdict(written)
        if reason is None:
            continue
        if reason != _CHECKED_REASON and overridable:
            # an override may throw any unchecked exception: the base documents their contract
            if overridden is None:
                overridden = overridden_in_project(inp)
            if overridden:
                continue
        shown = written.rsplit(".", 1)[-1]
        tag = seg.section or "@throws"
        out.append(
            inp.finding(
                seg,
                Criterion.C3,
                RULE_RAISES,
                f"documents throwing {shown}, but {fn.name}() {reason}",
                f"remove the {tag} {shown} tag",
            )
        )
    return out
