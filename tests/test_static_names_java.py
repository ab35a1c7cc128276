"""C1-XREF-UNRESOLVED and C1-NAME-UNRESOLVED on Javadoc comments."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static import names_java
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.external.lookup import find_src_zip

from tests.names_helpers import both_rules, messages, write_project_file
from tests.static_helpers import run_rule, static_input

# --------------------------------------------------------------------------- Javadoc


JAVA_HELPER = """\
package p;

public class Helper {
    public void run() {}
    public int size;
}
"""


def test_javadoc_links_see_and_code(tmp_path: Path) -> None:
    write_project_file(tmp_path, "p/Helper.java", JAVA_HELPER)
    code = """
    package p;

    public class Cache {
        private int baz;

        /**
         * Clears via {@link #bazz} and {@link Helper#runn()}, then {@code resett()}.
         * {@code isatty(fd)} is a C function: no name in scope is close to it.
         * Fine: {@link #baz}, {@link Helper#run()}, {@link Helper#size}, {@link #toString}.
         *
         * @param depth how deep, see {@linkplain #baz the field}
         * @see #resett
         */
        public void clear(int depth) {}

        public void reset() {}
    }
    """
    inp = static_input(tmp_path, code, "Cache.clear", filename="p/Cache.java")
    xrefs = c1_xref_unresolved(inp)
    assert messages(xrefs) == [
        "`#bazz` names nothing: class `Cache` has no `bazz`; did you mean `baz`?",
        "`Helper#runn` names nothing: class `Helper` has no `runn`; did you mean `run`?",
        "`#resett` names nothing: class `Cache` has no `resett`; did you mean `reset`?",
    ]
    assert xrefs[2].segment_text == "@see #resett"
    assert messages(c1_name_unresolved(inp)) == [
        "`resett` names nothing: class `Cache` has no `resett`; did you mean `reset`?"
    ]


def test_javadoc_qualified_names_and_unclosed_tags(tmp_path: Path) -> None:
    write_project_file(tmp_path, "p/Helper.java", JAVA_HELPER + "class Secondary {}\n")
    code = """
    package p;

    public class Cache {
        /**
         * See {@link p.Helper#run()}, {@link p.Secondary}, {@link p.Helpr} and {@link
         * Helper#runn, then an unclosed {@code tag.
         */
        public void clear() {}
    }
    """
    findings = run_rule(c1_xref_unresolved, tmp_path, code, "Cache.clear", filename="p/Cache.java")
    assert messages(findings) == [
        "`p.Helpr` names nothing: package `p` has no `Helpr`; did you mean `Helper`?",
        "`Helper#runn` names nothing: class `Helper` has no `runn`; did you mean `run`?",
    ]


def test_javadoc_silent_cases(tmp_path: Path) -> None:
    code = """
    package p;

    import com.acme.Remote;

    public class Child extends Remote {
        enum Mode { FAST, SLOW }

        /**
         * Uses {@link #inheritedFromRemote}, {@link Mode#values()}, {@link Mode#FAST},
         * {@link String#length()}, {@link java.util.List}, {@link T}, {@code close()}.
         *
         * @see "The Spec"
         * @see <a href="https://example.org">docs</a>
         */
        public <T> void run() {}
    }
    """
    assert both_rules(tmp_path, code, "Child.run", filename="p/Child.java") == []


def test_javadoc_unknown_type_needs_the_jdk_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = """
    package p;

    public class Box {
        /** Wraps a {@link Strng}. */
        public void wrap() {}
    }
    """
    monkeypatch.setattr(names_java, "_src_zip", lambda java_home, path: None)
    assert both_rules(tmp_path, code, "Box.wrap", filename="p/Box.java") == []


@pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip on this machine")
def test_javadoc_unknown_type_with_the_jdk_sources(tmp_path: Path) -> None:
    code = """
    package p;

    public class Box {
        /** Wraps a {@link Strng} or a {@link String}; {@link Box}. */
        public void wrap() {}
    }
    """
    findings = run_rule(c1_xref_unresolved, tmp_path, code, "Box.wrap", filename="p/Box.java")
    assert messages(findings) == ["`Strng` names nothing in scope"]


def test_javadoc_member_of_a_jdk_base_class(tmp_path: Path) -> None:
    code = """
    package p;

    import java.util.ArrayList;

    public class Names extends ArrayList<String> {
        /** Adds with {@link #add} and {@link #addd}. */
        public void put() {}
    }
    """
    findings = run_rule(c1_xref_unresolved, tmp_path, code, "Names.put", filename="p/Names.java")
    if find_src_zip() is None:
        assert findings == []  # the base class cannot be read: nothing is provable
    else:
        # the JDK's members are not listed, so no did-you-mean; the absence is read from
        # ArrayList's source and its supertypes
        assert messages(findings) == ["`#addd` names nothing: class `Names` has no `addd`"]


def test_markdown_code_spans_in_javadoc_are_checked_like_python_backticks(
    tmp_path: Path,
) -> None:
    code = """
    package p;

    public class Stack {
        private int top;

        /**
         * Pops the value at `top` by calling `shrinkk()`.
         * Fine: `pop()`, `top`, `Math.max`, `int` and ``Stack``.
         */
        public int pop() { return top--; }

        private void shrink() {}
    }
    """
    inp = static_input(tmp_path, code, "Stack.pop", filename="p/Stack.java")
    assert messages(c1_name_unresolved(inp)) == [
        "`shrinkk` names nothing in scope; did you mean `shrink`?"
    ]


def test_javadoc_see_unquoted_title_is_not_a_reference(tmp_path: Path) -> None:
    """Issue 12 (JDK precision round): ``@see The Java Virtual Machine Specification``."""
    code = """
    package p;

    public class Gen {
        /**
         * Widens branches.
         *
         * @see The Java Virtual Machine Specification, Second Edition
         */
        public void widen() {}

        /**
         * Narrows branches.
         *
         * @see Widener the helper
         * @see Frobber
         */
        public void narrow() {}
    }
    """
    assert both_rules(tmp_path, code, "Gen.widen", filename="p/Gen.java") == []
    # control: a one-word target, with or without a short label, is still a reference
    found = messages(both_rules(tmp_path, code, "Gen.narrow", filename="p/Gen.java"))
    assert len(found) == 2 and any("Frobber" in m for m in found), found


def test_javadoc_link_to_a_project_package(tmp_path: Path) -> None:
    """``{@link p.util.converter}`` names a package (Javadoc links packages too), not a member
    ``converter`` of package ``p.util``; a missing class of an existing package is still
    reported (control)."""
    write_project_file(tmp_path, "p/util/Pair.java", "package p.util;\n\npublic class Pair {}\n")
    write_project_file(
        tmp_path, "p/util/converter/IntConverter.java", "package p.util.converter;\n\nclass X {}\n"
    )
    code = """
    package p;

    public class Box {
        /**
         * Any converter of the {@link p.util.converter} package, or {@link p.util.Pair};
         * see also {@link p.util.Paired} and {@link p.util.converters}.
         *
         * @see p.util.converter
         */
        public void set() {}
    }
    """
    findings = run_rule(c1_xref_unresolved, tmp_path, code, "Box.set", filename="p/Box.java")
    assert messages(findings) == [
        "`p.util.Paired` names nothing: package `p.util` has no `Paired`; did you mean `Pair`?",
        "`p.util.converters` names nothing: package `p.util` has no `converters`",
    ]
