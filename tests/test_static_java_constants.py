"""Java Javadoc that names a constant the class inherits or uses (benchmarks/PRECISION-java.md,
"Round 29j"): an ALL_CAPS name resolves as a member before it is judged a renamed constant,
each case beside a consistent control that stays reported; and a verb-led method name's
"plural", which is a misspelt method, not English about a collection."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.external.lookup import find_src_zip

from tests.static_helpers import static_input

_READER = """\
package p;

import javax.xml.stream.XMLStreamConstants;

public class EventReader HEADER {
    private int state = START_DOCUMENT;

    /**
     * Method called when we are about to return <code>MENTION</code> event.
     */
    protected void updateStateEndDocument() {
        state = START_DOCUMENT;
    }

    USE
}
"""

_CONSTANTS = """\
    static final int START_DOCUMENT = 7;
    static final int END_DOCUMENT = 8;
"""


def _flagged(tmp_path: Path, mention: str, header: str, use: str) -> list[str]:
    code = _READER.replace("MENTION", mention).replace("HEADER", header).replace("USE", use)
    inp = static_input(
        tmp_path, code, "EventReader.updateStateEndDocument", filename="p/EventReader.java"
    )
    return [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]


@pytest.mark.parametrize(
    ("mention", "use", "flagged"),
    [
        # another method of the class uses the constant: it exists, whatever declares it
        ("END_DOCUMENT", "int next(int t) { return t == END_DOCUMENT ? 0 : t; }", False),
        # a constant the class declares, beside the one the method uses
        ("END_DOCUMENT", _CONSTANTS, False),
        # controls: a constant nothing declares or uses, a near twin of the one the method
        # uses, stays reported as that constant under its old name
        ("END_DOCUMENT", "int next(int t) { return t; }", True),
        ("END_DOCUMENT", _CONSTANTS.replace("END_DOCUMENT", "LAST_DOCUMENT"), True),
    ],
)
def test_a_constant_of_the_class_is_no_renamed_one(
    tmp_path: Path, mention: str, use: str, flagged: bool
) -> None:
    found = _flagged(tmp_path, mention, "", use)
    assert bool(found) == flagged, found


@pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip on this machine")
@pytest.mark.parametrize(
    ("header", "flagged"),
    [
        # the JDK interface the class implements declares it (XMLStreamConstants.END_DOCUMENT)
        ("implements XMLStreamConstants", False),
        # control: the same class implementing nothing inherits no such constant
        ("", True),
    ],
)
def test_a_constant_inherited_from_a_jdk_interface(
    tmp_path: Path, header: str, flagged: bool
) -> None:
    found = _flagged(tmp_path, "END_DOCUMENT", header, "")
    assert bool(found) == flagged, found


_PARAM = """\
package p;

public class Param {
    private int offset;

    /**
     * Returns the offset.
     *
     * <p> If {@code MENTION} has not been called, zero is returned.
     */
    public int getDestinationOffset() {
        return offset;
    }

    public void setDestinationOffset(int offset) {
        this.offset = offset;
    }
}
"""


@pytest.mark.parametrize(
    ("mention", "flagged"),
    [
        # the "plural" of a verb-led method name is a misspelt method, no collection
        ("setDestinationOffsets", True),
        # controls: the method itself resolves; a plural of a field's name is English
        ("setDestinationOffset", False),
        ("offsets", False),
    ],
)
def test_the_plural_of_a_method_name_is_no_english(
    tmp_path: Path, mention: str, flagged: bool
) -> None:
    inp = static_input(
        tmp_path,
        _PARAM.replace("MENTION", mention),
        "Param.getDestinationOffset",
        filename="p/Param.java",
    )
    found = [inp.source[f.start : f.end] for f in c1_name_unresolved(inp)]
    assert bool(found) == flagged, found
