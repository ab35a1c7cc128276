"""Inline ``docref: ignore`` markers and the config ignore list."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.runner import check_file
from docref.checks.suppress import Suppressions, inline_suppressions
from docref.core.codes import IgnoreList, known_codes
from docref.core.findings import Criterion, Finding, Tier, Verdict
from docref.graph.java_extract import extract_java
from docref.graph.project import ProjectGraph
from docref.graph.python_extract import extract_python


def _python(code: str, path: str = "m.py") -> tuple[Suppressions, str]:
    text = textwrap.dedent(code).lstrip("\n")
    return inline_suppressions(extract_python(text.encode(), path, "digest"), text), text


def _java(code: str, path: str = "A.java") -> tuple[Suppressions, str]:
    text = textwrap.dedent(code).lstrip("\n")
    return inline_suppressions(extract_java(text.encode(), path, "digest"), text), text


def _line_of(text: str, needle: str) -> int:
    """0-based line of the first line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


def _finding(
    qualname: str,
    line: int,
    criterion: str = "C1",
    rule: str = "C1-PARAM-UNKNOWN",
    path: str = "m.py",
) -> Finding:
    return Finding(
        path=path,
        qualname=qualname,
        start=0,
        end=4,
        range=((line, 4), (line, 8)),
        segment_text="Some sentence.",
        criterion=Criterion(criterion),
        verdict=Verdict.FAIL,
        tier=Tier.STATIC,
        rule=rule,
        message="a message",
    )


# ---- Python markers -------------------------------------------------------------------------


def test_bare_marker_on_the_def_line_silences_everything() -> None:
    sup, text = _python(
        '''
        def f(a):  # docref: ignore
            """Doc."""
        def g(a):
            """Doc."""
        '''
    )
    doc_f, doc_g = _line_of(text, '"""Doc'), _line_of(text, "def g") + 1
    assert sup.covers(_finding("f", doc_f))
    assert sup.covers(_finding("f", doc_f, "C4", "referee"))
    assert not sup.covers(_finding("g", doc_g))
    assert sup.warnings == ()


def test_codes_are_case_and_whitespace_tolerant_and_select_criteria_or_rules() -> None:
    sup, text = _python(
        '''
        def f(a):  #docref :  IGNORE [ c4 ,C2-param-type ]
            """Doc."""
        '''
    )
    doc = _line_of(text, '"""Doc')
    assert sup.covers(_finding("f", doc, "C4", "referee"))
    assert sup.covers(_finding("f", doc, "C2", "C2-PARAM-TYPE"))
    assert not sup.covers(_finding("f", doc, "C2", "C2-RETURN-TYPE"))
    assert not sup.covers(_finding("f", doc, "C1", "C1-PARAM-UNKNOWN"))


def test_marker_on_any_header_line_of_a_multi_line_signature() -> None:
    sup, text = _python(
        '''
        def f(
            a,  # docref: ignore[C1]
            b,
        ) -> int:  # docref: ignore[C2]
            """Doc."""
            x = 1  # docref: ignore[C3]
            return x
        '''
    )
    doc = _line_of(text, '"""Doc')
    assert sup.covers(_finding("f", doc, "C1"))
    assert sup.covers(_finding("f", doc, "C2", "C2-RETURN-TYPE"))
    # the body is not the header: that marker attaches to nothing and says so
    assert not sup.covers(_finding("f", doc, "C3", "C3-RAISES"))
    assert [w.line for w in sup.warnings] == [_line_of(text, "x = 1") + 1]
    assert "suppresses nothing" in str(sup.warnings[0])


def test_marker_on_a_decorator_line_counts_but_not_above_it() -> None:
    sup, text = _python(
        '''
        # docref: ignore[C2]
        @property  # docref: ignore[C1]
        @other
        def f(self):
            """Doc."""
        '''
    )
    doc = _line_of(text, '"""Doc')
    assert sup.covers(_finding("f", doc, "C1"))
    assert not sup.covers(_finding("f", doc, "C2", "C2-RETURN-TYPE"))
    assert [w.line for w in sup.warnings] == [1]


def test_class_marker_covers_its_docstring_and_nested_methods_only() -> None:
    sup, text = _python(
        '''
        class A:  # docref: ignore[C4]
            """Class doc."""
            def m(self):
                """M."""
            class Inner:
                def n(self):
                    """N."""
        class B:
            def m(self):
                """B.m."""
        '''
    )
    assert sup.covers(_finding("A", _line_of(text, "Class doc"), "C4", "referee"))
    assert sup.covers(_finding("A.m", _line_of(text, '"""M.'), "C4", "referee"))
    assert sup.covers(_finding("A.Inner.n", _line_of(text, '"""N.'), "C4", "referee"))
    assert not sup.covers(_finding("B.m", _line_of(text, "B.m."), "C4", "referee"))


def test_function_marker_covers_nested_functions() -> None:
    sup, text = _python(
        '''
        def outer():  # docref: ignore
            """Outer."""
            def inner():
                """Inner."""
        '''
    )
    assert sup.covers(_finding("outer.inner", _line_of(text, "Inner.")))


def test_marker_text_inside_strings_and_docstrings_does_nothing() -> None:
    sup, text = _python(
        '''
        def f(a="# docref: ignore"):
            """Write ``# docref: ignore`` on the def line."""
        x = "# docref: ignore"
        '''
    )
    assert sup.scopes == () and sup.warnings == ()
    assert not sup.covers(_finding("f", _line_of(text, "Write")))


def test_marker_after_another_comment_directive_still_counts() -> None:
    sup, text = _python(
        '''
        def f(a):  # type: ignore[no-untyped-def]  # docref: ignore[C1]
            """Doc."""
        '''
    )
    assert sup.covers(_finding("f", _line_of(text, "Doc")))


def test_unknown_codes_warn_and_the_known_ones_still_apply() -> None:
    sup, text = _python(
        '''
        def f(a):  # docref: ignore[C9, C1]
            """Doc."""
        def g(a):  # docref: ignore[C9]
            """Doc."""
        '''
    )
    assert sup.covers(_finding("f", _line_of(text, "Doc")))
    assert not sup.covers(_finding("g", _line_of(text, "def g") + 1))
    assert [str(w) for w in sup.warnings] == [
        "m.py:1: unknown code 'C9': expected a criterion (C1..C4) or a rule id such as "
        "C2-PARAM-TYPE",
        "m.py:3: unknown code 'C9': expected a criterion (C1..C4) or a rule id such as "
        "C2-PARAM-TYPE",
    ]


@pytest.mark.parametrize(
    ("marker", "expected"),
    [
        ("# docref: ignore[C1", "unclosed '['"),
        ("# docref: ignore[]", "empty 'docref: ignore[]'"),
        ("# docref: ignore(C1)", "malformed marker"),
    ],
)
def test_malformed_markers_warn_and_suppress_nothing(marker: str, expected: str) -> None:
    sup, _ = _python(f'def f(a):  {marker}\n    """Doc."""\n')
    assert not sup.covers(_finding("f", 1))
    assert len(sup.warnings) == 1 and expected in sup.warnings[0].message


def test_a_file_with_syntax_errors_still_yields_its_markers() -> None:
    sup, _ = _python(
        '''
        def f(a):  # docref: ignore
            """Doc."""
        def broken(:
        '''
    )
    assert sup.covers(_finding("f", 1))


def test_a_file_without_markers_covers_nothing() -> None:
    sup, _ = _python('def f(a):  # noqa\n    """Doc."""\n')
    assert sup.scopes == () and sup.warnings == () and not sup.covers(_finding("f", 1))


def test_findings_of_another_file_are_not_covered() -> None:
    sup, _ = _python('def f(a):  # docref: ignore\n    """Doc."""\n')
    assert not sup.covers(_finding("f", 1, path="other.py"))
    assert sup.covers(_finding("f", 1, path="./m.py"))


def test_suppresses_real_static_findings_end_to_end(tmp_path: Path) -> None:
    code = '''\
def kept(a):
    """Do a thing.

    Args:
        b: Not a parameter.
    """
    return a


def silenced(a):  # docref: ignore[C1-PARAM-UNKNOWN]
    """Do a thing.

    Args:
        b: Not a parameter.
    """
    return a
'''
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(code, encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    extract = graph.get("m.py")
    assert extract is not None
    sup = inline_suppressions(extract, graph.source("m.py"))
    findings = check_file(graph, "m.py").findings
    assert [f.qualname for f in findings] == ["kept", "silenced"]
    assert [f.qualname for f in findings if not sup.covers(f)] == ["kept"]


def test_every_marker_place_silences_real_findings_end_to_end(tmp_path: Path) -> None:
    # the three places a marker may sit, each beside a twin without a marker
    code = """\
def header(a):  # docref: ignore[C1-PARAM-UNKNOWN]
    \"\"\"Do a thing.

    Args:
        b: Not a parameter.
    \"\"\"
    return a


def closing(a):
    \"\"\"Do a thing.

    Args:
        b: Not a parameter.
    \"\"\"  # docref: ignore[C1-PARAM-UNKNOWN]
    return a


def flagged(a) -> int:
    \"\"\"Return True if a is set.\"\"\"  # docref: ignore[C2-PROSE-RETURN-TYPE]
    return a


def flagged_other_code(a) -> int:
    \"\"\"Return True if a is set.\"\"\"  # docref: ignore[C1]
    return a


def kept(a):
    \"\"\"Do a thing.

    Args:
        b: Not a parameter.
    \"\"\"
    return a


class Box:
    \"\"\"A box.\"\"\"  # docref: ignore[C1]

    def method(self, a):
        \"\"\"Do a thing.

        Args:
            b: Not a parameter.
        \"\"\"
        return a
"""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(code, encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    extract = graph.get("m.py")
    assert extract is not None
    sup = inline_suppressions(extract, graph.source("m.py"))
    assert sup.warnings == ()
    findings = check_file(graph, "m.py").findings
    assert sorted(f.qualname for f in findings) == [
        "Box.method",
        "closing",
        "flagged",
        "flagged_other_code",
        "header",
        "kept",
    ]
    # a class docstring's closing-line marker covers that docstring only, not its methods
    left = sorted(f.qualname for f in findings if not sup.covers(f))
    assert left == ["Box.method", "flagged_other_code", "kept"]


def test_a_marker_in_a_function_body_still_warns() -> None:
    sup, text = _python(
        '''
        def f(a):
            """Doc."""
            return a  # docref: ignore
        '''
    )
    assert not sup.covers(_finding("f", _line_of(text, "Doc")))
    [warning] = sup.warnings
    assert "closing line" in warning.message and warning.line == 3


def test_java_marker_after_the_javadoc_covers_that_javadoc() -> None:
    sup, text = _java(
        """
        class A {
            /**
             * Doc f.
             * @param x gone
             */ // docref: ignore[C1-PARAM-UNKNOWN]
            void f() {}

            /** Doc g. */
            void g() {}
        }
        """
    )
    assert sup.warnings == ()
    assert sup.covers(_finding("A.f", _line_of(text, "@param"), path="A.java"))
    assert not sup.covers(_finding("A.g", _line_of(text, "Doc g"), path="A.java"))


# ---- Java markers ---------------------------------------------------------------------------


JAVA = """
class A {
    // docref: ignore[C4]
    /** Doc f. */
    @Override
    public int f() { return 1; }

    /** Doc g. */
    @Deprecated
    // docref: ignore[C1]
    public void g(int a) {}

    /** Doc h. */
    public void h(int a) { // docref: ignore[C3]
    }

    int x = 1; // docref: ignore
    /** Doc k. */
    void k() { String s = "// docref: ignore"; }

    /** Use // docref: ignore here. */
    void javadoc() {}

    /** First overload. */
    void over(int a) {} // docref: ignore
    /** Second overload. */
    void over(String a) {}
}
"""


def test_java_markers_above_annotations_javadoc_or_at_the_end_of_the_line() -> None:
    sup, text = _java(JAVA)

    def doc(name: str) -> int:
        return _line_of(text, f"Doc {name}.")

    assert sup.covers(_finding("A.f", doc("f"), "C4", "referee", path="A.java"))
    assert sup.covers(_finding("A.g", doc("g"), path="A.java"))
    assert sup.covers(_finding("A.h", doc("h"), "C3", "C3-RAISES", path="A.java"))
    assert not sup.covers(_finding("A.h", doc("h"), path="A.java"))


def test_java_trailing_comment_of_a_previous_member_and_literals_do_not_count() -> None:
    sup, text = _java(JAVA)
    assert not sup.covers(_finding("A.k", _line_of(text, "Doc k."), path="A.java"))
    assert not sup.covers(_finding("A.javadoc", _line_of(text, "Use //"), path="A.java"))
    assert [w.line for w in sup.warnings] == [_line_of(text, "int x = 1") + 1]


def test_java_marker_on_one_overload_leaves_the_other() -> None:
    sup, text = _java(JAVA)
    assert sup.covers(_finding("A.over", _line_of(text, "First overload"), path="A.java"))
    assert not sup.covers(_finding("A.over", _line_of(text, "Second overload"), path="A.java"))


def test_java_plain_block_comment_marker_counts() -> None:
    sup, text = _java(
        """
        class C {
            /** Doc. */
            int f() { return 1; } /* docref: ignore[C2] */
        }
        """,
        path="C.java",
    )
    line = _line_of(text, "Doc.")
    assert sup.covers(_finding("C.f", line, "C2", "C2-JAVADOC-RETURN-TYPE", path="C.java"))
    assert not sup.covers(_finding("C.f", line, path="C.java"))


def test_java_class_marker_covers_members() -> None:
    sup, text = _java(
        """
        @SuppressWarnings("x") // docref: ignore[C2]
        public class B {
            /** Doc. */
            int f() { return 1; }
        }
        """,
        path="B.java",
    )
    line = _line_of(text, "Doc.")
    assert sup.covers(_finding("B.f", line, "C2", "C2-JAVADOC-RETURN-TYPE", path="B.java"))


# ---- the ignore list ------------------------------------------------------------------------


def test_ignore_list_codes_and_path_globs() -> None:
    ignore = IgnoreList.parse(["C4", "c2-param-type", "tests/**:C1", "*_legacy.py:C3"])
    assert ignore.covers(_finding("f", 1, "C4", "referee", path="src/a.py"))
    assert ignore.covers(_finding("f", 1, "C2", "C2-PARAM-TYPE", path="src/a.py"))
    assert not ignore.covers(_finding("f", 1, "C2", "C2-RETURN-TYPE", path="src/a.py"))
    assert ignore.covers(_finding("f", 1, "C1", path="tests/unit/test_a.py"))
    assert ignore.covers(_finding("f", 1, "C1", path="tests\\unit\\test_a.py"))
    assert not ignore.covers(_finding("f", 1, "C1", path="src/tests_helper.py"))
    assert ignore.covers(_finding("f", 1, "C3", "C3-RAISES", path="pkg/deep/old_legacy.py"))
    assert not ignore.covers(_finding("f", 1, "C3", "C3-RAISES", path="pkg/deep/old.py"))


def test_empty_ignore_list_covers_nothing() -> None:
    assert not IgnoreList.parse([]).covers(_finding("f", 1))


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("C9", "'C9': unknown code 'C9'"),
        ("tests/**", "unknown code 'TESTS/**'"),
        ("tests/**:", "names no criterion or rule id"),
        (":C1", "the path glob before ':' is empty"),
        ("!tests/**:C1", "a negated glob"),
        (7, "expected a string"),
    ],
)
def test_ignore_list_rejects_bad_entries_naming_them(entry: object, expected: str) -> None:
    with pytest.raises(ValueError, match="ignore: bad entry") as info:
        IgnoreList.parse(["C4", entry])
    assert expected in str(info.value)
    assert "\n" not in str(info.value)


def test_ignore_list_reports_every_bad_entry_at_once() -> None:
    with pytest.raises(ValueError, match="bad entries") as info:
        IgnoreList.parse(["C9", "C4", "x:C0"])
    assert "'C9'" in str(info.value) and "'x:C0'" in str(info.value)


def test_known_codes_hold_criteria_static_rules_and_the_judge() -> None:
    codes = known_codes()
    assert {"C1", "C2", "C3", "C4", "C2-PARAM-TYPE", "C1-PARAM-UNKNOWN", "REFEREE"} <= codes
