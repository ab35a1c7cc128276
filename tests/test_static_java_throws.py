"""C3-RAISES for Javadoc ``@throws``/``@exception`` on real indexed Java files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.java_hierarchy import ExceptionHierarchy, is_subtype, jdk_ancestry
from docref.checks.static.returns_raises import c3_raises_unraised
from docref.core.findings import Criterion, Finding, Tier

from tests.static_helpers import project_input


def _method(
    tmp_path: Path,
    member: str,
    *,
    imports: str = "",
    header: str = "public class A",
    extra: dict[str, str] | None = None,
    qualname: str = "A.m",
) -> list[Finding]:
    """Findings of C3-RAISES on the documented method ``qualname`` of class ``A``."""
    body = textwrap.indent(textwrap.dedent(member).strip("\n"), "    ")
    code = f"package p;\n{imports}\n{header} {{\n{body}\n}}\n"
    files = {"p/A.java": code, **(extra or {})}
    return c3_raises_unraised(project_input(tmp_path, files, "p/A.java", qualname))


def _doc(tag: str, body: str, signature: str = "public void m(String s)") -> str:
    return f"/**\n * Does it.\n * {tag} if it goes wrong\n */\n{signature} {body}\n"


# ---- checked exceptions: the compiler's rule ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "imports"),
    [
        ("IOException", "import java.io.IOException;"),
        ("java.io.FileNotFoundException", ""),
        ("InterruptedException", ""),
        ("SQLException", "import java.sql.*;"),
        ("TimeoutException", "import java.util.concurrent.TimeoutException;"),
        ("ExecutionException", "import java.util.concurrent.ExecutionException;"),
        ("CloneNotSupportedException", ""),
        ("ClassNotFoundException", ""),
        ("URISyntaxException", "import java.net.URISyntaxException;"),
        ("ParseException", "import java.text.ParseException;"),
        ("GeneralSecurityException", "import java.security.GeneralSecurityException;"),
    ],
)
def test_undeclared_checked_exception_is_reported(tmp_path: Path, name: str, imports: str) -> None:
    member = _doc(f"@throws {name}", "{ helper(s); other.run(); }")
    findings = _method(tmp_path, member, imports=imports)
    assert len(findings) == 1
    finding = findings[0]
    assert finding.rule == "C3-RAISES"
    assert finding.criterion is Criterion.C3
    assert finding.tier is Tier.STATIC
    short = name.rsplit(".", 1)[-1]
    assert finding.message.startswith(f"documents throwing {short}, but m() neither declares")
    assert finding.fix_hint == f"remove the @throws {short} tag"
    assert finding.segment_text.startswith(f"@throws {name}")


@pytest.mark.parametrize(
    "signature",
    [
        "public void m(String s) throws IOException",
        "public void m(String s) throws java.io.IOException",
        "public void m(String s) throws Exception",
        "public void m(String s) throws FileNotFoundException",  # a subtype: documented broader
        "public <E extends Exception> void m(String s) throws E",  # a type variable: unknown
        "public void m(String s) throws org.lib.StorageException",  # unknown library type
    ],
)
def test_declared_checked_exception_is_silent(tmp_path: Path, signature: str) -> None:
    member = _doc("@throws IOException", "{ helper(s); }", signature)
    assert _method(tmp_path, member, imports="import java.io.*;") == []


def test_declared_supertype_covers_documented_subtype(tmp_path: Path) -> None:
    member = _doc(
        "@throws FileNotFoundException", "{ open(s); }", "void m(String s) throws IOException"
    )
    assert _method(tmp_path, member, imports="import java.io.*;") == []


def test_unrelated_declared_checked_exception_does_not_cover(tmp_path: Path) -> None:
    member = _doc("@throws IOException", "{ query(s); }", "void m(String s) throws SQLException")
    imports = "import java.io.IOException;\nimport java.sql.SQLException;"
    findings = _method(tmp_path, member, imports=imports)
    assert len(findings) == 1
    assert "neither declares nor throws it" in findings[0].message


def test_checked_thrown_in_body_is_silent(tmp_path: Path) -> None:
    # caught inside (or not compiling): either way no proof from the throws clause alone
    body = "{ try { throw new java.io.IOException(s); } catch (Exception e) { log(e); } }"
    assert _method(tmp_path, _doc("@throws java.io.IOException", body)) == []


@pytest.mark.parametrize(
    ("annotation", "body"),
    [
        ("@SneakyThrows", "{ Files.readString(s); }"),
        ("@lombok.SneakyThrows", "{ Files.readString(s); }"),
        ("", "{ try { load(s); } catch (Exception e) { throw sneakyThrow(e); } }"),
    ],
)
def test_sneaky_throws_are_silent(tmp_path: Path, annotation: str, body: str) -> None:
    member = _doc("@throws IOException", body, f"{annotation} public void m(String s)".strip())
    assert _method(tmp_path, member, imports="import java.io.IOException;") == []


def test_project_checked_exception_via_extends_chain(tmp_path: Path) -> None:
    extra = {
        "p/StoreError.java": "package p;\npublic class StoreError extends BaseError { }\n",
        "p/BaseError.java": "package p;\npublic class BaseError extends java.io.IOException { }\n",
    }
    member = _doc("@throws StoreError", "{ helper(s); }")
    findings = _method(tmp_path, member, extra=extra)
    assert len(findings) == 1
    assert "neither declares nor throws it" in findings[0].message
    declared = _doc("@throws StoreError", "{ helper(s); }", "void m(String s) throws BaseError")
    assert _method(tmp_path / "b", declared, extra=extra) == []


def test_project_unchecked_exception_with_calls_is_silent(tmp_path: Path) -> None:
    extra = {"p/Oops.java": "package p;\npublic class Oops extends IllegalStateException { }\n"}
    assert _method(tmp_path, _doc("@throws Oops", "{ helper(s); }"), extra=extra) == []
    findings = _method(tmp_path / "b", _doc("@throws Oops", "{ }"), extra=extra)
    assert len(findings) == 1
    assert "neither throws it nor calls anything that does" in findings[0].message


def test_project_class_shadows_jdk_name(tmp_path: Path) -> None:
    # a parser's own unchecked ParseException, same package: calls may throw it
    extra = {
        "p/ParseException.java": "package p;\npublic class ParseException extends "
        "RuntimeException { }\n"
    }
    assert _method(tmp_path, _doc("@throws ParseException", "{ helper(s); }"), extra=extra) == []


def test_library_wildcard_import_may_shadow_jdk_name(tmp_path: Path) -> None:
    # org.openqa.selenium.TimeoutException is unchecked: the name alone proves nothing
    member = _doc("@throws TimeoutException", "{ driver.wait(s); }")
    assert _method(tmp_path, member, imports="import org.openqa.selenium.*;") == []


def test_exception_broad_type_is_judged_as_unchecked(tmp_path: Path) -> None:
    assert _method(tmp_path, _doc("@throws Exception", "{ helper(s); }")) == []
    findings = _method(tmp_path / "b", _doc("@throws Exception", "{ }"))
    assert len(findings) == 1
    assert "neither throws it nor calls anything" in findings[0].message


# ---- unchecked exceptions: nothing in the body may throw them ----------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "{ helper(s); }",  # an overridable method of this class
        "{ s.trim(); }",  # a library call
        "{ new StringBuilder(); }",  # a constructor
        "{ this.run(); }",
        "{ throw error; }",  # a throw of a variable: could be anything
        "{ throw wrap(s); }",
        "{ for (String x : items) { } }",  # iterator() of an unknown collection
        "{ try (Res r = res) { } }",  # close() of a resource
        '{ String t = "v" + this.value; }',  # value.toString(): user code
        '{ throw new IllegalStateException("no"); }',
        '{ throw new java.lang.IllegalStateException("no"); }',
    ],
    ids=[
        "overridable-call",
        "library-call",
        "constructor",
        "this-call",
        "throw-variable",
        "throw-call",
        "for-each",
        "resource",
        "concat-object",
        "throw-new",
        "throw-new-qualified",
    ],
)
def test_unchecked_with_possible_source_is_silent(tmp_path: Path, body: str) -> None:
    assert _method(tmp_path, _doc("@throws IllegalStateException", body)) == []


def test_thrown_supertype_does_not_explain_documented_subtype(tmp_path: Path) -> None:
    body = "{ if (s == null) throw new RuntimeException(); }"
    assert len(_method(tmp_path, _doc("@throws IllegalStateException", body))) == 1
    subtype = "{ if (s == null) throw new NumberFormatException(); }"
    assert _method(tmp_path / "b", _doc("@throws IllegalArgumentException", subtype)) == []


@pytest.mark.parametrize(
    ("exception", "body"),
    [
        ("NullPointerException", "{ return s.length; }"),
        ("NullPointerException", "{ int n = count; }"),
        ("ArrayIndexOutOfBoundsException", "{ int v = values[3]; }"),
        ("IndexOutOfBoundsException", "{ int v = values[3]; }"),
        ("ArrayStoreException", "{ values[0] = s; }"),
        ("ArithmeticException", "{ int q = 10 / count; }"),
        ("ArithmeticException", "{ int q = 10; q %= 3; }"),
        ("ClassCastException", "{ Object o = (String) thing; }"),
        ("NegativeArraySizeException", "{ int[] xs = new int[n]; }"),
        ("AssertionError", "{ assert false; }"),
        ("RuntimeException", "{ int v = values[3]; }"),
        ("NumberFormatException", "{ int v = Integer.parseInt(s); }"),
        # issue 12 pattern 8: switch on the argument, unboxing, requireNonNull
        ("NullPointerException", '{ switch (s) { case "a": return; default: return; } }'),
        ("NullPointerException", "{ Integer boxed = count; int n = boxed; }"),
        ("NullPointerException", "{ java.util.Objects.requireNonNull(s); }"),
    ],
)
def test_implicit_operations_explain_their_exceptions(
    tmp_path: Path, exception: str, body: str
) -> None:
    assert _method(tmp_path, _doc(f"@throws {exception}", body)) == []


@pytest.mark.parametrize(
    "body",
    [
        "{ }",
        "{ return; }",
        "{ int v = values[3]; }",  # array access never throws IllegalArgumentException
        "{ int q = 10 / count; }",
        "{ Object o = (String) thing; }",
        "{ String t = \"n=\" + 3 + 'c'; }",  # concatenation of literals
    ],
)
def test_illegal_argument_is_only_ever_explicit(tmp_path: Path, body: str) -> None:
    findings = _method(tmp_path, _doc("@throws IllegalArgumentException", body))
    assert len(findings) == 1
    assert findings[0].message == (
        "documents throwing IllegalArgumentException, but m() neither throws it nor calls "
        "anything that does"
    )


def test_arithmetic_on_primitives_does_not_throw_illegal_state(tmp_path: Path) -> None:
    member = _doc(
        "@throws IllegalStateException", '{ return "sum " + (a + b); }', "String m(int a, int b)"
    )
    assert len(_method(tmp_path, member)) == 1


def test_literal_return_cannot_throw_null_pointer(tmp_path: Path) -> None:
    findings = _method(tmp_path, _doc("@throws NullPointerException", "{ return; }"))
    assert len(findings) == 1


@pytest.mark.parametrize(
    ("helper", "expected"),
    [
        ("private void check(String s) { }", 1),
        ("private static void check(String s) { }", 1),
        ("final void check(String s) { }", 1),
        ("private void check(String s) { throw new IllegalStateException(); }", 0),
        ("private void check(String s) { if (s == null) check(s); }", 1),  # recursion only
        ("private void check(String s) { other(); }", 0),  # two hops: not followed
        ("void check(String s) { }", 0),  # overridable
    ],
)
def test_one_hop_into_same_class_methods(tmp_path: Path, helper: str, expected: int) -> None:
    member = _doc("@throws IllegalStateException", "{ check(s); }") + helper
    assert len(_method(tmp_path, member)) == expected


def test_final_class_methods_are_followed(tmp_path: Path) -> None:
    member = _doc("@throws IllegalStateException", "{ check(s); }") + "void check(String s) { }"
    assert len(_method(tmp_path, member, header="public final class A")) == 1


def test_overloaded_helper_every_overload_counts(tmp_path: Path) -> None:
    member = (
        _doc("@throws IllegalStateException", "{ check(s); }")
        + "private void check(String s) { }\n"
        + "private void check(int n) { throw new IllegalStateException(); }\n"
    )
    assert _method(tmp_path, member) == []


def test_constructor_may_throw_from_super(tmp_path: Path) -> None:
    member = "/**\n * Makes one.\n * @throws IllegalStateException if bad\n */\npublic A() { }\n"
    assert _method(tmp_path, member, qualname="A.A") == []


@pytest.mark.parametrize(
    "name", ["OutOfMemoryError", "StackOverflowError", "Error", "Throwable", "LinkageError"]
)
def test_jvm_errors_are_never_reported(tmp_path: Path, name: str) -> None:
    assert _method(tmp_path, _doc(f"@throws {name}", "{ }")) == []


def test_exception_tag_and_unresolved_name(tmp_path: Path) -> None:
    findings = _method(tmp_path, _doc("@exception NoSuchWidgetException", "{ }"))
    assert len(findings) == 1
    assert findings[0].fix_hint == "remove the @exception NoSuchWidgetException tag"


def test_interfaces_abstract_and_hooks_are_silent(tmp_path: Path) -> None:
    abstract = "/**\n * Does.\n * @throws IllegalStateException if bad\n */\nabstract void m();\n"
    assert _method(tmp_path, abstract, header="public abstract class A") == []
    member = _doc("@throws IllegalStateException", "{ }")
    interface = _doc("@throws IllegalStateException", "{ }", "default void m(String s)")
    assert _method(tmp_path / "i", interface, header="public interface A") == []
    hook = member.replace("Does it.", "Subclasses override this to validate.")
    assert _method(tmp_path / "h", hook) == []


# ---- bad input: a clear partial result, never a crash -------------------------------------------


def test_syntax_error_in_body_is_silent(tmp_path: Path) -> None:
    member = _doc("@throws IllegalStateException", "{ int x = ; }")
    assert _method(tmp_path, member) == []


def test_unreadable_tag_is_skipped_others_still_checked(tmp_path: Path) -> None:
    member = (
        "/**\n * Does it.\n * @throws\n * @throws {@link Foo} when\n"
        " * @throws IllegalStateException if bad\n */\npublic void m(String s) { }\n"
    )
    findings = _method(tmp_path, member)
    assert [f.message.split(",")[0] for f in findings] == [
        "documents throwing IllegalStateException"
    ]


def test_cyclic_project_hierarchy_is_unknown(tmp_path: Path) -> None:
    extra = {
        "p/X.java": "package p;\npublic class X extends Y { }\n",
        "p/Y.java": "package p;\npublic class Y extends X { }\n",
    }
    # unknown hierarchy: judged as unchecked, the call may throw it
    assert _method(tmp_path, _doc("@throws X", "{ helper(s); }"), extra=extra) == []


def test_hierarchy_answers_unknown_for_open_chains(tmp_path: Path) -> None:
    files = {"p/A.java": "package p;\nimport org.lib.*;\n" + _A_SOURCE}
    inp = project_input(tmp_path, files, "p/A.java", "A.m")
    hierarchy = ExceptionHierarchy(inp.graph)
    library = hierarchy.ancestry(inp.file, "LibError")
    assert not library.known and library.checked is None
    assert is_subtype(library, jdk_ancestry("RuntimeException")) is None
    ioe = hierarchy.ancestry(inp.file, "java.io.IOException")
    assert ioe.checked is True and is_subtype(ioe, jdk_ancestry("Exception")) is True
    assert is_subtype(jdk_ancestry("NullPointerException"), ioe) is False


_A_SOURCE = "public class A {\n/** Does.\n * @throws LibError x\n */\nvoid m() { }\n}\n"


def test_one_hop_integer_division_explains_arithmetic(tmp_path: Path) -> None:
    """Issue 12 pattern 8: ``x % y`` in a private helper the documented method calls."""
    member = _doc("@throws ArithmeticException", "{ rem(1, 0); }")
    helper = "private static int rem(int x, int y) { return x % y; }"
    assert _method(tmp_path, member + helper) == []
    # control: a helper without division or calls cannot throw it
    quiet = "private static int rem(int x, int y) { return x; }"
    assert len(_method(tmp_path, member + quiet)) == 1


@pytest.mark.parametrize(
    ("tag", "signature", "expected"),
    [
        # issue 12 pattern 9: a qualified name against the imported simple name, and a
        # documented subclass of the declared checked exception
        ("@throws java.io.IOException", "public void m(String s) throws IOException", 0),
        ("@throws java.sql.SQLTimeoutException", "public void m(String s) throws SQLException", 0),
        ("@throws SQLTimeoutException", "public void m(String s) throws java.sql.SQLException", 0),
        # controls: an unrelated declared checked exception covers nothing
        ("@throws java.io.FileNotFoundException", "public void m(String s) throws SQLException", 1),
        ("@throws java.io.IOException", "public void m(String s)", 1),
    ],
)
def test_qualified_and_subclass_checked_exceptions(
    tmp_path: Path, tag: str, signature: str, expected: int
) -> None:
    imports = (
        "import java.io.IOException;\nimport java.sql.SQLException;\n"
        "import java.sql.SQLTimeoutException;"
    )
    member = _doc(tag, "{ }", signature)
    assert len(_method(tmp_path, member, imports=imports)) == expected


@pytest.mark.parametrize(
    ("modifiers", "header", "flagged"),
    [
        ("public", "public class A", 0),  # overridable: an optional operation's contract
        ("public final", "public class A", 1),
        ("private", "public class A", 1),
        ("public", "public final class A", 1),
    ],
)
def test_unsupported_operation_on_an_overridable_method_is_a_contract(
    tmp_path: Path, modifiers: str, header: str, flagged: int
) -> None:
    # round 5 (``java.lang.management.ThreadInfo.getBlockedTime``: "@throws
    # UnsupportedOperationException if the Java virtual machine does not support this")
    member = "long t;\n" + _doc(
        "@throws UnsupportedOperationException", "{ return t; }", f"{modifiers} long m()"
    )
    assert len(_method(tmp_path, member, header=header)) == flagged


_OVERRIDDEN = """
/**
 * Initializes.
 * @throws InvalidParameterException if the keysize is not supported
 * @throws java.io.IOException if it cannot read
 */
public void m(int keysize, Object random) { }
"""


@pytest.mark.parametrize(
    ("subclass", "flagged"),
    [
        # round 6 (``java.security.KeyPairGenerator.initialize(int, SecureRandom)``: an empty
        # base body whose nested subclass ``Delegate`` overrides it and throws via the SPI)
        ("private static final class D extends A { public void m(int k, Object r) { } }", 1),
        # controls: another overload, or no override at all, leaves the base's own body judged
        ("private static final class D extends A { public void m(int k) { } }", 2),
        ("private static final class D extends A { }", 2),
    ],
)
def test_a_method_overridden_in_the_project_documents_its_overriders_exceptions(
    tmp_path: Path, subclass: str, flagged: int
) -> None:
    # the unchecked exception is the overriders' contract; the undeclared checked one stays
    # reported (an override cannot throw a checked exception the base does not declare)
    imports = "import java.security.InvalidParameterException;"
    findings = _method(tmp_path, _OVERRIDDEN + subclass, imports=imports)
    assert len(findings) == flagged
    assert any("IOException" in f.message for f in findings)


def test_a_subclass_in_another_file_of_the_package_overrides(tmp_path: Path) -> None:
    imports = "import java.security.InvalidParameterException;"
    sub = "package p;\nclass B extends A {\n    public void m(int k, Object r) { }\n}\n"
    other = "package q;\nclass B extends A {\n    public void m(int k, Object r) { }\n}\n"
    same = _method(tmp_path / "same", _OVERRIDDEN, imports=imports, extra={"p/B.java": sub})
    assert len(same) == 1
    # control: a class of the same name in another package that does not import A
    apart = _method(tmp_path / "apart", _OVERRIDDEN, imports=imports, extra={"q/B.java": other})
    assert len(apart) == 2


# ---- methods without a body, and overrides that throw what the base documents -------------------


@pytest.mark.parametrize(
    ("header", "before", "signature", "body"),
    [
        # abstract: the tags are the contract of the subclasses' implementations
        ("public abstract class A", "", "public abstract void m(String s)", ";"),
        # an interface method (implicitly abstract), and a default one implementations override
        ("public interface A", "", "void m(String s)", ";"),
        ("public interface A", "", "default void m(String s)", "{ }"),
        # an enum's abstract method, implemented in its constants' bodies
        (
            "public enum A",
            "ONE { public void m(String s) { } };\n",
            "abstract void m(String s)",
            ";",
        ),
        ("public class A", "", "public native void m(String s)", ";"),
    ],
)
@pytest.mark.parametrize(
    ("tag", "imports"),
    [("@throws IOException", "import java.io.IOException;"), ("@throws IllegalStateException", "")],
)
def test_a_method_without_its_own_body_documents_its_implementations(
    tmp_path: Path, header: str, before: str, signature: str, body: str, tag: str, imports: str
) -> None:
    member = before + _doc(tag, body, signature)
    assert _method(tmp_path, member, imports=imports, header=header) == []
    # control: the same tag on a final method with an empty body of its own is reported (in
    # a class: an interface's own static and private methods are left out with the rest)
    control = before + _doc(tag, "{ }", "final void m(String s)")
    where = "public class A" if "interface" in header else header
    assert len(_method(tmp_path / "control", control, imports=imports, header=where)) == 1


_SNEAKY_BASE = """
/**
 * Loads it.
 * @throws IOException if it cannot be read
 */
public void m(String s) { }
"""


@pytest.mark.parametrize(
    ("override", "flagged"),
    [
        # an override throwing the checked exception undeclared: the base documents it
        ("@SneakyThrows public void m(String s) { throw new IOException(s); }", 0),
        ("public void m(String s) { throw sneakyThrow(new IOException(s)); }", 0),
        # an override that re-declares the method abstract throws nothing itself
        ("public abstract void m(String s);", 1),
        # controls: an override that does not throw it, or another overload that does
        ("public void m(String s) { load(s); }", 1),
        ("@SneakyThrows public void m(String s, int n) { throw new IOException(s); }", 1),
    ],
)
def test_a_checked_exception_an_override_throws_is_not_unthrowable(
    tmp_path: Path, override: str, flagged: int
) -> None:
    imports = "import java.io.IOException;\nimport lombok.SneakyThrows;"
    sub = f"package p;\n{imports}\nabstract class B extends A {{\n    {override}\n}}\n"
    findings = _method(tmp_path, _SNEAKY_BASE, imports=imports, extra={"p/B.java": sub})
    assert len(findings) == flagged
    assert all("IOException" in f.message for f in findings)


@pytest.mark.parametrize(
    ("signature", "tag", "imports", "flagged"),
    [
        # round 11 (``jdk.internal.event.Event.set``): a no-op hook of an abstract base class
        ("public void m(String s)", "@throws IndexOutOfBoundsException", "", 0),
        ("protected void m(String s)", "@throws IllegalStateException", "", 0),
        # controls: a final or private no-op, a checked exception, a body that does something
        ("public final void m(String s)", "@throws IndexOutOfBoundsException", "", 1),
        ("private void m(String s)", "@throws IllegalStateException", "", 1),
        ("public void m(String s)", "@throws IOException", "import java.io.IOException;", 1),
    ],
)
def test_an_empty_overridable_hook_documents_its_overriders(
    tmp_path: Path, signature: str, tag: str, imports: str, flagged: int
) -> None:
    member = _doc(tag, "{ }", signature)
    assert (
        len(_method(tmp_path, member, imports=imports, header="public abstract class A")) == flagged
    )
    # controls: the same tag on a body that does something of its own, or in a concrete class
    busy = _doc(tag, "{ int n = 1 + 2; }", signature)
    found = _method(tmp_path / "busy", busy, imports=imports, header="public abstract class A")
    assert len(found) == 1
    assert len(_method(tmp_path / "concrete", member, imports=imports)) == 1


CLIPBOARD = """
/**
 * Returns the contents.
 * @throws IllegalStateException if the clipboard is currently unavailable
 */
SIGNATURE { return contents; }

/**
 * Returns the flavors of the contents.
 * @throws CALLER_TAG if the clipboard is currently unavailable
 */
public String[] flavors() { Object c = CALL; return new String[0]; }

private Object contents;
"""


@pytest.mark.parametrize(
    ("signature", "caller_tag", "call", "flagged"),
    [
        # round 11's ``Clipboard.getContents``: the class's own callers of the overridable
        # method document the same exception as coming from it -- an extension point, whose
        # overrides (the platform clipboards, in another module) throw it
        ("public Object get(Object who)", "IllegalStateException", "get(null)", 0),
        ("public Object get(Object who)", "IllegalStateException", "this.get(null)", 0),
        # controls: a final method, a caller that documents another exception, or none calling
        ("public final Object get(Object who)", "IllegalStateException", "get(null)", 1),
        ("public Object get(Object who)", "IllegalArgumentException", "get(null)", 1),
        ("public Object get(Object who)", "IllegalStateException", "contents", 1),
        # control: the caller throws it itself, so its tag says nothing of the callee
        (
            "public Object get(Object who)",
            "IllegalStateException",
            "get(null); if (c == null) throw new IllegalStateException()",
            1,
        ),
    ],
)
def test_an_overridable_method_its_class_calls_for_the_documented_exception(
    tmp_path: Path, signature: str, caller_tag: str, call: str, flagged: int
) -> None:
    member = (
        CLIPBOARD.replace("SIGNATURE", signature)
        .replace("CALLER_TAG", caller_tag)
        .replace("CALL", call)
    )
    found = _method(tmp_path, member, qualname="A.get")
    assert len(found) == flagged


@pytest.mark.parametrize(
    ("call", "flagged"),
    [
        # round 12 (OpenJFX ``ColorAdjust.setInput(Effect)`` calling the inherited
        # ``Effect.setInput(int, Effect)``): a call of the method's own name with another
        # argument count is another, inherited overload, which may throw it
        ("setInput(0, input);", 0),
        ("this.setInput(0, input);", 0),
        # controls: the method calling itself with its own arity, and a same-file varargs
        # overload that cannot throw it, are followed as before
        ("if (input == null) setInput(input);", 1),
        ('log("a", "b");', 1),
    ],
)
def test_a_call_of_another_arity_is_an_inherited_overload(
    tmp_path: Path, call: str, flagged: int
) -> None:
    member = _doc(
        "@throws IllegalArgumentException",
        f"{{ {call} }}\nprivate static void log(String... parts) {{ }}",
        "public final void setInput(Object input)",
    )
    base = "package p;\npublic class Base {\n"
    base += "    protected void setInput(int i, Object o) {\n"
    base += "        throw new IllegalArgumentException();\n    }\n}\n"
    extra = {"p/Base.java": base}
    assert (
        len(
            _method(
                tmp_path,
                member,
                header="public class A extends Base",
                extra=extra,
                qualname="A.setInput",
            )
        )
        == flagged
    )


@pytest.mark.parametrize(
    ("tag", "signature", "expected"),
    [
        # round 12 (``java.xml``'s ``XMLDOMWriterImpl``, 21 findings): in a checkout of the
        # JDK the qualified ``javax.xml.stream.XMLStreamException`` is the project's class, the
        # one its import names, not an unrelated entry of the JDK table
        ("@throws javax.xml.stream.XMLStreamException", "throws XMLStreamException", 0),
        ("@throws XMLStreamException", "throws javax.xml.stream.XMLStreamException", 0),
        # controls: nothing declared, or an unrelated checked exception declared
        ("@throws javax.xml.stream.XMLStreamException", "", 1),
        ("@throws javax.xml.stream.XMLStreamException", "throws java.io.IOException", 1),
    ],
)
def test_a_qualified_name_of_a_project_class_in_a_jdk_package(
    tmp_path: Path, tag: str, signature: str, expected: int
) -> None:
    exc = "package javax.xml.stream;\npublic class XMLStreamException extends Exception { }\n"
    extra = {"javax/xml/stream/XMLStreamException.java": exc}
    member = _doc(tag, "{ }", f"public void m(String s) {signature}")
    imports = "import javax.xml.stream.XMLStreamException;"
    assert len(_method(tmp_path, member, imports=imports, extra=extra)) == expected


@pytest.mark.parametrize(
    ("tag", "signature", "expected"),
    [
        # ``@throws X {@inheritDoc}`` copies the overridden method's contract: the segment's
        # span leaves the inline tag out, so it was never seen (round 12, ``XMLDOMWriterImpl``)
        ("@throws IllegalStateException {@inheritDoc}", "public void m(String s)", 0),
        ("@throws IllegalStateException\n *     {@inheritDoc}", "public void m(String s)", 0),
        # controls: an unchecked tag with its own text, and a checked one the method cannot
        # throw (the compiler's rule holds whatever the overridden method says)
        ("@throws IllegalStateException if closed", "public void m(String s)", 1),
        ("@throws java.io.IOException {@inheritDoc}", "public void m(String s)", 1),
    ],
)
def test_an_inherited_throws_tag(tmp_path: Path, tag: str, signature: str, expected: int) -> None:
    member = f"/**\n * Does it.\n * {tag}\n * @see Object\n */\n{signature} {{ }}\n"
    assert len(_method(tmp_path, member)) == expected


@pytest.mark.parametrize(
    ("override", "flagged"),
    [
        # an abstract class's default whose override is two levels down, in another package
        # (``Leaf extends Mid extends A``)
        ("public void m(int k, Object r) { }", 1),
        # controls: the grandchild overrides another overload, or nothing
        ("public void m(int k) { }", 2),
        ("", 2),
    ],
)
def test_an_override_in_a_subclass_of_a_subclass(
    tmp_path: Path, override: str, flagged: int
) -> None:
    imports = "import java.security.InvalidParameterException;"
    mid = "package p;\npublic abstract class Mid extends A {\n}\n"
    leaf = f"package q;\nimport p.Mid;\nclass Leaf extends Mid {{\n    {override}\n}}\n"
    extra = {"p/Mid.java": mid, "q/Leaf.java": leaf}
    findings = _method(tmp_path, _OVERRIDDEN, imports=imports, extra=extra)
    assert len(findings) == flagged
    assert any("IOException" in f.message for f in findings)
