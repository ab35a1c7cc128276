"""Session 14 (ty12a): C2-PARAM-TYPE's and C2-OPTIONAL-FLAG's corroboration.

A documented parameter type the normaliser proves incompatible stays in the default set only
when both sides are builtin or standard-library types and differ in more than a collection's
kind, and the code does not side with the docstring; the rest is the opt-in
C2-PARAM-TYPE-WEAK.  An "optional" parameter without a default stays C2-OPTIONAL-FLAG when the
body reads it; the rest is the opt-in C2-OPTIONAL-FLAG-WEAK.  Each demoted shape has a
corroborated control beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.checks.static.type_evidence import corroborated, well_known
from docref.checks.static.types_rules import c2_param_type, c2_param_weak
from docref.checks.types import parse_annotation, parse_doc_type

from tests.static_helpers import cli_findings, cli_project, rule_ids

_STRONG = ["C2-PARAM-TYPE"]
_WEAK = ["C2-PARAM-TYPE-WEAK"]

_CODE = '''
import uuid
from collections.abc import Callable, Sequence

import numpy as np


class Env:
    """An environment."""


class VectorEnv:
    """Not an Env."""


def f({signature}):
    """Do it.

    Args:
        {entry}
    """
    {body}
'''


@pytest.mark.parametrize(
    ("signature", "entry", "body", "rules"),
    [
        # corroborated: builtin or standard-library types, disjoint
        ("count: int", "count (str): How many.", "return count", _STRONG),
        ("ids: list[int]", "ids (list[str]): The ids.", "return ids", _STRONG),
        ("table: dict[str, Any]", "table (str): The table.", "return table", _STRONG),
        ("key: uuid.UUID", "key (str): The key.", "return key", _STRONG),
        ("words: list[str]", "words (str): The words.", "return words", _STRONG),
        ("limit: int | None = 100", "limit (Optional[bool]): How many.", "return limit", _STRONG),
        # a project class on either side (round 14's gymnasium ``Env`` for ``VectorEnv``)
        ("env: VectorEnv", "env (Env): The environment.", "return env", _WEAK),
        ("env: VectorEnv", "env (int): The environment.", "return env", _WEAK),
        # another library's type (NumPy): its vocabulary is not the standard library's
        ("x: str", "x (np.ndarray): The values.", "return x", _WEAK),
        # a collection's kind only (napari's ``Sequence[int]`` for ``Set[int]``)
        ("sel: set[int]", "sel (Sequence[int]): The indices.", "return sel", _WEAK),
        # control: the same kind with other items stays corroborated
        ("sel: set[int]", "sel (set[str]): The indices.", "return sel", _STRONG),
        # a class for a callable (round 16's azure-core) and a callable for a name
        ("exc: Callable", "exc (Exception): The class.", "return exc('x')", _WEAK),
        ("crit: str = 'mse'", "crit (callable): The loss.", "return crit", _WEAK),
        # a default of the documented kind against the annotation stays: what an annotation
        # edited without its default looks like (the recall mutations)
        ('names: list = "fast"', "names (str): The models.", "return names", _STRONG),
        ("names: list = ['a']", "names (str): The models.", "return names", _STRONG),
        # outer types well-known and unrelated: a list of project objects is no string
        ("envs: str", "envs (list of Env): The environments.", "return envs", _STRONG),
        # control: the same outer type, the difference inside, between project classes
        ("envs: list[VectorEnv]", "envs (list of Env): The ones.", "return envs", _WEAK),
        # a documented ``type`` the body uses as a class (round 15's sktime)
        (
            "x: int, kind: bool = None",
            "kind (type, optional): The type.",
            "return type(x) is not kind",
            _WEAK,
        ),
        # control: a documented ``type`` the body does not use as one
        ("x: int, kind: bool = None", "kind (type, optional): The type.", "return kind", _STRONG),
    ],
)
def test_the_corroborated_part_stays_by_default(
    tmp_path: Path, signature: str, entry: str, body: str, rules: list[str]
) -> None:
    code = _CODE.format(signature=signature, entry=entry, body=body).replace(
        "import uuid\n", "import uuid\nfrom typing import Any, Optional\n"
    )
    assert rule_ids([c2_param_type, c2_param_weak], tmp_path, code) == rules


@pytest.mark.parametrize(
    ("doc", "annotation", "strong"),
    [
        ("str", "int", True),
        ("dict[str, Any]", "str", True),  # ``Any`` inside a definite dict
        ("str", "Any", False),  # ``Any`` as the whole type says nothing
        ("str or bytes", "AnyStr", False),  # a type variable stands for several types
        ("pathlib.Path", "int", True),
        ("Literal['a', 'b']", "int", True),
        ("torch.Tensor", "int", False),
        ("list of float", "tuple[float, ...]", False),
        ("tuple[int, int, int]", "tuple[int, int]", True),  # one kind, other items
        ("callable", "type", False),
    ],
)
def test_corroborated_on_the_types(doc: str, annotation: str, strong: bool) -> None:
    documented, annotated = parse_doc_type(doc), parse_annotation(annotation)
    assert documented is not None and annotated is not None
    assert corroborated([documented], annotated) is strong


def test_well_known_reads_every_argument() -> None:
    annotated = parse_annotation("dict[str, list[numpy.ndarray]]")
    assert annotated is not None and not well_known(annotated)
    plain = parse_annotation("dict[str, list[int]] | None")
    assert plain is not None and well_known(plain)


def _default_and_weak(root: Path) -> dict[str, list[tuple[str, str]]]:
    """The (rule, "documents NAME") of each finding ``docref check`` reports in ``root``, by
    default and with C2-PARAM-TYPE-WEAK selected."""
    found = {}
    for label, flags in (("default", []), ("opt-in", ["--extend-select", "C2-PARAM-TYPE-WEAK"])):
        rows = cli_findings(root, *flags)
        found[label] = sorted((f["rule"], f["message"].split(" as ")[0]) for f in rows)
    return found


def test_the_weak_part_is_opt_in_on_the_command_line(tmp_path: Path) -> None:
    code = _CODE.format(
        signature="env: VectorEnv, count: int",
        entry="env (Env): The environment.\n        count (str): How many.",
        body="return env, count",
    )
    found = _default_and_weak(cli_project(tmp_path, code))
    assert found["default"] == [("C2-PARAM-TYPE", "documents count")]
    assert found["opt-in"] == [
        ("C2-PARAM-TYPE", "documents count"),
        ("C2-PARAM-TYPE-WEAK", "documents env"),
    ]


_OPTIONAL = '''
class Session:
    """A session."""

    def resized(self, width: int, pixwidth: int) -> None:
        """The terminal was resized.

        :param width: The width in characters
        :param pixwidth: (optional) The width in pixels
        """
        {body}
'''


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        # round 16 (asyncssh ``terminal_size_changed``): a callback the application overrides,
        # called with every argument: the stub never reads the parameter
        ("pass", ["C2-OPTIONAL-FLAG-WEAK"]),
        ("return None", ["C2-OPTIONAL-FLAG-WEAK"]),
        # a body reading another name that contains it is no read of it
        ("return self.pixwidth_cache", ["C2-OPTIONAL-FLAG-WEAK"]),
        # control: a body that reads the parameter requires it
        ("print(width * pixwidth)", ["C2-OPTIONAL-FLAG"]),
    ],
)
def test_an_optional_flag_on_a_parameter_the_body_never_reads_is_opt_in(
    tmp_path: Path, body: str, rules: list[str]
) -> None:
    code = _OPTIONAL.replace("{body}", body)
    found = rule_ids([c2_optional_flag, c2_optional_flag_weak], tmp_path, code, "Session.resized")
    assert found == rules


_CLASS = '''
class Residue:
    """A residue."""


class ResidueGroup:
    """Not a list."""


class Dist:
    """Distances.

    Parameters
    ----------
    strand : List[Residue]
        The strand.
    count : str
        How many.
    """

    def __init__(self, strand: ResidueGroup, count: int) -> None:
        self.strand = strand
'''


def test_a_class_docstring_reports_the_weak_part_when_enabled(tmp_path: Path) -> None:
    # round 16 (MDAnalysis ``MinorPairDist``): the class docstring's entries went through the
    # default parameter rules only, so the opt-in part was lost even when enabled
    found = _default_and_weak(cli_project(tmp_path, _CLASS))
    # control: the corroborated entry is reported either way
    assert found["default"] == [("C2-PARAM-TYPE", "documents count")]
    assert found["opt-in"] == [
        ("C2-PARAM-TYPE", "documents count"),
        ("C2-PARAM-TYPE-WEAK", "documents strand"),
    ]
