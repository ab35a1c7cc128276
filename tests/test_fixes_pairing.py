"""The pairing fix of ``C1-PARAM-UNKNOWN`` (docref.fixes.pairing): one documented name that
is no parameter, one parameter left undocumented, types that agree -> the entry is renamed.
Each fix is re-checked in a fresh project (see ``fix_file``); each control is left alone with
the reason said.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.fixes.verify import StaticCheck, deterministic_fix
from docref.graph.project import ProjectGraph

from tests.test_fixes_static import fix_file

GOOGLE = '''\
def load(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        filename (str): Where the file is.
        mode (str): How to open it.

    Returns:
        str: The text.
    """
    with open(path, mode) as f:
        return f.read()
'''
REST = '''\
def load(path, mode="r"):
    """Read a file.

    :param filename: Where the file is.
    :type filename: str
    :param mode: How to open it.
    """
    return open(path, mode).read()
'''
JAVA = """\
class Files {
    /**
     * Reads a file.
     *
     * @param filename where the file is
     * @param mode how to open it
     * @return the text
     */
    String load(String path, String mode) {
        return path + mode;
    }
}
"""


def test_google_entry_renamed_to_the_one_undocumented_parameter(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "m.py", GOOGLE, "load")
    assert rules == ["C1-PARAM-UNKNOWN"]
    assert fixed == GOOGLE.replace("filename (str)", "path (str)")


def test_rest_param_and_type_entries_renamed_together(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "m.py", REST, "load")
    assert rules == ["C1-PARAM-UNKNOWN"]
    assert fixed == REST.replace(":param filename:", ":param path:").replace(
        ":type filename:", ":type path:"
    )


def test_javadoc_param_renamed(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "Files.java", JAVA, "Files.load")
    assert rules == ["C1-PARAM-UNKNOWN"]
    assert fixed == JAVA.replace("@param filename", "@param path")


def _unfixed(tmp_path: Path, text: str) -> str:
    """Assert nothing is fixed in ``text``'s ``load``; the reason given."""
    root = tmp_path / "proj"
    root.mkdir()
    (root / "m.py").write_text(text, encoding="utf-8")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    outcome = deterministic_fix(graph, str(root / "m.py"), "load", StaticCheck())
    assert outcome is not None and not outcome.changed and not outcome.fixed
    reasons = {f"{f.rule}: {why}" for f, why in outcome.skipped}
    assert all(r.startswith("C1-PARAM-UNKNOWN") for r in reasons)
    return " | ".join(sorted(reasons))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # two unknown names and two undocumented parameters: which is which is a guess
        (
            GOOGLE.replace("mode (str)", "flags (str)"),
            "2 documented names are not parameters (filename, flags)",
        ),
        # one unknown name, two undocumented parameters
        (
            GOOGLE.replace("        mode (str): How to open it.\n", ""),
            "no single undocumented parameter to pair it with (undocumented: path, mode)",
        ),
        # the documented type contradicts the parameter's annotation
        (GOOGLE.replace("filename (str)", "filename (int)"), 'the documented type "int"'),
    ],
)
def test_no_pairing_when_it_is_not_settled(tmp_path: Path, text: str, why: str) -> None:
    assert why in _unfixed(tmp_path, text)
