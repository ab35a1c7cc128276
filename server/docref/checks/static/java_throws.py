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
  it either (a call of its own name with an argument count no method of the file takes is an
  inherited overload: not followed, so it could), no operation that raises it implicitly:
  ``NullPointerException`` from any use of a variable or field (unboxing, dereference),
  ``ArrayIndexOutOfBoundsException`` and
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
override may throw what the base does not declare -- unless an override does all the same,
undeclared: ``@SneakyThrows`` or a ``sneakyThrow`` helper), unchecked ``@throws X {@inheritDoc}``
tags, which copy the overridden method's contract (a checked one stays judged: the override
cannot throw what it does not declare), an unchecked exception that the same-named
method of a JDK supertype documents (:mod:`.java_contracts`: ``Iterator.next``'s
``NoSuchElementException`` restated by an implementation), an unchecked exception on an
overridable method of an abstract class whose body is empty (a no-op hook, as an interface's
default method is: ``jdk.internal.event.Event.set``, which subclasses and JFR's instrumentation
implement; a final one, or one of a concrete class, is still judged), an unchecked exception on an
overridable method that other methods of its class call and document as throwing it themselves
without throwing it on their own (an extension point: ``Clipboard.getContents``, whose callers
``getAvailableDataFlavors``... document its ``IllegalStateException``, and the platform clipboards
of another module override it), an unchecked exception on a method returning a collector,
iterator, stream or function that other code of its file constructs (the returned object throws
it when used: guava's ``MoreCollectors.toOptional``), and methods without a body
(abstract, native, an interface's: the caller leaves interfaces out, default methods too, as
implementations override them): their tags are the implementations' contract.  Nor is an
unchecked exception documented on an empty body whose comment says it is still to be written
("TODO", "TBD", "needs to write this function"): the tags specify the body to come.
"""

from __future__ import annotations

import functools
import re

from tree_sitter import Node

from docref.checks.static.base import StaticInput
from docref.checks.static.java_body import BodyFacts, BodyReader, method_node
from docref.checks.static.java_contracts import supertype_contract
from docref.checks.static.java_hierarchy import (
    Ancestry,
    ExceptionHierarchy,
    is_subtype,
    jdk_ancestry,
)
from docref.checks.static.overriders import overridden_in_project, overriders
from docref.core.findings import Criterion, Finding
from docref.graph.model import FileExtract, Function
from docref.segments import Segment

__all__ = ["RULE_RAISES", "java_unthrown"]

RULE_RAISES = "C3-RAISES"

_NAME = re.compile(r"^[A-Za-z_$][\w$.]*$")
# Errors the JVM may throw anywhere (JLS 11.1.3): documenting them is never provably wrong.
_ANYWHERE = ("VirtualMachineError", "LinkageError", "ThreadDeath", "IOError")
_RUNTIME = jdk_ancestry("RuntimeException")
_CHECKED_REASON = "neither declares nor throws it, and the compiler allows no other way"
_NOT_OVERRIDABLE = frozenset({"private", "static", "final"})


def _simple(written: str) -> str:
    return written.rsplit(".", 1)[-1]


def _statements(node: Node) -> list[Node] | None:
    body = node.child_by_field_name("body")
    return [c for c in body.named_children if "comment" not in c.type] if body else None


def _is_stub(node: Node) -> bool:
    """A body of ``throw`` statements only (``throw new UnsupportedOperationException()``)."""
    statements = _statements(node) or []
    return bool(statements) and all(c.type == "throw_statement" for c in statements)


# a placeholder comment in an empty body ("%TBD% ... needs to write this function"): the tags
# are the specification of a body not written yet, not a claim about the code there is
_UNWRITTEN = re.compile(
    r"\b(?:TODO|TBD|FIXME|not\s+(?:yet\s+)?implemented|unimplemented"
    r"|needs?\s+to\s+(?:be\s+)?(?:write|written|implement(?:ed)?)\b)",
    re.I,
)


def _unwritten(node: Node) -> bool:
    """An empty body whose comment says it is still to be written."""
    body = node.child_by_field_name("body")
    if body is None or _statements(node) != []:
        return False
    text = (body.text or b"").decode("utf-8", "replace")
    return _UNWRITTEN.search(text) is not None


def _takes(fn: Function, count: int) -> bool:
    """``fn`` can be the target of a call with ``count`` arguments (a varargs parameter
    takes any number from one less than the parameter count on)."""
    varargs = bool(fn.params) and fn.params[-1].kind == "vararg"
    return count == len(fn.params) or (varargs and count >= len(fn.params) - 1)


# JDK types whose code runs after the method returns: a factory's Javadoc documents what the
# object it makes throws when used (guava's ``MoreCollectors.toOptional``: "@throws
# IllegalArgumentException if the stream consists of two or more elements", round 23)
_DEFERRED = frozenset(
    {
        *("Collector", "Iterator", "ListIterator", "Iterable", "Spliterator", "Stream"),
        *("Supplier", "Function", "BiFunction", "UnaryOperator", "BinaryOperator"),
        *("Predicate", "BiPredicate", "Consumer", "BiConsumer", "Comparator"),
        *("Callable", "Runnable"),
    }
)


def _made_elsewhere_in_file(inp: StaticInput, written: str) -> bool:
    """A method returning a :data:`_DEFERRED` object while other code of its file constructs
    the documented exception (``new X(``): the object's code, run later, throws it."""
    returns = (inp.function.returns or "").split("<", 1)[0].strip().rsplit(".", 1)[-1]
    if returns not in _DEFERRED:
        return False
    span = inp.function.span
    code = inp.code(0, span.start_byte) + inp.code(span.end_byte, len(inp.data))
    return re.search(rf"\bnew\s+{re.escape(_simple(written))}\s*\(", code) is not None


def _class_modifier(inp: StaticInput, modifier: str) -> bool:
    owner = inp.function.parent_class
    cls = next((c for c in inp.file.classes if c.qualname == owner), None)
    if cls is None or cls.kind != "class":
        return False
    header = inp.code(cls.header_span.start_byte, cls.header_span.end_byte)
    return re.search(rf"\b{modifier}\b", header.split(cls.name, 1)[0]) is not None


def _class_is_final(inp: StaticInput) -> bool:
    owner = inp.function.parent_class
    cls = next((c for c in inp.file.classes if c.qualname == owner), None)
    if cls is not None and cls.kind in ("record", "enum"):
        return cls.kind == "record"  # enum constants may override methods in their bodies
    return _class_modifier(inp, "final")


class _Judge:
    """Decides, per documented exception, whether the method could throw it."""

    def __init__(self, inp: StaticInput, facts: BodyFacts) -> None:
        self.inp = inp
        self.facts = facts
        self.hierarchy = ExceptionHierarchy(inp.graph)
        self.callees = self._callees()

    def ancestry(self, written: str) -> Ancestry:
        return self.hierarchy.ancestry(self.inp.file, written)

    def _callees(self) -> list[BodyFacts] | None:
        """Facts of the same-class methods the body calls; None when a call is not followed."""
        inp, fn = self.inp, self.inp.function
        out: list[BodyFacts] = []
        final_class = _class_is_final(inp)
        owner = fn.parent_class or ""
        for receiver, name in self.facts.calls:
            if receiver not in (None, "this", owner.rsplit(".", 1)[-1]):
                return None
            targets = [f for f in inp.file.functions if f.qualname == f"{owner}.{name}"]
            if not targets:
                return None  # inherited, from an outer class, or unknown
            counts = self.facts.arities.get(name, set())
            if not all(any(_takes(t, n) for t in targets) for n in counts):
                return None  # an overload of another arity: inherited (``setInput(0, input)``)
            for target in targets:
                if target is fn:
                    continue
                if not (final_class or _NOT_OVERRIDABLE & set(target.modifiers)):
                    return None  # a subclass may override it
                node = method_node(inp.data, target)
                sub = (
                    BodyReader(inp.data, inp.file, target).read(target, node)
                    if node is not None
                    else None
                )
                if sub is None or sub.opaque:
                    return None
                # a call to a same-name overload is one of ``targets``: judged on its own
                if any(c != (None, target.name) and c != ("this", target.name) for c in sub.calls):
                    return None
                out.append(sub)
        return out

    def overriders_throw(self, written: str) -> bool:
        """Whether a project override of the method shows a way to throw the checked
        exception ``written``: its ``throws`` clause or a ``throw new`` names it, or it throws
        undeclared (``@SneakyThrows``, a ``sneakyThrow`` helper), which javac cannot see.  An
        override whose body cannot be read may throw it; an abstract one cannot."""
        documented = self.ancestry(written)
        graph = self.inp.graph
        for path, override in overriders(self.inp):
            fe = graph.get(path)
            if fe is None:
                return True
            data = self.inp.data if path == self.inp.path else graph.source(path).encode("utf-8")
            node = method_node(data, override)
            reader = BodyReader(data, fe, override)
            facts = reader.read(override, node) if node is not None else None
            if facts is None:
                if "abstract" in override.modifiers:
                    continue
                return True
            if self._explains(facts, documented, checked=True, fe=fe):
                return True
        return False

    def _related(
        self, written: str, documented: Ancestry, *, either_way: bool, fe: FileExtract
    ) -> bool:
        """``written`` (in ``fe``) is (or, ``either_way``, is above) the documented type, or
        may be."""
        other = self.hierarchy.ancestry(fe, written)
        if is_subtype(other, documented) is not False:
            return True
        return either_way and is_subtype(documented, other) is not False

    def _explains(
        self,
        facts: BodyFacts,
        documented: Ancestry,
        *,
        checked: bool,
        fe: FileExtract | None = None,
    ) -> bool:
        """``facts`` (of a method of ``fe``, by default the checked file) show a way to throw
        ``documented`` (or the hierarchy cannot rule it out).

        A ``throws`` clause naming a supertype may throw the documented subtype; ``throw new``
        of a supertype counts only for a checked exception (where the rule is the compiler's
        and a wrongly narrow tag is not what it proves).
        """
        fe = fe or self.inp.file
        if any(self._related(t, documented, either_way=True, fe=fe) for t in facts.declared):
            return True
        if any(self._related(t, documented, either_way=checked, fe=fe) for t in facts.thrown):
            return True
        if checked:
            return facts.sneaky
        return any(is_subtype(jdk_ancestry(n), documented) is not False for n in facts.implied)

    def callers_document(self, written: str) -> bool:
        """Another method of the class calls this one (bare or on ``this``), documents the
        unchecked exception ``written`` and does not throw it itself: the class's own contract
        says it comes from this overridable method, an extension point whose overrides throw it
        (``Clipboard.getContents``, overridden by the platform clipboards of another module)."""
        inp, fn = self.inp, self.inp.function
        documented = self.ancestry(written)
        tag = re.compile(rf"@(?:throws|exception)\s+(?:[\w$]+\.)*{re.escape(_simple(written))}\b")
        for other in inp.file.functions:
            if other is fn or other.parent_class != fn.parent_class or other.docstring is None:
                continue
            if not tag.search(other.docstring.text):
                continue
            node = method_node(inp.data, other)
            facts = BodyReader(inp.data, inp.file, other).read(other, node) if node else None
            calls_it = facts is not None and {(None, fn.name), ("this", fn.name)} & set(facts.calls)
            if facts is None or not calls_it:
                continue
            if not self._explains(facts, documented, checked=False):
                return True
        return False

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


def _tag_source(inp: StaticInput, seg: Segment) -> str:
    """The raw text of the tag ``seg`` up to the next segment: the segment's own span leaves
    out the inline tags the Javadoc segmenter drops (``{@inheritDoc}``)."""
    later = [s.start for s in inp.docstring.segments if s.start > seg.start]
    end = min(later) if later else seg.end + 200
    return inp.source[seg.start : end].split("*/", 1)[0]


def java_unthrown(inp: StaticInput, raises: list[Segment]) -> list[Finding]:
    """``C3-RAISES`` for a Java method: documented exceptions it provably never throws.

    The caller has already ruled out interface methods and hook documentation.
    """
    fn = inp.function
    if {"abstract", "native"} & set(fn.modifiers):
        return []
    node = method_node(inp.data, fn)
    facts = BodyReader(inp.data, inp.file, fn).read(fn, node) if node is not None else None
    if node is None or facts is None or _is_stub(node):
        return []  # no body, a syntax error in it, or a stub documenting overriders' contract
    judge = _Judge(inp, facts)
    overridable = not {"final", "private", "static"} & set(fn.modifiers)
    overridable = overridable and not _class_is_final(inp)
    hook = _statements(node) == [] and _class_modifier(inp, "abstract")
    unwritten = _unwritten(node)
    overridden: bool | None = None  # asked once, and only when an unchecked tag would be reported
    contract = functools.cache(lambda: supertype_contract(inp))  # likewise
    out: list[Finding] = []
    for seg in raises:
        written = (seg.name or "").strip()
        if not _NAME.match(written):
            continue  # unreadable
        inherited = "{@inheritDoc}" in _tag_source(inp, seg)
        if overridable and _simple(written) == "UnsupportedOperationException":
            continue  # an optional operation: the contract of every implementation
        reason = judge.verdict(written)
        if reason is None:
            continue
        if reason == _CHECKED_REASON and overridable and judge.overriders_throw(written):
            continue  # an override throws it undeclared (sneakily): the base documents that
        if reason != _CHECKED_REASON and inherited:
            continue  # the overridden method's contract copied in
        if reason != _CHECKED_REASON and _simple(written) in contract():
            continue  # a JDK supertype's contract restated (``Iterator.next``'s NoSuchElement)
        if reason != _CHECKED_REASON and _made_elsewhere_in_file(inp, written):
            continue  # the returned collector/iterator/function throws it when used
        if reason != _CHECKED_REASON and unwritten:
            continue  # a placeholder body: the tags specify the body still to be written
        if reason != _CHECKED_REASON and overridable and hook:
            continue  # an empty hook, as an interface's default method: its overriders' contract
        if reason != _CHECKED_REASON and overridable and judge.callers_document(written):
            continue  # the class's callers document it as coming from here: an extension point
        if reason != _CHECKED_REASON and overridable:
            # an override may throw any unchecked exception: the base documents their contract
            if overridden is None:
                overridden = overridden_in_project(inp)
            if overridden:
                continue
        shown = _simple(written)
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
