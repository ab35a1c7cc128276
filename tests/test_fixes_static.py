"""Deterministic docstring fixes (docref.fixes), checked against the real static tier.

Every fix is applied to a file in a temporary project, which is then indexed afresh and
re-checked with ``check_file``: the fixed findings must be gone and nothing new may appear.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import check_file
from docref.fixes import find_target, static_fix
from docref.fixes.verify import StaticCheck, deterministic_fix
from docref.graph.project import ProjectGraph


def _graph(root: Path) -> ProjectGraph:
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    return graph


def fix_file(tmp_path: Path, name: str, text: str, qualname: str) -> tuple[str, list[str]]:
    """Fix ``qualname`` in a file holding ``text``; the fixed file text and the rules fixed.
    Asserts that a fresh check of the fixed file has none of the fixed findings and no new
    finding at all."""
    root = tmp_path / "proj"
    root.mkdir(exist_ok=True)
    path = root / name
    path.write_text(text, encoding="utf-8", newline="")
    graph = _graph(root)
    before = [f for f in check_file(graph, str(path)).findings if f.qualname == qualname]
    outcome = deterministic_fix(graph, str(path), qualname, StaticCheck())
    assert outcome is not None
    assert graph.source(str(path)) == text  # the graph got the original text back
    fixed_text = outcome.target.with_literal(outcome.literal)
    path.write_text(fixed_text, encoding="utf-8", newline="")
    after = [f for f in check_file(_graph(root), str(path)).findings if f.qualname == qualname]
    gone = {(f.rule, f.message) for f in outcome.fixed}
    assert not {(f.rule, f.message) for f in after} & gone
    assert len(after) == len(outcome.remaining), [f.message for f in after]
    assert not outcome.introduced
    assert len(before) == len(outcome.fixed) + len(outcome.remaining)
    return fixed_text, sorted(f.rule for f in outcome.fixed)


GOOGLE = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.
    Its corners are not checked.

    Args:
        widht (int): The width, a number
            that spans two lines.
        height (str): The height.

    Returns:
        str: The area.

    Raises:
        KeyError: Never, in fact.
    """
    return width * height
'''
GOOGLE_FIXED = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.
    Its corners are not checked.

    Args:
        width (int): The width, a number
            that spans two lines.
        height (int): The height.

    Returns:
        int: The area.
    """
    return width * height
'''


def test_google_rename_types_and_an_emptied_raises_section(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "box.py", GOOGLE, "area")
    assert fixed == GOOGLE_FIXED
    assert rules == ["C1-PARAM-UNKNOWN", "C2-PARAM-TYPE", "C2-RETURN-TYPE", "C3-RAISES"]


NUMPY = '''\
from typing import Iterator


def count(start: int, flag: bool = False) -> Iterator[int]:
    """Count upwards.

    Parameters
    ----------
    strat : int
        Where to start.
    flag : str, optional
        A flag.

    Raises
    ------
    KeyError
        Never.

    Yields
    ------
    str
        The numbers.
    """
    yield start
'''
NUMPY_FIXED = '''\
from typing import Iterator


def count(start: int, flag: bool = False) -> Iterator[int]:
    """Count upwards.

    Parameters
    ----------
    start : int
        Where to start.
    flag : bool, optional
        A flag.

    Yields
    ------
    int
        The numbers.
    """
    yield start
'''


def test_numpy_keeps_the_optional_qualifier_and_tidies_a_middle_section(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "count.py", NUMPY, "count")
    assert fixed == NUMPY_FIXED
    assert rules == ["C1-PARAM-UNKNOWN", "C2-PARAM-TYPE", "C2-YIELD-TYPE", "C3-RAISES"]


REST = '''\
def scale(length: int) -> int:
    """Scale a length.

    :param lenght: The length.
    :type lenght: str
    :returns: The scaled length.
    :rtype: str
    :raises KeyError: Never,
        not even once.
    """
    return length * 2
'''
REST_FIXED = '''\
def scale(length: int) -> int:
    """Scale a length.

    :param length: The length.
    :type length: int
    :returns: The scaled length.
    :rtype: int
    """
    return length * 2
'''


def test_rest_rename_reaches_the_type_field_and_the_next_round_fixes_its_type(
    tmp_path: Path,
) -> None:
    fixed, rules = fix_file(tmp_path, "scale.py", REST, "scale")
    assert fixed == REST_FIXED
    # the :type entry was never compared before the rename; the second round fixed it
    assert rules == ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE", "C3-RAISES"]


def test_one_raises_entry_of_two_goes_and_the_section_stays(tmp_path: Path) -> None:
    text = '''\
def get(key: str) -> str:
    """Look a key up.

    Raises:
        KeyError: When the key is missing,
            which happens.
        IndexError: Never raised here.
    """
    if not key:
        raise KeyError(key)
    return key
'''
    fixed, rules = fix_file(tmp_path, "get.py", text, "get")
    assert rules == ["C3-RAISES"]
    assert fixed == text.replace("        IndexError: Never raised here.\n", "")


def test_crlf_line_endings_survive_every_fix(tmp_path: Path) -> None:
    crlf = GOOGLE.replace("\n", "\r\n")
    fixed, _ = fix_file(tmp_path, "box.py", crlf, "area")
    assert fixed == GOOGLE_FIXED.replace("\n", "\r\n")
    assert "\n" not in fixed.replace("\r\n", "")


def test_tab_indentation_is_kept(tmp_path: Path) -> None:
    tabbed = GOOGLE.replace("    ", "\t")
    fixed, _ = fix_file(tmp_path, "box.py", tabbed, "area")
    assert fixed == GOOGLE_FIXED.replace("    ", "\t")


def test_returns_becomes_yields_in_each_style(tmp_path: Path) -> None:
    google = '''\
def gen(n: int):
    """Count.

    Returns:
        int: Numbers.
    """
    yield n
'''
    fixed, rules = fix_file(tmp_path, "g.py", google, "gen")
    assert rules == ["C3-RETURNS-YIELDS"]
    assert fixed == google.replace("Returns:", "Yields:")
    numpy = '''\
def gen(n: int):
    """Count.

    Returns
    -------
    int
        Numbers.
    """
    yield n
'''
    fixed, _ = fix_file(tmp_path, "n.py", numpy, "gen")
    assert fixed == numpy.replace("Returns\n    -------", "Yields\n    ------")
    rest = '''\
def gen(n: int):
    """Count.

    :returns: Numbers.
    :rtype: int
    """
    yield n
'''
    fixed, _ = fix_file(tmp_path, "r.py", rest, "gen")
    assert fixed == rest.replace(":returns:", ":yields:").replace(":rtype:", ":ytype:")


def test_yields_becomes_returns_for_a_plain_return_type(tmp_path: Path) -> None:
    text = '''\
def total(values: list[int]) -> int:
    """Add values.

    Yields:
        int: The sum.
    """
    return sum(values)
'''
    fixed, rules = fix_file(tmp_path, "t.py", text, "total")
    assert rules == ["C3-RETURNS-YIELDS"]
    assert fixed == text.replace("Yields:", "Returns:")


def test_yields_of_a_function_returning_nothing_is_removed_with_the_quotes_kept(
    tmp_path: Path,
) -> None:
    text = '''\
def log(message):
    """Log a message.

    Yields:
        str: Lines."""
    print(message)
'''
    fixed, rules = fix_file(tmp_path, "log.py", text, "log")
    assert rules == ["C3-RETURNS-YIELDS"]
    assert (
        fixed
        == '''\
def log(message):
    """Log a message."""
    print(message)
'''
    )


def test_swapped_name_and_type_are_swapped_back(tmp_path: Path) -> None:
    text = '''\
def grow(size: int) -> int:
    """Grow.

    Args:
        int (size): How much.
    """
    return size + 1
'''
    fixed, rules = fix_file(tmp_path, "grow.py", text, "grow")
    assert rules == ["C1-PARAM-UNKNOWN"]
    assert fixed == text.replace("int (size)", "size (int)")


def test_a_misspelt_exception_is_renamed(tmp_path: Path) -> None:
    text = '''\
class CustomError(Exception):
    pass


def run(flag: bool) -> None:
    """Run.

    Raises:
        CustomEror: When the flag is set.
    """
    if flag:
        raise CustomError()
'''
    fixed, rules = fix_file(tmp_path, "run.py", text, "run")
    assert rules == ["C3-RAISES"]
    assert fixed == text.replace("CustomEror:", "CustomError:")


def test_what_cannot_be_settled_is_left_alone_with_a_reason(tmp_path: Path) -> None:
    text = '''\
def area(width, height, scale):
    """Compute an area.

    Args:
        depth: Not a parameter at all.
        height: The height.
    """
    return width * height * scale
'''
    root = tmp_path / "proj"
    root.mkdir()
    (root / "a.py").write_text(text, encoding="utf-8")
    graph = _graph(root)
    outcome = deterministic_fix(graph, str(root / "a.py"), "area", StaticCheck())
    assert outcome is not None and not outcome.usable and not outcome.changed
    [(finding, reason)] = outcome.skipped
    assert finding.rule == "C1-PARAM-UNKNOWN"
    assert reason.startswith("no close match, and no single undocumented parameter")
    assert deterministic_fix(graph, str(root / "a.py"), "nowhere", StaticCheck()) is None


JAVA = """\
package demo;

public class Box {
    /**
     * Resize the box.
     *
     * @param widht the new width
     * @return the new area
     * @throws java.io.IOException never, in fact
     */
    public void resize(int width) {
        this.width = width;
    }

    private int width;
}
"""
JAVA_FIXED = """\
package demo;

public class Box {
    /**
     * Resize the box.
     *
     * @param width the new width
     */
    public void resize(int width) {
        this.width = width;
    }

    private int width;
}
"""


def test_javadoc_rename_and_removed_tags(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "Box.java", JAVA, "Box.resize")
    assert fixed == JAVA_FIXED
    assert rules == ["C1-PARAM-UNKNOWN", "C3-RAISES", "C3-RETURNS-YIELDS"]


@pytest.mark.parametrize("prefix", ["", "r"])
def test_a_string_annotation_is_written_without_its_quotes_and_the_prefix_stays(
    tmp_path: Path, prefix: str
) -> None:
    text = f'''\
def pick(pattern: "re.Pattern[str]") -> str:
    {prefix}"""Pick.

    Args:
        pattern (int): A pattern such as ``\\d+``.
    """
    return ""
'''
    root = tmp_path / "proj"
    root.mkdir()
    (root / "p.py").write_text(text, encoding="utf-8")
    graph = _graph(root)
    target = find_target(graph, str(root / "p.py"), "pick")
    assert target is not None
    findings = [f for f in check_file(graph, str(root / "p.py")).findings]
    fix = static_fix(target, findings)
    assert [f.rule for f in fix.fixed] == ["C2-PARAM-TYPE"]
    assert "pattern (re.Pattern[str]):" in fix.text
    assert fix.text.endswith('"""') and fix.text.startswith(prefix + '"""')


def test_a_class_docstring_is_fixed_against_its_constructor(tmp_path: Path) -> None:
    text = '''\
class Box:
    """A box.

    Args:
        widht (int): The width.
    """

    def __init__(self, width: int) -> None:
        self.width = width
'''
    fixed, rules = fix_file(tmp_path, "box.py", text, "Box")
    assert rules == ["C1-PARAM-UNKNOWN"]
    assert fixed == text.replace("widht (int)", "width (int)")


STALE = '''\
def render(include_hdr: bool) -> str:
    """Render the table.

    When ``include_header`` is set the header comes first; `include_header` is a flag.
    Other sentences keep include_header as it is.

    Args:
        include_hdr: Add a header.
    """
    return ""
'''


def test_stale_prose_name_is_renamed_in_its_sentence_only(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "mod.py", STALE, "render")
    assert rules == ["C1-PROSE-NAME-STALE"]
    assert "When ``include_hdr`` is set the header comes first; `include_hdr` is a flag." in fixed
    assert "Other sentences keep include_header as it is." in fixed


DOCTYPE = '''\
class Frobnicator:
    pass


def run(item: Frobnicator, other) -> None:
    """Run.

    Args:
        item (Frobnicater): The item.
        other: Not a Frobnicater either.
    """
'''


def test_documented_type_is_renamed_to_the_class_in_scope(tmp_path: Path) -> None:
    fixed, rules = fix_file(tmp_path, "mod.py", DOCTYPE, "run")
    assert rules == ["C1-DOCTYPE-UNRESOLVED"]
    assert "item (Frobnicator): The item." in fixed
    assert "other: Not a Frobnicater either." in fixed  # only the flagged entry changes
