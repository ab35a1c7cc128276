"""Return rules, session 14: a finding stays in the default set only when the code
corroborates it; the uncorroborated shapes go to opt-in ids (C2-RETURN-TYPE-WEAK,
C2-PROSE-RETURN-WEAK, C3-RETURNS-WEAK).  Each demoted shape has a control of the same form that
stays in the default rule.  Numbers: benchmarks/PRECISION.md, "Session 14: return-rule
corroboration (ty12b)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.return_weak import (
    c2_prose_return_weak,
    c2_return_type_weak,
    c3_returns_weak,
)
from docref.checks.static.returns_raises import c3_returns_vs_yields, c3_returns_without_value
from docref.checks.static.types_rules import c2_return_type

from tests.static_helpers import cli_findings, cli_project, project_input, rule_ids

_RETURN_RULES = (c2_return_type, c2_return_type_weak)
_PROSE_RULES = (c2_prose_return_type, c2_prose_return_weak)
_C3_RULES = (c3_returns_without_value, c3_returns_vs_yields, c3_returns_weak)

# --------------------------------------------------------------------------- C2-RETURN-TYPE

_CLASSES = '''
import abc
from typing import Callable, Self, TypeVar

T = TypeVar("T")


class Builder(abc.ABC):
    """A builder."""


class MessageBuilder(Builder):
    """Builds messages."""


class DeferredBuilder(Builder):
    """Builds deferred messages."""


class PromptBuilder(abc.ABC):
    """Builds prompts."""


class OptionBuilder(abc.ABC):
    """Builds options."""

    def set_title(self, title: str) -> Self:
        """Set the title.

        Returns:
            PromptBuilder: this builder.
        """
        self.title = title
        return self


class Callback:
    """Called after each step."""

    def __call__(self) -> None:
        pass


import pint


def f() -> ANNOTATION:
    """Make one.

    Returns:
        DOCUMENTED: the value.
    """
    return make()
'''


@pytest.mark.parametrize(
    ("annotation", "documented", "expected"),
    [
        # both sides known and disjoint: the default rule (round 14, napari "tuple" for
        # NDArray; round 16, scikit-bio "list of dict" for list[float])
        ("list[float]", "list of dict", ["C2-RETURN-TYPE"]),
        ("bytes", "str", ["C2-RETURN-TYPE"]),
        ("np.ndarray", "tuple", ["C2-RETURN-TYPE"]),
        # two project classes with no project base in common: the default rule
        ("OptionBuilder", "PromptBuilder", ["C2-RETURN-TYPE"]),
        # siblings under one project base stay: a sibling's copy-pasted docstring (round 16,
        # hikari's builders) was judged TRUE
        ("DeferredBuilder", "MessageBuilder", ["C2-RETURN-TYPE"]),
        # a project class documented for a Callable annotation (round 16, lightgbm's
        # ``_RecordEvaluationCallback`` for ``Callable``): it may define ``__call__`` -- opt-in
        ("Callable", "Callback", ["C2-RETURN-TYPE-WEAK"]),
        # control: a builtin documented for a Callable stays reported
        ("Callable", "str", ["C2-RETURN-TYPE"]),
        # ``type[X]`` for ``X`` (round 15, sktime's ``get_storage_backend``): opt-in
        ("Builder", "type[Builder]", ["C2-RETURN-TYPE-WEAK"]),
        # a top-level class of another library: the normaliser decides nothing, no finding
        ("str", "pint.Unit", []),
        # control: an item type that resolves nowhere decides nothing (round 14, napari's
        # "list of pint.Unit" for ``tuple[pint.Unit, ...]``, judged TRUE), nor a TypeVar
        ("tuple[pint.Unit, ...]", "list of pint.Unit", ["C2-RETURN-TYPE"]),
        ("list[T]", "dict", ["C2-RETURN-TYPE"]),
    ],
)
def test_return_type_corroboration(
    tmp_path: Path, annotation: str, documented: str, expected: list[str]
) -> None:
    code = _CLASSES.replace("ANNOTATION", annotation).replace("DOCUMENTED", documented)
    code = "import numpy as np\n" + code
    assert rule_ids(_RETURN_RULES, tmp_path, code) == expected


def test_self_against_an_unrelated_builder_stays_reported(tmp_path: Path) -> None:
    # round 16, hikari's ``set_title``: ``-> Self`` documented as another builder
    code = _CLASSES.replace("ANNOTATION", "int").replace("DOCUMENTED", "int")
    assert rule_ids(_RETURN_RULES, tmp_path, code, "OptionBuilder.set_title") == ["C2-RETURN-TYPE"]


# --------------------------------------------------------------------------- prose claims

_PROSE = '''
class Conn:
    """A connection."""

    def NAME(self) -> ANNOTATION:
        """SUMMARY"""
        RETURN
'''


@pytest.mark.parametrize(
    ("name", "annotation", "summary", "expected"),
    [
        # the str/bytes confusion judged true on every project (rounds 15-16): default
        ("recv", "bytes", "Return the string read.", ["C2-PROSE-RETURN-TYPE"]),
        # a container said of a string annotation stays (round 16, asyncssh's comma-separated
        # "list of methods" was FALSE, but recall's ``list[str]`` -> ``str`` edits are caught so)
        ("methods", "str", "Return the list of supported methods.", ["C2-PROSE-RETURN-TYPE"]),
        # control: a container said of a bytes annotation stays reported
        ("blocks", "bytes", "Return the list of blocks.", ["C2-PROSE-RETURN-TYPE"]),
        # a list said of a dict annotation lists its keys: the opt-in C2-PROSE-RETURN-ITEMS
        # since session 22 (round 16's pandera TRUE traded for first sight's DEB:
        # tests/test_static_prose_returns_s22.py), neither of these two rules
        ("kwargs", "dict[str, int]", "Return the list of keyword arguments.", []),
    ],
)
def test_prose_claim_corroboration(
    tmp_path: Path, name: str, annotation: str, summary: str, expected: list[str]
) -> None:
    code = _PROSE.replace("NAME", name).replace("ANNOTATION", annotation)
    body = "return [n for n in self.names]" if name == "names" else "return self.value"
    code = code.replace("SUMMARY", summary).replace("RETURN", body)
    assert rule_ids(_PROSE_RULES, tmp_path, code, f"Conn.{name}") == expected


_INIT = '''
class Sampler:
    """A list of samplers."""

    def METHOD(self, samplers: list) -> None:
        """A list of samplers."""
        self.samplers = samplers
'''


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # a constructor's summary describes the object (round 16, botorch's ListSampler): opt-in
        ("__init__", ["C2-PROSE-RETURN-WEAK"]),
        # control: the same claim on a method annotated ``-> None`` stays reported, and on
        # ``__post_init__`` (round 16, litestar: no constructor, judged TRUE)
        ("configure", ["C2-PROSE-RETURN-TYPE"]),
        ("__post_init__", ["C2-PROSE-RETURN-TYPE"]),
    ],
)
def test_prose_claim_of_a_constructor(tmp_path: Path, method: str, expected: list[str]) -> None:
    code = _INIT.replace("METHOD", method)
    assert rule_ids(_PROSE_RULES, tmp_path, code, f"Sampler.{method}") == expected


# --------------------------------------------------------------------------- C3-RETURNS-YIELDS

_NEVER = '''
import functools

registry = {}


def register(fn):
    registry[fn.__name__] = fn
    return lambda *a: fn(*a) or registry


DECORATOR
def f(x: int) -> None:
    """Store x.

    Returns:
        dict: the registry.
    """
    registry["x"] = x
'''


@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        # a Returns entry on a function that never returns a value stays whole, decorated or
        # not: a decorator passes the result through (scikit-learn's ``@_fit_context``,
        # pyvista's ``@_deprecate_positional_args``: judged TRUE), and no finding of this
        # shape still reported on rounds 0-16 was FALSE
        ("@register", ["C3-RETURNS-YIELDS"]),
        ("", ["C3-RETURNS-YIELDS"]),
        ("@staticmethod", ["C3-RETURNS-YIELDS"]),
    ],
)
def test_returns_without_value_corroboration(
    tmp_path: Path, decorator: str, expected: list[str]
) -> None:
    code = _NEVER.replace("DECORATOR", decorator)
    assert rule_ids(_C3_RULES, tmp_path, code) == expected


_GENERATOR = '''
def f(items):
    """SUMMARY

    Returns:
        ENTRY
    """
    for item in items:
        yield item
'''


@pytest.mark.parametrize(
    ("summary", "entry", "expected"),
    [
        # a concrete container claimed of a generator (round 16, litestar's ``multi_items``):
        # the default rule
        ("Get the pairs.", "A list of tuples containing key-value pairs.", ["C3-RETURNS-YIELDS"]),
        ("Get the pairs.", "list: the pairs.", ["C3-RETURNS-YIELDS"]),
        # the docstring says it yields (round 16, cirq's ``zip_items``): only the section
        # name is off -- opt-in
        ("Get the pairs this method yields.", "A list of pairs.", ["C3-RETURNS-WEAK"]),
        ("Iterate over the pairs.", "A list of pairs.", ["C3-RETURNS-WEAK"]),
        # "sequence of" the items (round 19, networkx's nested ``get_edit_ops``, DEBATABLE):
        # the yielded items in a loose word, only the section name is off -- opt-in
        ("Get the pairs.", "sequence of (i, j): indices of the pairs.", ["C3-RETURNS-WEAK"]),
        ("Get the pairs.", "A sequence of pairs.", ["C3-RETURNS-WEAK"]),
        # control: no concrete value claimed ("Filtered items.", round 16's azure-storage-blob,
        # judged TRUE) stays reported when nothing says it yields
        ("Get the pairs.", "The filtered items.", ["C3-RETURNS-YIELDS"]),
    ],
)
def test_generator_returns_corroboration(
    tmp_path: Path, summary: str, entry: str, expected: list[str]
) -> None:
    code = _GENERATOR.replace("SUMMARY", summary).replace("ENTRY", entry)
    assert rule_ids(_C3_RULES, tmp_path, code) == expected


# --------------------------------------------------------------------------- opt-in on the CLI

_CLI = '''
def pairs(items):
    """Get the pairs it yields.

    Returns:
        The filtered items.
    """
    for item in items:
        yield item


def rows(items):
    """Get the rows.

    Returns:
        list: the rows.
    """
    for item in items:
        yield item


class Conn:
    """A connection."""

    def __init__(self) -> None:
        """A list of connections."""
'''


def test_weak_ids_are_opt_in_on_the_cli(tmp_path: Path) -> None:
    root = cli_project(tmp_path, _CLI)
    weak = ["--extend-select", "C3-RETURNS-WEAK", "--extend-select", "C2-PROSE-RETURN-WEAK"]
    found = {}
    for label, flags in (("default", []), ("opt-in", weak)):
        found[label] = {f["qualname"]: f["rule"] for f in cli_findings(root, *flags)}
    assert found["default"] == {"rows": "C3-RETURNS-YIELDS"}
    assert found["opt-in"] == {
        "rows": "C3-RETURNS-YIELDS",
        "pairs": "C3-RETURNS-WEAK",
        "Conn.__init__": "C2-PROSE-RETURN-WEAK",
    }


def test_project_classes_of_another_module_resolve(tmp_path: Path) -> None:
    # a project class imported from another module resolves (the oracle's reach): default
    files = {
        "kinds.py": (
            'class Builder:\n    """A builder."""\n\n\n'
            'class A(Builder):\n    """A."""\n\n\n'
            'class B(Builder):\n    """B."""\n'
        ),
        "mod.py": (
            "from kinds import A, B\n\n\n"
            'def f() -> A:\n    """Make.\n\n    Returns:\n        B: one.\n    """\n'
            "    return A()\n"
        ),
    }
    inp = project_input(tmp_path, files, "mod.py", "f")
    assert [f.rule for f in c2_return_type(inp) + c2_return_type_weak(inp)] == ["C2-RETURN-TYPE"]
