"""C1-XREF-UNRESOLVED on Java: a type a file names through a wildcard import of a project
package (round 78j, univocity's ``{@link Format#getLineSeparator()}`` under ``import
com.univocity.parsers.common.*``) is that package's class, not the first project class of the
same simple name elsewhere (the annotation ``com.univocity.parsers.annotations.Format``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_xref_unresolved

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import static_input

# sorted first among the project's files: the class a name-only lookup finds first
ANNOTATION = """\
package p.annotations;

public @interface Format {
    String[] formats();
}
"""

FORMAT = """\
package p.common;

public abstract class Format {
    public char[] getLineSeparator() { return null; }
}
"""


def _xrefs(tmp_path: Path, imports: str, link: str) -> list[str]:
    write_project_file(tmp_path, "p/annotations/Format.java", ANNOTATION)
    write_project_file(tmp_path, "p/common/Format.java", FORMAT)
    code = f"""
    package p.input;

    {imports}

    public class Appender {{
        /**
         * Appends the sequence of {{@link {link}}}.
         */
        public void appendNewLine() {{}}
    }}
    """
    inp = static_input(tmp_path, code, "Appender.appendNewLine", filename="p/input/Appender.java")
    return messages(c1_xref_unresolved(inp))


@pytest.mark.parametrize(
    ("imports", "link", "reported"),
    [
        # the wildcard import's class declares the member: no finding (failed before)
        ("import p.common.*;", "Format#getLineSeparator()", False),
        # controls: a member that class lacks stays reported
        ("import p.common.*;", "Format#getNormalizedNewline()", True),
        # and the other package imported whole is the one meant: the annotation lacks it
        ("import p.annotations.*;", "Format#getLineSeparator()", True),
        # a single-type import still decides over any wildcard
        ("import p.common.*;\n    import p.annotations.Format;", "Format#getLineSeparator()", True),
    ],
)
def test_a_wildcard_imported_project_package_supplies_the_type(
    tmp_path: Path, imports: str, link: str, reported: bool
) -> None:
    assert bool(_xrefs(tmp_path, imports, link)) is reported
