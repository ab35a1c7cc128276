"""C1-XREF-UNRESOLVED on Java: the members Lombok writes at compile time (round 81j, EvalEx's
``{@link ExpressionConfiguration#getMaxRecursionDepth()}`` of a ``@Getter`` class with the field
``maxRecursionDepth``) resolve; a class without the annotation, a field it lacks, or the
accessor another annotation makes stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_xref_unresolved

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import static_input

CONFIGURATION = """\
package p.config;

IMPORT

ANNOTATIONS
public class ExpressionConfiguration {
    private final int maxRecursionDepth = 2000;
    private final boolean arraysAllowed = true;
}
"""


def _reported(tmp_path: Path, imports: str, annotations: str, link: str) -> bool:
    config = CONFIGURATION.replace("IMPORT", imports).replace("ANNOTATIONS", annotations)
    write_project_file(tmp_path, "p/config/ExpressionConfiguration.java", config)
    code = f"""
    package p;

    import p.config.ExpressionConfiguration;

    public class Expression {{
        /**
         * Evaluates to the maximum depth {{@link {link}}}.
         */
        public void evaluate() {{}}
    }}
    """
    inp = static_input(tmp_path, code, "Expression.evaluate", filename="p/Expression.java")
    return bool(messages(c1_xref_unresolved(inp)))


_LOMBOK = "import lombok.Builder;\nimport lombok.Getter;"


@pytest.mark.parametrize(
    ("imports", "annotations", "link", "reported"),
    [
        # EvalEx: @Builder(toBuilder = true) @Getter on the class
        (
            _LOMBOK,
            "@Builder(toBuilder = true)\n@Getter",
            "ExpressionConfiguration#getMaxRecursionDepth()",
            False,
        ),
        (_LOMBOK, "@Getter", "ExpressionConfiguration#isArraysAllowed()", False),
        (_LOMBOK, "@Builder(toBuilder = true)", "ExpressionConfiguration#toBuilder()", False),
        (
            "import lombok.Data;",
            "@Data",
            "ExpressionConfiguration#setMaxRecursionDepth(int)",
            False,
        ),
        # controls: no Lombok, a field the class lacks, a setter under @Getter, toBuilder
        # without toBuilder = true
        ("", "", "ExpressionConfiguration#getMaxRecursionDepth()", True),
        (_LOMBOK, "@Getter", "ExpressionConfiguration#getMaxDepth()", True),
        (_LOMBOK, "@Getter", "ExpressionConfiguration#setMaxRecursionDepth(int)", True),
        (_LOMBOK, "@Builder", "ExpressionConfiguration#toBuilder()", True),
    ],
)
def test_members_lombok_writes_resolve(
    tmp_path: Path, imports: str, annotations: str, link: str, reported: bool
) -> None:
    assert _reported(tmp_path, imports, annotations, link) is reported
