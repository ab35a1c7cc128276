"""A Javadoc name right after a possessive of another object ("the column's
<code>preferredWidth</code>") is that object's member, not an old name of the documented scope
(benchmarks/PRECISION-java.md, round 33j) -- beside controls that stay reported: the same name
without the possessive, or with a possessive naming the documented object itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE
from docref.external.lookup import find_src_zip

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


_SPINNER = """\
package p;

import java.util.Date;
import javax.swing.SpinnerDateModel;

public class SpinnerFactory {
    /**
     * Creates a date model bound to the model. SENTENCE
     *
     * @param model the model holding the value
     * @return the date model
     */
    public RETURNS createDateAdapter(Model model) {
        Object current = model.getValue();
        return null;
    }

    interface Model {
        Object getValue();
    }
}
"""


@pytest.mark.skipif(find_src_zip() is None, reason="no JDK src.zip on this machine")
@pytest.mark.parametrize(
    ("sentence", "returns", "flagged"),
    [
        # the returned JDK type's own methods (SpinnerDateModel.getNextValue), named as the
        # JDK's text names them: that type's members, not old names of the called getValue
        (
            "The {@code nextValue} and {@code previousValue} methods compute the dates.",
            "SpinnerDateModel",
            0,
        ),
        # controls: the same words on a method returning a project type, or a JDK type that has
        # no such accessor, stay reported
        ("The {@code nextValue} and {@code previousValue} methods compute the dates.", "Object", 2),
        (
            "The {@code nextValue} and {@code previousValue} methods compute the dates.",
            "Date",
            2,
        ),
    ],
)
def test_a_member_of_the_returned_jdk_type(
    tmp_path: Path, sentence: str, returns: str, flagged: int
) -> None:
    code = _SPINNER.replace("SENTENCE", sentence).replace("RETURNS", returns)
    inp = static_input(
        tmp_path, code, "SpinnerFactory.createDateAdapter", filename="p/SpinnerFactory.java"
    )
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert len(found) == flagged, [f.message for f in found]
