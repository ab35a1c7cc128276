"""A Javadoc name right after a possessive of another object ("the column's
<code>preferredWidth</code>") is that object's member, not an old name of the documented scope
(benchmarks/PRECISION-java.md, round 33j) -- beside controls that stay reported: the same name
without the possessive, or with a possessive naming the documented object itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import static_input

_FACTORY = """\
package p;

public class WidthFactory {
    /**
     * Configures the initial width. This implementation sets OWNER<code>preferredWidth</code>
     * to the measured width.
     *
     * @param column the column to configure
     */
    public void configureWidth(Object column) {
        int prefWidth = 75;
        use(column, prefWidth);
    }

    private void use(Object column, int width) {
    }
}
"""


@pytest.mark.parametrize(
    ("owner", "flagged"),
    [
        # another object's member: the column's property, not this scope's name
        ("the column's ", False),
        ("each component's ", False),
        ("the Table's {@code ", False),
        # the possessive at the end of a comment line, the name on the next
        ("the column's\n     * ", False),
        # controls: no possessive, or a possessive of the documented object itself (after
        # "this", the class itself, or the head noun of the class's name) stay reported
        ("the ", True),
        ("this column's ", True),
        ("the class's ", True),
        ("the factory's ", True),
        ("the WidthFactory's ", True),
    ],
)
def test_a_name_after_another_objects_possessive(tmp_path: Path, owner: str, flagged: bool) -> None:
    code = _FACTORY.replace("OWNER", owner)
    if "{@code" in owner:
        code = code.replace("{@code <code>preferredWidth</code>", "{@code preferredWidth}")
    inp = static_input(
        tmp_path, code, "WidthFactory.configureWidth", filename="p/WidthFactory.java"
    )
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert len(found) == (1 if flagged else 0), [f.message for f in found]


_TYPED = """\
package p;

public class WidthFactory {
    /**
     * Hands the events to the column's <code>WidthModle</code>.
     *
     * @param model the model
     */
    public void configureWidth(WidthModel model) {
    }

    static class WidthModel {
    }
}
"""


def test_a_type_after_a_possessive_is_still_a_type(tmp_path: Path) -> None:
    # control: the possessive makes a member another object's, not a class name (a renamed
    # handler class "the rowset's XmlReaderDocHandler" stays reported)
    inp = static_input(
        tmp_path, _TYPED, "WidthFactory.configureWidth", filename="p/WidthFactory.java"
    )
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert len(found) == 1, [f.message for f in found]
