"""DOC-PARAM-MISSING, the opt-in completeness rule, on real indexed files."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.completeness import (
    COMPLETENESS_RULES,
    doc_param_missing,
    make_doc_param_missing,
)
from docref.checks.static.runner import RULES
from docref.core.findings import Criterion, Tier

from tests.static_helpers import run_rule, static_input


def _code(signature: str, doc: str, *, indent: str = "") -> str:
    lines = [f"def {signature}:", '    """Do it.', ""]
    lines += [f"    {line}" if line else "" for line in doc.strip("\n").splitlines()]
    lines += ['    """', "    return None"]
    return "\n".join(indent + line if line else "" for line in lines) + "\n"


_STYLES = {
    "google": "Args:\n    a: The a.",
    "google-keyword": "Keyword Args:\n    a: The a.",
    "numpy": "Parameters\n----------\na : int\n    The a.",
    "rest": ":param a: the a",
    "rest-type-only": ":type a: int",
    "epydoc": "@param a: the a",
}


@pytest.mark.parametrize("doc", list(_STYLES.values()), ids=list(_STYLES))
def test_missing_parameter_per_style(tmp_path: Path, doc: str) -> None:
    findings = run_rule(doc_param_missing, tmp_path, _code("f(a, b)", doc), "f")
    assert len(findings) == 1
    finding = findings[0]
    assert finding.rule == "DOC-PARAM-MISSING"
    assert finding.criterion is Criterion.C1
    assert finding.tier is Tier.STATIC
    assert finding.message == 'does not document parameter "b" of f()'
    assert finding.fix_hint == 'add a parameter entry for "b"'
    assert "a" in finding.segment_text  # anchored on the parameter section's first entry


@pytest.mark.parametrize("doc", list(_STYLES.values()), ids=list(_STYLES))
def test_complete_documentation_is_silent(tmp_path: Path, doc: str) -> None:
    assert run_rule(doc_param_missing, tmp_path, _code("f(a)", doc), "f") == []


def test_several_missing_in_one_finding(tmp_path: Path) -> None:
    code = _code("f(a, b, *rest, c, **options)", "Args:\n    a: The a.")
    findings = run_rule(doc_param_missing, tmp_path, code, "f")
    assert [f.message for f in findings] == [
        'does not document parameters "b", "rest", "c", "options" of f()'
    ]


@pytest.mark.parametrize(
    "doc",
    [
        "Args:\n    *args: Extra.\n    **kwargs: Options.",
        "Args:\n    args: Extra.\n    kwargs: Options.",
        "Args:\n    \\\\*args: Extra.\n    **kwargs: Options.",
        "Parameters\n----------\n*args : int\n    Extra.\n**kwargs : dict\n    Options.",
    ],
    ids=["stars", "bare", "escaped", "numpy"],
)
def test_star_args_accept_any_spelling(tmp_path: Path, doc: str) -> None:
    assert run_rule(doc_param_missing, tmp_path, _code("f(*args, **kwargs)", doc), "f") == []


def test_summary_only_docstring_is_skipped_by_default(tmp_path: Path) -> None:
    code = _code("f(a, b)", "More prose about the function.")
    assert run_rule(doc_param_missing, tmp_path, code, "f") == []
    strict = make_doc_param_missing(skip_short_docstrings=False)
    findings = run_rule(strict, tmp_path / "strict", code, "f")
    assert [f.message for f in findings] == ['does not document parameters "a", "b" of f()']
    assert findings[0].segment_text == "Do it."  # anchored on the summary


def test_other_sections_make_a_docstring_long(tmp_path: Path) -> None:
    code = _code("f(a)", "Returns:\n    The result.")
    findings = run_rule(doc_param_missing, tmp_path, code, "f")
    assert [f.message for f in findings] == ['does not document parameter "a" of f()']
    assert findings[0].segment_text == "Do it."


def test_default_factory_returns_the_default_rule() -> None:
    assert make_doc_param_missing() is doc_param_missing
    assert (doc_param_missing,) == COMPLETENESS_RULES
    assert doc_param_missing not in RULES  # opt-in: never part of the default rule set


@pytest.mark.parametrize(
    ("source", "qualname"),
    [
        (
            "class A:\n" + _code("m(self, a)", "Args:\n    a: The a.", indent="    "),
            "A.m",
        ),
        (
            "class A:\n    @classmethod\n"
            + _code("m(cls, a)", "Args:\n    a: The a.", indent="    "),
            "A.m",
        ),
        ("def f(a, _, __):\n    '''Do.\n\n    Args:\n        a: The a.\n    '''\n", "f"),
        (
            "from typing import overload\n\n@overload\n"
            + _code("f(a: int, b: int)", "Args:\n    a: The a."),
            "f",
        ),
        ("def f():\n    '''Do.\n\n    Returns:\n        x.\n    '''\n", "f"),
        (
            "class A:\n    @x.setter\n"
            + _code("x(self, value)", "Raises:\n    ValueError: if bad.", indent="    "),
            "A.x",
        ),
    ],
    ids=["self", "cls", "underscores", "overload", "no-params", "setter"],
)
def test_exempt_parameters_and_functions(tmp_path: Path, source: str, qualname: str) -> None:
    assert run_rule(doc_param_missing, tmp_path, source, qualname) == []


def test_staticmethod_first_parameter_is_required(tmp_path: Path) -> None:
    source = "class A:\n    @staticmethod\n" + _code(
        "m(x, a)", "Args:\n    a: The a.", indent="    "
    )
    findings = run_rule(doc_param_missing, tmp_path, source, "A.m")
    assert [f.message for f in findings] == ['does not document parameter "x" of m()']


# ---- Java -------------------------------------------------------------------------------------


def _java(tmp_path: Path, member: str, qualname: str = "A.m") -> list[str]:
    code = f"package p;\npublic class A {{\n{member}\n}}\n"
    inp = static_input(tmp_path, code, qualname, filename="p/A.java")
    return [f.message for f in doc_param_missing(inp)]


def test_java_missing_param_tag(tmp_path: Path) -> None:
    member = "/**\n * Does.\n * @param a the a\n */\nvoid m(int a, int b) { }"
    assert _java(tmp_path, member) == ['does not document parameter "b" of m()']


def test_java_type_parameter_tag_and_return_only(tmp_path: Path) -> None:
    member = "/**\n * Does.\n * @param <T> the type\n * @return it\n */\n<T> T m(T a) { return a; }"
    assert _java(tmp_path, member) == ['does not document parameter "a" of m()']


@pytest.mark.parametrize(
    ("member", "qualname"),
    [
        ("/**\n * Does.\n * @return x\n */\n@Override\npublic int m(int a) { return a; }", "A.m"),
        ("/** Does it. */\nvoid m(int a) { }", "A.m"),
    ],
    ids=["override-inherits", "summary-only"],
)
def test_java_exempt(tmp_path: Path, member: str, qualname: str) -> None:
    assert _java(tmp_path, member, qualname) == []


def test_java_compact_record_constructor_is_exempt(tmp_path: Path) -> None:
    code = (
        "package p;\n/** A point. @param x the x */\npublic record P(int x) {\n"
        "  /**\n   * Checks.\n   * @throws IllegalArgumentException if negative\n   */\n"
        "  public P { if (x < 0) throw new IllegalArgumentException(); }\n}\n"
    )
    inp = static_input(tmp_path, code, "P.P", filename="p/P.java")
    assert inp.function.params  # the components are the compact constructor's parameters
    assert doc_param_missing(inp) == []


# ---- bad input ----------------------------------------------------------------------------------


def test_empty_docstring_has_nothing_to_anchor_on(tmp_path: Path) -> None:
    code = 'def f(a):\n    """"""\n'
    strict = make_doc_param_missing(skip_short_docstrings=False)
    assert run_rule(strict, tmp_path, code, "f") == []


def test_unreadable_entry_names_do_not_count_as_documenting(tmp_path: Path) -> None:
    code = _code("f(a)", ":param: the a\n:param `` ``: nothing")
    findings = run_rule(doc_param_missing, tmp_path, code, "f")
    assert [f.message for f in findings] == ['does not document parameter "a" of f()']


@pytest.mark.parametrize(
    "doc",
    [
        "Args:\n    :param name: Who to greet.",
        "Args:\n    :type name: str",
        "Args:\n    :param str name: Who to greet.",
        "Parameters\n----------\n:param name: Who to greet.",
    ],
    ids=["google-param", "google-type", "google-typed-param", "numpy-param"],
)
def test_misplaced_rest_field_documents_the_parameter(tmp_path: Path, doc: str) -> None:
    # malformed (a parse problem), but "does not document" would be false
    assert run_rule(doc_param_missing, tmp_path, _code("greet(name)", doc), "greet") == []


@pytest.mark.parametrize(
    "doc",
    [
        "Args:\n    : Who to greet.",
        "Args:\n    :param other: Someone else.",
        "Parameters\n----------\n:param other: Someone else.",
        ":param other: Someone else.",
    ],
    ids=["google-no-name", "google-other-name", "numpy-other-name", "rest-other-name"],
)
def test_misplaced_or_nameless_entry_for_another_name(tmp_path: Path, doc: str) -> None:
    findings = run_rule(doc_param_missing, tmp_path, _code("greet(name)", doc), "greet")
    assert [f.message for f in findings] == ['does not document parameter "name" of greet()']


def test_escaped_double_star_kwargs_documents_kwargs(tmp_path: Path) -> None:
    doc = "Args:\n    \\\\*args: Extra.\n    \\\\*\\\\*kwargs: Options."
    assert run_rule(doc_param_missing, tmp_path, _code("f(*args, **kwargs)", doc), "f") == []
