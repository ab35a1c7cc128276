"""False alarms of round 89j (benchmarks/PRECISION-java.md, "Round 89j") and one left by round
85j, each beside a consistent control that stays reported: a member type inherited from a
library supertype (Hibernate Validator's ``{@link ConstraintViolationBuilder}`` in an interface
extending ``jakarta.validation.ConstraintValidatorContext``); a library type another file of the
package imports (Reactor's ``{@code ContextRegistry}``); a C typedef named in a native binding's
Javadoc (OSHI's ``{@code psinfo_t}``)."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def _context_rules(tmp_path: Path, imported: str, header: str, link: str) -> list[str]:
    code = _CONTEXT.replace("IMPORT", imported).replace("HEADER", header).replace("LINK", link)
    found = project_findings(tmp_path, {"p/HibernateContext.java": code}, "p/HibernateContext.java")
    return sorted(f.rule for f in found if f.qualname.endswith("addMessageParameter"))


@pytest.mark.parametrize(
    ("imported", "header", "link", "rules"),
    [
        # Hibernate Validator: the nested interface of its library supertype
        (
            "import jakarta.validation.ConstraintValidatorContext;",
            "extends ConstraintValidatorContext",
            "ConstraintViolationBuilder",
            [],
        ),
        (
            "import jakarta.validation.ConstraintValidatorContext;",
            "extends ConstraintValidatorContext",
            "ConstraintViolationBuilder#addConstraintViolation()",
            [],
        ),
        # controls: no supertype outside the project, and a JDK supertype (read, or not
        # guessed at without the JDK's source) that declares no such member type
        ("", "", "ConstraintViolationBuilder", ["C1-XREF-UNRESOLVED"]),
        (
            "import java.io.Serializable;",
            "extends Serializable",
            "ConstraintViolationBuilder",
            ["C1-XREF-UNRESOLVED"],
        ),
    ],
)
def test_a_member_type_of_a_library_supertype_is_not_missing(
    tmp_path: Path, imported: str, header: str, link: str, rules: list[str]
) -> None:
    assert _context_rules(tmp_path, imported, header, link) == rules


_HOOKS = """\
package p.publisher;

/** Global hooks. */
public abstract class Hooks {

    /**
     * Globally enables automatic context propagation.
     * Using the implicit global {@code ContextRegistry} it restores the thread locals.
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


def _hooks_rules(tmp_path: Path, package: str, imported: str) -> list[str]:
    propagation = _PROPAGATION.replace("PACKAGE", package).replace("IMPORT", imported)
    folder = package.replace(".", "/")
    files = {
        "p/publisher/Hooks.java": _HOOKS,
        f"{folder}/ContextPropagation.java": propagation,
    }
    if package != "p.publisher":
        files["p/publisher/Hooks.java"] = _HOOKS.replace(
            "/** Global hooks. */", f"import {package}.ContextPropagation;\n\n/** Global hooks. */"
        )
    found = project_findings(tmp_path, files, "p/publisher/Hooks.java")
    return sorted(f.rule for f in found)


@pytest.mark.parametrize(
    ("package", "imported", "rules"),
    [
        # Reactor: Micrometer's ContextRegistry, imported by the package's ContextPropagation
        ("p.publisher", "import io.micrometer.context.ContextRegistry;", []),
        # controls: no file of the package imports it, or only a file of another package
        ("p.publisher", "", ["C1-PROSE-NAME-STALE"]),
        ("p.util", "import io.micrometer.context.ContextRegistry;", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_a_library_type_the_package_imports_is_current(
    tmp_path: Path, package: str, imported: str, rules: list[str]
) -> None:
    assert _hooks_rules(tmp_path, package, imported) == rules


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
