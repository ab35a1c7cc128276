"""C1-XREF-UNRESOLVED on Java: a nested type a class inherits from a project interface or base
class (round 70j, POI's ``{@link AnchorType#MOVE_AND_RESIZE}`` in ``XSSFClientAnchor implements
ClientAnchor``) is that type, not a top-level type of the same name in another package."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_xref_unresolved

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import static_input

CLIENT_ANCHOR = """\
package p.ss;

public interface ClientAnchor {
    enum AnchorType { MOVE_AND_RESIZE, DONT_MOVE_AND_RESIZE }
}
"""

# a top-level type of the same simple name in another package, without those constants
TEXT_ANCHOR = """\
package p.text;

public enum AnchorType { TOP, BOTTOM }
"""

BASE_ANCHOR = """\
package p.ss;

public abstract class BaseAnchor implements ClientAnchor {}
"""


def _xrefs(tmp_path: Path, header: str, link: str) -> list[str]:
    write_project_file(tmp_path, "p/ss/ClientAnchor.java", CLIENT_ANCHOR)
    write_project_file(tmp_path, "p/ss/BaseAnchor.java", BASE_ANCHOR)
    write_project_file(tmp_path, "p/text/AnchorType.java", TEXT_ANCHOR)
    code = f"""
    package p.x;

    import p.ss.BaseAnchor;
    import p.ss.ClientAnchor;

    {header} {{
        /**
         * Creates an anchor. Sets the type to {{@link {link}}}.
         */
        public Anchor() {{}}
    }}
    """
    inp = static_input(tmp_path, code, "Anchor.Anchor", filename="p/x/Anchor.java")
    return messages(c1_xref_unresolved(inp))


def test_nested_type_of_an_implemented_interface_resolves(tmp_path: Path) -> None:
    header = "public class Anchor implements ClientAnchor"
    assert _xrefs(tmp_path, header, "AnchorType#MOVE_AND_RESIZE") == []


def test_nested_type_inherited_through_a_base_class_resolves(tmp_path: Path) -> None:
    header = "public class Anchor extends BaseAnchor"
    assert _xrefs(tmp_path, header, "AnchorType#DONT_MOVE_AND_RESIZE") == []


def test_missing_constant_of_the_inherited_nested_type_stays_reported(tmp_path: Path) -> None:
    header = "public class Anchor implements ClientAnchor"
    assert _xrefs(tmp_path, header, "AnchorType#MOVE_DONT_RESIZE") == [
        "`AnchorType#MOVE_DONT_RESIZE` names nothing: class `ClientAnchor.AnchorType` has no "
        "`MOVE_DONT_RESIZE`"
    ]


def test_class_without_that_supertype_still_reads_the_other_package_type(
    tmp_path: Path,
) -> None:
    header = "public class Anchor"
    assert _xrefs(tmp_path, header, "AnchorType#MOVE_AND_RESIZE") == [
        "`AnchorType#MOVE_AND_RESIZE` names nothing: class `AnchorType` has no `MOVE_AND_RESIZE`"
    ]
