"""Java Javadoc false alarms of held-out library rounds (benchmarks/PRECISION-java.md, "Round
27j"): names written in another notation than Java's, each beside a consistent control that
stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.static_helpers import static_input

_WRITER = """\
package p;

public class AnnotationsWriter {
    /**
     * Writes MENTION in the attribute.
     * It must be followed by {@code num} instances of the item.
     */
    public void numAnnotations(int num, int count) {
    }

    public void typePath(int pathLength) {
    }
}

class AttributeInfo {
}
"""


@pytest.mark.parametrize(
    ("mention", "flagged"),
    [
        # a bytecode writer documents the class-file items it writes in the JVM
        # specification's own spelling: the method itself, a sibling, a type of the file
        ("<code>num_annotations</code>", False),
        ("{@code type_path}", False),
        ("{@code attribute_info}", False),
        # controls: snake_case names that camel-case to nothing in scope stay reported
        ("{@code num_attributes}", True),
        ("{@code num_annotation}", True),
    ],
)
def test_a_specification_spelling_of_a_name_in_scope(
    tmp_path: Path, mention: str, flagged: bool
) -> None:
    code = _WRITER.replace("MENTION", mention)
    inp = static_input(
        tmp_path, code, "AnnotationsWriter.numAnnotations", filename="p/AnnotationsWriter.java"
    )
    found = [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]
    assert bool(found) == flagged, found


@pytest.mark.parametrize(
    ("mention", "flagged"),
    [
        # a template's (Velocity, shell) variable, "similar to the tool's $relativePath": no Java
        # name starts with $ but a generated one
        ("<code>$numAnnotation</code>", False),
        ("{@code $numAnnotation}", False),
        # control: the same name without the sigil is a Java name and stays reported
        ("<code>numAnnotation</code>", True),
    ],
)
def test_a_template_variable_is_no_java_name(tmp_path: Path, mention: str, flagged: bool) -> None:
    inp = static_input(
        tmp_path,
        _WRITER.replace("MENTION", mention),
        "AnnotationsWriter.numAnnotations",
        filename="p/AnnotationsWriter.java",
    )
    found = [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]
    assert bool(found) == flagged, found


_TIMEOUT = """\
package p;

public class Connection {
    /**
     * Sets the timeout.
     * <p>
     * If a SecurityManager exists and its MENTION method denies calling
     * setNetworkTimeout, this method throws a java.lang.SecurityException.
     *
     * @param milliseconds the time in milliseconds
     * @throws SecurityException if a security manager exists and its MENTION
     *     method denies calling setNetworkTimeout.
     */
    public void setNetworkTimeout(int milliseconds) {
        checkClosed();
    }

    void checkClosed() {
    }
}
"""


@pytest.mark.parametrize(
    ("mention", "flagged"),
    [
        # the JDK's Javadoc copied into an implementation: the method of the JDK class the
        # docstring names (SecurityManager.checkPermission), in either sentence
        ("<code>checkPermission</code>", False),
        # control: a name that class does not have stays reported (a near miss of this
        # class's checkClosed)
        ("<code>checkClose</code>", True),
    ],
)
def test_a_method_of_a_type_the_docstring_names(
    tmp_path: Path, mention: str, flagged: bool
) -> None:
    inp = static_input(
        tmp_path,
        _TIMEOUT.replace("MENTION", mention),
        "Connection.setNetworkTimeout",
        filename="p/Connection.java",
    )
    found = [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]
    assert bool(found) == flagged, found


_FIND = """\
package p;

public class Finder {
    /**
     * Finds the script.
     *
     * @param pathInfo the path
     * @return
     * <ul>
     * <li>
     * <code>path</code> -    full path to the script, or null if none was found
     * <li>
     * ITEM
     * </ul>
     */
    protected String[] find(String pathInfo) {
        String scriptPath = pathInfo;
        return new String[] {scriptPath};
    }
}
"""


@pytest.mark.parametrize(
    ("item", "flagged"),
    [
        # the label of a part of the returned array, opening a list item before a dash
        ("<code>scriptName</code> - the URL path to the script", False),
        ("{@code scriptName}: the URL path to the script", False),
        # control: the same name inside the item's text stays reported
        ("the URL path to <code>scriptName</code>", True),
    ],
)
def test_a_list_item_label_is_no_code_name(tmp_path: Path, item: str, flagged: bool) -> None:
    inp = static_input(tmp_path, _FIND.replace("ITEM", item), "Finder.find", filename="p/F.java")
    found = [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]
    assert bool(found) == flagged, found
