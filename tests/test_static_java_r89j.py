"""False alarms of round 89j (benchmarks/PRECISION-java.md, "Round 89j") and one left by round
85j, each beside a consistent control that stays reported: a member type inherited from a
library supertype (Hibernate Validator's ``{@link ConstraintViolationBuilder}`` in an interface
extending ``jakarta.validation.ConstraintValidatorContext``); a library type another file of the
package imports (Reactor's ``{@code ContextRegistry}``); a C typedef named in a native binding's
Javadoc (OSHI's ``{@code psinfo_t}``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.external.lookup import find_src_zip

from tests.static_helpers import project_findings

_CONTEXT = """\
package p;

IMPORT

/** A validator context with message parameters. */
public interface HibernateContext HEADER {

    /**
     * Sets a message parameter for all violations created by the {@link LINK}.
     *
     * @param name the parameter's name
     * @return this context
     */
    HibernateContext addMessageParameter(String name);
}
"""

_BUILDER = """\
package p;

IMPORT

/** The violation builder of this context. */
public interface HibernateViolationBuilder {}
"""


def _context_rules(
    tmp_path: Path, imported: str, header: str, link: str, sibling: str
) -> list[str]:
    code = _CONTEXT.replace("IMPORT", imported).replace("HEADER", header).replace("LINK", link)
    files = {
        "p/HibernateContext.java": code,
        "p/HibernateViolationBuilder.java": _BUILDER.replace("IMPORT", sibling),
    }
    found = project_findings(tmp_path, files, "p/HibernateContext.java")
    return sorted(f.rule for f in found if f.qualname.endswith("addMessageParameter"))


_LIBRARY = "import jakarta.validation.ConstraintValidatorContext;"
_NESTED = "import jakarta.validation.ConstraintValidatorContext.ConstraintViolationBuilder;"
_EXTENDS = "extends ConstraintValidatorContext"


@pytest.mark.parametrize(
    ("imported", "header", "link", "sibling", "rules"),
    [
        # Hibernate Validator: the nested interface of its library supertype, which another
        # file of the package imports by that supertype's name
        (_LIBRARY, _EXTENDS, "ConstraintViolationBuilder", _NESTED, []),
        (_LIBRARY, _EXTENDS, "ConstraintViolationBuilder#addConstraintViolation()", _NESTED, []),
        # controls: no evidence the library supertype declares it (a class renamed in a project
        # whose classes extend a library is the common case), no supertype outside the
        # project, and a JDK supertype (read, or not guessed at without the JDK's source)
        (_LIBRARY, _EXTENDS, "ConstraintViolationBuilder", "", ["C1-XREF-UNRESOLVED"]),
        ("", "", "ConstraintViolationBuilder", _NESTED, ["C1-XREF-UNRESOLVED"]),
        (
            "import java.io.Serializable;",
            "extends Serializable",
            "ConstraintViolationBuilder",
            "",
            ["C1-XREF-UNRESOLVED"],
        ),
    ],
)
def test_a_member_type_of_a_library_supertype_is_not_missing(
    tmp_path: Path, imported: str, header: str, link: str, sibling: str, rules: list[str]
) -> None:
    assert _context_rules(tmp_path, imported, header, link, sibling) == rules


_HOOKS = """\
package p.publisher;

/** Global hooks. */
public abstract class Hooks {

    /**
     * Globally enables automatic context propagation.
     * Using the implicit global MARKUP it restores the thread locals.
     */
    public static void enableAutomaticContextPropagation() {
        ContextPropagation.enable();
    }
}
"""

_PROPAGATION = """\
package PACKAGE;

IMPORT

/** Context propagation support. */
public final class ContextPropagation {
    /** Enables it. */
    public static void enable() {}
}
"""

_REGISTRY = "import io.micrometer.context.ContextRegistry;"


def _hooks_rules(tmp_path: Path, package: str, imported: str, markup: str) -> list[str]:
    hooks = _HOOKS.replace("MARKUP", markup)
    if package != "p.publisher":
        hooks = hooks.replace("/** Global", f"import {package}.ContextPropagation;\n\n/** Global")
    files = {
        "p/publisher/Hooks.java": hooks,
        f"{package.replace('.', '/')}/ContextPropagation.java": _PROPAGATION.replace(
            "PACKAGE", package
        ).replace("IMPORT", imported),
    }
    found = project_findings(tmp_path, files, "p/publisher/Hooks.java")
    return sorted(f.rule for f in found)


@pytest.mark.parametrize(
    ("package", "imported", "markup", "rules"),
    [
        # Reactor: Micrometer's ContextRegistry, imported by the package's ContextPropagation
        ("p.publisher", _REGISTRY, "{@code ContextRegistry}", []),
        # controls: no file of the package imports it, or only a file of another package; and
        # a link, which its own file's imports must resolve
        ("p.publisher", "", "{@code ContextRegistry}", ["C1-PROSE-NAME-STALE"]),
        ("p.util", _REGISTRY, "{@code ContextRegistry}", ["C1-PROSE-NAME-STALE"]),
        ("p.publisher", _REGISTRY, "{@link ContextRegistry}", ["C1-XREF-UNRESOLVED"]),
    ],
)
def test_a_library_type_the_package_imports_is_current(
    tmp_path: Path, package: str, imported: str, markup: str, rules: list[str]
) -> None:
    assert _hooks_rules(tmp_path, package, imported, markup) == rules


_PSINFO = """\
package p;

/** Reads AIX process files. */
public final class PsInfo {

    /**
     * Reads the argument count from a {@code NAME}.
     *
     * @param psinfo a populated structure
     * @return the argument count
     */
    public static int queryArgc(AixPsInfo psinfo) {
        return psinfo.argc;
    }

    /** The mapped structure. */
    public static class AixPsInfo {
        /** The count. */
        public int argc;
    }
}
"""


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        # OSHI: the C struct of /proc/<pid>/psinfo
        ("psinfo_t", []),
        ("lwpsinfo_t", []),
        # controls: a parameter's name misspelt, in snake case or not, is still a slip
        ("psinfo_s", ["C1-PROSE-NAME-STALE"]),
        ("psinf", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_a_c_typedef_is_no_renamed_parameter(tmp_path: Path, name: str, rules: list[str]) -> None:
    code = _PSINFO.replace("NAME", name)
    found = project_findings(tmp_path, {"p/PsInfo.java": code}, "p/PsInfo.java")
    assert sorted(f.rule for f in found) == rules


_NEEDS_JDK_SOURCE = pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip")

_PROPERTIES = """\
package p;

import java.util.Properties;

/** Properties decrypted on reading. */
public class EncryptableProperties extends SUPERTYPE {

    /**
     * Obtains the value for the key (see {@link LINK}), decrypting it if needed.
     *
     * @param key the key
     * @return the value
     */
    public Object get(Object key) {
        return null;
    }
}
"""


@_NEEDS_JDK_SOURCE
@pytest.mark.parametrize(
    ("supertype", "link", "rules"),
    [
        # a member type the JDK supertype's source declares
        ("Thread", "State#RUNNABLE", []),
        # control (round 31's jasypt, TRUE): Hashtable is the supertype's own supertype, not a
        # member type of it -- its constructor is the member the JDK's source finds by that
        # name -- and the file does not import it, so the link is broken
        ("Properties", "Hashtable#get(Object)", ["C1-XREF-UNRESOLVED"]),
    ],
)
def test_a_jdk_supertype_is_read_for_its_member_types(
    tmp_path: Path, supertype: str, link: str, rules: list[str]
) -> None:
    code = _PROPERTIES.replace("SUPERTYPE", supertype).replace("LINK", link)
    found = project_findings(
        tmp_path, {"p/EncryptableProperties.java": code}, "p/EncryptableProperties.java"
    )
    assert sorted(f.rule for f in found if f.qualname.endswith(".get")) == rules


_SIDE_PANE = """\
package p.swing;

/** A side pane. */
public class SidePane {

    /**
     * Returns the UI object which implements the L&amp;F for this component.
     *
     * @return a {@code TabbedPaneUI} object
     */
    public SidePaneUI getUI() {
        return null;
    }

    /** Its UI delegate. */
    public static class SidePaneUI {}
}
"""

_PANE_LIST = """\
package p.swing;

import javax.swing.plaf.TabbedPaneUI;

/** A list of panes. */
public class PaneList {
    /** Its UI. */
    public TabbedPaneUI ui;
}
"""


@_NEEDS_JDK_SOURCE
def test_a_jdk_type_the_package_imports_is_no_library_type(tmp_path: Path) -> None:
    # control (round 33's jide-oss, TRUE): the package's import of the JDK's TabbedPaneUI does
    # not vouch for prose naming it where the method returns a SidePaneUI
    files = {"p/swing/SidePane.java": _SIDE_PANE, "p/swing/PaneList.java": _PANE_LIST}
    found = project_findings(tmp_path, files, "p/swing/SidePane.java")
    assert sorted(f.rule for f in found) == ["C1-PROSE-NAME-STALE"]
