"""Class docstrings checked against the constructor: ``__init__``, ``__new__``, generated
constructors of dataclass-like classes, a project base's ``__init__``; silence elsewhere."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from docref.checks.static import class_docstrings
from docref.checks.static.completeness import make_doc_param_missing
from docref.checks.static.runner import FileReport, check_file, rules_for
from docref.checks.suppress import inline_suppressions
from docref.core.findings import Finding
from docref.graph.project import ProjectGraph

REPO = Path(__file__).resolve().parents[1]


def _check(
    tmp_path: Path, files: dict[str, str], target: str = "m.py", enable: tuple[str, ...] = ()
) -> FileReport:
    root = tmp_path / "ws"
    for name, code in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    return check_file(graph, target, rules_for(enable))


def _found(report: FileReport) -> list[tuple[str, str]]:
    return [(f.qualname, f.rule) for f in report.findings]


def _line_of(text: str, pattern: str) -> int:
    """0-based line of the first line that ``pattern`` matches at its start (indent skipped)."""
    return next(i for i, line in enumerate(text.splitlines()) if re.match(pattern, line.strip()))


def _one(report: FileReport, rule: str) -> Finding:
    hits = [f for f in report.findings if f.rule == rule]
    assert len(hits) == 1, _found(report)
    return hits[0]


# ---- the same class in each docstring style --------------------------------------------------

POINT_DOCS = {
    "google": """
        Args:
            x (float): Abscissa.
            z (str): Not a parameter.
    """,
    "numpy": """
        Parameters
        ----------
        x : float
            Abscissa.
        z : str
            Not a parameter.
    """,
    "sphinx": """
        :param x: Abscissa.
        :type x: float
        :param z: Not a parameter.
        :type z: str
    """,
}

GOOD_DOCS = {
    "google": """
        Args:
            x (str): Abscissa.
            y (int, optional): Ordinate. Defaults to 0.
    """,
    "numpy": """
        Parameters
        ----------
        x : str
            Abscissa.
        y : int, default 0
            Ordinate.
    """,
    "sphinx": """
        :param x: Abscissa.
        :type x: str
        :param y: Ordinate, defaults to 0.
        :type y: int
    """,
}


def _point(doc: str, constructor: str = "def __init__(self, x: str, y: int = 0) -> None:") -> str:
    body = textwrap.indent(textwrap.dedent(doc).strip("\n"), "    ")
    return f'class Point:\n    """A point.\n\n{body}\n    """\n\n    {constructor}\n        pass\n'


@pytest.mark.parametrize("style", sorted(POINT_DOCS))
def test_init_unknown_name_and_contradicting_type_on_the_class(tmp_path: Path, style: str) -> None:
    code = _point(POINT_DOCS[style])
    report = _check(tmp_path, {"m.py": code})
    assert sorted(_found(report)) == [("Point", "C1-PARAM-UNKNOWN"), ("Point", "C2-PARAM-TYPE")]
    unknown = _one(report, "C1-PARAM-UNKNOWN")
    assert 'parameter "z"' in unknown.message and "Point()" in unknown.message
    assert unknown.range[0][0] == _line_of(code, r"(:param )?z\b")  # on the class docstring's entry
    assert unknown.evidence[0].text == "def __init__(self, x: str, y: int = 0) -> None:"
    assert unknown.evidence[0].line == _line_of(code, "def __init__") + 1
    assert unknown.evidence[0].path == "m.py"
    assert 'documents x as "float"' in _one(report, "C2-PARAM-TYPE").message
    assert report.classes == 1 and report.functions == 0 and report.errors == []
    assert report.docstrings == []  # the LLM tier's list stays function-only


@pytest.mark.parametrize("style", sorted(GOOD_DOCS))
def test_consistent_class_docstring_is_silent(tmp_path: Path, style: str) -> None:
    report = _check(tmp_path, {"m.py": _point(GOOD_DOCS[style])}, enable=("DOC-PARAM-MISSING",))
    assert report.findings == [] and report.classes == 1


@pytest.mark.parametrize("style", sorted(POINT_DOCS))
def test_new_is_the_constructor_without_init(tmp_path: Path, style: str) -> None:
    code = _point(POINT_DOCS[style], "def __new__(cls, x: str, y: int = 0) -> 'Point':")
    report = _check(tmp_path, {"m.py": code})
    assert sorted(_found(report)) == [("Point", "C1-PARAM-UNKNOWN"), ("Point", "C2-PARAM-TYPE")]
    assert _one(report, "C2-PARAM-TYPE").evidence[0].text.startswith("def __new__(cls")


@pytest.mark.parametrize("style", sorted(GOOD_DOCS))
def test_new_matching_the_docstring_is_silent(tmp_path: Path, style: str) -> None:
    code = _point(GOOD_DOCS[style], "def __new__(cls, x: str, y: int = 0) -> 'Point':")
    assert _check(tmp_path, {"m.py": code}).findings == []


def test_init_wins_over_new(tmp_path: Path) -> None:
    code = (
        _point(GOOD_DOCS["google"])
        + "\n    def __new__(cls, *args: int) -> 'Point':\n        pass\n"
    )
    assert _check(tmp_path, {"m.py": code}).findings == []


# ---- generated constructors ------------------------------------------------------------------

DATACLASS_DOCS = {
    "google": """
        Args:
            a (str): A.
            b (int): B. Defaults to 3.
            c (int, optional): C.
            w (int): A class variable, no parameter.
    """,
    "numpy": """
        Parameters
        ----------
        a : str
            A.
        b : int, default 3
            B.
        c : int, optional
            C.
        w : int
            A class variable, no parameter.
    """,
    "sphinx": """
        :param a: A.
        :type a: str
        :param b: B, defaults to 3.
        :param c: Optional. C.
        :param w: A class variable, no parameter.
    """,
}


def _dataclass(doc: str) -> str:
    body = textwrap.indent(textwrap.dedent(doc).strip("\n"), "    ")
    fields = (
        "    a: int\n    b: int = 2\n    c: int = field()\n    w: ClassVar[int] = 1\n"
        "    hidden: int = field(init=False, default=0)\n"
        "    items: list[int] = field(default_factory=list)\n"
    )
    return (
        "from dataclasses import dataclass, field\nfrom typing import ClassVar\n\n\n"
        f'@dataclass\nclass Box:\n    """A box.\n\n{body}\n    """\n\n{fields}'
    )


@pytest.mark.parametrize("style", sorted(DATACLASS_DOCS))
def test_dataclass_fields_with_defaults(tmp_path: Path, style: str) -> None:
    report = _check(
        tmp_path, {"m.py": _dataclass(DATACLASS_DOCS[style])}, enable=("C2-OPTIONAL-FLAG",)
    )
    expected = {"C2-PARAM-TYPE", "C2-DEFAULT-MISMATCH", "C2-OPTIONAL-FLAG", "C1-PARAM-UNKNOWN"}
    assert {rule for _q, rule in _found(report)} == expected
    assert all(q == "Box" for q, _r in _found(report))
    assert 'parameter "w"' in _one(report, "C1-PARAM-UNKNOWN").message  # ClassVar: no field
    evidence = _one(report, "C2-DEFAULT-MISMATCH").evidence[0]
    assert evidence.text == "Box(a: int, b: int = 2, c: int, items: list[int] = <factory>)"
    assert evidence.line == 6


def test_dataclass_completeness_counts_attributes_skips_init_false_and_private(
    tmp_path: Path,
) -> None:
    code = '''
        from dataclasses import dataclass, field


        @dataclass
        class Box:
            """A box.

            Args:
                a: A.

            Attributes:
                b: B.
            """

            a: int
            b: int = 2
            c: str = ""
            d: int = field(init=False, default=0)
            _cache: dict[str, int] = field(default_factory=dict)
        '''
    report = _check(tmp_path, {"m.py": code}, enable=("DOC-PARAM-MISSING",))
    assert _found(report) == [("Box", "DOC-PARAM-MISSING")]
    assert 'parameter "c" of Box()' in report.findings[0].message


def test_dataclass_inherits_fields_of_a_project_dataclass(tmp_path: Path) -> None:
    files = {
        "base.py": """
            from dataclasses import dataclass


            @dataclass
            class Base:
                a: int
        """,
        "m.py": '''
            from dataclasses import dataclass

            from base import Base


            @dataclass
            class Child(Base):
                """A child.

                Args:
                    a (str): From the base.
                    b (int): Its own.
                """

                b: int = 0
        ''',
    }
    report = _check(tmp_path, files)
    assert _found(report) == [("Child", "C2-PARAM-TYPE")]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (  # NamedTuple: annotated fields, the default by assignment
            """
            from typing import NamedTuple


            class Pair(NamedTuple):
                '''A pair.

                Args:
                    left (int): Left. Defaults to 1.
                    rite (int): Right.
                '''

                left: int = 0
                right: int = 0
            """,
            [("Pair", "C2-DEFAULT-MISMATCH"), ("Pair", "C1-PARAM-UNKNOWN")],
        ),
        (  # TypedDict with total=False: every key may be left out, "optional" is right
            """
            from typing import TypedDict


            class Options(TypedDict, total=False):
                '''Options.

                Args:
                    depth (int, optional): Depth.
                    name (int): Name.
                '''

                depth: int
                name: str
            """,
            [("Options", "C2-PARAM-TYPE")],
        ),
        (  # pydantic: alias or field name, either documents; private attributes are no fields
            """
            from pydantic import BaseModel, Field


            class User(BaseModel):
                '''A user.

                Args:
                    userName (str): The name.
                    display (str): Shown name.
                    _secret (str): Not a field.
                '''

                user_name: str = Field(alias="userName")
                display: str = Field("", alias="displayName")
                _secret: str = ""
            """,
            [("User", "C1-PARAM-UNKNOWN")],
        ),
        (  # attrs: ``_x`` is initialised through the parameter ``x``
            """
            import attr


            @attr.s(auto_attribs=True)
            class Node:
                '''A node.

                Args:
                    x (int): Value.
                    _x (int): Wrong name.
                '''

                _x: int = 0
            """,
            [("Node", "C1-PARAM-UNKNOWN")],
        ),
    ],
)
def test_other_generated_constructors(
    tmp_path: Path, code: str, expected: list[tuple[str, str]]
) -> None:
    assert _found(_check(tmp_path, {"m.py": code})) == expected


def test_pydantic_alias_or_field_name_counts_as_documented(tmp_path: Path) -> None:
    code = '''
        from pydantic import BaseModel, Field


        class User(BaseModel):
            """A user.

            Args:
                userName (str): The name.
                display (str): Shown name.
            """

            user_name: str = Field(alias="userName")
            display: str = Field("", alias="displayName")
            age: int = Field(0, alias="userAge")
        '''
    report = _check(tmp_path, {"m.py": code}, enable=("DOC-PARAM-MISSING",))
    assert _found(report) == [("User", "DOC-PARAM-MISSING")]
    assert 'parameter "age" of User()' in report.findings[0].message  # not "userAge" too


def test_pydantic_subclass_adds_its_fields_to_a_project_model(tmp_path: Path) -> None:
    files = {
        "models.py": """
            from pydantic import BaseModel


            class Base(BaseModel):
                id: int
        """,
        "m.py": '''
            from models import Base


            class User(Base):
                """A user.

                Args:
                    id (str): Identifier.
                    name (str): Name.
                """

                name: str
        ''',
    }
    assert _found(_check(tmp_path, files)) == [("User", "C2-PARAM-TYPE")]


# ---- a project base's __init__ ----------------------------------------------------------------

BASE_FILES = {
    "pkg/__init__.py": "from pkg.base import Base\n",
    "pkg/base.py": """
        class Base:
            def __init__(self, size: int, name: str = "x") -> None:
                self.size = size
    """,
}


def test_inherited_init_from_a_project_base_through_a_reexport(tmp_path: Path) -> None:
    child = '''
        from pkg import Base


        class Child(Base):
            """A child.

            Args:
                size (str): How big.
                colour (str): Not a parameter.
            """
        '''
    report = _check(tmp_path, {**BASE_FILES, "m.py": child})
    assert sorted(_found(report)) == [("Child", "C1-PARAM-UNKNOWN"), ("Child", "C2-PARAM-TYPE")]
    evidence = report.findings[0].evidence[0]
    assert evidence.path == "pkg/base.py" and evidence.text.startswith("def __init__(self, size")
    assert all(f.path == "m.py" for f in report.findings)


def test_inherited_init_matching_the_docstring_is_silent(tmp_path: Path) -> None:
    child = '''
        from pkg import Base


        class Child(Base):
            """A child.

            Args:
                size (int): How big.
                name (str): Its name. Defaults to "x".
            """
        '''
    assert _check(tmp_path, {**BASE_FILES, "m.py": child}).findings == []


# ---- silence where the call is not known -----------------------------------------------------

UNKNOWN_ARGS = """
            Args:
                size (str): How big.
                colour (str): Not a parameter of anything here.
"""


@pytest.mark.parametrize(
    "header",
    [
        "class Child(ExternalBase):",  # a base outside the project
        "class Child:",  # no constructor at all: __init_subclass__ or a decorator may explain it
        "class Child(metaclass=Registry):",  # a metaclass may build any signature
        "class Child(Protocol):",  # never instantiated
        "class Child(Middle):",  # two hops away: Middle -> Base
    ],
)
def test_no_constructor_information_is_silent(tmp_path: Path, header: str) -> None:
    report = _check(tmp_path, {**BASE_FILES, "m.py": _child(header)}, enable=("DOC-PARAM-MISSING",))
    assert report.findings == [] and report.classes == 0 and report.errors == []


@pytest.mark.parametrize(
    "header",
    [
        "class Child(Base):",
        "@total_ordering\nclass Child(Base):",  # a decorator known to keep the constructor
    ],
)
def test_the_same_child_of_a_one_hop_base_is_checked(tmp_path: Path, header: str) -> None:
    report = _check(tmp_path, {**BASE_FILES, "m.py": _child(header)})
    assert sorted(_found(report)) == [("Child", "C1-PARAM-UNKNOWN"), ("Child", "C2-PARAM-TYPE")]


def test_a_class_decorator_may_replace_the_inherited_constructor(tmp_path: Path) -> None:
    # round 5: matplotlib's ``@make_norm_from_scale(scale, init=lambda ..., *, base=10: None)``
    # gives ``SymLogNorm`` the constructor its docstring documents, not ``Normalize``'s
    header = "@make_norm(init=lambda size, colour=None: None)\nclass Child(Base):"
    report = _check(tmp_path, {**BASE_FILES, "m.py": _child(header)})
    assert report.findings == [] and report.errors == []


def _child(header: str) -> str:
    return (
        "from typing import Protocol\nfrom ext import ExternalBase, Registry\n"
        "from pkg import Base\n\n\nclass Middle(Base):\n    pass\n\n\n"
        f'{header}\n    """A child.\n{UNKNOWN_ARGS}    """\n'
    )


def test_kwargs_make_unknown_names_unverifiable(tmp_path: Path) -> None:
    code = _point(POINT_DOCS["google"], "def __init__(self, x: str, **options: object) -> None:")
    assert _found(_check(tmp_path, {"m.py": code})) == [("Point", "C2-PARAM-TYPE")]


def test_attr_s_over_an_own_init_is_silent(tmp_path: Path) -> None:
    code = '''
        import attr


        @attr.s
        class Node:
            """A node.

            Args:
                y (int): Not a parameter of the written __init__.
            """

            x = attr.ib()

            def __init__(self, x: int) -> None:
                self.x = x
        '''
    assert _check(tmp_path, {"m.py": code}).findings == []


# ---- both docstrings document ---------------------------------------------------------------

BOTH = '''
    class Point:
        """A point.

        Args:
            x (float): Abscissa.
        """

        def __init__(self, x: str, y: int, z: int) -> None:
            """Make a point.

            Args:
                y (int): Ordinate.
                w (int): Not a parameter.
            """
    '''


def test_both_docstrings_are_checked_against_the_signature(tmp_path: Path) -> None:
    report = _check(tmp_path, {"m.py": BOTH})
    assert _found(report) == [("Point", "C2-PARAM-TYPE"), ("Point.__init__", "C1-PARAM-UNKNOWN")]
    assert report.functions == 1 and report.classes == 1


def test_param_missing_is_merged_over_both_docstrings_and_reported_once(tmp_path: Path) -> None:
    report = _check(tmp_path, {"m.py": BOTH}, enable=("DOC-PARAM-MISSING",))
    missing = _one(report, "DOC-PARAM-MISSING")
    assert missing.qualname == "Point"
    assert 'parameter "z" of Point()' in missing.message  # x and y are documented somewhere


def test_param_missing_only_when_enabled_and_with_the_strict_variant(tmp_path: Path) -> None:
    code = _point(POINT_DOCS["google"])
    assert "DOC-PARAM-MISSING" not in {
        r for _q, r in _found(_check(tmp_path / "a", {"m.py": code}))
    }
    root = tmp_path / "b"
    (root / "ws").mkdir(parents=True)
    (root / "ws" / "m.py").write_text(code, encoding="utf-8")
    graph = ProjectGraph(str(root / "ws"), cache_directory=str(root / "cache"))
    graph.index(workers=1)
    strict = (*rules_for(), make_doc_param_missing(skip_short_docstrings=False))
    report = check_file(graph, "m.py", strict)
    assert 'parameter "y" of Point()' in _one(report, "DOC-PARAM-MISSING").message


def test_structured_class_docstring_without_args_and_undocumented_init(tmp_path: Path) -> None:
    code = '''
        class Holder:
            """Holds things.

            Attributes:
                arg1 (float): Documented as an attribute, not as a parameter.
            """

            def __init__(self, arg1: int) -> None:
                self.arg1 = arg1
        '''
    report = _check(tmp_path, {"m.py": code}, enable=("DOC-PARAM-MISSING",))
    assert _found(report) == [("Holder", "DOC-PARAM-MISSING")]
    assert _check(tmp_path / "off", {"m.py": code}).findings == []  # opt-in only


# ---- suppression, Java, odd input, the CLI ----------------------------------------------------


def test_class_marker_suppresses_class_findings_by_code(tmp_path: Path) -> None:
    code = _point(POINT_DOCS["google"]).replace(
        "class Point:", "class Point:  # docref: ignore[C1]"
    )
    report = _check(tmp_path, {"m.py": code})
    graph = ProjectGraph(str(tmp_path / "ws"), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    extract = graph.get("m.py")
    assert extract is not None
    marks = inline_suppressions(extract, graph.source("m.py"))
    kept = [(f.qualname, f.rule) for f in report.findings if not marks.covers(f)]
    assert kept == [("Point", "C2-PARAM-TYPE")] and marks.warnings == ()


def test_java_classes_are_not_checked(tmp_path: Path) -> None:
    code = """
        /** A box.
         * @param size not a parameter of the constructor
         */
        public class Box {
            public Box(int width) {}
        }
        """
    report = _check(tmp_path, {"Box.java": code}, target="Box.java", enable=("DOC-PARAM-MISSING",))
    assert report.classes == 0 and all(f.qualname != "Box" for f in report.findings)


def test_unreadable_field_or_syntax_errors_leave_a_partial_result(tmp_path: Path) -> None:
    code = _point(POINT_DOCS["google"]) + "\n\ndef broken(:\n    pass\n"
    report = _check(tmp_path, {"m.py": code})
    assert sorted(_found(report)) == [("Point", "C1-PARAM-UNKNOWN"), ("Point", "C2-PARAM-TYPE")]


def test_a_failing_class_check_is_an_error_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(class_docstrings.ConstructorResolver, "constructor", explode)
    code = _point(POINT_DOCS["google"]) + (
        '\n\ndef f(a: int) -> None:\n    """Do.\n\n    Args:\n        b: Gone.\n    """\n'
    )
    report = _check(tmp_path, {"m.py": code})
    assert _found(report) == [("f", "C1-PARAM-UNKNOWN")]  # the function is still checked
    assert len(report.errors) == 1 and "Point" in report.errors[0] and "boom" in report.errors[0]


def test_docref_check_reports_the_class_qualname_in_json(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "geo").mkdir(parents=True)
    (ws / "geo" / "shapes.py").write_text(
        "class Outer:\n    " + _point(POINT_DOCS["google"]).replace("\n", "\n    "),
        encoding="utf-8",
    )
    env = {**os.environ, "DOCREF_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run(
        [sys.executable, "-m", "docref", "check", "--format", "json", "--no-progress", str(ws)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    findings = json.loads(proc.stdout)["findings"]
    assert {(f["qualname"], f["rule"]) for f in findings} == {
        ("Outer.Point", "C1-PARAM-UNKNOWN"),
        ("Outer.Point", "C2-PARAM-TYPE"),
    }
    unknown = next(f for f in findings if f["rule"] == "C1-PARAM-UNKNOWN")
    assert unknown["path"] == "geo/shapes.py" and unknown["line"] == 7


def test_numpydoc_ignore_of_unknown_parameters_on_the_class_line(tmp_path: Path) -> None:
    # the class documents its methods' parameters and says so to numpydoc (PR02); without
    # the comment the same docstring keeps its finding
    code = '''
    class at:  # pylint: disable=invalid-name  # numpydoc ignore=PR02
        """Update.

        Parameters
        ----------
        x : array
            Input.
        copy : bool, optional
            Documented for the methods.
        """

        def __init__(self, x):
            self.x = x
    '''
    assert _found(_check(tmp_path / "a", {"m.py": code})) == []
    plain = code.replace("  # numpydoc ignore=PR02", "")
    assert _found(_check(tmp_path / "b", {"m.py": plain})) == [("at", "C1-PARAM-UNKNOWN")]


_CALLABLE_CLASS = '''
class TableRead:
    """Read a table.

    Parameters
    ----------
    {entries}
    """

    def __init__(self, instance, cls):
        self._instance = instance

    def __call__(self, *args, **kwargs):
        units = kwargs.pop("units", None)
        return units
'''


@pytest.mark.parametrize(
    ("entries", "flagged"),
    [
        ("*args : tuple\n        Passed on.\n    format : str\n        Format.", []),
        ("instance : object\n        The instance.\n    formt : str\n        Format.", ["formt"]),
    ],
    ids=["documents-its-call", "documents-its-constructor"],
)
def test_a_class_documenting_the_call_of_its_instances(
    tmp_path: Path, entries: str, flagged: list[str]
) -> None:
    # round 6 (astropy's Table.read descriptors): a class with its own __call__ whose
    # docstring documents none of the constructor's parameters documents the call
    report = _check(tmp_path, {"m.py": _CALLABLE_CLASS.format(entries=entries)})
    unknown = [f for f in report.findings if f.rule == "C1-PARAM-UNKNOWN"]
    assert [re.findall(r'"([^"]+)"', f.message)[0] for f in unknown] == flagged


_INDEXER = '''
class _Ref:
    def get(self, *, mode=None, fill_value=None):
        return self

    def set(self, values, *, mode=None):
        return self


class At:
    """Indexed updates: ``x.at[idx].set(y)``.

    Args:
        {entries}
    """

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index) -> _Ref:
        return _Ref()
'''


@pytest.mark.parametrize(
    ("entries", "flagged"),
    [
        ("mode: out-of-bound mode.\n        fill_value: the fill value of get().", []),
        (
            "mode: out-of-bound mode.\n        fill_valu: the fill value of get().",
            ["mode", "fill_valu"],
        ),
        ("array: the array.\n        mode: out-of-bound mode.", ["mode"]),
    ],
    ids=["documents-its-items", "a-name-no-item-method-takes", "documents-its-constructor"],
)
def test_an_indexer_documenting_the_methods_of_its_items(
    tmp_path: Path, entries: str, flagged: list[str]
) -> None:
    # round 8 (jax's ``x.at``): a class with its own __getitem__ whose docstring documents,
    # instead of the constructor's parameters, those of the methods of what indexing gives
    report = _check(tmp_path, {"m.py": _INDEXER.format(entries=entries)})
    unknown = [f for f in report.findings if f.rule == "C1-PARAM-UNKNOWN"]
    assert [re.findall(r'"([^"]+)"', f.message)[0] for f in unknown] == flagged
